//! A phase's address, `FRAME:KIND[:PASS][:A-B]` (`381:resolve:7:crate-floor`):
//! short enough to paste into a chat or a bug report, and read back by
//! `--at` on `lesson`, `scene` and `run` to open or print that very phase.
//! The pass is the relaxation pass (or the event number of the event-driven
//! method) and the pair is A–B as the scene names them, A first. Where two
//! phases share an address (the two points of a clipped box contact), it
//! names the first.

use crate::engine::{FrameRecord, PhaseKind};
use std::fmt;

#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Address {
    pub frame: u64,
    pub kind: PhaseKind,
    pub pass: Option<usize>,
    /// `A-B` as written: a name may hold a `-`, so the pair is matched whole
    /// against the pairs the frame has, never split.
    pub pair: Option<String>,
}

impl fmt::Display for Address {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}", self.frame, self.kind.name())?;
        if let Some(k) = self.pass {
            write!(f, ":{k}")?;
        }
        if let Some(pair) = &self.pair {
            write!(f, ":{pair}")?;
        }
        Ok(())
    }
}

/// What an address names where there is no such phase: the words, and the
/// addresses nearest to it that the frame has.
#[derive(Clone, Debug, PartialEq)]
pub struct NotFound {
    pub address: Address,
    pub nearest: Vec<Address>,
}

impl fmt::Display for NotFound {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let nearest: Vec<String> = self.nearest.iter().map(Address::to_string).collect();
        write!(f, "frame {} has no phase {}", self.address.frame, self.address)?;
        match nearest.as_slice() {
            [] => write!(f, " (the frame has no phases)"),
            _ => write!(f, "; the nearest there are: {}", nearest.join(", ")),
        }
    }
}

/// How many of the nearest addresses an error lists.
const NEAREST: usize = 5;

impl Address {
    /// Reads `FRAME:KIND[:PASS][:A-B]`, or says what to write instead.
    pub fn parse(text: &str) -> Result<Address, String> {
        let text = text.trim();
        let form = "write FRAME:KIND[:PASS][:A-B], e.g. 12:resolve:3:ball-floor";
        let mut parts = text.splitn(3, ':');
        let frame = parts.next().unwrap_or_default();
        let frame: u64 = frame.parse().map_err(|_| format!("\"{frame}\" is not a frame number: {form}"))?;
        let kind = parts.next().ok_or_else(|| format!("\"{text}\" names no phase kind: {form}"))?;
        let kind = PhaseKind::from_name(kind).ok_or_else(|| {
            let kinds: Vec<&str> = PhaseKind::ALL.iter().map(|k| k.name()).collect();
            format!("no phase kind is called \"{kind}\"; the kinds are {}", kinds.join(", "))
        })?;
        let (pass, pair) = match parts.next() {
            None => (None, None),
            Some(rest) => {
                let (first, after) = rest.split_once(':').map_or((rest, None), |(a, b)| (a, Some(b)));
                match first.parse::<usize>() {
                    Ok(k) => (Some(k), after),
                    // No pass: the rest is the pair, `:` and all.
                    Err(_) => (None, Some(rest)),
                }
            }
        };
        if pair == Some("") {
            return Err(format!("\"{text}\" ends with an empty pair: {form}"));
        }
        Ok(Address { frame, kind, pass, pair: pair.map(str::to_string) })
    }

    /// The address of phase `i` of `record`, its bodies called `names`.
    pub fn of(record: &FrameRecord, i: usize, names: &[String]) -> Address {
        let p = &record.phases;
        let name = |k: usize| names.get(k).map_or("?", String::as_str);
        Address {
            frame: record.frame,
            kind: p.kind(i),
            pass: p.iteration(i),
            pair: p.pair(i).map(|(a, b)| format!("{}-{}", name(a), name(b))),
        }
    }

    /// The index of the first phase of `record` (frame `self.frame`) that
    /// this address names, or the nearest addresses the frame has.
    pub fn find(&self, record: &FrameRecord, names: &[String]) -> Result<usize, NotFound> {
        debug_assert_eq!(record.frame, self.frame);
        let here: Vec<Address> = (0..record.phases.len()).map(|i| Address::of(record, i, names)).collect();
        if let Some(i) = here.iter().position(|a| a == self) {
            return Ok(i);
        }
        let mut nearest: Vec<Address> = Vec::new();
        for a in here {
            if !nearest.contains(&a) {
                nearest.push(a);
            }
        }
        // Nearest: the same kind first, then the same pair, then the pass closest.
        nearest.sort_by_key(|a| {
            let pass = match (a.pass, self.pass) {
                (Some(x), Some(y)) => x.abs_diff(y),
                (None, None) => 0,
                _ => usize::MAX,
            };
            (a.kind != self.kind, a.pair != self.pair, pass)
        });
        nearest.truncate(NEAREST);
        Err(NotFound { address: self.clone(), nearest })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::engine::{BodyDef, Settings, World, record_frame};
    use crate::geometry::Shape;
    use glam::DVec2;

    #[test]
    fn every_form_reads_and_writes_back() {
        for text in ["381:resolve:7:crate-floor", "0:forces", "3:detect:2", "12:warm:ball-floor", "5:resolve:1:a-b-c"] {
            assert_eq!(Address::parse(text).unwrap().to_string(), text);
        }
        let a = Address::parse(" 381:resolve:7:crate-floor ").unwrap();
        assert_eq!((a.frame, a.kind, a.pass, a.pair.as_deref()), (381, PhaseKind::Resolve, Some(7), Some("crate-floor")));
        // A pair without a pass, whose names hold a colon.
        let a = Address::parse("2:detect:m:1-m:2").unwrap();
        assert_eq!((a.pass, a.pair.as_deref()), (None, Some("m:1-m:2")));
    }

    #[test]
    fn a_bad_address_says_what_to_write() {
        assert!(Address::parse("x:resolve").unwrap_err().starts_with("\"x\" is not a frame number: write FRAME:KIND"));
        assert!(Address::parse("3").unwrap_err().contains("names no phase kind"));
        assert!(Address::parse("3:resolv").unwrap_err().starts_with("no phase kind is called \"resolv\"; the kinds are forces"));
        assert!(Address::parse("3:resolve:2:").unwrap_err().contains("empty pair"));
    }

    /// Two discs of radius 1, 1.5 apart, approaching: frame 0 detects,
    /// corrects and resolves them in each of its passes.
    fn touching() -> (World, Settings, Vec<String>) {
        let mut a = BodyDef::dynamic("a", Shape::Circle { radius: 1.0 }, 1.0);
        a.motion.velocity = DVec2::new(1.0, 0.0);
        let b = BodyDef::dynamic("b-1", Shape::Circle { radius: 1.0 }, 1.0).at(DVec2::new(1.5, 0.0));
        let settings = Settings { relaxation_iterations: 3, ..Settings::default() };
        (World::new(vec![a, b], DVec2::ZERO), settings, vec!["a".to_string(), "b-1".to_string()])
    }

    #[test]
    fn an_address_finds_its_phase_and_a_phase_gives_its_address() {
        let (mut world, settings, names) = touching();
        let record = record_frame(&mut world, &settings);
        let at = Address::parse("0:resolve:2:a-b-1").unwrap();
        let i = at.find(&record, &names).unwrap();
        let p = record.phases.at(i);
        assert_eq!((p.kind(), p.iteration, p.pair), (PhaseKind::Resolve, Some(2), Some((0, 1))));
        for i in [0, i, record.phases.len() - 1] {
            let a = Address::of(&record, i, &names);
            assert_eq!(Address::parse(&a.to_string()).unwrap(), a);
            assert_eq!(record.phases.kind(a.find(&record, &names).unwrap()), record.phases.kind(i));
        }
    }

    #[test]
    fn an_address_that_names_no_phase_lists_the_nearest() {
        let (mut world, settings, names) = touching();
        let record = record_frame(&mut world, &settings);
        let e = Address::parse("0:resolve:9:a-b-1").unwrap().find(&record, &names).unwrap_err();
        let nearest: Vec<String> = e.nearest.iter().map(Address::to_string).collect();
        assert_eq!(nearest[..3], ["0:resolve:3:a-b-1", "0:resolve:2:a-b-1", "0:resolve:1:a-b-1"]);
        assert_eq!(e.to_string(), format!("frame 0 has no phase 0:resolve:9:a-b-1; the nearest there are: {}", nearest.join(", ")));
        let e = Address::parse("0:resolve:1:b-1-a").unwrap().find(&record, &names).unwrap_err();
        assert_eq!(e.nearest[0].to_string(), "0:resolve:1:a-b-1", "the same kind and pass, the pair as the frame has it");
    }
}
