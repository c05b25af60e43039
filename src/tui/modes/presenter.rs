//! Presenter mode (`P`) hides every phase's results for a teacher at the
//! front; `R` shows the next hidden line, one a press, there and in quiz
//! mode, where showing a number question's own line gives that question up.
//! Which lines are hidden is the context's (`Context::hideable`).

use super::quiz::{AnswerPrompt, asked, give_up};
use crate::tui::context::Context;
use crate::tui::msg::Msg;
use crate::tui::note::Note;

/// `P` and `R` while stepping; the prompt for the next question, when `R` gave one up.
pub fn key(msg: Msg, ctx: &mut Context) -> Option<AnswerPrompt> {
    match msg {
        Msg::TogglePresenter => {
            ctx.class.presenter = !ctx.class.presenter;
            ctx.class.revealed.clear();
            ctx.note = Some(Note::Presenter { on: ctx.class.presenter });
            None
        }
        Msg::Reveal => reveal(ctx),
        _ => None,
    }
}

/// `R`: shows the next hidden result. A number question whose own result
/// it shows is given up; a choice question once all its lines are shown.
fn reveal(ctx: &mut Context) -> Option<AnswerPrompt> {
    let hideable = ctx.hideable();
    let Some(&next) = hideable.iter().find(|l| !ctx.class.revealed.contains(l)) else {
        ctx.note = Some(Note::NothingHidden);
        return None;
    };
    ctx.class.revealed.insert(next);
    let left = hideable.iter().filter(|l| !ctx.class.revealed.contains(l)).count();
    ctx.note = Some(Note::HiddenLeft(left));
    let mut gave_up = false;
    for q in ctx.open_here() {
        let question = &ctx.session.lesson.questions[q];
        let own = ctx.truth_of(question).and_then(|t| t.quantity);
        let given_up = match own {
            Some(line) => ctx.class.revealed.contains(&line),
            None => left == 0,
        };
        if given_up {
            give_up(ctx, q);
            gave_up = true;
        }
    }
    // Another question at the same phase is asked next.
    if gave_up { asked(ctx) } else { None }
}
