//! The hard bot's deal for Mix-the-Mutts. What a seat cannot see is the
//! other hands, the draw pile and the tile stack (both hold no order:
//! cards and tiles are drawn when taken), and in an open scoring window
//! the answers of the seats that have already answered. The unseen cards
//! (all 72 but the seat's hand and the scoring stacks) are shuffled and
//! dealt to the other hands by their sizes; the rest is the pile, and the
//! tiles not on the board nor face up are the stack. A seat that has
//! answered is given one of its legal answers, drawn uniformly, for the
//! hand it was dealt.
//!
//! What the view no longer shows, and how the deal settles it:
//! - while the active seat's two cards are being drawn (`DrawTwo`), the
//!   others see an ordinary turn: the deal takes the turn (the active seat
//!   itself is not asked to decide then, so its own deals never need it);
//! - the cards the seat saw claimed in earlier windows are in the scoring
//!   stacks, which the view shows; nothing else it saw is lost;
//! - who drew the first turn: no rule reads it after setup, so the deal
//!   keeps only the host's choice.

use parlor_protocol::mix_the_mutts::{Action, Phase, View};
use parlor_protocol::Seat;
use rand::seq::SliceRandom;
use rand::Rng;

use super::state::{MixTheMutts, Placed, Stage, Window, HAND, SETUP_HEXES};
use super::tiles::{card_bit, cards_of, ALL_CARDS};
use crate::bot::search::{Determinize, Playout};
use crate::game::Game;

impl Determinize for MixTheMutts {
    // Measured (docs/games/mix-the-mutts.md, "Hard bot").
    const HARD_PLAYOUTS: u32 = 1_000;
    const PLAYOUT: Playout = Playout::Bot;
    const SCORE_SCALE: f64 = 10.0;

    fn determinize<R: Rng + ?Sized>(view: &View, seat: Seat, rng: &mut R) -> Option<Self> {
        let seats = u8::try_from(view.players.len()).ok()?;
        let mine = view
            .hand
            .as_ref()?
            .iter()
            .fold(0u128, |m, c| m | card_bit(c.id));
        let scoring: Vec<Vec<_>> = view
            .players
            .iter()
            .map(|p| p.scoring.iter().map(|c| c.id).collect())
            .collect();
        let scored = scoring
            .iter()
            .flatten()
            .fold(0u128, |m, c| m | card_bit(*c));
        let mut unseen: Vec<_> = cards_of(ALL_CARDS & !mine & !scored).collect();
        unseen.shuffle(rng);
        let mut next = unseen.into_iter();
        let mut hands = vec![0u128; usize::from(seats)];
        for (s, (hand, p)) in hands.iter_mut().zip(&view.players).enumerate() {
            if s == seat.index() {
                *hand = mine;
                continue;
            }
            for _ in 0..p.hand_size {
                *hand |= card_bit(next.next()?);
            }
        }
        let board: Vec<Placed> = view
            .board
            .iter()
            .map(|p| Placed {
                tile: p.face.tile,
                at: p.at,
                rotation: p.rotation,
            })
            .collect();
        let next_tile = view.next_tile.as_ref().map(|f| f.tile);
        let held: u8 = view.players.iter().map(|p| p.hand_size).sum();
        let scored_any = scoring.iter().any(|s| !s.is_empty());
        let stage = match &view.phase {
            Phase::Setup if board.len() < SETUP_HEXES.len() => Stage::SetupTiles,
            Phase::Setup if next_tile.is_none() => Stage::Reveal { next: None },
            Phase::Setup if held < HAND * seats && !scored_any => Stage::Deal { dealt: held },
            Phase::Setup => Stage::FirstPlayer,
            Phase::Turn { active } if next_tile.is_none() => Stage::Reveal {
                next: Some(*active),
            },
            Phase::Turn { active } => Stage::Turn { active: *active },
            Phase::Window(w) => {
                let mut answers = vec![None; usize::from(seats)];
                if let Some(slot) = answers.get_mut(seat.index()) {
                    *slot = w.your_answer.clone();
                }
                Stage::Window(Window {
                    active: w.active,
                    combos: w.combos.clone(),
                    answers,
                })
            }
            Phase::Finished => Stage::Finished,
        };
        let mut game = MixTheMutts {
            options: view.options,
            seats,
            board,
            next_tile,
            hands,
            scoring,
            first_player: view.options.first_player,
            last_claims: view.last_claims.clone(),
            stage,
        };
        // The others' secret answers: one legal answer each, for the hand
        // just dealt.
        if let Phase::Window(w) = &view.phase {
            let mut drawn = Vec::new();
            for (s, answered) in (0..seats).map(Seat).zip(&w.answered) {
                if !*answered || s == seat {
                    continue;
                }
                let mut legal = game.legal_actions(s);
                if legal.is_empty() {
                    return None;
                }
                let pick = rng.random_range(0..legal.len());
                let Action::Answer { claims } = legal.swap_remove(pick) else {
                    return None;
                };
                drawn.push((s, claims));
            }
            if let Stage::Window(window) = &mut game.stage {
                for (s, claims) in drawn {
                    if let Some(slot) = window.answers.get_mut(s.index()) {
                        *slot = Some(claims);
                    }
                }
            }
        }
        Some(game)
    }
}
