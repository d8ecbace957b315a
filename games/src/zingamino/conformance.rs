//! The conformance harness on Zingamino: random playouts (each a whole
//! game of rounds to 64) for each of 2, 4 and 8 players — 1,000 each with
//! `PARLOR_HEAVY=1`, 400 in CI — with a no-leak twin on one seed in four.
//!
//! Hands are hidden, so the twins must really differ from their originals
//! (other tiles dealt and dug) while every view they are compared on stays
//! the same.

use crate::testing::{check, seeds_per_count, Config, Report, StepOf};
use crate::zingamino::{Chance, Zingamino};
use crate::{Game, Step};
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
    } else if rng.random_bool(0.1) {
        Action::Dig
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

fn run_all(seats: u8) -> Report {
    run_with(seats, Options::default(), seeds_per_count(200))
}

fn run_with(seats: u8, options: Options, n: u64) -> Report {
    let mut config = Config::<Zingamino>::new(options, seats, 0..n);
    config.garbage = Some(garbage);
    config.leak_every = 4;
    config.probe_every = 16;
    config.replay_prefixes = 1;
    let total = check(&config);
    eprintln!("{seats} players: {total:?}");
    assert_eq!(total.games, n);
    assert!(total.refusals > n, "{total:?}");
    assert_eq!(total.twins, n / 4, "{total:?}");
    // Hidden hands: nearly every twin was dealt or dug other tiles than its
    // original, unseen by its viewer, while every view stayed the same.
    assert!(total.twins_diverged >= n / 4 - 10, "{total:?}");
    assert!(total.twin_divergent_steps > 3 * n, "{total:?}");
    // Placing a tile shows it, which a twin holding other tiles mostly
    // cannot match, so the twins stop there.
    assert!(total.twins_cut_short > 0, "{total:?}");
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

/// Matches stored before digs waited for a click (`dig_by_click` off): the
/// server digs at once, as it did then (the two-player run as it was
/// before the option).
#[test]
fn two_players_digging_at_once() {
    let old = Options {
        dig_by_click: false,
    };
    run_with(2, old, seeds_per_count(200));
}

/// Counts of the rare corners reached by random playouts.
#[derive(Debug, Default)]
struct Corners {
    games: u32,
    redraws: u32,
    digs: u32,
    /// `Dig` said by the seat (each followed by one or more tiles).
    dig_clicks: u32,
    passes: u32,
    bonuses: u32,
    declared: u32,
    zinga_rounds: u32,
    blocked_rounds: u32,
    tied_blocks: u32,
    ended_by_bonus: u32,
    multi_round_games: u32,
}

fn corners(seeds: std::ops::Range<u64>) -> Corners {
    use parlor_protocol::zingamino::{DrawReason, Phase, RoundEnd, StepView};
    use parlor_protocol::ToAct;
    use rand::SeedableRng;
    let mut c = Corners::default();
    for seed in seeds {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let seats = [2, 3, 4, 8][usize::try_from(seed % 4).unwrap_or(0)];
        let mut game = Zingamino::new(&Options::default(), seats).expect("setup");
        loop {
            let step = match game.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let outcomes = game.chance_outcomes();
                    let (outcome, _) = outcomes[rng.random_range(0..outcomes.len())];
                    Step::Chance { outcome }
                }
                ToAct::Seats { seats } => {
                    let legal = game.legal_actions(seats[0]);
                    // A dig takes nothing from the generator, so the
                    // seeded games are those played before digs waited
                    // for a click.
                    let action = if legal == [Action::Dig] {
                        Action::Dig
                    } else {
                        legal[rng.random_range(0..legal.len())]
                    };
                    Step::Act {
                        seat: seats[0],
                        action,
                    }
                }
            };
            if let Step::Act {
                action: Action::Place { value: Some(_), .. },
                ..
            } = step
            {
                c.declared += 1;
            }
            let before = game.view(Viewer::Spectator).phase;
            let round_end = match game.step_view(&step, Viewer::Spectator) {
                StepView::TileDrawn {
                    reason: DrawReason::Dig,
                    ..
                } => {
                    c.digs += 1;
                    None
                }
                StepView::Placed {
                    bonus, round_end, ..
                } => {
                    c.bonuses += u32::from(bonus);
                    round_end
                }
                StepView::Passed { round_end, .. } => {
                    c.passes += 1;
                    round_end
                }
                StepView::Dug { .. } => {
                    c.dig_clicks += 1;
                    None
                }
                StepView::TileDrawn { .. } => None,
            };
            match round_end.map(|r| (r.ended_by, r.winners.len())) {
                Some((RoundEnd::Zinga, _)) => c.zinga_rounds += 1,
                Some((RoundEnd::Blocked, n)) => {
                    c.blocked_rounds += 1;
                    c.tied_blocks += u32::from(n > 1);
                }
                Some((RoundEnd::GameOver, _)) => c.ended_by_bonus += 1,
                None => {}
            }
            game.apply(&step).expect("a listed step");
            if let (Phase::StartDraw { redraws: a, .. }, Phase::StartDraw { redraws: b, .. }) =
                (before, game.view(Viewer::Spectator).phase)
            {
                c.redraws += u32::from(b > a);
            }
        }
        c.games += 1;
        let out = game.outcome().expect("finished");
        assert!(out.scorecard.players.iter().any(|p| p.total >= 64));
        assert!(out.ranks.contains(&1));
        c.multi_round_games += u32::from(out.scorecard.rounds.len() > 1);
    }
    c
}

#[test]
fn playouts_reach_redraws_digs_passes_bonuses_and_both_round_ends() {
    let c = corners(0..400);
    eprintln!("{c:?}");
    assert_eq!(c.games, 400);
    assert!(c.redraws > 10, "{c:?}");
    assert!(c.digs > 1000, "{c:?}");
    assert!(c.dig_clicks > 300 && c.dig_clicks < c.digs, "{c:?}");
    assert!(c.passes > 100, "{c:?}");
    assert!(c.bonuses > 10, "{c:?}");
    assert!(c.declared > 10, "{c:?}");
    // Seeded, so this stays: a circle bonus ended a game mid-round.
    assert!(c.ended_by_bonus > 0, "{c:?}");
    assert!(c.zinga_rounds > 100, "{c:?}");
    assert!(c.blocked_rounds > 10, "{c:?}");
    assert!(c.tied_blocks > 0, "{c:?}");
    assert!(c.multi_round_games > 50, "{c:?}");
}
