//! Where the stepping keys are taking the user while the frame they asked
//! for is still being recorded: a frame and a phase counted from its first
//! or its last phase, which a frame's phase count turns into a place.
//!
//! A record of thousands of bodies takes a fifth of a second or more to
//! make, and a user who presses `F` four times means four frames back, not
//! four records one after another: each key moves the place sought, so
//! however many keys come, one frame is sought and one record is made at a
//! time. Counting phases from the end as well as from the start lets `N`
//! (the phase before) be pressed before the frame's phases are known.
//!
//! Phase keys that run past the frame sought (more `N` than it has phases)
//! are placed in the frames beside it once its phases are known; a frame
//! key after them counts from the frame sought. A frame of a lesson has a
//! few dozen phases and is recorded at once, so only a frame of thousands
//! of bodies is ever sought, and it has phases by the million.

/// A phase of a frame whose phases are not known yet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PhaseFrom {
    /// The `k`th phase from the first (0: the first).
    First(usize),
    /// The `k`th phase before the last (0: the last).
    Last(usize),
}

/// A place sought: a frame and a phase of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Seek {
    pub frame: u64,
    pub phase: PhaseFrom,
}

impl Seek {
    pub fn first_of(frame: u64) -> Seek {
        Seek { frame, phase: PhaseFrom::First(0) }
    }

    pub fn last_of(frame: u64) -> Seek {
        Seek { frame, phase: PhaseFrom::Last(0) }
    }

    /// The phase after this one (the next frame's first after a frame's last).
    pub fn next_phase(self) -> Seek {
        match self.phase {
            PhaseFrom::Last(0) => Seek::first_of(self.frame + 1),
            PhaseFrom::Last(k) => Seek { phase: PhaseFrom::Last(k - 1), ..self },
            PhaseFrom::First(k) => Seek { phase: PhaseFrom::First(k + 1), ..self },
        }
    }

    /// The phase before this one (the previous frame's last before a frame's
    /// first; frame 0's first stays where it is).
    pub fn prev_phase(self) -> Seek {
        match self.phase {
            PhaseFrom::First(0) if self.frame == 0 => self,
            PhaseFrom::First(0) => Seek::last_of(self.frame - 1),
            PhaseFrom::First(k) => Seek { phase: PhaseFrom::First(k - 1), ..self },
            PhaseFrom::Last(k) => Seek { phase: PhaseFrom::Last(k + 1), ..self },
        }
    }

    /// The next frame's first phase.
    pub fn next_frame(self) -> Seek {
        Seek::first_of(self.frame + 1)
    }

    /// The previous frame's first phase (frame 0's first at frame 0).
    pub fn prev_frame(self) -> Seek {
        Seek::first_of(self.frame.saturating_sub(1))
    }

    /// The phase this is, now that the frame is known to have `count`
    /// phases; or, for a count beyond them, the place it is in another
    /// frame, whose phases must be known first.
    pub fn place(self, count: usize) -> Result<usize, Seek> {
        let last = count.saturating_sub(1);
        match self.phase {
            PhaseFrom::First(k) if k <= last => Ok(k),
            PhaseFrom::First(k) => Err(Seek { frame: self.frame + 1, phase: PhaseFrom::First(k - count) }),
            PhaseFrom::Last(k) if k <= last => Ok(last - k),
            PhaseFrom::Last(_) if self.frame == 0 => Ok(0),
            PhaseFrom::Last(k) => Err(Seek { frame: self.frame - 1, phase: PhaseFrom::Last(k - count) }),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Keys pressed one at a time on frames of known phase counts, and the
    /// same keys folded into a seek placed afterwards, land on the same phase.
    #[test]
    fn keys_folded_into_a_seek_land_where_keys_pressed_one_by_one_do() {
        // Frames 0..10 with 3, 5, 4, 3, … phases.
        let count = |f: u64| [3, 5, 4][f as usize % 3];
        let place = |mut s: Seek| loop {
            match s.place(count(s.frame)) {
                Ok(p) => return (s.frame, p),
                Err(other) => s = other,
            }
        };
        let press = |s: Seek, key: char| match key {
            'n' => s.next_phase(),
            'N' => s.prev_phase(),
            'f' => s.next_frame(),
            _ => s.prev_frame(),
        };
        // One key at a time, each placed at once, as a cached frame is.
        let one_by_one = |start: (u64, usize), keys: &str| {
            keys.chars().fold(start, |(f, p), key| {
                let here = Seek { frame: f, phase: PhaseFrom::First(p) };
                place(press(here, key))
            })
        };
        for keys in ["NNNN", "nnnnnnnnnnn", "FFFF", "NNNf", "nF", "fNNNNNN", "FFFFnnnnnnnnnnnn", "NNNNNNNNNNNNNNNNNNNNN"] {
            // Paused at frame 7's last phase, recorded later: the keys fold.
            let folded = place(keys.chars().fold(Seek::last_of(7), press));
            assert_eq!(folded, one_by_one((7, count(7) - 1), keys), "{keys}");
        }
        assert_eq!(place(Seek::last_of(7).prev_frame()), (6, 0));
        assert_eq!(
            place("NNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNNN".chars().fold(Seek::last_of(2), press)),
            (0, 0),
            "frame 0's first phase stops it"
        );
    }
}
