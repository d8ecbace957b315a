//! Self-play: whole matches between players ([`Player`]) in-process, with
//! chance outcomes drawn by weight from a seeded ChaCha RNG, and the
//! statistics the `parlor-selfplay` binary prints.
//!
//! Each match has one seed. Chance and every seat draw from their own RNGs
//! derived from it, so a bot's choices never shift the dice, and the same
//! seed with the sides swapped deals the same first cards.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::time::{Duration, Instant};

use parlor_protocol::game::ScorecardLines;
use parlor_protocol::{Seat, ToAct, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde_json::Value;

use super::{Bot, Player};
use crate::chance::sample;
use crate::game::Step;

/// A match that runs longer than this is stopped as broken: no game of ours
/// comes near it.
pub const MAX_STEPS: u32 = 200_000;

/// Why a self-play match could not be played to the end.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum SelfPlayError {
    /// The game refused the options or the seat count.
    #[error("setup: {0}")]
    Setup(String),
    /// A step that was on offer was refused (a bug in a game or a bot).
    #[error("step {index} refused: {message}")]
    Refused {
        /// Zero-based step index.
        index: u32,
        /// What was refused and why.
        message: String,
    },
    /// Players were to act but none had anything to do, or chance had no
    /// outcome.
    #[error("stuck at step {0}")]
    Stuck(u32),
    /// [`MAX_STEPS`] passed without an end.
    #[error("no end after {MAX_STEPS} steps")]
    TooLong,
}

/// One finished match.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchRecord {
    /// Steps in the log (actions and chance).
    pub steps: u32,
    /// Of which seat actions.
    pub actions: u32,
    /// Rank per seat (1 best; ties share).
    pub ranks: Vec<u8>,
    /// Headline score per seat, as the scorecard states it.
    pub scores: Vec<i64>,
    /// The seat of the first action of the match (the first player).
    pub first_mover: Option<Seat>,
    /// Notable kinds of action and step seen, with how often (see
    /// [`kinds_of`]).
    pub kinds: BTreeMap<String, u32>,
    /// Wall time of the match.
    pub elapsed: Duration,
    /// Each seat decision with a choice (two moves or more): who, and how
    /// long the player took.
    pub decisions: Vec<(Seat, Duration)>,
}

/// The RNG of seat `seat` (or of chance, `None`) in match `seed`.
pub fn rng_for(seed: u64, seat: Option<Seat>) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Streams keep chance and each seat apart under one seed.
    rng.set_stream(seat.map_or(0, |s| u64::from(s.0) + 1));
    rng
}

/// Plays one match of `G` with `players[s]` in seat `s`.
pub fn play<G: Bot>(
    options: &G::Options,
    players: &[Player],
    seed: u64,
) -> Result<MatchRecord, SelfPlayError>
where
    G::Scorecard: ScorecardLines,
{
    let start = Instant::now();
    let seats =
        u8::try_from(players.len()).map_err(|_| SelfPlayError::Setup("too many seats".into()))?;
    let mut game = G::new(options, seats).map_err(|e| SelfPlayError::Setup(e.to_string()))?;
    let mut chance_rng = rng_for(seed, None);
    let mut seat_rngs: Vec<ChaCha8Rng> = (0..seats).map(|s| rng_for(seed, Some(Seat(s)))).collect();
    let mut record = MatchRecord {
        steps: 0,
        actions: 0,
        ranks: Vec::new(),
        scores: Vec::new(),
        first_mover: None,
        kinds: BTreeMap::new(),
        elapsed: Duration::ZERO,
        decisions: Vec::new(),
    };
    loop {
        if record.steps >= MAX_STEPS {
            return Err(SelfPlayError::TooLong);
        }
        let step: Step<G::Action, G::Chance> = match game.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => {
                let outcome =
                    sample(&game, &mut chance_rng).ok_or(SelfPlayError::Stuck(record.steps))?;
                Step::Chance { outcome }
            }
            ToAct::Seats { seats: to_act } => {
                // In a simultaneous window each listed seat owes one answer;
                // the first listed answers now, the others on the next
                // passes, each from its own view.
                let mut chosen = None;
                for seat in to_act {
                    let (Some(player), Some(rng)) =
                        (players.get(seat.index()), seat_rngs.get_mut(seat.index()))
                    else {
                        continue;
                    };
                    let choice = game.legal_actions(seat).len() > 1;
                    let asked = Instant::now();
                    let action = player.act(&game, seat, rng);
                    if choice {
                        record.decisions.push((seat, asked.elapsed()));
                    }
                    if let Some(action) = action {
                        chosen = Some(Step::Act { seat, action });
                        break;
                    }
                }
                chosen.ok_or(SelfPlayError::Stuck(record.steps))?
            }
        };
        if let Step::Act { seat, action } = &step {
            record.actions += 1;
            record.first_mover.get_or_insert(*seat);
            count_kinds(&mut record.kinds, "action", action);
        }
        count_kinds(
            &mut record.kinds,
            "step",
            &game.step_view(&step, Viewer::Spectator),
        );
        game.apply(&step).map_err(|e| SelfPlayError::Refused {
            index: record.steps,
            message: format!("{step:?}: {e}"),
        })?;
        record.steps += 1;
    }
    let outcome = game.outcome().ok_or(SelfPlayError::Stuck(record.steps))?;
    record.ranks = outcome.ranks;
    record.scores = outcome
        .scorecard
        .lines()
        .into_iter()
        .map(|(s, _)| s)
        .collect();
    record.elapsed = start.elapsed();
    Ok(record)
}

fn count_kinds<T: serde::Serialize>(kinds: &mut BTreeMap<String, u32>, prefix: &str, value: &T) {
    if let Ok(v) = serde_json::to_value(value) {
        for k in kinds_of(prefix, &v) {
            *kinds.entry(k).or_default() += 1;
        }
    }
}

/// The kinds a serialized action or step view counts as: its `type` tag
/// (`prefix:type`), plus `prefix:type.field` for every boolean field that is
/// true and `prefix:type.field=value` for every string field other than
/// names, at the top level and one level down (`record.bonus`,
/// `round_end.ended_by=zinga`). These flags are where the rule edge cases
/// show (a 3-roll bonus, a Zoomies extra tile, a circle bonus).
pub fn kinds_of(prefix: &str, value: &Value) -> Vec<String> {
    let Some(obj) = value.as_object() else {
        return Vec::new();
    };
    let Some(tag) = obj.get("type").and_then(Value::as_str) else {
        return Vec::new();
    };
    let base = format!("{prefix}:{tag}");
    let mut out = vec![base.clone()];
    flags(&base, obj, 1, &mut out);
    out
}

/// String fields that name things (which breed, which side) rather than say
/// how a rule went; counting them would swamp the table.
const NAME_FIELDS: [&str; 9] = [
    "type", "kind", "animal", "base", "category", "breed", "side", "dir", "arrow",
];

/// Objects that name a thing (a card, an item) rather than how a rule went.
const NAME_OBJECTS: [&str; 7] = ["item", "mine", "theirs", "card", "tile", "face", "taken"];

fn flags(base: &str, obj: &serde_json::Map<String, Value>, depth: u8, out: &mut Vec<String>) {
    for (key, v) in obj {
        match v {
            Value::Bool(true) => out.push(format!("{base}.{key}")),
            Value::String(s) if !NAME_FIELDS.contains(&key.as_str()) => {
                out.push(format!("{base}.{key}={s}"));
            }
            Value::Object(inner) if depth > 0 && !NAME_OBJECTS.contains(&key.as_str()) => {
                flags(&format!("{base}.{key}"), inner, depth - 1, out)
            }
            _ => {}
        }
    }
}

/// Which side plays seat `seat` in match number `index` of a series: A and
/// B alternate round the table, and the side in seat 0 alternates from match
/// to match so that first-seat advantage cancels out.
pub fn side_of(index: u64, seat: u8) -> Side {
    if (index + u64::from(seat)).is_multiple_of(2) {
        Side::A
    } else {
        Side::B
    }
}

/// One of the two players compared in a series.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Side {
    /// The player under test.
    A,
    /// The opponent.
    B,
}

/// A series of matches: A against B over a seed range.
#[derive(Debug, Clone)]
pub struct Series {
    /// Seats per match.
    pub seats: u8,
    /// Player A.
    pub a: Player,
    /// Player B.
    pub b: Player,
    /// The first seed; match `i` uses seed `first_seed + i`.
    pub first_seed: u64,
    /// How many matches.
    pub matches: u64,
    /// A plays one seat only, B every other one (A against a table of Bs);
    /// otherwise they alternate round the table ([`side_of`]).
    pub lone_a: bool,
}

impl Series {
    /// Which side plays each seat in match number `index`.
    pub fn sides(&self, index: u64) -> Vec<Side> {
        (0..self.seats)
            .map(|s| {
                if self.lone_a {
                    lone_side_of(index, s, self.seats)
                } else {
                    side_of(index, s)
                }
            })
            .collect()
    }

    /// A's fair share of the wins: a lone A's is one seat in `seats`, and
    /// A and B alternating share evenly.
    pub fn fair_share(&self) -> f64 {
        if self.lone_a {
            1.0 / f64::from(self.seats.max(1))
        } else {
            0.5
        }
    }
}

/// With a lone A: A plays seat `index mod seats` of match number `index`
/// (round the table from match to match, so that no seat's advantage
/// counts for or against it), B every other seat.
pub fn lone_side_of(index: u64, seat: u8, seats: u8) -> Side {
    if index % u64::from(seats.max(1)) == u64::from(seat) {
        Side::A
    } else {
        Side::B
    }
}

/// Statistics of a series.
#[derive(Debug, Clone, Default)]
pub struct Tally {
    /// Matches played to the end.
    pub matches: u64,
    /// Matches that failed, with why (the first few).
    pub failures: Vec<(u64, SelfPlayError)>,
    /// Failed matches.
    pub failed: u64,
    /// Steps per match.
    pub steps: Vec<u32>,
    /// Seat actions per match.
    pub actions: Vec<u32>,
    /// Wall time per match.
    pub times: Vec<Duration>,
    /// Time of each of A's decisions that had a choice.
    pub a_decisions: Vec<Duration>,
    /// A's wins (ties count as a share: half between two).
    pub a_wins: f64,
    /// Matches A won outright, shared, lost.
    pub a_record: (u64, u64, u64),
    /// Wins of the first mover.
    pub first_mover_wins: f64,
    /// Wins of seat 0.
    pub seat0_wins: f64,
    /// Headline scores of A's seats.
    pub a_scores: Vec<i64>,
    /// Headline scores of B's seats.
    pub b_scores: Vec<i64>,
    /// Per match: |best − worst| headline score.
    pub spreads: Vec<i64>,
    /// Kind → (total count, matches with it).
    pub kinds: BTreeMap<String, (u64, u64)>,
}

impl Tally {
    /// A's win rate, 0..=1.
    pub fn a_rate(&self) -> f64 {
        ratio(self.a_wins, self.matches)
    }

    /// Adds one match played with `sides[s]` in seat `s`.
    pub fn add(&mut self, record: &MatchRecord, sides: &[Side]) {
        self.matches += 1;
        self.steps.push(record.steps);
        self.actions.push(record.actions);
        self.times.push(record.elapsed);
        self.a_decisions.extend(
            record
                .decisions
                .iter()
                .filter(|(s, _)| sides.get(s.index()) == Some(&Side::A))
                .map(|(_, d)| *d),
        );
        let winners: Vec<usize> = (0..record.ranks.len())
            .filter(|&s| record.ranks[s] == 1)
            .collect();
        let share = |pred: &dyn Fn(usize) -> bool| -> f64 {
            if winners.is_empty() {
                return 0.0;
            }
            let n = winners.iter().filter(|&&s| pred(s)).count();
            n as f64 / winners.len() as f64
        };
        let a = share(&|s| sides.get(s) == Some(&Side::A));
        self.a_wins += a;
        match a {
            x if x >= 1.0 => self.a_record.0 += 1,
            x if x > 0.0 => self.a_record.1 += 1,
            _ => self.a_record.2 += 1,
        }
        if let Some(first) = record.first_mover {
            self.first_mover_wins += share(&|s| s == first.index());
        }
        self.seat0_wins += share(&|s| s == 0);
        for (s, score) in record.scores.iter().enumerate() {
            match sides.get(s) {
                Some(Side::A) => self.a_scores.push(*score),
                Some(Side::B) => self.b_scores.push(*score),
                None => {}
            }
        }
        if let (Some(hi), Some(lo)) = (record.scores.iter().max(), record.scores.iter().min()) {
            self.spreads.push(hi - lo);
        }
        for (kind, n) in &record.kinds {
            let e = self.kinds.entry(kind.clone()).or_default();
            e.0 += u64::from(*n);
            e.1 += 1;
        }
    }

    /// The report the binary prints.
    pub fn report(&self, game: &str, series: &Series) -> String {
        let mut out = String::new();
        let end = series.first_seed.saturating_add(series.matches);
        let _ = writeln!(
            out,
            "{game}: {} seats, {} matches (seeds {}..{end}), A = {}, B = {}",
            series.seats, series.matches, series.first_seed, series.a, series.b
        );
        if self.failed > 0 {
            let _ = writeln!(out, "FAILED matches: {}", self.failed);
            for (seed, e) in &self.failures {
                let _ = writeln!(out, "  seed {seed}: {e}");
            }
        }
        let _ = writeln!(
            out,
            "length: {} steps per match (min {}, max {}); {} actions",
            mean_u32(&self.steps),
            self.steps.iter().min().copied().unwrap_or(0),
            self.steps.iter().max().copied().unwrap_or(0),
            mean_u32(&self.actions),
        );
        let total: Duration = self.times.iter().sum();
        let _ = writeln!(
            out,
            "time: {:.2} ms per match (max {:.2} ms), {:.1} s in all",
            ms(total) / self.times.len().max(1) as f64,
            self.times.iter().max().map_or(0.0, |d| ms(*d)),
            total.as_secs_f64()
        );
        let mut decisions = self.a_decisions.clone();
        decisions.sort_unstable();
        let at = |p: usize| {
            decisions
                .get(decisions.len().saturating_sub(1) * p / 100)
                .map_or(0.0, |d| ms(*d))
        };
        let _ = writeln!(
            out,
            "A's decisions: {} with a choice; {:.2} ms median, {:.2} ms p99, {:.2} ms max",
            decisions.len(),
            at(50),
            at(99),
            at(100)
        );
        let _ = writeln!(
            out,
            "score: A {}; B {}; spread (best - worst) {}",
            summary(&self.a_scores),
            summary(&self.b_scores),
            summary(&self.spreads)
        );
        let _ = writeln!(
            out,
            "first mover wins {:.1}% (seat 0 {:.1}%)",
            100.0 * ratio(self.first_mover_wins, self.matches),
            100.0 * ratio(self.seat0_wins, self.matches)
        );
        let (won, shared, lost) = self.a_record;
        let _ = writeln!(
            out,
            "A ({}) vs B ({}): A wins {:.1}% ({won} won, {shared} shared, {lost} lost; shared wins count as a share)",
            series.a,
            series.b,
            100.0 * self.a_rate()
        );
        if series.lone_a {
            let fair = series.fair_share();
            let _ = writeln!(
                out,
                "A alone against {} Bs: fair share {:.1}%, A won {:.2}x it",
                series.seats.saturating_sub(1),
                100.0 * fair,
                self.a_rate() / fair
            );
        }
        let _ = writeln!(out, "kinds (count, matches with it):");
        for (kind, (n, m)) in &self.kinds {
            let _ = writeln!(out, "  {kind:<48} {n:>9} {m:>6}");
        }
        out
    }
}

fn ratio(x: f64, n: u64) -> f64 {
    if n == 0 {
        0.0
    } else {
        x / n as f64
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn mean_u32(v: &[u32]) -> String {
    let sum: u64 = v.iter().map(|x| u64::from(*x)).sum();
    format!("{:.1}", ratio(sum as f64, v.len() as u64))
}

fn summary(v: &[i64]) -> String {
    let sum: i64 = v.iter().sum();
    let mut sorted = v.to_vec();
    sorted.sort_unstable();
    let q = |p: usize| {
        sorted
            .get(sorted.len().saturating_sub(1) * p / 100)
            .copied()
            .unwrap_or(0)
    };
    format!(
        "mean {:.1} (min {}, median {}, max {})",
        ratio(sum as f64, v.len() as u64),
        q(0),
        q(50),
        q(100)
    )
}

/// Plays a series of `G` and tallies it. `progress` is called after each
/// match with the number played so far.
pub fn run<G: Bot>(options: &G::Options, series: &Series, mut progress: impl FnMut(u64)) -> Tally
where
    G::Scorecard: ScorecardLines,
{
    let mut tally = Tally::default();
    for i in 0..series.matches {
        let seed = series.first_seed.wrapping_add(i);
        let sides = series.sides(i);
        let players: Vec<Player> = sides
            .iter()
            .map(|s| match s {
                Side::A => series.a,
                Side::B => series.b,
            })
            .collect();
        match play::<G>(options, &players, seed) {
            Ok(record) => tally.add(&record, &sides),
            Err(e) => {
                tally.failed += 1;
                if tally.failures.len() < 5 {
                    tally.failures.push((seed, e));
                }
            }
        }
        progress(i + 1);
    }
    tally
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn kinds_name_the_tag_and_the_flags() {
        let v = json!({
            "type": "placed",
            "seat": 1,
            "bonus": true,
            "extra": false,
            "round_end": { "ended_by": "zinga", "winners": [1] },
            "tile": { "kind": "points", "deep": { "flag": true } }
        });
        let kinds = kinds_of("step", &v);
        assert_eq!(
            kinds,
            vec![
                "step:placed".to_string(),
                "step:placed.bonus".to_string(),
                "step:placed.round_end.ended_by=zinga".to_string(),
            ]
        );
        assert!(kinds_of("step", &json!("draw")).is_empty());
    }

    #[test]
    fn sides_alternate_round_the_table_and_between_matches() {
        assert_eq!(side_of(0, 0), Side::A);
        assert_eq!(side_of(0, 1), Side::B);
        assert_eq!(side_of(1, 0), Side::B);
        assert_eq!(side_of(1, 1), Side::A);
    }

    #[test]
    fn a_lone_a_goes_round_the_table() {
        let series = Series {
            seats: 3,
            a: Player::Bot(crate::bot::Level::Normal),
            b: Player::Random,
            first_seed: 0,
            matches: 3,
            lone_a: true,
        };
        assert_eq!(series.sides(0), vec![Side::A, Side::B, Side::B]);
        assert_eq!(series.sides(1), vec![Side::B, Side::A, Side::B]);
        assert_eq!(series.sides(2), vec![Side::B, Side::B, Side::A]);
        assert_eq!(series.sides(3), vec![Side::A, Side::B, Side::B]);
        assert!((series.fair_share() - 1.0 / 3.0).abs() < 1e-12);
        let pairs = Series {
            lone_a: false,
            ..series
        };
        assert_eq!(pairs.sides(1), vec![Side::B, Side::A, Side::B]);
        assert!((pairs.fair_share() - 0.5).abs() < 1e-12);
    }

    #[test]
    fn ties_count_as_a_share() {
        let record = |ranks: Vec<u8>| MatchRecord {
            steps: 1,
            actions: 1,
            ranks,
            scores: vec![3, 3],
            first_mover: Some(Seat(1)),
            kinds: BTreeMap::new(),
            elapsed: Duration::ZERO,
            decisions: vec![(Seat(0), Duration::from_millis(2))],
        };
        let mut t = Tally::default();
        t.add(&record(vec![1, 1]), &[Side::A, Side::B]);
        t.add(&record(vec![1, 2]), &[Side::A, Side::B]);
        t.add(&record(vec![1, 2]), &[Side::B, Side::A]);
        assert!((t.a_wins - 1.5).abs() < 1e-9);
        assert_eq!(t.a_record, (1, 1, 1));
        assert!((t.first_mover_wins - 0.5).abs() < 1e-9);
    }
}
