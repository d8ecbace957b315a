//! Take-back through [`Standing`], for every registered game: random
//! playouts at every player count where a seat offered a take-back takes it
//! half the time. A take-back is offered only right after the seat's own
//! step, one that shows nothing hidden and leaves that seat alone to act
//! (no chance step, no other seat since); taking it back gives exactly the
//! state before; one not offered is refused and changes nothing; the log
//! the steps that stand make is one the rules accept on their own. One
//! test per game, generated from the registration line.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_games::game::takes_back;
use parlor_games::{AnyStep, Standing, TestPlan};
use parlor_protocol::{GameOptions, Seat, ToAct};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};

/// Longest playout (every game ends well before).
const MAX_STEPS: usize = 20_000;

#[derive(Debug, Default)]
struct Report {
    offered: usize,
    taken: usize,
    refused: usize,
}

fn playout(options: &GameOptions, seats: u8, seed: u64, report: &mut Report) {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut game = Standing::new(options, seats).unwrap();
    // The standing log: what a replay without take-backs must give.
    let mut standing: Vec<AnyStep> = Vec::new();
    for _ in 0..MAX_STEPS {
        let seats_to_act = match game.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => {
                let step = game.sample_chance(&mut rng).unwrap();
                game.enter(&step).unwrap();
                standing.push(step);
                assert_eq!(game.take_back(), None, "no take-back after a chance step");
                continue;
            }
            ToAct::Seats { seats } => seats,
        };
        let seat = seats_to_act[rng.random_range(0..seats_to_act.len())];
        let actions = game.legal_actions(seat);
        let action = &actions[rng.random_range(0..actions.len())];
        let step = game.action_step(seat, action).unwrap();
        let before = game.clone();
        game.enter(&step).unwrap();
        standing.push(step.clone());
        let offered = takes_back(before.reveals(&step), seat, &game.to_act());
        assert_eq!(
            game.take_back(),
            offered.then_some(seat),
            "offered exactly after a seat's own step that shows nothing and keeps its turn"
        );
        let offered_to = game.take_back();
        for other in (0..seats).map(Seat).filter(|s| Some(*s) != offered_to) {
            let kept = game.clone();
            assert!(game.enter(&AnyStep::TakeBack { seat: other }).is_err());
            assert_eq!(game, kept, "a refused take-back changes nothing");
            report.refused += 1;
        }
        if offered {
            report.offered += 1;
            if rng.random_bool(0.5) {
                game.enter(&AnyStep::TakeBack { seat }).unwrap();
                standing.pop();
                assert_eq!(game, before, "a take-back gives exactly the state before");
                report.taken += 1;
            }
        }
    }
    assert_eq!(
        game.to_act(),
        ToAct::Finished,
        "seed {seed}: the playout ends"
    );
    let replayed = parlor_games::standing::replay_log(options, seats, &standing).unwrap();
    assert_eq!(
        replayed.game(),
        game.game(),
        "seed {seed}: the steps that stand replay to the same state"
    );
}

fn run<G: TestPlan>() {
    let options = GameOptions::default_for(G::KIND).unwrap();
    let (min, max) = G::KIND.players();
    let mut report = Report::default();
    for seats in min..=max {
        for seed in 0..6 {
            playout(&options, seats, seed, &mut report);
        }
    }
    assert!(report.refused > 0, "{report:?}");
    if G::TAKES_BACK {
        assert!(report.taken > 0, "{:?}: {report:?}", G::KIND);
    } else {
        assert_eq!(
            report.offered,
            0,
            "{:?} says it has no take-backs: {report:?}",
            G::KIND
        );
    }
}

macro_rules! take_back_tests {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        $(
            #[test]
            fn $module() {
                run::<parlor_games::$module::$kind>();
            }
        )*
    };
}

parlor_protocol::playable_games!(take_back_tests);
