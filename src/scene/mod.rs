//! Scene files: TOML in, a validated world and solver settings out.

pub mod error;
pub mod file;
mod validate;

pub use validate::{friction, tangent};

pub use error::{Problem, SceneError, Seg};
pub use file::YAxis;

use crate::engine::{Settings, World};
use crate::lesson::{CheckEntry, LessonSection, StepEntry};
use glam::DVec2;
use std::path::Path;

/// Everything a scene file says, checked: ready to step.
#[derive(Clone, Debug)]
pub struct Scene {
    pub world: World,
    pub settings: Settings,
    pub y_axis: YAxis,
    /// The drawing window, lower-left and upper-right corners.
    pub view: Option<(DVec2, DVec2)>,
    pub lesson: Option<LessonSection>,
    pub steps: Vec<StepEntry>,
    pub checks: Vec<CheckEntry>,
    /// The file's name and text, so later problems (a lesson check naming a
    /// quantity that never appears) can still point into it.
    pub file: String,
    pub source: String,
}

impl Scene {
    pub fn parse(file: &str, source: &str) -> Result<Scene, SceneError> {
        let raw: file::SceneFile = toml::from_str(source).map_err(|e| error::from_toml(file, source, &e))?;
        validate::scene(raw, file, source)
    }

    pub fn load(path: &Path) -> Result<Scene, SceneError> {
        let name = path.display().to_string();
        let source = std::fs::read_to_string(path).map_err(|e| SceneError::io(&name, format!("cannot read the scene file: {e}")))?;
        Scene::parse(&name, &source)
    }

    /// A problem located at `path` in this scene's file.
    pub fn error_at(&self, path: &[Seg], problem: Problem) -> SceneError {
        SceneError::at(&self.file, &self.source, path, problem)
    }
}
