//! One figure per phase, two backends: for every lesson and each phase a step
//! of its narration stands on, the canvas (at 80×24 and 120×40) and the
//! handout's picture are drawn from the phase's `Figure`, name the same
//! vectors with the same labels, and place no label over a drawn line or
//! another label.

use impulse::engine::BodyState;
use impulse::lesson::{self, Lesson, anchor_steps, anchored_frames, run};
use impulse::report::figure::{self, Figure, LabelOf, crosses};
use impulse::report::handout::svg;
use impulse::tui::app::{Screen, Stepper};
use impulse::tui::view::{canvas_figure, scene_figure, view_labels};
use impulse::tui::{App, Msg};
use ratatui::layout::Rect;
use ratatui::{Terminal, backend::TestBackend};
use std::collections::BTreeSet;
use unicode_width::UnicodeWidthStr;

fn stepper(app: &App) -> &Stepper {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    s
}

/// The label texts a figure may write for what `of` names: in full, or its name alone.
fn texts(fig: &Figure, of: LabelOf) -> Vec<String> {
    let pair = |t: &impulse::report::figure::Text| vec![t.full().into_owned(), t.short.clone()];
    match of {
        LabelOf::Vector(i) => pair(&fig.vectors[i].text),
        LabelOf::Mark(i) => pair(&fig.marks[i].text),
        LabelOf::Line(i) => fig.lines[i].text.as_ref().map(pair).unwrap_or_default(),
        LabelOf::Arc(i) => pair(&fig.arcs[i].text),
        LabelOf::Name(i) => vec![fig.names[i].1.clone()],
        LabelOf::Axis => vec![impulse::report::figure::axes_text(fig.y_axis).to_string()],
    }
}

/// The handout's picture of the figure: every vector labelled or listed as
/// left out, labels as the figure wrote them, none over a line or another.
fn check_svg(fig: &Figure, s: &Stepper, what: &str) -> usize {
    let states: Vec<BodyState> = s.shown_states();
    let input = figure::Input {
        bodies: s.bodies(),
        before: &states,
        after: &states,
        given: &states,
        phase: None,
        y_axis: fig.y_axis,
        view: None,
        lang: fig.lang,
        student: false,
        typical_speed: 0.0,
        true_scale: false,
        all_names: true,
        chosen: None,
    };
    let stage = svg::Stage { input, title: what.to_string() };
    let picture = svg::draw(&stage, fig);
    let (layout, lines) = svg::layout(fig);
    let screen: Vec<_> = lines.iter().map(|(a, b)| (fig.screen(*a), fig.screen(*b))).collect();
    for (k, p) in layout.placed.iter().enumerate() {
        assert!(texts(fig, p.of).contains(&p.text), "{what}: {:?} is the figure's label of {:?}", p.text, p.of);
        assert!(picture.contains(&format!(">{}</text>", svg::escape(&p.text))), "{what}: {:?} is in the picture", p.text);
        for (a, b) in &screen {
            assert!(!crosses(*a, *b, p.min, p.max), "{what}: {:?} lies on a line {a}–{b}", p.text);
        }
        for q in &layout.placed[k + 1..] {
            let apart = p.max.x <= q.min.x || q.max.x <= p.min.x || p.max.y <= q.min.y || q.max.y <= p.min.y;
            assert!(apart, "{what}: {:?} and {:?} overlap", p.text, q.text);
        }
    }
    for &of in &layout.dropped {
        let text = fig.label(of);
        // The note wraps at spaces: each word of the label is in it.
        for word in text.split(' ') {
            assert!(picture.contains(&svg::escape(word)), "{what}: {text:?}, left out, is listed in the legend");
        }
    }
    assert!(layout.placed.iter().any(|p| p.of == LabelOf::Axis), "{what}: the axes are drawn");
    let mut named: Vec<LabelOf> = layout.placed.iter().map(|p| p.of).chain(layout.dropped.iter().copied()).collect();
    named.retain(|of| matches!(of, LabelOf::Vector(_)));
    assert_eq!(named.len(), fig.vectors.len(), "{what}: each vector's label once, placed or listed");
    layout.placed.len()
}

/// The canvas at `w`×`h`: every vector's label once, as the figure writes
/// it, each read whole and none touching another. (The canvas writes a label
/// only on blank cells, so none covers a dot; one that finds none is listed
/// in the legend, with an empty rectangle.)
fn check_canvas(app: &App, fig: &Figure, w: u16, h: u16, what: &str) -> usize {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    let mut placed = Vec::new();
    terminal.draw(|f| placed = view_labels(app, f)).unwrap();
    let buf = terminal.backend().buffer().clone();
    let mut vectors = BTreeSet::new();
    for p in &placed {
        let Some(of) = p.of else { continue };
        assert!(texts(fig, of).contains(&p.text), "{what}: {:?} is the figure's label of {of:?}", p.text);
        if let LabelOf::Vector(i) = of {
            assert!(vectors.insert(i), "{what}: vector {i} labelled twice");
        }
    }
    assert_eq!(vectors.len(), fig.vectors.len(), "{what}: each vector's label, placed or listed");
    let drawn: Vec<&impulse::tui::view::Placed> = placed.iter().filter(|p| p.rect.width > 0).collect();
    assert!(drawn.iter().any(|p| p.of == Some(LabelOf::Axis)), "{what}: the axes are drawn");
    for (i, a) in drawn.iter().enumerate() {
        assert_eq!(a.rect.width as usize, a.text.width(), "{what}: {:?}", a.text);
        let shown: String = (a.rect.x..a.rect.right()).map(|x| buf[(x, a.rect.y)].symbol().to_string()).collect();
        assert_eq!(shown.replace(' ', ""), a.text.replace(' ', ""), "{what}: the label {:?} is read whole", a.text);
        for b in &drawn[i + 1..] {
            let grown = Rect::new(a.rect.x.saturating_sub(1), a.rect.y, a.rect.width + 2, 1);
            assert!(!grown.intersects(b.rect), "{what}: {:?} and {:?} collide", a.text, b.text);
        }
    }
    drawn.len()
}

#[test]
fn every_anchored_phase_draws_one_figure_on_the_canvas_and_in_the_picture() {
    let lessons: Vec<Lesson> = lesson::embedded().into_iter().map(Result::unwrap).collect();
    let (mut phases, mut vectors, mut on_paper, mut on_screen) = (0, 0, 0, 0);
    for scene in &lessons {
        let id = scene.section.as_ref().unwrap().id.clone();
        let frames = run(scene, &scene.settings, &anchored_frames(scene).unwrap()).unwrap();
        let places: BTreeSet<(u64, usize)> = anchor_steps(scene, &frames).unwrap().into_iter().flatten().collect();
        let mut app = App::stepper(scene.clone(), lessons.clone(), true);
        let mut seen = BTreeSet::new();
        // The first screen, then each step of the narration.
        for k in 0..scene.steps.len() + 1 {
            if k > 0 {
                app.update(Msg::NextStep);
            }
            let s = stepper(&app);
            let at = (s.frame, s.phase);
            if !places.contains(&at) || !seen.insert(at) {
                continue;
            }
            let fig = scene_figure(s);
            let what = format!("{id} frame {} phase {}", at.0, at.1 + 1);
            on_paper += check_svg(&fig, s, &what);
            for (w, h) in [(80, 24), (120, 40)] {
                // A small canvas draws part of the figure (the pair in focus): vectors of the figure's, as it labels them.
                let drawn = canvas_figure(s, Rect::new(0, 0, w, h));
                for v in &drawn.vectors {
                    assert!(fig.vectors.iter().any(|f| f.text == v.text && f.from == v.from), "{what} {w}×{h}: {:?}", v.text);
                }
                on_screen += check_canvas(&app, &drawn, w, h, &format!("{what} {w}×{h}"));
            }
            phases += 1;
            vectors += fig.vectors.len();
        }
        assert_eq!(seen, places, "{id}: every anchored phase visited");
    }
    eprintln!("{phases} anchored phases, {vectors} vectors; {on_paper} labels on paper, {on_screen} on screen");
    assert!(phases >= 16 && vectors > phases, "{phases} phases, {vectors} vectors");
}
