//! The debugger as a user meets it, rendered with ratatui's TestBackend at
//! 120×40: snapshots of the menu and of every lesson, and key-driven tests.

use impulse::engine::PhaseKind;
use impulse::lesson;
use impulse::lesson::Lang;
use impulse::lesson::Lesson;
use impulse::tui::app::Screen;
use impulse::tui::keys::{KEYMAP, Scope, help_lines};
use impulse::tui::words::words;
use impulse::tui::{App, Msg, view::view};
use ratatui::{Terminal, backend::TestBackend};
use unicode_width::UnicodeWidthStr;

fn lessons() -> Vec<Lesson> {
    lesson::embedded().into_iter().map(Result::unwrap).collect()
}

fn open(id: &str) -> App {
    App::stepper(lesson::find(id).unwrap(), lessons(), false)
}

fn screen(app: &App, w: u16, h: u16) -> String {
    let mut terminal = Terminal::new(TestBackend::new(w, h)).unwrap();
    terminal.draw(|f| view(app, f)).unwrap();
    terminal.backend().to_string()
}

fn current(app: &App) -> (u64, usize, PhaseKind) {
    let Screen::Stepper(s) = &app.screen else { panic!("not stepping") };
    (s.frame, s.phase, s.record().phases.at(s.phase).kind())
}

fn to_first_resolve(app: &mut App) {
    while current(app).2 != PhaseKind::Resolve {
        app.update(Msg::NextPhase);
    }
}

use crate::common;
use common::snapshot_settings;

#[test]
fn menu_screen() {
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.menu", screen(&App::menu(lessons(), false), 120, 40)));
}

#[test]
fn every_lesson_first_screen_and_first_contact() {
    snapshot_settings().bind(|| {
        for id in lesson::ids() {
            let mut app = open(&id);
            insta::assert_snapshot!(format!("tui.{id}.first"), screen(&app, 120, 40));
            // The first phase that changes velocities for a contact: a resolve,
            // or under Dobre & Ramtal's method a bounce. The integrators lesson has
            // no contact at all: look a few seconds ahead, no further.
            let contact = |kind| matches!(kind, PhaseKind::Resolve | PhaseKind::Bounce);
            while !contact(current(&app).2) && current(&app).0 < 300 {
                app.update(Msg::NextPhase);
            }
            let kind = current(&app).2;
            if contact(kind) {
                insta::assert_snapshot!(format!("tui.{id}.{}", kind.name()), screen(&app, 120, 40));
            }
        }
    });
}

/// The separating axis test as a table: at 120×40 every face and the chosen
/// axis show without scrolling; at 80×24 the table keeps to narrower columns.
#[test]
fn sat_detect_is_a_table_of_faces() {
    let mut app = open("sat");
    while current(&app).2 != PhaseKind::Detect {
        app.update(Msg::NextPhase);
    }
    let wide = screen(&app, 120, 40);
    let panel = |s: &str| s.lines().map(|l| l.chars().skip(60).collect::<String>()).collect::<Vec<_>>().join("\n");
    for shown in
        ["crate's faces, plank's corners:", "0.570432", "0.47294  ◀", "least penetration = crate face 3", "end = start + normal·depth"]
    {
        assert!(panel(&wide).contains(shown), "{shown}: {wide}");
    }
    // At 80×24, three j presses down: every row and the axis chosen.
    for _ in 0..3 {
        press(&mut app, Msg::ScrollDown, 80, 24);
    }
    let narrow = screen(&app, 80, 24);
    for shown in ["plank's faces, crate's corners:", "0.47294  ◀", "least penetration = crate face 3"] {
        assert!(narrow.contains(shown), "{shown}: {narrow}");
    }
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("tui.sat.detect", wide);
        insta::assert_snapshot!("tui.sat.detect.80x24", narrow);
    });
}

#[test]
fn rough_balls_resolve_shows_the_texts_impulses() {
    let mut app = open("rough-balls");
    to_first_resolve(&mut app);
    let s = screen(&app, 120, 40);
    assert!(s.contains("= −7.2 N·s"), "{s}");
    assert!(s.contains("= −1.44 N·s"), "{s}");
    assert!(s.contains("ω −1 → −0.28"), "{s}");
}

#[test]
fn next_then_previous_phase_gives_the_same_screen() {
    let mut app = open("sat");
    for _ in 0..7 {
        app.update(Msg::NextPhase);
    }
    let before = screen(&app, 120, 40);
    app.update(Msg::NextPhase);
    assert_ne!(screen(&app, 120, 40), before);
    app.update(Msg::PrevPhase);
    assert_eq!(screen(&app, 120, 40), before);
}

#[test]
fn stepping_back_across_a_frame_boundary_is_exact() {
    let mut app = open("relaxation");
    app.update(Msg::NextFrame);
    app.update(Msg::NextFrame);
    let at_frame_2 = screen(&app, 120, 40);
    app.update(Msg::PrevPhase); // last phase of frame 1
    assert_eq!(current(&app).0, 1);
    assert_eq!(current(&app).2, PhaseKind::Integrate);
    app.update(Msg::NextPhase);
    assert_eq!(screen(&app, 120, 40), at_frame_2);
}

#[test]
fn previous_at_the_very_start_does_nothing() {
    let mut app = open("smooth-balls");
    let first = screen(&app, 120, 40);
    app.update(Msg::PrevPhase);
    app.update(Msg::PrevFrame);
    assert_eq!(current(&app), (0, 0, PhaseKind::Forces));
    assert_eq!(screen(&app, 120, 40), first);
}

#[test]
fn the_help_overlay_lists_every_key_of_the_key_map_in_both_languages() {
    for lang in Lang::ALL.iter().copied() {
        let which = usize::from(lang == Lang::Zh);
        let help = |mut app: App| {
            app.update(Msg::Help);
            screen(&app, 120, 40)
        };
        let in_mode = |msg: Msg| {
            let mut app = open("rough-balls").with_lang(lang);
            app.update(msg);
            help(app)
        };
        // Each screen's help, at 120×40, shows its keys whole: the stepper's,
        // each mode's once entered, and the menu's.
        let screens = [
            (help(open("rough-balls").with_lang(lang)), Scope::Stepper),
            (in_mode(Msg::EditFields), Scope::Fields),
            (in_mode(Msg::Aim), Scope::Aim),
            (in_mode(Msg::AddBreak), Scope::Prompt),
            (help(App::menu(lessons(), false).with_lang(lang)), Scope::Menu),
        ];
        for (shown, scope) in &screens {
            assert!(shown.contains(scope.title(words(lang))), "no {scope:?} heading\n{shown}");
            for b in KEYMAP.iter().filter(|b| !b.label.is_empty() && b.scope == *scope) {
                let line = format!("{}  {}", b.label, b.help[which]);
                assert!(shown.contains(&line), "the {scope:?} help lacks {line}\n{shown}");
            }
            assert!(!shown.contains(words(lang).help_more.trim()), "the {scope:?} help does not fit 120×40\n{shown}");
        }
        // A screen too short for it all says so and scrolls the help.
        let mut stepper = open("rough-balls").with_lang(lang);
        stepper.update(Msg::Help);
        let before = screen(&stepper, 80, 24);
        assert!(before.contains(words(lang).help_more.trim()), "{before}");
        stepper.update(Msg::ScrollDown);
        assert_ne!(screen(&stepper, 80, 24), before);
    }
    // Every key the map binds has its help in both languages.
    for b in KEYMAP.iter().filter(|b| !b.label.is_empty()) {
        assert!(!b.help[0].is_empty() && !b.help[1].is_empty(), "{} has no help", b.label);
        // A help line fits its column of the help screen (two columns at 120).
        for help in b.help {
            assert!(help.width() <= 44, "{}'s help is {} columns wide: {help}", b.label, help.width());
        }
    }
    for lang in [Lang::En, Lang::Zh] {
        let modes = words(lang).help_modes;
        assert!(modes.width() <= 58, "the other modes' line is {} columns wide: {modes}", modes.width());
        for help in words(lang).mouse {
            assert!(help.width() <= 44, "the mouse's help is {} columns wide: {help}", help.width());
        }
    }
    assert!(help_lines(Scope::Stepper, Lang::En).contains(&("Ctrl-S", "save the scene as built (frame 0, all edits)")));
    assert!(help_lines(Scope::Stepper, Lang::Zh).contains(&("Ctrl-S", "保存搭建好的场景（第 0 帧，含所有修改）")));
}

/// The screen in Chinese at 120×40: the menu, a lesson and the help. A
/// Chinese character takes two columns, so these lock that no panel breaks.
#[test]
fn the_screen_in_chinese() {
    snapshot_settings().bind(|| {
        insta::assert_snapshot!("tui.zh.menu", screen(&App::menu(lessons(), false).with_lang(Lang::Zh), 120, 40));
        let mut app = open("rough-balls").with_lang(Lang::Zh);
        to_first_resolve(&mut app);
        let shown = screen(&app, 120, 40);
        insta::assert_snapshot!("tui.zh.rough-balls.resolve", shown);
        // TestBackend notes after a row the cells a wide character covers.
        for line in shown.lines() {
            let row = line.split(" Hidden by multi-width symbols").next().unwrap();
            assert_eq!(row.width(), 122, "a row is not 120 columns wide (with its quotes): {line}");
        }
        app.update(Msg::Help);
        insta::assert_snapshot!("tui.zh.help", screen(&app, 120, 40));
        let mut event = open("event-driven").with_lang(Lang::Zh);
        event.update(Msg::NextPhase);
        insta::assert_snapshot!("tui.zh.event-driven.queue", screen(&event, 120, 40));
    });
}

#[test]
fn tangent_key_reruns_the_frame_with_the_fix() {
    let mut app = open("tangent-fix");
    to_first_resolve(&mut app);
    let wrong = screen(&app, 120, 40);
    assert!(wrong.contains("tangent rotated-normal"), "{wrong}");
    assert!(wrong.contains("jt = μ·jn"), "{wrong}");
    app.update(Msg::CycleTangent);
    let fixed = screen(&app, 120, 40);
    assert!(fixed.contains("tangent sign-fixed"), "{fixed}");
    assert!(fixed.contains("negated: vrt < 0"), "{fixed}");
    assert_eq!(current(&app).2, PhaseKind::Resolve);
    app.update(Msg::CycleTangent);
    let projected = screen(&app, 120, 40);
    assert!(projected.contains("t = (v_rel − vrn·n) / |…|"), "{projected}");
}

#[test]
fn a_small_terminal_gets_a_message_not_garbage() {
    let s = screen(&open("sat"), 60, 20);
    assert!(s.contains("needs a terminal of at least 80×24"), "{s}");
}

#[test]
fn menu_opens_a_lesson_and_escape_returns() {
    let mut app = App::menu(lessons(), false);
    app.update(Msg::MenuDown);
    app.update(Msg::Open);
    let Screen::Stepper(s) = &app.screen else { panic!("Enter should open the lesson") };
    assert_eq!(s.session.lesson.section.as_ref().unwrap().id, "rough-balls");
    app.update(Msg::Back);
    assert!(matches!(app.screen, Screen::Menu));
    app.update(Msg::Quit);
    assert!(app.quit);
}

/// A scene of one's own plays at real time: 1/dt frames a second, 1×; + and
/// − go by halves and doubles.
#[test]
fn a_scene_plays_at_real_time() {
    let mut app = App::stepper(Lesson::parse("s.toml", impulse::scene::STARTER).unwrap(), Vec::new(), false);
    app.update(Msg::ToggleRun);
    assert_eq!(app.running(), Some(60.0));
    app.update(Msg::Tick(60.0));
    assert!(screen(&app, 120, 40).contains("▶ 1× (60 of 60 fps)"));
    app.update(Msg::Slower);
    app.update(Msg::Slower);
    assert_eq!(app.running(), Some(15.0));
    app.update(Msg::Tick(15.0));
    assert!(screen(&app, 120, 40).contains("▶ ¼× (15 of 15 fps)"));
}

#[test]
fn running_advances_a_frame_per_tick_untraced_and_pause_records_it() {
    let mut app = open("relaxation");
    app.update(Msg::ToggleRun);
    assert!(app.running().is_some());
    app.update(Msg::Tick(58.0));
    app.update(Msg::Tick(59.0));
    let Screen::Stepper(s) = &app.screen else { panic!() };
    assert_eq!(s.frame, 2);
    assert!(s.session.timeline.cached(2).is_none(), "a played frame is not recorded");
    let end = s.playing.clone().expect("playing shows the frame's end");
    let shown = screen(&app, 120, 40);
    // A lesson read a frame at a time starts slow: 1/16 of real time, 3.75 of its 60 frames a second.
    assert!(shown.contains("▶ 1/16× (59 of 4 fps)") && shown.contains("Playing:"), "{shown}");
    app.update(Msg::ToggleRun);
    app.update(Msg::Tick(60.0));
    assert!(app.running().is_none());
    // Paused, the frame is recorded and shown at its last phase, where play left it.
    assert_eq!(current(&app), (2, current(&app).1, PhaseKind::Integrate));
    let Screen::Stepper(s) = &app.screen else { panic!() };
    assert_eq!(s.record().end, end);
}

#[test]
fn a_step_key_while_playing_stops_play_and_steps_from_there() {
    let mut app = open("relaxation");
    app.update(Msg::ToggleRun);
    for _ in 0..5 {
        app.update(Msg::Tick(60.0));
    }
    app.update(Msg::NextPhase);
    assert!(app.running().is_none());
    assert_eq!(current(&app), (6, 0, PhaseKind::Forces), "from the end of frame 5 to the first phase of frame 6");
}

#[test]
fn collision_info_and_bounds_toggle_on_the_canvas() {
    let mut app = open("rough-balls");
    to_first_resolve(&mut app);
    let shown = screen(&app, 120, 40);
    assert!(shown.contains("v_rel") && shown.contains("J → m1"), "{shown}");
    app.update(Msg::ToggleInfo);
    let hidden = screen(&app, 120, 40);
    let canvas = |s: &str| s.lines().take(14).map(|l| l.chars().take(60).collect::<String>()).collect::<Vec<_>>().join("\n");
    assert!(!canvas(&hidden).contains("v_rel") && !canvas(&hidden).contains("Jn"), "{hidden}");
    // A ball's bounding circle is the ball; a box's shows.
    let mut boxes = open("sat");
    let plain = canvas(&screen(&boxes, 120, 40));
    boxes.update(Msg::ToggleBounds);
    assert_ne!(canvas(&screen(&boxes, 120, 40)), plain, "bounding circles are drawn");
}

fn starter_app() -> App {
    App::stepper(Lesson::parse("starter.toml", impulse::scene::STARTER).unwrap(), Vec::new(), false)
}

#[test]
fn field_editor_screen() {
    let mut app = starter_app();
    app.update(Msg::SelectNext);
    app.update(Msg::EditFields);
    app.update(Msg::FieldNext);
    app.update(Msg::ClearField);
    "1.5".chars().for_each(|c| drop(app.update(Msg::Input(c))));
    app.update(Msg::Accept);
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.fields", screen(&app, 120, 40)));
}

/// The body editor in Chinese: its title and every label in the screen's
/// language, the values as the file writes them.
#[test]
fn field_editor_screen_in_chinese() {
    let mut app = starter_app().with_lang(Lang::Zh);
    app.update(Msg::SelectNext);
    app.update(Msg::EditFields);
    let s = screen(&app, 120, 40);
    assert!(s.contains("编辑 ball") && s.contains("角度 θ（°）") && !s.contains("mass (kg"), "{s}");
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.zh.fields", s));
}

#[test]
fn aiming_screen() {
    let mut app = starter_app();
    app.update(Msg::SelectNext);
    app.update(Msg::Aim);
    app.update(Msg::Turn(1));
    snapshot_settings().bind(|| insta::assert_snapshot!("tui.aim", screen(&app, 120, 40)));
}

/// What the shell does after each key: update, then keep the scrolls within their text.
fn press(app: &mut App, msg: Msg, w: u16, h: u16) {
    app.update(msg);
    impulse::tui::view::clamp_scrolls(app, ratatui::layout::Rect::new(0, 0, w, h));
}

#[test]
fn the_derivation_scrolls_to_its_last_row_and_back_at_once() {
    let mut app = open("rough-balls");
    to_first_resolve(&mut app);
    for _ in 0..40 {
        press(&mut app, Msg::ScrollDown, 80, 24);
    }
    let bottom = screen(&app, 80, 24);
    // The last quantity is m2's new spin, ω_b' = −(r_b×J)/I_b with r_b = (−2.4, 1.8),
    // J = (−4.896, 5.472): r_b×J = −13.1328 + 8.8128 = −4.32, so ω_b' = 4.32/13.5 = 0.32 rad/s.
    assert!(bottom.contains("= 0.32 rad/s"), "{bottom}");
    press(&mut app, Msg::ScrollUp, 80, 24);
    assert_ne!(screen(&app, 80, 24), bottom, "one k moves back up");
}

#[test]
fn the_help_scroll_stops_at_its_end() {
    // At 120×40 the stepper's help fits whole; at 80×24 it scrolls to its last line and no further.
    let mut app = open("rough-balls");
    press(&mut app, Msg::Help, 80, 24);
    for _ in 0..50 {
        press(&mut app, Msg::ScrollDown, 80, 24);
    }
    let bottom = screen(&app, 80, 24);
    assert!(bottom.contains("other modes (e O l b B E Ctrl-S): keys on the status line"), "the last line of help is reachable\n{bottom}");
    assert!(!bottom.contains("more below"), "{bottom}");
    press(&mut app, Msg::ScrollUp, 80, 24);
    assert_ne!(screen(&app, 80, 24), bottom);
}

/// Esc leaves a scene for the menu without losing it: the menu's first entry
/// goes back to it at the same frame with its edits; quitting from the menu
/// with those edits unsaved asks once.
#[test]
fn esc_keeps_the_scene_to_come_back_to() {
    let scene = Lesson::parse("mine.toml", impulse::scene::STARTER).unwrap();
    let mut app = App::stepper(scene, lessons(), false);
    app.update(Msg::NextFrame);
    app.update(Msg::NextFrame);
    app.update(Msg::Move(1, 0));
    app.update(Msg::Back);
    assert!(matches!(app.screen, Screen::Menu));
    let menu = screen(&app, 120, 40);
    assert!(menu.contains("↩ Back to mine.toml") && menu.contains("where you left it: frame 2, edits kept"), "{menu}");
    app.update(Msg::Quit);
    assert!(!app.quit, "the first q asks");
    assert!(screen(&app, 120, 40).contains("the scene you left has unsaved edits"));
    app.update(Msg::MenuDown);
    app.update(Msg::MenuUp);
    app.update(Msg::Open);
    let Screen::Stepper(s) = &app.screen else { panic!("back in the scene") };
    assert_eq!((s.frame, s.dirty()), (2, true));
    // The lessons still open below the entry.
    app.update(Msg::Back);
    app.update(Msg::MenuDown);
    app.update(Msg::Open);
    let Screen::Stepper(s) = &app.screen else { panic!("a lesson") };
    assert_eq!(s.session.lesson.section.as_ref().unwrap().id, "smooth-balls");
}

/// A lesson opened from the menu and looked at gives way to the edited scene
/// kept there; an edited lesson asks before it takes that scene's place; q
/// in the lesson warns of the kept scene's edits. In the menu Esc goes back
/// to the scene, and closes the help first; q closes the help too.
#[test]
fn the_menu_never_drops_an_edited_scene_without_asking() {
    let scene = Lesson::parse("mine.toml", impulse::scene::STARTER).unwrap();
    let mut app = App::stepper(scene, lessons(), false);
    app.update(Msg::Move(1, 0));
    app.update(Msg::Back);
    for m in [Msg::MenuDown, Msg::Open, Msg::NextPhase, Msg::Back] {
        app.update(m);
    }
    assert!(screen(&app, 120, 40).contains("↩ Back to mine.toml"), "looking at a lesson keeps the edited scene");
    app.update(Msg::MenuDown);
    app.update(Msg::Open);
    app.update(Msg::Quit);
    assert!(!app.quit, "q warns of the kept scene's edits");
    assert!(screen(&app, 120, 40).contains("mine.toml in the menu has unsaved edits"));
    app.update(Msg::Kick);
    app.update(Msg::Back);
    assert!(matches!(app.screen, Screen::Stepper(_)), "the first Esc asks");
    assert!(screen(&app, 120, 40).contains("Esc again drops them"));
    app.update(Msg::Back);
    assert!(matches!(app.screen, Screen::Menu));
    assert!(!screen(&app, 120, 40).contains("mine.toml"), "the second Esc put the edited lesson in its place");
    // The menu's help: Esc and q close it; Esc then goes back to the scene kept.
    for close in [Msg::Back, Msg::Quit] {
        app.update(Msg::Help);
        app.update(close);
        assert!(!app.help && !app.quit && matches!(app.screen, Screen::Menu));
    }
    app.update(Msg::Back);
    let Screen::Stepper(s) = &app.screen else { panic!("Esc in the menu goes back to the scene") };
    assert!(s.dirty());
}

/// The mouse wheel scrolls the panel under it: at 120×40 the derivation is
/// the right half's top, the narration the left half under the scene.
#[test]
fn the_wheel_scrolls_the_panel_under_it() {
    use impulse::tui::view::wheel;
    let app = open("smooth-balls");
    let area = ratatui::layout::Rect::new(0, 0, 120, 40);
    assert_eq!(wheel(&app, area, 90, 5, true), Some(Msg::ScrollDown));
    assert_eq!(wheel(&app, area, 90, 5, false), Some(Msg::ScrollUp));
    let narration_row = screen(&app, 120, 40).lines().position(|l| l.contains("┌ The set-up")).unwrap() as u16 + 2;
    assert_eq!(wheel(&app, area, 10, narration_row, true), Some(Msg::NarrationDown));
    assert!(matches!(wheel(&app, area, 10, 3, true), Some(Msg::Zoom(-1, Some(_)))), "the wheel zooms the scene");
    assert!(matches!(wheel(&app, area, 10, 3, false), Some(Msg::Zoom(1, Some(_)))));
    let menu = App::menu(lessons(), false);
    assert_eq!(wheel(&menu, area, 10, 10, true), Some(Msg::MenuDown));
}

/// The status line's hints come from the key map: each is written in both
/// languages, and the stepping line keeps `? help · q quit` however short it is.
#[test]
fn the_key_maps_hints_are_in_both_languages() {
    for b in KEYMAP.iter() {
        assert_eq!(b.hint[0].is_empty(), b.hint[1].is_empty(), "{} has a hint in one language only", b.label);
    }
    assert_eq!(impulse::tui::keys::hints(Scope::Stepper, Lang::En, 0), " ? help · q quit");
    assert_eq!(impulse::tui::keys::hints(Scope::Stepper, Lang::Zh, 200), " n/N 阶段 · f/F 帧 · 空格 播放 · e 编辑 · ? 帮助 · q 退出");
    assert_eq!(impulse::tui::keys::hints(Scope::Menu, Lang::En, 200), " ↑↓ choose · Enter open · ? help · q quit");
}
