//! Bots see nothing hidden: in two states that look the same to a seat
//! (byte-identical view, same legal actions) but differ in what that seat
//! may not know (other hands, the piles, secret answers), the bot in that
//! seat, given the same RNG seed, picks the same action.
//!
//! How: play a match with bots, then walk its log alongside a *twin* that
//! the watching seat cannot tell apart from it (the conformance harness's
//! idea, `parlor_games::testing`): wherever a chance outcome or another
//! seat's action looks the same to the watcher, the twin may take a
//! different one. At every decision of the watcher, `bot_action` (which is
//! handed the whole game) must give the same answer on both. A deliberately
//! cheating bot that reads the state must be caught on the same twins, so
//! the check has teeth for every game with hidden information.
//!
//! The hard bot (search over states dealt from the view) is checked the
//! same way, on every [`HARD_EVERY`]th decision and with a small budget so
//! that debug builds stay fast: its deals and playouts draw from its own
//! RNG, so on twins it must deal, play out and choose alike.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use parlor_games::bot::search::{hard_action, Budget};
use parlor_games::bot::selfplay::rng_for;
use parlor_games::bot::{bot_action, Bot, Level, Player};
use parlor_games::{Game, Seat, Step, TestPlan, ToAct, Viewer};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

type StepOf<G> = Step<<G as Game>::Action, <G as Game>::Chance>;

/// The hard bot is asked at one decision of the watcher in this many.
const HARD_EVERY: u64 = 6;
/// Its playouts per decision here.
const HARD_PLAYOUTS: u32 = 3;

/// What one game's check saw.
#[derive(Debug, Default)]
struct Seen {
    /// Decisions of the watcher checked on both twins.
    decisions: u64,
    /// Of which the twin's state differed from the original's.
    hidden_differs: u64,
    /// Of those, decisions where a bot reading the state chose differently.
    cheater_caught: u64,
    /// Decisions where the hard bot was asked too.
    hard: u64,
    /// Of which the twins' states differed.
    hard_hidden_differs: u64,
}

fn bytes<T: Serialize>(value: &T) -> Vec<u8> {
    serde_json::to_vec(value).unwrap_or_default()
}

/// A bot that cheats: it picks by a hash of the whole state.
fn cheater<G: Game>(game: &G, seat: Seat) -> Option<G::Action> {
    let moves = game.legal_actions(seat);
    let mut h = DefaultHasher::new();
    format!("{game:?}").hash(&mut h);
    let n = u64::try_from(moves.len()).ok()?;
    moves
        .get(usize::try_from(h.finish() % n.max(1)).ok()?)
        .cloned()
}

/// One match of `G` with bots in every seat (normal and easy alternating,
/// so both levels act), as a log.
fn play_log<G: Bot>(options: &G::Options, seats: u8, seed: u64) -> Vec<StepOf<G>> {
    let mut game = G::new(options, seats).expect("setup");
    let mut chance = rng_for(seed, None);
    let mut rngs: Vec<ChaCha8Rng> = (0..seats).map(|s| rng_for(seed, Some(Seat(s)))).collect();
    let mut log = Vec::new();
    for _ in 0..20_000 {
        let step = match game.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => {
                let outcome = parlor_games::chance::sample(&game, &mut chance).expect("an outcome");
                Step::Chance { outcome }
            }
            ToAct::Seats { seats: to_act } => {
                let seat = to_act[0];
                let level = if seat.0 % 2 == 0 {
                    Level::Normal
                } else {
                    Level::Easy
                };
                let action = Player::Bot(level)
                    .act(&game, seat, &mut rngs[seat.index()])
                    .expect("a bot move");
                Step::Act { seat, action }
            }
        };
        game.apply(&step).expect("a legal step");
        log.push(step);
    }
    log
}

/// Walks `log` with a twin that `watcher` cannot tell apart, checking the
/// watcher's bot at each of its decisions. `lazy`: the twin keeps the
/// original's chance outcome but one time in four, so it lives longer past
/// steps that reveal things.
fn walk<G: Bot>(
    options: &G::Options,
    seats: u8,
    log: &[StepOf<G>],
    watcher: Seat,
    lazy: bool,
    seed: u64,
    seen: &mut Seen,
) {
    let me = Viewer::Seat(watcher);
    let mut original = G::new(options, seats).expect("setup");
    let mut twin = original.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    for (index, step) in log.iter().enumerate() {
        if let ToAct::Seats { seats: to_act } = original.to_act() {
            if to_act.contains(&watcher) {
                // The precondition: the two look the same to the watcher.
                assert_eq!(
                    bytes(&original.view(me)),
                    bytes(&twin.view(me)),
                    "step {index}: views differ"
                );
                let moves = original.legal_actions(watcher);
                assert_eq!(
                    moves,
                    twin.legal_actions(watcher),
                    "step {index}: legal actions differ"
                );
                let differs = original != twin;
                for level in [Level::Easy, Level::Normal] {
                    let bot_seed = seed ^ ((index as u64) << 8) ^ u64::from(level == Level::Normal);
                    let a = bot_action(
                        &original,
                        watcher,
                        level,
                        &mut ChaCha8Rng::seed_from_u64(bot_seed),
                    );
                    let b = bot_action(
                        &twin,
                        watcher,
                        level,
                        &mut ChaCha8Rng::seed_from_u64(bot_seed),
                    );
                    assert_eq!(a, b, "step {index}: the {level} bot told the twins apart");
                    assert!(
                        a.as_ref().is_some_and(|a| moves.contains(a)),
                        "step {index}: not a legal move"
                    );
                }
                if seen.decisions.is_multiple_of(HARD_EVERY) {
                    let budget = Budget::playouts(HARD_PLAYOUTS);
                    let hard_seed = seed ^ ((index as u64) << 8) ^ 2;
                    let a = hard_action(
                        &original,
                        watcher,
                        budget,
                        &mut ChaCha8Rng::seed_from_u64(hard_seed),
                    );
                    let b = hard_action(
                        &twin,
                        watcher,
                        budget,
                        &mut ChaCha8Rng::seed_from_u64(hard_seed),
                    );
                    assert_eq!(a, b, "step {index}: the hard bot told the twins apart");
                    assert!(
                        a.as_ref().is_some_and(|a| moves.contains(a)),
                        "step {index}: not a legal move"
                    );
                    seen.hard += 1;
                    seen.hard_hidden_differs += u64::from(differs);
                }
                seen.decisions += 1;
                if differs {
                    seen.hidden_differs += 1;
                    if cheater(&original, watcher) != cheater(&twin, watcher) {
                        seen.cheater_caught += 1;
                    }
                }
            }
        }
        let looks_same = |g: &G, s: &StepOf<G>| {
            bytes(&original.step_view(step, me)) == bytes(&g.step_view(s, me))
        };
        let twin_step: Option<StepOf<G>> = match step {
            Step::Chance { .. } => {
                let same: Vec<StepOf<G>> = twin
                    .chance_outcomes()
                    .into_iter()
                    .map(|(outcome, _)| Step::Chance { outcome })
                    .filter(|s| looks_same(&twin, s))
                    .collect();
                let other: Vec<&StepOf<G>> = same.iter().filter(|s| *s != step).collect();
                let keep =
                    same.contains(step) && (other.is_empty() || (lazy && !rng.random_ratio(1, 4)));
                if keep {
                    Some(step.clone())
                } else {
                    other
                        .get(rng.random_range(0..other.len().max(1)))
                        .map(|s| (*s).clone())
                }
            }
            Step::Act { seat, action } => {
                let legal = twin.legal_actions(*seat);
                if legal.contains(action) && looks_same(&twin, step) {
                    Some(step.clone())
                } else {
                    let same: Vec<StepOf<G>> = legal
                        .into_iter()
                        .map(|action| Step::Act {
                            seat: *seat,
                            action,
                        })
                        .filter(|s| looks_same(&twin, s))
                        .collect();
                    same.get(rng.random_range(0..same.len().max(1))).cloned()
                }
            }
        };
        // Nothing on offer looks the same: the step reveals how the two
        // differ, and the walk ends here.
        let Some(twin_step) = twin_step else {
            break;
        };
        original.apply(step).expect("the log replays");
        twin.apply(&twin_step).expect("the twin's step is on offer");
    }
}

fn check<G: Bot>(options: G::Options, seats: &[u8], seeds: u64) -> Seen {
    let mut seen = Seen::default();
    for &n in seats {
        for seed in 0..seeds {
            let log = play_log::<G>(&options, n, seed);
            let watcher = Seat(u8::try_from(seed % u64::from(n)).unwrap_or(0));
            walk::<G>(&options, n, &log, watcher, false, seed, &mut seen);
            walk::<G>(&options, n, &log, watcher, true, seed + 1_000, &mut seen);
        }
    }
    seen
}

/// For a game with hidden information: the twins really differed at some
/// decisions, and the cheater was caught there.
fn assert_has_teeth(seen: &Seen) {
    eprintln!("{seen:?}");
    assert!(seen.decisions > 50, "{seen:?}");
    assert!(
        seen.hidden_differs > 10,
        "the twins never differed: {seen:?}"
    );
    assert!(
        seen.cheater_caught > 0,
        "a state-reading bot went unnoticed: {seen:?}"
    );
    assert!(
        seen.hard_hidden_differs > 2,
        "the hard bot never met differing twins: {seen:?}"
    );
}

/// Every registered game, at two and three seats: a game that hides
/// something from a seat must show twins that differ and a cheater caught;
/// an open one (nothing hidden, so every twin is its original) must still
/// have its bots answer alike and legally.
fn bots_see_nothing_hidden<G: TestPlan>() {
    let seen = check::<G>(Default::default(), &[2, 3], G::BOT_TWIN_SEEDS);
    if G::HIDES_FROM_SEATS {
        assert_has_teeth(&seen);
    } else {
        assert!(seen.decisions > 20, "{seen:?}");
        assert!(seen.hard > 3, "{seen:?}");
        assert_eq!(seen.hidden_differs, 0, "{seen:?}");
    }
}

macro_rules! no_leak_tests {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        $(
            #[test]
            fn $module() {
                bots_see_nothing_hidden::<parlor_games::$module::$kind>();
            }
        )*
    };
}

parlor_protocol::playable_games!(no_leak_tests);
