//! Scene files: TOML in, a validated world and solver settings out.

pub mod error;
pub mod file;
pub mod limits;
pub mod overrides;
pub mod save;
mod solver_keys;
mod validate;

pub use solver_keys::{SOLVER_KEYS, SolverKey, SolverValue, solver_key};
pub use validate::{BodyProblem, body, check_new_name, settings, wall};

pub use error::{Problem, SceneError, Seg};
pub use file::YAxis;

/// What `impulse new` writes: every key with its default and a comment.
pub const STARTER: &str = include_str!("starter.toml");
/// The same scene with its comments in Chinese (`impulse new --lang zh`); a
/// test holds the two to the same keys and values.
pub const STARTER_ZH: &str = include_str!("starter_zh.toml");

use crate::engine::{Settings, World};
use glam::DVec2;
use serde::de::DeserializeOwned;
use std::path::{Path, PathBuf};

/// Everything a scene file says, checked: ready to step.
#[derive(Clone, Debug)]
pub struct Scene {
    pub world: World,
    pub settings: Settings,
    pub y_axis: YAxis,
    /// The drawing window, lower-left and upper-right corners.
    pub view: Option<(DVec2, DVec2)>,
    /// Allowed but likely unintended (bodies overlapping at the start).
    pub warnings: Vec<Problem>,
    /// The file on disk this scene came from; none for an embedded lesson.
    pub origin: Option<PathBuf>,
    /// The file's name and text, so later problems (a lesson check naming a
    /// quantity that never appears) can still point into it.
    pub file: String,
    pub source: String,
}

impl Scene {
    pub fn parse(file: &str, source: &str) -> Result<Scene, SceneError> {
        Scene::parse_except(file, source, &[])
    }

    /// A scene from a file that also holds the top-level tables `others` for
    /// another reader (a lesson's): they are left alone, not reported unknown.
    pub fn parse_except(file: &str, source: &str, others: &[&str]) -> Result<Scene, SceneError> {
        let raw: file::SceneFile =
            tables(source, |key| !others.contains(&key)).map_err(|e| error::from_toml_beside(file, source, &e, others))?;
        validate::scene(raw, file, source)
    }

    pub fn load(path: &Path) -> Result<Scene, SceneError> {
        Scene::load_except(path, &[])
    }

    /// [`Scene::parse_except`] on a file's text.
    pub fn load_except(path: &Path, others: &[&str]) -> Result<Scene, SceneError> {
        let name = path.display().to_string();
        let source = read_text(path)?;
        Ok(Scene { origin: Some(path.to_path_buf()), ..Scene::parse_except(&name, &source, others)? })
    }

    /// The warnings, rendered as the errors are; empty when there are none.
    pub fn render_warnings(&self, color: bool) -> String {
        SceneError::new(&self.file, &self.source, self.warnings.clone()).render(color)
    }

    /// A problem located at `path` in this scene's file.
    pub fn error_at(&self, path: &[Seg], problem: Problem) -> SceneError {
        SceneError::at(&self.file, &self.source, path, problem)
    }
}

/// A file's text; bytes that are not UTF-8 are an error at their line and column.
pub fn read_text(path: &Path) -> Result<String, SceneError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|e| SceneError::io(&name, format!("cannot read the scene file: {e}")))?;
    String::from_utf8(bytes).map_err(|e| {
        let at = e.utf8_error().valid_up_to();
        // The text up to the bad byte is kept as it is, so the place shown is exact.
        let source = String::from_utf8_lossy(e.as_bytes()).into_owned();
        let problem = Problem::error(
            "the file is not UTF-8 text",
            "not UTF-8",
            Some("save the file as UTF-8; names may use any language's letters".to_string()),
        );
        SceneError::new(&name, &source, vec![Problem { span: Some(at..at + '\u{FFFD}'.len_utf8()), ..problem }])
    })
}

/// Reads the top-level tables of a TOML file that `keep` keeps into `T`.
/// The error keeps its span in `source` (the spans survive the filtering).
pub fn tables<T: DeserializeOwned>(source: &str, keep: impl Fn(&str) -> bool) -> Result<T, toml::de::Error> {
    let mut root = toml::de::DeTable::parse(source)?;
    let others: Vec<String> = root.get_ref().keys().map(|k| k.get_ref().to_string()).filter(|k| !keep(k)).collect();
    for key in others {
        root.get_mut().remove(key.as_str());
    }
    T::deserialize(toml::de::Deserializer::from(root))
}
