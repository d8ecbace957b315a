//! What players and spectators see: the table view, how each step reads in
//! the log, and the final scorecard.
//!
//! A viewer sees their own hand and nobody else's; a tile going to a hand
//! is shown to its owner alone; discarded tiles are never shown. Everything
//! else is public, including each token's projected points.

use parlor_protocol::zoomies::{
    Action, Dir, Phase, PlacedTile, PlacedToken, PlayerView, ScoreLine, Scorecard, StepView,
    TokenChoice, TokenScore, View,
};
use parlor_protocol::{Seat, Viewer};

use super::board::Placed;
use super::scoring::{self, Scored};
use super::state::{Labels, Stage, Zoomies};
use super::tiles::{count, start_place, tiles_of, ORIGIN};
use super::Chance;
use crate::game::{ranks_by, GameOutcome, Step};

fn placed(p: &Placed) -> PlacedTile {
    PlacedTile {
        tile: p.tile,
        at: p.at,
        dir: p.dir,
        by: p.by,
    }
}

impl Zoomies {
    /// The viewer's seat, if they sit at this table.
    fn seat_of(&self, viewer: Viewer) -> Option<Seat> {
        match viewer {
            Viewer::Seat(s) if s.0 < self.seats => Some(s),
            _ => None,
        }
    }

    /// A seat's total of `scores`.
    fn total(&self, scores: &[Scored], seat: Seat) -> u32 {
        self.tokens
            .iter()
            .zip(scores)
            .filter(|(t, _)| t.seat == seat)
            .map(|(_, s)| s.points)
            .sum()
    }

    /// The table as `viewer` may see it.
    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let me = self.seat_of(viewer);
        let labels = self.labels();
        let scores = scoring::score(&self.board, &labels, &self.tokens);
        let tokens = self
            .tokens
            .iter()
            .zip(&scores)
            .map(|(t, s)| PlacedToken {
                seat: t.seat,
                side: t.side,
                at: self.board.squares.get(t.square).map_or(ORIGIN, |q| q.at),
                arrow: t.arrow,
                points: s.points,
            })
            .collect();
        let players = (0..self.seats)
            .map(Seat)
            .map(|seat| {
                let left = self.left_of(seat);
                PlayerView {
                    seat,
                    hand_size: count(self.hand(seat)),
                    round_left: left.round,
                    square_left: left.square,
                    tokens_discarded: self.token_discards.get(seat.index()).copied().unwrap_or(0),
                    score: self.total(&scores, seat),
                }
            })
            .collect();
        View {
            options: self.options,
            board: self.board.tiles.iter().map(placed).collect(),
            tokens,
            hand: me.map(|s| tiles_of(self.hand(s)).collect()),
            hands: (viewer == Viewer::Revealed).then(|| {
                (0..self.seats)
                    .map(|s| tiles_of(self.hand(Seat(s))).collect())
                    .collect()
            }),
            players,
            pile: count(self.pile()),
            discarded: count(self.discarded),
            first_player: self.first_player,
            phase: self.phase(&labels),
        }
    }

    /// The phase on the wire.
    fn phase(&self, labels: &Labels) -> Phase {
        match self.stage {
            Stage::StartTiles | Stage::Deal { .. } | Stage::FirstPlayer => Phase::Setup,
            Stage::PlaceTile { active } => Phase::PlaceTile { active },
            Stage::Redraw { active, .. } | Stage::DrawUp { active, .. } => {
                Phase::Drawing { active }
            }
            Stage::Token { active, tile } => {
                let choices: Vec<TokenChoice> = match tile {
                    Some(tile) => self
                        .token_candidates(labels, active, tile)
                        .into_iter()
                        .map(|(side, at, arrow, verdict)| TokenChoice {
                            side,
                            at,
                            arrow,
                            refused: verdict.err().and_then(|e| e.token_refusal()),
                        })
                        .collect(),
                    None => Vec::new(),
                };
                Phase::Token {
                    active,
                    tile: tile.and_then(|i| self.board.tiles.get(i)).map(|p| p.tile),
                    must_discard: choices.iter().all(|c| c.refused.is_some()),
                    choices,
                }
            }
            Stage::ExtraTile { active } => Phase::ExtraTile { active },
            Stage::EndTurn { active } => Phase::EndTurn { active },
            Stage::Finished => Phase::Finished,
        }
    }

    /// How a step reads to `viewer`, from the state before it. A refused
    /// step still gets a best-effort description (and never a panic).
    pub(super) fn describe(&self, step: &Step<Action, Chance>, viewer: Viewer) -> StepView {
        match step {
            Step::Chance { outcome } => match *outcome {
                Chance::StartTile { tile, flipped } => {
                    let (at, dir) =
                        start_place(self.board.tiles.len(), flipped).unwrap_or((ORIGIN, Dir::East));
                    StepView::StartTile {
                        tile: PlacedTile {
                            tile,
                            at,
                            dir,
                            by: None,
                        },
                    }
                }
                Chance::Tile(tile) => {
                    let seat = self.tile_recipient().unwrap_or(Seat(0));
                    let own = self.seat_of(viewer) == Some(seat) || viewer == Viewer::Revealed;
                    StepView::TileTo {
                        seat,
                        tile: own.then_some(tile),
                    }
                }
                Chance::FirstPlayer(seat) => StepView::FirstPlayer { seat },
            },
            Step::Act { seat, action } => {
                let seat = *seat;
                let extra = matches!(self.stage, Stage::ExtraTile { .. });
                match *action {
                    Action::PlaceTile { tile, at, dir } => StepView::TilePlaced {
                        seat,
                        tile: PlacedTile {
                            tile,
                            at,
                            dir,
                            by: Some(seat),
                        },
                        extra,
                    },
                    Action::CannotPlace => StepView::CannotPlace {
                        seat,
                        discarded: if extra || self.pile() == 0 {
                            0
                        } else {
                            count(self.hand(seat))
                        },
                        extra,
                    },
                    Action::PlaceToken { side, at, arrow } => StepView::TokenPlaced {
                        seat,
                        side,
                        at,
                        arrow,
                    },
                    Action::DiscardToken { kind } => StepView::TokenDiscarded { seat, kind },
                    Action::EndTurn { discard } => StepView::TurnEnded {
                        seat,
                        discarded: discard && self.hand(seat) != 0,
                    },
                }
            }
        }
    }

    /// Ranks and scorecard once every token is used: the highest total
    /// wins; a tie goes to the highest single token; still tied, the win
    /// is shared.
    pub(super) fn final_outcome(&self) -> Option<GameOutcome<Scorecard>> {
        if self.stage != Stage::Finished {
            return None;
        }
        let labels = self.labels();
        let scores = scoring::score(&self.board, &labels, &self.tokens);
        let mut lines: Vec<ScoreLine> = (0..self.seats)
            .map(Seat)
            .map(|seat| {
                let tokens: Vec<TokenScore> = self
                    .tokens
                    .iter()
                    .zip(&scores)
                    .filter(|(t, _)| t.seat == seat)
                    .map(|(t, s)| TokenScore {
                        side: t.side,
                        at: self.board.squares.get(t.square).map_or(ORIGIN, |q| q.at),
                        arrow: t.arrow,
                        frens: t.frens,
                        cells: scoring::cells(&self.board, &labels, t),
                        sides: scoring::frens_sides(&self.board, &labels, t),
                        counted: s.counted,
                        raw: s.raw,
                        shared: s.shared,
                        points: s.points,
                    })
                    .collect();
                ScoreLine {
                    seat,
                    total: tokens.iter().map(|t| t.points).sum(),
                    best: tokens.iter().map(|t| t.points).max().unwrap_or(0),
                    tokens,
                    discarded: self.token_discards.get(seat.index()).copied().unwrap_or(0),
                    rank: 0,
                }
            })
            .collect();
        let keys: Vec<(i64, i64)> = lines
            .iter()
            .map(|l| (-i64::from(l.total), -i64::from(l.best)))
            .collect();
        let ranks = ranks_by(&keys);
        for (line, rank) in lines.iter_mut().zip(&ranks) {
            line.rank = *rank;
        }
        Some(GameOutcome {
            ranks,
            scorecard: Scorecard { players: lines },
        })
    }
}
