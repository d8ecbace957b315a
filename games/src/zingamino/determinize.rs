//! The hard bot's deal for Zingamino. What a seat cannot see is the other
//! hands and the bag, which hold no order (tiles are drawn when they leave
//! it): the unseen tiles (all 64 but the board and the seat's own hand) are
//! shuffled and dealt to the other seats by their hand sizes, the rest make
//! the bag.
//!
//! What the view no longer shows, and how the deal settles it:
//! - the round's starter during play: the last round's summary names it
//!   (the winner, or the first of the tied seats from the last starter);
//!   in round 1 it is worked back from the opening flags while some seat
//!   has not opened yet, and after that (the seat saw the start draw, but
//!   its view no longer carries it) taken as seat 0, which only matters
//!   to a blocked round's tie-break;
//! - the passes in a row (only with an empty bag): taken as none;
//! - whether another seat, stuck, has already said `Dig`: taken as not
//!   (the seat's own digging shows in its moves).

use parlor_protocol::zingamino::{Phase, RoundEnd, View};
use parlor_protocol::Seat;
use rand::seq::SliceRandom;
use rand::Rng;

use super::state::{Stage, Zingamino};
use super::tiles::{self, Set, ALL};
use crate::bot::search::{Determinize, Playout};

impl Determinize for Zingamino {
    // Measured (docs/games/zingamino.md, "Hard bot").
    const HARD_PLAYOUTS: u32 = 300;
    const PLAYOUT: Playout = Playout::Random;
    const SCORE_SCALE: f64 = 20.0;

    fn determinize<R: Rng + ?Sized>(view: &View, seat: Seat, rng: &mut R) -> Option<Self> {
        let seats = u8::try_from(view.players.len()).ok()?;
        let mine: Set = view
            .hand
            .as_ref()?
            .iter()
            .fold(0, |set, &t| set | tiles::bit(t));
        let mut board = [None; 64];
        let mut seen = mine;
        for (slot, cell) in board.iter_mut().zip(&view.board) {
            *slot = *cell;
            if let Some(p) = cell {
                seen |= tiles::bit(p.tile);
            }
        }
        let mut bag = ALL & !seen;
        if let Phase::StartDraw { drawn, .. } = &view.phase {
            for &t in drawn {
                bag &= !tiles::bit(t);
            }
        }
        // Deal the other hands from what the seat cannot see.
        let mut unseen: Vec<_> = tiles::tiles_of(bag).collect();
        unseen.shuffle(rng);
        let mut hands = vec![0 as Set; usize::from(seats)];
        let mut next = unseen.into_iter();
        for (s, (hand, p)) in hands.iter_mut().zip(&view.players).enumerate() {
            if s == seat.index() {
                *hand = mine;
                continue;
            }
            for _ in 0..p.hand_size {
                let t = next.next()?;
                *hand |= tiles::bit(t);
                bag &= !tiles::bit(t);
            }
        }
        let previous = view.rounds.last();
        let before: Vec<u32> =
            previous.map_or_else(|| vec![0; usize::from(seats)], |r| r.totals.clone());
        let scores: Vec<u32> = view.players.iter().map(|p| p.score).collect();
        // This round's circle bonuses are the score gained since the last
        // round's totals (nothing else scores mid-round).
        let bonuses = scores
            .iter()
            .zip(before.iter().chain(std::iter::repeat(&0)))
            .map(|(now, then)| now.saturating_sub(*then))
            .collect();
        let starter_after = |r: &parlor_protocol::zingamino::RoundSummary| -> Option<u8> {
            match r.ended_by {
                RoundEnd::Blocked => (0..seats)
                    .map(|k| (r.starter.0 + k) % seats)
                    .find(|s| r.winners.contains(&Seat(*s))),
                _ => r.winners.first().map(|s| s.0),
            }
        };
        let stage = match &view.phase {
            Phase::StartDraw { drawn, redraws } => Stage::StartDraw {
                drawn: drawn.clone(),
                redraws: *redraws,
            },
            Phase::Deal { starter } => Stage::Deal {
                starter: starter.0,
                dealt: view.players.iter().map(|p| p.hand_size).sum(),
            },
            Phase::Turn { active, .. } => {
                let opened: Vec<bool> = view.players.iter().map(|p| p.opened).collect();
                let n = u8::try_from(opened.iter().filter(|o| **o).count()).ok()?;
                let starter = match previous.and_then(starter_after) {
                    Some(s) => s,
                    None if n < seats => (active.0 + seats - n) % seats,
                    None => 0,
                };
                Stage::Play {
                    starter,
                    active: active.0,
                    opened,
                    passes: 0,
                }
            }
            Phase::Finished => Stage::Finished,
        };
        let mut game = Zingamino {
            options: view.options,
            seats,
            bag,
            hands,
            board,
            scores,
            bonuses,
            round: view.round,
            stage,
            rounds: view.rounds.clone(),
            digging: false,
        };
        // The seat's own dig shows: stuck, it has no moves while the bag
        // deals to it.
        if matches!(view.phase, Phase::Turn { active, .. } if active == seat)
            && view.moves.is_empty()
            && game.owes_dig()
        {
            game.digging = true;
        }
        Some(game)
    }
}
