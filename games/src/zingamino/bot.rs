//! The Zingamino bot, from the seat's view: the public board, its own hand
//! and every seat's hand size and score (never another hand or the bag).
//!
//! Normal: every legal placement is played on a scratch board built from
//! the view (the game's own placement check, fed only the public board and
//! the bot's hand) and valued by: the circle bonus it scores (+16); the pips
//! it sheds (what a rival who goes out first would collect); how many of
//! the tiles left in hand still have a place afterwards (a seat that cannot
//! place must dig and grows its hand); a penalty for leaving a circle one
//! tile short, which hands the bonus to the next seat. Easy: sheds the
//! highest tile and takes any bonus, no lookahead; now and then careless.

use parlor_protocol::zingamino::{Action, Options, Phase, Placed, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::board::{self, Port, SPACES};
use super::state::{Stage, Zingamino};
use super::tiles::{self, Set};
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// A filled circle's bonus.
const BONUS: f64 = 16.0;
/// Worth of one pip shed from hand.
const PIP: f64 = 0.5;
/// Worth of each tile still placeable after the move.
const PLACEABLE: f64 = 3.0;
/// Cost of leaving a circle with one empty space.
const SETS_UP_BONUS: f64 = 10.0;

/// A board-only copy of the game for trying placements: the public board
/// and nothing else (no hands, an empty bag).
fn scratch(view: &View) -> Zingamino {
    let mut board: [Option<Placed>; 64] = [None; 64];
    for (slot, cell) in board.iter_mut().zip(&view.board) {
        *slot = *cell;
    }
    let seats = u8::try_from(view.players.len()).unwrap_or(2);
    Zingamino {
        options: Options::default(),
        seats,
        bag: 0,
        hands: vec![0; usize::from(seats)],
        board,
        scores: vec![0; usize::from(seats)],
        bonuses: vec![0; usize::from(seats)],
        round: view.round,
        stage: Stage::Finished,
        rounds: Vec::new(),
    }
}

/// Places `action` on `game`'s board as the rules would; `false` if it is
/// not a legal placement there.
fn place(game: &mut Zingamino, hand: Set, opening: bool, action: &Action) -> bool {
    let Action::Place {
        tile,
        space,
        flip,
        value,
    } = action
    else {
        return false;
    };
    let Ok(effect) = game.evaluate(hand, opening, *tile, *space, *flip, *value) else {
        return false;
    };
    let Some(slot) = game.board.get_mut(usize::from(*space)) else {
        return false;
    };
    *slot = Some(effect.placed);
    for (n, to, v) in effect.fixes {
        if let Some(cell) = game.board.get_mut(usize::from(n)).and_then(Option::as_mut) {
            if board::is_square(n) {
                cell.ccw = Some(v);
                cell.cw = Some(v);
            } else if board::port_towards(n, to) == Port::Cw {
                cell.cw = Some(v);
            } else {
                cell.ccw = Some(v);
            }
        }
    }
    true
}

/// Filled spaces of circle `colour`.
fn filled(game: &Zingamino, colour: u8) -> usize {
    (colour * 16..(colour * 16 + 16).min(SPACES))
        .filter(|s| game.board.get(usize::from(*s)).is_some_and(Option::is_some))
        .count()
}

impl Bot for Zingamino {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        _seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        if moves.len() <= 1 {
            return moves.first().cloned();
        }
        let Phase::Turn { opening, .. } = view.phase else {
            return RandomBot::choose(moves, rng);
        };
        let hand: Set = view
            .hand
            .as_deref()
            .unwrap_or(&[])
            .iter()
            .fold(0, |h, t| h | tiles::bit(*t));
        let before = scratch(view);
        pick_best(moves, level, rng, |a| {
            let Action::Place { tile, space, .. } = a else {
                return f64::NEG_INFINITY;
            };
            let mut after = before.clone();
            if !place(&mut after, hand, opening, a) {
                // Listed as legal, so the scratch board is off: keep it
                // playable but last.
                return -1e6;
            }
            let colour = board::colour_of(*space);
            let closes = filled(&after, colour) == 16;
            let pips = f64::from(tiles::face(*tile).value());
            let mut v = PIP * pips + if closes { BONUS } else { 0.0 };
            if level == Level::Easy {
                return v;
            }
            let rest = hand & !tiles::bit(*tile);
            let placeable = tiles::tiles_of(rest)
                .filter(|t| !after.placements(tiles::bit(*t), false, true).is_empty())
                .count();
            v += PLACEABLE * placeable as f64;
            if rest == 0 {
                // Going out ends the round in our favour.
                v += 100.0;
            }
            if (0..4).any(|c| filled(&after, c) == 15) {
                v -= SETS_UP_BONUS;
            }
            v
        })
    }
}
