//! The hard bot's deals ([`Determinize`]) agree with the view they are
//! dealt from, and fill what it hides uniformly.
//!
//! - Round trip: over random playouts (the conformance harness's kind: whole
//!   matches of random legal steps, at every seat count of the game), at
//!   every step and for every seat, a state dealt from the seat's view
//!   shows that seat exactly the same view (both serialized to JSON,
//!   compared byte for byte) and, when the seat is to act, offers it the
//!   same moves.
//! - Uniformity: from a few fixed views (fixed seeds, so the test is
//!   deterministic), many deals put each unseen piece in another seat's
//!   hand equally often (a chi-square test at p = 0.001).

use parlor_games::bot::search::Determinize;
use parlor_games::bot::selfplay::rng_for;
use parlor_games::{Bot, Game, Seat, Step, ToAct, Viewer};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

fn json<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_default()
}

/// What [`round_trip`] checked.
#[derive(Debug, Default)]
struct Checked {
    views: u64,
    to_act: u64,
}

/// Plays `matches` random matches of `G` at `seats` and checks every seat's
/// deal at every step.
fn round_trip<G: Bot>(options: &G::Options, seats: u8, matches: u64, checked: &mut Checked) {
    for seed in 0..matches {
        let mut game = G::new(options, seats).expect("setup");
        let mut rng = rng_for(seed, None);
        let mut deal_rng = ChaCha8Rng::seed_from_u64(seed ^ 0xdea1);
        for index in 0..200_000u32 {
            for s in 0..seats {
                let seat = Seat(s);
                let view = game.view(Viewer::Seat(seat));
                let Some(dealt) = G::determinize(&view, seat, &mut deal_rng) else {
                    panic!("seed {seed} step {index} seat {s}: no deal from the view {view:?}");
                };
                assert_eq!(
                    json(&dealt.view(Viewer::Seat(seat))),
                    json(&view),
                    "seed {seed} step {index} seat {s}: the deal shows another view"
                );
                checked.views += 1;
                if let ToAct::Seats { seats: to_act } = game.to_act() {
                    if to_act.contains(&seat) {
                        assert_eq!(
                            dealt.legal_actions(seat),
                            game.legal_actions(seat),
                            "seed {seed} step {index} seat {s}: other moves in the deal"
                        );
                        checked.to_act += 1;
                    }
                }
            }
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => Step::Chance {
                    outcome: game.sample_chance(&mut rng).expect("an outcome"),
                },
                ToAct::Seats { seats: to_act } => {
                    let seat = to_act[0];
                    Step::Act {
                        seat,
                        action: game.random_action(seat, &mut rng).expect("a move"),
                    }
                }
            };
            game.apply(&step).expect("a legal step");
        }
    }
}

fn round_trip_all<G: Bot>(matches: u64) {
    let (min, max) = G::KIND.players();
    let mut checked = Checked::default();
    for seats in min..=max.min(4) {
        round_trip::<G>(&G::Options::default(), seats, matches, &mut checked);
    }
    eprintln!("{checked:?}");
    assert!(checked.views > 500, "{checked:?}");
    assert!(checked.to_act > 50, "{checked:?}");
}

/// The chi-square statistic of `counts` against equal expectations.
fn chi_square(counts: &[u64]) -> f64 {
    let total: u64 = counts.iter().sum();
    let expected = total as f64 / counts.len().max(1) as f64;
    counts
        .iter()
        .map(|&c| (c as f64 - expected).powi(2) / expected)
        .sum()
}

/// The chi-square value exceeded with probability 0.001 at `df` degrees of
/// freedom (Wilson–Hilferty; close enough from a few degrees on).
fn critical(df: usize) -> f64 {
    let df = df as f64;
    let z = 3.09;
    let a = 2.0 / (9.0 * df);
    df * (1.0 - a + z * a.sqrt()).powi(3)
}

/// Deals `samples` states from `seat`'s view of `game`, collects for each
/// the pieces `hidden` reads from it (what `seat` cannot see), and checks
/// that each of `pool` (the pieces that could be there) came up equally
/// often.
fn uniform<G: Bot, P: PartialEq + std::fmt::Debug>(
    game: &G,
    seat: Seat,
    samples: u32,
    pool: &[P],
    hidden: impl Fn(&G) -> Vec<P>,
) {
    assert!(pool.len() > 2, "a pool of {} says nothing", pool.len());
    let view = game.view(Viewer::Seat(seat));
    let mut rng = ChaCha8Rng::seed_from_u64(29);
    let mut counts = vec![0u64; pool.len()];
    for _ in 0..samples {
        let dealt = G::determinize(&view, seat, &mut rng).expect("a deal");
        for piece in hidden(&dealt) {
            let i = pool
                .iter()
                .position(|p| *p == piece)
                .unwrap_or_else(|| panic!("{piece:?} is not in the pool: seen or unknown"));
            counts[i] += 1;
        }
    }
    let chi = chi_square(&counts);
    let crit = critical(pool.len() - 1);
    eprintln!(
        "{}: chi-square {chi:.1} < {crit:.1} over {} pieces",
        G::KIND.slug(),
        pool.len()
    );
    assert!(chi < crit, "not uniform: {counts:?}");
}

/// Plays `G` from `seed` with random steps until `stop` holds.
fn position<G: Bot>(seats: u8, seed: u64, stop: impl Fn(&G) -> bool) -> G {
    let mut game = G::new(&G::Options::default(), seats).expect("setup");
    let mut rng = rng_for(seed, None);
    for _ in 0..100_000 {
        if stop(&game) {
            return game;
        }
        let step = match game.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => Step::Chance {
                outcome: game.sample_chance(&mut rng).expect("an outcome"),
            },
            ToAct::Seats { seats: to_act } => Step::Act {
                seat: to_act[0],
                action: game.random_action(to_act[0], &mut rng).expect("a move"),
            },
        };
        game.apply(&step).expect("a legal step");
    }
    panic!("seed {seed}: never reached the position");
}

#[test]
fn the_chi_square_check_catches_a_skew() {
    // Equal counts pass; one piece a third more often than the rest fails.
    let even = vec![1000u64; 40];
    assert!(chi_square(&even) < critical(39));
    let mut skewed = even.clone();
    skewed[0] = 1_340;
    assert!(chi_square(&skewed) > critical(39));
    // The approximation against tabled values (df 10: 29.59; 60: 99.61).
    assert!((critical(10) - 29.59).abs() < 0.5);
    assert!((critical(60) - 99.61).abs() < 0.5);
}

mod doozy_dice {
    use super::*;
    use parlor_games::doozy_dice::DoozyDice;

    #[test]
    fn deals_show_the_same_view() {
        round_trip_all::<DoozyDice>(4);
    }

    #[test]
    fn nothing_is_hidden_so_every_deal_is_the_state() {
        for seed in 0..4 {
            let game = position::<DoozyDice>(2, seed, |g| {
                matches!(g.to_act(), ToAct::Seats { .. }) && seed_step(g) > 3
            });
            for s in 0..2 {
                let view = game.view(Viewer::Seat(Seat(s)));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                assert_eq!(
                    DoozyDice::determinize(&view, Seat(s), &mut rng),
                    Some(game.clone())
                );
            }
        }
    }

    /// Turns taken so far, from the public view.
    fn seed_step(g: &DoozyDice) -> usize {
        let v = g.view(Viewer::Spectator);
        v.players.iter().map(|p| p.combos.len()).sum()
    }
}

mod zop_zoo {
    use super::*;
    use parlor_games::zop_zoo::ZopZoo;

    #[test]
    fn deals_show_the_same_view() {
        round_trip_all::<ZopZoo>(2);
    }

    #[test]
    fn nothing_is_hidden_so_every_deal_is_the_state() {
        for seed in 0..4 {
            let game = position::<ZopZoo>(2, seed, |g| {
                let v = g.view(Viewer::Spectator);
                v.discard.len() > 4 && matches!(g.to_act(), ToAct::Seats { .. })
            });
            // The seat to act: another seat cannot tell whether a
            // `draw_by_click` draw is clicked yet (see the game's deal).
            let ToAct::Seats { seats: to_act } = game.to_act() else {
                panic!("stopped where a seat acts");
            };
            for s in to_act {
                let view = game.view(Viewer::Seat(s));
                let mut rng = ChaCha8Rng::seed_from_u64(seed);
                assert_eq!(ZopZoo::determinize(&view, s, &mut rng), Some(game.clone()));
            }
        }
    }
}

mod zingamino {
    use super::*;
    use parlor_games::zingamino::Zingamino;
    use parlor_protocol::zingamino::{Phase, TileId};

    #[test]
    fn deals_show_the_same_view() {
        round_trip_all::<Zingamino>(2);
    }

    #[test]
    fn hidden_tiles_are_dealt_uniformly() {
        for (seats, seed) in [(2, 3), (3, 11)] {
            // Mid-round, some tiles on the board, the other hands full.
            let game = position::<Zingamino>(seats, seed, |g| {
                let v = g.view(Viewer::Spectator);
                matches!(v.phase, Phase::Turn { .. })
                    && v.board.iter().flatten().count() >= 4
                    && v.players.iter().all(|p| p.hand_size >= 3)
            });
            let me = Seat(0);
            let view = game.view(Viewer::Seat(me));
            let mut seen: Vec<TileId> = view.hand.clone().unwrap_or_default();
            seen.extend(view.board.iter().flatten().map(|p| p.tile));
            let pool: Vec<TileId> = (0..64).map(TileId).filter(|t| !seen.contains(t)).collect();
            uniform(&game, me, 4_000, &pool, |g| {
                g.view(Viewer::Seat(Seat(1))).hand.unwrap_or_default()
            });
        }
    }
}

mod zoomies {
    use super::*;
    use parlor_games::zoomies::Zoomies;
    use parlor_protocol::zoomies::{Phase, TileId};

    #[test]
    fn deals_show_the_same_view() {
        round_trip_all::<Zoomies>(3);
    }

    #[test]
    fn hidden_tiles_are_dealt_uniformly() {
        for (seats, seed) in [(2, 5), (4, 9)] {
            let game = position::<Zoomies>(seats, seed, |g| {
                let v = g.view(Viewer::Spectator);
                matches!(v.phase, Phase::PlaceTile { .. }) && v.board.len() >= 8
            });
            let me = Seat(0);
            let view = game.view(Viewer::Seat(me));
            let mut seen: Vec<TileId> = view.hand.clone().unwrap_or_default();
            seen.extend(view.board.iter().map(|p| p.tile));
            let pool: Vec<TileId> = (1..=50).map(TileId).filter(|t| !seen.contains(t)).collect();
            uniform(&game, me, 6_000, &pool, |g| {
                g.view(Viewer::Seat(Seat(1))).hand.unwrap_or_default()
            });
        }
    }
}

mod mix_the_mutts {
    use super::*;
    use parlor_games::mix_the_mutts::MixTheMutts;
    use parlor_protocol::mix_the_mutts::{CardId, Phase};

    #[test]
    fn deals_show_the_same_view() {
        round_trip_all::<MixTheMutts>(6);
    }

    #[test]
    fn hidden_cards_are_dealt_uniformly() {
        for (seats, seed) in [(2, 1), (3, 7)] {
            let game = position::<MixTheMutts>(seats, seed, |g| {
                let v = g.view(Viewer::Spectator);
                matches!(v.phase, Phase::Turn { .. })
                    && v.board.len() >= 4
                    && v.players.iter().all(|p| p.hand_size >= 2)
            });
            let me = Seat(0);
            let view = game.view(Viewer::Seat(me));
            let mut seen: Vec<CardId> = view
                .hand
                .clone()
                .unwrap_or_default()
                .iter()
                .map(|c| c.id)
                .collect();
            seen.extend(
                view.players
                    .iter()
                    .flat_map(|p| p.scoring.iter().map(|c| c.id)),
            );
            let pool: Vec<CardId> = (0..72).map(CardId).filter(|c| !seen.contains(c)).collect();
            uniform(&game, me, 6_000, &pool, |g| {
                g.view(Viewer::Seat(Seat(1)))
                    .hand
                    .unwrap_or_default()
                    .iter()
                    .map(|c| c.id)
                    .collect()
            });
        }
    }
}
