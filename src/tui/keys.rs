//! The key map: one table that both dispatches keys and writes the help screen.

use super::app::{Mode, Msg};
use super::words::{Words, words};
use crate::lesson::Lang;
use crate::session::line::LineKey;
use crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

/// Where a binding applies.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Scope {
    Menu,
    Stepper,
    /// The field editor (`e`): typing goes into the field.
    Fields,
    Aim,
    /// Typing a file name to save to.
    SaveAs,
    Overwrite,
    /// Typing a breakpoint's condition or a frame number.
    Prompt,
    /// The breakpoint list (`B`).
    Breaks,
    /// Answering a quiz question: every key is typed into the answer.
    Answer,
    /// Every prompt where text is typed: the line editor's keys.
    Typing,
    /// Menu, stepper, aiming and the overwrite question; not where text is typed.
    Everywhere,
    /// Every screen, typing included.
    Always,
}

impl Scope {
    pub fn of(mode: &Mode) -> Scope {
        match mode {
            Mode::Step => Scope::Stepper,
            Mode::Fields(_) => Scope::Fields,
            Mode::Aim(_) => Scope::Aim,
            Mode::SaveAs(_) => Scope::SaveAs,
            Mode::Overwrite(_) => Scope::Overwrite,
            Mode::Prompt(_) => Scope::Prompt,
            Mode::Breaks(_) => Scope::Breaks,
            Mode::Answer(_) => Scope::Answer,
        }
    }

    fn types_text(self) -> bool {
        matches!(self, Scope::Fields | Scope::SaveAs | Scope::Prompt | Scope::Answer)
    }

    fn includes(self, binding: Scope) -> bool {
        binding == self
            || binding == Scope::Always
            || (binding == Scope::Everywhere && !self.types_text())
            || (binding == Scope::Typing && self.types_text())
    }

    /// The heading of this scope's part of the help screen.
    pub fn title(self, w: &Words) -> &'static str {
        match self {
            Scope::Menu => w.scope_menu,
            Scope::Stepper => w.scope_stepper,
            Scope::Fields => w.scope_fields,
            Scope::Aim => w.scope_aim,
            Scope::SaveAs => w.scope_save_as,
            Scope::Overwrite => w.scope_overwrite,
            Scope::Prompt => w.scope_prompt,
            Scope::Breaks => w.scope_breaks,
            Scope::Answer => w.scope_answer,
            Scope::Typing => w.scope_prompt,
            Scope::Everywhere | Scope::Always => w.scope_everywhere,
        }
    }
}

pub struct Binding {
    pub keys: &'static [(KeyCode, KeyModifiers)],
    /// How the keys are written on the help screen.
    pub label: &'static str,
    /// What they do, in English and in Chinese.
    pub help: [&'static str; 2],
    pub msg: Msg,
    pub scope: Scope,
}

const NONE: KeyModifiers = KeyModifiers::NONE;
const CTRL: KeyModifiers = KeyModifiers::CONTROL;

macro_rules! bind {
    ($scope:ident, $label:literal, $help:literal, $help_zh:literal, $msg:expr, [$(($code:expr, $mods:expr)),+]) => {
        Binding { keys: &[$(($code, $mods)),+], label: $label, help: [$help, $help_zh], msg: $msg, scope: Scope::$scope }
    };
}

use KeyCode::*;

pub static KEYMAP: &[Binding] = &[
    bind!(Stepper, "n →", "next phase", "下一个阶段", Msg::NextPhase, [(Char('n'), NONE), (Right, NONE)]),
    bind!(Stepper, "N ←", "previous phase", "上一个阶段", Msg::PrevPhase, [(Char('N'), NONE), (Left, NONE)]),
    bind!(Stepper, "f ]", "next frame", "下一帧", Msg::NextFrame, [(Char('f'), NONE), (Char(']'), NONE)]),
    bind!(Stepper, "F [", "previous frame", "上一帧", Msg::PrevFrame, [(Char('F'), NONE), (Char('['), NONE)]),
    bind!(Stepper, "g", "first frame", "第一帧", Msg::First, [(Char('g'), NONE)]),
    bind!(Stepper, "G", "last frame run so far", "已运行到的最后一帧", Msg::Last, [(Char('G'), NONE)]),
    bind!(Stepper, "Space", "run / pause", "播放 / 暂停", Msg::ToggleRun, [(Char(' '), NONE)]),
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
    bind!(Stepper, "e", "edit its values (a wall: its two ends)", "编辑它的数值（墙：两个端点）", Msg::EditFields, [(Char('e'), NONE)]),
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
    bind!(Fields, "↓ Tab", "next field", "下一个字段", Msg::FieldNext, [(Down, NONE), (Tab, NONE)]),
    bind!(Fields, "↑ Shift-Tab", "previous field", "上一个字段", Msg::FieldPrev, [(Up, NONE), (BackTab, NONE)]),
    bind!(
        Fields,
        "← → Space",
        "on a setting: its previous / next choice",
        "设置项：上一个 / 下一个取值",
        Msg::Cycle(1),
        [(Char(' '), NONE)]
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
    bind!(Fields, "Enter", "check and apply every field", "检查并应用所有字段", Msg::Accept, [(Enter, NONE)]),
    bind!(Fields, "Esc", "cancel: nothing changes", "取消：不做改变", Msg::Cancel, [(Esc, NONE)]),
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
    bind!(SaveAs, "Enter", "save to the file named", "保存到所给的文件", Msg::Accept, [(Enter, NONE)]),
    bind!(SaveAs, "Esc", "cancel", "取消", Msg::Cancel, [(Esc, NONE)]),
    bind!(Prompt, "Enter", "add the breakpoint / go / rename", "添加断点 / 跳到该帧 / 改名", Msg::Accept, [(Enter, NONE)]),
    bind!(Prompt, "↑ ↓", "older / newer conditions typed before", "更早 / 更近输入过的条件", Msg::History(-1), [(Up, NONE)]),
    bind!(Prompt, "", "", "", Msg::History(1), [(Down, NONE)]),
    bind!(Prompt, "Esc", "cancel", "取消", Msg::Cancel, [(Esc, NONE)]),
    bind!(Breaks, "↓ ↑", "next / previous breakpoint", "下一个 / 上一个断点", Msg::Pick(1), [(Down, NONE), (Char('j'), NONE)]),
    bind!(Breaks, "", "", "", Msg::Pick(-1), [(Up, NONE), (Char('k'), NONE)]),
    bind!(Breaks, "Del d", "remove it", "删除它", Msg::Delete, [(Delete, NONE), (Char('d'), NONE)]),
    bind!(Breaks, "Esc", "close the list", "关闭列表", Msg::Cancel, [(Esc, NONE)]),
    bind!(Answer, "Enter", "check the answer against the run", "用运行结果核对答案", Msg::Accept, [(Enter, NONE)]),
    bind!(Answer, "Tab", "a hint (the lesson's, then the formula)", "提示（先是课程的，再是公式）", Msg::Hint, [(Tab, NONE)]),
    bind!(Answer, "PgDn PgUp", "scroll the derivation", "推导向下 / 向上滚动", Msg::ScrollDown, [(PageDown, NONE)]),
    bind!(Answer, "", "", "", Msg::ScrollUp, [(PageUp, NONE)]),
    bind!(Answer, "Esc", "answer later (then ! shows the answer)", "稍后回答（之后 ! 显示答案）", Msg::Cancel, [(Esc, NONE)]),
    bind!(Overwrite, "y", "write over the file", "覆盖文件", Msg::Yes, [(Char('y'), NONE)]),
    bind!(Overwrite, "n Esc", "keep the file as it is", "保留原文件", Msg::No, [(Char('n'), NONE), (Esc, NONE)]),
    bind!(Menu, "↓ j", "next lesson", "下一课", Msg::MenuDown, [(Down, NONE), (Char('j'), NONE)]),
    bind!(Menu, "↑ k", "previous lesson", "上一课", Msg::MenuUp, [(Up, NONE), (Char('k'), NONE)]),
    bind!(Menu, "Enter", "open the lesson", "打开课程", Msg::Open, [(Enter, NONE)]),
    bind!(Menu, "Esc", "back to the scene you left (↩)", "回到离开的场景（↩）", Msg::Back, [(Esc, NONE)]),
    // The line editor of every prompt, after each prompt's own keys.
    bind!(Typing, "← → Home End", "move in the text", "在文字中移动", Msg::Line(LineKey::Left), [(Left, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Right), [(Right, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Home), [(Home, NONE), (Char('a'), CTRL)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::End), [(End, NONE), (Char('e'), CTRL)]),
    bind!(Typing, "Backspace Del", "erase before / under the cursor", "删除光标前 / 光标处的字符", Msg::Erase, [(Backspace, NONE)]),
    bind!(Typing, "", "", "", Msg::Line(LineKey::Delete), [(Delete, NONE)]),
    bind!(Typing, "Ctrl-U", "clear", "清空", Msg::ClearField, [(Char('u'), CTRL)]),
    bind!(Everywhere, "?", "show / hide this help (j/k scroll it)", "显示 / 隐藏帮助（j/k 滚动）", Msg::Help, [(Char('?'), NONE)]),
    bind!(Everywhere, "q", "quit", "退出", Msg::Quit, [(Char('q'), NONE)]),
    bind!(Always, "Ctrl-C", "quit", "退出", Msg::Quit, [(Char('c'), CTRL)]),
];

/// What the mouse does, for the help screen (the clicks arrive as `Msg::Click`):
/// the scope, the button and which of [`Words::mouse`] says what it does.
static MOUSE: &[(Scope, &str, usize)] =
    &[(Scope::Stepper, "click", 0), (Scope::Stepper, "wheel", 1), (Scope::Stepper, "drag", 3), (Scope::Aim, "click", 2)];

/// The help screen's lines for a scope: (keys, what they do). A binding with
/// an empty label shares the line above it (`< >`).
pub fn help_lines(scope: Scope, lang: Lang) -> Vec<(&'static str, &'static str)> {
    let which = usize::from(lang == Lang::Zh);
    let keys = KEYMAP.iter().filter(|b| scope.includes(b.scope) && !b.label.is_empty()).map(|b| (b.label, b.help[which]));
    let mouse = MOUSE.iter().filter(|m| m.0 == scope).map(|m| (m.1, words(lang).mouse[m.2]));
    keys.chain(mouse).collect()
}

/// The binding for a key press. The character already tells Shift apart
/// (`n` / `N`), so only Ctrl is compared. Where text is typed, a plain
/// character no binding takes is typed.
pub fn lookup(key: KeyEvent, scope: Scope) -> Option<Msg> {
    // Esc followed quickly by a letter arrives as Alt and the letter: it is
    // not the letter (Esc x turned a body). Ctrl-Alt is AltGr on some
    // keyboards, which types a character.
    if key.modifiers.contains(KeyModifiers::ALT) && !key.modifiers.contains(KeyModifiers::CONTROL) {
        return match key.code {
            Char(c) => Some(Msg::Alt(c)),
            _ => None,
        };
    }
    let ctrl = key.modifiers & KeyModifiers::CONTROL;
    let bound = KEYMAP
        .iter()
        .filter(|b| scope.includes(b.scope))
        .find(|b| b.keys.iter().any(|&(code, m)| code == key.code && m == ctrl))
        .map(|b| b.msg);
    match key.code {
        Char(c) if bound.is_none() && ctrl.is_empty() && scope.types_text() => Some(Msg::Input(c)),
        // Aiming takes a typed speed, and q and ? keep their meaning.
        Char(c) if bound.is_none() && ctrl.is_empty() && scope == Scope::Aim && (c.is_ascii_digit() || c == '.' || c == '-') => {
            Some(Msg::Input(c))
        }
        Char(c) if bound.is_none() && ctrl.is_empty() => Some(Msg::Unbound(c)),
        _ => bound,
    }
}
