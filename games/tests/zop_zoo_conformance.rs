//! The conformance harness on Zop Zoo: random playouts (each a whole game
//! of rounds to the target) for each of 2, 4 and 6 players, and a census
//! of the corners playouts reach.
//!
//! Nothing but the draw pile's order is hidden, and the state never holds
//! it, so every step looks different to every viewer and the no-leak twins
//! can only follow their originals.
//!
//! Seeds: 1,000 per player count with `PARLOR_HEAVY=1`; fewer by default
//! to keep the debug suite quick (see [`seeds`]).

use parlor_games::testing::{check, Config, Report, StepOf};
use parlor_games::zop_zoo::{Chance, ZopZoo};
use parlor_games::{Game, Step};
use parlor_protocol::zop_zoo::{Action, Animal, Category, Item, Options, Target};
use parlor_protocol::Seat;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

const ANIMALS: [Animal; 8] = [
    Animal::Bear,
    Animal::Owl,
    Animal::Gorilla,
    Animal::Skunk,
    Animal::Dragon,
    Animal::Phoenix,
    Animal::Leech,
    Animal::Griffin,
];

const CATEGORIES: [Category; 4] = [
    Category::Mammal,
    Category::Ocean,
    Category::Mythical,
    Category::Horns,
];

fn item(rng: &mut ChaCha8Rng) -> Item {
    if rng.random_bool(0.7) {
        Item::Stack {
            base: ANIMALS[rng.random_range(0..ANIMALS.len())],
        }
    } else {
        Item::Bonus {
            category: CATEGORIES[rng.random_range(0..CATEGORIES.len())],
        }
    }
}

/// Malformed and out-of-range steps of every kind: seats that do not
/// exist, items nobody holds, stacks that cannot take a wild, outcomes out
/// of range.
fn garbage(game: &ZopZoo, rng: &mut ChaCha8Rng) -> Vec<StepOf<ZopZoo>> {
    let seats = game.seats();
    let seat = Seat(rng.random_range(0..=seats));
    let other = Seat(rng.random_range(0..=seats));
    let action = match rng.random_range(0..7) {
        0 => Action::TakeFromDiscard,
        1 => Action::Dig,
        2 => Action::Draw,
        3 => Action::Cover {
            base: ANIMALS[rng.random_range(0..ANIMALS.len())],
        },
        4 => Action::Give {
            item: item(rng),
            to: other,
        },
        5 => Action::Take {
            from: other,
            item: item(rng),
        },
        _ => Action::Switch {
            mine: item(rng),
            with: other,
            theirs: item(rng),
        },
    };
    let outcome = match rng.random_range(0..3) {
        0 => Chance::FirstPlayer(Seat(rng.random_range(0..=seats + 1))),
        1 => Chance::Deal(rng.random_range(0..=60)),
        _ => Chance::Draw(rng.random_range(0..=70)),
    };
    vec![Step::Act { seat, action }, Step::Chance { outcome }]
}

/// 1,000 with `PARLOR_HEAVY=1`; else 150, which keeps this file under a
/// minute in a debug build on two cores (six-player games run to 14 rounds
/// and 1,500 steps, every view serialized at every step).
fn seeds() -> u64 {
    if std::env::var_os("PARLOR_HEAVY").is_some() {
        1000
    } else {
        150
    }
}

fn run_all(seats: u8, target: Target) -> Report {
    let n = seeds();
    let options = Options {
        target,
        first_player: None,
    };
    let mut config = Config::<ZopZoo>::new(options, seats, 0..n);
    config.garbage = Some(garbage);
    config.leak_every = 10;
    config.probe_every = 16;
    config.replay_prefixes = 1;
    let total = check(&config);
    eprintln!("{seats} players: {total:?}");
    assert_eq!(total.games, n);
    assert!(total.refusals > n, "{total:?}");
    assert_eq!(total.twins, n.div_ceil(10), "{total:?}");
    // Nothing is hidden: every step looks different to every viewer, so
    // each twin can only follow its original, step for step.
    assert_eq!(
        (total.twins_cut_short, total.twin_divergent_steps),
        (0, 0),
        "{total:?}"
    );
    total
}

#[test]
fn two_players() {
    run_all(2, Target::Standard);
}

#[test]
fn two_players_to_1000() {
    let mut config = Config::<ZopZoo>::new(
        Options {
            target: Target::Long,
            first_player: Some(Seat(1)),
        },
        2,
        0..seeds() / 5,
    );
    config.garbage = Some(garbage);
    config.leak_every = 0;
    let total = check(&config);
    assert_eq!(total.games, seeds() / 5);
}

#[test]
fn four_players() {
    run_all(4, Target::Standard);
}

#[test]
fn six_players() {
    run_all(6, Target::Standard);
}

#[test]
fn six_players_to_600() {
    let mut config = Config::<ZopZoo>::new(
        Options {
            target: Target::Short,
            first_player: None,
        },
        6,
        0..seeds() / 5,
    );
    config.garbage = Some(garbage);
    config.leak_every = 0;
    let total = check(&config);
    assert_eq!(total.games, seeds() / 5);
}
