//! [`Standing`]: the rules state of a match whose log may hold take-backs.
//!
//! A log is seat actions, chance outcomes and take-backs. A take-back
//! removes the last step still standing, which must be its seat's own and
//! one [`crate::game::takes_back`] allows: within that seat's turn, showing
//! nothing hidden, with no chance step after it. So the steps that stand are
//! always a log the rules accept, and a take-back never hides again what
//! someone saw nor lets a seat draw or roll twice.
//!
//! Only states before steps that may still be taken back are kept: a step
//! that can't be taken back (a roll, the end of a turn) seals everything
//! before it.

use parlor_protocol::{AnyStepView, AnyView, GameOptions, Seat, ToAct, Viewer};

use crate::any::{AnyGame, AnyStep, MatchError};
use crate::game::{takes_back, SetupError};
use crate::reveal::{RevealError, Revealed};

/// A match's rules state, and what a take-back would return to.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    game: AnyGame,
    /// The state before each step that may still be taken back, oldest
    /// first; all by the one seat that is to act.
    undo: Vec<(Seat, AnyGame)>,
}

/// Read access to the rules state; changes go through [`Standing::enter`].
impl std::ops::Deref for Standing {
    type Target = AnyGame;

    fn deref(&self) -> &AnyGame {
        &self.game
    }
}

impl Standing {
    /// A new match, before its setup steps.
    pub fn new(options: &GameOptions, seats: u8) -> Result<Standing, SetupError> {
        Ok(Standing {
            game: AnyGame::new(options, seats)?,
            undo: Vec::new(),
        })
    }

    /// The rules state of the steps that stand.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// The seat that may take back its last step now, if any.
    pub fn take_back(&self) -> Option<Seat> {
        self.undo.last().map(|(seat, _)| *seat)
    }

    /// Enters one log entry: applies an action or chance outcome, or takes
    /// back the last step. Refuses (and changes nothing) what the rules
    /// refuse and a take-back with nothing of that seat's to take back.
    pub fn enter(&mut self, step: &AnyStep) -> Result<(), MatchError> {
        if let AnyStep::TakeBack { seat } = step {
            return match self.undo.pop() {
                Some((by, before)) if by == *seat => {
                    self.game = before;
                    Ok(())
                }
                other => {
                    if let Some(kept) = other {
                        self.undo.push(kept);
                    }
                    Err(MatchError::NothingToTakeBack)
                }
            };
        }
        let seat = step.seat();
        let before = match seat {
            Some(_) if !self.game.reveals(step) => Some(self.game.clone()),
            _ => None,
        };
        self.game.apply(step)?;
        match (seat, before) {
            (Some(seat), Some(before)) if takes_back(false, seat, &self.game.to_act()) => {
                if self.undo.last().is_some_and(|(by, _)| *by != seat) {
                    self.undo.clear();
                }
                self.undo.push((seat, before));
            }
            _ => self.undo.clear(),
        }
        Ok(())
    }

    /// Is the match over?
    pub fn finished(&self) -> bool {
        self.game.to_act() == ToAct::Finished
    }
}

/// The state after a whole log, take-backs included.
pub fn replay_log(
    options: &GameOptions,
    seats: u8,
    log: &[AnyStep],
) -> Result<Standing, (usize, MatchError)> {
    let mut standing =
        Standing::new(options, seats).map_err(|e| (0, MatchError::Illegal(e.to_string())))?;
    for (index, step) in log.iter().enumerate() {
        standing.enter(step).map_err(|e| (index, e))?;
    }
    Ok(standing)
}

/// Every view of a finished match for [`Viewer::Revealed`], take-backs
/// included; like [`crate::reveal()`], the one gate to that viewer, it
/// refuses a log that does not end its match before drawing a view.
pub fn reveal_log(
    options: &GameOptions,
    seats: u8,
    log: &[AnyStep],
) -> Result<Revealed<AnyView, AnyStepView>, RevealError> {
    let refused = |(index, e): (usize, MatchError)| RevealError::Step {
        index,
        error: e.to_string(),
    };
    if !replay_log(options, seats, log).map_err(refused)?.finished() {
        return Err(RevealError::NotOver);
    }
    let mut game = Standing::new(options, seats).map_err(|e| RevealError::Setup(e.to_string()))?;
    let start = game.view(Viewer::Revealed);
    let mut steps = Vec::with_capacity(log.len());
    for (index, step) in log.iter().enumerate() {
        let shown = game
            .step_view(step, Viewer::Revealed)
            .map_err(|e| refused((index, e)))?;
        game.enter(step).map_err(|e| refused((index, e)))?;
        steps.push((shown, game.view(Viewer::Revealed)));
    }
    Ok(Revealed { start, steps })
}
