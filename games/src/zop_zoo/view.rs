//! Views, step views and the final scorecard of Zop Zoo.
//!
//! Everything is public except the draw pile's order, which the state does
//! not hold: every viewer sees the same view but for `moves` (the viewer's
//! own legal actions), and the same step views (built in
//! `ZopZoo::resolve`).

use parlor_protocol::zop_zoo::{
    Awaiting, Discarded, Phase, PlayerView, ScoreLine, Scorecard, Stack as StackView, View,
};
use parlor_protocol::{Seat, Viewer};

use super::cards;
use super::state::{Pending, Stack, Stage, ZopZoo};
use crate::game::{ranks_by, Game, GameOutcome};

/// How a stack looks on the table.
pub(super) fn stack_view(s: &Stack) -> StackView {
    StackView {
        base: cards::white_card(s.base),
        cover: s.cover.map(cards::black_card),
        shows_points: s.shows_points(),
        category: s.listed(),
        points: s.points(),
    }
}

impl ZopZoo {
    fn awaiting(&self, pending: Pending) -> Awaiting {
        let top = || self.top().unwrap_or(parlor_protocol::zop_zoo::Card::Hyena);
        // The previews run the take or the dig on a copy: the same code as
        // the step, so the browser never works out a match itself.
        let active = self.turn().map_or(0, |t| t.0);
        match pending {
            Pending::TakeFromDiscard => Awaiting::TakeFromDiscard {
                takes: self.clone().take_chain(active),
            },
            Pending::DiscardTask => Awaiting::DiscardTask { card: top() },
            Pending::DigOrDraw => Awaiting::DigOrDraw {
                retrieves: self.clone().dig(active),
            },
            Pending::DrawClick | Pending::Draw => Awaiting::Draw,
            Pending::Wild(k) => Awaiting::Wild {
                card: cards::black_card(k),
            },
            Pending::Task(k) => Awaiting::Task {
                card: cards::black_card(k),
            },
        }
    }

    pub(super) fn view_for(&self, viewer: Viewer) -> View {
        let phase = match self.stage {
            Stage::FirstPlayer => Phase::FirstPlayer,
            Stage::Deal { .. } => Phase::Deal {
                first: Seat(self.first.unwrap_or(0)),
            },
            Stage::Turn { active, pending } => Phase::Turn {
                active: Seat(active),
                awaiting: self.awaiting(pending),
            },
            Stage::Finished => Phase::Finished,
        };
        View {
            options: self.options,
            target: self.target(),
            round: self.round,
            first: self.first.map(Seat),
            players: (0..self.seats)
                .zip(&self.players)
                .map(|(s, p)| PlayerView {
                    seat: Seat(s),
                    row: p.row.iter().map(stack_view).collect(),
                    side: p.side.iter().map(|&k| cards::black_card(k)).collect(),
                    score: self.scores.get(usize::from(s)).copied().unwrap_or(0),
                })
                .collect(),
            draw_pile: self.pile_count(),
            discard: self
                .discard
                .iter()
                .map(|&(k, mark)| Discarded {
                    card: cards::black_card(k),
                    mark,
                })
                .collect(),
            phase,
            rounds: self.rounds.clone(),
            moves: match viewer {
                Viewer::Seat(s) => self.legal_actions(s),
                Viewer::Spectator | Viewer::Revealed => Vec::new(),
            },
        }
    }

    pub(super) fn scorecard(&self) -> GameOutcome<Scorecard> {
        let keys: Vec<std::cmp::Reverse<i32>> =
            self.scores.iter().map(|&s| std::cmp::Reverse(s)).collect();
        let ranks = ranks_by(&keys);
        let players = (0..self.seats)
            .zip(self.scores.iter().zip(&ranks))
            .map(|(s, (&total, &rank))| ScoreLine {
                seat: Seat(s),
                rounds: self
                    .rounds
                    .iter()
                    .map(|r| r.seats.get(usize::from(s)).map_or(0, |line| line.points))
                    .collect(),
                wins: self.wins.get(usize::from(s)).copied().unwrap_or(0),
                total,
                rank,
            })
            .collect();
        GameOutcome {
            ranks,
            scorecard: Scorecard {
                target: self.target(),
                players,
                rounds: self.rounds.clone(),
            },
        }
    }
}
