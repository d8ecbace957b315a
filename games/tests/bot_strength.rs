//! Each game's normal bot beats the random baseline in two-player
//! self-play. CI plays a small slice (a clearly-above-chance bar); with
//! `PARLOR_HEAVY=1` the full 1,000 matches of the issue, seeds 0..1000, as
//! recorded in each game's doc (`parlor-selfplay --matches 1000`), must be
//! won at least 70% of the time.

use parlor_games::bot::selfplay::{run, Series};
use parlor_games::bot::{Bot, Level, Player};
use parlor_games::{doozy_dice, mix_the_mutts, zingamino, zoomies, zop_zoo};
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

#[test]
fn doozy_dice_normal_bot_beats_random() {
    normal_beats_random::<doozy_dice::DoozyDice>(60, 0.60);
}

#[test]
fn mix_the_mutts_normal_bot_beats_random() {
    normal_beats_random::<mix_the_mutts::MixTheMutts>(60, 0.60);
}

#[test]
fn zoomies_normal_bot_beats_random() {
    normal_beats_random::<zoomies::Zoomies>(60, 0.60);
}

#[test]
fn zingamino_normal_bot_beats_random() {
    normal_beats_random::<zingamino::Zingamino>(60, 0.60);
}

#[test]
fn zop_zoo_normal_bot_beats_random() {
    normal_beats_random::<zop_zoo::ZopZoo>(60, 0.60);
}

/// The easy bot plays legal games to the end too, and is no pushover.
#[test]
fn easy_bots_finish_their_matches() {
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
        };
        let tally = run::<G>(&G::Options::default(), &series, |_| {});
        assert_eq!(tally.failed, 0, "{}", tally.report(G::KIND.slug(), &series));
        tally.a_rate()
    }
    let rates = [
        easy::<doozy_dice::DoozyDice>(),
        easy::<mix_the_mutts::MixTheMutts>(),
        easy::<zoomies::Zoomies>(),
        easy::<zingamino::Zingamino>(),
        easy::<zop_zoo::ZopZoo>(),
    ];
    let mean = rates.iter().sum::<f64>() / rates.len() as f64;
    assert!(mean > 0.5, "{rates:?}");
}
