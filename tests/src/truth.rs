//! The server's truth, read back from the database: a match's stored log
//! replayed through the rules, for checks no client could make (legal
//! actions of every seat, who holds what).

use parlor_games::{AnyGame, AnyStep, Timeline};
use parlor_protocol::{AnyAction, MatchId, Seat};
use parlor_server::db::Store;

/// Replays a finished match's stored log, re-deriving every chance step
/// from the published seed (`seed_hex`) exactly as the server draws it, and
/// fails the test at the first step the seed does not give. Returns the
/// final state and how many chance steps there were.
pub async fn replay_with_seed(
    store: &Store,
    match_id: MatchId,
    seed_hex: &str,
) -> (AnyGame, usize) {
    let record = store.match_record(match_id).await.unwrap();
    let steps = store.steps(match_id).await.unwrap();
    assert_eq!(u64::try_from(steps.len()).unwrap(), record.steps);
    let seed: [u8; 32] = hex::decode(seed_hex).unwrap().try_into().unwrap();
    let seats = u8::try_from(record.players.len()).unwrap();
    let mut game = AnyGame::new(&record.options, seats).unwrap();
    let mut chance = 0;
    for (seq, json) in &steps {
        let step = AnyStep::from_json(record.options.kind(), json).unwrap();
        if step.is_chance() {
            chance += 1;
            let redrawn = game
                .sample_chance(&mut parlor_games::chance::chance_rng(&seed, *seq))
                .unwrap();
            assert_eq!(redrawn, step, "chance step {seq} matches the seed");
        }
        game.apply(&step).unwrap();
    }
    (game, chance)
}

/// A stored match rebuilt from its log.
pub struct Truth {
    pub match_id: MatchId,
    /// The stored log, decoded.
    pub steps: Vec<AnyStep>,
    /// The rules state after each prefix: `states[v]` is the state at version `v`.
    pub states: Vec<AnyGame>,
}

impl Truth {
    /// Reads and replays a match; fails the test if the log does not replay
    /// or has a gap.
    pub async fn load(store: &Store, match_id: MatchId) -> Truth {
        let record = store.match_record(match_id).await.unwrap();
        let stored = store.steps(match_id).await.unwrap();
        let seats = u8::try_from(record.players.len()).unwrap();
        let mut game = AnyGame::new(&record.options, seats).unwrap();
        let mut states = vec![game.clone()];
        let mut steps = Vec::new();
        for (i, (seq, json)) in stored.iter().enumerate() {
            assert_eq!(*seq, i as u64 + 1, "the stored log has a gap at {seq}");
            let step = AnyStep::from_json(record.options.kind(), json).unwrap();
            game.apply(&step)
                .unwrap_or_else(|e| panic!("stored step {seq} does not replay: {e}"));
            states.push(game.clone());
            steps.push(step);
        }
        Truth {
            match_id,
            steps,
            states,
        }
    }

    /// Stored version.
    pub fn version(&self) -> u64 {
        self.steps.len() as u64
    }

    /// The state now.
    pub fn now(&self) -> &AnyGame {
        self.states.last().unwrap()
    }

    /// The state at version `v`.
    pub fn at(&self, v: u64) -> &AnyGame {
        &self.states[usize::try_from(v).unwrap()]
    }

    /// The rules' own at-most-once bookkeeping after each version:
    /// `timelines()[v]` is the [`Timeline`] once the log reached `v`
    /// (meaningful where a batch ends: an action and the chance after it).
    pub fn timelines(&self) -> Vec<Timeline> {
        let mut out = vec![Timeline::default()];
        let mut t = Timeline::default();
        let mut batch = Vec::new();
        for (i, step) in self.steps.iter().enumerate() {
            batch.push(step.seat());
            let next_is_action = self.steps.get(i + 1).is_none_or(|s| !s.is_chance());
            if next_is_action {
                t.record(&batch, &self.at(i as u64 + 1).to_act());
                batch.clear();
            }
            out.push(t.clone());
        }
        out
    }

    /// The seat and action of the step at `seq` (1-based), if it is an action.
    pub fn action_at(&self, seq: u64) -> Option<(Seat, AnyAction)> {
        let step = self.steps.get(usize::try_from(seq).ok()?.checked_sub(1)?)?;
        step_action(step)
    }

    /// Steps by `seat` after version `after`: (seq, action).
    pub fn actions_by(&self, seat: Seat, after: u64) -> Vec<(u64, AnyAction)> {
        (after + 1..=self.version())
            .filter_map(|seq| match self.action_at(seq) {
                Some((s, a)) if s == seat => Some((seq, a)),
                _ => None,
            })
            .collect()
    }
}

/// The seat and action of a log step (`None` for chance).
pub fn step_action(step: &AnyStep) -> Option<(Seat, AnyAction)> {
    step.action()
}
