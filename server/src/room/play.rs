//! The match: starting one, a seat's action checked, stored and only then
//! applied, and every connection sent its own viewer's update.

use axum::extract::ws::Utf8Bytes;
use parlor_games::AnyStep;
use parlor_protocol::{AnyAction, ErrorCode, MatchId, RoomStatus, Seat, ServerMsg, Viewer};
use tracing::info;

use super::actor::text;
use super::live::{LiveMatch, Planned, Told, ViewerUpdate};
use super::refusal::Refusal;
use super::state::Room;
use super::ConnId;
use crate::db::{Finish, NewMatch, NewStep};

impl Room {
    /// Starts a new match with the seats and options as they are.
    pub(super) async fn begin_match(&mut self) -> Result<(), Refusal> {
        let (min, max) = self.options.kind().players();
        let n = self.seats.len();
        if n < usize::from(min) || n > usize::from(max) {
            return Err(Refusal::new(
                ErrorCode::PlayerCount,
                format!(
                    "{} needs {min} to {max} players",
                    self.options.kind().title()
                ),
            ));
        }
        let id = MatchId(uuid::Uuid::new_v4());
        let live = LiveMatch::new(id, &self.options, u8::try_from(n).unwrap_or(u8::MAX))?;
        let planned = live.plan(None)?;
        let record = NewMatch {
            match_id: id,
            code: self.code.clone(),
            options: self.options.clone(),
            players: self.names(),
            seed_hex: live.seed_hex(),
            seed_sha256: live.seed_sha256.clone(),
            bots: self
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.bot.is_some())
                .map(|(i, _)| Seat(u8::try_from(i).unwrap_or(u8::MAX)))
                .collect(),
            bot_levels: self.seats.iter().filter_map(|s| s.bot).collect(),
        };
        let steps = new_steps(&live, &planned);
        self.store.start_match(&record, &steps).await?;
        info!(match_id = %id, steps = steps.len(), "match started");
        metrics::counter!("parlor_matches_started_total", "game" => self.options.kind().slug())
            .increment(1);
        // Everyone first gets the table as it was before setup, then the
        // setup steps (deal, first-player roll) as an ordinary update.
        let before: Vec<_> = live
            .viewers()
            .into_iter()
            .map(|v| {
                text(&ServerMsg::Sync {
                    snapshot: live.snapshot(v, None),
                })
            })
            .collect();
        self.live = Some(live);
        self.timer = None;
        self.rematch.clear();
        self.status = RoomStatus::Playing;
        self.broadcast_room();
        let ids: Vec<(ConnId, Viewer)> = self.conns.iter().map(|(id, c)| (*id, c.viewer)).collect();
        for (conn, viewer) in ids {
            let i = self
                .live
                .as_ref()
                .map_or(usize::MAX, |m| m.viewer_index(viewer));
            if let Some(sync) = before.get(i) {
                self.send_text(conn, sync.clone());
            }
        }
        self.store_and_publish(planned, None, false).await
    }

    pub(super) async fn act(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        client_seq: u32,
        version: u64,
        action: AnyAction,
    ) -> Result<(), Refusal> {
        let seat = self.deciding_seat(viewer, version)?;
        // Acting yourself takes the seat back from a stand-in bot.
        if self.seats.get(seat.index()).is_some_and(|s| s.stand_in) {
            self.set_stand_in(seat, false).await?;
        }
        self.submit(seat, &action, Some((conn, client_seq)), Decider::Player)
            .await?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.expiries = 0;
        }
        Ok(())
    }

    /// The seat of `viewer`, who decided on `version` of a match in play
    /// that is still current for it; else why not.
    fn deciding_seat(&self, viewer: Viewer, version: u64) -> Result<Seat, Refusal> {
        let Viewer::Seat(seat) = viewer else {
            return Err(Refusal::new(ErrorCode::NotSeated, "spectators cannot act"));
        };
        let Some(live) = self.live.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "the match has not started",
            ));
        };
        if live.finished() {
            return Err(Refusal::new(ErrorCode::MatchOver, "the match is over"));
        }
        if !live.is_current(seat, version) {
            return Err(Refusal::new(
                ErrorCode::StaleVersion,
                format!(
                    "the match is at version {}; version {version} is no longer current",
                    live.version
                ),
            ));
        }
        Ok(seat)
    }

    /// Takes back `viewer`'s last step, while the match offers it
    /// ([`parlor_games::Standing`]): stored in the log like an action, so
    /// resume and replay show it and it happens at most once.
    pub(super) async fn take_back(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        client_seq: u32,
        version: u64,
    ) -> Result<(), Refusal> {
        let seat = self.deciding_seat(viewer, version)?;
        let Some(live) = self.live.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "the match has not started",
            ));
        };
        if live.game.take_back() != Some(seat) {
            return Err(parlor_games::MatchError::NothingToTakeBack.into());
        }
        let planned = live.plan(Some(AnyStep::TakeBack { seat }))?;
        self.store_and_publish(planned, Some((conn, client_seq)), true)
            .await
    }

    /// Validates, stores, applies and publishes one seat's action: from its
    /// connection (`ack`), from the bot playing the seat, or on its behalf
    /// (`by`: the step is marked as the timer's or a stand-in's).
    pub(super) async fn submit(
        &mut self,
        seat: Seat,
        action: &AnyAction,
        ack: Option<(ConnId, u32)>,
        by: Decider,
    ) -> Result<(), Refusal> {
        let Some(live) = self.live.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "the match has not started",
            ));
        };
        let step = live.game.action_step(seat, action)?;
        let mut planned = live.plan(Some(step))?;
        planned.by_timer = by == Decider::Timer;
        planned.by_stand_in = by == Decider::StandIn;
        self.store_and_publish(planned, ack, true).await
    }

    /// Stores planned steps (with the end of the match and the response
    /// timer's deadline when they change) and only then makes them current,
    /// acknowledges `ack` and tells everyone. `append` is false for a new
    /// match, whose steps [`Store::start_match`] already wrote.
    async fn store_and_publish(
        &mut self,
        planned: Planned,
        ack: Option<(ConnId, u32)>,
        append: bool,
    ) -> Result<(), Refusal> {
        let Some(live) = self.live.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "the match has not started",
            ));
        };
        let timer = self.timer_after(&planned.after);
        let old_deadline = self.timer.as_ref().map(|t| t.ends_ms);
        let new_deadline = timer.as_ref().map(|t| t.ends_ms);
        let deadline_change = (old_deadline != new_deadline).then_some(new_deadline);
        let steps = new_steps(live, &planned);
        let finish = planned.after.result().map(|result| Finish {
            result,
            players: self.names(),
        });
        let wrote = if append || finish.is_some() || deadline_change.is_some() {
            let steps = if append { &steps[..] } else { &[] };
            // Durable before anyone hears of it.
            self.store
                .append_steps(live.id, &self.code, steps, finish.as_ref(), deadline_change)
                .await
        } else {
            Ok(())
        };
        if let Err(e) = wrote {
            // Refused, but perhaps stored: reload from the log rather than
            // go on from a state that may be behind it (a fenced write is
            // handled as a move instead).
            if !self.store.fence_lost() {
                self.unsure = true;
            }
            return Err(e.into());
        }
        let Some(live) = self.live.as_mut() else {
            return Ok(());
        };
        let updates = live.commit(planned);
        let over = live.finished();
        self.timer = timer;
        self.publish(updates, ack);
        if over {
            self.forget_notices().await;
        }
        Ok(())
    }

    /// After steps were stored and applied: acknowledges the sender, sends
    /// every connection its own viewer's update (encoded once per viewer,
    /// however many connections share it), and announces the end.
    fn publish(&mut self, updates: Vec<Told>, ack: Option<(ConnId, u32)>) {
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let version = live.version;
        let batch = updates
            .iter()
            .find_map(|told| match told {
                Told::Own(update) => Some(update.steps.len() as u64),
                Told::Same(_) => None,
            })
            .unwrap_or(0);
        let timed_out = live.timed_out_after(version.saturating_sub(batch));
        let to_act = live.game.to_act();
        let take_back = live.game.take_back();
        let over = live
            .game
            .result()
            .map(|result| (live.id, result, live.seed_hex()));
        let deadline = self.deadline();
        let targets: Vec<(ConnId, usize)> = self
            .conns
            .iter()
            .map(|(id, c)| (*id, live.viewer_index(c.viewer)))
            .collect();
        if let Some((conn, client_seq)) = ack {
            metrics::counter!("parlor_actions_total", "game" => self.options.kind().slug())
                .increment(1);
            self.send(
                conn,
                &ServerMsg::Ack {
                    client_seq,
                    version,
                },
            );
        }
        let viewers: Vec<usize> = targets.iter().map(|&(_, i)| i).collect();
        let texts = encode_once(updates, &viewers, |update| {
            text(&ServerMsg::Update {
                version,
                steps: update.steps,
                to_act: to_act.clone(),
                patch: update.patch,
                deadline: deadline.clone(),
                timed_out: timed_out.clone(),
                take_back,
            })
        });
        for (id, i) in targets {
            if let Some(t) = texts.get(i).cloned().flatten() {
                self.send_text(id, t);
            }
        }
        if let Some((match_id, result, seed)) = over {
            self.status = RoomStatus::Finished;
            info!(match_id = %match_id, winners = ?result.winners, "match finished");
            metrics::counter!("parlor_matches_finished_total", "game" => self.options.kind().slug())
                .increment(1);
            self.broadcast(&ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            });
            self.broadcast_room();
        }
        self.notify();
        self.schedule_bots();
    }

    /// Sends `conn` the match's whole log as its viewer sees it.
    pub(super) fn send_log(&mut self, conn: ConnId, viewer: Viewer) -> Result<(), Refusal> {
        let Some(live) = self.live.as_ref() else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "no match has started here",
            ));
        };
        // Rebuilt by replaying the log: a few milliseconds even for a long
        // match, and the socket's message rate bounds how often.
        let Some(update) = live.catch_up(viewer, 0) else {
            return Err(Refusal::new(
                ErrorCode::NoMatch,
                "the log could not be rebuilt",
            ));
        };
        let msg = ServerMsg::Log {
            match_id: live.id,
            version: live.version,
            steps: update.steps,
            timed_out: live.timed_out_after(0).unwrap_or_default(),
        };
        self.send(conn, &msg);
        Ok(())
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }
}

/// Who decided a seat's step: its player (or the bot in its seat), the
/// room's timer, or a stand-in bot while its player is away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Decider {
    Player,
    Timer,
    StandIn,
}

/// Rows for planned steps; the first is marked as the timer's or a
/// stand-in's when it was.
fn new_steps(live: &LiveMatch, planned: &Planned) -> Vec<NewStep> {
    planned
        .steps
        .iter()
        .enumerate()
        .map(|(i, s)| NewStep {
            seq: live.version + i as u64 + 1,
            seat: s.seat(),
            json: s.to_json(),
            by_timer: planned.by_timer && i == 0,
            by_stand_in: planned.by_stand_in && i == 0,
        })
        .collect()
}

/// Each viewer's update encoded (by index; `None` for a viewer no
/// connection holds), each distinct update once: viewers told the `Same`
/// as an earlier one (every viewer, in a game that hides nothing) share its
/// text, as do viewers whose own updates turn out equal. An update is moved
/// into `encode`, not cloned: nothing reads it once encoded.
fn encode_once(
    mut updates: Vec<Told>,
    viewers: &[usize],
    mut encode: impl FnMut(ViewerUpdate) -> Utf8Bytes,
) -> Vec<Option<Utf8Bytes>> {
    let n = updates.len();
    // The viewer whose update each one is told.
    let first: Vec<usize> = (0..n)
        .map(|i| match updates[i] {
            Told::Same(j) if j < n => j,
            _ => i,
        })
        .collect();
    let mut wanted = vec![false; n];
    for &i in viewers {
        if let Some(&k) = first.get(i) {
            wanted[k] = true;
        }
    }
    // The viewer whose text each one sends.
    let mut source = first.clone();
    for k in 0..n {
        let Told::Own(mine) = &updates[k] else {
            continue;
        };
        if !wanted[k] {
            continue;
        }
        let equal = |j: usize| matches!(&updates[j], Told::Own(u) if u == mine);
        if let Some(j) = (0..k).find(|&j| wanted[j] && source[j] == j && equal(j)) {
            source[k] = j;
        }
    }
    let mut texts: Vec<Option<Utf8Bytes>> = vec![None; n];
    for k in 0..n {
        if !wanted[k] || source[k] != k {
            continue;
        }
        if let Told::Own(update) = &mut updates[k] {
            texts[k] = Some(encode(std::mem::take(update)));
        }
    }
    (0..n).map(|i| texts[source[first[i]]].clone()).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_protocol::ViewPatch;

    fn own(key: &str) -> Told {
        let mut merge = serde_json::Map::new();
        merge.insert(key.to_owned(), serde_json::Value::from(1));
        Told::Own(ViewerUpdate {
            steps: Vec::new(),
            patch: ViewPatch::Merge(merge),
        })
    }

    #[test]
    fn each_distinct_update_held_by_a_connection_is_encoded_once() {
        // Viewer 1 is told what 0 is; 2's own update equals 0's; 3's differs;
        // 4's is held by no connection.
        let updates = vec![own("a"), Told::Same(0), own("a"), own("b"), own("c")];
        let mut encoded = Vec::new();
        let texts = encode_once(updates, &[0, 1, 2, 3], |u| {
            let text = serde_json::to_string(&u.patch).unwrap_or_default();
            encoded.push(text.clone());
            Utf8Bytes::from(text)
        });
        assert_eq!(encoded, vec![r#"{"a":1}"#, r#"{"b":1}"#]);
        let got: Vec<Option<&str>> = texts
            .iter()
            .map(|t| t.as_ref().map(|t| t.as_str()))
            .collect();
        assert_eq!(
            got,
            vec![
                Some(r#"{"a":1}"#),
                Some(r#"{"a":1}"#),
                Some(r#"{"a":1}"#),
                Some(r#"{"b":1}"#),
                None
            ]
        );
    }
}
