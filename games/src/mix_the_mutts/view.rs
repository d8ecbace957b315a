//! What players and spectators see: the table view, how each step reads in
//! the log, and the final scorecard.
//!
//! A viewer sees their own hand and nobody else's; during a scoring window,
//! only who has answered and their own answer. A card going to a hand is
//! shown to its owner alone. The answer that closes a window reveals every
//! claim in its own step view, so what a view learns at that step is in the
//! step's description.

use parlor_protocol::mix_the_mutts::{
    Action, Card, Phase, PlacedTile, PlayerView, ScoreLine, Scorecard, StepView, TileId, View,
    WindowView,
};
use parlor_protocol::{Seat, Viewer};

use super::state::{MixTheMutts, Placed, Stage, SETUP_HEXES};
use super::tiles::{self, cards_of, count, face, value};
use super::Chance;
use crate::game::{ranks_by, GameOutcome, Step};

fn placed(p: &Placed) -> PlacedTile {
    PlacedTile {
        face: face(p.tile),
        at: p.at,
        rotation: p.rotation,
    }
}

impl MixTheMutts {
    /// The viewer's seat, if they sit at this table.
    fn seat_of(&self, viewer: Viewer) -> Option<Seat> {
        match viewer {
            Viewer::Seat(s) if s.0 < self.seats => Some(s),
            _ => None,
        }
    }

    /// A seat's scoring stack as cards.
    fn stack(&self, seat: usize) -> Vec<Card> {
        self.scoring
            .get(seat)
            .map(|s| s.iter().filter_map(|c| tiles::card(*c)).collect())
            .unwrap_or_default()
    }

    /// (points, cards) of a seat's scoring stack.
    fn tally(&self, seat: usize) -> (u32, u32) {
        let stack = self.stack(seat);
        let points = stack.iter().map(|c| value(c.breed)).sum();
        (points, u32::try_from(stack.len()).unwrap_or(u32::MAX))
    }

    /// The score that counts: points, or cards with junior scoring.
    fn score(&self, seat: usize) -> u32 {
        let (points, cards) = self.tally(seat);
        if self.options.junior {
            cards
        } else {
            points
        }
    }

    /// The table as `viewer` may see it.
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let me = self.seat_of(viewer);
        let revealed = viewer == Viewer::Revealed;
        let players = (0..self.seats)
            .map(|s| PlayerView {
                seat: Seat(s),
                hand_size: count(self.hand(Seat(s))),
                scoring: self.stack(usize::from(s)),
                points: self.score(usize::from(s)),
            })
            .collect();
        let phase = match &self.stage {
            Stage::SetupTiles
            | Stage::Reveal { next: None }
            | Stage::Deal { .. }
            | Stage::FirstPlayer => Phase::Setup,
            Stage::Reveal { next: Some(active) }
            | Stage::Turn { active }
            | Stage::Draw { active, .. } => Phase::Turn { active: *active },
            Stage::Window(w) => Phase::Window(WindowView {
                active: w.active,
                combos: w.combos.clone(),
                answered: w.answers.iter().map(Option::is_some).collect(),
                your_answer: me.and_then(|s| w.answers.get(s.index()).cloned().flatten()),
                answers: revealed.then(|| w.answers.clone()),
            }),
            Stage::Finished => Phase::Finished,
        };
        View {
            options: self.options,
            board: self.board.iter().map(placed).collect(),
            next_tile: self.next_tile.map(face),
            stack: self.stack_size(),
            pile: count(self.pile()),
            open_hexes: self.open_hexes(),
            hand: me.map(|s| cards_of(self.hand(s)).filter_map(tiles::card).collect()),
            hands: revealed.then(|| {
                (0..self.seats)
                    .map(|s| {
                        cards_of(self.hand(Seat(s)))
                            .filter_map(tiles::card)
                            .collect()
                    })
                    .collect()
            }),
            players,
            last_claims: self.last_claims.clone(),
            phase,
        }
    }

    /// How a step reads to `viewer`, from the state before it. A refused
    /// step still gets a best-effort description (and never a panic).
    pub(super) fn describe(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        match step {
            Step::Chance { outcome } => match *outcome {
                Chance::SetupTile { tile, rotation } => StepView::SetupTile {
                    tile: PlacedTile {
                        face: face(tile),
                        at: SETUP_HEXES
                            .get(self.board.len())
                            .copied()
                            .unwrap_or(SETUP_HEXES[0]),
                        rotation,
                    },
                },
                Chance::Tile(tile) => StepView::TileRevealed { tile: face(tile) },
                Chance::Card(card) => {
                    let seat = self.card_recipient().unwrap_or(Seat(0));
                    let own = self.seat_of(viewer) == Some(seat) || viewer == Viewer::Revealed;
                    StepView::CardTo {
                        seat,
                        card: if own { tiles::card(card) } else { None },
                    }
                }
                Chance::FirstPlayer(seat) => StepView::FirstPlayer { seat },
            },
            Step::Act { seat, action } => match action {
                Action::Connect { at, rotation } => {
                    let tile = self.next_tile.unwrap_or(TileId(0));
                    StepView::Connected {
                        seat: *seat,
                        tile: PlacedTile {
                            face: face(tile),
                            at: *at,
                            rotation: *rotation,
                        },
                        combos: self.combos_for(tile, *at, *rotation),
                    }
                }
                Action::DrawTwo => StepView::DrewTwo { seat: *seat },
                Action::Answer { claims } => {
                    let revealed = self.window().and_then(|w| {
                        let closes = self.owes_answer(*seat)
                            && w.answers
                                .iter()
                                .enumerate()
                                .all(|(i, a)| a.is_some() || i == seat.index());
                        closes.then(|| {
                            let mut w = w.clone();
                            if let Some(slot) = w.answers.get_mut(seat.index()) {
                                *slot = Some(claims.clone());
                            }
                            self.reveal(&w)
                        })
                    });
                    StepView::Answered {
                        seat: *seat,
                        revealed,
                    }
                }
            },
        }
    }

    /// Ranks and scorecard once the last window has closed: the sum of card
    /// values in each scoring stack (cards in junior scoring), highest best,
    /// ties shared. Cards left in hand count for nothing.
    pub(super) fn final_outcome(&self) -> Option<GameOutcome<Scorecard>> {
        if self.stage != Stage::Finished {
            return None;
        }
        let keys: Vec<i64> = (0..usize::from(self.seats))
            .map(|s| -i64::from(self.score(s)))
            .collect();
        let ranks = ranks_by(&keys);
        let players = (0..self.seats)
            .zip(&ranks)
            .map(|(s, &rank)| {
                let (points, cards) = self.tally(usize::from(s));
                ScoreLine {
                    seat: Seat(s),
                    scoring: self.stack(usize::from(s)),
                    points,
                    cards,
                    score: self.score(usize::from(s)),
                    rank,
                }
            })
            .collect();
        Some(GameOutcome {
            ranks,
            scorecard: Scorecard {
                junior: self.options.junior,
                players,
            },
        })
    }
}
