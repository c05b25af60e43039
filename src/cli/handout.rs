//! `impulse handout`: the handout's Markdown and pictures written into a
//! folder, never over a file of the user's; or, with `--format html`, the
//! lesson player, one page written into the folder the same way (or printed,
//! with `--out -`).
//!
//! The folder (default `./ID-handout`) is made if need be. It keeps a list,
//! `.impulse-handout`, of the files handouts wrote there: those may be written
//! over by the next run, and pictures of an earlier run that this one no
//! longer makes (a lesson with fewer steps now) are removed. Any other file
//! of a name the handout would write stops the run before anything is
//! written (exit 2), unless `--force`.

use super::HandoutFormat;
use crate::lesson::{Lang, Lesson};
use crate::report::handout::{self, Options};
use crate::scene::SceneError;
use crate::scene::save::{write_new, write_replacing};
use std::collections::BTreeSet;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

/// The list of files earlier handouts wrote into a folder.
pub const MARKER: &str = ".impulse-handout";

/// What `impulse handout` was asked for.
pub struct Request {
    pub out: Option<PathBuf>,
    pub student: bool,
    pub frames: Option<u64>,
    pub force: bool,
    pub lang: Lang,
    pub all: bool,
    pub format: HandoutFormat,
}

pub fn handout(target: &str, sets: &[String], request: Request) -> Result<ExitCode, SceneError> {
    let scene = super::load_in(target, sets, request.lang)?;
    let id = id_of(&scene);
    let dir = request.out.clone().unwrap_or_else(|| PathBuf::from(format!("{id}-handout")));
    let options = Options { lang: request.lang, student: request.student, pictures: true, all: request.all };
    if request.format == HandoutFormat::Html {
        return page(&scene, &id, dir, options, &request);
    }
    let built = handout::build(&scene, options, request.frames)?;
    let markdown = options.markdown_name(&id);
    let mut files: Vec<(String, &str)> = vec![(markdown.clone(), built.markdown.as_str())];
    files.extend(built.pictures.iter().map(|p| (p.file.clone(), p.svg.as_str())));
    let ours = |name: &str| is_picture_of(name, options.student);
    write_files(&dir, &files, request.force, ours).map_err(|e| SceneError::io(&dir.display().to_string(), e))?;
    let pictures = built.pictures.len();
    let shown = dir.join(&markdown);
    super::say(&match request.lang {
        Lang::En => {
            format!("wrote {} and {pictures} picture{} in {}\n", shown.display(), if pictures == 1 { "" } else { "s" }, dir.display())
        }
        Lang::Zh => format!("已写入 {} 和 {pictures} 张图，在 {} 中\n", shown.display(), dir.display()),
    });
    Ok(ExitCode::SUCCESS)
}

/// The lesson player: one page, into the folder as a handout's files go
/// (never over a file no handout wrote), or to standard output.
fn page(scene: &Lesson, id: &str, dir: PathBuf, options: Options, request: &Request) -> Result<ExitCode, SceneError> {
    let page = handout::page::build(scene, options, request.frames)?;
    if request.out.as_deref() == Some(Path::new("-")) {
        // The page as made: its text is escaped for HTML already, and a pipe closed early is no error of ours.
        let _ = std::io::Write::write_all(&mut std::io::stdout().lock(), page.as_bytes());
        return Ok(ExitCode::SUCCESS);
    }
    let name = handout::page::page_name(&options, id);
    // Only the page is written: the pictures of a Markdown handout in the same folder stay.
    write_files(&dir, &[(name.clone(), page.as_str())], request.force, |_| false)
        .map_err(|e| SceneError::io(&dir.display().to_string(), e))?;
    let (shown, kb) = (dir.join(&name), page.len().div_ceil(1024));
    super::say(&match request.lang {
        Lang::En => {
            format!("wrote {} ({kb} kB): open it in a browser; → or Space steps, and printing gives the handout\n", shown.display())
        }
        Lang::Zh => format!("已写入 {}（{kb} kB）：用浏览器打开；→ 或空格逐步讲解，打印即为讲义\n", shown.display()),
    });
    Ok(ExitCode::SUCCESS)
}

/// Whether `name` is a picture a handout of this kind writes: `step-NN.svg`
/// or `setup.svg`, with `student-` before them for the student's.
fn is_picture_of(name: &str, student: bool) -> bool {
    let rest = if student { name.strip_prefix("student-") } else { Some(name) };
    rest.is_some_and(|r| {
        r == "setup.svg"
            || r.strip_prefix("step-")
                .and_then(|s| s.strip_suffix(".svg"))
                .is_some_and(|d| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
    })
}

/// The lesson's id, or the scene file's name without `.toml`, as a file name.
fn id_of(scene: &Lesson) -> String {
    let raw = match &scene.section {
        Some(l) => l.id.clone(),
        None => Path::new(&scene.file).file_stem().map_or("scene".to_string(), |s| s.to_string_lossy().into_owned()),
    };
    let id: String = raw.chars().map(|c| if c.is_alphanumeric() || matches!(c, '-' | '_' | '.') { c } else { '-' }).collect();
    let id = id.trim_start_matches('.').to_string();
    if id.is_empty() { "scene".to_string() } else { id }
}

/// Writes `files` (name, text) into `dir`. Files of these names that the
/// folder's marker does not list are not written over unless `force`; then
/// nothing is written. Files the marker lists that `stale` calls this
/// handout's and that are not written now are removed. A link where the
/// marker or a file would go is never followed (anyone who can write to a
/// shared folder could point it at the user's files): it stops the run,
/// or with `force` is replaced itself. Returns a message for the user on failure.
pub fn write_files(dir: &Path, files: &[(String, &str)], force: bool, stale: impl Fn(&str) -> bool) -> Result<(), String> {
    if dir.exists() && !dir.is_dir() {
        return Err("this is a file, not a folder: give --out a folder to write the handout into".to_string());
    }
    std::fs::create_dir_all(dir).map_err(|e| format!("cannot make the folder for the handout: {e}"))?;
    let marker = dir.join(MARKER);
    let mut folders = Vec::new();
    let mut links = Vec::new();
    let mut theirs = Vec::new();
    let listed = match entry(&marker) {
        Entry::Link(target) => {
            links.push((MARKER, target));
            BTreeSet::new()
        }
        Entry::Folder => return Err(format!("{MARKER}, the list of files earlier handouts wrote here, is a folder. Choose another --out")),
        Entry::File => read_list(&marker)?,
        Entry::Missing => BTreeSet::new(),
    };
    for (name, _) in files {
        match entry(&dir.join(name)) {
            Entry::Folder => folders.push(name.as_str()),
            Entry::Link(target) => links.push((name.as_str(), target)),
            Entry::File if !force && !listed.contains(name) => theirs.push(name.as_str()),
            _ => {}
        }
    }
    if !folders.is_empty() {
        return Err(format!("a folder is where the handout would write {}; nothing was written. Choose another --out", folders.join(", ")));
    }
    if !links.is_empty() && !force {
        let shown: Vec<String> = links.iter().map(|(name, target)| format!("{name} is a link to {}", target.display())).collect();
        return Err(format!(
            "{}: a handout never writes through a link, and nothing was written. Remove {it}, choose another --out, \
             or replace {it} with --force (what a link points to is left alone)",
            shown.join(", "),
            it = if links.len() == 1 { "it" } else { "them" },
        ));
    }
    if !theirs.is_empty() {
        let shown: Vec<&str> = theirs.iter().take(5).copied().collect();
        let more = if theirs.len() > 5 { format!(" and {} more", theirs.len() - 5) } else { String::new() };
        return Err(format!(
            "the handout would write over {}{more}, which no earlier handout wrote; nothing was written. \
             Choose another folder with --out, or write over them with --force",
            shown.join(", ")
        ));
    }
    // The marker first: a run cut short leaves its files listed, so the next run may write over them.
    let written: BTreeSet<String> = files.iter().map(|(n, _)| n.clone()).collect();
    let gone: Vec<&String> = listed.iter().filter(|n| stale(n) && !written.contains(*n)).collect();
    let keep: BTreeSet<&String> = listed.iter().filter(|n| !gone.contains(n)).chain(&written).collect();
    let list_of = |names: &BTreeSet<&String>| {
        let mut list = String::from("# Files `impulse handout` wrote here; the next handout may write over or remove them.\n");
        for n in names {
            list.push_str(n);
            list.push('\n');
        }
        list
    };
    write_file(&marker, &list_of(&keep)).map_err(|e| format!("cannot write {MARKER}: {e}"))?;
    for (k, (name, text)) in files.iter().enumerate() {
        if let Err(e) = write_file(&dir.join(name), text) {
            // The list keeps only what is there: a file of this name made later is the user's.
            let unwritten: Vec<&String> = files[k..].iter().map(|(n, _)| n).filter(|n| !listed.contains(*n)).collect();
            let kept: BTreeSet<&String> = keep.iter().copied().filter(|n| !unwritten.contains(n)).collect();
            let _ = write_file(&marker, &list_of(&kept));
            return Err(format!("cannot write {name}: {e}"));
        }
    }
    for name in gone {
        // Only a plain file the marker lists, never through a link or into a folder.
        let path = dir.join(name);
        if std::fs::symlink_metadata(&path).is_ok_and(|m| m.is_file()) {
            let _ = std::fs::remove_file(path);
        }
    }
    Ok(())
}

/// A new file where none is; else what is there (a link itself) replaced
/// through a temporary file.
fn write_file(path: &Path, text: &str) -> std::io::Result<()> {
    match write_new(path, text) {
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => write_replacing(path, text),
        other => other,
    }
}

/// What a name in the folder is, seen without following a link.
enum Entry {
    Missing,
    Folder,
    Link(PathBuf),
    /// A plain file, or anything else a rename replaces.
    File,
}

fn entry(path: &Path) -> Entry {
    match std::fs::symlink_metadata(path) {
        Err(_) => Entry::Missing,
        Ok(m) if m.file_type().is_symlink() => Entry::Link(std::fs::read_link(path).unwrap_or_default()),
        Ok(m) if m.is_dir() => Entry::Folder,
        Ok(_) => Entry::File,
    }
}

/// The most the marker may hold: a handout lists a few dozen names, so a
/// larger file is not one a handout wrote, and is not read into memory.
const MARKER_LIMIT: u64 = 1 << 20;

/// The names the marker lists. It is opened without following a link (one
/// planted after the look above is refused by the system) and without waiting
/// on a pipe, and read up to [`MARKER_LIMIT`]. A line that is not a plain
/// file name (a path into another folder) names nothing a handout wrote.
fn read_list(marker: &Path) -> Result<BTreeSet<String>, String> {
    let cannot = |why: String| format!("cannot read {MARKER}, the list of files earlier handouts wrote here: {why}");
    let mut options = std::fs::OpenOptions::new();
    options.read(true);
    #[cfg(unix)]
    {
        use std::os::unix::fs::OpenOptionsExt;
        options.custom_flags(libc::O_NOFOLLOW | libc::O_NONBLOCK);
    }
    let file = options.open(marker).map_err(|e| cannot(e.to_string()))?;
    if !file.metadata().is_ok_and(|m| m.is_file()) {
        return Err(cannot("it is not a plain file. Remove it, or choose another --out".to_string()));
    }
    let mut text = String::new();
    file.take(MARKER_LIMIT + 1).read_to_string(&mut text).map_err(|e| cannot(e.to_string()))?;
    if text.len() as u64 > MARKER_LIMIT {
        return Err(cannot(format!(
            "it is over {} kB, more than a handout writes. Remove it, or choose another --out",
            MARKER_LIMIT / 1024
        )));
    }
    let plain = |name: &&str| !name.contains(['/', '\\']) && !matches!(*name, "." | "..");
    Ok(text.lines().filter(|l| !l.starts_with('#')).map(str::trim).filter(|l| !l.is_empty()).filter(plain).map(str::to_string).collect())
}
