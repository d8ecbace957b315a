//! The conformance harness on Doozy Dice: random playouts for each of 2, 3
//! and 4 players (1,000 each with `PARLOR_HEAVY=1`, 400 by default), a
//! quarter under each combination of the two options.

use crate::doozy_dice::{Chance, DoozyDice};
use crate::testing::{check, seeds_per_count, Config, Report, StepOf};
use crate::{Game, Step};
use parlor_protocol::doozy_dice::{Action, CardId, Options};
use parlor_protocol::Seat;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

/// Out-of-range and malformed steps of every kind.
fn garbage(game: &DoozyDice, rng: &mut ChaCha8Rng) -> Vec<StepOf<DoozyDice>> {
    let seat = Seat(rng.random_range(0..=game.seats() + 1));
    let small = |rng: &mut ChaCha8Rng| rng.random_range(0..=8u8);
    let len = rng.random_range(0..=7);
    let dice = (0..len).map(|_| small(rng)).collect();
    let action = match rng.random_range(0..4) {
        0 => Action::Roll { dice },
        1 => Action::Adjust {
            die: small(rng),
            to: small(rng),
        },
        2 => Action::Claim {
            card: CardId(rng.random_range(0..=30)),
        },
        _ => Action::Cutoff {
            card: CardId(rng.random_range(0..=30)),
        },
    };
    let outcome = if rng.random_bool(0.5) {
        Chance::Card(rng.random_range(0..=30))
    } else {
        Chance::Die(small(rng))
    };
    vec![Step::Act { seat, action }, Step::Chance { outcome }]
}

/// [`seeds_per_count`] seeds for `seats` players (1,000 with
/// `PARLOR_HEAVY=1`), a quarter per option combination.
fn run_all(seats: u8) -> Report {
    let n = seeds_per_count(200);
    let quarter = n / 4;
    let mut total = Report::default();
    for (i, (lock_set_aside, auto_claim)) in
        [(false, false), (true, false), (false, true), (true, true)]
            .into_iter()
            .enumerate()
    {
        let start = quarter * u64::try_from(i).unwrap_or(0);
        let mut config = Config::<DoozyDice>::new(
            Options {
                lock_set_aside,
                auto_claim,
            },
            seats,
            start..start + quarter,
        );
        config.garbage = Some(garbage);
        // The no-leak twin on every third seed.
        config.leak_every = 3;
        total.merge(&check(&config));
    }
    assert_eq!(total.games, n);
    assert!(total.refusals > n, "{total:?}");
    assert!(total.twins >= n / 3, "{total:?}");
    // Nothing is hidden in Doozy Dice: every step looks different to every
    // viewer, so each twin can only follow its original, step for step.
    assert_eq!(
        (total.twins_cut_short, total.twin_divergent_steps),
        (0, 0),
        "{total:?}"
    );
    eprintln!("{seats} players: {total:?}");
    total
}

#[test]
fn two_players() {
    run_all(2);
}

#[test]
fn three_players() {
    run_all(3);
}

#[test]
fn four_players() {
    run_all(4);
}
