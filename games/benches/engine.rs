//! Engine benchmarks, per playable game (`cargo bench -p parlor-games`):
//!
//! - `random_match`: whole random matches (chance drawn by weight with
//!   `Game::sample_chance`, a random legal action for a seat to act with
//!   `Game::random_action`) from setup to the end; throughput in
//!   matches per second on one core.
//! - `random_steps`: the same random play over a fixed set of matches (seeds
//!   0..MATCHES); throughput in steps (actions and chance outcomes) per
//!   second, since matches of different games differ in length.
//! - `views_per_step`: what the server computes for every step of a match:
//!   each viewer's step view (before the step), the step, and each viewer's
//!   new view as JSON (what patches are diffed against); per step.
//! - `patch_by_diff` and `patch_typed`: seat 0's view patch after every
//!   step (with the step applied and the typed view built), the generic way
//!   (the view as JSON, diffed) and the server's (the typed view walked
//!   against the old JSON, which is patched in place); per step.
//! - `update`: one viewer's update: the patch between its views
//!   (`parlor_games::patch::diff`) and the `ServerMsg::Update` encoded with
//!   serde_json; per step, averaged over a whole match.
//!
//! `cargo test --all-targets` runs each benchmark once, untimed.
#![allow(missing_docs, clippy::unwrap_used)]

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use parlor_games::doozy_dice::DoozyDice;
use parlor_games::mix_the_mutts::MixTheMutts;
use parlor_games::patch::Walked;
use parlor_games::zingamino::Zingamino;
use parlor_games::zoomies::Zoomies;
use parlor_games::zop_zoo::ZopZoo;
use parlor_games::{Game, Seat, Step, ToAct, Viewer};
use parlor_protocol::{AnyStepView, ServerMsg};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde_json::Value;
use std::hint::black_box;

/// Seats at the table in every benchmark.
const SEATS: u8 = 4;

/// Matches (seeds `0..MATCHES`) played by `random_steps`.
const MATCHES: u64 = 16;

/// Plays one random match of `G` to its end; returns its log.
fn random_match<G: Game>(rng: &mut ChaCha8Rng) -> Vec<Step<G::Action, G::Chance>> {
    let mut game = G::new(&G::Options::default(), SEATS).unwrap();
    let mut log = Vec::new();
    // A bound well above any real match: a rules bug must not hang the bench.
    for _ in 0..100_000 {
        let step = match game.to_act() {
            ToAct::Finished => return log,
            ToAct::Chance => Step::Chance {
                outcome: game.sample_chance(rng).unwrap(),
            },
            ToAct::Seats { seats } => {
                let seat = seats[rng.random_range(0..seats.len())];
                let action = game.random_action(seat, rng).unwrap();
                Step::Act { seat, action }
            }
        };
        game.apply(&step).unwrap();
        log.push(step);
    }
    panic!("no end after 100,000 steps");
}

fn viewers() -> Vec<Viewer> {
    (0..SEATS)
        .map(|s| Viewer::Seat(Seat(s)))
        .chain(std::iter::once(Viewer::Spectator))
        .collect()
}

/// Every viewer's step views and views, as the server computes them.
fn views_per_step<G: Game>(log: &[Step<G::Action, G::Chance>]) -> usize {
    let viewers = viewers();
    let mut game = G::new(&G::Options::default(), SEATS).unwrap();
    let mut bytes = 0;
    for step in log {
        for v in &viewers {
            black_box(game.step_view(step, *v));
        }
        game.apply(step).unwrap();
        for v in &viewers {
            let value = serde_json::to_value(game.view(*v)).unwrap();
            bytes += usize::from(value.is_object());
            black_box(value);
        }
    }
    bytes
}

/// Seat 0's views (as JSON) before every step and after the last, with its
/// step views.
struct Recorded {
    views: Vec<Value>,
    step_views: Vec<AnyStepView>,
    to_act: Vec<ToAct>,
}

fn record<G: Game>(
    log: &[Step<G::Action, G::Chance>],
    wrap: impl Fn(G::StepView) -> AnyStepView,
) -> Recorded {
    let me = Viewer::Seat(Seat(0));
    let mut game = G::new(&G::Options::default(), SEATS).unwrap();
    let mut r = Recorded {
        views: vec![serde_json::to_value(game.view(me)).unwrap()],
        step_views: Vec::new(),
        to_act: Vec::new(),
    };
    for step in log {
        r.step_views.push(wrap(game.step_view(step, me)));
        game.apply(step).unwrap();
        r.views.push(serde_json::to_value(game.view(me)).unwrap());
        r.to_act.push(game.to_act());
    }
    r
}

/// Diffs and encodes seat 0's update for every step; returns the bytes.
fn updates(r: &Recorded) -> usize {
    let mut bytes = 0;
    for (i, step) in r.step_views.iter().enumerate() {
        let patch = parlor_games::patch::diff(&r.views[i], &r.views[i + 1]);
        let msg = ServerMsg::Update {
            version: i as u64 + 1,
            steps: vec![step.clone()],
            to_act: r.to_act[i].clone(),
            patch,
            deadline: None,
            timed_out: None,
            take_back: None,
        };
        bytes += serde_json::to_string(&msg).unwrap().len();
    }
    bytes
}

/// Seat 0's view patch after every step, as the generic path computes it:
/// the new view built as JSON and diffed with the old one.
fn patches_by_diff<G: Game>(log: &[Step<G::Action, G::Chance>]) -> usize {
    let me = Viewer::Seat(Seat(0));
    let mut game = G::new(&G::Options::default(), SEATS).unwrap();
    let mut view = serde_json::to_value(game.view(me)).unwrap();
    let mut changed = 0;
    for step in log {
        game.apply(step).unwrap();
        let next = serde_json::to_value(game.view(me)).unwrap();
        changed += usize::from(!parlor_games::patch::diff(&view, &next).is_empty());
        view = next;
    }
    changed
}

/// The same patches as the server takes them: the typed view, in its
/// tagged envelope as an `AnyView` is, walked against the old JSON
/// (`patch::merge_from`, or with `within` only the members the step may
/// change, `patch::merge_within`) and the old JSON patched in place, the
/// generic path where that walk gives up.
fn patches_typed<G: Game>(log: &[Step<G::Action, G::Chance>], within: bool) -> usize {
    let at = parlor_protocol::game::VIEW_MEMBER;
    let me = Viewer::Seat(Seat(0));
    let mut game = G::new(&G::Options::default(), SEATS).unwrap();
    let mut view = serde_json::json!({ "game": "game", at: game.view(me) });
    let mut changed = 0;
    for step in log {
        let changes = game.view_changes(step).filter(|_| within);
        game.apply(step).unwrap();
        let typed = parlor_games::patch::Enveloped {
            game: "game",
            view: &game.view(me),
        };
        let walked = match changes {
            Some(members) => parlor_games::patch::merge_within(&view, &typed, at, members),
            None => parlor_games::patch::merge_from(&view, &typed),
        };
        let patch = match walked {
            Walked::Merge(merge) => {
                let patch = parlor_protocol::ViewPatch::Merge(merge);
                parlor_games::patch::apply(&mut view, &patch).unwrap();
                patch
            }
            Walked::Ops => {
                let next = serde_json::to_value(&typed).unwrap();
                let patch = parlor_protocol::ViewPatch::Ops(parlor_games::patch::ops(&view, &next));
                view = next;
                patch
            }
            Walked::Long(merge) => {
                let next = serde_json::to_value(&typed).unwrap();
                let patch = parlor_games::patch::shorter(merge, &view, &next);
                view = next;
                patch
            }
            Walked::Diff => {
                let next = serde_json::to_value(&typed).unwrap();
                let patch = parlor_games::patch::diff(&view, &next);
                view = next;
                patch
            }
        };
        changed += usize::from(!patch.is_empty());
    }
    changed
}

fn bench_game<G: Game>(c: &mut Criterion, name: &str, wrap: fn(G::StepView) -> AnyStepView) {
    let mut group = c.benchmark_group(name);
    group.throughput(Throughput::Elements(1));
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    group.bench_function("random_match", |b| {
        b.iter(|| black_box(random_match::<G>(&mut rng).len()))
    });

    // The same seeds every run, so the step count (the throughput) is fixed.
    let steps: usize = (0..MATCHES)
        .map(|seed| random_match::<G>(&mut ChaCha8Rng::seed_from_u64(seed)).len())
        .sum();
    group.throughput(Throughput::Elements(steps as u64));
    group.bench_function("random_steps", |b| {
        b.iter(|| {
            let played: usize = (0..MATCHES)
                .map(|seed| random_match::<G>(&mut ChaCha8Rng::seed_from_u64(seed)).len())
                .sum();
            black_box(played)
        })
    });

    // One fixed, typical match for the per-step benchmarks.
    let log = random_match::<G>(&mut ChaCha8Rng::seed_from_u64(42));
    group.throughput(Throughput::Elements(log.len() as u64));
    group.bench_function("views_per_step", |b| {
        b.iter(|| black_box(views_per_step::<G>(&log)))
    });
    group.bench_function("patch_by_diff", |b| {
        b.iter(|| black_box(patches_by_diff::<G>(&log)))
    });
    group.bench_function("patch_typed", |b| {
        b.iter(|| black_box(patches_typed::<G>(&log, false)))
    });
    group.bench_function("patch_within", |b| {
        b.iter(|| black_box(patches_typed::<G>(&log, true)))
    });
    let recorded = record::<G>(&log, wrap);
    group.bench_function("update", |b| {
        b.iter_batched(
            || (),
            |()| black_box(updates(&recorded)),
            BatchSize::SmallInput,
        )
    });
    group.finish();
}

fn engine(c: &mut Criterion) {
    bench_game::<DoozyDice>(c, "doozy_dice", parlor_protocol::AnyStepView::DoozyDice);
    bench_game::<MixTheMutts>(
        c,
        "mix_the_mutts",
        parlor_protocol::AnyStepView::MixTheMutts,
    );
    bench_game::<Zoomies>(c, "zoomies", parlor_protocol::AnyStepView::Zoomies);
    bench_game::<Zingamino>(c, "zingamino", parlor_protocol::AnyStepView::Zingamino);
    bench_game::<ZopZoo>(c, "zop_zoo", parlor_protocol::AnyStepView::ZopZoo);
}

criterion_group!(benches, engine);
criterion_main!(benches);
