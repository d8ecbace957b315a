//! The conformance harness every game runs: random playouts that check the
//! [`Game`] contract at every step.
//!
//! For each seed, one random playout to the end (chance outcomes drawn by
//! weight with [`crate::chance::sample`], actions uniformly among the legal
//! actions of a random seat to act, or as a game's [`Config::policy`]
//! says), checking:
//!
//! - **(a) turn structure** — every seat listed by `to_act` has legal actions
//!   and no other seat has any; chance outcomes exist (with positive weights)
//!   exactly when chance is to act; `outcome()` is `Some`, with one rank per
//!   seat, exactly when the game is finished;
//! - **(b) determinism** — every step goes through JSON and back before it is
//!   applied to a shadow game built only from the decoded log, which must
//!   equal the real state after every step; at the end, [`replay`] of the
//!   whole log and of a few random prefixes rebuilds the same states;
//! - **(c) views** — every seat's and the spectator's view, and the step
//!   view of every step, serialize at every step;
//! - **(d) refusals** — now and then, steps that must be refused (actions of
//!   seats not to act, actions not listed as legal, chance outcomes not on
//!   offer, game-specific garbage) are tried on a copy: each must be refused
//!   and leave the copy equal to the state; listed steps must be accepted;
//! - **(e) no leak** — for one viewer per seed, a *twin* playout that the
//!   viewer cannot tell from the original: wherever a chance outcome or
//!   another seat's action looks the same to the viewer (byte-identical
//!   serialized step view), the twin takes a different one when it can. The
//!   viewer's serialized views of the original and the twin must stay
//!   byte-identical at every step. The [`Report`] counts how often the twin
//!   really differed, so a game with hidden information can assert that the
//!   check had teeth. Some twins are *lazy* ([`Config::lazy_every`]): they
//!   take a different outcome only now and then, so they stay close enough
//!   to their original to live through the steps that reveal hidden things
//!   (a closed scoring window shows the claimed cards, which a twin holding
//!   other cards cannot match) and are checked in the later game too;
//! - **(h) everything revealed** — [`crate::reveal()`] refuses every proper
//!   prefix of a finished log and gives, for the whole log, the revealed
//!   view of every state; wherever a twin differs from its original, the
//!   revealed viewer tells them apart unless no seat and no spectator can
//!   (it knows at least what each of them knows).
//!
//! Two things a game must do for (e) to hold:
//! - whatever a step reveals to a viewer must be in that step's step view
//!   (for instance, the step that ends a game shows the hands it reveals):
//!   the twin stops where the step views differ, and a view that changes
//!   while the step views agree is a leak;
//! - views must be deterministic functions of the state (no `HashMap`
//!   iteration order in a view).
//!
//! Cost: serializing is by far the harness's costliest work in debug builds,
//! so a value equal (`==`) to one already serialized at the same step (every
//! viewer's view, in a game without hidden information) is not serialized
//! again, and two views are compared byte for byte only when they are not
//! equal as values. Equal values serialize to equal bytes, so this changes
//! no verdict.
//!
//! Every check returns a [`Violation`] rather than panicking, so the harness
//! can test itself on deliberately broken toy games; [`conformance`] is the
//! panicking entry point for game tests.

use std::fmt;
use std::ops::Range;

use parlor_protocol::{Seat, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::chance::sample;
use crate::game::{replay, Game, Step};

/// A log step of game `G`.
pub type StepOf<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// Game-specific extra steps to probe with (see [`Config::garbage`]).
pub type Garbage<G> = fn(&G, &mut ChaCha8Rng) -> Vec<StepOf<G>>;

/// A game-specific playout policy (see [`Config::policy`]): given the state,
/// the seat and its legal actions, the index of the action to play, or
/// `None` for a uniform pick.
pub type Policy<G> = fn(&G, Seat, &[<G as Game>::Action], &mut ChaCha8Rng) -> Option<usize>;

/// Which property a [`Violation`] broke.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// `Game::new` refused the options and seat count.
    Setup,
    /// (a) `to_act`, `legal_actions` and `chance_outcomes` disagree.
    ToAct,
    /// (a) `outcome()` does not match `to_act`, or its ranks are malformed.
    Outcome,
    /// A step listed as legal (or on offer) was refused.
    Apply,
    /// (b) A step does not survive JSON.
    Serde,
    /// (b) The shadow or a replay differs from the real state.
    Replay,
    /// (c) A view or step view does not serialize.
    View,
    /// (d) A step that must be refused was accepted, or a refusal changed
    /// the state.
    Rejection,
    /// (e) A viewer can tell apart two playouts it should not.
    NoLeak,
    /// The playout did not finish within [`Config::max_steps`].
    StepCap,
    /// (f) A decision was accepted twice, or outside the version or window
    /// it was decided in, or a window's grace hid a change of what a seat
    /// may do.
    Decision,
    /// (g) A view patch applied to the previous view did not give the view.
    Patch,
    /// (h) The revealed viewer was shown an unfinished match, or knows less
    /// than some seat.
    Reveal,
}

/// A broken contract: which check, where, and what happened.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Violation {
    /// The property broken.
    pub check: Check,
    /// The seed of the playout (`None` outside [`run`]).
    pub seed: Option<u64>,
    /// Index into the log of the step about to be applied.
    pub step: Option<usize>,
    /// What went wrong.
    pub message: String,
}

impl Violation {
    fn new(check: Check, step: usize, message: impl Into<String>) -> Violation {
        Violation {
            check,
            seed: None,
            step: Some(step),
            message: message.into(),
        }
    }
}

impl fmt::Display for Violation {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "conformance check {:?} failed", self.check)?;
        if let Some(seed) = self.seed {
            write!(f, " (seed {seed}")?;
            if let Some(step) = self.step {
                write!(f, ", before step {step}")?;
            }
            write!(f, ")")?;
        } else if let Some(step) = self.step {
            write!(f, " (before step {step})")?;
        }
        write!(f, ": {}", self.message)
    }
}

impl std::error::Error for Violation {}

/// The issues' bar for a conformance run: 1,000 seeds per player count.
pub const FULL_SEEDS: u64 = 1000;

/// Seeds per player count for a conformance suite: [`FULL_SEEDS`] with
/// `PARLOR_HEAVY=1`, else `light`, a slice that keeps CI short.
pub fn seeds_per_count(light: u64) -> u64 {
    if std::env::var_os("PARLOR_HEAVY").is_some_and(|v| !v.is_empty() && v != "0") {
        FULL_SEEDS
    } else {
        light
    }
}

/// What to run.
#[derive(Debug, Clone)]
pub struct Config<G: Game> {
    /// Options of every match.
    pub options: G::Options,
    /// Number of seats.
    pub seats: u8,
    /// One playout per seed.
    pub seeds: Range<u64>,
    /// A playout still going after this many steps fails ([`Check::StepCap`]).
    pub max_steps: usize,
    /// Probe refusals (d) on about one step in `probe_every` (0: never).
    pub probe_every: u32,
    /// Run the no-leak twin (e) on one seed in `leak_every`, counted from the
    /// first seed (1: every seed; 0: never).
    pub leak_every: u64,
    /// Of the twins run, one in `lazy_every` (counted from the first) is
    /// [`Twin::Lazy`], the others [`Twin::Eager`] (0: none lazy).
    pub lazy_every: u64,
    /// Random prefixes per playout rebuilt with [`replay`] (the whole log is
    /// always replayed too).
    pub replay_prefixes: usize,
    /// Game-specific garbage for the refusal probes, e.g. out-of-range
    /// numbers. Each step must either be refused without changing the state
    /// or be accepted; nothing else is asked of it, so it may be anything.
    pub garbage: Option<Garbage<G>>,
    /// How playouts choose a seat's action; `None`: uniformly among its
    /// legal actions. A policy lets a game steer playouts towards parts of
    /// the game a uniform pick rarely reaches (an index outside the list
    /// falls back to a uniform pick).
    pub policy: Option<Policy<G>>,
}

impl<G: Game> Config<G> {
    /// Defaults: a 100,000-step cap, refusal probes on 1 step in 8, the
    /// no-leak twin on every seed (every other twin lazy), 3 replayed
    /// prefixes, no garbage, uniform actions.
    pub fn new(options: G::Options, seats: u8, seeds: Range<u64>) -> Config<G> {
        Config {
            options,
            seats,
            seeds,
            max_steps: 100_000,
            probe_every: 8,
            leak_every: 1,
            lazy_every: 2,
            replay_prefixes: 3,
            garbage: None,
            policy: None,
        }
    }
}

/// What a run did, for sanity checks on the checks themselves.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Report {
    /// Playouts run to the end.
    pub games: u64,
    /// Steps applied in all playouts.
    pub steps: u64,
    /// Chance steps among them.
    pub chance_steps: u64,
    /// The longest playout, in steps.
    pub longest_game: usize,
    /// Probe steps tried on copies (d).
    pub probes: u64,
    /// Of those, steps that had to be refused and were.
    pub refusals: u64,
    /// Full or prefix replays compared (b).
    pub replays: u64,
    /// Twin playouts run (e).
    pub twins: u64,
    /// Steps walked by twins.
    pub twin_steps: u64,
    /// Twin steps after which the twin's state differed from the original's.
    pub twin_divergent_steps: u64,
    /// Twins that differed from their original at some step.
    pub twins_diverged: u64,
    /// Twins stopped before the end (no step looked the same to the viewer).
    pub twins_cut_short: u64,
    /// Lazy twins among [`Report::twins`].
    pub twins_lazy: u64,
    /// Twins that walked the whole log and still differed from their
    /// original at the end: hidden state that stayed hidden to the last.
    pub twins_diverged_to_end: u64,
    /// Twin steps taken by one of several seats to act at once (in a
    /// simultaneous window), after which the views were compared.
    pub twin_simultaneous_steps: u64,
    /// Of those, steps after which the twin's state differed from the
    /// original's: a window's secrets were really different.
    pub twin_simultaneous_divergent_steps: u64,
    /// Twin steps where a seat took another action than in the original that
    /// looked the same to the viewer (a secret answer).
    pub twin_unseen_actions: u64,
}

impl Report {
    /// Adds another run's counts to these.
    pub fn merge(&mut self, other: &Report) {
        self.games += other.games;
        self.steps += other.steps;
        self.chance_steps += other.chance_steps;
        self.longest_game = self.longest_game.max(other.longest_game);
        self.probes += other.probes;
        self.refusals += other.refusals;
        self.replays += other.replays;
        self.twins += other.twins;
        self.twin_steps += other.twin_steps;
        self.twin_divergent_steps += other.twin_divergent_steps;
        self.twins_diverged += other.twins_diverged;
        self.twins_cut_short += other.twins_cut_short;
        self.twins_lazy += other.twins_lazy;
        self.twins_diverged_to_end += other.twins_diverged_to_end;
        self.twin_simultaneous_steps += other.twin_simultaneous_steps;
        self.twin_simultaneous_divergent_steps += other.twin_simultaneous_divergent_steps;
        self.twin_unseen_actions += other.twin_unseen_actions;
    }

    fn add(&mut self, twin: &TwinReport) {
        self.twins += 1;
        self.twin_steps += twin.steps;
        self.twin_divergent_steps += twin.divergent_steps;
        self.twins_diverged += u64::from(twin.divergent_steps > 0);
        self.twins_cut_short += u64::from(twin.cut_short);
        self.twins_lazy += u64::from(twin.lazy);
        self.twins_diverged_to_end += u64::from(twin.diverged_at_end && !twin.cut_short);
        self.twin_simultaneous_steps += twin.simultaneous_steps;
        self.twin_simultaneous_divergent_steps += twin.simultaneous_divergent_steps;
        self.twin_unseen_actions += twin.unseen_actions;
    }
}

/// What one twin playout did.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct TwinReport {
    /// Steps walked.
    pub steps: u64,
    /// Steps after which the twin differed from the original.
    pub divergent_steps: u64,
    /// Stopped before the end of the log.
    pub cut_short: bool,
    /// It was a [`Twin::Lazy`] twin.
    pub lazy: bool,
    /// The twin differed from the original after its last step.
    pub diverged_at_end: bool,
    /// Steps taken by one of several seats to act at once.
    pub simultaneous_steps: u64,
    /// Of those, steps after which the twin differed from the original.
    pub simultaneous_divergent_steps: u64,
    /// Steps where the twin's seat acted otherwise, unseen by the viewer.
    pub unseen_actions: u64,
}

/// How a no-leak twin picks among the chance outcomes that look the same to
/// the viewer.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Twin {
    /// A different one whenever it can: the most different twin, which
    /// usually stops at the first step that reveals what differs.
    #[default]
    Eager,
    /// A different one only one time in [`Twin::LAZY_ODDS`] (or when the
    /// original's is not available): a twin that lives longer.
    Lazy,
}

impl Twin {
    /// A lazy twin diverges at one chance step in this many, where it can.
    pub const LAZY_ODDS: u32 = 8;
}

/// Runs the harness on `seeds` with default settings and panics with the
/// first violation. Returns the report.
#[track_caller]
pub fn conformance<G: Game>(options: &G::Options, seats: u8, seeds: Range<u64>) -> Report {
    check(&Config::<G>::new(options.clone(), seats, seeds))
}

/// Runs the harness as configured and panics with the first violation.
#[track_caller]
pub fn check<G: Game>(config: &Config<G>) -> Report {
    match run(config) {
        Ok(report) => report,
        Err(violation) => panic!("{violation}"),
    }
}

/// Runs the harness as configured: the report, or the first violation.
pub fn run<G: Game>(config: &Config<G>) -> Result<Report, Violation> {
    let mut report = Report::default();
    for seed in config.seeds.clone() {
        let at_seed = |mut v: Violation| {
            v.seed = Some(seed);
            v
        };
        let log = playout(config, seed, &mut report).map_err(at_seed)?;
        let nth = seed.wrapping_sub(config.seeds.start);
        if config.leak_every > 0 && nth % config.leak_every == 0 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7779_6e5f_6c65_616b);
            let viewer = random_viewer(config.seats, &mut rng);
            let nth_twin = nth / config.leak_every;
            let lazy =
                config.lazy_every > 0 && nth_twin % config.lazy_every == config.lazy_every - 1;
            let kind = if lazy { Twin::Lazy } else { Twin::Eager };
            let twin = check_twin::<G>(&config.options, config.seats, &log, viewer, kind, &mut rng)
                .map_err(at_seed)?;
            report.add(&twin);
            check_reveal::<G>(
                &config.options,
                config.seats,
                &log,
                nth_twin.is_multiple_of(4),
                &mut rng,
            )
            .map_err(at_seed)?;
        }
    }
    Ok(report)
}

/// Checks a game's samplers, [`Game::random_action`] and
/// [`Game::sample_chance`], along one random playout per seed (played with
/// them), and panics at the first fault:
///
/// - `sample_chance` draws what [`crate::chance::sample`] draws from the
///   same RNG state, and leaves the RNG in the same state;
/// - `random_action` gives only actions listed by `legal_actions`, and
///   `None` for a seat with none; at every `cover_every`-th decision with at
///   most `cover_max` legal actions, `20 × n` draws must hit each of the `n`
///   (a uniform sampler misses one with odds about e⁻²⁰).
#[track_caller]
pub fn check_samplers<G: Game>(
    options: &G::Options,
    seats: u8,
    seeds: Range<u64>,
    cover_every: usize,
    cover_max: usize,
) {
    for seed in seeds {
        let Ok(mut game) = G::new(options, seats) else {
            panic!("seed {seed}: setup refused");
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut decisions = 0usize;
        for index in 0.. {
            assert!(index < 1_000_000, "seed {seed}: no end");
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let (mut fast, mut slow) = (rng.clone(), rng.clone());
                    let outcome = game.sample_chance(&mut fast);
                    let expected = sample(&game, &mut slow);
                    assert_eq!(outcome, expected, "seed {seed}, step {index}: chance");
                    assert_eq!(
                        fast.random::<u64>(),
                        slow.random::<u64>(),
                        "seed {seed}, step {index}: chance used other randomness"
                    );
                    let Some(outcome) = sample(&game, &mut rng) else {
                        panic!("seed {seed}, step {index}: no chance outcome");
                    };
                    Step::Chance { outcome }
                }
                ToAct::Seats { seats: to_act } => {
                    for s in (0..seats).map(Seat).filter(|s| !to_act.contains(s)) {
                        if game.legal_actions(s).is_empty() {
                            assert!(
                                game.random_action(s, &mut rng).is_none(),
                                "seed {seed}, step {index}: an action for {s:?}, not to act"
                            );
                        }
                    }
                    let seat = to_act[rng.random_range(0..to_act.len())];
                    let legal = game.legal_actions(seat);
                    decisions += 1;
                    let draws = if decisions.is_multiple_of(cover_every.max(1))
                        && legal.len() <= cover_max
                    {
                        20 * legal.len()
                    } else {
                        1
                    };
                    let mut hit = vec![false; legal.len()];
                    let mut chosen = None;
                    for _ in 0..draws {
                        let action = game.random_action(seat, &mut rng);
                        let Some(i) = action
                            .as_ref()
                            .and_then(|a| legal.iter().position(|l| l == a))
                        else {
                            panic!("seed {seed}, step {index}: {action:?} is not legal");
                        };
                        if let Some(h) = hit.get_mut(i) {
                            *h = true;
                        }
                        chosen = chosen.or(action);
                    }
                    if draws > 1 {
                        let missed: Vec<_> = (legal.iter().zip(&hit))
                            .filter(|(_, h)| !**h)
                            .map(|(a, _)| a)
                            .collect();
                        assert!(
                            missed.is_empty(),
                            "seed {seed}, step {index}: never drawn in {draws}: {missed:?}"
                        );
                    }
                    let Some(action) = chosen else {
                        panic!("seed {seed}, step {index}: no action for {seat:?}");
                    };
                    Step::Act { seat, action }
                }
            };
            if let Err(e) = game.apply(&step) {
                panic!("seed {seed}, step {index}: {step:?} refused: {e}");
            }
        }
    }
}

/// Plays one random playout per seed and checks, at every step and for
/// every seat, that `legal_actions` equals `reference` (a slow, plain
/// version kept to check a faster one): same actions, same order.
#[track_caller]
pub fn check_legal_actions<G: Game>(
    options: &G::Options,
    seats: u8,
    seeds: Range<u64>,
    reference: fn(&G, Seat) -> Vec<G::Action>,
) {
    for seed in seeds {
        let Ok(mut game) = G::new(options, seats) else {
            panic!("seed {seed}: setup refused");
        };
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        for index in 0.. {
            assert!(index < 1_000_000, "seed {seed}: no end");
            for seat in (0..seats).map(Seat) {
                assert_eq!(
                    game.legal_actions(seat),
                    reference(&game, seat),
                    "seed {seed}, step {index}, {seat:?}"
                );
            }
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => match sample(&game, &mut rng) {
                    Some(outcome) => Step::Chance { outcome },
                    None => panic!("seed {seed}, step {index}: no chance outcome"),
                },
                ToAct::Seats { seats: to_act } => {
                    let seat = to_act[rng.random_range(0..to_act.len())];
                    match game.random_action(seat, &mut rng) {
                        Some(action) => Step::Act { seat, action },
                        None => panic!("seed {seed}, step {index}: no action for {seat:?}"),
                    }
                }
            };
            if let Err(e) = game.apply(&step) {
                panic!("seed {seed}, step {index}: {step:?} refused: {e}");
            }
        }
    }
}

/// A seat or, one time in `seats + 1`, the spectator.
fn random_viewer(seats: u8, rng: &mut ChaCha8Rng) -> Viewer {
    let n = rng.random_range(0..=seats);
    if n == seats {
        Viewer::Spectator
    } else {
        Viewer::Seat(Seat(n))
    }
}

fn viewers(seats: u8) -> impl Iterator<Item = Viewer> {
    (0..seats)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain(std::iter::once(Viewer::Spectator))
}

/// Serializes into `buf` (cleared first).
fn encode<T: Serialize>(
    buf: &mut Vec<u8>,
    value: &T,
    step: usize,
    what: impl FnOnce() -> String,
) -> Result<(), Violation> {
    buf.clear();
    serde_json::to_writer(&mut *buf, value).map_err(|e| {
        Violation::new(
            Check::View,
            step,
            format!("{} does not serialize: {e}", what()),
        )
    })
}

fn json<T: Serialize>(
    value: &T,
    step: usize,
    what: impl FnOnce() -> String,
) -> Result<Vec<u8>, Violation> {
    let mut buf = Vec::new();
    encode(&mut buf, value, step, what)?;
    Ok(buf)
}

/// Serializes `value` unless a value equal to it (`==`) was already
/// serialized at this step, which is the common case when every viewer sees
/// the same thing: serializing is by far the harness's costliest work.
fn encode_distinct<T: Serialize + PartialEq>(
    done: &mut Vec<T>,
    value: T,
    buf: &mut Vec<u8>,
    step: usize,
    what: impl FnOnce() -> String,
) -> Result<(), Violation> {
    if !done.contains(&value) {
        encode(buf, &value, step, what)?;
        done.push(value);
    }
    Ok(())
}

/// A value and, once needed, its JSON: "does this look the same on the
/// wire?" Equal values (`==`) do without serializing; otherwise the bytes
/// decide.
struct Wire<T> {
    value: T,
    bytes: Option<Vec<u8>>,
}

impl<T: Serialize + PartialEq> Wire<T> {
    fn new(value: T) -> Wire<T> {
        Wire { value, bytes: None }
    }

    fn bytes(&mut self, step: usize) -> Result<&[u8], Violation> {
        if self.bytes.is_none() {
            self.bytes = Some(json(&self.value, step, || "a view".into())?);
        }
        Ok(self.bytes.as_deref().unwrap_or_default())
    }

    fn same_as(
        &mut self,
        other: &T,
        scratch: &mut Vec<u8>,
        step: usize,
    ) -> Result<bool, Violation> {
        if &self.value == other {
            return Ok(true);
        }
        encode(scratch, other, step, || "a view".into())?;
        Ok(self.bytes(step)? == scratch.as_slice())
    }
}

/// A few of the steps seen so far in one playout, to probe refusals with.
struct Pool<G: Game> {
    actions: Vec<G::Action>,
    outcomes: Vec<G::Chance>,
}

impl<G: Game> Pool<G> {
    const CAP: usize = 64;

    fn keep<T: Clone>(list: &mut Vec<T>, item: &T, rng: &mut ChaCha8Rng) {
        if list.len() < Self::CAP {
            list.push(item.clone());
        } else {
            let i = rng.random_range(0..Self::CAP);
            if let Some(slot) = list.get_mut(i) {
                *slot = item.clone();
            }
        }
    }

    fn add(&mut self, step: &StepOf<G>, rng: &mut ChaCha8Rng) {
        match step {
            Step::Act { action, .. } => Self::keep(&mut self.actions, action, rng),
            Step::Chance { outcome } => Self::keep(&mut self.outcomes, outcome, rng),
        }
    }
}

/// (a): who may act, and the outcome. Returns each seat's legal actions.
fn check_turn<G: Game>(
    state: &G,
    to_act: &ToAct,
    seats: u8,
    step: usize,
) -> Result<Vec<Vec<G::Action>>, Violation> {
    let fail = |m: String| Violation::new(Check::ToAct, step, m);
    let acting: &[Seat] = match to_act {
        ToAct::Seats { seats: list } => {
            if list.is_empty() {
                return Err(fail("to_act lists no seats".into()));
            }
            for (i, s) in list.iter().enumerate() {
                if s.0 >= seats {
                    return Err(fail(format!("to_act lists seat {s} of {seats}")));
                }
                if list.get(..i).is_some_and(|before| before.contains(s)) {
                    return Err(fail(format!("to_act lists seat {s} twice")));
                }
            }
            list
        }
        ToAct::Chance | ToAct::Finished => &[],
    };
    let legal: Vec<Vec<G::Action>> = (0..seats).map(|s| state.legal_actions(Seat(s))).collect();
    for (s, actions) in (0..seats).map(Seat).zip(&legal) {
        match (acting.contains(&s), actions.is_empty()) {
            (true, true) => {
                return Err(fail(format!("seat {s} is to act but has no legal action")))
            }
            (false, false) => {
                return Err(fail(format!(
                    "seat {s} is not to act ({to_act:?}) but has legal actions, e.g. {:?}",
                    actions.first()
                )))
            }
            _ => {}
        }
    }
    let outcomes = state.chance_outcomes();
    match (to_act, outcomes.is_empty()) {
        (ToAct::Chance, true) => return Err(fail("chance is to act but offers no outcome".into())),
        (ToAct::Chance, false) => {}
        (_, false) => {
            return Err(fail(format!(
                "{to_act:?} but chance offers outcomes, e.g. {:?}",
                outcomes.first()
            )))
        }
        (_, true) => {}
    }
    if let Some((o, _)) = outcomes.iter().find(|(_, w)| *w == 0) {
        return Err(fail(format!("chance outcome {o:?} has weight 0")));
    }
    let outcome = state.outcome();
    let fail = |m: String| Violation::new(Check::Outcome, step, m);
    match (to_act, outcome) {
        (ToAct::Finished, None) => return Err(fail("finished but outcome() is None".into())),
        (ToAct::Finished, Some(o)) => {
            if o.ranks.len() != usize::from(seats) {
                return Err(fail(format!("{} ranks for {seats} seats", o.ranks.len())));
            }
            if o.ranks.iter().any(|&r| r == 0 || r > seats) || !o.ranks.contains(&1) {
                return Err(fail(format!("malformed ranks {:?}", o.ranks)));
            }
            json(&o.scorecard, step, || "the scorecard".into())?;
        }
        (_, Some(_)) => return Err(fail(format!("{to_act:?} but outcome() is Some"))),
        (_, None) => {}
    }
    Ok(legal)
}

/// How a probe step must fare.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Expect {
    /// Listed as legal or on offer.
    Accepted,
    /// Neither.
    Refused,
    /// Garbage: refused without change, or accepted.
    Either,
}

/// (d): tries steps on copies of `state`.
#[allow(clippy::too_many_arguments)]
fn probe<G: Game>(
    state: &G,
    to_act: &ToAct,
    legal: &[Vec<G::Action>],
    pool: &Pool<G>,
    garbage: Option<Garbage<G>>,
    seats: u8,
    step: usize,
    rng: &mut ChaCha8Rng,
    report: &mut Report,
) -> Result<(), Violation> {
    let mut tries: Vec<(StepOf<G>, Expect)> = Vec::new();
    // Known actions, by random seats (sometimes a seat that doesn't exist).
    for _ in 0..3 {
        let Some(action) = pick(&pool.actions, rng) else {
            break;
        };
        let seat = Seat(rng.random_range(0..=seats));
        let listed = legal.get(seat.index()).is_some_and(|l| l.contains(action));
        let expect = if listed {
            Expect::Accepted
        } else {
            Expect::Refused
        };
        tries.push((
            Step::Act {
                seat,
                action: action.clone(),
            },
            expect,
        ));
    }
    // A known chance outcome.
    if let Some(outcome) = pick(&pool.outcomes, rng) {
        let offered = matches!(to_act, ToAct::Chance)
            && state.chance_outcomes().iter().any(|(o, _)| o == outcome);
        let expect = if offered {
            Expect::Accepted
        } else {
            Expect::Refused
        };
        tries.push((
            Step::Chance {
                outcome: outcome.clone(),
            },
            expect,
        ));
    }
    // A random listed action.
    let acting: Vec<(u8, &Vec<G::Action>)> = (0..seats)
        .zip(legal)
        .filter(|(_, l)| !l.is_empty())
        .collect();
    if let Some((seat, actions)) = pick(&acting, rng) {
        if let Some(action) = pick(actions, rng) {
            tries.push((
                Step::Act {
                    seat: Seat(*seat),
                    action: action.clone(),
                },
                Expect::Accepted,
            ));
        }
    }
    if let Some(garbage) = garbage {
        tries.extend(garbage(state, rng).into_iter().map(|s| (s, Expect::Either)));
    }
    let fail = |m: String| Violation::new(Check::Rejection, step, m);
    for (try_step, expect) in tries {
        report.probes += 1;
        let viewer = random_viewer(seats, rng);
        // Describing any step must not panic.
        json(&state.step_view(&try_step, viewer), step, || {
            format!("step_view of probe {try_step:?}")
        })?;
        let mut copy = state.clone();
        match (copy.apply(&try_step), expect) {
            (Ok(()), Expect::Refused) => {
                return Err(fail(format!(
                    "{try_step:?} was accepted though not listed as legal / on offer ({to_act:?})"
                )))
            }
            (Err(e), Expect::Accepted) => {
                return Err(Violation::new(
                    Check::Apply,
                    step,
                    format!("{try_step:?} is listed as legal but was refused: {e}"),
                ))
            }
            (Err(e), _) => {
                report.refusals += u64::from(expect == Expect::Refused);
                if &copy != state {
                    return Err(fail(format!(
                        "refusing {try_step:?} ({e}) changed the state:\nbefore {state:?}\nafter  {copy:?}"
                    )));
                }
            }
            (Ok(()), _) => {}
        }
    }
    Ok(())
}

fn pick<'a, T>(list: &'a [T], rng: &mut ChaCha8Rng) -> Option<&'a T> {
    if list.is_empty() {
        None
    } else {
        list.get(rng.random_range(0..list.len()))
    }
}

/// One random playout with checks (a)–(d). Returns the decoded log.
fn playout<G: Game>(
    config: &Config<G>,
    seed: u64,
    report: &mut Report,
) -> Result<Vec<StepOf<G>>, Violation> {
    let seats = config.seats;
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    // Probes draw from their own stream so that they never change the playout.
    let mut probe_rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7072_6f62_6573_2121);
    let setup = |e| Violation {
        check: Check::Setup,
        seed: None,
        step: None,
        message: format!("new() failed: {e}"),
    };
    let mut state = G::new(&config.options, seats).map_err(setup)?;
    let mut shadow = G::new(&config.options, seats).map_err(setup)?;
    let mut log: Vec<StepOf<G>> = Vec::new();
    let mut pool = Pool::<G> {
        actions: Vec::new(),
        outcomes: Vec::new(),
    };
    // Reservoir of (prefix length, state) to rebuild with `replay` at the end.
    let mut prefixes: Vec<(usize, G)> = Vec::new();
    let mut buf = Vec::new();
    loop {
        let index = log.len();
        let to_act = state.to_act();
        let legal = check_turn(&state, &to_act, seats, index)?;
        let mut views = Vec::new();
        for viewer in viewers(seats) {
            encode_distinct(&mut views, state.view(viewer), &mut buf, index, || {
                format!("view({viewer:?})")
            })?;
        }
        let step: StepOf<G> = match &to_act {
            ToAct::Finished => break,
            _ if index >= config.max_steps => {
                return Err(Violation::new(
                    Check::StepCap,
                    index,
                    format!("the game did not finish within {} steps", config.max_steps),
                ))
            }
            ToAct::Chance => match sample(&state, &mut rng) {
                Some(outcome) => Step::Chance { outcome },
                None => {
                    return Err(Violation::new(
                        Check::ToAct,
                        index,
                        "sampling chance failed",
                    ))
                }
            },
            ToAct::Seats { seats: acting } => {
                let seat = *pick(acting, &mut rng)
                    .ok_or_else(|| Violation::new(Check::ToAct, index, "no seat to act"))?;
                let listed = legal.get(seat.index()).map_or(&[][..], Vec::as_slice);
                let chosen = config
                    .policy
                    .and_then(|policy| policy(&state, seat, listed, &mut rng))
                    .and_then(|i| listed.get(i));
                let action = chosen
                    .or_else(|| pick(listed, &mut rng))
                    .ok_or_else(|| Violation::new(Check::ToAct, index, "no legal action"))?;
                Step::Act {
                    seat,
                    action: action.clone(),
                }
            }
        };
        if config.probe_every > 0 && probe_rng.random_ratio(1, config.probe_every) {
            probe(
                &state,
                &to_act,
                &legal,
                &pool,
                config.garbage,
                seats,
                index,
                &mut probe_rng,
                report,
            )?;
        }
        let mut step_views = Vec::new();
        for viewer in viewers(seats) {
            let step_view = state.step_view(&step, viewer);
            encode_distinct(&mut step_views, step_view, &mut buf, index, || {
                format!("step_view({step:?}, {viewer:?})")
            })?;
        }
        // (b) The shadow only ever sees the step after a trip through JSON.
        let text = serde_json::to_string(&step).map_err(|e| {
            Violation::new(
                Check::Serde,
                index,
                format!("{step:?} does not serialize: {e}"),
            )
        })?;
        let decoded: StepOf<G> = serde_json::from_str(&text).map_err(|e| {
            Violation::new(
                Check::Serde,
                index,
                format!("{text} does not deserialize: {e}"),
            )
        })?;
        if decoded != step {
            return Err(Violation::new(
                Check::Serde,
                index,
                format!("{step:?} came back from {text} as {decoded:?}"),
            ));
        }
        state.apply(&step).map_err(|e| {
            Violation::new(
                Check::Apply,
                index,
                format!("legal step {step:?} was refused: {e}"),
            )
        })?;
        shadow.apply(&decoded).map_err(|e| {
            Violation::new(
                Check::Replay,
                index,
                format!("the shadow refused {decoded:?}: {e}"),
            )
        })?;
        if shadow != state {
            return Err(Violation::new(
                Check::Replay,
                index,
                format!("after {step:?} the shadow differs:\nstate  {state:?}\nshadow {shadow:?}"),
            ));
        }
        report.chance_steps += u64::from(matches!(step, Step::Chance { .. }));
        if probe_rng.random_ratio(1, 4) {
            pool.add(&step, &mut probe_rng);
        }
        log.push(decoded);
        // Reservoir sampling: each prefix is kept with equal probability.
        if config.replay_prefixes > 0 {
            if prefixes.len() < config.replay_prefixes {
                prefixes.push((log.len(), state.clone()));
            } else {
                let slot = probe_rng.random_range(0..log.len());
                if let Some(kept) = prefixes.get_mut(slot) {
                    *kept = (log.len(), state.clone());
                }
            }
        }
    }
    let end = log.len();
    prefixes.push((end, state));
    for (len, expected) in &prefixes {
        let rebuilt = replay::<G>(&config.options, seats, log.get(..*len).unwrap_or(&log))
            .map_err(|e| {
                Violation::new(
                    Check::Replay,
                    *len,
                    format!("replay of {len} steps failed: {e}"),
                )
            })?;
        report.replays += 1;
        if &rebuilt != expected {
            return Err(Violation::new(
                Check::Replay,
                *len,
                format!(
                    "replay of {len} steps differs:\nplayed   {expected:?}\nreplayed {rebuilt:?}"
                ),
            ));
        }
    }
    report.games += 1;
    report.steps += u64::try_from(end).unwrap_or(u64::MAX);
    report.longest_game = report.longest_game.max(end);
    Ok(log)
}

/// (e): walks `log` alongside a twin that `viewer` must not be able to tell
/// apart from it, and compares the viewer's serialized views at every step.
///
/// At a chance step the twin takes, when it can, a *different* outcome whose
/// step view for `viewer` is byte-identical; at an action the twin keeps the
/// same action if it is legal there and looks the same, and otherwise any
/// legal action of the same seat that looks the same. When no such step
/// exists the twin stops (`cut_short`). This is a [`Twin::Eager`] twin; see
/// [`check_twin`] for the lazy kind.
pub fn check_no_leak<G: Game>(
    options: &G::Options,
    seats: u8,
    log: &[StepOf<G>],
    viewer: Viewer,
    rng: &mut ChaCha8Rng,
) -> Result<TwinReport, Violation> {
    check_twin::<G>(options, seats, log, viewer, Twin::Eager, rng)
}

/// [`check_no_leak`] with a twin of the given kind.
pub fn check_twin<G: Game>(
    options: &G::Options,
    seats: u8,
    log: &[StepOf<G>],
    viewer: Viewer,
    kind: Twin,
    rng: &mut ChaCha8Rng,
) -> Result<TwinReport, Violation> {
    let setup = |e| Violation {
        check: Check::Setup,
        seed: None,
        step: None,
        message: format!("new() failed: {e}"),
    };
    let mut original = G::new(options, seats).map_err(setup)?;
    let mut twin = G::new(options, seats).map_err(setup)?;
    let mut report = TwinReport {
        lazy: kind == Twin::Lazy,
        ..TwinReport::default()
    };
    let mut scratch = Vec::new();
    for (index, step) in log.iter().enumerate() {
        let simultaneous = matches!(original.to_act(), ToAct::Seats { seats } if seats.len() > 1);
        let mut seen = Wire::new(original.step_view(step, viewer));
        let twin_step: Option<StepOf<G>> = match step {
            Step::Chance { .. } => {
                let mut same_look = Vec::new();
                if twin.to_act() == ToAct::Chance {
                    for (o, _) in twin.chance_outcomes() {
                        let s = Step::Chance { outcome: o };
                        if seen.same_as(&twin.step_view(&s, viewer), &mut scratch, index)? {
                            same_look.push(s);
                        }
                    }
                }
                let different: Vec<&StepOf<G>> = same_look.iter().filter(|s| *s != step).collect();
                // A lazy twin mostly keeps the original's outcome when it can.
                let stay = kind == Twin::Lazy
                    && !different.is_empty()
                    && same_look.contains(step)
                    && !rng.random_ratio(1, Twin::LAZY_ODDS);
                if stay {
                    Some(step.clone())
                } else {
                    match pick(&different, rng) {
                        Some(s) => Some((*s).clone()),
                        None => same_look.first().cloned(),
                    }
                }
            }
            Step::Act { seat, action } => {
                let legal = twin.legal_actions(*seat);
                let mut looks_same = |a: &G::Action| -> Result<bool, Violation> {
                    let s = Step::Act {
                        seat: *seat,
                        action: a.clone(),
                    };
                    seen.same_as(&twin.step_view(&s, viewer), &mut scratch, index)
                };
                if legal.contains(action) && looks_same(action)? {
                    Some(step.clone())
                } else {
                    let mut same_look = Vec::new();
                    for a in &legal {
                        if looks_same(a)? {
                            same_look.push(a);
                        }
                    }
                    pick(&same_look, rng).map(|a| Step::Act {
                        seat: *seat,
                        action: (*a).clone(),
                    })
                }
            }
        };
        let Some(twin_step) = twin_step else {
            report.cut_short = true;
            break;
        };
        original.apply(step).map_err(|e| {
            Violation::new(
                Check::Replay,
                index,
                format!("the log does not replay: {step:?}: {e}"),
            )
        })?;
        twin.apply(&twin_step).map_err(|e| {
            Violation::new(
                Check::Apply,
                index,
                format!("the twin refused {twin_step:?}, which is listed / on offer: {e}"),
            )
        })?;
        report.steps += 1;
        let diverged = twin != original;
        report.divergent_steps += u64::from(diverged);
        report.diverged_at_end = diverged;
        if matches!(step, Step::Act { .. }) {
            report.unseen_actions += u64::from(&twin_step != step);
            if simultaneous {
                report.simultaneous_steps += 1;
                report.simultaneous_divergent_steps += u64::from(diverged);
            }
        }
        if diverged && original.view(Viewer::Revealed) == twin.view(Viewer::Revealed) {
            let blind = viewers(seats).find(|v| original.view(*v) != twin.view(*v));
            if let Some(v) = blind {
                return Err(Violation::new(
                    Check::Reveal,
                    index,
                    format!(
                        "{v:?} can tell two playouts apart that the revealed viewer cannot, \
                         after {step:?} / twin {twin_step:?}"
                    ),
                ));
            }
        }
        let mut view = Wire::new(original.view(viewer));
        if !view.same_as(&twin.view(viewer), &mut scratch, index)? {
            return Err(Violation::new(
                Check::NoLeak,
                index,
                format!(
                    "{viewer:?} can tell two playouts apart after {step:?} / twin {twin_step:?}:\n\
                     original {}\ntwin     {}",
                    String::from_utf8_lossy(view.bytes(index)?),
                    String::from_utf8_lossy(&scratch)
                ),
            ));
        }
    }
    Ok(report)
}

/// (h): [`crate::reveal()`] refuses the log without its last step and a
/// random shorter prefix; with `whole`, it also reveals the whole finished
/// log, ending on the revealed view of the final state.
pub fn check_reveal<G: Game>(
    options: &G::Options,
    seats: u8,
    log: &[StepOf<G>],
    whole: bool,
    rng: &mut ChaCha8Rng,
) -> Result<(), Violation> {
    let Some(last) = log.len().checked_sub(1) else {
        return Ok(());
    };
    for cut in [last, rng.random_range(0..=last)] {
        match crate::reveal::reveal::<G>(options, seats, &log[..cut]) {
            Err(crate::RevealError::NotOver) => {}
            other => {
                return Err(Violation::new(
                    Check::Reveal,
                    cut,
                    format!("the first {cut} steps of a finished match were revealed: {other:?}"),
                ))
            }
        }
    }
    if whole {
        let revealed = crate::reveal::reveal::<G>(options, seats, log)
            .map_err(|e| Violation::new(Check::Reveal, last, format!("refused: {e}")))?;
        let end = replay::<G>(options, seats, log)
            .map_err(|e| Violation::new(Check::Replay, last, e.to_string()))?;
        let shown = revealed.steps.last().map(|(_, v)| v);
        if revealed.steps.len() != log.len() || shown != Some(&end.view(Viewer::Revealed)) {
            return Err(Violation::new(
                Check::Reveal,
                last,
                "the revealed match does not end on the final state's revealed view",
            ));
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    //! The harness must catch broken games: toy games with one flaw each.

    use std::sync::atomic::{AtomicU32, Ordering};

    use parlor_protocol::{GameKind, Seat, ToAct, Viewer};
    use serde::{Deserialize, Serialize};

    use super::*;
    use crate::game::{GameOutcome, SetupError};

    /// The one thing wrong with a toy.
    #[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
    enum Flaw {
        /// A correct game.
        #[default]
        None,
        /// Each seat's view shows the other seat's card.
        LeakyView,
        /// `apply` reads a global counter: replays differ.
        NonDeterministic,
        /// `apply` counts refused steps in the state.
        MutatesOnRefusal,
        /// `legal_actions` lists a guess that `apply` refuses.
        ListsIllegal,
        /// Never finishes: guesses may be changed forever.
        Endless,
        /// The revealed viewer is shown nothing hidden.
        BlindReveal,
    }

    /// "Peek": each of 2 seats is dealt one card of 1–3 (hidden), then each
    /// guesses in turn whether its card is the higher. Right guesses win.
    #[derive(Debug, Clone, PartialEq)]
    struct Peek {
        flaw: Flaw,
        cards: Vec<u8>,
        guesses: Vec<bool>,
        stamp: u32,
        refusals: u32,
    }

    #[derive(Debug, Clone, PartialEq, Serialize)]
    struct PeekView {
        mine: Option<u8>,
        theirs: Option<u8>,
        guesses: Vec<bool>,
        all: Option<Vec<u8>>,
    }

    #[derive(Debug, Clone, PartialEq, Serialize)]
    enum PeekStep {
        Dealt {
            to: u8,
            card: Option<u8>,
        },
        /// The last guess ends the game and reveals both cards: what a
        /// viewer learns is in the step view of the step that reveals it.
        Guessed {
            seat: Seat,
            higher: bool,
            revealed: Option<Vec<u8>>,
        },
    }

    #[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
    enum PeekIllegal {
        #[error("not now")]
        NotNow,
    }

    static COUNTER: AtomicU32 = AtomicU32::new(0);

    impl Peek {
        fn check(&self, step: &Step<bool, u8>) -> Result<(), PeekIllegal> {
            let ok = match step {
                Step::Chance { outcome } => {
                    self.cards.len() < 2
                        && (1..=3).contains(outcome)
                        && !self.cards.contains(outcome)
                }
                Step::Act { seat, action } => {
                    self.cards.len() == 2
                        && seat.index() == self.guesses.len()
                        && (*action || self.flaw != Flaw::ListsIllegal)
                }
            };
            ok.then_some(()).ok_or(PeekIllegal::NotNow)
        }
    }

    impl Game for Peek {
        type Options = Flaw;
        type Action = bool;
        type Chance = u8;
        type View = PeekView;
        type StepView = PeekStep;
        type Scorecard = Vec<u8>;
        type Illegal = PeekIllegal;
        const KIND: GameKind = GameKind::ZopZoo;
        const RULES_VERSION: u32 = 1;

        fn new(flaw: &Flaw, _seats: u8) -> Result<Self, SetupError> {
            Ok(Peek {
                flaw: *flaw,
                cards: Vec::new(),
                guesses: Vec::new(),
                stamp: 0,
                refusals: 0,
            })
        }
        fn seats(&self) -> u8 {
            2
        }
        fn to_act(&self) -> ToAct {
            match (self.cards.len(), self.guesses.len()) {
                (0 | 1, _) => ToAct::Chance,
                (_, g) if g < 2 => ToAct::Seats {
                    seats: vec![Seat(u8::try_from(g).unwrap_or(0))],
                },
                _ => ToAct::Finished,
            }
        }
        fn reveals(&self, _action: &bool) -> bool {
            false
        }

        fn legal_actions(&self, seat: Seat) -> Vec<bool> {
            match self.to_act() {
                ToAct::Seats { seats } if seats.contains(&seat) => vec![true, false],
                _ => Vec::new(),
            }
        }
        fn chance_outcomes(&self) -> Vec<(u8, u32)> {
            if self.cards.len() < 2 {
                (1..=3)
                    .filter(|c| !self.cards.contains(c))
                    .map(|c| (c, 1))
                    .collect()
            } else {
                Vec::new()
            }
        }
        fn apply(&mut self, step: &Step<bool, u8>) -> Result<(), PeekIllegal> {
            if self.flaw == Flaw::MutatesOnRefusal {
                self.refusals += 1;
            }
            self.check(step)?;
            if self.flaw == Flaw::MutatesOnRefusal {
                self.refusals -= 1;
            }
            match step {
                Step::Chance { outcome } => self.cards.push(*outcome),
                Step::Act { action, .. } => {
                    self.guesses.push(*action);
                    if self.flaw == Flaw::Endless && self.guesses.len() == 2 {
                        self.guesses.clear();
                    }
                    if self.flaw == Flaw::NonDeterministic {
                        self.stamp = COUNTER.fetch_add(1, Ordering::Relaxed);
                    }
                }
            }
            Ok(())
        }
        fn view(&self, viewer: Viewer) -> PeekView {
            let finished = self.to_act() == ToAct::Finished;
            let (mine, theirs) = match viewer {
                Viewer::Seat(s) => (
                    self.cards.get(s.index()),
                    self.cards.get(1 - s.index().min(1)),
                ),
                Viewer::Spectator | Viewer::Revealed => (None, None),
            };
            let show_theirs = finished || self.flaw == Flaw::LeakyView;
            let show_all = viewer == Viewer::Revealed && self.flaw != Flaw::BlindReveal;
            PeekView {
                mine: mine.copied(),
                theirs: theirs.copied().filter(|_| show_theirs),
                guesses: self.guesses.clone(),
                all: show_all.then(|| self.cards.clone()),
            }
        }
        fn step_view(&self, step: &Step<bool, u8>, viewer: Viewer) -> PeekStep {
            match step {
                Step::Chance { outcome } => {
                    let to = u8::try_from(self.cards.len()).unwrap_or(0);
                    let own = viewer == Viewer::Seat(Seat(to)) || viewer == Viewer::Revealed;
                    PeekStep::Dealt {
                        to,
                        card: own.then_some(*outcome),
                    }
                }
                Step::Act { seat, action } => PeekStep::Guessed {
                    seat: *seat,
                    higher: *action,
                    revealed: (self.guesses.len() == 1).then(|| self.cards.clone()),
                },
            }
        }
        fn outcome(&self) -> Option<GameOutcome<Vec<u8>>> {
            if self.to_act() != ToAct::Finished {
                return None;
            }
            let right = |s: usize| {
                let mine = self.cards.get(s);
                let theirs = self.cards.get(1 - s);
                self.guesses.get(s) == Some(&(mine > theirs))
            };
            let keys = [!right(0), !right(1)];
            Some(GameOutcome {
                ranks: crate::game::ranks_by(&keys),
                scorecard: self.cards.clone(),
            })
        }
    }

    fn run_toy(flaw: Flaw) -> Result<Report, Violation> {
        let mut config = Config::<Peek>::new(flaw, 2, 0..40);
        config.max_steps = 500;
        config.probe_every = 2;
        run(&config)
    }

    fn fails_with(flaw: Flaw) -> Violation {
        match run_toy(flaw) {
            Ok(report) => panic!("the harness missed {flaw:?}: {report:?}"),
            Err(v) => v,
        }
    }

    #[test]
    fn a_correct_game_passes_and_its_twins_differ() {
        let report = run_toy(Flaw::None).unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(report.games, 40);
        assert_eq!(report.twins, 40);
        assert!(report.twin_divergent_steps > 0, "{report:?}");
        assert!(report.twins_diverged > 0, "{report:?}");
        assert!(report.refusals > 0, "{report:?}");
        assert!(report.replays >= 40 * 2, "{report:?}");
    }

    #[test]
    fn a_leaky_view_is_caught() {
        let v = fails_with(Flaw::LeakyView);
        assert_eq!(v.check, Check::NoLeak, "{v}");
        assert!(v.seed.is_some());
    }

    #[test]
    fn a_non_deterministic_apply_is_caught() {
        let v = fails_with(Flaw::NonDeterministic);
        assert_eq!(v.check, Check::Replay, "{v}");
    }

    #[test]
    fn a_refusal_that_changes_the_state_is_caught() {
        let v = fails_with(Flaw::MutatesOnRefusal);
        assert_eq!(v.check, Check::Rejection, "{v}");
    }

    #[test]
    fn a_listed_but_refused_action_is_caught() {
        let v = fails_with(Flaw::ListsIllegal);
        assert_eq!(v.check, Check::Apply, "{v}");
    }

    #[test]
    fn an_endless_game_hits_the_step_cap() {
        let v = fails_with(Flaw::Endless);
        assert_eq!(v.check, Check::StepCap, "{v}");
        assert_eq!(v.step, Some(500));
    }

    #[test]
    #[should_panic(expected = "conformance check NoLeak failed")]
    fn conformance_panics_on_a_violation() {
        conformance::<Peek>(&Flaw::LeakyView, 2, 0..40);
    }

    #[test]
    fn lazy_twins_mostly_follow_the_original() {
        // Seat 0 sees its own 1, not seat 1's 2 (which could have been a 3).
        let log: Vec<Step<bool, u8>> =
            vec![Step::Chance { outcome: 1 }, Step::Chance { outcome: 2 }];
        let mut diverged = 0;
        for seed in 0..64 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let twin = check_twin::<Peek>(
                &Flaw::None,
                2,
                &log,
                Viewer::Seat(Seat(0)),
                Twin::Lazy,
                &mut rng,
            )
            .unwrap_or_else(|v| panic!("{v}"));
            assert!(twin.lazy && !twin.cut_short);
            diverged += u32::from(twin.diverged_at_end);
            let eager =
                check_no_leak::<Peek>(&Flaw::None, 2, &log, Viewer::Seat(Seat(0)), &mut rng)
                    .unwrap_or_else(|v| panic!("{v}"));
            assert!(eager.diverged_at_end, "an eager twin always takes the 3");
        }
        assert!(
            (1..32).contains(&diverged),
            "{diverged} of 64 lazy twins diverged"
        );
        // A lazy twin still catches a leak once it differs.
        let caught = (0..64).any(|seed| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            check_twin::<Peek>(
                &Flaw::LeakyView,
                2,
                &log,
                Viewer::Seat(Seat(0)),
                Twin::Lazy,
                &mut rng,
            )
            .is_err()
        });
        assert!(caught);
    }

    #[test]
    fn no_leak_check_alone_catches_the_leak() {
        // Deal 1 to seat 0 and 2 to seat 1: seat 0 can't tell a 3 for seat 1.
        let log: Vec<Step<bool, u8>> = vec![
            Step::Chance { outcome: 1 },
            Step::Chance { outcome: 2 },
            Step::Act {
                seat: Seat(0),
                action: true,
            },
        ];
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let ok = check_no_leak::<Peek>(&Flaw::None, 2, &log, Viewer::Seat(Seat(0)), &mut rng)
            .unwrap_or_else(|v| panic!("{v}"));
        assert_eq!(ok.steps, 3);
        assert_eq!(ok.divergent_steps, 2, "the twin dealt seat 1 a 3");
        let leak =
            check_no_leak::<Peek>(&Flaw::LeakyView, 2, &log, Viewer::Seat(Seat(0)), &mut rng);
        assert!(
            matches!(
                leak,
                Err(Violation {
                    check: Check::NoLeak,
                    step: Some(1),
                    ..
                })
            ),
            "{leak:?}"
        );
        // Seat 1 sees its own 2; seat 0's card could have been a 3 (or a 2,
        // and then the twin can't deal seat 1 its 2 and stops).
        let seen = check_no_leak::<Peek>(&Flaw::None, 2, &log, Viewer::Seat(Seat(1)), &mut rng)
            .unwrap_or_else(|v| panic!("{v}"));
        assert!(seen.divergent_steps >= 1, "{seen:?}");
    }

    #[test]
    fn reveal_is_refused_before_the_end_and_must_know_every_hand() {
        let log: Vec<Step<bool, u8>> = vec![
            Step::Chance { outcome: 1 },
            Step::Chance { outcome: 2 },
            Step::Act {
                seat: Seat(0),
                action: true,
            },
            Step::Act {
                seat: Seat(1),
                action: false,
            },
        ];
        for cut in 0..log.len() {
            assert_eq!(
                crate::reveal::reveal::<Peek>(&Flaw::None, 2, &log[..cut]),
                Err(crate::RevealError::NotOver),
                "{cut} steps"
            );
        }
        let whole =
            crate::reveal::reveal::<Peek>(&Flaw::None, 2, &log).unwrap_or_else(|e| panic!("{e}"));
        assert_eq!(whole.steps.len(), 4);
        assert_eq!(whole.steps[1].1.all, Some(vec![1, 2]));
        assert!(matches!(
            whole.steps[1].0,
            PeekStep::Dealt {
                to: 1,
                card: Some(2)
            }
        ));
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        check_reveal::<Peek>(&Flaw::None, 2, &log, true, &mut rng)
            .unwrap_or_else(|v| panic!("{v}"));
        // A revealed viewer that knows less than seat 0 is caught by the twin.
        let blind =
            check_no_leak::<Peek>(&Flaw::BlindReveal, 2, &log, Viewer::Seat(Seat(0)), &mut rng);
        assert!(
            matches!(
                blind,
                Err(Violation {
                    check: Check::Reveal,
                    ..
                })
            ),
            "{blind:?}"
        );
        let honest = check_no_leak::<Peek>(&Flaw::None, 2, &log, Viewer::Seat(Seat(0)), &mut rng);
        assert!(honest.is_ok(), "{honest:?}");
    }
}

/// What [`sessions`] checked.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SessionReport {
    /// Playouts run to the end.
    pub games: u64,
    /// Batches (an action and the chance it set off) recorded.
    pub batches: u64,
    /// Past decisions re-offered and refused (at most once).
    pub replays_refused: u64,
    /// Older decisions still current inside a window, whose seat's legal
    /// actions were compared with those at the decision's version.
    pub window_decisions: u64,
    /// View patches applied and compared with the full view.
    pub patches: u64,
    /// Of those, patches the typed walk ([`crate::patch::merge_from`])
    /// settled: every short merge patch the generic diff sends, the same,
    /// and changes it rightly found no merge patch for.
    pub typed_patches: u64,
    /// Batches of step views sent as runs and read back.
    pub step_runs: u64,
    /// Of the patches, those whose batch's steps named the members they
    /// may change ([`Game::view_changes`]): every other member was found
    /// unchanged and the walk within them answered as the whole walk.
    pub scoped_patches: u64,
}

/// (f) and (g), the properties the server relies on between versions, for
/// random playouts of `seeds`; panics with the first violation.
///
/// - **(f) at most once** — played through a [`Timeline`] as the server
///   does, every decision already applied is refused when offered again at
///   its version; a decision on an older version is accepted only inside
///   the open window it was decided in, and only if the seat's legal
///   actions then and now are the same (so the grace never lets a decision
///   act on a table that changed under it); no future version is current.
/// - **(g) patches** — for every viewer after every batch, each form of
///   patch from its previous to its new view ([`crate::patch::ops`], the
///   [`crate::patch::merge`] patch where one is exact, and the
///   [`crate::patch::diff`] the server sends), applied to the previous
///   view, gives exactly the new view.
///   Where the typed walk the server takes first
///   ([`crate::patch::merge_from`]) answers, its patch is exactly the
///   generic diff's.
/// - **(h) step runs** — each viewer's step views of each batch, written
///   with runs of one kind as tables (as the server writes them) and read
///   back, are the same steps.
///
/// [`Timeline`]: crate::Timeline
#[track_caller]
pub fn sessions<G: Game>(options: &G::Options, seats: u8, seeds: Range<u64>) -> SessionReport {
    let mut report = SessionReport::default();
    for seed in seeds {
        if let Err(mut v) = session::<G>(options, seats, seed, &mut report) {
            v.seed = Some(seed);
            panic!("{v}");
        }
    }
    report
}

fn session<G: Game>(
    options: &G::Options,
    seats: u8,
    seed: u64,
    report: &mut SessionReport,
) -> Result<(), Violation> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x7365_7373_696f_6e73);
    let mut state = G::new(options, seats).map_err(|e| Violation {
        check: Check::Setup,
        seed: None,
        step: None,
        message: format!("new() failed: {e}"),
    })?;
    let mut timeline = crate::Timeline::default();
    let mut views: Vec<serde_json::Value> = viewers(seats)
        .map(|v| serde_json::to_value(state.view(v)).unwrap_or_default())
        .collect();
    // Decisions applied so far: (seat, version decided on).
    let mut applied: Vec<(Seat, u64)> = Vec::new();
    // States at the versions of the open window, to compare decisions with.
    let mut window_states: Vec<(u64, G)> = Vec::new();
    let mut batch: Vec<Option<Seat>> = Vec::new();
    // Each viewer's views of the batch's steps, as JSON.
    let mut batch_views: Vec<Vec<serde_json::Value>> = viewers(seats).map(|_| Vec::new()).collect();
    let mut steps = 0usize;
    // What the batch's steps say they may change in the views.
    let mut changes = crate::ViewChanges::default();
    loop {
        let to_act = state.to_act();
        if to_act != ToAct::Chance && (!batch.is_empty() || steps == 0) {
            timeline.record(&batch, &to_act);
            report.batches += 1;
            batch.clear();
            check_versions(
                &state,
                &timeline,
                &applied,
                &mut window_states,
                steps,
                report,
            )?;
            check_patches(&state, seats, &mut views, &changes, steps, report)?;
            changes = crate::ViewChanges::default();
            check_step_runs(&mut batch_views, steps, report)?;
        }
        let step: StepOf<G> = match &to_act {
            ToAct::Finished => break,
            _ if steps >= 100_000 => {
                return Err(Violation::new(Check::StepCap, steps, "no end in sight"))
            }
            ToAct::Chance => match sample(&state, &mut rng) {
                Some(outcome) => Step::Chance { outcome },
                None => {
                    return Err(Violation::new(
                        Check::ToAct,
                        steps,
                        "sampling chance failed",
                    ))
                }
            },
            ToAct::Seats { seats: acting } => {
                let seat = *pick(acting, &mut rng)
                    .ok_or_else(|| Violation::new(Check::ToAct, steps, "no seat to act"))?;
                let legal = state.legal_actions(seat);
                let action = pick(&legal, &mut rng)
                    .ok_or_else(|| Violation::new(Check::ToAct, steps, "no legal action"))?;
                // Decided on the current version (a client in step) or, one
                // time in three inside a window, on the version it opened at
                // (a client that has not heard of the others' answers yet).
                let decided = match timeline.window_opened() {
                    Some(opened) if rng.random_ratio(1, 3) && timeline.is_current(seat, opened) => {
                        opened
                    }
                    _ => timeline.version(),
                };
                if !timeline.is_current(seat, decided) {
                    return Err(Violation::new(
                        Check::Decision,
                        steps,
                        format!("seat {seat:?} to act, but version {decided} is not current"),
                    ));
                }
                applied.push((seat, decided));
                Step::Act {
                    seat,
                    action: action.clone(),
                }
            }
        };
        for (viewer, list) in viewers(seats).zip(batch_views.iter_mut()) {
            list.push(
                serde_json::to_value(state.step_view(&step, viewer)).map_err(|e| {
                    Violation::new(Check::Serde, steps, format!("step_view({viewer:?}): {e}"))
                })?,
            );
        }
        changes.add(state.view_changes(&step));
        state
            .apply(&step)
            .map_err(|e| Violation::new(Check::Apply, steps, format!("{step:?} refused: {e}")))?;
        batch.push(match &step {
            Step::Act { seat, .. } => Some(*seat),
            Step::Chance { .. } => None,
        });
        steps += 1;
    }
    report.games += 1;
    Ok(())
}

fn check_versions<G: Game>(
    state: &G,
    timeline: &crate::Timeline,
    applied: &[(Seat, u64)],
    window_states: &mut Vec<(u64, G)>,
    step: usize,
    report: &mut SessionReport,
) -> Result<(), Violation> {
    let now = timeline.version();
    for &(seat, decided) in applied {
        if timeline.is_current(seat, decided) {
            return Err(Violation::new(
                Check::Decision,
                step,
                format!("seat {seat:?}'s decision on version {decided} was applied and is still accepted at {now}"),
            ));
        }
        report.replays_refused += 1;
    }
    match timeline.window_opened() {
        None => window_states.clear(),
        Some(opened) => {
            window_states.retain(|(v, _)| *v >= opened);
            window_states.push((now, state.clone()));
        }
    }
    for seat in (0..state.seats()).map(Seat) {
        if timeline.is_current(seat, now + 1) {
            return Err(Violation::new(
                Check::Decision,
                step,
                "a future version is current",
            ));
        }
        // Only versions a client was shown can be decided on; those inside
        // the open window are kept. (Walking every older version instead
        // made this check quadratic in a match's length.)
        for (older, then) in window_states.iter() {
            let older = *older;
            if older >= now || !timeline.is_current(seat, older) {
                continue;
            }
            if then.legal_actions(seat) != state.legal_actions(seat) {
                return Err(Violation::new(
                    Check::Decision,
                    step,
                    format!("seat {seat:?} may still act on version {older}, but what it may do changed since"),
                ));
            }
            report.window_decisions += 1;
        }
    }
    Ok(())
}

/// A batch said its steps change only `members` of the views
/// ([`Game::view_changes`]): every other member of the view is as it was,
/// and the walk within them, as the server walks a view in its tagged
/// `AnyView` ([`crate::patch::merge_within`]), answers as the whole walk.
fn check_changes_within<V: serde::Serialize>(
    before: &mut serde_json::Value,
    after: &serde_json::Value,
    typed: &V,
    members: &[&str],
) -> Result<(), String> {
    let (Some(was), Some(now)) = (before.as_object(), after.as_object()) else {
        return Err("the view is not an object".to_owned());
    };
    for (key, value) in now {
        if !members.contains(&key.as_str()) && was.get(key) != Some(value) {
            return Err(format!(
                "the steps said they change only {members:?}, but `{key}` changed"
            ));
        }
    }
    if let Some(gone) = was
        .keys()
        .find(|k| !members.contains(&k.as_str()) && !now.contains_key(*k))
    {
        return Err(format!(
            "the steps said they change only {members:?}, but `{gone}` went"
        ));
    }
    let at = parlor_protocol::game::VIEW_MEMBER;
    let tagged = crate::patch::Enveloped {
        game: "game",
        view: typed,
    };
    // Lent to the envelope and given back: no copy of the view per check.
    let mut envelope = serde_json::Map::new();
    envelope.insert("game".to_owned(), "game".into());
    envelope.insert(at.to_owned(), std::mem::take(before));
    let wrapped = serde_json::Value::Object(envelope);
    let whole = crate::patch::merge_from(&wrapped, &tagged);
    let within = crate::patch::merge_within(&wrapped, &tagged, at, members);
    if let serde_json::Value::Object(mut envelope) = wrapped {
        *before = envelope.remove(at).unwrap_or_default();
    }
    if whole != within {
        return Err(format!(
            "the walk within {members:?} gave {within:?}, the whole walk {whole:?}"
        ));
    }
    Ok(())
}

/// (h) Each viewer's step views of a batch, written as the server writes
/// them (runs of one kind as tables) and read back, are the same JSON.
fn check_step_runs(
    batch_views: &mut [Vec<serde_json::Value>],
    step: usize,
    report: &mut SessionReport,
) -> Result<(), Violation> {
    use parlor_protocol::game::step_views::{runs, unrun};
    for list in batch_views.iter_mut() {
        let sent = std::mem::take(list);
        let read = unrun(runs(sent.clone()))
            .map_err(|e| Violation::new(Check::Serde, step, format!("step runs: {e}")))?;
        let want = sent;
        if read != want {
            return Err(Violation::new(
                Check::Serde,
                step,
                format!("step views {want:?} came back from runs as {read:?}"),
            ));
        }
        report.step_runs += 1;
    }
    Ok(())
}

fn check_patches<G: Game>(
    state: &G,
    seats: u8,
    views: &mut [serde_json::Value],
    changes: &crate::ViewChanges,
    step: usize,
    report: &mut SessionReport,
) -> Result<(), Violation> {
    if G::PUBLIC {
        let first = serde_json::to_value(state.view(Viewer::Spectator)).unwrap_or_default();
        if let Some(viewer) = viewers(seats)
            .find(|&v| serde_json::to_value(state.view(v)).unwrap_or_default() != first)
        {
            return Err(Violation::new(
                Check::View,
                step,
                format!(
                    "the game says every viewer sees the same view, but {viewer:?} sees another"
                ),
            ));
        }
    }
    for (viewer, before) in viewers(seats).zip(views.iter_mut()) {
        let typed = state.view(viewer);
        let after = serde_json::to_value(&typed)
            .map_err(|e| Violation::new(Check::View, step, format!("view({viewer:?}): {e}")))?;
        // Both forms the server may send, each checked on its own copy;
        // the one it sends must be one of them.
        let forms = [
            Some(parlor_protocol::ViewPatch::Ops(crate::patch::ops(
                before, &after,
            ))),
            crate::patch::merge(before, &after).map(parlor_protocol::ViewPatch::Merge),
        ];
        let sent = crate::patch::diff(before, &after);
        if !forms.iter().flatten().any(|f| *f == sent) {
            return Err(Violation::new(
                Check::Patch,
                step,
                format!("{viewer:?}: the patch sent is neither form"),
            ));
        }
        // The typed walk answers exactly where the diff sends a short
        // merge patch, with that patch.
        let short_merge = matches!(&sent, parlor_protocol::ViewPatch::Merge(m)
            if crate::patch::encoded_len(m) <= crate::patch::SHORT);
        match crate::patch::merge_from(before, &typed) {
            crate::patch::Walked::Merge(merge) => {
                let merge = parlor_protocol::ViewPatch::Merge(merge);
                if merge != sent {
                    return Err(Violation::new(
                        Check::Patch,
                        step,
                        format!("{viewer:?}: the typed walk's patch {merge:?} is not the diff's {sent:?}"),
                    ));
                }
                report.typed_patches += 1;
            }
            crate::patch::Walked::Ops => {
                if !matches!(sent, parlor_protocol::ViewPatch::Ops(_))
                    || crate::patch::merge(before, &after).is_some()
                {
                    return Err(Violation::new(
                        Check::Patch,
                        step,
                        format!("{viewer:?}: the typed walk found no merge patch, the diff sends {sent:?}"),
                    ));
                }
                report.typed_patches += 1;
            }
            crate::patch::Walked::Long(merge) => {
                let merge = crate::patch::shorter(merge, before, &after);
                if merge != sent {
                    return Err(Violation::new(
                        Check::Patch,
                        step,
                        format!("{viewer:?}: the typed walk's long patch gives {merge:?}, the diff {sent:?}"),
                    ));
                }
                report.typed_patches += 1;
            }
            crate::patch::Walked::Diff if short_merge => {
                return Err(Violation::new(
                    Check::Patch,
                    step,
                    format!("{viewer:?}: the typed walk gave up where the diff sends {sent:?}"),
                ));
            }
            crate::patch::Walked::Diff => {}
        }
        if let Some(members) = changes.members() {
            check_changes_within(before, &after, &typed, members)
                .map_err(|e| Violation::new(Check::Patch, step, format!("{viewer:?}: {e}")))?;
            report.scoped_patches += 1;
        }
        for (i, patch) in forms.into_iter().flatten().enumerate() {
            let mut patched = before.clone();
            crate::patch::apply(&mut patched, &patch)
                .map_err(|e| Violation::new(Check::Patch, step, format!("{viewer:?}: {e}")))?;
            if patched != after {
                return Err(Violation::new(
                    Check::Patch,
                    step,
                    format!("{viewer:?}: the patched view differs from the view (form {i})"),
                ));
            }
        }
        *before = after;
        report.patches += 1;
    }
    Ok(())
}
