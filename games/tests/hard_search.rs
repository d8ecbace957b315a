//! The hard bot as the server runs it: detached from its match
//! ([`AnyGame::hard_decision`]), capped in time, stopped on demand. For
//! every game, at the first few real decisions of a bot match:
//! - the detached search at the game's budget chooses what
//!   [`bot_action`] at [`Level::Hard`] chooses with the same seed (it is
//!   the same search, on a copy of the view and moves);
//! - a search stopped before it starts, or with no time at all, plays the
//!   normal bot's move (never nothing);
//! - a search capped at a few milliseconds answers with a legal move.

use std::time::Duration;

use parlor_games::any::{AnyGame, HardDecision};
use parlor_games::bot::Level;
use parlor_protocol::{GameKind, GameOptions, Seat, ToAct};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Decisions checked per game (the game's full budget is dear in debug
/// builds).
const DECISIONS: usize = 2;

fn step_on(game: &mut AnyGame, rng: &mut ChaCha8Rng) -> bool {
    let step = match game.to_act() {
        ToAct::Finished => return false,
        ToAct::Chance => game.sample_chance(rng),
        ToAct::Seats { seats } => seats.first().and_then(|&seat| {
            let action = game.bot_action(seat, Level::Normal, rng)?;
            game.action_step(seat, &action).ok()
        }),
    };
    step.is_some_and(|step| game.apply(&step).is_ok())
}

#[test]
fn the_detached_search_is_the_hard_bot_and_stops_when_told() {
    for kind in GameKind::ALL {
        let options = GameOptions::default_for(kind).expect("a playable game");
        let mut game = AnyGame::new(&options, 2).expect("a two-seat match");
        let mut rng = ChaCha8Rng::seed_from_u64(29);
        let mut checked = 0;
        let mut steps = 0;
        while checked < DECISIONS && steps < 5_000 {
            steps += 1;
            let seat = match game.to_act() {
                ToAct::Seats { seats } => seats.first().copied(),
                _ => None,
            };
            if let Some(seat) = seat {
                if let HardDecision::Search(_) = game.hard_decision(seat) {
                    check(kind, &game, seat, checked as u64);
                    checked += 1;
                }
            }
            assert!(step_on(&mut game, &mut rng), "{kind:?}: the match stalled");
        }
        assert_eq!(checked, DECISIONS, "{kind:?}: too few decisions");
    }
}

fn search(game: &AnyGame, seat: Seat) -> parlor_games::any::HardSearch {
    match game.hard_decision(seat) {
        HardDecision::Search(search) => search,
        HardDecision::Forced(_) => panic!("a decision was forced"),
    }
}

fn check(kind: GameKind, game: &AnyGame, seat: Seat, seed: u64) {
    let legal = game.legal_actions(seat);
    let rng = || ChaCha8Rng::seed_from_u64(seed);

    let hard = game.bot_action(seat, Level::Hard, &mut rng());
    let detached = search(game, seat).run(None, &|| false, &mut rng());
    assert_eq!(
        detached, hard,
        "{kind:?}: the detached search chose otherwise"
    );

    let normal = game.bot_action(seat, Level::Normal, &mut rng());
    let stopped = search(game, seat).run(None, &|| true, &mut rng());
    assert_eq!(
        stopped, normal,
        "{kind:?}: a stopped search is the normal bot"
    );
    let no_time = search(game, seat).run(Some(Duration::ZERO), &|| false, &mut rng());
    assert_eq!(
        no_time, normal,
        "{kind:?}: a search out of time is the normal bot"
    );

    let quick = search(game, seat).run(Some(Duration::from_millis(5)), &|| false, &mut rng());
    assert!(
        quick.as_ref().is_some_and(|a| legal.contains(a)),
        "{kind:?}: a capped search gave {quick:?}"
    );
}
