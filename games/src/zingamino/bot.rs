//! The Zingamino bot, from the seat's view: the public board, its own hand
//! and every seat's hand size and score (never another hand or the bag).
//!
//! Most rounds end blocked, won by the lowest hand, and a seat that cannot
//! place digs until it can, so hands grow by what their owners cannot
//! place. Normal: every legal placement is tried on a scratch board built
//! from the view (the game's own placement check, fed only the public board
//! and the bot's hand) and valued in pips of hand value: the pips it sheds,
//! the circle bonus (+16), what the other seats are expected to dig (the
//! share of unseen tiles that still fit decides how likely they are stuck
//! and for how long), minus what the bot is expected to dig when none of
//! its tiles fits any more; a small bonus per tile still placeable and a
//! penalty for leaving a circle one tile short. With two seats and at most
//! twelve tiles in the bag it plays the round out on guessed deals (exactly
//! known once the bag is empty: every unseen tile is in the other hand),
//! both seats shedding their highest tile that fits. Easy: sheds the
//! highest tile and takes any bonus, no lookahead; now and then careless.

use parlor_protocol::zingamino::{Action, Options, Phase, Placed, View};
use parlor_protocol::Seat;
use parlor_protocol::ToAct;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::game::{Game, Step};

use super::board::{self, Port, SPACES};
use super::state::{Stage, Zingamino};
use super::tiles::{self, Set};
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// A filled circle's bonus.
const BONUS: f64 = 16.0;
/// Worth of emptying the hand (the round is won and the others' hands
/// collected).
const GOES_OUT: f64 = 100.0;
/// Worth of each tile of the hand still placeable after the move.
const FLEX: f64 = 0.5;
/// Cost of leaving a circle with one empty space.
const SETS_UP_BONUS: f64 = 10.0;
/// Most tiles a dig is expected to take (a cap for when nothing fits).
const MAX_DIGS: f64 = 8.0;
/// At most this many tiles in the bag, the bot plays the round out.
const PLAY_OUT_BAG: u8 = 12;
/// Guessed deals played out per move while the bag is not empty.
const PLAY_OUT_SAMPLES: usize = 4;

/// A board-only copy of the game for trying placements: the public board
/// and nothing else (no hands, an empty bag). Its play-outs dig without
/// asking (`dig_by_click` off): a dig is no decision.
fn scratch(view: &View) -> Zingamino {
    let mut board: [Option<Placed>; 64] = [None; 64];
    for (slot, cell) in board.iter_mut().zip(&view.board) {
        *slot = *cell;
    }
    let seats = u8::try_from(view.players.len()).unwrap_or(2);
    Zingamino {
        options: Options {
            dig_by_click: false,
        },
        seats,
        bag: 0,
        hands: vec![0; usize::from(seats)],
        board,
        scores: vec![0; usize::from(seats)],
        bonuses: vec![0; usize::from(seats)],
        round: view.round,
        stage: Stage::Finished,
        rounds: Vec::new(),
        digging: false,
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

/// Empty spaces next to a tile: where a normal placement can go.
fn frontier(game: &Zingamino) -> Vec<u8> {
    (0..SPACES)
        .filter(|s| game.board.get(usize::from(*s)).is_some_and(Option::is_none))
        .filter(|s| {
            board::neighbours(*s)
                .any(|(n, _)| game.board.get(usize::from(n)).is_some_and(Option::is_some))
        })
        .collect()
}

/// How many tiles of `set` have a normal (not opening) placement on
/// `game`'s board, trying only the `frontier` spaces.
fn placeable(game: &Zingamino, set: Set, frontier: &[u8]) -> u32 {
    let mut n = 0;
    for t in tiles::tiles_of(set) {
        let colour = tiles::colour_index(t.0);
        let spinner = tiles::face(t).is_spinner();
        let fits = frontier
            .iter()
            .filter(|s| board::colour_of(**s) == colour)
            .any(|&s| {
                let flips: &[bool] = if spinner || board::is_square(s) {
                    &[false]
                } else {
                    &[false, true]
                };
                flips.iter().any(|&flip| {
                    matches!(
                        game.evaluate(tiles::bit(t), false, t, s, flip, None),
                        Ok(_) | Err(super::Illegal::Declaration)
                    )
                })
            });
        n += u32::from(fits);
    }
    n
}

/// With two seats and an empty bag, every tile the bot cannot see is in the
/// other hand: the whole deal follows from the view. Then the round is
/// played out (both seats shedding their highest placeable tile), and this
/// is the full state to play it from.
fn endgame<R: Rng + ?Sized>(
    view: &View,
    seat: Seat,
    hand: Set,
    unseen: Set,
    rng: &mut R,
) -> Option<Zingamino> {
    if view.players.len() != 2 {
        return None;
    }
    let other = 1 - seat.0.min(1);
    let theirs = view.players.get(usize::from(other))?;
    if u32::from(theirs.hand_size) + u32::from(view.bag) != u32::from(tiles::count(unseen)) {
        return None;
    }
    // The other hand: every unseen tile once the bag is empty, else a
    // random guess of the right size among them (the rest is the bag).
    let mut pool: Vec<_> = tiles::tiles_of(unseen).collect();
    let mut theirs_set: Set = 0;
    for _ in 0..theirs.hand_size {
        if pool.is_empty() {
            break;
        }
        let t = pool.swap_remove(rng.random_range(0..pool.len()));
        theirs_set |= tiles::bit(t);
    }
    let mut game = scratch(view);
    game.bag = unseen & !theirs_set;
    *game.hands.get_mut(seat.index())? = hand;
    *game.hands.get_mut(usize::from(other))? = theirs_set;
    game.scores = view.players.iter().map(|p| p.score).collect();
    game.stage = Stage::Play {
        starter: seat.0,
        active: seat.0,
        opened: view.players.iter().map(|p| p.opened).collect(),
        passes: 0,
    };
    Some(game)
}

/// Plays `game` on to the end of the round, each seat placing its highest
/// tile that fits, and returns `seat`'s points gained minus the other's.
fn play_out<R: Rng + ?Sized>(mut game: Zingamino, seat: Seat, rng: &mut R) -> f64 {
    let before = game.scores.clone();
    let rounds = game.rounds.len();
    for _ in 0..256 {
        if game.rounds.len() > rounds {
            break;
        }
        let seats = match game.to_act() {
            ToAct::Seats { seats } => seats,
            ToAct::Chance if game.active().is_some() => {
                // A dig: any tile of the bag.
                let bag: Vec<_> = tiles::tiles_of(game.bag).collect();
                if bag.is_empty() {
                    break;
                }
                let Some(&t) = bag.get(rng.random_range(0..bag.len())) else {
                    break;
                };
                if game
                    .apply(&Step::Chance {
                        outcome: super::Chance::Tile(t),
                    })
                    .is_err()
                {
                    break;
                }
                continue;
            }
            _ => break,
        };
        let Some(&who) = seats.first() else {
            break;
        };
        let hand = game.hands.get(who.index()).copied().unwrap_or(0);
        let opening = game.opening(who.0);
        let mut order: Vec<_> = tiles::tiles_of(hand).collect();
        order.sort_by_key(|t| std::cmp::Reverse(tiles::face(*t).value()));
        let action = order
            .iter()
            .find_map(|t| {
                game.placements(tiles::bit(*t), opening, true)
                    .into_iter()
                    .next()
            })
            .unwrap_or(Action::Pass);
        if game.apply(&Step::Act { seat: who, action }).is_err() {
            break;
        }
    }
    let gain = |s: usize| {
        f64::from(game.scores.get(s).copied().unwrap_or(0))
            - f64::from(before.get(s).copied().unwrap_or(0))
    };
    (0..game.scores.len())
        .map(|s| if s == seat.index() { gain(s) } else { -gain(s) })
        .sum()
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
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
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
        let on_board: Set = view
            .board
            .iter()
            .flatten()
            .fold(0, |m, p| m | tiles::bit(p.tile));
        // Every tile the bot cannot see: the other hands and the bag.
        let unseen = tiles::ALL & !hand & !on_board;
        let unseen_n = f64::from(tiles::count(unseen)).max(1.0);
        let avg_value = f64::from(tiles::hand_value(unseen)) / unseen_n;
        let others: Vec<f64> = view
            .players
            .iter()
            .filter(|p| p.seat != seat)
            .map(|p| f64::from(p.hand_size))
            .collect();
        // Near the end of the bag, play the round out on guessed deals.
        let mut deals: Vec<Zingamino> = Vec::new();
        if level == Level::Normal && view.bag <= PLAY_OUT_BAG {
            let samples = if view.bag == 0 { 1 } else { PLAY_OUT_SAMPLES };
            for _ in 0..samples {
                deals.extend(endgame(view, seat, hand, unseen, rng));
            }
        }
        let mut play_rng = ChaCha8Rng::seed_from_u64(rng.random());
        // The heuristic, in pips of hand value.
        let heuristic = |a: &Action| -> f64 {
            let Action::Place { tile, space, .. } = a else {
                return f64::NEG_INFINITY;
            };
            let mut after = before.clone();
            if !place(&mut after, hand, opening, a) {
                // Listed as legal, so the scratch board is off: keep it
                // playable but last.
                return -1e6;
            }
            let closes = filled(&after, board::colour_of(*space)) == 16;
            let pips = f64::from(tiles::face(*tile).value());
            let mut v = pips + if closes { BONUS } else { 0.0 };
            if level == Level::Easy {
                return v;
            }
            let rest = hand & !tiles::bit(*tile);
            if rest == 0 {
                return v + GOES_OUT;
            }
            let edge = frontier(&after);
            // A seat that cannot place digs until it can: about (1 - f) / f
            // tiles when a share f of the unseen tiles fits.
            let digs = |f: f64| {
                if f <= 0.0 {
                    MAX_DIGS
                } else {
                    ((1.0 - f) / f).min(MAX_DIGS)
                }
            };
            let f_unseen = f64::from(placeable(&after, unseen, &edge)) / unseen_n;
            let theirs: f64 = others
                .iter()
                .map(|h| (1.0 - f_unseen).powf(*h) * digs(f_unseen))
                .sum();
            let mine_n = placeable(&after, rest, &edge);
            let mine = if mine_n == 0 && view.bag > 0 {
                digs(f_unseen)
            } else {
                0.0
            };
            v += avg_value * (theirs - mine) + FLEX * f64::from(mine_n);
            if (0..4).any(|c| filled(&after, c) == 15) {
                v -= SETS_UP_BONUS;
            }
            v
        };
        pick_best(moves, level, rng, |a| {
            let h = heuristic(a);
            if deals.is_empty() {
                return h;
            }
            let mut total = 0.0;
            for deal in &deals {
                let mut next = deal.clone();
                if next.apply(&Step::Act { seat, action: *a }).is_err() {
                    return h;
                }
                total += play_out(next, seat, &mut play_rng);
            }
            // The heuristic only breaks near-ties between play-outs.
            total / deals.len() as f64 + 0.01 * h
        })
    }
}
