//! The lesson player in headless Chromium (`cargo test --features browser
//! --test it browser`; `.ci/run` installs chromium and chromium-driver and
//! runs it as a step of its own). For every lesson, both versions and both
//! languages: the page opens at its first screen, the keys step it a line
//! and a screen at a time, `#step-N` opens step N, and nothing is fetched;
//! in the student's page each question's box judges answers as `impulse
//! lesson`'s quiz does (a table of typed answers judged by the page's script
//! and by `lesson::judge`, kind of slip and words alike) and says right or
//! wrong to what is typed into it. Screenshots of a step at 1280×720 and
//! 1920×1080 and the printed teacher's page are left in the target folder
//! to look at.
//!
//! Chromium is driven through chromedriver's WebDriver HTTP interface with a
//! small client over a socket here, so the test needs no crate beyond base64.

use base64::Engine;
use impulse::engine::Value;
use impulse::lesson::{self, Lang, Lesson, QuestionEntry, Truth, judge};
use impulse::report::handout::{Options, page};
use serde_json::{Value as Json, json};
use std::collections::BTreeMap;
use std::io::{Read, Write};
use std::net::TcpStream;
use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::{Duration, Instant};

const RIGHT: &str = "\u{E014}";
const LEFT: &str = "\u{E012}";
const HOME: &str = "\u{E011}";
const END: &str = "\u{E010}";
const SPACE: &str = "\u{E00D}";
const ENTER: &str = "\u{E007}";

/// A Chromium session through chromedriver, ended when dropped.
struct Browser {
    port: u16,
    driver: Child,
    session: String,
}

impl Browser {
    fn start() -> Browser {
        let port = std::net::TcpListener::bind("127.0.0.1:0").unwrap().local_addr().unwrap().port();
        let driver = Command::new(std::env::var("CHROMEDRIVER").unwrap_or_else(|_| "chromedriver".into()))
            .arg(format!("--port={port}"))
            .stdout(Stdio::null())
            .stderr(Stdio::null())
            .spawn()
            .expect("chromedriver is not installed: apt-get install chromium chromium-driver (.ci/run does)");
        let mut b = Browser { port, driver, session: String::new() };
        let started = Instant::now();
        while TcpStream::connect(("127.0.0.1", port)).is_err() {
            assert!(started.elapsed() < Duration::from_secs(30), "chromedriver did not start");
            std::thread::sleep(Duration::from_millis(100));
        }
        // Debian's /usr/bin/chromium is a shell script that chromedriver waits on; the program itself is in /usr/lib.
        let chromium = std::env::var("CHROMIUM").unwrap_or_else(|_| "/usr/lib/chromium/chromium".into());
        let args =
            ["--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--disable-dev-shm-usage", "--window-size=1280,720"];
        let caps =
            json!({"capabilities": {"alwaysMatch": {"browserName": "chrome", "goog:chromeOptions": {"binary": chromium, "args": args}}}});
        let made = b.http("POST", "/session", Some(caps));
        b.session = made["value"]["sessionId"].as_str().unwrap_or_else(|| panic!("no session: {made}")).to_string();
        b
    }

    /// One request and its answer, read to the length chromedriver gives
    /// (it never chunks an answer, and may keep the connection open).
    fn http(&self, method: &str, path: &str, body: Option<Json>) -> Json {
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let mut s = TcpStream::connect(("127.0.0.1", self.port)).unwrap();
        write!(s, "{method} {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: {}\r\n\r\n{body}", body.len())
            .unwrap();
        let mut answer = Vec::new();
        let mut chunk = [0u8; 65536];
        let (head, length) = loop {
            let n = s.read(&mut chunk).unwrap();
            assert!(n > 0, "{method} {path}: the connection closed before an answer");
            answer.extend_from_slice(&chunk[..n]);
            if let Some(end) = answer.windows(4).position(|w| w == b"\r\n\r\n") {
                let head = String::from_utf8_lossy(&answer[..end]).to_lowercase();
                let length = head.lines().find_map(|l| l.strip_prefix("content-length:")).map(|l| l.trim().parse::<usize>().unwrap());
                break (end + 4, length.unwrap_or_else(|| panic!("{method} {path}: no length: {head}")));
            }
        };
        while answer.len() < head + length {
            let n = s.read(&mut chunk).unwrap();
            assert!(n > 0, "{method} {path}: the answer was cut short");
            answer.extend_from_slice(&chunk[..n]);
        }
        let body = String::from_utf8_lossy(&answer[head..head + length]);
        let json: Json = serde_json::from_str(&body).unwrap_or_else(|e| panic!("{method} {path}: {e}: {body}"));
        if let Some(error) = json["value"]["error"].as_str() {
            panic!("{method} {path}: {error}: {}", json["value"]["message"]);
        }
        json
    }

    fn command(&self, method: &str, what: &str, body: Option<Json>) -> Json {
        self.http(method, &format!("/session/{}/{what}", self.session), body)["value"].take()
    }

    fn js(&self, script: &str, args: Json) -> Json {
        self.command("POST", "execute/sync", Some(json!({"script": script, "args": args})))
    }

    fn go(&self, url: &str) {
        self.command("POST", "url", Some(json!({"url": url})));
    }

    fn keys(&self, keys: &[&str]) {
        let actions: Vec<Json> =
            keys.iter().flat_map(|k| [json!({"type": "keyDown", "value": k}), json!({"type": "keyUp", "value": k})]).collect();
        self.command("POST", "actions", Some(json!({"actions": [{"type": "key", "id": "keyboard", "actions": actions}]})));
    }

    fn element(&self, css: &str) -> String {
        let found = self.command("POST", "element", Some(json!({"using": "css selector", "value": css})));
        found.as_object().and_then(|o| o.values().next()).and_then(Json::as_str).unwrap().to_string()
    }

    fn viewport(&self, width: u32, height: u32) {
        let params = json!({"width": width, "height": height, "deviceScaleFactor": 1, "mobile": false});
        self.command("POST", "goog/cdp/execute", Some(json!({"cmd": "Emulation.setDeviceMetricsOverride", "params": params})));
    }

    fn screenshot(&self, file: &Path) {
        let png = self.command("GET", "screenshot", None);
        std::fs::write(file, base64::engine::general_purpose::STANDARD.decode(png.as_str().unwrap()).unwrap()).unwrap();
    }

    fn print(&self) -> Vec<u8> {
        let pdf = self.command("POST", "print", Some(json!({"background": true})));
        base64::engine::general_purpose::STANDARD.decode(pdf.as_str().unwrap()).unwrap()
    }

    /// Which screen is shown, how many of its lines, and which screens are not hidden.
    fn state(&self) -> (String, u64, Vec<String>) {
        let s = self.js(
            "return [document.body.dataset.screen, Number(document.body.dataset.line), \
             Array.from(document.querySelectorAll('section.screen')).filter(s => !s.hidden).map(s => s.id)]",
            json!([]),
        );
        let visible = s[2].as_array().unwrap().iter().map(|x| x.as_str().unwrap().to_string()).collect();
        (s[0].as_str().unwrap().to_string(), s[1].as_u64().unwrap(), visible)
    }

    /// Whether line `k` (from 0) of the shown screen's derivation can be seen.
    fn line_visible(&self, k: usize) -> bool {
        let script = "const s = document.getElementById(document.body.dataset.screen); \
                      const l = s.querySelectorAll('.derivation .line')[arguments[0]]; \
                      return getComputedStyle(l).visibility === 'visible';";
        self.js(script, json!([k])).as_bool().unwrap()
    }
}

impl Drop for Browser {
    fn drop(&mut self) {
        if !self.session.is_empty() {
            let _ =
                std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| self.http("DELETE", &format!("/session/{}", self.session), None)));
        }
        let _ = self.driver.kill();
        let _ = self.driver.wait();
    }
}

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(|l| l.unwrap_or_else(|e| panic!("{e}"))).collect()
}

/// A page made and written, with what the test needs to know of it.
struct Made {
    what: String,
    url: String,
    steps: usize,
    asked: Vec<(usize, Option<Truth>)>,
}

fn make(scene: &Lesson, lang: Lang, student: bool, dir: &Path) -> Made {
    let id = scene.section.as_ref().unwrap().id.clone();
    let options = Options { lang, student, pictures: true, all: false };
    let built = page::handout(scene, options, None).unwrap();
    let html = page::page(scene, options, &built);
    let file = dir.join(format!("{lang:?}-{}", page::page_name(&options, &id)));
    std::fs::write(&file, html).unwrap();
    Made {
        what: format!("{id} {lang:?} student={student}"),
        url: format!("file://{}", file.display()),
        steps: built.steps,
        asked: built.asked,
    }
}

/// rough-balls asking for vectors, as no lesson does yet: v_rel at the
/// resolve and m1's velocity after it.
fn vectors() -> Lesson {
    let mut scene = lesson::find("rough-balls").unwrap();
    let numbers: Vec<&mut lesson::QuestionEntry> = scene.questions.iter_mut().filter(|q| q.answer.is_some()).collect();
    assert_eq!(numbers.len(), 2, "rough-balls asks for vrt and m1's spin");
    for (q, vector) in numbers.into_iter().zip(["v_rel", "m1.velocity"]) {
        q.answer = Some(vector.to_string());
    }
    scene.section.as_mut().unwrap().id = "rough-balls-vectors".to_string();
    scene
}

/// Keys and fragments: the first screen, End and Home, a line at a time
/// with → and Space, back with ←, into the next step and back, `#step-N`.
fn steps_with_keys(b: &Browser, m: &Made) {
    let what = &m.what;
    b.go(&m.url);
    assert_eq!(b.state(), ("start".into(), 0, vec!["start".into()]), "{what}: opens at its first screen");
    b.keys(&[END]);
    assert_eq!(b.state().0, "end", "{what}: End");
    b.keys(&[HOME]);
    assert_eq!(b.state().0, "start", "{what}: Home");
    b.keys(&[RIGHT]);
    assert_eq!(b.state(), ("step-1".into(), 0, vec!["step-1".into()]), "{what}: → from the first screen");
    let lines = b.js("return document.querySelectorAll('#step-1 .derivation .line').length", json!([])).as_u64().unwrap() as usize;
    if lines > 0 {
        assert!(!b.line_visible(0), "{what}: no line shown yet");
    }
    for k in 1..=lines.min(3) {
        b.keys(&[if k % 2 == 1 { RIGHT } else { SPACE }]);
        assert_eq!(b.state().1 as usize, k, "{what}: line {k}");
        assert!(b.line_visible(k - 1), "{what}: line {k} shown");
        if k < lines {
            assert!(!b.line_visible(k), "{what}: line {} not yet", k + 1);
        }
    }
    let shown = lines.min(3);
    if shown > 0 {
        b.keys(&[LEFT]);
        assert_eq!(b.state().1 as usize, shown - 1, "{what}: ← hides the last line");
        assert!(!b.line_visible(shown - 1), "{what}: hidden again");
    }
    if m.steps >= 2 {
        let rest: Vec<&str> = std::iter::repeat_n(RIGHT, lines - shown.saturating_sub(1) + 1).collect();
        b.keys(&rest);
        assert_eq!(b.state(), ("step-2".into(), 0, vec!["step-2".into()]), "{what}: → past the last line");
        b.keys(&[LEFT]);
        assert_eq!(b.state(), ("step-1".into(), lines as u64, vec!["step-1".into()]), "{what}: ← back, every line shown");
        assert_eq!(b.js("return location.hash", json!([])), "#step-1", "{what}: the fragment follows");
    }
    // A fragment within the page, and one the page is opened at.
    let last = format!("step-{}", m.steps);
    b.keys(&[HOME]);
    b.go(&format!("{}#{last}", m.url));
    assert_eq!(b.state(), (last.clone(), 0, vec![last.clone()]), "{what}: #{last}");
    b.go("about:blank");
    let second = format!("step-{}", m.steps.min(2));
    b.go(&format!("{}#{second}", m.url));
    assert_eq!(b.state(), (second.clone(), 0, vec![second]), "{what}: opened at the fragment");
    let fetched = b.js("return performance.getEntriesByType('resource').map(r => r.name)", json!([]));
    assert_eq!(fetched, json!([]), "{what}: nothing fetched");
}

/// Typed answers to a number question, each a way a learner writes one or slips.
fn table(truth: &Truth) -> Vec<String> {
    let v: Vec<f64> = match truth.value {
        Value::Scalar(x) => vec![x],
        Value::Vector(v) => vec![v.x, v.y],
        _ => return Vec::new(),
    };
    let show = |v: &[f64]| if v.len() == 1 { format!("{}", v[0]) } else { format!("({}, {})", v[0], v[1]) };
    let times = |k: f64| v.iter().map(|x| x * k).collect::<Vec<f64>>();
    let unit = truth.unit;
    let mut t = vec![show(&v), show(&times(-1.0)), show(&times(2.0)), show(&times(0.5)), show(&times(10.0))];
    t.extend([show(&times(1.05)), show(&times(1.5)), show(&times(4.0)), show(&times(1.002))]);
    t.extend([format!("{} kg", show(&v)), format!("{} kg", show(&times(3.0))), format!("{}x", show(&v)), "abc".into(), "".into()]);
    // Full-width forms, as a Chinese input method types them.
    let wide: String =
        show(&v).chars().map(|c| if c.is_ascii_graphic() { char::from_u32(c as u32 + 0xFEE0).unwrap() } else { c }).collect();
    t.push(wide);
    if v.len() == 1 {
        t.push(show(&v).replace('.', ","));
        t.push(format!("{}..5", show(&v)));
    } else {
        t.push(format!("({}; {})", v[0].to_string().replace('.', ","), v[1].to_string().replace('.', ",")));
        t.push(show(&[v[1], v[0]]));
        t.push(show(&v[..1]));
    }
    if unit.is_empty() {
        t.push(format!("{} %", show(&times(100.0))));
    } else {
        t.push(format!("{} {unit}", show(&v)));
        t.push(format!("{} m{unit}", show(&times(1000.0))));
        t.push(format!("{} k{unit}", show(&times(0.001))));
        t.push(format!("{} {unit} {unit}", show(&v)));
    }
    t
}

/// What `lesson::judge` says: the grade's key (or "error") and its words.
fn rust_judges(q: &QuestionEntry, truth: Option<&Truth>, typed: &str, lang: Lang) -> (String, String) {
    match judge(q, truth, typed, lang) {
        Ok(j) => (j.grade.key().to_string(), j.grade.feedback(truth, q.tolerance(), lang)),
        Err(e) => ("error".to_string(), e),
    }
}

/// The page's script and the quiz judge each typed answer alike; the count judged.
fn boxes_judge_as_the_quiz(
    b: &Browser,
    scene: &Lesson,
    m: &Made,
    lang: Lang,
    differ: &mut Vec<String>,
    keys: &mut BTreeMap<String, usize>,
) -> usize {
    let mut n = 0;
    for (i, truth) in &m.asked {
        let q = &scene.questions[*i];
        let typed: Vec<String> = match &q.choices {
            Some(c) => (1..=c.len()).map(|k| k.to_string()).collect(),
            None => truth.as_ref().map(table).unwrap_or_default(),
        };
        let page: Vec<Json> = typed.iter().map(|t| b.js("return window.impulseJudge(arguments[0], arguments[1])", json!([i, t]))).collect();
        for (t, js) in typed.iter().zip(page) {
            n += 1;
            let (key, said) = rust_judges(q, truth.as_ref(), t, lang);
            *keys.entry(key.clone()).or_default() += 1;
            let (js_key, js_said) = (js["key"].as_str().unwrap_or("none"), js["said"].as_str().unwrap_or(""));
            // The words are compared where the page can say what the quiz says (it names no share off, nor a number's worth).
            let words = matches!(key.as_str(), "wrong-sign" | "swapped" | "factor" | "wrong-choice")
                || (key == "error" && !t.trim().is_empty())
                || (key == "wrong-unit" && !said.contains(" it is ") && !said.contains(" 合 "));
            if key != js_key || (words && said != js_said) {
                differ.push(format!("{} question {} {t:?}: quiz {key} \"{said}\", page {js_key} \"{js_said}\"", m.what, i + 1));
            }
        }
    }
    n
}

/// Typed into each box: the right answer is right, another is not.
fn boxes_say_right_and_wrong(b: &Browser, scene: &Lesson, m: &Made) {
    for (i, truth) in &m.asked {
        let what = format!("{} question {}", m.what, i + 1);
        let screen = b.js(&format!("return document.querySelector('form.answer[data-question=\"{i}\"]').closest('section').id"), json!([]));
        b.go(&format!("{}#{}", m.url, screen.as_str().unwrap()));
        let grade = || b.js(&format!("return document.querySelector('form.answer[data-question=\"{i}\"]').dataset.grade || ''"), json!([]));
        let q = &scene.questions[*i];
        if let (Some(choices), Some(right)) = (&q.choices, q.correct_index()) {
            let wrong = (right + 1) % choices.len();
            for (k, expected) in [(wrong, "wrong-choice"), (right, "right")] {
                let button = b.element(&format!("form.answer[data-question=\"{i}\"] button.choice:nth-of-type({})", k + 1));
                b.command("POST", &format!("element/{button}/click"), Some(json!({})));
                assert_eq!(grade(), expected, "{what}: choice {}", k + 1);
            }
            continue;
        }
        let Some(Value::Scalar(_) | Value::Vector(_)) = truth.as_ref().map(|t| &t.value) else { continue };
        let typed = table(truth.as_ref().unwrap());
        let input = b.element(&format!("form.answer[data-question=\"{i}\"] input"));
        for (answer, expected) in [(&typed[1], "wrong-sign"), (&typed[0], "right")] {
            b.command("POST", &format!("element/{input}/clear"), Some(json!({})));
            b.command("POST", &format!("element/{input}/value"), Some(json!({"text": format!("{answer}{ENTER}")})));
            assert_eq!(grade(), expected, "{what}: typed {answer}");
        }
        // Keys typed into the box do not step the page.
        assert_eq!(b.state().0, screen.as_str().unwrap(), "{what}");
    }
}

fn shots() -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join("player");
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The step at projector sizes: it fits the window, the picture is large, and
/// a screenshot is left to look at.
fn at_projector_sizes(b: &Browser, m: &Made, step: usize, name: &str) {
    b.go(&format!("{}#step-{step}", m.url));
    let lines = b.js(&format!("return document.querySelectorAll('#step-{step} .derivation .line').length"), json!([])).as_u64().unwrap();
    b.keys(&vec![RIGHT; lines as usize]);
    for (w, h) in [(1280, 720), (1920, 1080)] {
        b.viewport(w, h);
        let fit = b.js(
            "const svg = document.querySelector('section.screen:not([hidden]) figure svg'); const r = svg.getBoundingClientRect(); \
             return [document.documentElement.scrollWidth, document.documentElement.scrollHeight, r.width, r.height]",
            json!([]),
        );
        let [sw, sh, pw, ph] = [0, 1, 2, 3].map(|k| fit[k].as_f64().unwrap());
        assert!(sw <= f64::from(w) && sh <= f64::from(h), "{}: {sw}×{sh} scrolls in {w}×{h}", m.what);
        assert!(pw >= 0.4 * f64::from(w) || ph >= 0.5 * f64::from(h), "{}: the picture is {pw}×{ph} in {w}×{h}", m.what);
        let file = shots().join(format!("{name}-{w}x{h}.png"));
        b.screenshot(&file);
        println!("screenshot {}", file.display());
    }
    b.viewport(1280, 720);
}

#[test]
fn the_lesson_player_works_in_chromium() {
    let started = Instant::now();
    let dir = tempfile::tempdir().unwrap();
    let b = Browser::start();
    b.viewport(1280, 720);
    let (mut pages, mut judged, mut differ, mut keys) = (0, 0, Vec::new(), BTreeMap::new());
    for scene in lessons().into_iter().chain([vectors()]) {
        for lang in [Lang::En, Lang::Zh] {
            for student in [false, true] {
                let m = make(&scene, lang, student, dir.path());
                steps_with_keys(&b, &m);
                if student {
                    judged += boxes_judge_as_the_quiz(&b, &scene, &m, lang, &mut differ, &mut keys);
                    boxes_say_right_and_wrong(&b, &scene, &m);
                }
                pages += 1;
            }
        }
    }
    assert!(differ.is_empty(), "{} of {judged} answers judged otherwise by the page:\n{}", differ.len(), differ.join("\n"));

    let rough = lesson::find("rough-balls").unwrap();
    let teacher = make(&rough, Lang::En, false, dir.path());
    at_projector_sizes(&b, &teacher, 3, "rough-balls-step-3");
    at_projector_sizes(&b, &make(&rough, Lang::Zh, true, dir.path()), 3, "rough-balls-student-zh-step-3");
    at_projector_sizes(&b, &make(&lesson::find("sat").unwrap(), Lang::En, false, dir.path()), 5, "sat-step-5");

    // On paper: a page (at least) per screen, every line shown.
    b.go(&teacher.url);
    let screens = b.js("return document.querySelectorAll('section.screen').length", json!([])).as_u64().unwrap() as usize;
    let pdf = b.print();
    let printed =
        String::from_utf8_lossy(&pdf).matches("/Type /Page").count() - String::from_utf8_lossy(&pdf).matches("/Type /Pages").count();
    let file = shots().join("rough-balls.pdf");
    std::fs::write(&file, &pdf).unwrap();
    println!("printed {} ({printed} pages)", file.display());
    assert!(printed >= screens, "{printed} pages printed for {screens} screens");
    println!("{pages} pages stepped, {judged} answers judged alike ({keys:?}), in {:.1} s", started.elapsed().as_secs_f64());
    // Every kind of verdict was met, so the agreement is not only on the easy ones.
    for key in ["right", "wrong-sign", "wrong-unit", "factor", "swapped", "close", "off", "error", "wrong-choice"] {
        assert!(keys.contains_key(key), "no answer was judged {key}");
    }
}
