//! Doozy Dice — SKELETON, being written (see docs/games/doozy-dice.md).

use parlor_protocol::doozy_dice::{Action, Options, Scorecard, StepView, View};
use parlor_protocol::{GameKind, Seat, ToAct, Viewer};
use serde::{Deserialize, Serialize};

use crate::game::{Game, GameOutcome, SetupError, Step};

/// A chance outcome.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Chance {
    /// A card dealt.
    Card(u8),
    /// A die landed.
    Die(u8),
}

/// Why an action is illegal.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Illegal {
    /// Placeholder.
    #[error("not yet")]
    NotYet,
}

/// Doozy Dice state.
#[derive(Debug, Clone, PartialEq)]
pub struct DoozyDice {
    seats: u8,
}

impl Game for DoozyDice {
    type Options = Options;
    type Action = Action;
    type Chance = Chance;
    type View = View;
    type StepView = StepView;
    type Scorecard = Scorecard;
    type Illegal = Illegal;
    const KIND: GameKind = GameKind::DoozyDice;
    fn new(_options: &Options, seats: u8) -> Result<Self, SetupError> {
        Ok(DoozyDice { seats })
    }
    fn seats(&self) -> u8 {
        self.seats
    }
    fn to_act(&self) -> ToAct {
        todo!()
    }
    fn legal_actions(&self, _seat: Seat) -> Vec<Action> {
        todo!()
    }
    fn chance_outcomes(&self) -> Vec<(Chance, u32)> {
        todo!()
    }
    fn apply(&mut self, _step: &Step<Action, Chance>) -> Result<(), Illegal> {
        todo!()
    }
    fn view(&self, _viewer: Viewer) -> View {
        todo!()
    }
    fn step_view(&self, _step: &Step<Action, Chance>, _viewer: Viewer) -> StepView {
        todo!()
    }
    fn outcome(&self) -> Option<GameOutcome<Scorecard>> {
        todo!()
    }
}
