//! The conformance harness on Zop Zoo: random playouts (each a whole game
//! of rounds to the target) for each of 2, 4 and 6 players, and a census
//! of the corners playouts reach.
//!
//! Nothing but the draw pile's order is hidden, and the state never holds
//! it, so every step looks different to every viewer and the no-leak twins
//! can only follow their originals.
//!
//! Seeds: 1,000 per player count with `PARLOR_HEAVY=1`; fewer by default
//! to keep the debug suite quick (see [`seeds`], six players half that).

use crate::testing::{check, seeds_per_count, Config, Report, StepOf};
use crate::zop_zoo::{Chance, ZopZoo};
use crate::{Game, Step};
use parlor_protocol::zop_zoo::{Action, Animal, Card, Category, Item, Options, Target};
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

/// Seeds for two and four players, and a fifth of them for the other
/// targets: 1,000 with `PARLOR_HEAVY=1`; else 60, which keeps this file
/// near a minute of CI's two cores (with 120 it was two and a half).
fn seeds() -> u64 {
    seeds_per_count(60)
}

fn run_all(seats: u8, target: Target, n: u64) -> Report {
    run_with(
        seats,
        Options {
            target,
            ..Options::default()
        },
        n,
    )
}

fn run_with(seats: u8, options: Options, n: u64) -> Report {
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
    run_all(2, Target::Standard, seeds());
}

/// Matches stored before draws waited for a click (`draw_by_click` off):
/// the server draws at once, as it did then.
#[test]
fn two_and_four_players_drawing_at_once() {
    let old = Options {
        draw_by_click: false,
        ..Options::default()
    };
    run_with(2, old, seeds() / 4);
    run_with(4, old, seeds() / 4);
}

#[test]
fn two_players_to_1000() {
    let mut config = Config::<ZopZoo>::new(
        Options {
            target: Target::Long,
            first_player: Some(Seat(1)),
            ..Options::default()
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
    run_all(4, Target::Standard, seeds());
}

#[test]
fn six_players() {
    // Six-player games run to 14 rounds and 1,500 steps, every view
    // serialized at every step: half the seeds outside heavy runs.
    run_all(6, Target::Standard, seeds_per_count(30));
}

#[test]
fn six_players_to_600() {
    let mut config = Config::<ZopZoo>::new(
        Options {
            target: Target::Short,
            first_player: None,
            ..Options::default()
        },
        6,
        0..seeds() / 5,
    );
    config.garbage = Some(garbage);
    config.leak_every = 0;
    let total = check(&config);
    assert_eq!(total.games, seeds() / 5);
}

/// Counts of the corners reached by random playouts.
#[derive(Debug, Default)]
struct Corners {
    games: u32,
    rounds_won: u32,
    rounds_exhausted: u32,
    won_mid_chain: u32,
    drawn_mole_digs: u32,
    discard_mole_digs: u32,
    declined_digs: u32,
    /// Draws the seat clicked with nothing else to do.
    forced_draws: u32,
    moles_discarded: u32,
    fixpoint_digs: u32,
    /// HYENA, RACCOON, EARTHWORM used after being drawn.
    drawn_tasks: [u32; 3],
    /// … used from the top of the discard pile.
    discard_tasks: [u32; 3],
    tasks_discarded_unusable: u32,
    void_tasks_seen: u32,
    beasts: u32,
    best_beasts: u32,
    chained_takes: u32,
    side_bonuses: u32,
    negative_winners: u32,
    shared_wins: u32,
    multi_round_games: u32,
}

fn task_index(card: &Card) -> Option<usize> {
    match card {
        Card::Hyena => Some(0),
        Card::Raccoon => Some(1),
        Card::Earthworm => Some(2),
        _ => None,
    }
}

fn corners(seeds: std::ops::Range<u64>) -> Corners {
    use parlor_protocol::zop_zoo::{Effect, Mark, RoundEnd, StepView};
    use parlor_protocol::{ToAct, Viewer};
    use rand::SeedableRng;
    let mut c = Corners::default();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = [2, 3, 4, 5, 6][usize::try_from(seed % 5).unwrap_or(0)];
        let mut game = ZopZoo::new(&Options::default(), seats).expect("setup");
        let mut voids = 0;
        loop {
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let outcomes = game.chance_outcomes();
                    let total: u32 = outcomes.iter().map(|o| o.1).sum();
                    let mut r = rng.random_range(0..total);
                    let mut pick = outcomes[0].0;
                    for (o, w) in outcomes {
                        if r < w {
                            pick = o;
                            break;
                        }
                        r -= w;
                    }
                    Step::Chance { outcome: pick }
                }
                ToAct::Seats { seats } => {
                    let legal = game.legal_actions(seats[0]);
                    // A forced draw takes nothing from the generator, so
                    // the seeded games are those played before draws
                    // waited for a click.
                    let action = if legal == [Action::Draw] {
                        Action::Draw
                    } else {
                        legal[rng.random_range(0..legal.len())]
                    };
                    Step::Act {
                        seat: seats[0],
                        action,
                    }
                }
            };
            let told = game.step_view(&step, Viewer::Spectator);
            let round_end = match told {
                StepView::CardDrawn {
                    card,
                    effect,
                    round_end,
                    ..
                } => {
                    match effect {
                        Effect::Dug { taken } => {
                            c.drawn_mole_digs += 1;
                            c.fixpoint_digs += u32::from(taken.len() > 1);
                        }
                        Effect::Matched { taken } => {
                            c.side_bonuses += u32::from(taken.onto.is_none());
                        }
                        Effect::Discarded if card == Card::Mole => c.moles_discarded += 1,
                        Effect::Discarded if task_index(&card).is_some() => {
                            c.tasks_discarded_unusable += 1;
                        }
                        _ => {}
                    }
                    round_end
                }
                StepView::Dug {
                    taken, round_end, ..
                } => {
                    c.discard_mole_digs += 1;
                    c.fixpoint_digs += u32::from(taken.len() > 1);
                    round_end
                }
                StepView::Drew {
                    left_mole,
                    round_end,
                    ..
                } => {
                    if left_mole {
                        c.declined_digs += 1;
                    } else {
                        c.forced_draws += 1;
                    }
                    round_end
                }
                StepView::TookFromDiscard {
                    taken, round_end, ..
                } => {
                    c.chained_takes += u32::from(taken.len() > 1);
                    c.won_mid_chain += u32::from(round_end.is_some() && taken.len() > 1);
                    round_end
                }
                StepView::Covered {
                    wild, round_end, ..
                } => {
                    c.beasts += u32::from(wild == Card::Beast);
                    c.best_beasts += u32::from(wild == Card::BestBeast);
                    round_end
                }
                StepView::TaskUsed {
                    task,
                    from_discard,
                    round_end,
                    ..
                } => {
                    if let Some(i) = task_index(&task) {
                        if from_discard {
                            c.discard_tasks[i] += 1;
                        } else {
                            c.drawn_tasks[i] += 1;
                        }
                    }
                    round_end
                }
                StepView::Dealt { round_end, .. } => round_end,
                StepView::FirstPlayer { .. } | StepView::Refused { .. } => None,
            };
            if let Some(summary) = round_end {
                match summary.ended_by {
                    RoundEnd::Won => {
                        c.rounds_won += 1;
                        let w = summary.winner.map_or(0, |s| usize::from(s.0));
                        c.negative_winners += u32::from(summary.seats[w].points < 0);
                    }
                    RoundEnd::Exhausted => c.rounds_exhausted += 1,
                }
            }
            game.apply(&step).expect("a listed step");
            let now = game
                .view(Viewer::Spectator)
                .discard
                .iter()
                .filter(|d| d.mark == Mark::Void)
                .count();
            if now > voids {
                c.void_tasks_seen += 1;
            }
            voids = now;
        }
        c.games += 1;
        let out = game.outcome().expect("finished");
        assert!(out.scorecard.players.iter().any(|p| p.total >= 800));
        assert_eq!(
            out.scorecard
                .players
                .iter()
                .map(|p| p.rounds.iter().sum::<i32>())
                .collect::<Vec<_>>(),
            out.scorecard
                .players
                .iter()
                .map(|p| p.total)
                .collect::<Vec<_>>(),
            "per-round scores add up"
        );
        c.shared_wins += u32::from(out.ranks.iter().filter(|&&r| r == 1).count() > 1);
        c.multi_round_games += u32::from(out.scorecard.rounds.len() > 1);
    }
    c
}

#[test]
fn playouts_reach_digs_every_task_card_wilds_chains_exhaustion_and_shared_wins() {
    // 600 whole games of 2 to 6 players; seeded, so the counts stay (seed
    // 1495 ends in a shared win, about one game in 500 does).
    let c = corners(1000..1600);
    eprintln!("{c:#?}");
    assert_eq!(c.games, 600);
    assert_eq!(c.multi_round_games, 600, "{c:?}");
    assert!(c.rounds_won > 2000, "{c:?}");
    assert!(c.rounds_exhausted > 50, "{c:?}");
    assert!(c.won_mid_chain > 10, "{c:?}");
    assert!(c.drawn_mole_digs > 1000, "{c:?}");
    assert!(c.discard_mole_digs > 500, "{c:?}");
    assert!(c.declined_digs > 500, "{c:?}");
    assert!(c.forced_draws > 10_000, "{c:?}");
    assert!(c.moles_discarded > 1000, "{c:?}");
    assert!(c.fixpoint_digs > 500, "{c:?}");
    assert!(c.drawn_tasks.iter().all(|&n| n > 500), "{c:?}");
    assert!(c.discard_tasks.iter().all(|&n| n > 5), "{c:?}");
    assert!(c.tasks_discarded_unusable > 100, "{c:?}");
    assert!(c.void_tasks_seen > 20, "{c:?}");
    assert!(c.beasts > 1000 && c.best_beasts > 500, "{c:?}");
    assert!(c.chained_takes > 500, "{c:?}");
    assert!(c.side_bonuses > 1000, "{c:?}");
    assert!(c.negative_winners > 10, "{c:?}");
    assert!(c.shared_wins > 0, "{c:?}");
}
