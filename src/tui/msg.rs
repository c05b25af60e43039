//! The messages the TUI's state is updated with: every key, click and tick
//! becomes one (`keys` maps them, `App::update` takes them).

use glam::DVec2;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Msg {
    NextPhase,
    PrevPhase,
    NextFrame,
    PrevFrame,
    First,
    Last,
    ToggleRun,
    Faster,
    Slower,
    SelectNext,
    SelectPrev,
    Restart,
    CycleTangent,
    ToggleBounds,
    ToggleInfo,
    ToggleChart,
    // The canvas's view (`canvas::CanvasView`): no physics, nothing saved.
    /// Zoom in (+1) or out (−1), about the window's centre or a world point
    /// (the wheel's: what is under the mouse stays there).
    Zoom(i8, Option<DVec2>),
    /// Move the view, in screen directions (right, up).
    Pan(i8, i8),
    /// The mouse dragged the scene: move the view by this much of the world
    /// (what was under the mouse stays under it).
    Drag(DVec2),
    /// The view follows the selected body, or stops.
    Follow,
    /// The view fitted to the bodies as they are, or back to the scene's own.
    Fit,
    ToggleNames,
    ToggleScale,
    /// The canvas takes most of the screen, or its share.
    ToggleLayout,
    /// The derivation takes the screen, or its share.
    ToggleDerivation,
    ScrollDown,
    ScrollUp,
    NarrationDown,
    NarrationUp,
    Back,
    MenuDown,
    MenuUp,
    Open,
    Help,
    Quit,
    /// Time passed while running: one more frame. The shell says how many
    /// frames a second it has really shown lately.
    Tick(f64),
    /// Move the selected body, in steps of screen directions (right, up):
    /// one step a key, ten with Shift.
    Move(i8, i8),
    /// Turn the selected body one step; +1 is counter-clockwise on screen.
    Rotate(i8),
    EditFields,
    /// The world and solver settings' editor.
    EditSettings,
    AddCircle,
    AddBox,
    AddWall,
    /// A copy of the selected body beside it.
    Duplicate,
    /// Ask for a new name for the selected body.
    Rename,
    /// No key came for a while (the shell says so before the next one): a held move key was let go.
    Idle,
    Delete,
    Kick,
    ToggleMotion,
    ToggleCorrection,
    Passes(i8),
    Rate(i8),
    Aim,
    Undo,
    Redo,
    Save,
    /// The address of the phase on screen, to the clipboard and the status line.
    CopyAddress,
    /// The start of the frame on screen, written as a new scene.
    SaveFrame,
    /// A left click on the scene, in world coordinates.
    Click(DVec2),
    // In the field editor, the save prompt and the shot.
    FieldNext,
    FieldPrev,
    /// The field editor's `]` (+1) and `[` (−1): a coarser or finer grid or turn step.
    StepSize(i8),
    /// A setting's next (+1) or previous (−1) name.
    Cycle(i8),
    Input(char),
    /// A prompt's line editor: the cursor moves, or Delete erases under it.
    Line(crate::session::line::LineKey),
    /// A plain character that no binding takes here: the status line says so.
    Unbound(char),
    /// Alt and a character (or Esc and a key pressed at once): no key of ours.
    Alt(char),
    Erase,
    ClearField,
    Accept,
    Cancel,
    /// Turn the aim; +1 is counter-clockwise on screen.
    Turn(i8),
    Power(i8),
    Yes,
    No,
    // Finding the moment (`tui::modes::breaks`, `tui::modes::prompt`).
    AddBreak,
    ListBreaks,
    NextMatch,
    PrevMatch,
    GoToFrame,
    /// A/B: run the scene again with overrides beside this one, or stop.
    Variant,
    /// A key the lesson names (`[[toggle]]`): the digit.
    Toggle(u8),
    /// Aiming: fire as an `[[action]]` of the frame on screen, not a new start velocity.
    FireAction,
    NextStep,
    PrevStep,
    /// In the breakpoint prompt: an older (−1) or newer (+1) condition typed before.
    History(i8),
    /// In the breakpoint list: the next (+1) or previous (−1) breakpoint.
    Pick(i8),
    // The classroom (`tui::modes::quiz`, `tui::modes::presenter`).
    /// Quiz mode on or off.
    ToggleQuiz,
    /// Presenter mode on or off: every result hidden until revealed.
    TogglePresenter,
    /// Show the next hidden line of the derivation.
    Reveal,
    /// Give up the question at this phase: show its answer.
    ShowAnswer,
    /// Open the answer prompt for the question at this phase.
    Answer,
    /// In the answer prompt: the question's next hint.
    Hint,
}

impl Msg {
    /// Does to `line` what this key does in any prompt (type, move, erase,
    /// clear); whether it was such a key.
    pub fn edit_line(self, line: &mut crate::session::line::LineEdit) -> bool {
        use crate::session::line::LineKey;
        match self {
            Msg::Input(c) => line.insert(c),
            Msg::Erase => line.key(LineKey::Backspace),
            Msg::Line(k) => line.key(k),
            Msg::ClearField => line.clear(),
            _ => return false,
        }
        true
    }
}
