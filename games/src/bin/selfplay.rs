//! `parlor-selfplay`: plays many bot matches of one game in-process and
//! prints statistics (length, time, scores, first-mover and A-vs-B win
//! rates, the rule edge cases hit).
//!
//! ```text
//! parlor-selfplay --game zoomies --seats 2 --matches 1000 --a normal --b random
//! ```

use std::process::ExitCode;

use parlor_games::bot::selfplay::{run, Series, Tally};
use parlor_games::bot::{Bot, Level, Player};
use parlor_protocol::game::ScorecardLines;
use parlor_protocol::GameKind;

/// The usage text, naming every registered game's slug.
fn usage() -> String {
    let games: Vec<&str> = GameKind::ALL.iter().map(|g| g.slug()).collect();
    format!(
        "usage: parlor-selfplay --game <{}> {USAGE_FLAGS}",
        games.join("|")
    )
}

const USAGE_FLAGS: &str =
    "[--seats N (2)] [--matches N (1000)] [--seed FIRST (0)] [--a easy|normal|hard|hard:N[:random|:bot][@MS]|random (normal)] \
[--b easy|normal|hard|hard:N[:random|:bot][@MS]|random (random)] [--options JSON (the game's defaults)] [--lone-a (A in one seat, B in the others)] [--quiet]";

struct Args {
    game: GameKind,
    series: Series,
    options: Option<String>,
    quiet: bool,
}

fn parse(mut argv: impl Iterator<Item = String>) -> Result<Args, String> {
    let mut game = None;
    let mut series = Series {
        seats: 2,
        a: Player::Bot(Level::Normal),
        b: Player::Random,
        first_seed: 0,
        matches: 1000,
        lone_a: false,
    };
    let mut options = None;
    let mut quiet = false;
    while let Some(flag) = argv.next() {
        if flag == "--quiet" {
            quiet = true;
            continue;
        }
        if flag == "--lone-a" {
            series.lone_a = true;
            continue;
        }
        if flag == "--help" || flag == "-h" {
            return Err(usage());
        }
        let value = argv
            .next()
            .ok_or_else(|| format!("{flag} needs a value\n{}", usage()))?;
        let bad = |e: &dyn std::fmt::Display| format!("{flag} {value}: {e}");
        match flag.as_str() {
            "--game" => {
                let slug = value.replace('_', "-");
                game = Some(GameKind::from_slug(&slug).ok_or_else(|| bad(&"no such game"))?);
            }
            "--seats" => series.seats = value.parse().map_err(|e| bad(&e))?,
            "--matches" => series.matches = value.parse().map_err(|e| bad(&e))?,
            "--seed" => series.first_seed = value.parse().map_err(|e| bad(&e))?,
            "--a" => series.a = value.parse().map_err(|e: String| bad(&e))?,
            "--b" => series.b = value.parse().map_err(|e: String| bad(&e))?,
            "--options" => options = Some(value),
            _ => return Err(format!("unknown flag {flag}\n{}", usage())),
        }
    }
    let game = game.ok_or_else(|| format!("--game is required\n{}", usage()))?;
    Ok(Args {
        game,
        series,
        options,
        quiet,
    })
}

fn series_of<G: Bot>(args: &Args) -> Result<Tally, String>
where
    G::Scorecard: ScorecardLines,
{
    let options: G::Options = match &args.options {
        Some(json) => serde_json::from_str(json).map_err(|e| format!("--options: {e}"))?,
        None => G::Options::default(),
    };
    // Refuse a bad seat count up front rather than failing every match.
    G::new(&options, args.series.seats).map_err(|e| e.to_string())?;
    let total = args.series.matches;
    let quiet = args.quiet;
    Ok(run::<G>(&options, &args.series, |done| {
        if !quiet && total >= 10 && done % (total / 10).max(1) == 0 {
            eprintln!("  {done}/{total}");
        }
    }))
}

macro_rules! series_of_kind {
    ($($kind:ident $module:ident $info:tt),* $(,)?) => {
        /// [`series_of`] for the game the arguments name.
        fn series_of_kind(args: &Args) -> Result<Tally, String> {
            match args.game {
                $(GameKind::$kind => series_of::<parlor_games::$module::$kind>(args),)*
            }
        }
    };
}

parlor_protocol::playable_games!(series_of_kind);

fn main() -> ExitCode {
    let args = match parse(std::env::args().skip(1)) {
        Ok(a) => a,
        Err(e) => {
            eprintln!("{e}");
            return ExitCode::from(2);
        }
    };
    let tally = series_of_kind(&args);
    match tally {
        Ok(t) => {
            println!("{}", t.report(args.game.slug(), &args.series));
            if t.failed > 0 {
                ExitCode::FAILURE
            } else {
                ExitCode::SUCCESS
            }
        }
        Err(e) => {
            eprintln!("{e}");
            ExitCode::from(2)
        }
    }
}
