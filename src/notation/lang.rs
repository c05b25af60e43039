//! The two languages a lesson speaks. The source texts are Chinese and their
//! readers are the first audience, so every step can carry `text_zh` beside
//! `text`; a step without it falls back to English rather than going silent.
//! It sits below the scene so that a scene's errors can be said in it too.

crate::named::named! {
    /// The language narration, questions and the screen's words are shown in.
    #[derive(Default, Hash)]
    pub enum Lang {
        #[default]
        En = "en",
        Zh = "zh",
    }
}

impl Lang {
    /// The language a locale variable names (`LC_ALL`, `LC_MESSAGES`, `LANG`,
    /// checked in POSIX order): Chinese for `zh…`, English otherwise.
    pub fn from_locale(var: impl Fn(&str) -> Option<String>) -> Lang {
        let locale = ["LC_ALL", "LC_MESSAGES", "LANG"].into_iter().find_map(|k| var(k).filter(|v| !v.is_empty()));
        if locale.is_some_and(|l| l.starts_with("zh")) { Lang::Zh } else { Lang::En }
    }

    /// The words phase titles and derivations are written in.
    pub fn terms(self) -> &'static crate::notation::Terms {
        match self {
            Lang::En => &crate::notation::terms::EN,
            Lang::Zh => &crate::notation::terms::ZH,
        }
    }

    /// `english` or, in Chinese, `chinese` when the file gives it.
    pub fn pick<'a>(self, english: &'a str, chinese: Option<&'a str>) -> &'a str {
        match (self, chinese) {
            (Lang::Zh, Some(zh)) => zh,
            _ => english,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_locale_picks_chinese_only_for_zh() {
        let env =
            |pairs: &'static [(&'static str, &'static str)]| move |k: &str| pairs.iter().find(|(n, _)| *n == k).map(|(_, v)| v.to_string());
        assert_eq!(Lang::from_locale(env(&[("LANG", "zh_CN.UTF-8")])), Lang::Zh);
        assert_eq!(Lang::from_locale(env(&[("LANG", "zh_CN.UTF-8"), ("LC_ALL", "C")])), Lang::En);
        assert_eq!(Lang::from_locale(env(&[("LC_ALL", ""), ("LANG", "zh_TW")])), Lang::Zh);
        assert_eq!(Lang::from_locale(env(&[])), Lang::En);
        assert_eq!(Lang::Zh.pick("impulse", Some("冲量")), "冲量");
        assert_eq!(Lang::Zh.pick("impulse", None), "impulse");
        assert_eq!(Lang::En.pick("impulse", Some("冲量")), "impulse");
    }
}
