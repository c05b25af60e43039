//! The field editor (`e`): the selected body's values as text boxes, checked
//! with the scene file's own rules when Enter applies them, as one edit. The
//! settings editor (`modes/settings.rs`) is the same editor over the world
//! and solver settings, and takes its keys here too.

use crate::lesson::Lang;

use crate::session::line::LineKey;
use crate::tui::binding::{Binding, NONE, bind, hint_line};
use crate::tui::context::Context;
use crate::tui::fields::{FieldEditor, Put};
use crate::tui::msg::Msg;
use crate::tui::note::Note;
use crate::tui::words::{fill, words};
use crossterm::event::KeyCode::*;

pub static KEYS: &[Binding] = &[
    bind!(Fields, "↓ Tab", "next field", "下一个字段", Msg::FieldNext, [(Down, NONE), (Tab, NONE)], hint: "↑↓ field", "↑↓ 字段"),
    bind!(Fields, "↑ Shift-Tab", "previous field", "上一个字段", Msg::FieldPrev, [(Up, NONE), (BackTab, NONE)]),
    bind!(
        Fields,
        "← → Space",
        "on a setting: its previous / next choice",
        "设置项：上一个 / 下一个取值",
        Msg::Cycle(1),
        [(Char(' '), NONE)],
        hint: "←→ pick",
        "←→ 选择"
    ),
    bind!(
        Fields,
        "[ ]",
        "finer / coarser grid step (on θ: turn step)",
        "更细 / 更粗的网格步长（θ 上：转角步长）",
        Msg::StepSize(-1),
        [(Char('['), NONE)]
    ),
    bind!(Fields, "", "", "", Msg::StepSize(1), [(Char(']'), NONE)]),
    bind!(Fields, "Enter", "check and apply every field", "检查并应用所有字段", Msg::Accept, [(Enter, NONE)], hint: "Enter apply", "Enter 应用"),
    bind!(Fields, "Esc", "cancel: nothing changes", "取消：不做改变", Msg::Cancel, [(Esc, NONE)], hint: "Esc cancel", "Esc 取消"),
];

/// The editor over the selected body, at the start of the frame on screen.
pub fn open(ctx: &mut Context) -> Option<FieldEditor> {
    let start = ctx.session.timeline.start(ctx.frame);
    let opened = start.world.get(ctx.selected).map(|b| FieldEditor::open(ctx.selected, b, &words(ctx.lang).body_fields));
    if opened.is_none() {
        ctx.note = Some(Note::NoSelection);
    }
    opened
}

/// A key in the editor; whether it is done (applied or cancelled).
pub fn update(ed: &mut FieldEditor, msg: Msg, ctx: &mut Context) -> bool {
    match msg {
        Msg::FieldNext => ed.next(),
        Msg::FieldPrev => ed.prev(),
        Msg::Cycle(by) => ed.cycle(by),
        // On the angle the turn step of z, x and the aim; on any other field the grid step of w a s d.
        Msg::StepSize(by) if ed.focused_key() == "angle" => {
            let degrees = ctx.steps.change_turn(by);
            ctx.note = Some(Note::TurnStep { degrees });
        }
        Msg::StepSize(by) => {
            let (lo, hi) = ctx.window();
            let grid = ctx.steps.change_grid(by, (hi - lo).max_element());
            ctx.note = Some(Note::GridStep { metres: grid });
        }
        // ← → on a setting's field pick its previous or next name.
        Msg::Line(LineKey::Left) if ed.is_choice() => ed.cycle(-1),
        Msg::Line(LineKey::Right) if ed.is_choice() => ed.cycle(1),
        // A setting's name is picked, never typed.
        Msg::Input(_) | Msg::Erase | Msg::ClearField | Msg::Line(_) if ed.is_choice() => {}
        _ if msg.edit_line(ed.line()) => {}
        Msg::Cancel => {
            ctx.note = Some(Note::EditCancelled);
            return true;
        }
        Msg::Accept => match ed.apply() {
            Some(applied) => {
                let w = words(ctx.lang);
                ctx.edit(|s, _, _| match applied.put(s) {
                    Some(Put::Body(name)) => Ok(fill(w.edited_body, &[&name])),
                    Some(Put::Settings(changes)) => Ok(fill(w.set_changes, &[&changes])),
                    None => Err(w.no_setting_changed.to_string()),
                });
                return true;
            }
            None => {
                ctx.note = Some(Note::FieldsToFix(ed.errors()));
            }
        },
        _ => {}
    }
    false
}

/// The keys the status line gives while the editor is open, from its
/// bindings' hints: ← → pick a name only among the settings (`modes/settings.rs`).
pub fn keys(ed: &FieldEditor, lang: Lang) -> String {
    let settings = ed.name().is_none();
    hint_line(KEYS.iter().filter(|b| settings || !matches!(b.msg, Msg::Cycle(_))), lang)
}
