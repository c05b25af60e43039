//! The quiz's record of a learner's answers, with no screen in it: which of
//! the lesson's `[[question]]`s are answered, how, and the score. Where a
//! question is asked, what is hidden until then and the keys are the TUI's.

use crate::engine::FrameRecord;
use crate::lesson::{Lang, Lesson, Verdict, find_phase};

/// Where a question stands.
#[derive(Clone, Debug, PartialEq)]
pub enum Answer {
    /// Not answered yet: the results at its phase stay hidden in quiz mode.
    Open,
    /// Answered; what the learner typed (or the choice's number).
    Given { verdict: Verdict, typed: String },
    /// Shown without an answer (the reveal key reached it).
    Revealed,
}

/// The answers so far, one per question of the lesson, in file order.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Quiz {
    pub answers: Vec<Answer>,
    /// How many answers each question has been given, wrong ones included.
    pub tries: Vec<u32>,
}

/// How the quiz went: each question is right, wrong, revealed or still open.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Score {
    pub right: usize,
    pub wrong: usize,
    pub revealed: usize,
    pub open: usize,
}

impl Score {
    pub fn total(&self) -> usize {
        self.right + self.wrong + self.revealed + self.open
    }

    /// "3 of 4 right, 1 revealed": what is not zero after the right ones.
    pub fn text(&self, lang: Lang) -> String {
        let zh = lang == Lang::Zh;
        let mut s = if zh {
            format!("{} 题中答对 {} 题", self.total(), self.right)
        } else {
            format!("{} of {} right", self.right, self.total())
        };
        for (n, en, cn) in [(self.wrong, "wrong", "答错"), (self.revealed, "revealed", "直接看了答案"), (self.open, "unanswered", "未答")]
        {
            if n > 0 {
                s += &if zh { format!("，{cn} {n} 题") } else { format!(", {n} {en}") };
            }
        }
        s
    }
}

impl Quiz {
    /// A quiz over `questions` questions, none answered.
    pub fn new(questions: usize) -> Quiz {
        Quiz { answers: vec![Answer::Open; questions], tries: vec![0; questions] }
    }

    /// Counts one more answer to `question`; how many it has had now.
    pub fn tried(&mut self, question: usize) -> u32 {
        let Some(n) = self.tries.get_mut(question) else { return 0 };
        *n += 1;
        *n
    }

    pub fn is_open(&self, question: usize) -> bool {
        self.answers.get(question).is_some_and(|a| *a == Answer::Open)
    }

    /// Settles an open question; one already settled keeps its first answer
    /// (a second try after seeing the answer would not be a prediction).
    pub fn settle(&mut self, question: usize, answer: Answer) {
        if self.is_open(question) {
            self.answers[question] = answer;
        }
    }

    pub fn score(&self) -> Score {
        let mut s = Score::default();
        for a in &self.answers {
            match a {
                Answer::Open => s.open += 1,
                Answer::Given { verdict: Verdict::Right, .. } => s.right += 1,
                Answer::Given { verdict: Verdict::Wrong, .. } => s.wrong += 1,
                Answer::Revealed => s.revealed += 1,
            }
        }
        s
    }
}

/// The questions asked at `phase` of `record` (its frame's questions, where
/// their anchors land), in file order. `names` are the bodies of the frame.
pub fn questions_at(lesson: &Lesson, record: &FrameRecord, names: &[String], phase: usize) -> Vec<usize> {
    let here = |q: &&crate::lesson::QuestionEntry| q.frame == record.frame && find_phase(record, &q.anchor(), names) == Some(phase);
    lesson.questions.iter().enumerate().filter(|(_, q)| here(q)).map(|(i, _)| i).collect()
}

/// Whether `phase` of `record` comes after every question's phase: the quiz
/// is over there. A question whose anchor lands on no phase of its frame (an
/// edit took its body away) is over once its frame is.
pub fn past_every_question(lesson: &Lesson, record: &FrameRecord, names: &[String], phase: usize) -> bool {
    lesson.questions.iter().all(|q| match q.frame.cmp(&record.frame) {
        std::cmp::Ordering::Less => true,
        std::cmp::Ordering::Greater => false,
        std::cmp::Ordering::Equal => find_phase(record, &q.anchor(), names).is_none_or(|p| p < phase),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_score_counts_each_way_a_question_ends() {
        let mut quiz = Quiz::new(4);
        quiz.settle(0, Answer::Given { verdict: Verdict::Right, typed: "3".into() });
        quiz.settle(1, Answer::Given { verdict: Verdict::Right, typed: "-7.2".into() });
        quiz.settle(2, Answer::Revealed);
        assert_eq!(quiz.score().text(Lang::En), "2 of 4 right, 1 revealed, 1 unanswered");
        quiz.settle(3, Answer::Given { verdict: Verdict::Wrong, typed: "1".into() });
        // A settled question keeps its first answer.
        quiz.settle(0, Answer::Given { verdict: Verdict::Wrong, typed: "4".into() });
        assert_eq!(quiz.score(), Score { right: 2, wrong: 1, revealed: 1, open: 0 });
        assert_eq!(quiz.score().text(Lang::En), "2 of 4 right, 1 wrong, 1 revealed");
        assert_eq!(quiz.score().text(Lang::Zh), "4 题中答对 2 题，答错 1 题，直接看了答案 1 题");
    }
}
