//! Aiming a shot (`l`) with the selected body, as the rough-balls article's
//! cue ball: the arrow keys, a click or a typed speed or angle set the
//! velocity it will get (`tui/shot.rs`), and firing is an edit like any other.

use crate::engine::{Action, ActionKind};
use crate::notation::num;
use crate::scene::YAxis;
use crate::tui::binding::{Binding, NONE, bind};
use crate::tui::context::Context;
use crate::tui::msg::Msg;
use crate::tui::note::Note;
use crate::tui::shot::Shot;
use crate::tui::words::{Words, fill, words};
use crossterm::event::KeyCode::*;

pub static KEYS: &[Binding] = &[
    bind!(Aim, "← →", "turn the aim a turn step (5°)", "瞄准方向转一个转角步长（5°）", Msg::Turn(1), [(Left, NONE)]),
    bind!(Aim, "", "", "", Msg::Turn(-1), [(Right, NONE)]),
    bind!(Aim, "↑ ↓", "more / less power (×1.25)", "加大 / 减小力度（×1.25）", Msg::Power(1), [(Up, NONE)]),
    bind!(Aim, "", "", "", Msg::Power(-1), [(Down, NONE)]),
    bind!(
        Aim,
        "Enter Space l",
        "fire: the body gets this velocity",
        "发射：物体获得这个速度",
        Msg::Accept,
        [(Enter, NONE), (Char(' '), NONE), (Char('l'), NONE)]
    ),
    bind!(Aim, "a", "fire as an action of this frame", "作为本帧的动作发射", Msg::FireAction, [(Char('a'), NONE)]),
    bind!(Aim, "Tab", "type the angle (°) / the speed", "输入角度（°）/ 速度", Msg::FieldNext, [(Tab, NONE)]),
    bind!(Aim, "0-9 .", "type the speed (m/s); Backspace erases", "输入速度（m/s）；Backspace 删除", Msg::Erase, [(Backspace, NONE)]),
    bind!(Aim, "Esc", "cancel the shot", "取消击球", Msg::Cancel, [(Esc, NONE)]),
];

/// A shot with the selected body, aimed along its velocity at the start of the frame on screen.
pub fn open(ctx: &mut Context) -> Option<Shot> {
    let start = ctx.session.timeline.start(ctx.frame);
    match start.world.get(ctx.selected) {
        Some((b, _)) if b.is_static() => ctx.note = Some(Note::StaticShot { name: b.name.clone() }),
        Some((_, m)) => {
            let (lo, hi) = ctx.window();
            return Some(Shot::new(ctx.selected, m.velocity, (hi - lo).max_element() / 2.0));
        }
        None => ctx.note = Some(Note::NoSelection),
    }
    None
}

/// A key while aiming; whether it is done (fired or cancelled).
pub fn update(shot: &mut Shot, msg: Msg, ctx: &mut Context) -> bool {
    let down = ctx.session.lesson.y_axis == YAxis::Down;
    // From where the body is drawn, the state after the phase on screen.
    let from = ctx.states_after(ctx.phase + 1).get(shot.body).map(|s| s.position).unwrap_or_default();
    match msg {
        // Counter-clockwise on screen is clockwise in a y-down world.
        Msg::Turn(d) => shot.turn(if down { -d } else { d }, ctx.steps.turn_degrees),
        Msg::FieldNext => shot.switch_typing(),
        Msg::Power(d) => shot.power(d),
        Msg::Input(c) => shot.type_char(c),
        Msg::Erase => shot.erase(),
        Msg::Click(p) => shot.click(from, p),
        Msg::Cancel => {
            ctx.note = Some(Note::ShotCancelled);
            return true;
        }
        Msg::Accept => {
            let Shot { body, aim, .. } = shot.clone();
            let (frame, w) = (ctx.frame, words(ctx.lang));
            ctx.edit(|s, _, _| {
                // An action of this frame that sets the velocity comes after the start: say so.
                let overridden =
                    s.world.actions.iter().any(|a| a.body == body && a.acts_in(frame) && matches!(a.kind, ActionKind::Velocity(_)));
                let b = &s.world.bodies[body];
                s.world.motions[body].velocity = aim;
                let why = if overridden { w.shot_again } else { "" };
                Ok(fill(w.shot, &[&b.name, &num(aim.length()), &why]))
            });
            return true;
        }
        // The same shot as the rigid-body blog's kind of load: an action that sets the
        // velocity in this frame's forces phase, listed and saved as one.
        Msg::FireAction => {
            let Shot { body, aim, .. } = shot.clone();
            let (frame, w) = (ctx.frame, words(ctx.lang));
            ctx.edit(|s, _, _| {
                s.world.actions.push(Action { frame, body, kind: ActionKind::Velocity(aim) });
                Ok(fill(w.shot_action, &[&s.world.bodies[body].name, &num(aim.length()), &frame]))
            });
            return true;
        }
        Msg::Unbound(c) => ctx.unbound(c),
        _ => {}
    }
    false
}

/// What the status line says while aiming: the aim, or what is being typed, and the keys.
pub fn status(shot: &Shot, w: &Words) -> String {
    match &shot.typed_angle {
        Some(typed) => fill(w.aim_angle, &[typed]),
        None if !shot.typed.is_empty() => fill(w.aim_typed, &[&shot.typed]),
        None => fill(w.aim, &[&num(shot.aim.length()), &num(shot.aim.to_angle().to_degrees())]),
    }
}
