//! [`AnyGame`]: every game behind one type, for the server, which handles
//! matches of any game through the protocol's tagged envelopes.

use parlor_protocol::{
    AnyAction, AnyScorecard, AnyStepView, AnyView, GameKind, GameOptions, MatchResult, Seat, ToAct,
    Viewer,
};
use rand::Rng;

use crate::doozy_dice::DoozyDice;
use crate::game::{Game, SetupError, Step};
use crate::mix_the_mutts::MixTheMutts;

/// A match of any game.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyGame {
    /// Doozy Dice.
    DoozyDice(DoozyDice),
    /// Mix-the-Mutts.
    MixTheMutts(MixTheMutts),
}

/// One log entry of any game.
#[derive(Debug, Clone, PartialEq)]
pub enum AnyStep {
    /// Doozy Dice step.
    DoozyDice(Step<<DoozyDice as Game>::Action, <DoozyDice as Game>::Chance>),
    /// Mix-the-Mutts step.
    MixTheMutts(Step<<MixTheMutts as Game>::Action, <MixTheMutts as Game>::Chance>),
}

/// Why a step was refused. Messages are safe to show to the submitter.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The action or step belongs to another game.
    #[error("that action is for another game")]
    WrongGame,
    /// The seat is not among those to act.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The match is over.
    #[error("the match is over")]
    Finished,
    /// The rules refuse it.
    #[error("{0}")]
    Illegal(String),
    /// A stored step could not be decoded.
    #[error("bad stored step: {0}")]
    Decode(String),
}

/// Expands `$body` once per game with `$g` bound to the inner game.
macro_rules! each_game {
    ($self:expr, $g:ident => $body:expr) => {
        match $self {
            AnyGame::DoozyDice($g) => $body,
            AnyGame::MixTheMutts($g) => $body,
        }
    };
}

impl AnyGame {
    /// Sets up a new match.
    pub fn new(options: &GameOptions, seats: u8) -> Result<AnyGame, SetupError> {
        Ok(match options {
            GameOptions::DoozyDice(o) => AnyGame::DoozyDice(DoozyDice::new(o, seats)?),
            GameOptions::MixTheMutts(o) => AnyGame::MixTheMutts(MixTheMutts::new(o, seats)?),
        })
    }

    /// Which game.
    pub fn kind(&self) -> GameKind {
        match self {
            AnyGame::DoozyDice(_) => DoozyDice::KIND,
            AnyGame::MixTheMutts(_) => MixTheMutts::KIND,
        }
    }

    /// Number of seats.
    pub fn seats(&self) -> u8 {
        each_game!(self, g => g.seats())
    }

    /// Who moves next.
    pub fn to_act(&self) -> ToAct {
        each_game!(self, g => g.to_act())
    }

    /// Is `seat` among those to act?
    pub fn is_to_act(&self, seat: Seat) -> bool {
        matches!(self.to_act(), ToAct::Seats { seats } if seats.contains(&seat))
    }

    /// Builds the log step for a seat's action, checking game, turn and rules
    /// without changing `self`.
    pub fn action_step(&self, seat: Seat, action: &AnyAction) -> Result<AnyStep, MatchError> {
        match self.to_act() {
            ToAct::Finished => return Err(MatchError::Finished),
            ToAct::Seats { seats } if seats.contains(&seat) => {}
            _ => return Err(MatchError::NotYourTurn),
        }
        let step = match (self, action) {
            (AnyGame::DoozyDice(_), AnyAction::DoozyDice(a)) => AnyStep::DoozyDice(Step::Act {
                seat,
                action: a.clone(),
            }),
            (AnyGame::MixTheMutts(_), AnyAction::MixTheMutts(a)) => {
                AnyStep::MixTheMutts(Step::Act {
                    seat,
                    action: a.clone(),
                })
            }
            _ => return Err(MatchError::WrongGame),
        };
        let mut probe = self.clone();
        probe.apply(&step)?;
        Ok(step)
    }

    /// Draws the next chance outcome with `rng`, if chance is to act.
    pub fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Option<AnyStep> {
        match self {
            AnyGame::DoozyDice(g) => {
                sample(g, rng).map(|outcome| AnyStep::DoozyDice(Step::Chance { outcome }))
            }
            AnyGame::MixTheMutts(g) => {
                sample(g, rng).map(|outcome| AnyStep::MixTheMutts(Step::Chance { outcome }))
            }
        }
    }

    /// Applies a step, or refuses it and changes nothing.
    pub fn apply(&mut self, step: &AnyStep) -> Result<(), MatchError> {
        match (self, step) {
            (AnyGame::DoozyDice(g), AnyStep::DoozyDice(s)) => {
                g.apply(s).map_err(|e| MatchError::Illegal(e.to_string()))
            }
            (AnyGame::MixTheMutts(g), AnyStep::MixTheMutts(s)) => {
                g.apply(s).map_err(|e| MatchError::Illegal(e.to_string()))
            }
            _ => Err(MatchError::WrongGame),
        }
    }

    /// Every legal action of `seat` (for bots and hints).
    pub fn legal_actions(&self, seat: Seat) -> Vec<AnyAction> {
        match self {
            AnyGame::DoozyDice(g) => g
                .legal_actions(seat)
                .into_iter()
                .map(AnyAction::DoozyDice)
                .collect(),
            AnyGame::MixTheMutts(g) => g
                .legal_actions(seat)
                .into_iter()
                .map(AnyAction::MixTheMutts)
                .collect(),
        }
    }

    /// What `viewer` may see.
    pub fn view(&self, viewer: Viewer) -> AnyView {
        match self {
            AnyGame::DoozyDice(g) => AnyView::DoozyDice(g.view(viewer)),
            AnyGame::MixTheMutts(g) => AnyView::MixTheMutts(g.view(viewer)),
        }
    }

    /// How `step` (about to be applied to `self`) looks to `viewer`.
    pub fn step_view(&self, step: &AnyStep, viewer: Viewer) -> Result<AnyStepView, MatchError> {
        match (self, step) {
            (AnyGame::DoozyDice(g), AnyStep::DoozyDice(s)) => {
                Ok(AnyStepView::DoozyDice(g.step_view(s, viewer)))
            }
            (AnyGame::MixTheMutts(g), AnyStep::MixTheMutts(s)) => {
                Ok(AnyStepView::MixTheMutts(g.step_view(s, viewer)))
            }
            _ => Err(MatchError::WrongGame),
        }
    }

    /// The final result, once finished.
    pub fn result(&self) -> Option<MatchResult> {
        let (ranks, scorecard) = match self {
            AnyGame::DoozyDice(g) => {
                let o = g.outcome()?;
                (o.ranks, AnyScorecard::DoozyDice(o.scorecard))
            }
            AnyGame::MixTheMutts(g) => {
                let o = g.outcome()?;
                (o.ranks, AnyScorecard::MixTheMutts(o.scorecard))
            }
        };
        let winners = ranks
            .iter()
            .enumerate()
            .filter(|(_, r)| **r == 1)
            .filter_map(|(i, _)| u8::try_from(i).ok().map(Seat))
            .collect();
        Some(MatchResult {
            ranks,
            winners,
            scorecard,
        })
    }

    /// The default answer for a seat whose response timer ran out.
    pub fn timeout_action(&self, seat: Seat) -> Option<AnyAction> {
        match self {
            AnyGame::DoozyDice(g) => g.timeout_action(seat).map(AnyAction::DoozyDice),
            AnyGame::MixTheMutts(g) => g.timeout_action(seat).map(AnyAction::MixTheMutts),
        }
    }
}

impl AnyStep {
    /// The log encoding stored in the database.
    pub fn to_json(&self) -> String {
        let encoded = match self {
            AnyStep::DoozyDice(s) => serde_json::to_string(s),
            AnyStep::MixTheMutts(s) => serde_json::to_string(s),
        };
        // Steps are plain enums of integers and strings: encoding cannot fail.
        encoded.unwrap_or_default()
    }

    /// Decodes a stored step of game `kind`.
    pub fn from_json(kind: GameKind, json: &str) -> Result<AnyStep, MatchError> {
        let bad = |e: serde_json::Error| MatchError::Decode(e.to_string());
        match kind {
            GameKind::DoozyDice => serde_json::from_str(json)
                .map(AnyStep::DoozyDice)
                .map_err(bad),
            GameKind::MixTheMutts => serde_json::from_str(json)
                .map(AnyStep::MixTheMutts)
                .map_err(bad),
            other => Err(MatchError::Decode(format!(
                "{} is not playable",
                other.slug()
            ))),
        }
    }

    /// The acting seat, or `None` for a chance outcome.
    pub fn seat(&self) -> Option<Seat> {
        match self {
            AnyStep::DoozyDice(Step::Act { seat, .. })
            | AnyStep::MixTheMutts(Step::Act { seat, .. }) => Some(*seat),
            AnyStep::DoozyDice(Step::Chance { .. }) | AnyStep::MixTheMutts(Step::Chance { .. }) => {
                None
            }
        }
    }

    /// Is this a chance outcome (as opposed to a seat's action)?
    pub fn is_chance(&self) -> bool {
        match self {
            AnyStep::DoozyDice(s) => matches!(s, Step::Chance { .. }),
            AnyStep::MixTheMutts(s) => matches!(s, Step::Chance { .. }),
        }
    }
}

/// Weighted draw among a game's chance outcomes.
pub fn sample<G: Game, R: Rng + ?Sized>(game: &G, rng: &mut R) -> Option<G::Chance> {
    let outcomes = game.chance_outcomes();
    let total: u64 = outcomes.iter().map(|(_, w)| u64::from(*w)).sum();
    if total == 0 {
        return None;
    }
    let mut pick = rng.random_range(0..total);
    for (outcome, weight) in outcomes {
        let w = u64::from(weight);
        if pick < w {
            return Some(outcome);
        }
        pick -= w;
    }
    None
}
