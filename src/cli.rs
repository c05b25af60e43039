//! The command line (README.md, "Commands"). Exit codes: 0 ok, 1 a check failed,
//! 2 bad input or usage.

use crate::engine::{self, FrameRecord, NoTrace, PhaseKind};
use crate::lesson::{Lang, Lesson};
use crate::report;
use crate::scene::SceneError;
use crate::session::address::Address;
use crate::session::condition::Condition;
use crate::session::search;
use crate::{lesson, tui};

mod at;
mod compare;
mod handout;
use clap::{Args, Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

#[derive(Parser)]
#[command(
    name = "impulse",
    version,
    about = "Step through 2D rigid-body collisions one phase at a time.",
    long_about = "Step through 2D rigid-body collisions one phase at a time: the real engine runs forces, broad phase, \
                  detect, correct, resolve and integrate for each relaxation pass and each pair, and shows every formula \
                  with its numbers. With no command, the lesson menu opens.",
    after_help = "In the debugger, ? shows every key (n next phase, f next frame, Space run, q quit).\n\
                  `impulse new scene.toml` writes a commented starter scene: the file format, every key explained.\n\
                  Exit codes: 0 ok, 1 a check failed (or --break-on found nothing), 2 bad input or usage."
)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
    /// The language of narration and of the screen: en or zh [default: zh when LC_ALL, LC_MESSAGES or LANG starts with zh, else en].
    #[arg(long, global = true, value_parser = lang)]
    lang: Option<Lang>,
}

fn template(name: &str) -> Result<&'static str, String> {
    let names: Vec<&str> = crate::scene::TEMPLATES.iter().map(|t| t.0).collect();
    names.iter().find(|&&n| n == name).copied().ok_or_else(|| format!("the templates are {}, not \"{name}\"", names.join(", ")))
}

fn lang(name: &str) -> Result<Lang, String> {
    Lang::from_name(name).ok_or_else(|| format!("the languages are en and zh, not \"{name}\""))
}

/// `--set`, as each command that runs a scene takes it.
#[derive(Args)]
struct Sets {
    /// Change a setting or body before running, as the file would: solver.tangent=sign-fixed, world.gravity=[0,0], body.m1.friction=0.5 (repeatable).
    #[arg(long = "set", value_name = "KEY=VALUE")]
    set: Vec<String>,
}

/// How the debugger opens a lesson or a scene file for a class.
#[derive(Args)]
struct Class {
    /// Quiz mode: at each of the lesson's questions (a scene file's [[question]]s) the results stay hidden until you answer (Q in the debugger).
    #[arg(long)]
    quiz: bool,
    /// Append each answer to FILE as a JSON line (lesson, question, answer, verdict, tries, time); implies --quiz.
    #[arg(long, value_name = "FILE")]
    quiz_log: Option<PathBuf>,
    /// Open at the phase with this address, FRAME:KIND[:PASS][:A-B] with A listed before B in the scene, e.g. 381:resolve:7:crate-floor (the debugger's status line shows each phase's; @ copies it).
    #[arg(long, value_name = "ADDR")]
    at: Option<String>,
}

impl Class {
    fn classroom(self, lang: Lang) -> Classroom {
        Classroom { quiz: self.quiz || self.quiz_log.is_some(), log: self.quiz_log, lang, at: self.at }
    }
}

#[derive(Subcommand)]
enum Command {
    /// Open a lesson in the step-through debugger.
    Lesson {
        /// A lesson id, e.g. rough-balls (see `impulse lessons`); for a file, use `impulse scene FILE`.
        id: String,
        #[command(flatten)]
        sets: Sets,
        #[command(flatten)]
        class: Class,
    },
    /// Single-step a scene file of your own (lesson files work too).
    Scene {
        /// A scene or lesson file (`impulse new FILE` writes one to start from).
        file: String,
        #[command(flatten)]
        sets: Sets,
        #[command(flatten)]
        class: Class,
    },
    /// Write a commented starter scene to FILE (never over an existing file).
    New {
        /// Where to write it, e.g. scene.toml.
        file: String,
        /// Add every table and key of the format, one line each (walls, actions, the three methods, the resting options, racks, rows, grids, lessons).
        #[arg(long)]
        full: bool,
        /// Start from a common scene instead: stack, pyramid, snooker, ramp or pendulum-row.
        #[arg(long, value_parser = template)]
        template: Option<&'static str>,
    },
    /// List the lessons: id, title, summary and the text each follows, in lesson order.
    Lessons,
    /// Validate lesson ids or scene files and run their [[check]]s (exit 1 if one fails).
    Check {
        /// Lesson ids or scene files; none checks every lesson.
        targets: Vec<String>,
        #[command(flatten)]
        sets: Sets,
    },
    /// Print the trace of a lesson or scene file without the TUI, a frame at a time.
    Run {
        /// A lesson id (see `impulse lessons`) or a scene file.
        target: String,
        /// How many frames to run, 1 to 10000000 [default: 1, or as far as the lesson's steps and checks reach].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_RUN_FRAMES))]
        frames: Option<u64>,
        /// text: formulas with numbers; json: every value, a phase at a time; markdown: a handout with the narration.
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
        /// Only phases of these kinds, e.g. --phases resolve,detect (forces, broad, warm, detect, correct, resolve, integrate; under method = "reposition": move, detect, reposition, velocity-correction, bounce, endpoint, forces).
        #[arg(long, value_delimiter = ',', value_parser = phase_kind)]
        phases: Option<Vec<PhaseKind>>,
        /// `bodies`: only the bodies at the end of each frame; the frames run untraced.
        #[arg(long, value_enum)]
        only: Option<Only>,
        /// Stop at the first phase that meets COND, e.g. "contact m1 m2" (a detect phase of the pair that
        /// found contact) or "kind = resolve and jn < -7"; terms: contact A B, kind = KIND, pair = A-B,
        /// body = A, nan, energy rises [by X] (E = KE + PE, gravity's trade between them left out),
        /// integrator drift OP X, QUANTITY OP NUMBER, joined by and / or (README.md, "Commands").
        /// Print it, ΔKE, ΔPE, ΔE and its derivation (--format json: one object). --frames defaults to 600 here.
        #[arg(long, value_name = "COND")]
        break_on: Option<String>,
        /// Print only the phase with this address, FRAME:KIND[:PASS][:A-B] with A listed before B in the scene, e.g. 381:resolve:7:crate-floor, and its derivation.
        #[arg(long, value_name = "ADDR", conflicts_with = "break_on")]
        at: Option<String>,
        /// Write the start of frame --frames (the bodies after that many frames) as a new scene to this file; nothing else is printed. Never writes over a file.
        #[arg(long, value_name = "OUT", conflicts_with_all = ["break_on", "at"])]
        save_frame: Option<String>,
        #[command(flatten)]
        sets: Sets,
    },
    /// Step a lesson or scene file with no output and print how long a step takes.
    Bench {
        /// A lesson id (see `impulse lessons`) or a scene file.
        target: String,
        /// How many frames to step and time, from 1 to 10,000,000.
        // Negative numbers reach the parser, so `--frames -3` gets its message, not clap's "unexpected argument".
        #[arg(long, default_value_t = 600, value_parser = parse_bench_frames, allow_negative_numbers = true)]
        frames: u64,
        /// Time the traced step, which records every phase as the debugger does (into one frame's lists, reused), instead of the untraced step.
        #[arg(long)]
        traced: bool,
        /// text: one line; json: the same figures for scripts.
        #[arg(long, value_enum, default_value_t = BenchFormat::Text)]
        format: BenchFormat,
        #[command(flatten)]
        sets: Sets,
    },
    /// Write a handout for a class: Markdown with a picture (SVG) per step, the formulas with their numbers, the states.
    #[command(
        long_about = "Write a handout for a class into a folder: DIR/ID.md with one SVG picture per step (step-01.svg …), \
                      each phase's formulas in three lines (symbols, numbers, result) with units, and the bodies' states. \
                      --student writes ID-student.md and student-step-NN.svg beside them: every result blank, with room to work. \
                      A scene without narration gets one section per frame in which something touched. \
                      --format html writes the lesson player instead: one self-contained page, DIR/ID.html (ID-student.html), \
                      a screen per step (→ or Space: the next line, then the next step; ← back; Home, End; #step-N opens step N), \
                      that prints as the handout; the student's page judges answers in boxes as the quiz does.",
        after_help = "Files: the folder is made if need be. A file of the same name is written over only when an earlier \
                      `impulse handout` wrote it (the folder's .impulse-handout lists them) or with --force; otherwise nothing \
                      is written and the exit code is 2."
    )]
    Handout {
        /// A lesson id (see `impulse lessons`) or a scene file.
        target: String,
        /// The folder to write into [default: ./ID-handout, ID the lesson's id or the file's name]; with --format html, - prints the page.
        #[arg(long, value_name = "DIR")]
        out: Option<std::path::PathBuf>,
        /// The student's version: results left blank, space to work, narration that states an answer held back.
        #[arg(long)]
        student: bool,
        /// For a lesson: only the steps of the first N frames. For a scene without narration: search N frames for
        /// ones where something touched [default: 600].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_RUN_FRAMES))]
        frames: Option<u64>,
        /// Write over files of the same names even if no earlier handout wrote them.
        #[arg(long)]
        force: bool,
        /// For a scene without narration: a picture for every phase shown, and up to 64 sections (not 8 sections
        /// with one picture each).
        #[arg(long)]
        all: bool,
        /// markdown: ID.md and its SVG pictures; html: one page, ID.html (ID-student.html), the lesson player (`--out -` prints it).
        #[arg(long, value_enum, default_value_t = HandoutFormat::Markdown)]
        format: HandoutFormat,
        #[command(flatten)]
        sets: Sets,
    },
    /// Run a lesson or scene file as written (A) and with --set overrides (B) side by side: the first phase where they differ and both final states.
    Compare {
        /// A lesson id (see `impulse lessons`) or a scene file.
        target: String,
        /// B's changes, as the file would say them: solver.tangent=projected (repeatable; at least one).
        #[arg(long = "set", value_name = "KEY=VALUE", required = true)]
        sets: Vec<String>,
        /// How many frames to run, 1 to 10000000 [default: as far as the lesson's steps and checks reach, or 1].
        #[arg(long, value_parser = clap::value_parser!(u64).range(1..=MAX_RUN_FRAMES))]
        frames: Option<u64>,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum BenchFormat {
    Text,
    Json,
}

/// The most frames `impulse bench` takes: it keeps one time per frame for the
/// median, so this caps that list at 80 MB.
const MAX_BENCH_FRAMES: u64 = 10_000_000;

/// `--frames` of `impulse bench`: clap reports the message as a usage error (exit 2).
fn parse_bench_frames(s: &str) -> Result<u64, String> {
    match s.parse::<u64>() {
        Ok(n) if (1..=MAX_BENCH_FRAMES).contains(&n) => Ok(n),
        _ => Err("give a whole number of frames from 1 to 10,000,000".to_string()),
    }
}

/// The longest `impulse run`: it streams, so this bounds time, not memory.
const MAX_RUN_FRAMES: u64 = 10_000_000;

#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
enum Only {
    Bodies,
}

fn phase_kind(name: &str) -> Result<PhaseKind, String> {
    PhaseKind::from_name(name).ok_or_else(|| {
        let kinds: Vec<&str> = PhaseKind::ALL.iter().map(|k| k.name()).collect();
        format!("no phase kind is called \"{name}\"; the kinds are {}", kinds.join(", "))
    })
}

#[derive(Clone, Copy, ValueEnum)]
pub enum Format {
    Text,
    Json,
    Markdown,
}

/// What `impulse handout` writes.
#[derive(Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum HandoutFormat {
    Markdown,
    Html,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let lang = cli.lang.unwrap_or_else(|| Lang::from_locale(|k| std::env::var(k).ok()));
    let result = match cli.command {
        Some(Command::Run { target, frames, format, break_on: Some(condition), sets, .. }) => {
            break_on(&target, &sets.set, &condition, frames, format, lang)
        }
        Some(Command::Run { target, at: Some(at), sets, .. }) => load(&target, &sets.set).and_then(|scene| {
            say(&at::print(&scene, &at)?);
            Ok(ExitCode::SUCCESS)
        }),
        Some(Command::Run { target, frames, save_frame: Some(out), sets, .. }) => load(&target, &sets.set).and_then(|scene| {
            say(&at::save_frame(scene, frames.unwrap_or(1), &out)?);
            Ok(ExitCode::SUCCESS)
        }),
        Some(Command::Run { target, frames, format, phases, only, break_on: None, sets, .. }) => {
            run(&target, &sets.set, frames, format, phases.as_deref(), only, lang)
        }
        Some(Command::Handout { target, out, student, frames, force, all, format, sets }) => {
            handout::handout(&target, &sets.set, handout::Request { out, student, frames, force, lang, all, format })
        }
        Some(Command::Bench { target, frames, traced, format, sets }) => bench(&target, &sets.set, frames, traced, format, lang),
        Some(Command::Compare { target, sets, frames }) => compare::compare(&target, &sets, frames, lang),
        Some(Command::Lessons) => Ok(list_lessons(lang)),
        Some(Command::Check { targets, sets }) => check(&targets, &sets.set, lang),
        Some(Command::Lesson { id, sets, class }) => open_lesson(&id, &sets.set, class.classroom(lang)),
        Some(Command::Scene { file, sets, class }) => scene_file(&file).and_then(|scene| {
            let scene = scene.with_sets(&sets.set)?;
            warn(&scene, lang);
            open(Some(scene), class.classroom(lang))
        }),
        Some(Command::New { file, full, template }) => new_scene(&file, full, template, lang),
        None => open(None, Classroom { quiz: false, log: None, lang, at: None }),
    };
    result.unwrap_or_else(|e| {
        eprint!("{}", e.render_in(color_stderr(), lang));
        ExitCode::from(2)
    })
}

/// Prints a scene's warnings (bodies overlapping at the start) to stderr, in `lang`.
fn warn(scene: &Lesson, lang: Lang) {
    eprint!("{}", scene.render_warnings_in(color_stderr(), lang));
}

/// `impulse new`: the starter scene (its comments in `lang`) or a template,
/// with every key listed when `full`, written only where no file is.
fn new_scene(file: &str, full: bool, template: Option<&str>, lang: Lang) -> Result<ExitCode, SceneError> {
    let (text, what) = match crate::scene::TEMPLATES.iter().find(|t| Some(t.0) == template) {
        Some(&(_, text, what)) => (text, Some(what)),
        None if lang == Lang::Zh => (crate::scene::STARTER_ZH, None),
        None => (crate::scene::STARTER, None),
    };
    let text = if full { format!("{text}{}", crate::scene::REFERENCE) } else { text.to_string() };
    match crate::scene::save::write_new(Path::new(file), &text) {
        Ok(()) => {
            say(&match (lang, what) {
                (Lang::Zh, None) => format!("已写入 {file}：一块地板、一个球和一个木箱。用 `impulse scene {file}` 打开。\n"),
                (_, what) => {
                    let what = what.unwrap_or("a floor, a ball and a crate");
                    format!("wrote {file}: {what}. Open it with `impulse scene {file}`.\n")
                }
            });
            Ok(ExitCode::SUCCESS)
        }
        Err(e) if e.kind() == std::io::ErrorKind::AlreadyExists => Err(SceneError::io(
            file,
            "a file or folder of this name exists; impulse new never writes over one. Choose another name".to_string(),
        )),
        Err(e) => Err(SceneError::io(file, format!("cannot write the starter scene: {e}"))),
    }
}

/// A lesson id or scene file with the `--set` overrides applied.
pub fn load(target: &str, sets: &[String]) -> Result<Lesson, SceneError> {
    load_in(target, sets, Lang::En)
}

/// [`load`], its warnings printed in `lang`.
pub fn load_in(target: &str, sets: &[String], lang: Lang) -> Result<Lesson, SceneError> {
    load_as_written(target, lang)?.with_sets(sets)
}

/// A lesson id, or else a scene file. Anything that looks like a path is a file.
/// Its warnings are printed in `lang`.
pub fn load_as_written(target: &str, lang: Lang) -> Result<Lesson, SceneError> {
    let looks_like_file = target.ends_with(".toml") || target.contains(['/', '\\']) || Path::new(target).exists();
    if looks_like_file {
        let scene = Lesson::load(Path::new(target))?;
        warn(&scene, lang);
        return Ok(scene);
    }
    lesson::find(target).ok_or_else(|| {
        let ids = lesson::ids();
        let guess = crate::scene::error::nearest(target, &ids.iter().map(String::as_str).collect::<Vec<_>>())
            .map(|n| format!("did you mean `{n}`? "))
            .unwrap_or_default();
        SceneError::io(target, format!("no lesson or scene file by that name. {guess}The lessons are: {}", ids.join(", ")))
    })
}

/// `impulse scene FILE`; a lesson's id given for the file is named as one.
fn scene_file(file: &str) -> Result<Lesson, SceneError> {
    match Lesson::load(Path::new(file)) {
        Err(_) if !Path::new(file).exists() && lesson::find(file).is_some() => {
            Err(SceneError::io(file, format!("no such file, but a lesson has this id: open it with `impulse lesson {file}`")))
        }
        loaded => loaded,
    }
}

fn open_lesson(id: &str, sets: &[String], class: Classroom) -> Result<ExitCode, SceneError> {
    match lesson::find(id) {
        Some(scene) => open(Some(scene.with_sets(sets)?), class),
        None if id.ends_with(".toml") || Path::new(id).is_file() => {
            Err(SceneError::io(id, format!("this is a file, not a lesson id: open it with `impulse scene {id}`")))
        }
        None => Err(SceneError::io(id, format!("no lesson has this id. The lessons are: {}", lesson::ids().join(", ")))),
    }
}

/// How the TUI opens lessons: quiz mode, and the questions' language.
struct Classroom {
    quiz: bool,
    /// `--quiz-log`: where answers are appended.
    log: Option<PathBuf>,
    lang: Lang,
    /// `--at ADDR`: the phase to open at.
    at: Option<String>,
}

/// The TUI: the menu, or straight into a scene.
fn open(scene: Option<Lesson>, class: Classroom) -> Result<ExitCode, SceneError> {
    // The address is found before the terminal is asked for or taken, so a
    // wrong one is its own error on stderr.
    let at = match (&scene, &class.at) {
        (Some(scene), Some(text)) => Some(at::find(scene, text)?),
        _ => None,
    };
    if !std::io::stdout().is_terminal() {
        eprintln!("impulse: the debugger needs a terminal; for a trace on stdout use `impulse run <ID|FILE>`");
        return Ok(ExitCode::from(2));
    }
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().filter_map(Result::ok).collect();
    let color = std::env::var_os("NO_COLOR").is_none();
    let app = match scene {
        Some(scene) => tui::App::stepper(scene, lessons, color),
        None => tui::App::menu(lessons, color),
    };
    let app = match at {
        Some((record, phase)) => app.at(record.frame, phase),
        None => app,
    };
    let app = app.with_lang(class.lang).with_quiz(class.quiz).with_quiz_log(class.log);
    match tui::run(app) {
        Ok(()) => Ok(ExitCode::SUCCESS),
        Err(e) => {
            eprintln!("impulse: terminal error: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

/// `impulse lessons`'s words: a lesson's source, the list's heading, the colon.
fn source_word(lang: Lang) -> (&'static str, &'static str, &'static str) {
    match lang {
        Lang::En => ("source: ", "\nsources:\n", ": "),
        Lang::Zh => ("出处：", "\n出处：\n", "："),
    }
}

/// `impulse lessons`: each lesson's id and title, its summary and the text it follows.
fn list_lessons(lang: Lang) -> ExitCode {
    let mut out = String::new();
    for section in lesson::catalogue() {
        match section {
            Ok(l) => {
                out += &format!("{:<16} {}\n{:<16} {}\n", l.id, l.title(lang), "", l.summary(lang));
                if let Some(source) = l.source {
                    out += &format!("{:<16} {}{}\n", "", source_word(lang).0, source.short_in(lang));
                }
            }
            Err(e) => out += &e.render(false),
        }
    }
    out += source_word(lang).1;
    for source in lesson::Source::ALL {
        out += &format!("  {}{}{}\n", source.short_in(lang), source_word(lang).2, source.citation_in(lang));
    }
    say(&out);
    ExitCode::SUCCESS
}

fn check(targets: &[String], sets: &[String], lang: Lang) -> Result<ExitCode, SceneError> {
    let every_lesson = lesson::ids();
    let targets = if targets.is_empty() { &every_lesson[..] } else { targets };
    let mut failed = 0;
    let mut bad = 0;
    for target in targets {
        let outcome = load_in(target, sets, lang)
            .and_then(|scene| Ok((scene.section.as_ref().map_or(target.clone(), |l| l.id.clone()), lesson::validate(&scene)?)));
        match outcome {
            Ok((name, results)) if results.is_empty() => say(&match lang {
                Lang::En => format!("{name}: valid; it has no [[check]]s to run\n"),
                Lang::Zh => format!("{name}：有效；没有要运行的 [[check]]\n"),
            }),
            Ok((name, results)) => {
                let (passed, n) = (results.iter().filter(|r| r.passed).count(), results.len());
                let mut out = match lang {
                    Lang::En => format!("{name}: {passed} of {n} checks pass\n"),
                    Lang::Zh => format!("{name}：{n} 项检查中 {passed} 项通过\n"),
                };
                for r in &results {
                    out += &match (lang, r.passed) {
                        (Lang::En, passed) => {
                            let mark = if passed { "ok  " } else { "FAIL" };
                            format!("  {mark} {}: expected {}, got {}\n", r.what, r.expected, r.actual)
                        }
                        (Lang::Zh, passed) => {
                            let mark = if passed { "通过" } else { "失败" };
                            // A true or false value is written yes or no: 是 or 否.
                            let (en, zh) = (Lang::En.terms(), Lang::Zh.terms());
                            let said = |v: &str| {
                                if v == en.yes {
                                    zh.yes
                                } else if v == en.no {
                                    zh.no
                                } else {
                                    v
                                }
                                .to_string()
                            };
                            format!("  {mark} {}：应为 {}，得到 {}\n", r.what_zh, said(&r.expected), said(&r.actual))
                        }
                    };
                }
                say(&out);
                failed += results.len() - passed;
            }
            Err(e) => {
                eprint!("{}", e.render_in(color_stderr(), lang));
                bad += 1;
            }
        }
    }
    Ok(ExitCode::from(if bad > 0 {
        2
    } else if failed > 0 {
        1
    } else {
        0
    }))
}

fn color_stderr() -> bool {
    std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()
}

/// `impulse run`.
fn run(
    target: &str,
    sets: &[String],
    frames: Option<u64>,
    format: Format,
    kinds: Option<&[PhaseKind]>,
    only: Option<Only>,
    lang: Lang,
) -> Result<ExitCode, SceneError> {
    let scene = load_in(target, sets, lang)?;
    let mut out = std::io::BufWriter::new(std::io::stdout().lock());
    let options = TraceOptions { frames, format, kinds, bodies_only: only == Some(Only::Bodies), lang };
    match write_trace(&mut out, &scene, &options)? {
        Ok(()) => Ok(ExitCode::SUCCESS),
        // A closed pipe (`impulse run … | head`) is the reader's choice, not an error.
        Err(e) if e.kind() == std::io::ErrorKind::BrokenPipe => Ok(ExitCode::SUCCESS),
        // The guard's stop (an OS write error carries no inner error).
        Err(e) if e.kind() == std::io::ErrorKind::Other && e.get_ref().is_some() => {
            eprintln!("{}: error: {e}", crate::scene::error::escaped(&scene.file));
            Ok(ExitCode::from(2))
        }
        Err(e) => {
            eprintln!("impulse: cannot write the trace: {e}");
            Ok(ExitCode::from(2))
        }
    }
}

/// How many frames `impulse run --break-on` searches unless told.
const BREAK_FRAMES: u64 = 600;

/// `impulse run --break-on`: the first phase that meets the condition (exit
/// 0), or that none did (exit 1); as text, or as one JSON object with
/// `--format json`.
fn break_on(target: &str, sets: &[String], text: &str, frames: Option<u64>, format: Format, lang: Lang) -> Result<ExitCode, SceneError> {
    let scene = load_in(target, sets, lang)?;
    let names = lesson::body_names(&scene);
    let condition = Condition::parse(text, &names)?;
    let frames = frames.unwrap_or(BREAK_FRAMES);
    let mut world = scene.world.clone();
    let hit = search::find(&mut world, &scene.settings, &names, &condition, frames);
    let found = hit.as_ref().map(|hit| {
        let phase = hit.record.phases.at(hit.index);
        let energy = hit.record.energy_changes(&scene.world.bodies, scene.world.gravity)[hit.index];
        (hit, phase, energy)
    });
    let out = match (format, &found) {
        (Format::Json, _) => {
            let matched = found.as_ref().map(|(hit, phase, energy)| {
                serde_json::json!({
                    "address": Address::of(&hit.record, hit.index, &names).to_string(),
                    "frame": hit.record.frame,
                    "time": hit.record.time,
                    "index": hit.index,
                    "phase_count": hit.record.phases.len(),
                    "phase": report::phase_energy_json(&names, phase, energy),
                })
            });
            serde_json::json!({ "format": report::JSON_FORMAT, "condition": condition.text, "frames": frames, "match": matched })
                .to_string()
                + "\n"
        }
        (_, Some((hit, phase, energy))) => format!(
            "break: frame {} · phase {}/{} · {} · {}\n  energy: {}\n  totals: {}\n  address: {} (--at opens it again)\n{}",
            hit.record.frame,
            hit.index + 1,
            hit.record.phases.len(),
            crate::notation::phase_title(phase, &names),
            condition.text,
            crate::notation::energy_change_line(energy),
            crate::notation::totals_line(&energy.before, &energy.after),
            Address::of(&hit.record, hit.index, &names),
            report::text_phase(&names, phase)
        ),
        (_, None) => format!("no phase matched {} in {frames} frames\n", condition.text),
    };
    say(&out);
    Ok(ExitCode::from(if found.is_some() { 0 } else { 1 }))
}

/// What `impulse run` prints.
pub struct TraceOptions<'a> {
    /// How many frames; none: as far as the lesson's steps and checks reach, or 1.
    pub frames: Option<u64>,
    pub format: Format,
    /// Only phases of these kinds.
    pub kinds: Option<&'a [PhaseKind]>,
    /// Only the bodies at the end of each frame; the frames run untraced.
    pub bodies_only: bool,
    /// The language of a Markdown handout's narration and words.
    pub lang: Lang,
}

/// Records, writes and drops one frame at a time, so memory stays the same
/// however many frames are asked for. A lesson's steps are anchored first,
/// from a run that keeps only the frames they point at. The outer error is
/// the scene's; the inner one the writer's.
pub fn write_trace(out: &mut impl Write, scene: &Lesson, options: &TraceOptions) -> Result<std::io::Result<()>, SceneError> {
    let anchored = lesson::anchored_frames(scene)?;
    let records = lesson::run(scene, &scene.settings, &anchored)?;
    let places = lesson::anchor_steps(scene, &records)?;
    let names = lesson::body_names(scene);
    let mut handout = report::Handout::new(scene, report::handout::Options { lang: options.lang, ..Default::default() });
    handout.asked_at(lesson::anchor_questions(scene, &records)?, &places);
    handout.variants(lesson::variant_steps(scene, options.frames)?);
    let format = options.format;
    // The end of a trace, however it stops: the JSON's brackets closed, the handout's tail.
    let close = |out: &mut dyn Write, handout: &report::Handout| -> std::io::Result<()> {
        match format {
            Format::Text => {}
            Format::Json => out.write_all(b"]}\n")?,
            Format::Markdown => out.write_all(handout.tail().as_bytes())?,
        }
        out.flush()
    };
    let mut write = || -> std::io::Result<()> {
        match format {
            Format::Text => {}
            Format::Json => write!(out, "{{\"format\":{},\"frames\":[", report::JSON_FORMAT)?,
            Format::Markdown => out.write_all(handout.head().as_bytes())?,
        }
        let mut world = scene.world.clone();
        // One frame's record, written over by the next: the run holds one
        // frame whatever `--frames` is, and its lists stop growing.
        let mut record = FrameRecord::default();
        for f in 0..options.frames.unwrap_or_else(|| lesson::frames_needed(scene)) {
            if options.bodies_only {
                let (frame, time) = (world.frame, world.time);
                engine::step(&mut world, &scene.settings, &mut NoTrace);
                record = FrameRecord { frame, time, start: Vec::new(), phases: engine::Phases::new(), end: world.states() };
            } else {
                engine::record_frame_into(&mut record, &mut world, &scene.settings);
            }
            // The run-time guard: a frame that made a state non-finite is not printed.
            if let Err(stop) = engine::guard(&record) {
                return Err(std::io::Error::other(crate::notation::non_finite_message(&names, &stop, &record)));
            }
            // A frame at the event limit is written, and the run stops there: the
            // frames after it would each hit the limit again, megabytes of the same events.
            let limited = crate::notation::event_limit_reached(&record);
            // The ledger is taken over every phase, then filtered with them.
            let mut spans = record.ledger_spans(&scene.world.bodies, scene.world.gravity);
            if let Some(kinds) = options.kinds {
                let mut kept = (0..record.phases.len()).map(|k| kinds.contains(&record.phases.kind(k)));
                spans.retain(|_| kept.next().unwrap_or(false));
                record.phases.retain(|p| kinds.contains(&p.kind()));
            }
            match format {
                Format::Text => report::write_text_frame(out, &names, &record, &spans)?,
                Format::Json => {
                    if f > 0 {
                        out.write_all(b",")?;
                    }
                    report::write_json_frame(out, &names, &scene.world.bodies, &record, &spans)?;
                }
                Format::Markdown => out.write_all(handout.frame(&record, &places).as_bytes())?,
            }
            if let Some(limit) = limited {
                close(out, &handout)?;
                return Err(std::io::Error::other(crate::notation::event_limit_message(record.frame, limit)));
            }
        }
        close(out, &handout)
    };
    Ok(write())
}

/// `impulse bench`: steps the scene `frames` times, timing each step on its own,
/// and prints min / median / max ms per step and the mean contacts per step.
/// Contacts are narrow-phase tests that found contact, summed over the
/// relaxation passes, so a pair touching in all 15 passes counts 15 times.
fn bench(target: &str, sets: &[String], frames: u64, traced: bool, format: BenchFormat, lang: Lang) -> Result<ExitCode, SceneError> {
    let scene = load_in(target, sets, lang)?;
    let (mut world, settings) = (scene.world.clone(), scene.settings.clone());
    let mut ms = Vec::with_capacity(frames as usize);
    let (mut contacts, mut on_two_threads, mut in_levels, mut passes) = (0usize, 0u64, 0usize, 0usize);
    let mut record = FrameRecord::default();
    for _ in 0..frames {
        let start = Instant::now();
        let stats = if traced {
            engine::record_frame_into(&mut record, &mut world, &settings)
        } else {
            engine::step(&mut world, &settings, &mut NoTrace)
        };
        ms.push(start.elapsed().as_secs_f64() * 1e3);
        contacts += stats.contacts;
        on_two_threads += u64::from(stats.two_threads);
        (in_levels, passes) = (in_levels + stats.passes_in_levels, passes + settings.relaxation_iterations);
    }
    ms.sort_by(f64::total_cmp);
    let n = ms.len();
    let median = if n % 2 == 1 { ms[n / 2] } else { (ms[n / 2 - 1] + ms[n / 2]) / 2.0 };
    let (min, max) = (ms[0], ms[n - 1]);
    let contacts_per_step = contacts as f64 / frames as f64;
    let bodies = world.bodies.len();
    let out = match format {
        BenchFormat::Text => {
            let fixed = world.bodies.iter().filter(|b| b.is_static()).count();
            let mode = if traced { "traced (record_frame_into)" } else { "untraced" };
            let threads = if on_two_threads > 0 { format!(" · {on_two_threads} on two threads") } else { String::new() };
            let levels =
                if in_levels > 0 { format!(" · {}% of passes in levels", 100 * in_levels / passes.max(1)) } else { String::new() };
            format!(
                "{bodies} bodies ({fixed} static) · {frames} frames {mode}{threads}{levels} · ms/step min {min:.3}, median {median:.3}, max {max:.3} · {contacts_per_step:.1} contacts/step\n"
            )
        }
        BenchFormat::Json => {
            let v = serde_json::json!({
                "bodies": bodies,
                "frames": frames,
                "traced": traced,
                "ms_per_step": { "min": min, "median": median, "max": max },
                "contacts_per_step": contacts_per_step,
            });
            v.to_string() + "\n"
        }
    };
    say(&out);
    Ok(ExitCode::SUCCESS)
}

/// Writes to stdout, with the control and format characters a file name or a
/// typed condition may hold written out: they must not drive the terminal.
/// A reader that closed the pipe early (`impulse check … | head -1`) has
/// what it wanted: that is not an error, and never a panic.
fn say(text: &str) {
    let _ = std::io::stdout().lock().write_all(crate::scene::error::escaped(text).as_bytes());
}
