//! The hard bot's deal for Zop Zoo. Nothing is hidden: the draw pile has
//! no order (the state keeps counts by kind, and every draw is a chance
//! step), so the view rebuilds the state. The pile's counts are the full
//! black deck minus every black card in sight (covers, Side Bonus cards,
//! the discard pile and a drawn card waiting for its target); the white
//! cards not dealt are the full white deck minus the rows.
//!
//! One thing the view cannot say: whether a seat other than the viewer is
//! about to click "draw" (`draw_by_click`) or the card is already on its
//! way. Both look the same to the viewer (the view is its whole input);
//! the deal takes the click when the viewer's own moves show it, else the
//! draw.

use parlor_protocol::zop_zoo::{Awaiting, Card, Phase, View};
use parlor_protocol::{Seat, ToAct};
use rand::Rng;

use super::cards::{self, ALL_WHITE, KINDS, WHITE};
use super::state::{Pending, Player, Stack, Stage};
use super::ZopZoo;
use crate::bot::search::{Determinize, Playout};
use crate::game::Game;

/// The black kind printed as `card`.
fn black_kind(card: &Card) -> Option<u8> {
    (0..KINDS).find(|&k| cards::black_card(k) == *card)
}

/// The white animal printed as `card`.
fn white_animal(card: &Card) -> Option<u8> {
    (0..WHITE).find(|&a| cards::white_card(a) == *card)
}

impl Determinize for ZopZoo {
    // Measured (docs/games/zop-zoo.md, "Hard bot").
    const HARD_PLAYOUTS: u32 = 300;
    const PLAYOUT: Playout = Playout::Bot;
    const SCORE_SCALE: f64 = 200.0;

    fn determinize<R: Rng + ?Sized>(view: &View, seat: Seat, _rng: &mut R) -> Option<Self> {
        let mut pile = cards::full_pile();
        let mut take = |k: u8| -> Option<()> {
            let n = pile.get_mut(usize::from(k))?;
            *n = n.checked_sub(1)?;
            Some(())
        };
        let mut white = ALL_WHITE;
        let mut players = Vec::with_capacity(view.players.len());
        for p in &view.players {
            let mut row = Vec::with_capacity(p.row.len());
            for s in &p.row {
                let base = white_animal(&s.base)?;
                white &= !(1u64 << base);
                let cover = match &s.cover {
                    Some(c) => {
                        let k = black_kind(c)?;
                        take(k)?;
                        Some(k)
                    }
                    None => None,
                };
                row.push(Stack { base, cover });
            }
            let mut side = Vec::with_capacity(p.side.len());
            for c in &p.side {
                let k = black_kind(c)?;
                take(k)?;
                side.push(k);
            }
            players.push(Player { row, side });
        }
        let mut discard = Vec::with_capacity(view.discard.len());
        for d in &view.discard {
            let k = black_kind(&d.card)?;
            take(k)?;
            discard.push((k, d.mark));
        }
        let stage = match &view.phase {
            Phase::FirstPlayer => Stage::FirstPlayer,
            Phase::Deal { .. } => Stage::Deal {
                dealt: u8::try_from(players.iter().map(|p| p.row.len()).sum::<usize>()).ok()?,
            },
            Phase::Turn { active, awaiting } => {
                let pending = match awaiting {
                    Awaiting::TakeFromDiscard { .. } => Pending::TakeFromDiscard,
                    Awaiting::DiscardTask { .. } => Pending::DiscardTask,
                    Awaiting::DigOrDraw { .. } => Pending::DigOrDraw,
                    Awaiting::Draw if view.options.draw_by_click && !view.moves.is_empty() => {
                        Pending::DrawClick
                    }
                    Awaiting::Draw => Pending::Draw,
                    Awaiting::Wild { card } | Awaiting::Task { card } => {
                        let k = black_kind(card)?;
                        take(k)?;
                        if matches!(awaiting, Awaiting::Wild { .. }) {
                            Pending::Wild(k)
                        } else {
                            Pending::Task(k)
                        }
                    }
                };
                Stage::Turn {
                    active: active.0,
                    pending,
                }
            }
            Phase::Finished => Stage::Finished,
        };
        let seats = u8::try_from(players.len()).ok()?;
        let wins = (0..seats)
            .map(|s| {
                let n = view
                    .rounds
                    .iter()
                    .filter(|r| r.winner == Some(Seat(s)))
                    .count();
                u16::try_from(n).unwrap_or(u16::MAX)
            })
            .collect();
        let game = ZopZoo {
            options: view.options,
            seats,
            pile,
            white,
            players,
            discard,
            scores: view.players.iter().map(|p| p.score).collect(),
            wins,
            round: view.round,
            first: view.first.map(|s| s.0),
            stage,
            rounds: view.rounds.clone(),
        };
        // A deal that does not give the viewer its own moves back is not
        // one the view allows.
        if matches!(game.to_act(), ToAct::Seats { .. }) && game.legal_actions(seat) != view.moves {
            return None;
        }
        Some(game)
    }
}
