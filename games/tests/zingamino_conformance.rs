//! The conformance harness on Zingamino: 1,000 random playouts (each a
//! whole game of rounds to 64) for each of 2, 4 and 8 players, with a
//! no-leak twin on one seed in four.
//!
//! Hands are hidden, so the twins must really differ from their originals
//! (other tiles dealt and dug) while every view they are compared on stays
//! the same.

use parlor_games::testing::{check, Config, Report, StepOf};
use parlor_games::zingamino::{Chance, Zingamino};
use parlor_games::{Game, Step};
use parlor_protocol::zingamino::{Action, Options, TileId};
use parlor_protocol::{Seat, Viewer};
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Malformed and out-of-range steps, with tiles from the seat's own hand
/// and spaces of their colour so that the finer checks (taken spaces,
/// colours, squares, matching, declarations) are probed too.
fn garbage(game: &Zingamino, rng: &mut ChaCha8Rng) -> Vec<StepOf<Zingamino>> {
    let seat = Seat(rng.random_range(0..=game.seats()));
    let hand: Vec<TileId> = game.view(Viewer::Seat(seat)).hand.unwrap_or_default();
    let tile = match hand.get(rng.random_range(0..hand.len() + 1)) {
        Some(t) if rng.random_bool(0.8) => *t,
        _ => TileId(rng.random_range(0..=70)),
    };
    let space = if rng.random_bool(0.8) {
        (tile.0 / 16 % 4) * 16 + rng.random_range(0..16)
    } else {
        rng.random()
    };
    let action = if rng.random_bool(0.1) {
        Action::Pass
    } else {
        Action::Place {
            tile,
            space,
            flip: rng.random_bool(0.3),
            value: rng.random_bool(0.2).then(|| rng.random_range(0..=6)),
        }
    };
    let outcome = Chance::Tile(TileId(rng.random_range(0..=70)));
    vec![Step::Act { seat, action }, Step::Chance { outcome }]
}

const SEEDS: u64 = 1000;

fn run_all(seats: u8) -> Report {
    let mut config = Config::<Zingamino>::new(Options::default(), seats, 0..SEEDS);
    config.garbage = Some(garbage);
    config.leak_every = 4;
    config.probe_every = 16;
    config.replay_prefixes = 1;
    let total = check(&config);
    eprintln!("{seats} players: {total:?}");
    assert_eq!(total.games, SEEDS);
    assert!(total.refusals > SEEDS, "{total:?}");
    assert_eq!(total.twins, SEEDS / 4, "{total:?}");
    // Hidden hands: nearly every twin was dealt or dug other tiles than its
    // original, unseen by its viewer, while every view stayed the same.
    assert!(total.twins_diverged > SEEDS / 5, "{total:?}");
    assert!(total.twin_divergent_steps > SEEDS, "{total:?}");
    total
}

#[test]
fn two_players() {
    run_all(2);
}

#[test]
fn four_players() {
    run_all(4);
}

#[test]
fn eight_players() {
    run_all(8);
}
