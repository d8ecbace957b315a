//! Matches stored before Zop Zoo's draws and Zingamino's digs waited for
//! the seat's click still replay and verify: their options, stored without
//! `draw_by_click` / `dig_by_click`, read the field as `false` (the server
//! drew and dug at once, as it did then), while a new room's options say
//! `true`.
//!
//! Two kinds of old log: the exported records of real matches kept as the
//! browser suite's fixtures (`web-client/e2e/fixtures`, written before the
//! option existed), and logs made here the old way (the option off, every
//! chance step drawn from the seed as the server draws it, the bots
//! playing), whose stored options are written without the field.
#![allow(clippy::unwrap_used, missing_docs)]

use parlor_games::chance::{chance_rng, commitment};
use parlor_games::record::{parse, verify, VerifyError};
use parlor_games::{bot::Level, AnyGame};
use parlor_protocol::replay::{MatchExport, EXPORT_FORMAT};
use parlor_protocol::{GameKind, GameOptions, Seat, ToAct};
use rand::SeedableRng;

const ZOP_ZOO_RECORD: &str = include_str!("../../web-client/e2e/fixtures/zop-zoo.json");
const ZINGAMINO_RECORD: &str = include_str!("../../web-client/e2e/fixtures/zingamino.json");

/// Options as the store held them before the option: the JSON without it.
fn old_options(kind: GameKind) -> GameOptions {
    let mut json = serde_json::to_value(GameOptions::default_for(kind).unwrap()).unwrap();
    let inner = json["options"].as_object_mut().unwrap();
    assert!(
        inner.remove("draw_by_click").is_some() || inner.remove("dig_by_click").is_some(),
        "{kind:?}: a new room's options name the click: {inner:?}"
    );
    serde_json::from_value(json).unwrap()
}

/// Whether `options` wait for the seat's click.
fn by_click(options: &GameOptions) -> bool {
    match options {
        GameOptions::ZopZoo(o) => o.draw_by_click,
        GameOptions::Zingamino(o) => o.dig_by_click,
        other => panic!("not a game with forced draws: {other:?}"),
    }
}

/// A whole match played with `options` by two normal bots, chance drawn
/// from `seed` at each step as the server draws it; as an exported record.
fn play(kind: GameKind, options: &GameOptions, seed: [u8; 32]) -> MatchExport {
    let mut game = AnyGame::new(options, 2).unwrap();
    let mut steps = Vec::new();
    let mut bots = rand::rngs::StdRng::seed_from_u64(u64::from(seed[0]));
    loop {
        let seq = u64::try_from(steps.len()).unwrap() + 1;
        let step = match game.to_act() {
            ToAct::Finished => break,
            ToAct::Chance => game.sample_chance(&mut chance_rng(&seed, seq)).unwrap(),
            ToAct::Seats { seats } => {
                let seat: Seat = seats[0];
                let action = game.bot_action(seat, Level::Normal, &mut bots).unwrap();
                game.action_step(seat, &action).unwrap()
            }
        };
        game.apply(&step).unwrap();
        steps.push(serde_json::from_str(&step.to_json()).unwrap());
        assert!(steps.len() < 20_000, "{kind:?}: the match never ends");
    }
    MatchExport {
        format: EXPORT_FORMAT,
        engine: "parlor-server 0.1.0".into(),
        match_id: serde_json::from_str("\"00000000-0000-0000-0000-000000000000\"").unwrap(),
        game: kind,
        options: options.clone(),
        players: vec!["Ana".into(), "Bo".into()],
        seed_sha256: commitment(&seed),
        seed: hex::encode(seed),
        steps,
        result: game.result().unwrap(),
        timed_out: Vec::new(),
    }
}

/// The record with its options written as they were stored then (no
/// field), read back from JSON as the store and `parlor-server verify` do.
fn as_stored_before(record: &MatchExport) -> MatchExport {
    let mut json = serde_json::to_value(record).unwrap();
    let inner = json["options"]["options"].as_object_mut().unwrap();
    inner.remove("draw_by_click");
    inner.remove("dig_by_click");
    serde_json::from_value(json).unwrap()
}

/// The seats' `draw` and `dig` steps in a log (a Zop Zoo `dig` is the
/// MOLE's, and a `draw` may decline it: those come either way).
fn clicks(record: &MatchExport) -> usize {
    record
        .steps
        .iter()
        .filter(|s| {
            let t = &s["act"]["action"]["type"];
            t == "draw" || t == "dig"
        })
        .count()
}

fn check_game(kind: GameKind, fixture: &str) {
    // A new room waits for the click; the same options stored without the
    // field are the old way.
    assert!(by_click(&GameOptions::default_for(kind).unwrap()));
    assert!(!by_click(&old_options(kind)));

    // The real record, exported before the option existed.
    assert!(
        !fixture.contains("by_click"),
        "{kind:?}: the fixture is a record from before the option"
    );
    let record = parse(fixture.as_bytes()).unwrap();
    assert!(!by_click(&record.header.options));
    let verified = parlor_games::record::verify_record(&record).unwrap();
    assert!(verified.chance > 100, "{kind:?}: {verified:?}");
    // Read as a new room's options, the same log breaks: the first forced
    // draw or dig finds chance where the seat's click is now awaited.
    let mut as_new = record.clone();
    as_new.header.options = GameOptions::default_for(kind).unwrap();
    assert!(
        matches!(
            parlor_games::record::verify_record(&as_new),
            Err(VerifyError::Chance { .. } | VerifyError::Illegal { .. })
        ),
        "{kind:?}: the old log only replays the old way"
    );

    // Logs made the old way now, stored without the field.
    for n in 0..3u8 {
        let seed = [n.wrapping_mul(37).wrapping_add(11); 32];
        let old = play(kind, &old_options(kind), seed);
        let stored = as_stored_before(&old);
        assert_eq!(stored.options, old.options);
        let verified = verify(&stored).unwrap_or_else(|e| panic!("{kind:?} seed {n}: {e}"));
        assert_eq!(verified.steps, old.steps.len());
        // Played today (by click), the seat's clicks are steps of the log,
        // and it verifies too.
        let new = play(kind, &GameOptions::default_for(kind).unwrap(), seed);
        assert!(clicks(&new) > clicks(&old), "{kind:?}: clicks are steps");
        verify(&new).unwrap();
    }
}

#[test]
fn zop_zoo_records_from_before_draw_by_click_replay_and_verify() {
    check_game(GameKind::ZopZoo, ZOP_ZOO_RECORD);
}

#[test]
fn zingamino_records_from_before_dig_by_click_replay_and_verify() {
    check_game(GameKind::Zingamino, ZINGAMINO_RECORD);
}
