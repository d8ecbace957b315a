//! Each game's normal bot beats the random baseline in two-player
//! self-play. CI plays a small slice (a clearly-above-chance bar); with
//! `PARLOR_HEAVY=1` the full 1,000 matches of the issue, seeds 0..1000, as
//! recorded in each game's doc (`parlor-selfplay --matches 1000`), must be
//! won at least 70% of the time.

use parlor_games::bot::selfplay::{run, Series};
use parlor_games::bot::{Bot, Level, Player};
use parlor_protocol::game::ScorecardLines;

fn heavy() -> bool {
    std::env::var("PARLOR_HEAVY").is_ok_and(|v| v == "1")
}

/// Plays `matches` normal-vs-random matches (seats alternating) and checks
/// the normal bot's win rate against `bar`.
fn normal_beats_random<G: Bot>(light: u64, light_bar: f64)
where
    G::Scorecard: ScorecardLines,
{
    let (matches, bar) = if heavy() {
        (1000, 0.70)
    } else {
        (light, light_bar)
    };
    let series = Series {
        seats: 2,
        a: Player::Bot(Level::Normal),
        b: Player::Random,
        first_seed: 0,
        matches,
        lone_a: false,
    };
    let tally = run::<G>(&G::Options::default(), &series, |_| {});
    let report = tally.report(G::KIND.slug(), &series);
    assert_eq!(tally.failed, 0, "{report}");
    assert_eq!(tally.matches, matches, "{report}");
    assert!(
        tally.a_rate() >= bar,
        "normal won {:.1}% < {:.0}%\n{report}",
        100.0 * tally.a_rate(),
        100.0 * bar
    );
}

macro_rules! strength_tests {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        /// The normal bot of every registered game beats random play.
        mod normal_beats_random {
            $(
                #[test]
                fn $module() {
                    super::normal_beats_random::<parlor_games::$module::$kind>(60, 0.60);
                }
            )*
        }

        /// The easy bot's win rate against random play, per game.
        fn easy_rates() -> Vec<f64> {
            vec![$(easy::<parlor_games::$module::$kind>()),*]
        }
    };
}

parlor_protocol::playable_games!(strength_tests);

/// Ten easy-vs-random matches; the easy bot's win rate.
fn easy<G: Bot>() -> f64
where
    G::Scorecard: ScorecardLines,
{
    let series = Series {
        seats: 2,
        a: Player::Bot(Level::Easy),
        b: Player::Random,
        first_seed: 0,
        matches: 10,
        lone_a: false,
    };
    let tally = run::<G>(&G::Options::default(), &series, |_| {});
    assert_eq!(tally.failed, 0, "{}", tally.report(G::KIND.slug(), &series));
    tally.a_rate()
}

/// The easy bot plays legal games to the end too, and is no pushover.
#[test]
fn easy_bots_finish_their_matches() {
    let rates = easy_rates();
    let mean = rates.iter().sum::<f64>() / rates.len() as f64;
    assert!(mean > 0.5, "{rates:?}");
}
