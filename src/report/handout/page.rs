//! The lesson player: the handout as one self-contained HTML page, a screen
//! per step for a projector, that prints as the handout on paper.
//!
//! It is the same handout (`build`'s Markdown and pictures), not a second
//! one: the Markdown is read back with pulldown-cmark and laid out a screen
//! per numbered section — the picture inline beside the narration, the
//! derivation (revealed a line at a time), the bodies' table and the totals.
//! What comes before the first step is the first screen, the numbers to
//! verify and the questions left over the last. The page makes no request:
//! raw HTML in the Markdown (a name in a user's scene) is shown as text, a
//! link as its words, and only the handout's own pictures are drawn.
//!
//! The student's version asks each question at its step in a box that judges
//! an answer in the page (`player.js`) as the quiz of `impulse lesson` does:
//! the same reading of units, decimal commas and vectors, the same tolerance
//! and the same named slips (wrong sign, wrong unit, swapped, off by a
//! factor). The page never holds the answer. It holds salted hashes of the
//! cells of a grid in (log |v|, direction) whose centres lie within the
//! tolerance of the answer; an answer is right when its own cell is one of
//! them. The grid's cells are a sixth of the tolerance wide, so an answer
//! within a sixth of the tolerance of the edge may be judged otherwise than
//! the quiz would. A slip is found by hashing the answer as the slip would
//! have left it (negated, swapped, scaled by 2, 10 or 1 + e); "close" by a
//! coarser grid of the 10 % around the answer. How far off an answer is, and
//! in which direction, is not said: that would need the answer. Reading the
//! source gives nothing away; a program that tries every cell could find it,
//! as a student could by trying numbers, so the page is a worksheet that
//! checks itself, not an examination.

use super::svg::escape;
use super::{Built, Options, SEARCH_BUDGET, build_asking, words};
use crate::engine::Value;
use crate::lesson::question::{CLOSE, ROUND_OFF, factors, read_error, wrong_dimension_as};
use crate::lesson::{Grade, Lang, Lesson, Truth};
use crate::notation::units::{self, NAMED, NO_PREFIX, PREFIXES, ReadError, UNITS};
use crate::scene::SceneError;
use pulldown_cmark::{CodeBlockKind, Event, HeadingLevel, Parser, Tag, TagEnd};
use serde_json::json;
use std::fmt::Write;

const STYLE: &str = include_str!("player.css");
const SCRIPT: &str = include_str!("player.js");

/// How many grid cells span the tolerance either side of the answer.
const CELLS: f64 = 6.0;

/// Where the page puts question `i`'s answer box (from 0): a line the
/// handout writes in its place of the room to work, when it makes a page.
pub fn answer_mark(i: usize) -> String {
    format!("{MARK_START}{i}{MARK_END}")
}

const MARK_START: &str = "<div class=\"answer\" data-question=\"";
const MARK_END: &str = "\"></div>";

/// The page's file name for lesson (or scene) `id`.
pub fn page_name(options: &Options, id: &str) -> String {
    if options.student { format!("{id}-student.html") } else { format!("{id}.html") }
}

/// `impulse handout --format html`: runs the scene and makes the page.
pub fn build(scene: &Lesson, options: Options, frames: Option<u64>) -> Result<String, SceneError> {
    Ok(page(scene, options, &handout(scene, options, frames)?))
}

/// The handout a page is made of: in the student's, each question at a step
/// marked where its box goes.
pub fn handout(scene: &Lesson, options: Options, frames: Option<u64>) -> Result<Built, SceneError> {
    build_asking(scene, options, frames, SEARCH_BUDGET, options.student)
}

/// The page of a built handout.
pub fn page(scene: &Lesson, options: Options, built: &Built) -> String {
    let lang = options.lang;
    let blocks = blocks(&built.markdown, built);
    let title = blocks.iter().find_map(|b| match b {
        Block::Heading(HeadingLevel::H1, _, text) => Some(text.clone()),
        _ => None,
    });
    let mut html = String::new();
    let lang_tag = if lang == Lang::Zh { "zh-Hans" } else { "en" };
    writeln!(
        html,
        "<!DOCTYPE html>\n<html lang=\"{lang_tag}\">\n<head>\n<meta charset=\"utf-8\">\n\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n\
         <meta http-equiv=\"Content-Security-Policy\" content=\"default-src 'none'; style-src 'unsafe-inline'; script-src 'unsafe-inline'; img-src data:\">\n\
         <title>{}</title>\n<style>\n{STYLE}</style>\n</head>\n<body>\n<main>",
        escape(title.as_deref().unwrap_or("impulse"))
    )
    .unwrap();
    for (k, screen) in screens(blocks, built.steps).iter().enumerate() {
        screen.write(&mut html, k, lang);
    }
    writeln!(html, "</main>").unwrap();
    writeln!(
        html,
        "<nav><button type=\"button\" data-go=\"back\" aria-label=\"back\">←</button><span id=\"where\"></span>\
         <button type=\"button\" data-go=\"forward\" aria-label=\"forward\">→</button><span class=\"keys\">{}</span></nav>",
        escape(words::PAGE_KEYS.get(lang))
    )
    .unwrap();
    let data = data(scene, options, built);
    // Inside a script element only "</" could end it early.
    let data = serde_json::to_string(&data).expect("the page's data is JSON").replace("</", "<\\/");
    writeln!(html, "<script type=\"application/json\" id=\"impulse-data\">{data}</script>").unwrap();
    writeln!(html, "<script>\n{SCRIPT}</script>\n</body>\n</html>").unwrap();
    html
}

/// A block of the handout at the top level of its Markdown.
enum Block {
    /// Its level, its HTML and its plain text.
    Heading(HeadingLevel, String, String),
    /// A picture, inline.
    Figure(String),
    /// A derivation's lines, each escaped.
    Derivation(Vec<String>),
    /// Where question `i` is answered.
    Answer(usize),
    Other(String),
}

/// The handout's Markdown as top-level blocks, made safe: raw HTML becomes
/// text, links their words, and an image that is not one of the handout's
/// pictures its alt text.
fn blocks(markdown: &str, built: &Built) -> Vec<Block> {
    let parser = Parser::new_ext(markdown, pulldown_cmark::Options::ENABLE_TABLES);
    let mut out = Vec::new();
    let mut held: Vec<Event> = Vec::new();
    let mut depth = 0usize;
    let mut image: Option<String> = None;
    for event in parser {
        let event = match event {
            Event::Start(Tag::Link { .. }) | Event::End(TagEnd::Link) => continue,
            Event::Start(Tag::Image { dest_url, .. }) => {
                image = Some(dest_url.to_string());
                depth += 1;
                held.push(Event::Start(Tag::Emphasis));
                continue;
            }
            Event::End(TagEnd::Image) => {
                depth -= 1;
                held.push(Event::End(TagEnd::Emphasis));
                continue;
            }
            Event::Html(text) | Event::InlineHtml(text) => {
                let mark = text.trim().strip_prefix(MARK_START).and_then(|rest| rest.strip_suffix(MARK_END));
                let asked = mark.and_then(|n| n.parse::<usize>().ok()).filter(|i| built.asked.iter().any(|(q, _)| q == i));
                match asked {
                    Some(i) if depth <= 1 => {
                        out.push(Block::Answer(i));
                        continue;
                    }
                    _ => Event::Text(text),
                }
            }
            Event::Start(Tag::HtmlBlock) | Event::End(TagEnd::HtmlBlock) => continue,
            other => other,
        };
        match &event {
            Event::Start(_) => depth += 1,
            Event::End(_) => depth -= 1,
            _ => {}
        }
        held.push(event);
        if depth == 0 {
            let events = std::mem::take(&mut held);
            out.push(block(events, image.take(), built));
        }
    }
    out
}

fn block(events: Vec<Event>, image: Option<String>, built: &Built) -> Block {
    if let Some(file) = image
        && let Some((k, picture)) = built.pictures.iter().enumerate().find(|(_, p)| p.file == file)
    {
        let caption: String = events.iter().filter_map(|e| if let Event::Text(t) = e { Some(t.to_string()) } else { None }).collect();
        return Block::Figure(format!("<figure>{}<figcaption>{}</figcaption></figure>", inline_svg(&picture.svg, k), escape(&caption)));
    }
    let text = || events.iter().filter_map(|e| if let Event::Text(t) | Event::Code(t) = e { Some(t.to_string()) } else { None });
    match events.first() {
        Some(Event::Start(Tag::CodeBlock(CodeBlockKind::Fenced(_) | CodeBlockKind::Indented))) => {
            let body: String = text().collect();
            Block::Derivation(body.lines().map(escape).collect())
        }
        Some(Event::Start(Tag::Heading { level, .. })) => {
            let level = *level;
            let plain: String = text().collect();
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, events.into_iter());
            Block::Heading(level, html, plain)
        }
        _ => {
            let mut html = String::new();
            pulldown_cmark::html::push_html(&mut html, events.into_iter());
            Block::Other(html)
        }
    }
}

/// A picture inside the page: its ids made its own (every picture names
/// its groups alike), and without a size of its own, so the page sizes it.
fn inline_svg(svg: &str, k: usize) -> String {
    let svg = svg.trim_start_matches(|c| c != '<');
    let svg = if svg.starts_with("<?xml") { svg.split_once("?>").map_or(svg, |(_, rest)| rest.trim_start()) } else { svg };
    svg.replace(" id=\"", &format!(" id=\"picture-{k}-")).replacen("<svg ", "<svg role=\"img\" preserveAspectRatio=\"xMidYMid meet\" ", 1)
}

/// One screen of the page.
struct Screen {
    id: String,
    heading: Option<String>,
    figures: Vec<String>,
    rest: Vec<Block>,
}

/// The blocks as screens: what comes before the first numbered section, a
/// screen for each of the `steps` sections, and one for what follows them.
fn screens(blocks: Vec<Block>, steps: usize) -> Vec<Screen> {
    let mut out: Vec<Screen> = vec![Screen { id: "start".to_string(), heading: None, figures: Vec::new(), rest: Vec::new() }];
    let mut sections = 0;
    for b in blocks {
        if let Block::Heading(HeadingLevel::H2, html, _) = &b {
            if sections < steps {
                sections += 1;
                out.push(Screen { id: format!("step-{sections}"), heading: Some(html.clone()), figures: Vec::new(), rest: Vec::new() });
                continue;
            }
            if sections == steps {
                sections += 1;
                out.push(Screen { id: "end".to_string(), heading: None, figures: Vec::new(), rest: Vec::new() });
            }
        }
        let screen = out.last_mut().expect("the first screen is made above");
        match b {
            Block::Figure(f) => screen.figures.push(f),
            b => screen.rest.push(b),
        }
    }
    out
}

impl Screen {
    fn write(&self, html: &mut String, k: usize, lang: Lang) {
        let kind = if self.id.starts_with("step-") { "step" } else { self.id.as_str() };
        let hidden = if k == 0 { "" } else { " hidden" };
        writeln!(html, "<section class=\"screen {kind}\" id=\"{}\"{hidden}>", self.id).unwrap();
        if let Some(heading) = &self.heading {
            html.push_str(heading);
        }
        let layout = if self.figures.is_empty() { "single" } else { "split" };
        writeln!(html, "<div class=\"body {layout}\">").unwrap();
        if !self.figures.is_empty() {
            writeln!(html, "<div class=\"figures\">{}</div>", self.figures.concat()).unwrap();
        }
        writeln!(html, "<div class=\"text\">").unwrap();
        let mut open = false;
        for b in &self.rest {
            if !matches!(b, Block::Derivation(_)) && open {
                html.push_str("</div>\n");
                open = false;
            }
            match b {
                Block::Heading(_, h, _) | Block::Other(h) => html.push_str(h),
                Block::Figure(f) => html.push_str(f),
                Block::Answer(i) => answer_box(html, *i, lang),
                Block::Derivation(lines) => {
                    if !open {
                        html.push_str("<div class=\"derivation\">\n");
                        open = true;
                    }
                    for line in lines {
                        writeln!(html, "<div class=\"line\">{line}</div>").unwrap();
                    }
                }
            }
        }
        if open {
            html.push_str("</div>\n");
        }
        writeln!(html, "</div>\n</div>\n</section>").unwrap();
    }
}

/// The box a student answers question `i` in; choices are filled in by the
/// script from the page's data.
fn answer_box(html: &mut String, i: usize, lang: Lang) {
    writeln!(
        html,
        "<form class=\"answer\" data-question=\"{i}\" autocomplete=\"off\"><label>{}<input name=\"typed\" spellcheck=\"false\"></label>\
         <button type=\"submit\">{}</button><output></output></form>",
        escape(words::ANSWER.get(lang)),
        escape(words::CHECK.get(lang)),
    )
    .unwrap();
}

/// What the script needs: the units (the quiz's own tables), the words of
/// its feedback, and for each question asked at a step how to judge it.
fn data(scene: &Lesson, options: Options, built: &Built) -> serde_json::Value {
    let lang = options.lang;
    let which = usize::from(lang == Lang::Zh);
    let angle = units::parse_unit("rad").ok().and_then(|u| u.dim.name()).map_or("", |n| n[which]);
    let questions: serde_json::Map<String, serde_json::Value> = if options.student {
        built.asked.iter().map(|(i, truth)| (i.to_string(), question(scene, *i, truth.as_ref(), lang))).collect()
    } else {
        serde_json::Map::new()
    };
    json!({
        "units": UNITS.iter().map(|(s, f, d)| json!([s, f, d])).collect::<Vec<_>>(),
        "prefixes": PREFIXES,
        "no_prefix": NO_PREFIX,
        "named": NAMED.iter().map(|(d, n)| json!([d, n[which]])).collect::<Vec<_>>(),
        "angle": angle,
        "round_off": ROUND_OFF,
        "words": {
            "right": words::RIGHT.get(lang),
            "empty": words::EMPTY_ANSWER.get(lang),
            "far_off": words::FAR_OFF.get(lang),
        },
        "questions": questions,
    })
}

/// How the page judges question `i`, holding no answer: see the module's words.
fn question(scene: &Lesson, i: usize, truth: Option<&Truth>, lang: Lang) -> serde_json::Value {
    let q = &scene.questions[i];
    let salt = salt(scene, i);
    if let Some(correct) = q.correct_index() {
        return json!({
            "kind": "choice",
            "salt": salt,
            "choices": q.choices(lang),
            "correct": format!("{:x}", hash(&format!("{salt}|choice|{correct}"))),
            "other": Grade::OtherChoice.feedback(None, 0.0, lang),
        });
    }
    let Some(truth) = truth else { return json!({ "kind": "none" }) };
    let answer: Vec<f64> = match truth.value {
        Value::Scalar(x) => vec![x],
        Value::Vector(v) => vec![v.x, v.y],
        _ => return json!({ "kind": "none" }),
    };
    let tol = q.tolerance();
    let grid = tol.max(1e-12) / CELLS;
    let close_grid = CLOSE / CELLS;
    let wanted = answer.len();
    let feedback = |g: Grade| g.feedback(Some(truth), tol, lang);
    let pct = crate::notation::num(crate::notation::significant(tol * 100.0, 2));
    json!({
        "kind": if wanted == 2 { "vector" } else { "number" },
        "salt": salt,
        "unit": truth.unit,
        "grid": grid,
        "right": cells(&answer, tol, grid).iter().map(|c| format!("{:x}", hash(&format!("{salt}|{c}")))).collect::<Vec<_>>(),
        "close_grid": close_grid,
        "close": cells(&answer, CLOSE, close_grid).iter().map(|c| format!("{:x}", hash(&format!("{salt}|close|{c}")))).collect::<Vec<_>>(),
        "factors": factors(truth.restitution.map(|(e, _)| e)).into_iter().map(|(factor, restitution)| json!({
            "by": factor,
            "small": feedback(Grade::Factor { factor, restitution, too_large: false }),
            "large": feedback(Grade::Factor { factor, restitution, too_large: true }),
        })).collect::<Vec<_>>(),
        "said": {
            "sign": feedback(Grade::WrongSign),
            "swapped": feedback(Grade::Swapped),
            "unit_worth": feedback(Grade::WrongUnit { unit: "\u{1}".into(), worth: Some("\u{2}".into()) }),
            "unit_other": Grade::WrongUnit { unit: "\u{1}".into(), worth: None }.feedback(None, tol, lang),
            "dimension": wrong_dimension_as("\u{1}", "\u{2}", truth, lang),
            "not_a_number": read_error(ReadError::NotANumber(String::new()), wanted, "\u{1}", lang),
            "unknown_unit": read_error(ReadError::UnknownUnit("\u{1}".into()), wanted, "", lang),
            "repeated": read_error(ReadError::Repeated("\u{1}".into(), "\u{2}".into()), wanted, "", lang),
            "close": format!("{} ±{pct} %", words::CLOSE_ASKS.get(lang)),
        },
    })
}

/// A question's salt: its lesson and number, so that two questions with
/// the same answer do not share hashes.
fn salt(scene: &Lesson, i: usize) -> String {
    let id = scene.section.as_ref().map_or("scene", |l| l.id.as_str());
    format!("{:x}", hash(&format!("impulse|{id}|{i}")))
}

/// The grid cell of a number or vector: its sign (a number) or direction (a
/// vector) and the logarithm of its size, in steps of `grid`; "0" within
/// round-off of zero. The script computes the same.
fn cell(v: &[f64], grid: f64) -> String {
    let size = v.iter().map(|x| x * x).sum::<f64>().sqrt();
    if size <= ROUND_OFF {
        return "0".to_string();
    }
    let r = (size.ln() / grid).floor() as i64;
    match v {
        [x] => format!("{}{r}", if *x < 0.0 { "-" } else { "+" }),
        _ => format!("{r}:{}", (v[1].atan2(v[0]) / grid).floor() as i64),
    }
}

/// The cells whose centres lie within `tol` (a share of its size) of `answer`.
fn cells(answer: &[f64], tol: f64, grid: f64) -> Vec<String> {
    let size = answer.iter().map(|x| x * x).sum::<f64>().sqrt();
    let within = |v: &[f64]| {
        let d = v.iter().zip(answer).map(|(a, b)| (a - b) * (a - b)).sum::<f64>().sqrt();
        d <= tol * size || d <= ROUND_OFF
    };
    let mut out = Vec::new();
    if within(&vec![0.0; answer.len()]) {
        out.push("0".to_string());
    }
    if size <= ROUND_OFF {
        return out;
    }
    // The sizes and directions the disc around the answer spans, a cell more
    // either way; a tolerance of the whole answer reaches zero: from a
    // thousandth of it (nearer zero, a cell of round-off).
    let low = (size * (1.0 - tol).max(1e-3)).ln();
    let high = (size * (1.0 + tol)).ln();
    let (r0, r1) = ((low / grid).floor() as i64 - 1, (high / grid).floor() as i64 + 1);
    let mut add = |v: Vec<f64>| {
        if within(&v) {
            let c = cell(&v, grid);
            if !out.contains(&c) {
                out.push(c);
            }
        }
    };
    for r in r0..=r1 {
        let radius = ((r as f64 + 0.5) * grid).exp();
        match answer {
            [x] => add(vec![radius.copysign(*x)]),
            _ => {
                let heading = answer[1].atan2(answer[0]);
                let spread = tol.min(1.0).asin() + grid;
                let (a0, a1) = (((heading - spread) / grid).floor() as i64, ((heading + spread) / grid).floor() as i64);
                for a in a0..=a1 {
                    let angle = (a as f64 + 0.5) * grid;
                    add(vec![radius * angle.cos(), radius * angle.sin()]);
                }
            }
        }
    }
    out
}

/// cyrb53, a small 53-bit string hash (the script has the same), over the
/// UTF-16 code units of `text`, as JavaScript sees a string.
fn hash(text: &str) -> u64 {
    let (mut h1, mut h2): (u32, u32) = (0xdead_beef, 0x41c6_ce57);
    for unit in text.encode_utf16() {
        let c = u32::from(unit);
        h1 = (h1 ^ c).wrapping_mul(2_654_435_761);
        h2 = (h2 ^ c).wrapping_mul(1_597_334_677);
    }
    h1 = (h1 ^ (h1 >> 16)).wrapping_mul(2_246_822_507);
    h1 ^= (h2 ^ (h2 >> 13)).wrapping_mul(3_266_489_909);
    h2 = (h2 ^ (h2 >> 16)).wrapping_mul(2_246_822_507);
    h2 ^= (h1 ^ (h1 >> 13)).wrapping_mul(3_266_489_909);
    (u64::from(h2 & 0x1f_ffff) << 32) | u64::from(h1)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The values published with cyrb53, so that the script's agrees.
    #[test]
    fn the_hash_is_cyrb53() {
        assert_eq!(hash("a"), 7_929_297_801_672_961);
        assert_eq!(hash(""), 3_338_908_027_751_811);
        assert_eq!(hash("中文"), 2_187_728_443_839_274);
    }

    #[test]
    fn the_cells_of_an_answer_hold_it_and_not_its_slips() {
        let grid = 0.01 / CELLS;
        let right = cells(&[6.0], 0.01, grid);
        for typed in [6.0, 6.05, 5.95, 6.0 * 1.008] {
            assert!(right.contains(&cell(&[typed], grid)), "{typed}");
        }
        for typed in [-6.0, 6.2, 5.8, 12.0, 0.0] {
            assert!(!right.contains(&cell(&[typed], grid)), "{typed}");
        }
        let v = [-2.448, -2.264];
        let right = cells(&v, 0.01, grid);
        assert!(right.contains(&cell(&[-2.45, -2.26], grid)));
        assert!(!right.contains(&cell(&[-2.264, -2.448], grid)), "swapped");
        assert!(!right.contains(&cell(&[2.448, 2.264], grid)), "reversed");
        assert_eq!(cells(&[0.0], 0.01, grid), ["0"]);
    }
}
