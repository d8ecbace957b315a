//! The hard bot: information-set Monte Carlo tree search from one seat's
//! view.
//!
//! Each iteration deals a full state that agrees with the view
//! ([`Determinize::determinize`]: what the seat sees is kept, what it cannot
//! see is drawn at random from what is left), walks one shared tree down it
//! with UCB1 (single-observer ISMCTS, Cowling, Powley and Whitehouse 2012:
//! an edge counts how often it was *available*, since another deal may
//! offer other moves), adds one node, plays the rest out with the game's
//! own bot or random moves ([`Determinize::PLAYOUT`]) and backs the result
//! up. Chance steps are drawn with [`Game::sample_chance`] and become tree
//! nodes like any step; in a simultaneous window the seats answer one after
//! the other, the searching seat first at the root (the others' answers it
//! cannot see, so they are part of the deal).
//!
//! The search reads nothing but the view it is given; every random draw
//! (the deals, the playouts) comes from the bot's RNG, so a decision is a
//! function of view, moves, budget and seed (`games/tests/bot_no_leak.rs`).

use std::time::{Duration, Instant};

use parlor_protocol::game::ScorecardLines;
use parlor_protocol::{Seat, ToAct};
use rand::Rng;

use super::{bot_action, decision, Bot, Decision, Level, RandomBot};
use crate::game::{Game, Step};

/// How a game's playouts pick their moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Playout {
    /// Uniformly random legal moves: cheap, many playouts.
    Random,
    /// The game's own bot at [`Level::Normal`]: dearer, better informed.
    Bot,
}

/// A game the hard bot can search: it can deal a full state from what one
/// seat sees.
pub trait Determinize: Game<Scorecard: ScorecardLines> {
    /// Playouts per decision at [`Level::Hard`] (chosen per game so that a
    /// decision fits in about 200 ms on one core in release).
    const HARD_PLAYOUTS: u32 = 400;

    /// Playouts per decision at [`Level::Hard`] at a table of `seats`:
    /// [`Self::HARD_PLAYOUTS`], unless a game's playouts grow with the
    /// table so much that a decision would no longer fit its time.
    fn hard_playouts(_seats: u8) -> u32 {
        Self::HARD_PLAYOUTS
    }
    /// How playouts pick their moves (chosen per game by measurement).
    const PLAYOUT: Playout = Playout::Random;
    /// Absolute score difference that counts as a big win in the reward
    /// (see [`reward`]); roughly a typical winning margin.
    const SCORE_SCALE: f64 = 20.0;

    /// A full state that `seat` could not tell from the real one: its view
    /// of the result equals `view`, and what the view hides is drawn from
    /// `rng`, each consistent filling equally likely. Reads `view` only.
    /// `None` when the view is not one this game produces (the bot then
    /// falls back to its heuristic).
    fn determinize<R: Rng + ?Sized>(view: &Self::View, seat: Seat, rng: &mut R) -> Option<Self>;
}

/// A search's limits.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Budget {
    /// Iterations (one deal, one walk, one playout each).
    pub playouts: u32,
    /// Tree nodes at most; past it iterations no longer grow the tree. Keeps
    /// a search's memory bounded whatever the budget (well under 32 MiB).
    pub max_nodes: usize,
    /// The playout policy, if not the game's ([`Determinize::PLAYOUT`]).
    pub playout: Option<Playout>,
    /// Wall-clock time at most: the search stops after the iteration that
    /// passes it, whatever playouts are left. `None` (the default) keeps a
    /// decision a function of view, budget and seed, as tests need; the
    /// server sets it so that a slow or busy machine still answers in time.
    pub time: Option<Duration>,
}

impl Budget {
    /// The game's default budget for [`Level::Hard`] at a table of `seats`.
    pub fn hard<G: Determinize>(seats: u8) -> Budget {
        Budget::playouts(G::hard_playouts(seats))
    }

    /// `playouts` iterations, the default node cap.
    pub fn playouts(playouts: u32) -> Budget {
        Budget {
            playouts,
            max_nodes: 100_000,
            playout: None,
            time: None,
        }
    }

    /// This budget, stopped after `time` as well.
    pub fn within(self, time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..self
        }
    }
}

/// UCB1's exploration constant for rewards in 0..=1.
const EXPLORATION: f64 = 0.7;
/// Progressive widening: moves considered at a node visited n times,
/// beyond the first, are about this times √n.
const WIDEN: f64 = 0.7;
/// A playout that runs this long is cut off and scored as a draw (no game
/// of ours comes near it; it guards against a broken deal).
const MAX_PLAYOUT_STEPS: u32 = 20_000;
/// Share of the reward that a score margin may move (the rest is the
/// rank): it lets the search tell a narrow win from a wide one.
const MARGIN_WEIGHT: f64 = 0.2;

type StepOf<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

struct Edge<G: Game> {
    /// The seat that takes this step (`None`: chance).
    actor: Option<Seat>,
    step: StepOf<G>,
    child: usize,
    visits: u32,
    available: u32,
    /// Sum of the actor's rewards through this edge.
    reward: f64,
    /// Sum of their squares (for the spread of the mean).
    reward_sq: f64,
}

struct Node<G: Game> {
    /// Walks through this node.
    visits: u32,
    edges: Vec<Edge<G>>,
}

/// What the hard bot in `seat` plays now, deciding from `game`'s view for
/// that seat only, with `budget`. `None` when `seat` has nothing to do.
pub fn hard_action<G: Bot, R: Rng + ?Sized>(
    game: &G,
    seat: Seat,
    budget: Budget,
    rng: &mut R,
) -> Option<G::Action> {
    match decision(game, seat) {
        Decision::Forced(action) => action,
        Decision::Choose { view, moves } => {
            choose::<G, R>(&view, seat, &moves, budget, &|| false, rng)
        }
    }
}

/// One of `moves` for `seat`, by search from `view` alone, within `budget`
/// or until `stop` says so (checked between iterations: a room that closed,
/// a seat taken back). Falls back to the game's normal bot when no
/// consistent state can be dealt.
pub fn choose<G: Bot, R: Rng + ?Sized>(
    view: &G::View,
    seat: Seat,
    moves: &[G::Action],
    budget: Budget,
    stop: &dyn Fn() -> bool,
    rng: &mut R,
) -> Option<G::Action> {
    if moves.len() <= 1 {
        return moves.first().cloned();
    }
    let ends = budget.time.map(|t| Instant::now() + t);
    let mut nodes: Vec<Node<G>> = vec![Node {
        visits: 0,
        edges: Vec::new(),
    }];
    let mut dealt = 0u32;
    for _ in 0..budget.playouts {
        if stop() || ends.is_some_and(|ends| Instant::now() >= ends) {
            break;
        }
        let Some(state) = G::determinize(view, seat, rng) else {
            continue;
        };
        dealt += 1;
        iterate(state, seat, moves, budget, &mut nodes, rng);
    }
    let root = nodes.first();
    let candidates = || {
        root.into_iter()
            .flat_map(|r| r.edges.iter())
            .filter(|e| e.actor == Some(seat))
            .filter(|e| matches!(&e.step, Step::Act { action, .. } if moves.contains(action)))
    };
    let most_visited =
        candidates().max_by(|a, b| a.visits.cmp(&b.visits).then(a.reward.total_cmp(&b.reward)));
    // The root's first edge is the game's own choice (expanded first).
    // Leave it only for a move whose mean is better by more than the
    // noise: in a long game one decision moves the result so little that
    // a few hundred playouts cannot tell the moves apart, and then the
    // heuristic is the better guess.
    let heuristic = candidates().next();
    let rivals = candidates()
        .filter(|e| e.visits >= MIN_VISITS && heuristic.is_none_or(|h| !std::ptr::eq(*e, h)))
        .count();
    let best = match (most_visited, heuristic) {
        (Some(b), Some(h))
            if !std::ptr::eq(b, h) && significantly_better(b.walks(), h.walks(), rivals) =>
        {
            Some(b)
        }
        (_, Some(h)) => Some(h),
        (b, None) => b,
    };
    match best {
        Some(Edge {
            step: Step::Act { action, .. },
            ..
        }) if dealt > 0 => Some(action.clone()),
        // No deal agreed with the view: play the heuristic rather than
        // nothing.
        _ => G::choose_action(view, seat, moves, Level::Normal, rng)
            .or_else(|| RandomBot::choose(moves, rng)),
    }
}

/// One iteration on a fresh deal: select and expand down the tree, play
/// out, back up.
fn iterate<G: Bot, R: Rng + ?Sized>(
    mut state: G,
    seat: Seat,
    root_moves: &[G::Action],
    budget: Budget,
    nodes: &mut Vec<Node<G>>,
    rng: &mut R,
) {
    // (node, edge index) pairs walked.
    let mut path: Vec<(usize, usize)> = Vec::new();
    let mut node = 0usize;
    let mut steps = 0u32;
    loop {
        let (actor, options): (Option<Seat>, Vec<StepOf<G>>) = match state.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => {
                let Some(outcome) = state.sample_chance(rng) else {
                    break;
                };
                (None, vec![Step::Chance { outcome }])
            }
            ToAct::Seats { seats } => {
                // At the root the searching seat answers first (in a
                // simultaneous window it is one of several); below, the
                // first listed, as the server's order of answers goes.
                let actor = if path.is_empty() && seats.contains(&seat) {
                    seat
                } else if let Some(&first) = seats.first() {
                    first
                } else {
                    break;
                };
                let legal = state.legal_actions(actor);
                let legal: Vec<G::Action> = if path.is_empty() && actor == seat {
                    // The root's moves are the real ones: a deal offering
                    // others would be one the view rules out.
                    legal
                        .into_iter()
                        .filter(|a| root_moves.contains(a))
                        .collect()
                } else {
                    legal
                };
                let steps: Vec<StepOf<G>> = legal
                    .into_iter()
                    .map(|action| Step::Act {
                        seat: actor,
                        action,
                    })
                    .collect();
                (Some(actor), steps)
            }
        };
        if options.is_empty() {
            break;
        }
        let Some(current) = nodes.get_mut(node) else {
            break;
        };
        current.visits += 1;
        let visits = current.visits;
        // Availability: every edge on offer in this deal.
        let mut untried = Vec::new();
        for (i, step) in options.iter().enumerate() {
            match current
                .edges
                .iter_mut()
                .find(|e| e.actor == actor && e.step == *step)
            {
                Some(edge) => edge.available += 1,
                None => untried.push(i),
            }
        }
        let can_grow = nodes.len() < budget.max_nodes;
        // Progressive widening: a node visited n times considers about
        // WIDEN·√n moves, the game's own choice first, so that a small
        // budget refines the heuristic instead of spreading thin over
        // dozens of moves.
        let tried = options.len() - untried.len();
        let allowed = 1 + (WIDEN * f64::from(visits).sqrt()) as usize;
        let pick = if actor.is_some() && !untried.is_empty() && can_grow && tried < allowed {
            let heuristic = match (tried, actor) {
                (0, Some(actor)) => bot_action(&state, actor, Level::Normal, rng)
                    .map(|action| Step::Act {
                        seat: actor,
                        action,
                    })
                    .and_then(|step| options.iter().position(|o| *o == step))
                    .filter(|i| untried.contains(i)),
                _ => None,
            };
            // Expand one untried move, then play out from it.
            let i = heuristic.unwrap_or_else(|| {
                untried
                    .get(rng.random_range(0..untried.len()))
                    .copied()
                    .unwrap_or(0)
            });
            options.get(i).cloned().map(|step| (step, true))
        } else if actor.is_none() {
            // Chance: the drawn outcome's node, made on first sight.
            options
                .first()
                .cloned()
                .map(|step| (step, untried.is_empty()))
        } else {
            select(nodes.get(node), &options, actor).map(|step| (step, false))
        };
        let Some((step, is_new)) = pick else {
            break;
        };
        let existing = nodes.get(node).and_then(|n| {
            n.edges
                .iter()
                .position(|e| e.actor == actor && e.step == step)
        });
        let edge_index = match existing {
            Some(i) => i,
            None => {
                if !can_grow {
                    // The tree is full: play out from here.
                    if state.apply(&step).is_err() {
                        return;
                    }
                    break;
                }
                let child = nodes.len();
                nodes.push(Node {
                    visits: 0,
                    edges: Vec::new(),
                });
                let Some(n) = nodes.get_mut(node) else {
                    return;
                };
                n.edges.push(Edge {
                    actor,
                    step: step.clone(),
                    child,
                    visits: 0,
                    available: 1,
                    reward: 0.0,
                    reward_sq: 0.0,
                });
                n.edges.len() - 1
            }
        };
        if state.apply(&step).is_err() {
            // A step the deal itself offered was refused: a bug in a game;
            // this iteration counts for nothing.
            return;
        }
        path.push((node, edge_index));
        node = nodes
            .get(node)
            .and_then(|n| n.edges.get(edge_index))
            .map_or(0, |e| e.child);
        steps += 1;
        if steps > MAX_PLAYOUT_STEPS {
            break;
        }
        if is_new && actor.is_some() {
            break;
        }
    }
    let rewards = playout(&mut state, budget.playout.unwrap_or(G::PLAYOUT), rng);
    for (n, e) in path {
        if let Some(edge) = nodes.get_mut(n).and_then(|n| n.edges.get_mut(e)) {
            edge.visits += 1;
            if let Some(actor) = edge.actor {
                let r = rewards.get(actor.index()).copied().unwrap_or(0.5);
                edge.reward += r;
                edge.reward_sq += r * r;
            }
        }
    }
}

/// How many standard errors a move's mean must beat the heuristic's by when
/// it is the only rival walked enough; more rivals raise the bar (`choose`).
const CONFIDENCE: f64 = 1.0;
/// Walks through both moves before their means are compared at all: from
/// two or three playouts the spread is often nil (both won), and then any
/// difference looked significant. With Doozy Dice's eight playouts that
/// made hard lose to normal (36% against the same seeds' 49% over 1,000).
const MIN_VISITS: u32 = 10;

/// A move's walks at the root: how many, and the sum of the rewards they
/// brought and of their squares.
#[derive(Debug, Clone, Copy)]
struct Walks {
    visits: u32,
    reward: f64,
    reward_sq: f64,
}

impl<G: Game> Edge<G> {
    fn walks(&self) -> Walks {
        Walks {
            visits: self.visits,
            reward: self.reward,
            reward_sq: self.reward_sq,
        }
    }
}

/// Standard errors of the difference a move must win by, when `rivals`
/// moves besides the heuristic's were walked enough to be compared: each
/// is a chance for noise to look like a gain, so the bar rises with their
/// number, about as a Bonferroni bound does (1 for one rival, 2.5 for 15).
/// At 1 whatever their number, Doozy Dice's search at 400 playouts left
/// the normal bot's re-roll for the luckiest of a dozen rivals and won
/// 38.9% of 400 seeds where the normal bot wins 49.4%.
fn bar(rivals: usize) -> f64 {
    (CONFIDENCE * CONFIDENCE + 2.0 * (rivals.max(1) as f64).ln()).sqrt()
}

/// Is `b`'s mean reward above `h`'s by more than [`bar`] standard errors
/// of the difference, both walked at least [`MIN_VISITS`] times?
fn significantly_better(b: Walks, h: Walks, rivals: usize) -> bool {
    if b.visits < MIN_VISITS || h.visits < MIN_VISITS {
        return false;
    }
    let stats = |w: Walks| {
        let n = f64::from(w.visits);
        let mean = w.reward / n;
        let var = (w.reward_sq / n - mean * mean).max(0.0) / (n - 1.0);
        (mean, var)
    };
    let (mb, vb) = stats(b);
    let (mh, vh) = stats(h);
    mb - mh > bar(rivals) * (vb + vh).sqrt()
}

/// UCB1 over the edges on offer, from the actor's side.
fn select<G: Game>(
    node: Option<&Node<G>>,
    options: &[StepOf<G>],
    actor: Option<Seat>,
) -> Option<StepOf<G>> {
    let node = node?;
    let mut best: Option<(f64, &Edge<G>)> = None;
    for edge in node
        .edges
        .iter()
        .filter(|e| e.actor == actor && options.contains(&e.step))
    {
        let value = if edge.visits == 0 {
            f64::INFINITY
        } else {
            let n = f64::from(edge.visits);
            edge.reward / n + EXPLORATION * (f64::from(edge.available.max(1)).ln() / n).sqrt()
        };
        if best.is_none_or(|(v, _)| value > v) {
            best = Some((value, edge));
        }
    }
    best.map(|(_, e)| e.step.clone())
}

/// Plays `state` to the end with the game's playout policy; the reward of
/// each seat.
fn playout<G: Bot, R: Rng + ?Sized>(state: &mut G, policy: Playout, rng: &mut R) -> Vec<f64> {
    let seats = state.seats();
    for _ in 0..MAX_PLAYOUT_STEPS {
        let step = match state.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => match state.sample_chance(rng) {
                Some(outcome) => Step::Chance { outcome },
                None => break,
            },
            ToAct::Seats { seats } => {
                let Some(&actor) = seats.first() else {
                    break;
                };
                let action = match policy {
                    Playout::Random => state.random_action(actor, rng),
                    Playout::Bot => bot_action(state, actor, Level::Normal, rng),
                };
                let Some(action) = action else {
                    break;
                };
                Step::Act {
                    seat: actor,
                    action,
                }
            }
        };
        if state.apply(&step).is_err() {
            break;
        }
    }
    reward(state, seats)
}

/// Each seat's reward in 0..=1 for a finished `state`: mostly its rank
/// (first 1, last 0, a shared rank in between), partly its score against
/// the best other seat's. An unfinished state (a cut-off playout) is a
/// draw for all.
pub fn reward<G: Determinize>(state: &G, seats: u8) -> Vec<f64> {
    let n = usize::from(seats);
    let Some(outcome) = state.outcome() else {
        return vec![0.5; n];
    };
    let scores: Vec<i64> = outcome
        .scorecard
        .lines()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    // Which way scores count (points up, penalties down) shows in the
    // outcome itself: the first-ranked seat's score against the last's.
    let by = |pick: fn(u8, u8) -> bool| {
        (0..n)
            .filter_map(|s| Some((*outcome.ranks.get(s)?, *scores.get(s)?)))
            .reduce(|a, b| if pick(b.0, a.0) { b } else { a })
            .map(|(_, score)| score)
    };
    let sign = match (by(|a, b| a < b), by(|a, b| a > b)) {
        (Some(first), Some(last)) if first < last => -1.0,
        _ => 1.0,
    };
    let worst = f64::from(seats.saturating_sub(1).max(1));
    (0..n)
        .map(|s| {
            let rank = outcome.ranks.get(s).copied().unwrap_or(seats);
            let by_rank = 1.0 - f64::from(rank.saturating_sub(1)) / worst;
            let margin = match (scores.get(s), best_other(&scores, s, sign)) {
                (Some(&mine), Some(other)) => {
                    let d = sign * (mine - other) as f64 / G::SCORE_SCALE;
                    0.5 + 0.5 * d.tanh()
                }
                _ => 0.5,
            };
            (1.0 - MARGIN_WEIGHT) * by_rank + MARGIN_WEIGHT * margin
        })
        .collect()
}

/// The other seats' best score, `sign` saying which way is better.
fn best_other(scores: &[i64], seat: usize, sign: f64) -> Option<i64> {
    let others = scores
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat)
        .map(|(_, v)| *v);
    if sign < 0.0 {
        others.min()
    } else {
        others.max()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// `n` walks with mean `mean`, each reward 0 or 1 (a win or a loss).
    fn walks(n: u32, mean: f64) -> Walks {
        let wins = (f64::from(n) * mean).round();
        Walks {
            visits: n,
            reward: wins,
            reward_sq: wins,
        }
    }

    #[test]
    fn the_bar_rises_with_the_rivals() {
        assert!((bar(0) - 1.0).abs() < 1e-12);
        assert!((bar(1) - 1.0).abs() < 1e-12);
        assert!((bar(15) - 2.5).abs() < 0.05, "{}", bar(15));
        assert!((1..40).all(|k| bar(k + 1) > bar(k)));
    }

    #[test]
    fn a_gain_of_two_standard_errors_counts_against_one_rival_not_thirty() {
        // 400 walks each: a difference's standard error is about 0.035.
        let heuristic = walks(400, 0.50);
        let better = walks(400, 0.57);
        assert!(significantly_better(better, heuristic, 1));
        assert!(!significantly_better(better, heuristic, 30));
        assert!(!significantly_better(heuristic, better, 1));
        // Too few walks to compare at all, however far apart.
        assert!(!significantly_better(
            walks(MIN_VISITS - 1, 1.0),
            walks(400, 0.1),
            1
        ));
    }
}
