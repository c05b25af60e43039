//! The command line (DESIGN.md, "CLI"). Exit codes: 0 ok, 1 a check failed,
//! 2 bad input or usage.

use crate::engine::{FrameRecord, record_frame};
use crate::report;
use crate::scene::{Scene, SceneError};
use clap::{Parser, Subcommand, ValueEnum};
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;

#[derive(Parser)]
#[command(name = "impulse", version, about = "Step through 2D rigid-body collisions one phase at a time.")]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand)]
enum Command {
    /// Print the trace of a lesson or scene file without the TUI.
    Run {
        /// A lesson id (see `impulse lessons`) or a scene file.
        target: String,
        /// How many frames to run [default: 1, or as far as the lesson's steps and checks reach].
        #[arg(long)]
        frames: Option<u64>,
        #[arg(long, value_enum, default_value_t = Format::Text)]
        format: Format,
    },
}

#[derive(Clone, Copy, ValueEnum)]
enum Format {
    Text,
    Json,
    Markdown,
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Some(Command::Run { target, frames, format }) => run(&target, frames, format),
        None => {
            let _ = Cli::parse_from(["impulse", "--help"]);
            Ok(ExitCode::SUCCESS)
        }
    };
    result.unwrap_or_else(|e| {
        eprint!("{}", e.render(std::io::stderr().is_terminal() && std::env::var_os("NO_COLOR").is_none()));
        ExitCode::from(2)
    })
}

/// A scene file by path; lesson ids come with the lessons.
fn load(target: &str) -> Result<Scene, SceneError> {
    Scene::load(Path::new(target))
}

pub fn run_frames(scene: &Scene, frames: u64) -> Vec<FrameRecord> {
    let mut world = scene.world.clone();
    (0..frames).map(|_| record_frame(&mut world, &scene.settings)).collect()
}

fn run(target: &str, frames: Option<u64>, format: Format) -> Result<ExitCode, SceneError> {
    let scene = load(target)?;
    let records = run_frames(&scene, frames.unwrap_or(1));
    let out = match format {
        Format::Text | Format::Markdown => report::text_trace(&scene, &records),
        Format::Json => report::json_trace(&scene, &records).to_string() + "\n",
    };
    // A closed pipe (`impulse run … | head`) is the reader's choice, not an error.
    let _ = std::io::stdout().lock().write_all(out.as_bytes());
    Ok(ExitCode::SUCCESS)
}
