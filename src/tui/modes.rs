//! The keys' other jobs: the field editor, aiming a shot and saving. Each
//! ends in an edit (or a file written) and hands the keys back to stepping.

use super::app::{Mode, Msg, Stepper};
use super::effect::{Check, Concern, Effect, Outcome, Refusal};
use super::fields::{FieldEditor, Put};
use super::shot::Shot;
use super::words::{Words, fill, words};
use crate::notation::num;
use crate::scene::YAxis;
use crate::session::line::{LineEdit, LineKey};
use std::path::PathBuf;

impl Stepper {
    pub(super) fn open_fields(&mut self) {
        let start = self.session.timeline.start(self.frame);
        match start.world.get(self.selected) {
            Some(b) => self.mode = Mode::Fields(FieldEditor::open(self.selected, b, &words(self.lang).body_fields)),
            None => self.note = Some(words(self.lang).no_selection.to_string()),
        }
    }

    /// `O`: the world and solver settings at the start of the frame on screen.
    pub(super) fn open_settings(&mut self) {
        let start = self.session.timeline.start(self.frame);
        self.mode = Mode::Fields(FieldEditor::settings(&start, &words(self.lang).settings_fields));
    }

    pub(super) fn fields_update(&mut self, msg: Msg) {
        let Mode::Fields(ed) = &mut self.mode else { return };
        match msg {
            Msg::FieldNext => ed.next(),
            Msg::FieldPrev => ed.prev(),
            Msg::Cycle(by) => ed.cycle(by),
            // On the angle the turn step of z, x and the aim; on any other field the grid step of w a s d.
            Msg::StepSize(by) if ed.focused_key() == "angle" => {
                let degrees = self.steps.change_turn(by);
                self.note = Some(fill(words(self.lang).turn_step, &[&num(degrees)]));
            }
            Msg::StepSize(by) => {
                let (lo, hi) = self.window();
                let grid = self.steps.change_grid(by, (hi - lo).max_element());
                self.note = Some(fill(words(self.lang).grid_step, &[&num(grid)]));
            }
            // ← → on a setting's field pick its previous or next name.
            Msg::Line(LineKey::Left) if ed.is_choice() => ed.cycle(-1),
            Msg::Line(LineKey::Right) if ed.is_choice() => ed.cycle(1),
            // A setting's name is picked, never typed.
            Msg::Input(_) | Msg::Erase | Msg::ClearField | Msg::Line(_) if ed.is_choice() => {}
            _ if msg.edit_line(ed.line()) => {}
            Msg::Cancel => {
                self.mode = Mode::Step;
                self.note = Some(words(self.lang).edit_cancelled.to_string());
            }
            Msg::Accept => match ed.apply() {
                Some(applied) => {
                    self.mode = Mode::Step;
                    let w = words(self.lang);
                    self.edit(|s, _, _| match applied.put(s) {
                        Some(Put::Body(name)) => Ok(fill(w.edited_body, &[&name])),
                        Some(Put::Settings(changes)) => Ok(fill(w.set_changes, &[&changes])),
                        None => Err(w.no_setting_changed.to_string()),
                    });
                }
                None => {
                    let n = ed.errors();
                    let w = words(self.lang);
                    self.note = Some(if n == 1 { w.field_to_fix.to_string() } else { fill(w.fields_to_fix, &[&n]) });
                }
            },
            _ => {}
        }
    }

    pub(super) fn open_aim(&mut self) {
        let start = self.session.timeline.start(self.frame);
        match start.world.get(self.selected) {
            Some((b, _)) if b.is_static() => self.note = Some(fill(words(self.lang).static_shot, &[&b.name])),
            Some((_, m)) => {
                let (lo, hi) = self.window();
                self.mode = Mode::Aim(Shot::new(self.selected, m.velocity, (hi - lo).max_element() / 2.0));
            }
            None => self.note = Some(words(self.lang).no_selection.to_string()),
        }
    }

    pub(super) fn aim_update(&mut self, msg: Msg) {
        let down = self.session.lesson.y_axis == YAxis::Down;
        let Mode::Aim(Shot { body, .. }) = self.mode else { return };
        // From where the body is drawn, the state after the phase on screen.
        let from = self.record().state_after(self.phase + 1).get(body).map(|s| s.position).unwrap_or_default();
        let Mode::Aim(shot) = &mut self.mode else { return };
        match msg {
            // Counter-clockwise on screen is clockwise in a y-down world.
            Msg::Turn(d) => shot.turn(if down { -d } else { d }, self.steps.turn_degrees),
            Msg::FieldNext => shot.switch_typing(),
            Msg::Power(d) => shot.power(d),
            Msg::Input(c) => shot.type_char(c),
            Msg::Erase => shot.erase(),
            Msg::Click(p) => shot.click(from, p),
            Msg::Cancel => {
                self.mode = Mode::Step;
                self.note = Some(words(self.lang).shot_cancelled.to_string());
            }
            Msg::Accept => {
                let Shot { body, aim, .. } = shot.clone();
                self.mode = Mode::Step;
                let (frame, w) = (self.frame, words(self.lang));
                self.edit(|s, _, _| {
                    // An action of this frame that sets the velocity comes after the start: say so.
                    let overridden = s
                        .world
                        .actions
                        .iter()
                        .any(|a| a.body == body && a.acts_in(frame) && matches!(a.kind, crate::engine::ActionKind::Velocity(_)));
                    let b = &s.world.bodies[body];
                    s.world.motions[body].velocity = aim;
                    let why = if overridden { w.shot_again } else { "" };
                    Ok(fill(w.shot, &[&b.name, &num(aim.length()), &why]))
                });
            }
            // The same shot as the rigid-body blog's kind of load: an action that sets the
            // velocity in this frame's forces phase, listed and saved as one.
            Msg::FireAction => {
                let Shot { body, aim, .. } = shot.clone();
                self.mode = Mode::Step;
                let (frame, w) = (self.frame, words(self.lang));
                self.edit(|s, _, _| {
                    s.world.actions.push(crate::engine::Action { frame, body, kind: crate::engine::ActionKind::Velocity(aim) });
                    Ok(fill(w.shot_action, &[&s.world.bodies[body].name, &num(aim.length()), &frame]))
                });
            }
            Msg::Unbound(c) => self.unbound(c),
            _ => {}
        }
    }

    /// Ctrl-S: the scene as built — the start of frame 0, with every edit
    /// made there — back into the file it came from, whatever frame is on
    /// screen, if the file still holds what was read (else the shell's
    /// answer makes us ask); a lesson asks for a name.
    pub(super) fn save(&mut self) {
        self.exporting = None;
        match self.session.lesson.origin.clone() {
            Some(path) => {
                let source = self.session.lesson.source.clone();
                self.write(path, Check::Unchanged(source));
            }
            None => {
                let id = self.session.lesson.section.as_ref().map_or("scene", |l| l.id.as_str());
                self.mode = Mode::SaveAs(LineEdit::new(format!("{id}.toml")));
            }
        }
    }

    /// Ctrl-E: the start of the frame on screen as a new scene, in a file of
    /// its own (a name is asked, and an existing file is written over only
    /// when the user says so); the scene on screen keeps its own file.
    pub(super) fn export_frame(&mut self) {
        let stem = match (&self.session.lesson.origin, &self.session.lesson.section) {
            (Some(path), _) => path.with_extension("").display().to_string(),
            (None, Some(l)) => l.id.clone(),
            (None, None) => "scene".to_string(),
        };
        self.exporting = Some(self.frame);
        self.mode = Mode::SaveAs(LineEdit::new(format!("{stem}-frame{}.toml", self.frame)));
    }

    pub(super) fn save_update(&mut self, msg: Msg) {
        if let Mode::SaveAs(name) = &mut self.mode
            && msg.edit_line(name)
        {
            return;
        }
        match (&mut self.mode, msg) {
            (Mode::SaveAs(name), Msg::Accept) => {
                let path = PathBuf::from(name.as_str().trim());
                if path.as_os_str().is_empty() {
                    self.note = Some(words(self.lang).write_name.to_string());
                } else {
                    self.write(path, Check::New);
                }
            }
            (Mode::Overwrite(path), Msg::Yes) => {
                let path = path.clone();
                self.write(path, Check::None);
            }
            (_, Msg::Cancel | Msg::No) => {
                self.mode = Mode::Step;
                self.exporting = None;
                self.note = Some(words(self.lang).not_saved.to_string());
            }
            _ => {}
        }
    }

    /// Asks the shell to write a start to `path` — frame 0's, or the frame
    /// being exported — so reopening the file shows it as frame 0. The text
    /// is made and read back here, before the shell touches any file.
    fn write(&mut self, path: PathBuf, check: Check) {
        match self.session.save_text(self.exporting.unwrap_or(0), &path.display().to_string()) {
            Ok(text) => self.effect = Some(Effect::Write { path, text, check }),
            Err(why) => {
                self.mode = Mode::Step;
                self.exporting = None;
                self.note = Some(format!("{}: {why}", words(self.lang).not_saved));
            }
        }
    }

    /// What the shell found or did for a [`Effect::Write`].
    pub fn performed(&mut self, outcome: Outcome) {
        match outcome {
            Outcome::Ask(path, concerns) => {
                let w = words(self.lang);
                let said: Vec<String> = concerns.iter().map(|c| concern_words(c, w)).collect();
                self.note = Some(format!("{} {}", path.display(), said.join(w.concern_and)));
                self.mode = Mode::Overwrite(path);
            }
            Outcome::Exists(path) => {
                self.note = None;
                self.mode = Mode::Overwrite(path);
            }
            Outcome::Copied => {}
            // The name typed cannot be written to: say why and let it be changed.
            Outcome::Refused(why) => {
                let w = words(self.lang);
                self.note = Some(match why {
                    Refusal::IsAFolder(path) => fill(w.is_a_folder, &[&path.display().to_string()]),
                    Refusal::NoFolder(folder) => fill(w.no_folder, &[&folder.display().to_string()]),
                });
            }
            Outcome::Logged(Ok(())) => {}
            // The answer stands; the teacher's file is what failed: said after the feedback.
            Outcome::Logged(Err(why)) => {
                let said = fill(words(self.lang).log_not_written, &[&why]);
                self.note = Some(self.note.take().map_or(said.clone(), |n| format!("{n} · {said}")));
            }
            Outcome::Wrote { path, text, result } => {
                self.mode = Mode::Step;
                let shown = path.display().to_string();
                match result {
                    Ok(()) => {
                        // Motion is a switch of the session, not a key of the file.
                        let w = words(self.lang);
                        let motion = if self.settings().motion { "" } else { w.motion_not_saved };
                        self.note = Some(match self.exporting.take() {
                            Some(n) => fill(w.wrote_frame, &[&n.to_string(), &shown, &self.session.lesson.file, &motion]),
                            None => {
                                let later = match self.session.later_edits().as_slice() {
                                    [] => String::new(),
                                    frames => fill(w.later_edits, &[&frames.iter().map(u64::to_string).collect::<Vec<_>>().join(", ")]),
                                };
                                self.session.saved_as(path, text, 0);
                                fill(w.saved_built, &[&shown, &motion, &later])
                            }
                        });
                    }
                    Err(e) => {
                        self.exporting = None;
                        self.note = Some(format!("{}: {shown}: {e}", words(self.lang).not_saved));
                    }
                }
            }
        }
    }
}

impl Stepper {
    /// A key the lesson names (`[[toggle]]`): its materials (e, μ) and solver
    /// settings switch between the file as written and the file with the
    /// toggle's changes, from the frame on screen, as an edit (undo takes it back).
    pub(super) fn toggle(&mut self, key: u8) {
        let lesson = &self.session.lesson;
        let (lang, w) = (self.lang, words(self.lang));
        let Some(t) = lesson.toggles.iter().find(|t| t.key == key.to_string()).cloned() else {
            self.note = Some(fill(if lesson.toggles.is_empty() { w.no_toggles } else { w.not_a_toggle }, &[&key]));
            return;
        };
        let switched = match lesson.with_sets(&t.sets) {
            Ok(l) => l.scene,
            Err(e) => return self.note = Some(e.problems[0].in_lang(lang).message),
        };
        let written = lesson.scene.clone();
        self.edit(move |s, _, _| {
            let make =
                |bodies: &[crate::engine::Body]| bodies.iter().map(|b| (b.name.clone(), b.restitution, b.friction)).collect::<Vec<_>>();
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
}

/// What the user hears of a concern, after the file's name (or "it").
fn concern_words(concern: &Concern, w: &Words) -> String {
    match concern {
        Concern::Deleted => w.concern_deleted.to_string(),
        Concern::ChangedOnDisk => w.concern_changed.to_string(),
        Concern::LinkTo(target) => fill(w.concern_link, &[&target.display()]),
        Concern::HardLink(1) => w.concern_hard_link.to_string(),
        Concern::HardLink(n) => fill(w.concern_hard_links, &[n]),
        Concern::ReadOnly => w.concern_read_only.to_string(),
    }
}
