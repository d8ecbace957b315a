//! Views, step views and the final scorecard of Zingamino.
//!
//! Everyone sees the board (with every Zinga's values), hand sizes, the bag
//! count, the opening flags, round and game scores, and every finished
//! round with its hands revealed. A hand is seen only by its owner until
//! then. A tile drawn from the bag is shown to the seat it goes to, and to
//! everyone in the start-player draw.

use parlor_protocol::zingamino::{
    Action, DrawReason, Phase, PlayerView, RoundSummary, ScoreLine, Scorecard, StepView, View,
};
use parlor_protocol::{Seat, Viewer};

use super::state::{Stage, Zingamino};
use super::tiles;
use super::Chance;
use crate::game::{ranks_by, GameOutcome, Step};

impl Zingamino {
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let hand = match viewer {
            Viewer::Seat(s) => self
                .hands
                .get(usize::from(s.0))
                .map(|&h| tiles::tiles_of(h).collect()),
            Viewer::Spectator | Viewer::Revealed => None,
        };
        let hands = (viewer == Viewer::Revealed).then(|| {
            self.hands
                .iter()
                .map(|&h| tiles::tiles_of(h).collect())
                .collect()
        });
        let phase = match &self.stage {
            Stage::StartDraw { drawn, redraws } => Phase::StartDraw {
                drawn: drawn.clone(),
                redraws: *redraws,
            },
            Stage::Deal { starter, .. } => Phase::Deal {
                starter: Seat(*starter),
            },
            Stage::Play { active, .. } => Phase::Turn {
                active: Seat(*active),
                opening: self.opening(*active),
            },
            Stage::Finished => Phase::Finished,
        };
        let opened = |s: u8| match &self.stage {
            Stage::Play { opened, .. } => opened[usize::from(s)],
            _ => false,
        };
        View {
            options: self.options,
            round: self.round,
            board: self.board.to_vec(),
            hand,
            hands,
            players: (0..self.seats)
                .map(|s| PlayerView {
                    seat: Seat(s),
                    hand_size: tiles::count(self.hands[usize::from(s)]),
                    score: self.scores[usize::from(s)],
                    opened: opened(s),
                })
                .collect(),
            bag: tiles::count(self.bag),
            phase,
            rounds: self.rounds.clone(),
            moves: match viewer {
                Viewer::Seat(s) => crate::Game::legal_actions(self, s),
                Viewer::Spectator | Viewer::Revealed => Vec::new(),
            },
        }
    }

    pub(super) fn step_view_for(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        match step {
            Step::Chance {
                outcome: Chance::Tile(tile),
            } => {
                let (seat, reason) = self.draw_target().unwrap_or((0, DrawReason::Dig));
                let shown = reason == DrawReason::StartPlayer
                    || viewer == Viewer::Seat(Seat(seat))
                    || viewer == Viewer::Revealed;
                StepView::TileDrawn {
                    seat: Seat(seat),
                    reason,
                    tile: shown.then_some(*tile),
                }
            }
            Step::Act { seat, action } => {
                let mut after = self.clone();
                let ok = crate::Game::apply(&mut after, step).is_ok();
                let round_end = (ok && after.rounds.len() > self.rounds.len())
                    .then(|| after.rounds.last().cloned())
                    .flatten();
                match action {
                    Action::Place {
                        tile,
                        space,
                        flip,
                        value,
                    } => {
                        let hand = self.hands.get(usize::from(seat.0)).copied().unwrap_or(0);
                        let effect = self
                            .evaluate(hand, self.opening(seat.0), *tile, *space, *flip, *value)
                            .ok()
                            .filter(|_| ok);
                        let c = super::board::colour_of(*space);
                        let bonus = effect.is_some()
                            && (c * 16..c * 16 + 16)
                                .filter(|&s| {
                                    self.board.get(usize::from(s)).is_some_and(Option::is_some)
                                })
                                .count()
                                == 15;
                        match effect {
                            Some(effect) => StepView::Placed {
                                seat: *seat,
                                space: *space,
                                placed: effect.placed,
                                bonus,
                                round_end,
                            },
                            None => StepView::Passed {
                                seat: *seat,
                                round_end: None,
                            },
                        }
                    }
                    Action::Pass => StepView::Passed {
                        seat: *seat,
                        round_end,
                    },
                    Action::Dig => StepView::Dug { seat: *seat },
                }
            }
        }
    }

    pub(super) fn scorecard(&self) -> GameOutcome<Scorecard> {
        let keys: Vec<std::cmp::Reverse<u32>> =
            self.scores.iter().map(|&s| std::cmp::Reverse(s)).collect();
        let ranks = ranks_by(&keys);
        let per_round = |s: usize, r: &RoundSummary| {
            r.collected.get(s).copied().unwrap_or(0) + r.bonuses.get(s).copied().unwrap_or(0)
        };
        let players = (0..usize::from(self.seats))
            .map(|s| ScoreLine {
                seat: Seat(u8::try_from(s).unwrap_or(0)),
                rounds: self.rounds.iter().map(|r| per_round(s, r)).collect(),
                bonuses: self
                    .rounds
                    .iter()
                    .map(|r| r.bonuses.get(s).copied().unwrap_or(0))
                    .sum(),
                total: self.scores[s],
                rank: ranks[s],
            })
            .collect();
        GameOutcome {
            ranks,
            scorecard: Scorecard {
                players,
                rounds: self.rounds.clone(),
            },
        }
    }
}
