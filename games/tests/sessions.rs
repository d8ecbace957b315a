//! (f) at most once, (g) view patches and (h) step runs, for every
//! registered game: random
//! playouts at every player count, through a `Timeline` as the server runs
//! them. One test per game, generated from the registration line.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_games::testing::{seeds_per_count, sessions, SessionReport};
use parlor_games::TestPlan;

fn run_all<G: TestPlan>() -> SessionReport {
    let (min, max) = G::KIND.players();
    let seeds = seeds_per_count(G::SESSION_SEEDS);
    let mut total = SessionReport::default();
    for seats in min..=max {
        let r = sessions::<G>(&G::Options::default(), seats, 0..seeds);
        assert_eq!(r.games, seeds, "{seats} players: {r:?}");
        total.games += r.games;
        total.batches += r.batches;
        total.replays_refused += r.replays_refused;
        total.window_decisions += r.window_decisions;
        total.patches += r.patches;
        total.typed_patches += r.typed_patches;
        total.step_runs += r.step_runs;
        total.scoped_patches += r.scoped_patches;
    }
    assert!(total.games > 0 && total.patches > total.games, "{total:?}");
    assert!(total.step_runs > total.games, "{total:?}");
    // The server's fast path was taken (check (g) holds it to every short
    // merge patch the generic diff sends).
    assert!(total.typed_patches > total.games, "{total:?}");
    assert!(total.replays_refused > total.games, "{total:?}");
    // Steps named what they change (`Game::view_changes`), and check (g)
    // held the server's walk within those members to the whole walk.
    assert!(total.scoped_patches > total.games, "{total:?}");
    if G::SIMULTANEOUS {
        // Decisions made when a window opened must have been checked
        // against later answers.
        assert!(total.window_decisions > 0, "{total:?}");
    }
    total
}

macro_rules! session_tests {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        $(
            #[test]
            fn $module() {
                run_all::<parlor_games::$module::$kind>();
            }
        )*
    };
}

parlor_protocol::playable_games!(session_tests);
