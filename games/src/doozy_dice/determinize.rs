//! The hard bot's deal for Doozy Dice: nothing is hidden (RULINGS §5(d)
//! 12), so the view rebuilds the state exactly and nothing is drawn. Only
//! the future dice are unknown, and the search draws those as chance steps.

use parlor_protocol::doozy_dice::{Phase, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::cards;
use super::state::{DoozyDice, Player, Stage, Turn, DICE};
use crate::bot::search::{Determinize, Playout};

impl Determinize for DoozyDice {
    // Measured (docs/games/doozy-dice.md, "Hard bot").
    const HARD_PLAYOUTS: u32 = 400;
    const PLAYOUT: Playout = Playout::Bot;
    const SCORE_SCALE: f64 = 10.0;

    fn determinize<R: Rng + ?Sized>(view: &View, _seat: Seat, _rng: &mut R) -> Option<Self> {
        let players = view
            .players
            .iter()
            .map(|p| Player {
                dots: p.dots,
                records: p.combos.clone(),
                done: p.combos.iter().fold(0, |m, r| m | cards::bit(r.card)),
            })
            .collect::<Vec<_>>();
        let stage = match &view.phase {
            Phase::Dealing => Stage::Dealing,
            Phase::RollOff(r) => Stage::RollOff {
                contenders: r.contenders.clone(),
                rolls: r.rolls.clone(),
            },
            Phase::Turn(t) => {
                let mut dice = [0u8; DICE as usize];
                let mut locked = 0u8;
                let mut unknown = 0u8;
                for (i, (slot, die)) in dice.iter_mut().zip(&t.dice).enumerate() {
                    *slot = die.value.unwrap_or(0);
                    if die.locked {
                        locked |= 1 << i;
                    }
                    if die.value.is_none() {
                        unknown |= 1 << i;
                    }
                }
                // Dice in the air are exactly the ones without a value
                // while a roll is on (before the first roll none is).
                let in_air = if t.rolling { unknown } else { 0 };
                Stage::Turn(Turn {
                    seat: t.seat,
                    roll_count: t.roll_count,
                    dice,
                    locked,
                    in_air,
                })
            }
            Phase::Finished => Stage::Finished,
        };
        Some(DoozyDice {
            options: view.options,
            seats: u8::try_from(players.len()).ok()?,
            cards: view.cards.iter().map(|c| c.id.0).collect(),
            players,
            first_player: view.first_player,
            stage,
        })
    }
}
