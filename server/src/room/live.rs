//! A match in progress: its state, log, version and seed.
//!
//! Chance outcomes are drawn by the rules crate's seed rule
//! ([`parlor_games::chance`]), so a restarted server draws exactly what the
//! original would have and anyone can re-derive them from the published seed.

use parlor_games::chance::{chance_rng, commitment};
use parlor_games::patch::Walked;
use parlor_games::{AnyStep, MatchError, Standing, Timeline, ViewChanges};
use parlor_protocol::{
    AnyStepView, Deadline, GameOptions, MatchId, MatchSnapshot, PatchOp, Seat, ToAct, ViewPatch,
    Viewer,
};
use rand::Rng;
use std::sync::Arc;

/// Upper bound on chance steps drawn in one go; a game that loops on chance
/// forever is a rules bug, reported instead of hanging the room.
const MAX_CHANCE_RUN: usize = 10_000;

/// A live match owned by its room actor.
#[derive(Debug, Clone)]
pub struct LiveMatch {
    /// Id.
    pub id: MatchId,
    /// The rules state of the steps that stand (take-backs undone).
    pub game: Standing,
    /// Steps applied so far (= log length).
    pub version: u64,
    /// The log, for resuming clients and replays.
    pub log: Vec<AnyStep>,
    /// Secret until the match is over.
    seed: [u8; 32],
    /// The options it was started with.
    options: GameOptions,
    /// Public commitment to the seed.
    pub seed_sha256: String,
    /// Which decided-on versions are still current (windows included).
    timeline: Timeline,
    /// Versions of the steps the response timer answered, ascending.
    pub timed_out: Vec<u64>,
    /// Each viewer's view as last sent (JSON), in [`LiveMatch::viewers`]
    /// order: what the next update's patch is computed against. Viewers
    /// who see the same thing share one value (often all of them).
    views: Vec<Arc<serde_json::Value>>,
    /// The version before the last batch of steps (an action and what it
    /// set off), for "the last thing that happened" ([`LiveMatch::last_steps`]).
    last_batch: u64,
}

/// Why a stored match could not be rebuilt.
#[derive(Debug, thiserror::Error)]
pub enum RestoreError {
    /// The stored seed is not 32 bytes of hex.
    #[error("the stored seed is malformed")]
    Seed,
    /// The options or seat count no longer set up a game.
    #[error("setup: {0}")]
    Setup(parlor_games::SetupError),
    /// The log skips or repeats a sequence number.
    #[error("the log has a gap at step {seq}")]
    Gap {
        /// First out-of-order seq.
        seq: u64,
    },
    /// A step does not decode or is refused by the rules.
    #[error("step {seq}: {error}")]
    Step {
        /// Its seq.
        seq: u64,
        /// Why.
        error: String,
    },
    /// The log is not what the seed and rules produce from here.
    #[error("step {seq} is not what the seed and rules give")]
    Diverged {
        /// First differing seq.
        seq: u64,
    },
}

/// What one viewer is told about a batch of steps.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct ViewerUpdate {
    /// Its views of the steps.
    pub steps: Vec<AnyStepView>,
    /// How its view changed.
    pub patch: ViewPatch,
}

/// What one viewer of a batch is told: its own update, or the very update
/// an earlier viewer (by index) is told, so it is neither built nor compared
/// again (in a game that hides nothing, every viewer after the first).
#[derive(Debug, Clone, PartialEq)]
pub enum Told {
    /// This viewer's update.
    Own(ViewerUpdate),
    /// The same update as the viewer at this index, whose is [`Told::Own`].
    Same(usize),
}

/// A viewer's patch as [`LiveMatch::next_views`] found it.
enum Change {
    /// Its own.
    Own(ViewPatch),
    /// The same as the viewer at this index, whose view was and is the same.
    Same(usize),
}

/// Steps decided but not yet stored or applied.
#[derive(Debug)]
pub struct Planned {
    /// The steps, in order.
    pub steps: Vec<AnyStep>,
    /// For each viewer in [`LiveMatch::viewers`] order, its view of each step.
    pub step_views: Vec<Vec<AnyStepView>>,
    /// The state after all the steps.
    pub after: Standing,
    /// The first step is the response timer's answer for a seat that did
    /// not answer in time.
    pub by_timer: bool,
    /// The first step is a stand-in bot's, for a player who is away.
    pub by_stand_in: bool,
    /// What the steps may change in the views.
    pub changes: ViewChanges,
}

impl LiveMatch {
    /// A new match with a fresh seed from the OS-seeded CSPRNG.
    pub fn new(
        id: MatchId,
        options: &GameOptions,
        seats: u8,
    ) -> Result<LiveMatch, parlor_games::SetupError> {
        let seed: [u8; 32] = rand::rng().random();
        Self::with_seed(id, options, seats, seed)
    }

    /// A new match with a given seed (tests, audits).
    pub fn with_seed(
        id: MatchId,
        options: &GameOptions,
        seats: u8,
        seed: [u8; 32],
    ) -> Result<LiveMatch, parlor_games::SetupError> {
        let game = Standing::new(options, seats)?;
        let mut live = LiveMatch {
            id,
            game,
            options: options.clone(),
            version: 0,
            log: Vec::new(),
            seed,
            seed_sha256: commitment(&seed),
            timeline: Timeline::default(),
            timed_out: Vec::new(),
            views: Vec::new(),
            last_batch: 0,
        };
        live.views = live.next_views(Vec::new(), &ViewChanges::default()).0;
        Ok(live)
    }

    /// Rebuilds a stored match by replaying its log, checking on the way that
    /// every chance step is the one the seed draws at its place and that the
    /// steps batch up as the server writes them (an action, then the chance
    /// it set off). Any mismatch is an error: the room is then broken.
    pub fn restore(
        id: MatchId,
        options: &GameOptions,
        seats: u8,
        seed_hex: &str,
        stored: &[(u64, String)],
        timed_out: &[u64],
    ) -> Result<LiveMatch, RestoreError> {
        let seed: [u8; 32] = hex::decode(seed_hex)
            .ok()
            .and_then(|b| b.try_into().ok())
            .ok_or(RestoreError::Seed)?;
        let mut live =
            LiveMatch::with_seed(id, options, seats, seed).map_err(RestoreError::Setup)?;
        let kind = options.kind();
        let mut steps = Vec::with_capacity(stored.len());
        for (i, (seq, json)) in stored.iter().enumerate() {
            if *seq != i as u64 + 1 {
                return Err(RestoreError::Gap { seq: *seq });
            }
            steps.push(
                AnyStep::from_json(kind, json).map_err(|e| RestoreError::Step {
                    seq: *seq,
                    error: e.to_string(),
                })?,
            );
        }
        let mut rest = steps.as_slice();
        while !rest.is_empty() {
            // A batch: an optional action followed by the chance steps it drew.
            let first = rest.first().filter(|s| !s.is_chance()).cloned();
            let planned = live.plan(first).map_err(|e| RestoreError::Step {
                seq: live.version + 1,
                error: e.to_string(),
            })?;
            let n = planned.steps.len();
            let want = rest.get(..n).unwrap_or(rest);
            if planned.steps.as_slice() != want || n == 0 {
                return Err(RestoreError::Diverged {
                    seq: live.version + 1,
                });
            }
            rest = &rest[n..];
            live.commit(planned);
        }
        live.timed_out = timed_out.to_vec();
        Ok(live)
    }

    /// What `viewer`, holding its view at `from`, missed since: its views
    /// of the steps after `from` and the patch to its view now. Rebuilt from
    /// the log, so it costs a replay; `None` if `from` is not a version of
    /// this match.
    pub fn catch_up(&self, viewer: Viewer, from: u64) -> Option<ViewerUpdate> {
        let from_usize = usize::try_from(from).ok()?;
        let (before, missed) = (self.log.get(..from_usize)?, self.log.get(from_usize..)?);
        let mut game = Standing::new(&self.options, self.game.seats()).ok()?;
        for step in before {
            game.enter(step).ok()?;
        }
        let old_view = serde_json::to_value(game.view(viewer)).ok()?;
        let mut steps = Vec::with_capacity(missed.len());
        for step in missed {
            steps.push(game.step_view(step, viewer).ok()?);
            game.enter(step).ok()?;
        }
        let now = self.views.get(self.viewer_index(viewer))?;
        Some(ViewerUpdate {
            steps,
            patch: parlor_games::patch::diff(&old_view, now),
        })
    }

    /// `viewer`'s views of the last batch of steps (empty before the
    /// first). Rebuilt from the log like [`LiveMatch::catch_up`]: asked for
    /// by "My tables", rarely and within a rate limit.
    pub fn last_steps(&self, viewer: Viewer) -> Vec<AnyStepView> {
        self.catch_up(viewer, self.last_batch)
            .map(|u| u.steps)
            .unwrap_or_default()
    }

    /// The timer's answers among the versions after `from` (`None`: none).
    pub fn timed_out_after(&self, from: u64) -> Option<Vec<u64>> {
        let after: Vec<u64> = self
            .timed_out
            .iter()
            .copied()
            .filter(|v| *v > from)
            .collect();
        (!after.is_empty()).then_some(after)
    }

    /// The seed, hex (only to be shown once the match is over).
    pub fn seed_hex(&self) -> String {
        hex::encode(self.seed)
    }

    /// Is the match over?
    pub fn finished(&self) -> bool {
        matches!(self.game.to_act(), ToAct::Finished)
    }

    /// Every viewer a step view is built for: each seat, then the spectator.
    pub fn viewers(&self) -> Vec<Viewer> {
        (0..self.game.seats())
            .map(|s| Viewer::Seat(Seat(s)))
            .chain(std::iter::once(Viewer::Spectator))
            .collect()
    }

    /// Index of `viewer` in [`LiveMatch::viewers`].
    pub fn viewer_index(&self, viewer: Viewer) -> usize {
        match viewer {
            Viewer::Seat(s) => s.index(),
            // A live room never seats the revealed viewer; were one asked
            // for, it would get the spectator's public views, never more.
            Viewer::Spectator | Viewer::Revealed => usize::from(self.game.seats()),
        }
    }

    /// Plans `first` (a validated action, or nothing at match start)
    /// followed by every chance step until a seat must act or the match ends.
    pub fn plan(&self, first: Option<AnyStep>) -> Result<Planned, MatchError> {
        let viewers = self.viewers();
        let mut after = self.game.clone();
        let mut steps = Vec::new();
        let mut step_views: Vec<Vec<AnyStepView>> = vec![Vec::new(); viewers.len()];
        let mut changes = ViewChanges::default();
        let mut push = |after: &mut Standing,
                        step: AnyStep,
                        steps: &mut Vec<AnyStep>|
         -> Result<(), MatchError> {
            for (i, v) in viewers.iter().enumerate() {
                step_views[i].push(after.step_view(&step, *v)?);
            }
            changes.add(after.view_changes(&step));
            after.enter(&step)?;
            steps.push(step);
            Ok(())
        };
        if let Some(step) = first {
            push(&mut after, step, &mut steps)?;
        }
        while after.to_act() == ToAct::Chance {
            if steps.len() > MAX_CHANCE_RUN {
                return Err(MatchError::Illegal(
                    "the rules drew chance without end".into(),
                ));
            }
            let seq = self.version + steps.len() as u64 + 1;
            let mut rng = chance_rng(&self.seed, seq);
            let step = after
                .sample_chance(&mut rng)
                .ok_or_else(|| MatchError::Illegal("no chance outcome".into()))?;
            push(&mut after, step, &mut steps)?;
        }
        Ok(Planned {
            steps,
            step_views,
            after,
            by_timer: false,
            by_stand_in: false,
            changes,
        })
    }

    /// Makes planned (and stored) steps current; hands back, per viewer in
    /// [`LiveMatch::viewers`] order, what it is told: its own views of the
    /// steps and patch from its previous view, or [`Told::Same`] as an
    /// earlier viewer whose steps and patch are the very same.
    pub fn commit(&mut self, planned: Planned) -> Vec<Told> {
        if planned.by_timer {
            self.timed_out.push(self.version + 1);
        }
        if !planned.steps.is_empty() {
            self.last_batch = self.version;
        }
        self.version += planned.steps.len() as u64;
        let batch: Vec<Option<Seat>> = planned.steps.iter().map(AnyStep::seat).collect();
        self.log.extend(planned.steps);
        self.game = planned.after;
        self.timeline.record(&batch, &self.game.to_act());
        let before = std::mem::take(&mut self.views);
        let (views, changes) = self.next_views(before, &planned.changes);
        self.views = views;
        let mut told: Vec<Told> = Vec::with_capacity(changes.len());
        for (i, (steps, change)) in planned.step_views.into_iter().zip(changes).enumerate() {
            let next = match change {
                Change::Own(patch) => Told::Own(ViewerUpdate { steps, patch }),
                Change::Same(j) => match told.get(j) {
                    // Views alike, steps too (as a rule where the views are).
                    Some(Told::Own(first)) if first.steps == steps => Told::Same(j),
                    Some(Told::Own(first)) => Told::Own(ViewerUpdate {
                        steps,
                        patch: first.patch.clone(),
                    }),
                    // Never: `j` is the first viewer with its view, so never
                    // `Same`. Should it happen, the whole view is sent: an
                    // empty patch would lose the change unseen.
                    Some(Told::Same(_)) | None => Told::Own(ViewerUpdate {
                        steps,
                        patch: ViewPatch::Ops(vec![PatchOp::Replace {
                            path: String::new(),
                            value: self
                                .views
                                .get(i)
                                .map_or_else(|| serde_json::Value::Null, |v| v.as_ref().clone()),
                        }]),
                    }),
                },
            };
            told.push(next);
        }
        told
    }

    /// Every viewer's view now, as JSON, and its patch from `before` (empty
    /// patches when `before` is empty). Work is done once per distinct view:
    /// a viewer whose view equals an earlier viewer's shares its value, and
    /// its patch too when their previous views were shared as well.
    ///
    /// A viewer's patch comes from its typed view walked against its
    /// previous JSON (`patch::merge_from`), and the previous JSON is then
    /// patched in place: no view is built whole as JSON at a step. Where
    /// that walk finds no merge patch says the change, the view is built and
    /// only operations are computed; where it gives up (a long patch), the
    /// view is built and diffed.
    fn next_views(
        &self,
        before: Vec<Arc<serde_json::Value>>,
        changes: &ViewChanges,
    ) -> (Vec<Arc<serde_json::Value>>, Vec<Change>) {
        /// Where a viewer's new JSON view comes from.
        enum Source {
            /// An earlier viewer's, which is the same.
            Earlier(usize),
            /// Its previous view with its patch applied.
            Patched,
            /// Built from the typed view.
            Built(Arc<serde_json::Value>),
        }
        let viewers = self.viewers();
        // A game that hides nothing shows every viewer one view, built once.
        let public = self.game.public();
        let typed: Vec<_> = if public {
            viewers.iter().take(1).map(|&v| self.game.view(v)).collect()
        } else {
            viewers.iter().map(|&v| self.game.view(v)).collect()
        };
        let built = |view| Arc::new(serde_json::to_value(view).unwrap_or_default());
        let mut sources = Vec::with_capacity(viewers.len());
        let mut patches: Vec<Change> = Vec::with_capacity(viewers.len());
        for i in 0..viewers.len() {
            let Some(view) = typed.get(if public { 0 } else { i }) else {
                break;
            };
            let same_now = if public {
                (i > 0).then_some(0)
            } else {
                (0..i).find(|&j| typed[j] == *view)
            };
            let same_before = |j: usize| match (before.get(j), before.get(i)) {
                (Some(a), Some(b)) => Arc::ptr_eq(a, b),
                _ => before.is_empty(),
            };
            if let Some(j) = same_now.filter(|&j| same_before(j)) {
                sources.push(Source::Earlier(j));
                patches.push(Change::Same(j));
                continue;
            }
            let Some(old) = before.get(i) else {
                sources.push(same_now.map_or_else(|| Source::Built(built(view)), Source::Earlier));
                patches.push(Change::Own(ViewPatch::default()));
                continue;
            };
            // Only the members the steps may change are compared.
            let walked = match changes.members() {
                Some(members) => parlor_games::patch::merge_within(
                    old,
                    view,
                    parlor_protocol::game::VIEW_MEMBER,
                    members,
                ),
                None => parlor_games::patch::merge_from(old, view),
            };
            let value = match walked {
                Walked::Merge(merge) => {
                    sources.push(same_now.map_or(Source::Patched, Source::Earlier));
                    patches.push(Change::Own(ViewPatch::Merge(merge)));
                    continue;
                }
                Walked::Ops => {
                    let value = built(view);
                    patches.push(Change::Own(ViewPatch::Ops(parlor_games::patch::ops(
                        old, &value,
                    ))));
                    value
                }
                Walked::Long(merge) => {
                    let value = built(view);
                    patches.push(Change::Own(parlor_games::patch::shorter(
                        merge, old, &value,
                    )));
                    value
                }
                Walked::Diff => {
                    let value = built(view);
                    patches.push(Change::Own(parlor_games::patch::diff(old, &value)));
                    value
                }
            };
            sources.push(Source::Built(value));
        }
        // Only the views to patch are still needed: let go of the others so
        // that each of those is, as a rule, its own only holder and is
        // patched where it lies.
        let mut olds: Vec<Option<Arc<serde_json::Value>>> = before
            .into_iter()
            .zip(&sources)
            .map(|(old, source)| matches!(source, Source::Patched).then_some(old))
            .collect();
        let mut values: Vec<Arc<serde_json::Value>> = Vec::with_capacity(viewers.len());
        for (i, source) in sources.into_iter().enumerate() {
            let value = match source {
                Source::Earlier(j) => values[j].clone(),
                Source::Built(value) => value,
                Source::Patched => {
                    let mut value = olds[i].take().unwrap_or_default();
                    let applied = match &patches[i] {
                        Change::Own(patch) => {
                            parlor_games::patch::apply(Arc::make_mut(&mut value), patch)
                                .map_err(|e| e.to_string())
                        }
                        // Never: a patched view has a patch of its own.
                        Change::Same(_) => Err("no patch of its own".to_owned()),
                    };
                    if let Err(e) = applied {
                        // Never seen: the conformance sessions apply every
                        // such patch. Should it happen, the view stays true
                        // and the client, whose patch fails too, resyncs.
                        tracing::error!(error = %e, "a view's own patch did not apply");
                        if let Some(view) = typed.get(if public { 0 } else { i }) {
                            value = built(view);
                        }
                    }
                    value
                }
            };
            values.push(value);
        }
        (values, patches)
    }

    /// May `seat` act on a decision taken at `version`? See [`Timeline`]:
    /// at most once, and only while current or inside its window.
    pub fn is_current(&self, seat: Seat, version: u64) -> bool {
        self.timeline.is_current(seat, version)
    }

    /// A full snapshot for one viewer.
    pub fn snapshot(&self, viewer: Viewer, deadline: Option<Deadline>) -> MatchSnapshot {
        let finished = self.finished();
        MatchSnapshot {
            match_id: self.id,
            version: self.version,
            seed_sha256: self.seed_sha256.clone(),
            seed: finished.then(|| self.seed_hex()),
            to_act: self.game.to_act(),
            view: self.game.view(viewer),
            deadline,
            result: self.game.result(),
            take_back: self.game.take_back(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use parlor_protocol::GameKind;

    /// A restarted server rebuilds a match whose log holds take-backs to
    /// the same state, version and take-back on offer; every game.
    #[test]
    fn restore_replays_take_backs() {
        let mut total = 0;
        for kind in GameKind::ALL {
            let options = GameOptions::default_for(kind).unwrap();
            let (seats, _) = kind.players();
            let id = MatchId(uuid::Uuid::nil());
            let mut live = LiveMatch::with_seed(id, &options, seats, [7; 32]).unwrap();
            let setup = live.plan(None).unwrap();
            live.commit(setup);
            let mut taken = 0;
            for turn in 0..400 {
                let ToAct::Seats { seats: to_act } = live.game.to_act() else {
                    break;
                };
                let seat = to_act[0];
                let step = if live.game.take_back() == Some(seat) && turn % 2 == 0 {
                    taken += 1;
                    AnyStep::TakeBack { seat }
                } else {
                    let actions = live.game.legal_actions(seat);
                    let action = &actions[turn % actions.len()];
                    live.game.action_step(seat, action).unwrap()
                };
                let planned = live.plan(Some(step)).unwrap();
                live.commit(planned);
            }
            let stored: Vec<(u64, String)> = live
                .log
                .iter()
                .enumerate()
                .map(|(i, s)| (i as u64 + 1, s.to_json()))
                .collect();
            let back =
                LiveMatch::restore(id, &options, seats, &live.seed_hex(), &stored, &[]).unwrap();
            assert_eq!(back.game, live.game, "{kind:?}: {taken} take-backs");
            assert_eq!(back.version, live.version);
            assert_eq!(back.game.take_back(), live.game.take_back());
            total += taken;
        }
        assert!(total > 0, "some game took a step back");
    }
}
