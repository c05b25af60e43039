//! The words a phase's title and a derivation are written in. The trace, the
//! files, checks and breakpoints name things in English (`contact`, `depth`,
//! `resolve`); a screen or a handout in Chinese writes the same things in the
//! source texts' terms. Symbols, units and body names are never translated.

use crate::engine::{Method, PhaseKind, Tangent};

/// An action's words ([`crate::notation::action_text_in`]).
pub struct ActionWords {
    pub force: &'static str,
    pub torque: &'static str,
    pub impulse: &'static str,
    pub angular_impulse: &'static str,
    /// {0} the velocity.
    pub velocity: &'static str,
    pub at_centre: &'static str,
    /// {0} the point.
    pub at: &'static str,
    pub one_frame: &'static str,
    /// {0} how many.
    pub frames: &'static str,
    /// {0} the body, {1} the action.
    pub on: &'static str,
}

pub struct Terms {
    /// A phase kind's name.
    pub kind: fn(PhaseKind) -> &'static str,
    /// A collision method's name.
    pub method: fn(Method) -> &'static str,
    /// A friction tangent's name.
    pub tangent: fn(Tangent) -> &'static str,
    /// {0} the pass; {0} the event.
    pub pass: &'static str,
    pub event: &'static str,
    pub frame_start: &'static str,
    pub frame_end: &'static str,
    pub after_event: &'static str,
    pub to_event: &'static str,
    pub yes: &'static str,
    pub no: &'static str,
    pub none: &'static str,
    /// Quantities named by a word, as this language writes them.
    pub names: &'static [(&'static str, &'static str)],
    /// The words of formula templates (remarks, and results given in words),
    /// English first: a template equal to one, or holding one of several
    /// words, is written with its translation.
    pub remarks: &'static [(&'static str, &'static str)],
    /// The separating axis test's table: what its letters are, its column
    /// heads (face, normal, first corner, support), a group's heading ({0} the
    /// body whose faces, {1} the other), and the marks of the deciding face.
    pub face_legend: &'static str,
    pub face_heads: [&'static str; 4],
    pub face_group: &'static str,
    pub face_least: &'static str,
    pub face_separates: &'static str,
    /// {0} the columns a narrow panel leaves out.
    pub face_narrow: &'static str,
    pub action: ActionWords,
}

pub const EN: Terms = Terms {
    kind: PhaseKind::name,
    method: Method::name,
    tangent: Tangent::name,
    pass: "pass {0}",
    event: "event {0}",
    frame_start: "frame start",
    frame_end: "frame end",
    after_event: "after event {0}",
    to_event: "to event {0}",
    yes: "yes",
    no: "no",
    none: "none",
    names: &[],
    remarks: &[],
    face_legend: "how far behind each face (normal n, first corner f) the support point s, the other body's deepest corner, lies",
    face_heads: ["face", "normal n", "first corner f (m)", "support s (m)"],
    face_group: "{0}'s faces, {1}'s corners:",
    face_least: "least",
    face_separates: "separates",
    face_narrow: "(too narrow for {0}: see impulse run)",
    action: ActionWords {
        force: "force",
        torque: "torque",
        impulse: "impulse",
        angular_impulse: "angular impulse",
        velocity: "velocity set to {0} m/s",
        at_centre: "at the centre",
        at: "at {0}",
        one_frame: "1 frame",
        frames: "{0} frames",
        on: "action on {0}: {1}",
    },
};

/// The source texts' own terms: 冲量 impulse, 法向 normal, 松弛 relaxation.
pub const ZH: Terms = Terms {
    kind: kind_zh,
    method: method_zh,
    tangent: tangent_zh,
    pass: "第 {0} 轮",
    event: "事件 {0}",
    frame_start: "帧首",
    frame_end: "帧末",
    after_event: "事件 {0} 之后",
    to_event: "到事件 {0}",
    yes: "是",
    no: "否",
    none: "无",
    names: &[
        ("along", "沿边"),
        ("along end", "沿边终点"),
        ("along start", "沿边起点"),
        ("approaching", "正在接近"),
        ("beside", "旁侧"),
        ("bodies", "物体数"),
        ("bounds touch", "包围圆相交"),
        ("candidates", "候选对数"),
        ("contact", "接触"),
        ("depth", "深度"),
        ("distance", "距离"),
        ("edge end", "边终点"),
        ("edge normal", "边法线"),
        ("edge start", "边起点"),
        ("end", "终点"),
        ("event", "事件"),
        ("fallback", "后备"),
        ("flipped", "已翻转"),
        ("gap", "间隙"),
        ("hit", "碰撞"),
        ("inserted", "入队"),
        ("invalid", "失效"),
        ("largest queue", "最长队列"),
        ("least penetration", "最小穿透"),
        ("limit", "上限"),
        ("listed again", "再次列入"),
        ("margin", "余量"),
        ("more", "更多"),
        ("moved", "已移动"),
        ("nearer than r", "近于 r"),
        ("nearest edge", "最近的边"),
        ("nearest is", "最近的是"),
        ("nearest point", "最近点"),
        ("nearest", "最近点"),
        ("new candidates", "新候选对"),
        ("normal", "法线"),
        ("out", "外距"),
        ("outcome", "结果"),
        ("pairs", "物体对"),
        ("point", "点"),
        ("popped", "出队"),
        ("queued", "已入队"),
        ("radius sum", "半径和"),
        ("region", "区域"),
        ("second depth", "第二深度"),
        ("second end", "第二终点"),
        ("second start", "第二起点"),
        ("separating axis", "分离轴"),
        ("side", "侧"),
        ("stale", "过期"),
        ("start", "起点"),
        ("t back", "回退时间"),
        ("tunnelled", "已穿越"),
        ("two points", "两点"),
        ("valid", "有效"),
        ("velocities", "速度"),
        ("rate", "修正率"),
        ("now", "此刻"),
        ("from", "从"),
        ("to", "到"),
        ("v set", "设定 v"),
        ("tangent", "切向部分"),
    ],
    remarks: &[
        ("half the smallest moving body's bounding radius", "最小运动物体包围圆半径的一半"),
        ("j fixed: m_j → ∞", "j 固定：m_j → ∞"),
        ("i fixed: m_i → ∞", "i 固定：m_i → ∞"),
        ("capped: no more than stops sliding", "封顶：不超过止住滑动所需"),
        ("within the cap", "未超上限"),
        ("v_rel·t after the normal impulse", "法向冲量之后的 v_rel·t"),
        ("after the normal impulse", "法向冲量之后"),
        ("after both normal impulses", "两个法向冲量之后"),
        ("applied now", "本次施加"),
        ("the end is fixed: m → ∞", "端点固定：m → ∞"),
        ("negated: vrt < 0", "取反：vrt < 0"),
        ("this point's share of the two-point solve", "本点在两点求解中的份额"),
        ("0: both fixed", "0：两者都固定"),
        ("1: the ball was not moved back along its path", "1：球没有沿路径退回"),
        ("no disc of it has bounced since it was made", "事件生成之后其中的圆盘都没有反弹过"),
        ("a disc of it has bounced since it was made", "事件生成之后其中有圆盘反弹过"),
        ("clipped: the incident face's other end", "裁剪：入射面的另一端"),
        ("distance of the centre from the wall's line", "球心到墙所在直线的距离"),
        ("fixed", "固定"),
        ("friction is off", "摩擦已关闭"),
        ("n⊥: friction's sum may take either sign", "n⊥：摩擦的累计可正可负"),
        ("popped, but stale: skipped", "已出队，但已过期：跳过"),
        ("set by an action", "由动作设定"),
        ("sign of dist·N at the start of the frame", "帧首时 dist·N 的符号"),
        ("still the same contact: above 0.9", "仍是同一接触：大于 0.9"),
        ("t ≤ the frame's end", "t ≤ 帧末"),
        ("the frame's end: every body moves there (algs4's redraw)", "帧末：所有物体都移到这里（algs4 的 redraw）"),
        ("the normal impulses of the two points not yet applied, this one's included", "两点中尚未施加的法向冲量，包括本点"),
        (
            "the smaller of vrn when the solve began and at this point's first visit (0 when warm-started)",
            "求解开始时与本点首次访问时 vrn 的较小者（热启动时为 0）",
        ),
        ("the wall's unit normal, toward the disc", "墙的单位法线，指向圆盘"),
        ("the whole list built again", "整张名单重建"),
        ("Σjn·n + Σjt·t at the end of the last frame", "上一帧末的 Σjn·n + Σjt·t"),
        ("has no sliding part", "没有滑动分量"),
        ("no sliding", "没有滑动"),
        ("angle between", "夹角："),
        ("and the wall", "与墙"),
        ("the wall's normal, turned so", "墙的法线，取向使"),
        ("beside the edge", "在边的旁侧"),
        ("beside the wall", "在墙的旁侧"),
        ("the balls already move apart: the overlap is shared by inverse mass, not bounced", "两球已在分开：重叠按质量倒数分摊，不反弹"),
        ("more bodies, by the same formula", "个物体，公式相同"),
        ("no hit", "未碰撞"),
        ("the wall's face", "墙面"),
        ("the wall's first end (|b1| < r)", "墙的第一个端点（|b1| < r）"),
        ("the wall's second end (|b2| < r)", "墙的第二个端点（|b2| < r）"),
        ("hit", "碰撞"),
        ("none", "无"),
        ("wall", "墙"),
        ("pair", "球对"),
        ("none: ", "无："),
        ("frame end", "帧末"),
        ("centre inside the box", "圆心在矩形内"),
        ("past the edge's first corner", "越过边的第一个顶点"),
        ("past the edge's second corner", "越过边的第二个顶点"),
        ("not closing: no hit", "没有靠近：不会碰撞"),
        ("the centre meets the line beyond the wall's end: no hit on the face", "圆心与直线相交处在墙端之外：不会碰到墙面"),
        (" has bounced since: its count was ", " 此后反弹过：事件生成时计数为 "),
        (" when the event was made, ", "，现在为 "),
        (" now", ""),
        ("no corner of ", ""),
        (" lies behind ", " 没有顶点位于 "),
        ("'s face ", " 的面 "),
        (": it separates", " 后方：它是分离轴"),
        (" face ", " 的面 "),
        ("… and ", "……另有 "),
        (" more", " 对"),
    ],
    face_legend: "每个面（法线 n，第一个顶点 f）后方，支撑点 s（另一物体最深的顶点）有多远",
    face_heads: ["面", "法线 n", "第一个顶点 f (m)", "支撑点 s (m)"],
    face_group: "{0} 的面，{1} 的顶点：",
    face_least: "最小",
    face_separates: "分离",
    face_narrow: "（太窄，放不下 {0}：见 impulse run）",
    action: ActionWords {
        force: "力",
        torque: "力矩",
        impulse: "冲量",
        angular_impulse: "角冲量",
        velocity: "速度设为 {0} m/s",
        at_centre: "作用于中心",
        at: "作用于 {0}",
        one_frame: "持续 1 帧",
        frames: "持续 {0} 帧",
        on: "作用于 {0} 的动作：{1}",
    },
};

fn kind_zh(kind: PhaseKind) -> &'static str {
    match kind {
        PhaseKind::Forces => "受力",
        PhaseKind::Broad => "宽相位",
        PhaseKind::Detect => "检测",
        PhaseKind::Correct => "位置修正",
        PhaseKind::Resolve => "求解",
        PhaseKind::Integrate => "积分",
        PhaseKind::Warm => "热启动",
        PhaseKind::Move => "移动",
        PhaseKind::Reposition => "回退",
        PhaseKind::VelocityCorrection => "速度修正",
        PhaseKind::Bounce => "反弹",
        PhaseKind::Endpoint => "端点",
        PhaseKind::Predict => "预测",
        PhaseKind::Event => "事件",
    }
}

/// The methods as the texts' Chinese readers name them: relaxation (松弛),
/// putting back (回退, as the phase), jumping from event to event.
fn method_zh(method: Method) -> &'static str {
    match method {
        Method::Relaxation => "松弛法",
        Method::Reposition => "回退法",
        Method::EventDriven => "事件驱动法",
    }
}

/// The rough-balls article's three tangents: the normal turned a quarter,
/// the same with its sign fixed, and the sliding direction projected.
fn tangent_zh(tangent: Tangent) -> &'static str {
    match tangent {
        Tangent::RotatedNormal => "法向旋转",
        Tangent::SignFixed => "符号修正",
        Tangent::Projected => "投影",
    }
}

impl Terms {
    /// A quantity's name as this language writes it.
    pub fn name<'a>(&self, name: &'a str) -> &'a str {
        self.names.iter().find(|(en, _)| *en == name).map_or(name, |(_, shown)| shown)
    }
}

impl Terms {
    /// A formula template in this language's words: a whole template that is
    /// a remark is replaced, and a phrase of several words inside one too
    /// (a single word only as the whole template, so `fixed` stays inside
    /// `j fixed`'s translation alone).
    /// A result given as a word ("hit", "beside the edge"), in this language.
    pub fn text(&self, text: &str) -> String {
        self.template(text)
    }

    pub fn template(&self, template: &str) -> String {
        if let Some((_, zh)) = self.remarks.iter().find(|(en, _)| *en == template) {
            return zh.to_string();
        }
        let mut out = template.to_string();
        for (en, zh) in self.remarks.iter().filter(|(en, _)| en.contains(' ')) {
            out = out.replace(en, zh);
        }
        out
    }
}

/// `template` with `{0}` replaced by `n`.
pub fn with_number(template: &str, n: impl std::fmt::Display) -> String {
    template.replace("{0}", &n.to_string())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_has_a_chinese_name_and_every_word_one_translation() {
        for kind in [PhaseKind::Forces, PhaseKind::VelocityCorrection, PhaseKind::Event] {
            assert!(!kind_zh(kind).is_ascii());
        }
        assert_eq!(
            ZH.text("no corner of block lies behind plank's face 2: it separates"),
            "block 没有顶点位于 plank 的面 2 后方：它是分离轴"
        );
        assert_eq!(ZH.text("block face 1"), "block 的面 1");
        assert_eq!(ZH.text("the wall's face"), "墙面");
        let mut seen = std::collections::HashSet::new();
        assert!(ZH.names.iter().all(|(en, zh)| seen.insert(*en) && !zh.is_ascii()));
    }
}
