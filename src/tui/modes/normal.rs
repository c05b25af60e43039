//! Stepping through the run, the mode the debugger opens in: phase and frame
//! keys, play, the selection, the canvas's view, the toggles, each editing key
//! as an edit of the frame on screen, undo and redo, the lesson's own keys and
//! narrated steps. Its other keys open the other modes (`modes/`).

use super::{Mode, ab, aim, breaks, fields, presenter, prompt, quiz, save, settings};
use crate::engine::{Body, BodyState};
use crate::geometry::Pose;
use crate::lesson::find_phase;
use crate::scene::YAxis;
use crate::session::Seek;
use crate::tui::binding::{Binding, CTRL, NONE, bind};
use crate::tui::canvas::Full;
use crate::tui::context::{Context, SPEEDS};
use crate::tui::edit;
use crate::tui::effect::Effect;
use crate::tui::msg::Msg;
use crate::tui::note::{Note, StepTitle};
use crate::tui::words::words;
use crossterm::event::KeyCode::*;
use glam::DVec2;

/// The stepping keys, in the order the help lists them; those with a hint
/// are on the status line, the first ones kept when it is short.
pub static KEYS: &[Binding] = &[
    bind!(Stepper, "n →", "next phase", "下一个阶段", Msg::NextPhase, [(Char('n'), NONE), (Right, NONE)], hint: "n/N phase", "n/N 阶段"),
    bind!(Stepper, "N ←", "previous phase", "上一个阶段", Msg::PrevPhase, [(Char('N'), NONE), (Left, NONE)]),
    bind!(Stepper, "f ]", "next frame", "下一帧", Msg::NextFrame, [(Char('f'), NONE), (Char(']'), NONE)], hint: "f/F frame", "f/F 帧"),
    bind!(Stepper, "F [", "previous frame", "上一帧", Msg::PrevFrame, [(Char('F'), NONE), (Char('['), NONE)]),
    bind!(Stepper, "g", "first frame", "第一帧", Msg::First, [(Char('g'), NONE)]),
    bind!(Stepper, "G", "last frame run so far", "已运行到的最后一帧", Msg::Last, [(Char('G'), NONE)]),
    bind!(Stepper, "Space", "run / pause", "播放 / 暂停", Msg::ToggleRun, [(Char(' '), NONE)], hint: "Space run", "空格 播放"),
    bind!(Stepper, "+", "run faster", "加快", Msg::Faster, [(Char('+'), NONE), (Char('='), NONE)]),
    bind!(Stepper, "-", "run slower", "减慢", Msg::Slower, [(Char('-'), NONE)]),
    bind!(Stepper, "Tab", "select the next body (or click it)", "选择下一个物体（或点击它）", Msg::SelectNext, [(Tab, NONE)]),
    bind!(Stepper, "Shift-Tab", "select the previous body", "选择上一个物体", Msg::SelectPrev, [(BackTab, NONE)]),
    bind!(Stepper, "r", "restart from frame 0", "从第 0 帧重新开始", Msg::Restart, [(Char('r'), NONE)]),
    bind!(Stepper, "j PgDn", "scroll the derivation down", "推导向下滚动", Msg::ScrollDown, [(Char('j'), NONE), (PageDown, NONE)]),
    bind!(Stepper, "k PgUp", "scroll the derivation up", "推导向上滚动", Msg::ScrollUp, [(Char('k'), NONE), (PageUp, NONE)]),
    bind!(Stepper, "J", "scroll the narration down", "讲解向下滚动", Msg::NarrationDown, [(Char('J'), NONE)]),
    bind!(Stepper, "K", "scroll the narration up", "讲解向上滚动", Msg::NarrationUp, [(Char('K'), NONE)]),
    bind!(Stepper, "o", "show / hide bounding circles", "显示 / 隐藏包围圆", Msg::ToggleBounds, [(Char('o'), NONE)]),
    bind!(Stepper, "i", "show / hide the phase's vectors", "显示 / 隐藏本阶段的向量（碰撞信息）", Msg::ToggleInfo, [(Char('i'), NONE)]),
    bind!(
        Stepper,
        "#",
        "energy chart (ΔKE, ΔPE, ΔE, |p|) / the scene",
        "能量图（ΔKE、ΔPE、ΔE、|p|）/ 场景",
        Msg::ToggleChart,
        [(Char('#'), NONE)]
    ),
    // The canvas's view: what is seen, never the run.
    bind!(
        Stepper,
        ") (",
        "zoom in / out (or the wheel over the scene)",
        "放大 / 缩小场景（或在场景上滚动滚轮）",
        Msg::Zoom(1, None),
        [(Char(')'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::Zoom(-1, None), [(Char('('), NONE)]),
    bind!(Stepper, "Ctrl-← → ↑ ↓", "pan the scene a quarter of the view", "平移场景（视野的四分之一）", Msg::Pan(-1, 0), [(Left, CTRL)]),
    bind!(Stepper, "", "", "", Msg::Pan(1, 0), [(Right, CTRL)]),
    bind!(Stepper, "", "", "", Msg::Pan(0, 1), [(Up, CTRL)]),
    bind!(Stepper, "", "", "", Msg::Pan(0, -1), [(Down, CTRL)]),
    bind!(Stepper, "T", "the view follows the selected body / stays", "视野跟随选中的物体 / 不动", Msg::Follow, [(Char('T'), NONE)]),
    bind!(Stepper, "0", "fit to the bodies / back to the scene's view", "视野适配所有物体 / 场景原本的视野", Msg::Fit, [(Char('0'), NONE)]),
    bind!(Stepper, "H", "hide / show the bodies' names", "隐藏 / 显示物体名称", Msg::ToggleNames, [(Char('H'), NONE)]),
    bind!(Stepper, "V", "arrows in world units / fitted to the view", "箭头按真实比例 / 适配视野", Msg::ToggleScale, [(Char('V'), NONE)]),
    bind!(Stepper, "|", "canvas takes the screen / panels come back", "场景占满屏幕 / 恢复各面板", Msg::ToggleLayout, [(Char('|'), NONE)]),
    bind!(
        Stepper,
        "\\",
        "derivation takes the screen / panels back",
        "推导占满屏幕 / 恢复各面板",
        Msg::ToggleDerivation,
        [(Char('\\'), NONE)]
    ),
    // Edits: each applies from the frame on screen and can be undone.
    bind!(
        Stepper,
        "w a s d",
        "move the selected body up, left, down, right",
        "把选中的物体上、左、下、右移",
        Msg::Move(0, 1),
        [(Char('w'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::Move(-1, 0), [(Char('a'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Move(0, -1), [(Char('s'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Move(1, 0), [(Char('d'), NONE)]),
    bind!(
        Stepper,
        "W A S D",
        "move it ten steps (a held key: one undo)",
        "移动十步（按住不放：一次撤销）",
        Msg::Move(0, 10),
        [(Char('W'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::Move(-10, 0), [(Char('A'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Move(0, -10), [(Char('S'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Move(10, 0), [(Char('D'), NONE)]),
    bind!(Stepper, "z", "turn it counter-clockwise a turn step (5°)", "逆时针转一个转角步长（5°）", Msg::Rotate(1), [(Char('z'), NONE)]),
    bind!(Stepper, "x", "turn it clockwise a turn step (5°)", "顺时针转一个转角步长（5°）", Msg::Rotate(-1), [(Char('x'), NONE)]),
    bind!(Stepper, "e", "edit its values (a wall: its two ends)", "编辑它的数值（墙：两个端点）", Msg::EditFields, [(Char('e'), NONE)], hint: "e edit", "e 编辑"),
    bind!(Stepper, "O", "edit the world and solver settings", "编辑世界与求解器设置", Msg::EditSettings, [(Char('O'), NONE)]),
    bind!(Stepper, "l", "aim a shot with it, as a cue ball", "用它瞄准击球（粗糙球文章中的母球）", Msg::Aim, [(Char('l'), NONE)]),
    bind!(Stepper, "Del", "delete it (in a lesson: Del twice)", "删除它（课程中：按两次 Del）", Msg::Delete, [(Delete, NONE)]),
    bind!(Stepper, "y", "add a circle on the selected body, like it", "在选中的物体上加一个同样的圆", Msg::AddCircle, [(Char('y'), NONE)]),
    bind!(Stepper, "Y", "add a box on the selected body, like it", "在选中的物体上加一个同样的盒子", Msg::AddBox, [(Char('Y'), NONE)]),
    bind!(Stepper, "_", "add a level wall under the selected body", "在选中的物体下加一面水平墙", Msg::AddWall, [(Char('_'), NONE)]),
    bind!(Stepper, "Ctrl-D", "duplicate it, beside it", "在旁边复制一个同样的物体", Msg::Duplicate, [(Char('d'), CTRL)]),
    bind!(Stepper, "E", "rename it", "给它改名", Msg::Rename, [(Char('E'), NONE)]),
    bind!(Stepper, "h", "kick every body with a random velocity", "给每个物体一个随机速度", Msg::Kick, [(Char('h'), NONE)]),
    bind!(Stepper, "v", "motion on / off (forces and integrate)", "运动开 / 关（受力与积分）", Msg::ToggleMotion, [(Char('v'), NONE)]),
    bind!(Stepper, "p", "positional correction on / off", "位置修正开 / 关", Msg::ToggleCorrection, [(Char('p'), NONE)]),
    bind!(
        Stepper,
        "t",
        "next tangent mode (the bug and its fixes)",
        "下一种切向算法（粗糙球文章的错误与修正）",
        Msg::CycleTangent,
        [(Char('t'), NONE)]
    ),
    bind!(
        Stepper,
        "< > , .",
        "fewer / more relaxation passes",
        "减少 / 增加松弛迭代次数",
        Msg::Passes(-1),
        [(Char('<'), NONE), (Char(','), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::Passes(1), [(Char('>'), NONE), (Char('.'), NONE)]),
    bind!(Stepper, "{ }", "lower / raise the correction rate by 0.1", "修正率降低 / 提高 0.1", Msg::Rate(-1), [(Char('{'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Rate(1), [(Char('}'), NONE)]),
    bind!(Stepper, "u Ctrl-Z", "undo the last edit", "撤销上一次修改", Msg::Undo, [(Char('u'), NONE), (Char('z'), CTRL)]),
    bind!(Stepper, "U Ctrl-R", "redo", "重做", Msg::Redo, [(Char('U'), NONE), (Char('r'), CTRL), (Char('y'), CTRL)]),
    bind!(
        Stepper,
        "Ctrl-S",
        "save the scene as built (frame 0, all edits)",
        "保存搭建好的场景（第 0 帧，含所有修改）",
        Msg::Save,
        [(Char('s'), CTRL)]
    ),
    bind!(Stepper, "Ctrl-E", "write this frame as a new scene file", "把这一帧另存为新的场景文件", Msg::SaveFrame, [(Char('e'), CTRL)]),
    bind!(Stepper, "b", "add a breakpoint, e.g. contact m1 m2", "添加断点：一个条件，如 contact m1 m2", Msg::AddBreak, [(Char('b'), NONE)]),
    bind!(Stepper, "B", "list the breakpoints, remove one", "列出断点，删除其中一个", Msg::ListBreaks, [(Char('B'), NONE)]),
    bind!(
        Stepper,
        "c C",
        "next / previous phase matching a breakpoint",
        "下一个 / 上一个满足断点的阶段",
        Msg::NextMatch,
        [(Char('c'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::PrevMatch, [(Char('C'), NONE)]),
    bind!(Stepper, ":", "go to frame N", "跳到第 N 帧", Msg::GoToFrame, [(Char(':'), NONE)]),
    bind!(Stepper, "@", "copy this phase's address (for --at)", "复制本阶段的地址（供 --at 使用）", Msg::CopyAddress, [(Char('@'), NONE)]),
    bind!(
        Stepper,
        "1 … 9",
        "the lesson's own keys (under its narration)",
        "课程自己的按键，列在讲解下方",
        Msg::Toggle(1),
        [(Char('1'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::Toggle(2), [(Char('2'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(3), [(Char('3'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(4), [(Char('4'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(5), [(Char('5'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(6), [(Char('6'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(7), [(Char('7'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(8), [(Char('8'), NONE)]),
    bind!(Stepper, "", "", "", Msg::Toggle(9), [(Char('9'), NONE)]),
    bind!(
        Stepper,
        "/",
        "A/B: the scene with overrides, side by side",
        "A/B：改动设置后的同一场景，并排对比",
        Msg::Variant,
        [(Char('/'), NONE)]
    ),
    bind!(
        Stepper,
        "m M",
        "next / previous narrated step of the lesson",
        "课程的下一个 / 上一个讲解步骤",
        Msg::NextStep,
        [(Char('m'), NONE)]
    ),
    bind!(Stepper, "", "", "", Msg::PrevStep, [(Char('M'), NONE)]),
    bind!(Stepper, "Q", "quiz: results hidden until you answer", "测验：回答之前隐藏问题处的结果", Msg::ToggleQuiz, [(Char('Q'), NONE)]),
    bind!(Stepper, "Enter", "answer the question at this phase (quiz)", "回答本阶段的问题（测验）", Msg::Answer, [(Enter, NONE)]),
    bind!(
        Stepper,
        "P",
        "presenter: hide every result, for a class",
        "讲台模式：隐藏所有结果，供课堂使用",
        Msg::TogglePresenter,
        [(Char('P'), NONE)]
    ),
    bind!(Stepper, "R", "show the next hidden line", "显示下一行隐藏的内容（测验或讲台）", Msg::Reveal, [(Char('R'), NONE)]),
    bind!(Stepper, "!", "show the answer to the question here (quiz)", "显示此处问题的答案（测验）", Msg::ShowAnswer, [(Char('!'), NONE)]),
    bind!(Stepper, "Esc", "the lesson menu (its first entry: back here)", "课程菜单（第一项回到这里）", Msg::Back, [(Esc, NONE)]),
];

/// A key while stepping; the mode it opens, if it opens one.
pub fn update(msg: Msg, ctx: &mut Context) -> Option<Mode> {
    // The note answers the last key; the clock ticking while
    // running is no key, so a warning stays on screen.
    let tick = matches!(msg, Msg::Tick(_));
    let armed = if tick { ctx.delete_armed } else { std::mem::take(&mut ctx.delete_armed) };
    if !tick {
        ctx.note = None;
    }
    match msg {
        // A lesson's bodies are what its narration speaks of: Del asks first.
        Msg::Delete if !armed && ctx.session.lesson.section.is_some() => {
            ctx.delete_armed = true;
            let name = ctx.bodies().get(ctx.selected).map_or(String::new(), |b| b.name.clone());
            ctx.note = Some(Note::DelAgain { name });
        }
        Msg::ToggleRun if ctx.running => ctx.settle(),
        // Said, and nothing else: playing goes on.
        Msg::Unbound(c) => ctx.unbound(c),
        Msg::Alt(c) => ctx.note = Some(Note::AltChord(c)),
        Msg::Tick(_) | Msg::Faster | Msg::Slower | Msg::ToggleRun => return step(msg, ctx),
        // The view's keys work while playing: a break can leave the window.
        Msg::Zoom(..)
        | Msg::Pan(..)
        | Msg::Drag(_)
        | Msg::Follow
        | Msg::Fit
        | Msg::ToggleNames
        | Msg::ToggleScale
        | Msg::ToggleLayout
        | Msg::ToggleDerivation => view(msg, ctx),
        // Any other key looks at or changes the frame: play stops there first.
        _ => {
            ctx.settle();
            // While the frame is being recorded, the stepping keys move where
            // to go and the looking keys work; a key that needs the phases
            // on screen says so, and is pressed again once they show.
            if let Some(to) = ctx.awaited
                && !seeks(msg)
                && !looks(msg)
            {
                ctx.note = Some(Note::Recording { frame: to.frame });
                return None;
            }
            return step(msg, ctx);
        }
    }
    None
}

/// The stepping keys: each moves the place sought, so while a frame is being
/// recorded they gather into one place, not a queue of records.
fn seeks(msg: Msg) -> bool {
    matches!(msg, Msg::NextPhase | Msg::PrevPhase | Msg::NextFrame | Msg::PrevFrame | Msg::First | Msg::Last | Msg::Restart)
}

/// Keys that change only what is seen or selected: they need no record.
fn looks(msg: Msg) -> bool {
    matches!(
        msg,
        Msg::SelectNext
            | Msg::SelectPrev
            | Msg::Click(_)
            | Msg::ToggleBounds
            | Msg::ToggleInfo
            | Msg::ToggleChart
            | Msg::ScrollDown
            | Msg::ScrollUp
            | Msg::NarrationDown
            | Msg::NarrationUp
    )
}

fn step(msg: Msg, ctx: &mut Context) -> Option<Mode> {
    match msg {
        Msg::NextPhase => ctx.seek(ctx.here().next_phase()),
        Msg::PrevPhase => ctx.seek(ctx.here().prev_phase()),
        Msg::NextFrame => ctx.seek(ctx.here().next_frame()),
        Msg::PrevFrame => ctx.seek(ctx.here().prev_frame()),
        Msg::First | Msg::Restart => ctx.seek(Seek::first_of(0)),
        Msg::Last => ctx.seek(Seek::first_of(ctx.session.timeline.reached().saturating_sub(1))),
        // Plays on from the frame on screen; a record being made for a place
        // sought is kept when it comes, and not shown.
        Msg::ToggleRun => {
            ctx.awaited = None;
            ctx.running = true;
        }
        Msg::Tick(fps) if ctx.running => {
            let end = match ctx.arrived.take().filter(|p| p.frame == ctx.frame + 1) {
                Some(played) => ctx.session.timeline.played(played),
                None => ctx.session.timeline.end_of(ctx.frame + 1),
            };
            if !end.iter().all(|s| s.is_finite()) && !ctx.finite(ctx.frame + 1) {
                return None;
            }
            ctx.frame += 1;
            ctx.playing = Some(end);
            ctx.measured_fps = fps;
            ctx.selected = ctx.selected.min(ctx.bodies().len().saturating_sub(1));
        }
        Msg::Faster => ctx.speed = (ctx.speed + 1).min(SPEEDS.len() - 1),
        Msg::Slower => ctx.speed = ctx.speed.saturating_sub(1),
        Msg::SelectNext => ctx.selected = (ctx.selected + 1) % ctx.bodies().len().max(1),
        Msg::SelectPrev => {
            let n = ctx.bodies().len().max(1);
            ctx.selected = (ctx.selected + n - 1) % n;
        }
        Msg::ToggleBounds => {
            ctx.show_bounds = !ctx.show_bounds;
            ctx.note = Some(Note::Bounds { shown: ctx.show_bounds });
        }
        Msg::ToggleInfo => {
            ctx.show_info = !ctx.show_info;
            ctx.note = Some(Note::Vectors { shown: ctx.show_info });
        }
        Msg::ToggleChart => {
            ctx.show_chart = !ctx.show_chart;
            ctx.note = Some(Note::Chart { shown: ctx.show_chart });
        }
        Msg::ScrollDown => ctx.scroll_derivation(true),
        Msg::ScrollUp => ctx.scroll_derivation(false),
        Msg::NarrationDown => ctx.narration_scroll = ctx.narration_scroll.saturating_add(2),
        Msg::NarrationUp => ctx.narration_scroll = ctx.narration_scroll.saturating_sub(2),
        Msg::Click(p) => select_at(ctx, p),
        Msg::Toggle(key) => toggle(ctx, key),
        Msg::CopyAddress => {
            let address = ctx.address().to_string();
            ctx.note = Some(Note::Copied { address: address.clone() });
            ctx.effect = Some(Effect::Copy(address));
        }
        Msg::Undo => replay(ctx, true),
        Msg::Redo => replay(ctx, false),
        Msg::NextStep => narrated_step(ctx, true),
        Msg::PrevStep => narrated_step(ctx, false),
        Msg::NextMatch => breaks::next_match(ctx),
        Msg::PrevMatch => breaks::prev_match(ctx),
        // The keys that open a mode.
        Msg::EditFields => return fields::open(ctx).map(Mode::Fields),
        Msg::EditSettings => return Some(Mode::Fields(settings::open(ctx))),
        Msg::Aim => return aim::open(ctx).map(Mode::Aim),
        Msg::Save => return save::save(ctx).map(Mode::SaveAs),
        Msg::SaveFrame => return Some(Mode::SaveAs(save::export_frame(ctx))),
        Msg::AddBreak | Msg::GoToFrame | Msg::Rename => return prompt::open(msg, ctx).map(Mode::Prompt),
        Msg::Variant => return ab::key(ctx).map(|typed| Mode::Prompt(prompt::Prompt::with(prompt::Ask::Variant, typed))),
        Msg::ListBreaks => return breaks::open(ctx).map(Mode::Breaks),
        Msg::ToggleQuiz | Msg::ShowAnswer | Msg::Answer => return quiz::key(msg, ctx).map(Mode::Answer),
        Msg::TogglePresenter | Msg::Reveal => return presenter::key(msg, ctx).map(Mode::Answer),
        _ => {
            let down = ctx.session.lesson.y_axis == YAxis::Down;
            if let Some(change) = edit::change_for(msg, ctx.window(), down, ctx.steps, words(ctx.lang)) {
                let held = edit::held(msg).map(|turn| (turn, ctx.selected, ctx.frame));
                let grows = held.is_some() && held == ctx.held;
                ctx.held = if ctx.apply(change, grows) { held } else { None };
            }
        }
    }
    None
}

/// The keys of the canvas's view. They change what is seen, never the run.
fn view(msg: Msg, ctx: &mut Context) {
    let scene = ctx.scene_window();
    let followed = if ctx.canvas.follow { ctx.shown_states().get(ctx.selected).map(|s| s.position) } else { None };
    let down = ctx.session.lesson.y_axis == YAxis::Down;
    let name = ctx.bodies().get(ctx.selected).map_or(String::new(), |b| b.name.clone());
    let c = &mut ctx.canvas;
    ctx.note = Some(match msg {
        Msg::Zoom(steps, at) => {
            c.zoom(scene, followed, steps, at);
            let (lo, hi) = c.window(scene, followed);
            Note::ViewWide { metres: hi.x - lo.x }
        }
        Msg::Drag(by) => {
            c.shift(scene, followed, by);
            Note::ViewDragged
        }
        Msg::Pan(dx, dy) => {
            c.pan(scene, followed, down, dx, dy);
            Note::ViewMoved
        }
        Msg::Follow => {
            (c.follow, c.fitted) = (!c.follow, false);
            if c.follow { Note::Follows { name } } else { Note::ViewStays }
        }
        Msg::Fit if c.fitted => {
            (c.window, c.follow, c.fitted) = (None, false, false);
            Note::ViewOwn
        }
        Msg::Fit => {
            let states = ctx.shown_states();
            let window = crate::tui::canvas::around(ctx.bodies(), &states);
            (ctx.canvas.window, ctx.canvas.follow, ctx.canvas.fitted) = (Some(window), false, true);
            Note::ViewFitted
        }
        Msg::ToggleNames => {
            c.hide_names = !c.hide_names;
            Note::Names { shown: !c.hide_names }
        }
        Msg::ToggleScale => {
            c.true_scale = !c.true_scale;
            Note::TrueScale(c.true_scale)
        }
        Msg::ToggleLayout => {
            c.full = c.full.toggled(Full::Canvas);
            Note::CanvasWide(c.full == Full::Canvas)
        }
        Msg::ToggleDerivation => {
            c.full = c.full.toggled(Full::Derivation);
            Note::DerivationWide(c.full == Full::Derivation)
        }
        _ => return,
    });
}

/// The body under a click: the one the point is deepest inside, or one
/// whose outline passes within a twenty-fifth of the view, about a
/// terminal cell: a click lands on a cell, and a thin body (a ramp, a
/// wall) is a line of dots through cells taller than it.
fn select_at(ctx: &mut Context, p: DVec2) {
    let states = ctx.shown_states();
    let (lo, hi) = ctx.window();
    let near = (hi - lo).max_element() / 25.0;
    let gap = |(b, s): (&Body, &BodyState)| b.shape.distance_to(Pose::new(s.position, s.angle), p);
    let nearest = ctx.bodies().iter().zip(&states).map(gap).enumerate().min_by(|x, y| x.1.total_cmp(&y.1));
    match nearest {
        Some((i, gap)) if gap <= near => ctx.selected = i,
        _ => ctx.note = Some(Note::NoBodyThere),
    }
}

/// Undo (`back`) or redo: shows the frame the edit was made at.
fn replay(ctx: &mut Context, back: bool) {
    let replayed = if back { ctx.session.undo() } else { ctx.session.redo() };
    match replayed {
        Some(r) => {
            let phase = if r.frame == ctx.frame { ctx.phase } else { 0 };
            ctx.go(r.frame, phase);
            ctx.selected = r.selected.min(ctx.bodies().len().saturating_sub(1));
            ctx.note = Some(if back { Note::Undone { label: r.label } } else { Note::Redone { label: r.label } });
        }
        None => ctx.note = Some(if back { Note::NothingToUndo } else { Note::NothingToRedo }),
    }
}

/// A key the lesson names (`[[toggle]]`): its materials (e, μ) and solver
/// settings switch between the file as written and the file with the
/// toggle's changes, from the frame on screen, as an edit (undo takes it back).
fn toggle(ctx: &mut Context, key: u8) {
    let lesson = &ctx.session.lesson;
    let (lang, w) = (ctx.lang, words(ctx.lang));
    let Some(t) = lesson.toggles.iter().find(|t| t.key == key.to_string()).cloned() else {
        ctx.note = Some(if lesson.toggles.is_empty() { Note::NoToggles { key } } else { Note::NotAToggle { key } });
        return;
    };
    let switched = match lesson.with_sets(&t.sets) {
        Ok(l) => l.scene,
        Err(e) => return ctx.note = Some(Note::ToggleFailed(e.problems[0].clone())),
    };
    let written = lesson.scene.clone();
    ctx.edit(move |s, _, _| {
        let make = |bodies: &[Body]| bodies.iter().map(|b| (b.name.clone(), b.restitution, b.friction)).collect::<Vec<_>>();
        let on = make(&s.world.bodies) == make(&switched.world.bodies)
            && crate::engine::Settings { motion: true, ..s.settings.clone() } == switched.settings;
        let to = if on { &written } else { &switched };
        for b in &mut s.world.bodies {
            if let Some(m) = to.world.bodies.iter().find(|m| m.name == b.name) {
                (b.restitution, b.friction) = (m.restitution, m.friction);
            }
        }
        s.settings = crate::engine::Settings { motion: s.settings.motion, ..to.settings.clone() };
        Ok(format!("{}: {}", t.label(lang), if on { w.toggle_back.to_string() } else { t.sets.join(" ") }))
    });
}

/// The lesson's next (or previous) step, where it is anchored.
fn narrated_step(ctx: &mut Context, forward: bool) {
    let here = (ctx.frame, ctx.phase);
    let lang = ctx.lang;
    let mut steps: Vec<_> =
        ctx.session.lesson.steps.iter().map(|s| (s.frame, s.anchor(), StepTitle::Titled(s.title(lang).to_string()))).collect();
    // In quiz mode the questions are stops too.
    if ctx.class.quiz {
        let questions = ctx.session.lesson.questions.iter().enumerate();
        steps.extend(questions.map(|(i, q)| (q.frame, q.anchor(), StepTitle::Question(i))));
    }
    let mut best: Option<((u64, usize), StepTitle)> = None;
    for (frame, anchor, title) in steps {
        let names: Vec<String> = ctx.session.timeline.bodies(frame).iter().map(|b| b.name.clone()).collect();
        let Some(phase) = find_phase(ctx.session.timeline.frame(frame), &anchor, &names) else { continue };
        let at = (frame, phase);
        let better = |b: (u64, usize)| if forward { at < b } else { at > b };
        if (if forward { at > here } else { at < here }) && best.as_ref().is_none_or(|(b, _)| better(*b)) {
            best = Some((at, title));
        }
    }
    match best {
        Some(((frame, phase), title)) => {
            ctx.go(frame, phase);
            // A step's title may give away what is hidden there ("The early exit: a face with no
            // support point"): an open question is named instead, and presenter mode gives the
            // step's number, its title waiting with its narration.
            let steps = &ctx.session.lesson.steps;
            let title = match ctx.open_here().first() {
                Some(&q) => StepTitle::Question(q),
                None if ctx.class.presenter && ctx.outcome_hidden() => {
                    match steps.iter().position(|s| matches!(&title, StepTitle::Titled(t) if s.title == *t)) {
                        Some(k) => StepTitle::Numbered { k, of: steps.len() },
                        None => title,
                    }
                }
                None => title,
            };
            ctx.note = Some(Note::Step(title));
        }
        None if ctx.session.lesson.steps.is_empty() => ctx.note = Some(Note::NoSteps),
        None => ctx.note = Some(if forward { Note::NoStepAfter } else { Note::NoStepBefore }),
    }
}
