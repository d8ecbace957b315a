//! Bots: computer players that decide from exactly what their seat may know.
//!
//! A bot's whole input is its seat's filtered view (`game.view(Viewer::Seat(seat))`,
//! the same a person's browser gets), that seat's own legal actions, a
//! [`Level`] and an RNG. [`Bot::choose_action`] cannot reach the game state,
//! so it cannot read a hand, the order of a pile or a secret answer; the one
//! place that touches a state, [`bot_action`], hands it only the view and the
//! moves. `games/tests/bot_no_leak.rs` checks this on twin states that look
//! the same to the seat.
//!
//! Each game implements [`Bot`] in its own `bot.rs` (greedy heuristics with
//! a short lookahead over public data and the seat's own hand). [`RandomBot`]
//! is the baseline every game's bot must beat; [`selfplay`] plays matches
//! between them in-process.

pub mod search;
pub mod selfplay;

use std::fmt;
use std::str::FromStr;

use parlor_protocol::{Seat, Viewer};
use rand::Rng;

use crate::game::Game;

/// How well a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Level {
    /// Plays like a beginner: mostly sensible moves, now and then a careless
    /// one, and a shorter view ahead.
    Easy,
    /// The game's full heuristic.
    Normal,
    /// Search: information-set Monte Carlo tree search over states dealt
    /// from the seat's view ([`search`]), with the game's default budget.
    Hard,
}

impl Level {
    /// Lower-case name, as on the command line.
    pub fn name(self) -> &'static str {
        match self {
            Level::Easy => "easy",
            Level::Normal => "normal",
            Level::Hard => "hard",
        }
    }
}

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s {
            "easy" => Ok(Level::Easy),
            "normal" => Ok(Level::Normal),
            "hard" => Ok(Level::Hard),
            other => Err(format!("unknown level {other:?} (easy, normal or hard)")),
        }
    }
}

impl From<parlor_protocol::BotLevel> for Level {
    fn from(level: parlor_protocol::BotLevel) -> Level {
        match level {
            parlor_protocol::BotLevel::Easy => Level::Easy,
            parlor_protocol::BotLevel::Normal => Level::Normal,
            parlor_protocol::BotLevel::Hard => Level::Hard,
        }
    }
}

/// A game a bot can play. The hard level needs its deals from a view
/// ([`search::Determinize`]).
pub trait Bot: search::Determinize {
    /// One of `moves` for `seat`, chosen from `view` (what `seat` sees) only.
    /// Never called with [`Level::Hard`] ([`bot_action`] searches instead;
    /// a game may treat it as [`Level::Normal`]).
    /// `moves` are the seat's legal actions now, at least two of them
    /// ([`bot_action`] answers a forced move itself); a bot never invents an
    /// action outside them.
    fn choose_action<R: Rng + ?Sized>(
        view: &Self::View,
        seat: Seat,
        moves: &[Self::Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Self::Action>;
}

/// What a bot in a seat has before it: a choice, or none to make.
pub enum Decision<G: Game> {
    /// At most one legal move: it is played (or nothing is) without a look.
    Forced(Option<G::Action>),
    /// Everything a bot may decide from: the seat's view and legal moves.
    Choose {
        /// What the seat sees.
        view: G::View,
        /// The seat's legal actions now (two or more).
        moves: Vec<G::Action>,
    },
}

/// The decision `seat` faces in `game`, in terms of what the seat may know.
pub fn decision<G: Game>(game: &G, seat: Seat) -> Decision<G> {
    let mut moves = game.legal_actions(seat);
    if moves.len() <= 1 {
        return Decision::Forced(moves.pop());
    }
    Decision::Choose {
        view: game.view(Viewer::Seat(seat)),
        moves,
    }
}

/// What the bot in `seat` plays now, or `None` when `seat` has nothing to
/// do. It sees only what a person in that seat would: the seat's view and
/// legal actions.
pub fn bot_action<G: Bot, R: Rng + ?Sized>(
    game: &G,
    seat: Seat,
    level: Level,
    rng: &mut R,
) -> Option<G::Action> {
    match level {
        Level::Hard => {
            let budget = search::Budget::hard::<G>(game.seats());
            search::hard_action(game, seat, budget, rng)
        }
        Level::Easy | Level::Normal => match decision(game, seat) {
            Decision::Forced(action) => action,
            Decision::Choose { view, moves } => G::choose_action(&view, seat, &moves, level, rng),
        },
    }
}

/// The baseline: a uniformly random legal action.
#[derive(Debug, Clone, Copy, Default)]
pub struct RandomBot;

impl RandomBot {
    /// Any of `moves`, each equally likely; `None` when there is none.
    pub fn choose<A: Clone, R: Rng + ?Sized>(moves: &[A], rng: &mut R) -> Option<A> {
        if moves.is_empty() {
            return None;
        }
        moves.get(rng.random_range(0..moves.len())).cloned()
    }
}

/// Who plays a seat in [`selfplay`]: a game's bot at a level, or the
/// random baseline.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Player {
    /// [`RandomBot`].
    Random,
    /// The game's [`Bot`].
    Bot(Level),
    /// The hard bot with its budget changed, for measuring
    /// ([`SearchSpec`]).
    Search(SearchSpec),
}

/// A hard bot's budget as self-play names it: `hard:N` (playouts per
/// decision), `hard:N:random` or `hard:N:bot` (the playout policy), and
/// `@MS` after any of them, `hard` included (a time cap per decision in
/// milliseconds, as the server sets one).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub struct SearchSpec {
    /// Playouts per decision (`None`: the game's).
    pub playouts: Option<u32>,
    /// Playout policy (`None`: the game's).
    pub playout: Option<search::Playout>,
    /// Time cap per decision in milliseconds.
    pub time_ms: Option<u32>,
}

impl SearchSpec {
    /// The budget for game `G` at a table of `seats`.
    pub fn budget<G: search::Determinize>(self, seats: u8) -> search::Budget {
        let base = self.playouts.map_or_else(
            || search::Budget::hard::<G>(seats),
            search::Budget::playouts,
        );
        search::Budget {
            playout: self.playout.or(base.playout),
            time: self
                .time_ms
                .map(|ms| std::time::Duration::from_millis(u64::from(ms))),
            ..base
        }
    }
}

impl Player {
    /// What this player plays in `seat` now (`None`: nothing to do).
    pub fn act<G: Bot, R: Rng + ?Sized>(
        self,
        game: &G,
        seat: Seat,
        rng: &mut R,
    ) -> Option<G::Action> {
        match self {
            Player::Random => RandomBot::choose(&game.legal_actions(seat), rng),
            Player::Bot(level) => bot_action(game, seat, level, rng),
            Player::Search(spec) => {
                search::hard_action(game, seat, spec.budget::<G>(game.seats()), rng)
            }
        }
    }
}

impl fmt::Display for Player {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Player::Random => f.write_str("random"),
            Player::Bot(level) => level.fmt(f),
            Player::Search(spec) => {
                f.write_str("hard")?;
                if let Some(n) = spec.playouts {
                    write!(f, ":{n}")?;
                }
                match spec.playout {
                    Some(search::Playout::Random) => f.write_str(":random")?,
                    Some(search::Playout::Bot) => f.write_str(":bot")?,
                    None => {}
                }
                if let Some(ms) = spec.time_ms {
                    write!(f, "@{ms}")?;
                }
                Ok(())
            }
        }
    }
}

impl FromStr for Player {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        if s == "random" {
            return Ok(Player::Random);
        }
        let (name, time) = match s.split_once('@') {
            Some((name, ms)) => {
                let ms = ms
                    .trim_end_matches("ms")
                    .parse()
                    .map_err(|e| format!("{s}: time {ms:?}: {e}"))?;
                (name, Some(ms))
            }
            None => (s, None),
        };
        let Some(rest) = name.strip_prefix("hard:") else {
            return match (name.parse(), time) {
                (Ok(Level::Hard), Some(ms)) => Ok(Player::Search(SearchSpec {
                    playouts: None,
                    playout: None,
                    time_ms: Some(ms),
                })),
                (Ok(level), None) => Ok(Player::Bot(level)),
                _ => Err(format!(
                    "unknown player {s:?} (easy, normal, hard, hard:N[:random|:bot][@MS] or random)"
                )),
            };
        };
        let (n, policy) = rest.split_once(':').unwrap_or((rest, ""));
        let playout = match policy {
            "" => None,
            "random" => Some(search::Playout::Random),
            "bot" => Some(search::Playout::Bot),
            p => return Err(format!("{s}: playouts {p:?} (random or bot)")),
        };
        let playouts = n.parse().map_err(|e| format!("{s}: {e}"))?;
        Ok(Player::Search(SearchSpec {
            playouts: Some(playouts),
            playout,
            time_ms: time,
        }))
    }
}

/// How often an [`Level::Easy`] bot makes a careless (uniformly random)
/// choice instead of its best one: one time in this many.
pub const EASY_CARELESS_ONE_IN: u32 = 4;

/// The move with the highest score, ties broken at random; at
/// [`Level::Easy`], now and then any move. `None` when `moves` is empty.
/// Scores that are not numbers count as the lowest.
pub fn pick_best<A: Clone, R: Rng + ?Sized>(
    moves: &[A],
    level: Level,
    rng: &mut R,
    mut score: impl FnMut(&A) -> f64,
) -> Option<A> {
    if moves.is_empty() {
        return None;
    }
    if level == Level::Easy && rng.random_ratio(1, EASY_CARELESS_ONE_IN) {
        return RandomBot::choose(moves, rng);
    }
    let scores: Vec<f64> = moves
        .iter()
        .map(|m| {
            let s = score(m);
            if s.is_nan() {
                f64::NEG_INFINITY
            } else {
                s
            }
        })
        .collect();
    let best = scores.iter().copied().fold(f64::NEG_INFINITY, f64::max);
    // Near-equal scores are ties: a bot that always picks the first of equal
    // moves is predictable and, in symmetric spots, biased.
    let tied: Vec<usize> = scores
        .iter()
        .enumerate()
        .filter(|(_, s)| **s >= best - 1e-9 * best.abs().max(1.0))
        .map(|(i, _)| i)
        .collect();
    let pick = RandomBot::choose(&tied, rng)?;
    moves.get(pick).cloned()
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;

    #[test]
    fn pick_best_takes_the_highest_and_breaks_ties_both_ways() {
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let moves = [1, 5, 3, 5];
        let mut seen = [false; 4];
        for _ in 0..64 {
            let m = pick_best(&moves, Level::Normal, &mut rng, |m| f64::from(*m));
            assert_eq!(m, Some(5));
        }
        for _ in 0..64 {
            let i = pick_best(&[0usize, 1, 2, 3], Level::Normal, &mut rng, |i| {
                f64::from(moves[*i])
            });
            if let Some(i) = i {
                seen[i] = true;
            }
        }
        assert_eq!(seen, [false, true, false, true]);
        assert_eq!(
            pick_best::<u8, _>(&[], Level::Normal, &mut rng, |_| 0.0),
            None
        );
    }

    #[test]
    fn easy_is_sometimes_careless_and_nan_is_worst() {
        let mut rng = ChaCha8Rng::seed_from_u64(2);
        let moves = [0u8, 1];
        let careless = (0..400)
            .filter(|_| {
                pick_best(&moves, Level::Easy, &mut rng, |m| {
                    if *m == 0 {
                        f64::NAN
                    } else {
                        1.0
                    }
                }) == Some(0)
            })
            .count();
        // One in four careless, half of those pick the worse move: ~50.
        assert!((20..100).contains(&careless), "{careless}");
    }

    #[test]
    fn levels_and_players_parse_and_print() {
        for p in [
            Player::Random,
            Player::Bot(Level::Easy),
            Player::Bot(Level::Normal),
            Player::Bot(Level::Hard),
            Player::Search(SearchSpec {
                playouts: Some(64),
                playout: None,
                time_ms: None,
            }),
            Player::Search(SearchSpec {
                playouts: Some(8),
                playout: Some(search::Playout::Random),
                time_ms: None,
            }),
            Player::Search(SearchSpec {
                playouts: Some(8),
                playout: Some(search::Playout::Bot),
                time_ms: Some(250),
            }),
            Player::Search(SearchSpec {
                playouts: None,
                playout: None,
                time_ms: Some(300),
            }),
        ] {
            assert_eq!(p.to_string().parse::<Player>(), Ok(p));
        }
        assert!("expert".parse::<Player>().is_err());
        assert!("hard:".parse::<Player>().is_err());
        assert!("hard:8:smart".parse::<Player>().is_err());
        assert!("normal@300".parse::<Player>().is_err());
        assert!("hard@soon".parse::<Player>().is_err());
        assert_eq!("hard@300ms".parse::<Player>(), "hard@300".parse::<Player>());
        assert!("".parse::<Level>().is_err());
    }
}
