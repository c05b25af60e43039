//! Breakpoint conditions (README.md, "Breakpoint conditions"): one language for
//! `impulse run --break-on` and the TUI's `b`.
//!
//! `COND := TERM (("and" | "or") TERM)*`, "and" binding tighter than "or".
//! A condition is judged on one recorded phase; a term that asks for a value
//! the phase does not record is false for it. Energy comes from the frame's
//! ledger (`FrameRecord::ledger`), which the caller passes in; nothing here
//! computes physics.

use crate::engine::{EnergyChange, Phase, PhaseKind, Value};
use crate::scene::SceneError;
use crate::scene::error::{Problem, nearest};
use std::ops::Range;

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Cmp {
    Lt,
    Le,
    Gt,
    Ge,
    Eq,
    Ne,
}

impl Cmp {
    fn holds(self, a: f64, b: f64) -> bool {
        match self {
            Cmp::Lt => a < b,
            Cmp::Le => a <= b,
            Cmp::Gt => a > b,
            Cmp::Ge => a >= b,
            Cmp::Eq => a == b,
            Cmp::Ne => a != b,
        }
    }
}

/// A term; `B` is how it holds a body: by its index in the world judged
/// (`usize`), or by anything that finds it there (the TUI's `BodyHandle`).
#[derive(Clone, Debug, PartialEq)]
pub enum Term<B = usize> {
    /// A detect phase of the pair (either order) whose narrow phase found contact.
    Contact(B, B),
    Kind(PhaseKind),
    /// A phase of the pair, in either order.
    Pair(B, B),
    /// A phase of a pair that holds the body, or one that changed it.
    Body(B),
    /// A value (or a body state the phase left) that is not a number.
    Nan,
    /// The total energy KE + PE after the phase exceeds the total before by
    /// more than this (0: by more than rounding), gravity's trade between PE
    /// and KE left out (see [`EnergyChange`]).
    EnergyRises(f64),
    /// An energy term ([`ENERGY_TERMS`]) or a value the phase records.
    Compare(String, Cmp, f64),
}

impl<B> Term<B> {
    /// The same term holding its bodies as `f` finds them, if it finds them all.
    fn map<C>(&self, f: &impl Fn(&B) -> Option<C>) -> Option<Term<C>> {
        Some(match self {
            Term::Contact(a, b) => Term::Contact(f(a)?, f(b)?),
            Term::Pair(a, b) => Term::Pair(f(a)?, f(b)?),
            Term::Body(a) => Term::Body(f(a)?),
            Term::Kind(k) => Term::Kind(*k),
            Term::Nan => Term::Nan,
            Term::EnergyRises(by) => Term::EnergyRises(*by),
            Term::Compare(q, c, x) => Term::Compare(q.clone(), *c, *x),
        })
    }
}

/// A parsed condition: "or" of "and"s of terms, holding bodies as `B`.
#[derive(Clone, Debug, PartialEq)]
pub struct Condition<B = usize> {
    /// As typed.
    pub text: String,
    any: Vec<Vec<Term<B>>>,
    /// Where the text names each body, and which.
    named: Vec<(Range<usize>, B)>,
}

impl<B> Condition<B> {
    /// The same condition holding its bodies as `f` finds them: none when
    /// one of them is not found (a breakpoint on a body that is gone).
    pub fn map_bodies<C>(&self, f: impl Fn(&B) -> Option<C>) -> Option<Condition<C>> {
        let any = self.any.iter().map(|all| all.iter().map(|t| t.map(&f)).collect()).collect::<Option<_>>()?;
        let named = self.named.iter().map(|(span, b)| Some((span.clone(), f(b)?))).collect::<Option<_>>()?;
        Some(Condition { text: self.text.clone(), any, named })
    }

    /// The bodies the text names, in its order (a body named twice, twice).
    pub fn bodies(&self) -> impl Iterator<Item = &B> {
        self.named.iter().map(|(_, b)| b)
    }

    /// The text with each body written as `name` calls it now (as typed where it gives none).
    pub fn text_with(&self, name: impl Fn(&B) -> Option<String>) -> String {
        let mut text = self.text.clone();
        for (span, b) in self.named.iter().rev() {
            if let Some(n) = name(b) {
                text.replace_range(span.clone(), &n);
            }
        }
        text
    }

    /// Whether judging needs the frame's ledger (every phase recorded).
    pub fn needs_energy(&self) -> bool {
        self.any
            .iter()
            .flatten()
            .any(|t| matches!(t, Term::EnergyRises(_)) || matches!(t, Term::Compare(q, ..) if ENERGY_TERMS.contains(&q.as_str())))
    }
}

/// The quantities a condition compares that come from the frame's ledger, not
/// the phase's record: KE after the phase, PE after it, and the changes of KE,
/// PE and E across it; the integrator's drift (at the frame's last forces,
/// integrate or move phase, see [`EnergyChange::drift`]).
pub const ENERGY_TERMS: [&str; 6] = ["ke", "dke", "pe", "dpe", "de", "integrator drift"];

/// What a phase is judged with: its record, the bodies' names, and what it did
/// to the energy when the condition needs that.
pub struct At<'a> {
    pub phase: &'a Phase,
    pub names: &'a [String],
    pub energy: Option<EnergyChange>,
}

impl Condition {
    /// Parses `text`; `names` are the scene's bodies, by index. The error
    /// underlines where the condition goes wrong.
    pub fn parse(text: &str, names: &[String]) -> Result<Condition, SceneError> {
        let tokens = tokens(text);
        let mut parser = Parser { text, names, tokens: &tokens, at: 0, named: Vec::new() };
        let any = parser.condition().map_err(|p| SceneError::new("condition", text, vec![p]))?;
        Ok(Condition { text: text.to_string(), any, named: parser.named })
    }

    /// Whether a phase of this kind and pair could match: the tracer builds
    /// no record for one that cannot. It never says no to a phase that
    /// [`Condition::holds`] would accept.
    pub fn could_hold(&self, kind: PhaseKind, pair: Option<(usize, usize)>) -> bool {
        let is_pair = |a: usize, b: usize| pair == Some((a, b)) || pair == Some((b, a));
        let could = |t: &Term| match *t {
            Term::Contact(a, b) => kind == PhaseKind::Detect && is_pair(a, b),
            Term::Kind(k) => kind == k,
            Term::Pair(a, b) => is_pair(a, b),
            // Forces and integrate change bodies without a pair.
            Term::Body(a) => pair.is_none_or(|(p, q)| p == a || q == a),
            _ => true,
        };
        self.any.iter().any(|all| all.iter().all(could))
    }

    /// Whether no broad phase and no detect phase of a pair that does not
    /// touch can meet the condition (every "and" has `contact`, or a kind
    /// other than those two): then a search need not see those phases.
    pub fn only_contacts(&self) -> bool {
        let excludes = |t: &Term| match t {
            Term::Contact(..) => true,
            Term::Kind(k) => !matches!(k, PhaseKind::Broad | PhaseKind::Detect),
            _ => false,
        };
        self.any.iter().all(|all| all.iter().any(excludes))
    }

    pub fn holds(&self, at: &At) -> bool {
        let mut values = None;
        self.any.iter().any(|all| all.iter().all(|t| term_holds(t, at, &mut values)))
    }
}

fn term_holds(term: &Term, at: &At, values: &mut Option<Vec<(String, Value)>>) -> bool {
    let phase = at.phase;
    let is_pair = |a: usize, b: usize| phase.pair == Some((a, b)) || phase.pair == Some((b, a));
    match term {
        Term::Contact(a, b) => is_pair(*a, *b) && phase.found_contact(),
        Term::Kind(k) => phase.kind() == *k,
        Term::Pair(a, b) => is_pair(*a, *b),
        Term::Body(a) => phase.pair.is_some_and(|(p, q)| p == *a || q == *a) || phase.changes().iter().any(|c| c.body == *a),
        Term::Nan => {
            let bad_state = phase.changes().iter().any(|c| {
                let s = c.after;
                !(s.position.is_finite() && s.velocity.is_finite() && s.angle.is_finite() && s.angular_velocity.is_finite())
            });
            bad_state
                || values_of(values, at).iter().any(|(_, v)| match v {
                    Value::Scalar(x) => x.is_nan(),
                    Value::Vector(v) => v.is_nan(),
                    _ => false,
                })
        }
        Term::EnergyRises(by) => at.energy.is_some_and(|e| e.rises_by(*by)),
        Term::Compare(name, cmp, x) => {
            let value = match name.as_str() {
                "ke" => at.energy.map(|e| e.after.ke),
                "dke" => at.energy.map(|e| e.after.ke - e.before.ke),
                "pe" => at.energy.map(|e| e.after.pe),
                "dpe" => at.energy.map(|e| e.after.pe - e.before.pe),
                "de" => at.energy.map(|e| e.de()),
                "integrator drift" => at.energy.and_then(|e| e.drift),
                _ => values_of(values, at).iter().find(|(n, _)| n == name).and_then(|(_, v)| match v {
                    Value::Scalar(x) => Some(*x),
                    Value::Bool(b) => Some(f64::from(u8::from(*b))),
                    _ => None,
                }),
            };
            value.is_some_and(|v| cmp.holds(v, *x))
        }
    }
}

/// The phase's values by name, made once per phase however many terms ask.
fn values_of<'v>(cache: &'v mut Option<Vec<(String, Value)>>, at: &At) -> &'v [(String, Value)] {
    cache.get_or_insert_with(|| at.phase.quantities(at.names).into_iter().map(|q| (q.name, q.value)).collect())
}

/// A word, or a run of comparison signs, with where it stands in the text.
fn tokens(text: &str) -> Vec<(&str, Range<usize>)> {
    let is_op = |c: char| matches!(c, '<' | '>' | '=' | '!');
    let mut out = Vec::new();
    let mut chars = text.char_indices().peekable();
    while let Some(&(start, c)) = chars.peek() {
        if c.is_whitespace() {
            chars.next();
            continue;
        }
        let op = is_op(c);
        let mut end = start;
        while let Some(&(i, c)) = chars.peek() {
            if c.is_whitespace() || is_op(c) != op {
                break;
            }
            end = i + c.len_utf8();
            chars.next();
        }
        out.push((&text[start..end], start..end));
    }
    out
}

const TERMS: &str =
    "contact A B · kind = KIND · pair = A-B · body = A · nan · energy rises [by X] · integrator drift OP NUMBER · QUANTITY OP NUMBER";

struct Parser<'a> {
    text: &'a str,
    names: &'a [String],
    tokens: &'a [(&'a str, Range<usize>)],
    at: usize,
    /// Where each body is named, as found.
    named: Vec<(Range<usize>, usize)>,
}

impl Parser<'_> {
    fn condition(&mut self) -> Result<Vec<Vec<Term>>, Problem> {
        let mut any = vec![vec![self.term()?]];
        while let Some((word, span)) = self.next() {
            match word {
                "and" => any.last_mut().expect("one group at least").push(self.term()?),
                "or" => any.push(vec![self.term()?]),
                _ => return Err(problem(span, "expected `and` or `or` between terms", "here", Some(format!("a term is one of: {TERMS}")))),
            }
        }
        Ok(any)
    }

    fn next(&mut self) -> Option<(&str, Range<usize>)> {
        let token = self.tokens.get(self.at).cloned();
        self.at += 1;
        token
    }

    fn peek(&self) -> Option<&str> {
        self.tokens.get(self.at).map(|t| t.0)
    }

    /// The span just past the end, for "expected more".
    fn end(&self) -> Range<usize> {
        let n = self.text.trim_end().len();
        n..n + 1
    }

    fn expect(&mut self, what: &str, help: &str) -> Result<(String, Range<usize>), Problem> {
        let end = self.end();
        self.next()
            .map(|(w, s)| (w.to_string(), s))
            .ok_or_else(|| problem(end, &format!("expected {what}"), "the condition ends here", Some(help.to_string())))
    }

    fn equals(&mut self, key: &str) -> Result<(), Problem> {
        let (word, span) = self.expect("`=`", &format!("write `{key} = …`"))?;
        if word == "=" { Ok(()) } else { Err(problem(span, "expected `=`", "here", Some(format!("write `{key} = …`")))) }
    }

    /// The body called `word`, written at `span`.
    fn body(&mut self, word: &str, span: Range<usize>) -> Result<usize, Problem> {
        let found = self.names.iter().position(|n| n == word);
        if let Some(i) = found {
            self.named.push((span.clone(), i));
        }
        found.ok_or_else(|| {
            let names: Vec<&str> = self.names.iter().map(String::as_str).collect();
            let help = match nearest(word, &names) {
                Some(n) => format!("did you mean `{n}`?"),
                None => format!("the bodies are: {}", shortened(&names)),
            };
            problem(span, &format!("no body is called \"{word}\""), "not a body of this scene", Some(help))
        })
    }

    fn number(&mut self, what: &str) -> Result<f64, Problem> {
        let (word, span) = self.expect(what, "write a number, e.g. -7 or 0.5")?;
        // A number copied from the screen has the minus sign U+2212 (−7.2).
        match word.replace('−', "-").parse::<f64>() {
            Ok(x) if x.is_finite() => Ok(x),
            _ => Err(problem(span, &format!("expected {what}"), "not a number", Some("write a number, e.g. -7 or 0.5".to_string()))),
        }
    }

    fn term(&mut self) -> Result<Term, Problem> {
        let (word, span) = self.expect("a term", &format!("a term is one of: {TERMS}"))?;
        let op_follows = self.peek().is_some_and(|w| cmp(w).is_some());
        match word.as_str() {
            "contact" if !op_follows => {
                let (a, sa) = self.expect("two body names", "write `contact A B`")?;
                let (b, sb) = self.expect("a second body name", "write `contact A B`")?;
                Ok(Term::Contact(self.body(&a, sa)?, self.body(&b, sb)?))
            }
            "kind" => {
                self.equals("kind")?;
                let kinds: Vec<&str> = PhaseKind::ALL.iter().map(|k| k.name()).collect();
                let help = format!("the kinds are: {}", kinds.join(", "));
                let (k, sk) = self.expect("a phase kind", &help)?;
                let help = nearest(&k, &kinds).map_or(help, |n| format!("did you mean `{n}`?"));
                PhaseKind::from_name(&k)
                    .map(Term::Kind)
                    .ok_or_else(|| problem(sk, &format!("no phase kind is called \"{k}\""), "not a kind", Some(help)))
            }
            "pair" => {
                self.equals("pair")?;
                let (p, sp) = self.expect("a pair", "write `pair = A-B`")?;
                // Names may hold `-` themselves: take the split that names two bodies.
                let split = p
                    .match_indices('-')
                    .map(|(i, _)| (&p[..i], &p[i + 1..]))
                    .find(|(a, b)| self.names.iter().any(|n| n == a) && self.names.iter().any(|n| n == b));
                match split {
                    Some((a, b)) => {
                        let at = sp.start + a.len();
                        Ok(Term::Pair(self.body(a, sp.start..at)?, self.body(b, at + 1..sp.end)?))
                    }
                    None => Err(problem(
                        sp,
                        "expected two body names joined by `-`",
                        "not a pair of this scene",
                        Some("write `pair = A-B`, e.g. the names in the phase titles".to_string()),
                    )),
                }
            }
            "body" => {
                self.equals("body")?;
                let (b, sb) = self.expect("a body name", "write `body = A`")?;
                Ok(Term::Body(self.body(&b, sb)?))
            }
            "nan" if !op_follows => Ok(Term::Nan),
            "energy" if !op_follows => {
                let (w, sw) = self.expect("`rises`", "write `energy rises` or `energy rises by X`")?;
                if w != "rises" {
                    return Err(problem(sw, "expected `rises`", "here", Some("write `energy rises` or `energy rises by X`".to_string())));
                }
                if self.peek() == Some("by") {
                    self.at += 1;
                    return Ok(Term::EnergyRises(self.number("an amount of energy in J")?));
                }
                Ok(Term::EnergyRises(0.0))
            }
            "integrator" if self.peek() == Some("drift") => {
                self.at += 1;
                self.comparison("integrator drift".to_string())
            }
            "and" | "or" => {
                Err(problem(span, "expected a term", "a term is missing before this", Some(format!("a term is one of: {TERMS}"))))
            }
            _ if cmp(&word).is_some() => Err(problem(
                span,
                "expected a quantity before the comparison",
                "nothing to compare",
                Some("write e.g. `jn < -7`".to_string()),
            )),
            _ => self.comparison(word),
        }
    }

    /// The rest of `QUANTITY OP NUMBER`, the quantity read.
    fn comparison(&mut self, quantity: String) -> Result<Term, Problem> {
        let help = format!("a term is one of: {TERMS}");
        let (op, so) = self.expect("a comparison (< <= > >= == !=)", &help)?;
        let Some(op) = cmp(&op) else {
            return Err(problem(
                so,
                "expected a comparison: < <= > >= == !=",
                "here",
                Some(format!("write `{quantity} < NUMBER`; {help}")),
            ));
        };
        Ok(Term::Compare(quantity, op, self.number("a number")?))
    }
}

fn cmp(word: &str) -> Option<Cmp> {
    Some(match word {
        "<" => Cmp::Lt,
        "<=" => Cmp::Le,
        ">" => Cmp::Gt,
        ">=" => Cmp::Ge,
        "==" => Cmp::Eq,
        "!=" => Cmp::Ne,
        _ => return None,
    })
}

/// The first few names, and how many more.
fn shortened(names: &[&str]) -> String {
    match names.len() {
        0..=8 => names.join(", "),
        n => format!("{}, … ({} more)", names[..6].join(", "), n - 6),
    }
}

fn problem(span: Range<usize>, message: &str, label: &str, help: Option<String>) -> Problem {
    Problem { span: Some(span), message: message.to_string(), label: label.to_string(), help, warning: false }
}
