//! (f) at most once and (g) view patches, for every game: random playouts at
//! every player count, through a `Timeline` as the server runs them.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_games::doozy_dice::DoozyDice;
use parlor_games::mix_the_mutts::MixTheMutts;
use parlor_games::testing::{seeds_per_count, sessions, SessionReport};
use parlor_games::zingamino::Zingamino;
use parlor_games::zoomies::Zoomies;
use parlor_games::zop_zoo::ZopZoo;
use parlor_games::Game;

/// Seeds per player count: enough to open many windows in a few seconds
/// (1,000 with `PARLOR_HEAVY=1`).
fn seeds() -> u64 {
    seeds_per_count(80)
}

fn run_all<G: Game>() -> SessionReport {
    let (min, max) = G::KIND.players();
    let mut total = SessionReport::default();
    for seats in min..=max {
        let r = sessions::<G>(&G::Options::default(), seats, 0..seeds());
        total.games += r.games;
        total.batches += r.batches;
        total.replays_refused += r.replays_refused;
        total.window_decisions += r.window_decisions;
        total.patches += r.patches;
    }
    assert!(total.games > 0 && total.patches > total.games, "{total:?}");
    assert!(total.replays_refused > total.games, "{total:?}");
    total
}

#[test]
fn doozy_dice() {
    run_all::<DoozyDice>();
}

#[test]
fn mix_the_mutts() {
    let r = run_all::<MixTheMutts>();
    // Mix-the-Mutts has simultaneous scoring windows: decisions made when a
    // window opened must have been checked against later answers.
    assert!(r.window_decisions > 0, "{r:?}");
}

#[test]
fn zoomies() {
    run_all::<Zoomies>();
}

/// Zingamino's games run several rounds to 64, so fewer seeds per count.
#[test]
fn zingamino() {
    let mut total = SessionReport::default();
    for seats in 2..=8 {
        let r = sessions::<Zingamino>(&Default::default(), seats, 0..25);
        total.games += r.games;
        total.batches += r.batches;
        total.replays_refused += r.replays_refused;
        total.patches += r.patches;
    }
    assert_eq!(total.games, 7 * 25, "{total:?}");
    assert!(total.patches > total.games, "{total:?}");
    assert!(total.replays_refused > total.games, "{total:?}");
}

/// Zop Zoo's games run several rounds to 800, so few seeds per count.
#[test]
fn zop_zoo() {
    let mut games = 0;
    for seats in 2..=6 {
        let r = sessions::<ZopZoo>(&Default::default(), seats, 0..4);
        assert_eq!(r.games, 4, "{r:?}");
        assert!(r.patches > r.games * 100, "{r:?}");
        assert!(r.replays_refused > r.games, "{r:?}");
        games += r.games;
    }
    assert_eq!(games, 20);
}
