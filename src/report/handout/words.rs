//! The handout's own fixed words, in English and Chinese. Narration comes from
//! the lesson (`text` / `text_zh`); these are the headings, table columns and
//! picture legends around it. The Chinese terms are the source texts' own:
//! 冲量 impulse, 法向 normal, 切向 tangent, 恢复系数 restitution, 相对速度
//! relative velocity, 接触点 contact point, 比例尺 scale bar.

use crate::lesson::Lang;

/// One fixed word or phrase of the handout in both languages.
pub struct Word {
    pub en: &'static str,
    pub zh: &'static str,
}

impl Word {
    pub fn get(&self, lang: Lang) -> &'static str {
        match lang {
            Lang::En => self.en,
            Lang::Zh => self.zh,
        }
    }
}

macro_rules! words {
    ($($name:ident = $en:literal, $zh:literal;)*) => {
        $(pub const $name: Word = Word { en: $en, zh: $zh };)*
        /// Every word, for the test that each has both languages.
        #[cfg(test)]
        pub const ALL: &[Word] = &[$($name),*];
    };
}

words! {
    COLON = ": ", "：";
    FULL_STOP = ".", "。";
    LIST_COMMA = ", ", "，";
    SOURCE = "Source", "出处";
    WORLD = "World", "世界";
    WORKSHEET = "worksheet", "练习";
    BODIES = "The bodies at the start", "初始状态";
    BODY = "body", "物体";
    SHAPE = "shape", "形状";
    MASS = "mass", "质量";
    POSITION = "position", "位置";
    ANGLE = "angle", "角度";
    VELOCITY = "velocity", "速度";
    SPIN = "ω", "角速度 ω";
    RESTITUTION = "e", "恢复系数 e";
    FRICTION = "μ", "摩擦系数 μ";
    CIRCLE = "circle, radius", "圆，半径";
    BOX = "box", "矩形";
    WALL = "wall from", "墙，从";
    TO = "to", "到";
    STATIC = "static", "固定";
    STATE = "State of the bodies", "物体状态";
    MORE_BODIES = "bodies not listed: ", "未列出的物体：";
    LEFT_OUT = "No room on the picture for: ", "图中放不下的标注：";
    UNLABELLED = "unlabelled: ", "未标注：";
    BEFORE_AFTER = "before → after", "前 → 后";
    TOTALS = "Totals (L about the origin)", "总量（L 对原点）";
    L_MOVED = "L is taken about the origin (0, 0): the correction moved bodies without changing their velocities, and m·x×v changes with x",
        "L 是对原点 (0, 0) 取的：位置修正移动了物体而没有改变速度，而 m·x×v 随 x 改变";
    NUMBERS_TO_VERIFY = "Numbers to verify", "核对数值";
    OTHER_RUN = "This handout shows a run other than the one its narration was written for",
        "本讲义所示的运行与讲解所依据的运行不同";
    SETTINGS_CHANGED = "changed", "改动";
    CHECKS_DIFFER = "checks give other numbers than the narration; the steps they concern are marked ⚠, and the numbers to verify are this run's",
        "项检查的数值与讲解不同；相关步骤标有 ⚠，核对数值为本次运行的数值";
    STEP_DIFFERS = "The narration's numbers do not hold in this run", "讲解中的数值在本次运行中不成立";
    NARRATION_SAYS = "the narration says", "讲解写的是";
    RUN_GIVES = "this run gives", "本次运行得到";
    ANSWERS_TO_FIND = "Answers to find", "待求的量";
    QUESTIONS = "Questions", "问题";
    QUESTION = "Question", "问题";
    WITH = "with", "设置";
    HELD_BACK = "Part of the narration works out the answers; it is left out here and is in the teacher's handout.",
        "讲解中有一部分给出了答案，此处略去，见教师版。";
    WORK_HERE = "Work it out here:", "演算：";
    SETUP = "The set-up", "初始布置";
    NO_EVENTS = "Nothing touched in the frames run.", "所运行的帧内没有发生接触。";
    MORE_PHASES = "more phases of this frame did something; `impulse run` shows them all.",
        "个阶段（本帧其余）也有作用；`impulse run` 可全部列出。";
    WHICH_FRAMES = "A section for each frame in which a contact begins or an action acts (at most 8); frames searched:",
        "每个开始接触或施加作用的帧一节（至多 8 节），所查帧数：";
    MORE_FRAMES = "The handout stops after 8 such frames; `impulse run` traces every frame.",
        "讲义只列出前 8 个这样的帧；`impulse run` 可查看每一帧。";
    OUT_OF_TIME = "The search stopped at its time budget of 5 s (frames that reach the event limit take long); `impulse run` traces every frame. Frames searched:",
        "搜索达到 5 秒的时间上限后停止（达到事件上限的帧很费时）；`impulse run` 可查看每一帧。已查帧数：";
    PICTURE = "Picture", "图";
    NOTHING_CHANGED = "This phase changed no body, so it has no picture.", "本阶段没有改变任何物体，因此不配图。";
    // Picture legends.
    SCALE_BAR = "scale bar", "比例尺";
    VELOCITY_SCALE = "velocity", "速度";
    IMPULSE_SCALE = "impulse", "冲量";
    UNIT_VECTORS = "unit vectors drawn", "单位向量画作";
    LONG = "long", "长";
    SHIFT_SCALE = "displacement", "位移";
    NORMAL = "normal", "法向";
    TANGENT = "tangent", "切向";
    RELATIVE_VELOCITY = "relative velocity", "相对速度";
    IMPULSE = "impulse", "冲量";
    CONTACT_POINT = "contact point", "接触点";
    ARM = "arm", "力臂";
    CORRECTION = "correction", "位置修正";
    AFTER = "after the phase (dashed)", "本阶段之后（虚线）";
    BEFORE_V = "velocity before (dashed)", "之前的速度（虚线）";
    AFTER_V = "velocity after", "之后的速度";
    FORCE = "force", "力";
    DEPTH = "depth", "穿透深度";
    SUPPORT = "support point", "支撑点";
    LEAST = "least penetration", "最小穿透";
    FACE = "face", "面";
    EDGE = "edge", "边";
    NEAREST = "nearest point", "最近点";
    DIST = "dist", "距离";
    Y_UP = "y up", "y 向上";
    Y_DOWN = "y down", "y 向下";
    MAGNIFIED = "drawn", "画作";
    // The lesson player (`page`).
    PAGE_KEYS = "→ or Space: the next line, then the next step · ←: back · Home, End: the first and last screen",
        "→ 或空格：下一行，然后下一步 · ←：后退 · Home、End：第一屏和最后一屏";
    ANSWER = "Your answer", "你的答案";
    CHECK = "Check", "检查";
    RIGHT = "right", "正确";
    EMPTY_ANSWER = "type an answer", "请输入答案";
    CLOSE_ASKS = "close: within 10 %, but this asks for", "很接近：在 10 % 以内，但这里要求";
    FAR_OFF = "not right: more than 10 % off", "不对：相差超过 10 %";
    CHECKED_HERE = "The page checks an answer as the quiz of `impulse lesson` does; it does not hold the answer, which is in the teacher's handout.",
        "本页按 `impulse lesson` 测验的规则判断答案；页面中不含答案，答案见教师版。";
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_word_has_both_languages() {
        for w in ALL {
            assert!(!w.en.is_empty() && !w.zh.is_empty(), "{}", w.en);
            assert_ne!(w.en, w.zh, "{} is not translated", w.en);
        }
        let n = super::super::MAX_FRAMES.to_string();
        assert!(MORE_FRAMES.en.contains(&n) && MORE_FRAMES.zh.contains(&n));
        assert!(WHICH_FRAMES.en.contains(&n) && WHICH_FRAMES.zh.contains(&n));
        let budget = super::super::SEARCH_BUDGET.as_secs().to_string();
        assert!(OUT_OF_TIME.en.contains(&budget) && OUT_OF_TIME.zh.contains(&budget));
    }
}
