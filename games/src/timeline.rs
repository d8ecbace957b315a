//! [`Timeline`]: a match's version and its open simultaneous window, which
//! together decide whether an action a seat decided on some version may
//! still be applied.
//!
//! The rule, checked for every game by [`crate::testing::decisions`]: an
//! action decided on version `v` is applied at most once, and only while `v`
//! is current — or while the simultaneous window it was decided in is still
//! open and its seat has not answered yet. Inside a window the other seats'
//! secret answers change nothing one can do, so a decision made when the
//! window opened stays good; anything else (a chance step, a seat outside
//! the window, this seat's own answer) ends that grace.

use parlor_protocol::{Seat, ToAct};

/// Version and window bookkeeping of one match.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Timeline {
    version: u64,
    window: Option<Window>,
}

/// An open simultaneous window.
#[derive(Debug, Clone, PartialEq, Eq)]
struct Window {
    /// The version at which it opened.
    opened: u64,
    /// The seats asked to answer.
    seats: Vec<Seat>,
    /// Those that have answered since.
    answered: Vec<Seat>,
}

impl Timeline {
    /// The current version (steps in the log).
    pub fn version(&self) -> u64 {
        self.version
    }

    /// Records one batch of steps — a seat's action and the chance steps it
    /// set off, or the setup's chance steps — given as the acting seat of
    /// each step (`None` for chance), and who is to act after it.
    pub fn record(&mut self, batch: &[Option<Seat>], to_act_after: &ToAct) {
        self.version += batch.len() as u64;
        let answered_in_window = match (&mut self.window, batch, to_act_after) {
            (Some(w), [Some(seat)], ToAct::Seats { seats })
                if w.seats.contains(seat)
                    && !w.answered.contains(seat)
                    && seats
                        .iter()
                        .all(|s| s != seat && w.seats.contains(s) && !w.answered.contains(s)) =>
            {
                w.answered.push(*seat);
                true
            }
            _ => false,
        };
        if !answered_in_window {
            self.window = match to_act_after {
                ToAct::Seats { seats } if seats.len() > 1 => Some(Window {
                    opened: self.version,
                    seats: seats.clone(),
                    answered: Vec::new(),
                }),
                _ => None,
            };
        }
    }

    /// May an action `seat` decided on version `decided` be applied now?
    pub fn is_current(&self, seat: Seat, decided: u64) -> bool {
        decided == self.version
            || self.window.as_ref().is_some_and(|w| {
                decided >= w.opened
                    && decided < self.version
                    && w.seats.contains(&seat)
                    && !w.answered.contains(&seat)
            })
    }

    /// The version the open window started at, if one is open.
    pub fn window_opened(&self) -> Option<u64> {
        self.window.as_ref().map(|w| w.opened)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn seats(s: &[u8]) -> ToAct {
        ToAct::Seats {
            seats: s.iter().copied().map(Seat).collect(),
        }
    }

    #[test]
    fn a_turn_accepts_only_the_current_version() {
        let mut t = Timeline::default();
        t.record(&[None, None], &seats(&[0]));
        assert!(t.is_current(Seat(0), 2));
        assert!(!t.is_current(Seat(0), 1));
        assert!(!t.is_current(Seat(0), 3));
        t.record(&[Some(Seat(0)), None], &seats(&[0]));
        assert!(!t.is_current(Seat(0), 2), "decided before the last step");
        assert!(t.is_current(Seat(0), 4));
    }

    #[test]
    fn a_window_accepts_its_opening_version_once_per_seat() {
        let mut t = Timeline::default();
        t.record(&[None], &seats(&[0, 1, 2]));
        t.record(&[Some(Seat(1))], &seats(&[0, 2]));
        assert!(
            t.is_current(Seat(0), 1),
            "another seat's answer changes nothing"
        );
        assert!(!t.is_current(Seat(1), 1), "seat 1 already answered");
        t.record(&[Some(Seat(0))], &seats(&[2]));
        assert!(t.is_current(Seat(2), 1));
        assert!(t.is_current(Seat(2), 2));
    }

    /// The defect of issue 6: after a window every later turn kept accepting
    /// versions from the window's start.
    #[test]
    fn a_window_ends_when_the_game_moves_on() {
        let mut t = Timeline::default();
        t.record(&[None], &seats(&[0, 1]));
        t.record(&[Some(Seat(0))], &seats(&[1]));
        t.record(&[Some(Seat(1)), None], &seats(&[0]));
        assert!(!t.is_current(Seat(0), 1));
        assert!(!t.is_current(Seat(0), 2));
        assert!(t.is_current(Seat(0), 4));
        t.record(&[Some(Seat(0))], &seats(&[0]));
        assert!(!t.is_current(Seat(0), 4), "the same decision twice");
    }

    #[test]
    fn a_chance_step_closes_the_window() {
        let mut t = Timeline::default();
        t.record(&[None], &seats(&[0, 1, 2]));
        t.record(&[Some(Seat(1)), None], &seats(&[0, 2]));
        assert!(!t.is_current(Seat(0), 1));
        assert!(t.is_current(Seat(0), 3), "a new window opened");
    }
}
