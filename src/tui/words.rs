//! The screen's own words in both languages: one catalogue, so a string the
//! English screen shows cannot be missing from the Chinese one (the compiler
//! checks that both tables fill every field). The lesson's narration is not
//! here; it comes from the lesson file (`text` / `text_zh`).
//!
//! Terms follow the source texts: 冲量 impulse, 法向 normal, 切向 tangent,
//! 恢复系数 restitution, 松弛 relaxation, 帧 frame, 阶段 phase.
//!
//! A template holds `{0}`, `{1}` … where [`fill`] puts its arguments.

use crate::lesson::Lang;

pub struct Words {
    // The menu.
    pub menu_heading: &'static str,
    pub menu_intro: &'static str,
    pub menu_title: &'static str,
    pub menu_keys: &'static str,
    /// {0} the scene left.
    pub menu_back: &'static str,
    /// {0} its frame, {1} `edits_kept` or nothing.
    pub menu_where: &'static str,
    pub edits_kept: &'static str,
    // Panel titles.
    pub edited: &'static str,
    pub scroll_derivation: &'static str,
    pub scroll_narration: &'static str,
    pub totals_title: &'static str,
    pub bodies_title: &'static str,
    pub queue_title: &'static str,
    pub help_title: &'static str,
    pub lesson_title: &'static str,
    pub continued: &'static str,
    pub press_n: &'static str,
    pub playing: &'static str,
    /// In quiz mode, in place of narration that would give the answer away.
    pub narration_held: &'static str,
    pub totals_hidden: &'static str,
    /// {0}, {1} the least width and height; {2}, {3} the terminal's.
    pub too_small: &'static str,
    // The status line.
    pub frame: &'static str,
    pub pass: &'static str,
    pub event: &'static str,
    pub hints: [&'static str; 6],
    pub tangent: &'static str,
    pub correction_off: &'static str,
    pub rate: &'static str,
    pub motion_off: &'static str,
    pub side_tracking_off: &'static str,
    pub vcor_off: &'static str,
    /// {0} measured, {1} asked-for frames a second.
    pub running: &'static str,
    pub save_as: &'static str,
    pub save_as_keys: &'static str,
    /// {0} the file.
    pub write_over: &'static str,
    pub break_on: &'static str,
    pub break_on_keys: &'static str,
    pub go_to_frame: &'static str,
    pub go_to_frame_keys: &'static str,
    pub variant_with: &'static str,
    pub variant_keys: &'static str,
    /// {0} which, {1} how many, {2} its condition.
    pub breakpoint_of: &'static str,
    /// {0} the speed typed.
    pub aim_typed: &'static str,
    /// {0} the speed aimed.
    pub aim: &'static str,
    pub fields_keys: &'static str,
    // The help screen's headings, by scope.
    pub scope_menu: &'static str,
    pub scope_stepper: &'static str,
    pub scope_fields: &'static str,
    pub scope_aim: &'static str,
    pub scope_save_as: &'static str,
    pub scope_overwrite: &'static str,
    pub scope_prompt: &'static str,
    pub scope_breaks: &'static str,
    pub scope_answer: &'static str,
    pub scope_everywhere: &'static str,
    pub mouse: [&'static str; 4],
    // The canvas's legend, on its bottom border; {0} the arrows' names.
    pub legend_directions: &'static str,
    /// {1} what a metre of arrow stands for.
    pub legend_per_metre: &'static str,
    /// {1} how many times longer than true the arrows are drawn.
    pub legend_times: &'static str,
    pub legend_true: &'static str,
    pub legend_per_second: &'static str,
    pub legend_delta_v: &'static str,
    pub legend_spin: &'static str,
    pub legend_key_true: &'static str,
    pub legend_key_fitted: &'static str,
    /// The canvas's view: {0} the body followed.
    pub view_follows: &'static str,
    pub view_fitted: &'static str,
    // The bodies panel and the queue.
    pub wall: &'static str,
    pub fixed: &'static str,
    pub queue_hit: &'static str,
    pub queue_playing: &'static str,
    pub queue_empty: &'static str,
    pub valid: &'static str,
    pub stale: &'static str,
}

pub const EN: Words = Words {
    menu_heading: "impulse — step through 2D rigid-body collisions, one phase at a time",
    menu_intro: "Pick a lesson. Each runs the real engine and stops at every phase to show its numbers.",
    menu_title: " Lessons ",
    menu_keys: " ↑↓ choose · Enter open · ? help · q quit",
    menu_back: "↩ Back to {0}",
    menu_where: "   where you left it: frame {0}{1}",
    edits_kept: ", edits kept",
    edited: " (edited)",
    scroll_derivation: " j/k scroll ",
    scroll_narration: "J/K scroll",
    totals_title: " totals · L chart ",
    bodies_title: " Bodies (Tab selects) ",
    queue_title: " queue: next events ",
    help_title: " Keys (? or Esc closes · j/k scroll) ",
    lesson_title: " Lesson ",
    continued: "(continued)",
    press_n: "Press n to step to the next phase.",
    playing: "playing",
    narration_held: "(the narration follows your answer)",
    totals_hidden: "hidden until the results are shown (R)",
    too_small: "impulse needs a terminal of at least {0}×{1}; this one is {2}×{3}. q quits",
    frame: "frame",
    pass: "pass",
    event: "event",
    hints: ["? help", "q quit", "n/N phase", "f/F frame", "Space run", "e edit"],
    tangent: "tangent",
    correction_off: "correction off",
    rate: "rate",
    motion_off: "motion off",
    side_tracking_off: "side tracking off",
    vcor_off: "vcor off",
    running: "▶ {0} of {1} fps",
    save_as: "Save as",
    save_as_keys: "(Enter save · Esc cancel)",
    write_over: "Write over {0}? y / n",
    break_on: "Break on",
    break_on_keys: "Enter add · ↑↓ history · Esc cancel",
    go_to_frame: "Go to frame",
    go_to_frame_keys: "Enter go · Esc cancel",
    variant_with: "A/B, B with",
    variant_keys: "KEY=VALUE … · Enter run B beside A · Esc cancel",
    breakpoint_of: "Breakpoint {0} of {1}: {2}   (↑↓ choose · Del remove · Esc close)",
    aim_typed: "speed {0}█ m/s: Enter fire · a as an action · Esc cancel",
    aim: "aim {0} m/s: ←→ turn · ↑↓ power · type a speed · Enter fire · a as an action · Esc cancel",
    fields_keys: "↑↓ field · Enter apply · Esc cancel",
    scope_menu: "Lesson menu",
    scope_stepper: "Stepping",
    scope_fields: "Field editor (e)",
    scope_aim: "Aiming a shot (l)",
    scope_save_as: "Save as (Ctrl-S in a lesson)",
    scope_overwrite: "Overwrite?",
    scope_prompt: "Breakpoint (b) or frame (:) prompt",
    scope_breaks: "Breakpoint list (B)",
    scope_answer: "Answering a question (quiz: Q)",
    scope_everywhere: "Everywhere",
    mouse: [
        "select the body under the mouse",
        "scroll the derivation or the narration under the mouse; zoom the scene",
        "aim at the cursor: speed = distance per second",
        "move the scene's view",
    ],
    legend_directions: "{0}: direction only",
    legend_per_metre: "{0}: 1 m = {1}",
    legend_times: "{0}: drawn ×{1}",
    legend_true: "{0}: true size",
    legend_per_second: "{0} × 1 s",
    legend_delta_v: "{0} (Δv) × 1 s",
    legend_spin: "{0} arc: sense only",
    legend_key_true: "V: to scale",
    legend_key_fitted: "V: fitted",
    view_follows: "following {0}",
    view_fitted: "fitted",
    wall: "wall",
    fixed: "static",
    queue_hit: "hit",
    queue_playing: "(playing: the queue shows when paused)",
    queue_empty: "empty: no hit due before the frame's end",
    valid: "valid",
    stale: "stale",
};

pub const ZH: Words = Words {
    menu_heading: "impulse — 逐阶段单步观察二维刚体碰撞",
    menu_intro: "选一课。每课都运行真实的引擎，在每个阶段停下，列出它的数值。",
    menu_title: " 课程 ",
    menu_keys: " ↑↓ 选择 · Enter 打开 · ? 帮助 · q 退出",
    menu_back: "↩ 回到 {0}",
    menu_where: "   离开时在：第 {0} 帧{1}",
    edits_kept: "，修改已保留",
    edited: "（已修改）",
    scroll_derivation: " j/k 滚动 ",
    scroll_narration: "J/K 滚动",
    totals_title: " 总量 · L 图表 ",
    bodies_title: " 物体（Tab 选择） ",
    queue_title: " 队列：接下来的事件 ",
    help_title: " 按键（? 或 Esc 关闭 · j/k 滚动） ",
    lesson_title: " 课程 ",
    continued: "（续）",
    press_n: "按 n 走到下一个阶段。",
    playing: "播放中",
    narration_held: "（回答之后显示讲解）",
    totals_hidden: "结果显示之前隐藏（R 显示）",
    too_small: "impulse 需要至少 {0}×{1} 的终端；当前为 {2}×{3}。按 q 退出",
    frame: "帧",
    pass: "迭代",
    event: "事件",
    hints: ["? 帮助", "q 退出", "n/N 阶段", "f/F 帧", "空格 播放", "e 编辑"],
    tangent: "切向",
    correction_off: "位置修正关",
    rate: "修正率",
    motion_off: "运动关",
    side_tracking_off: "侧向跟踪关",
    vcor_off: "vcor 关",
    running: "▶ {0}/{1} 帧每秒",
    save_as: "另存为",
    save_as_keys: "（Enter 保存 · Esc 取消）",
    write_over: "覆盖 {0}？y / n",
    break_on: "断点条件",
    break_on_keys: "Enter 添加 · ↑↓ 历史 · Esc 取消",
    go_to_frame: "跳到帧",
    go_to_frame_keys: "Enter 跳转 · Esc 取消",
    variant_with: "A/B，B 取",
    variant_keys: "KEY=VALUE … · Enter 在 A 旁运行 B · Esc 取消",
    breakpoint_of: "断点 {0}/{1}：{2}   （↑↓ 选择 · Del 删除 · Esc 关闭）",
    aim_typed: "速度 {0}█ m/s：Enter 发射 · a 作为动作 · Esc 取消",
    aim: "瞄准 {0} m/s：←→ 转向 · ↑↓ 力度 · 输入速度 · Enter 发射 · a 作为动作 · Esc 取消",
    fields_keys: "↑↓ 字段 · Enter 应用 · Esc 取消",
    scope_menu: "课程菜单",
    scope_stepper: "单步",
    scope_fields: "字段编辑（e）",
    scope_aim: "瞄准击球（l）",
    scope_save_as: "另存为（课程中 Ctrl-S）",
    scope_overwrite: "覆盖？",
    scope_prompt: "断点（b）或跳帧（:）输入",
    scope_breaks: "断点列表（B）",
    scope_answer: "回答问题（测验：Q）",
    scope_everywhere: "任何时候",
    mouse: ["选择鼠标下的物体", "滚动鼠标下的推导或讲解；缩放场景", "瞄准光标：速度 = 每秒的距离", "移动场景的视野"],
    legend_directions: "{0}：仅表示方向",
    legend_per_metre: "{0}：1 m 表示 {1}",
    legend_times: "{0}：放大 {1} 倍",
    legend_true: "{0}：真实大小",
    legend_per_second: "{0} × 1 s",
    legend_delta_v: "{0}（Δv）× 1 s",
    legend_spin: "{0} 弧：仅表示转向",
    legend_key_true: "V：真实比例",
    legend_key_fitted: "V：适配长度",
    view_follows: "跟随 {0}",
    view_fitted: "适配",
    wall: "墙",
    fixed: "静止",
    queue_hit: "碰撞",
    queue_playing: "（播放中：暂停时显示队列）",
    queue_empty: "空：本帧结束前没有碰撞",
    valid: "有效",
    stale: "过期",
};

pub fn words(lang: Lang) -> &'static Words {
    match lang {
        Lang::En => &EN,
        Lang::Zh => &ZH,
    }
}

/// `template` with `{0}`, `{1}` … replaced by `args`, in order.
pub fn fill(template: &str, args: &[&dyn std::fmt::Display]) -> String {
    let mut out = template.to_string();
    for (i, a) in args.iter().enumerate() {
        out = out.replace(&format!("{{{i}}}"), &a.to_string());
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn templates_take_the_same_arguments_in_both_languages() {
        let pairs = [
            (EN.menu_back, ZH.menu_back, 1),
            (EN.menu_where, ZH.menu_where, 2),
            (EN.too_small, ZH.too_small, 4),
            (EN.running, ZH.running, 2),
            (EN.write_over, ZH.write_over, 1),
            (EN.breakpoint_of, ZH.breakpoint_of, 3),
            (EN.aim_typed, ZH.aim_typed, 1),
            (EN.aim, ZH.aim, 1),
        ];
        for (en, zh, n) in pairs {
            for t in [en, zh] {
                for i in 0..n {
                    assert!(t.contains(&format!("{{{i}}}")), "{t} lacks {{{i}}}");
                }
                assert!(!t.contains(&format!("{{{n}}}")), "{t} has more than {n} arguments");
            }
        }
        assert_eq!(fill("{0} of {1}", &[&3, &"four"]), "3 of four");
    }
}
