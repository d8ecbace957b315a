//! The room actor: one task owns a room's lobby, connections and match, so
//! no lock guards game state and every command is handled to completion
//! before the next one starts.
//!
//! An action goes: check seat, version and rules → plan the action and the
//! chance steps it triggers → write them to the database → only then apply
//! them, acknowledge the sender, and send every connection its own view.

use std::collections::HashMap;

use parlor_games::MatchError;
use parlor_protocol::http::Joined;
use parlor_protocol::{
    AnyAction, ClientMsg, Deadline, ErrorCode, GameOptions, MatchId, RoomCode, RoomInfo,
    RoomStatus, Seat, SeatInfo, ServerMsg, ToAct, Viewer,
};
use tokio::sync::mpsc;
use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use super::live::LiveMatch;
use super::{new_token, token_hash, ConnId, JoinError, RoomCmd};
use crate::db::{Finish, NewMatch, NewStep, SeatRow, Store};

/// A seat as the room knows it.
#[derive(Debug)]
struct SeatState {
    name: String,
    token_sha256: String,
    /// Live connections holding this seat (a player may have two tabs).
    conns: usize,
}

/// One connection.
#[derive(Debug)]
struct Conn {
    viewer: Viewer,
    out: mpsc::Sender<ServerMsg>,
}

/// A room and everything in it.
#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    options: GameOptions,
    status: RoomStatus,
    store: Store,
    seats: Vec<SeatState>,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    live: Option<LiveMatch>,
    /// The response timer of a simultaneous window, when one runs.
    timer: Option<Timer>,
}

/// A running response timer.
#[derive(Debug)]
struct Timer {
    ends: tokio::time::Instant,
    seats: Vec<Seat>,
}

/// The seat that created the room and controls it.
const HOST: Seat = Seat(0);

impl Room {
    /// A new, empty room in the lobby.
    pub fn new(code: RoomCode, options: GameOptions, store: Store) -> Room {
        Room {
            code,
            options,
            status: RoomStatus::Lobby,
            store,
            seats: Vec::new(),
            conns: HashMap::new(),
            next_conn: 1,
            live: None,
            timer: None,
        }
    }

    /// Runs until every handle is dropped or the server shuts down.
    pub async fn run(mut self, mut rx: mpsc::Receiver<RoomCmd>, shutdown: CancellationToken) {
        loop {
            let ends = self.timer.as_ref().map(|t| t.ends);
            let cmd = tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                _ = sleep_until_some(ends) => {
                    self.expire().await;
                    continue;
                }
                cmd = rx.recv() => cmd,
            };
            let Some(cmd) = cmd else { break };
            self.handle(cmd).await;
        }
        for conn in self.conns.values() {
            let _ = conn.out.try_send(error(
                ErrorCode::ShuttingDown,
                "the server is shutting down",
                None,
            ));
        }
        info!("room closed");
    }

    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Connect { token, out, reply } => {
                let viewer = match token.as_deref() {
                    None | Some("") => Viewer::Spectator,
                    Some(t) => {
                        let hash = token_hash(t);
                        match self.seats.iter().position(|s| s.token_sha256 == hash) {
                            Some(i) => Viewer::Seat(Seat(u8::try_from(i).unwrap_or(u8::MAX))),
                            None => {
                                let _ = reply.send(Err(ErrorCode::BadToken));
                                return;
                            }
                        }
                    }
                };
                let conn = self.next_conn;
                self.next_conn += 1;
                if reply.send(Ok((conn, viewer))).is_err() {
                    return;
                }
                let welcome = ServerMsg::Welcome {
                    resumed: false,
                    you: viewer,
                    room: self.info(),
                    snapshot: self
                        .live
                        .as_ref()
                        .map(|m| m.snapshot(viewer, self.deadline())),
                };
                self.conns.insert(conn, Conn { viewer, out });
                self.send(conn, welcome);
                if let Viewer::Seat(s) = viewer {
                    if let Some(seat) = self.seats.get_mut(s.index()) {
                        seat.conns += 1;
                    }
                    info!(seat = %s, conn, "seat connected");
                }
                self.broadcast_room();
            }
            RoomCmd::Disconnect { conn } => {
                if self.drop_conn(conn) {
                    self.broadcast_room();
                }
            }
            RoomCmd::Join { name, reply } => {
                let _ = reply.send(self.join(name).await);
            }
            RoomCmd::Info { reply } => {
                let _ = reply.send(self.info());
            }
            RoomCmd::Msg { conn, msg } => self.on_msg(conn, msg).await,
        }
    }

    /// Removes a connection; `true` if the room info changed.
    fn drop_conn(&mut self, conn: ConnId) -> bool {
        let Some(c) = self.conns.remove(&conn) else {
            return false;
        };
        if let Viewer::Seat(s) = c.viewer {
            if let Some(seat) = self.seats.get_mut(s.index()) {
                seat.conns = seat.conns.saturating_sub(1);
            }
            info!(seat = %s, conn, "seat disconnected");
        }
        true
    }

    async fn join(&mut self, name: String) -> Result<Joined, JoinError> {
        let (_, max) = self.options.kind().players();
        let join_path = format!("/r/{}", self.code);
        if self.status != RoomStatus::Lobby || self.seats.len() >= usize::from(max) {
            // No seat left: the link still lets them watch.
            return Ok(Joined {
                code: self.code.clone(),
                join_path,
                seat: None,
                token: String::new(),
            });
        }
        let seat = Seat(u8::try_from(self.seats.len()).unwrap_or(u8::MAX));
        let token = new_token();
        let row = SeatRow {
            seat,
            name: name.clone(),
            token_sha256: token_hash(&token),
        };
        self.store.add_seat(&self.code, &row).await?;
        self.seats.push(SeatState {
            name,
            token_sha256: row.token_sha256,
            conns: 0,
        });
        info!(seat = %seat, "seat taken");
        self.broadcast_room();
        Ok(Joined {
            code: self.code.clone(),
            join_path,
            seat: Some(seat),
            token,
        })
    }

    async fn on_msg(&mut self, conn: ConnId, msg: ClientMsg) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        match msg {
            ClientMsg::Ping => self.send(conn, ServerMsg::Pong),
            ClientMsg::Hello { .. } => self.send(
                conn,
                error(ErrorCode::BadHandshake, "already said hello", None),
            ),
            ClientMsg::SetOptions { options } => {
                if let Err((code, message)) = self.set_options(viewer, options).await {
                    self.send(conn, error(code, message, None));
                }
            }
            ClientMsg::Start => {
                if let Err((code, message)) = self.start(viewer).await {
                    self.send(conn, error(code, message, None));
                }
            }
            ClientMsg::Act {
                client_seq,
                version,
                action,
            } => {
                if let Err((code, message)) =
                    self.act(conn, viewer, client_seq, version, action).await
                {
                    self.send(conn, error(code, message, Some(client_seq)));
                }
            }
        }
    }

    async fn set_options(
        &mut self,
        viewer: Viewer,
        options: GameOptions,
    ) -> Result<(), (ErrorCode, String)> {
        if viewer != Viewer::Seat(HOST) {
            return Err((
                ErrorCode::NotHost,
                "only the host can change options".into(),
            ));
        }
        if self.status != RoomStatus::Lobby {
            return Err((
                ErrorCode::AlreadyStarted,
                "options are fixed once the match starts".into(),
            ));
        }
        if options.kind() != self.options.kind() {
            return Err((
                ErrorCode::BadOptions,
                format!("these options are not for {}", self.options.kind().title()),
            ));
        }
        self.store
            .set_room_options(&self.code, &options)
            .await
            .map_err(storage)?;
        self.options = options;
        self.broadcast_room();
        Ok(())
    }

    async fn start(&mut self, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        if viewer != Viewer::Seat(HOST) {
            return Err((ErrorCode::NotHost, "only the host can start".into()));
        }
        // A finished room may start a new match with the same seats.
        if self.status == RoomStatus::Playing {
            return Err((
                ErrorCode::AlreadyStarted,
                "the match has already started".into(),
            ));
        }
        let (min, max) = self.options.kind().players();
        let n = self.seats.len();
        if n < usize::from(min) || n > usize::from(max) {
            return Err((
                ErrorCode::PlayerCount,
                format!(
                    "{} needs {min} to {max} players",
                    self.options.kind().title()
                ),
            ));
        }
        let id = MatchId(uuid::Uuid::new_v4());
        let live =
            LiveMatch::new(id, &self.options, u8::try_from(n).unwrap_or(u8::MAX)).map_err(|e| {
                let code = match e {
                    parlor_games::SetupError::PlayerCount { .. } => ErrorCode::PlayerCount,
                    _ => ErrorCode::BadOptions,
                };
                (code, e.to_string())
            })?;
        let planned = live.plan(None).map_err(rules_error)?;
        let record = NewMatch {
            match_id: id,
            code: self.code.clone(),
            options: self.options.clone(),
            players: self.names(),
            seed_hex: live.seed_hex(),
            seed_sha256: live.seed_sha256.clone(),
        };
        let steps = new_steps(&live, &planned.steps);
        self.store
            .start_match(&record, &steps)
            .await
            .map_err(storage)?;
        info!(match_id = %id, steps = steps.len(), "match started");
        // Everyone first gets the table as it was before setup, then the
        // setup steps (deal, first-player roll) as an ordinary update.
        let before: Vec<_> = live
            .viewers()
            .into_iter()
            .map(|v| live.snapshot(v, None))
            .collect();
        let mut live = live;
        let step_views = live.commit(planned);
        self.live = Some(live);
        self.timer = None;
        self.arm_timer();
        self.status = RoomStatus::Playing;
        self.broadcast_room();
        let ids: Vec<(ConnId, Viewer)> = self.conns.iter().map(|(id, c)| (*id, c.viewer)).collect();
        for (conn, viewer) in ids {
            let i = self
                .live
                .as_ref()
                .map(|m| m.viewer_index(viewer))
                .unwrap_or(usize::MAX);
            if let Some(snapshot) = before.get(i) {
                self.send(
                    conn,
                    ServerMsg::Sync {
                        snapshot: snapshot.clone(),
                    },
                );
            }
        }
        self.publish(step_views, None);
        Ok(())
    }

    async fn act(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        client_seq: u32,
        version: u64,
        action: AnyAction,
    ) -> Result<(), (ErrorCode, String)> {
        let Viewer::Seat(seat) = viewer else {
            return Err((ErrorCode::NotSeated, "spectators cannot act".into()));
        };
        let Some(live) = self.live.as_ref() else {
            return Err((ErrorCode::NoMatch, "the match has not started".into()));
        };
        if live.finished() {
            return Err((ErrorCode::MatchOver, "the match is over".into()));
        }
        if !live.is_current(seat, version) {
            return Err((
                ErrorCode::StaleVersion,
                format!("the match is at version {}, not {version}", live.version),
            ));
        }
        self.submit(seat, &action, Some((conn, client_seq))).await
    }

    /// Validates, stores, applies and publishes one seat's action (from its
    /// connection, or on its behalf when its response timer ran out).
    async fn submit(
        &mut self,
        seat: Seat,
        action: &AnyAction,
        ack: Option<(ConnId, u32)>,
    ) -> Result<(), (ErrorCode, String)> {
        let Some(live) = self.live.as_ref() else {
            return Err((ErrorCode::NoMatch, "the match has not started".into()));
        };
        let step = live.game.action_step(seat, action).map_err(rules_error)?;
        let planned = live.plan(Some(step)).map_err(rules_error)?;
        let steps = new_steps(live, &planned.steps);
        let finish = planned.after.result().map(|result| Finish {
            result,
            players: self.names(),
        });
        // Durable before anyone hears of it.
        self.store
            .append_steps(live.id, &self.code, &steps, finish.as_ref())
            .await
            .map_err(storage)?;

        let Some(live) = self.live.as_mut() else {
            return Ok(());
        };
        let step_views = live.commit(planned);
        self.arm_timer();
        self.publish(step_views, ack);
        Ok(())
    }

    /// Starts, keeps or clears the response timer after the match moved. A
    /// timer runs while the seats to act all have a default answer (a pass)
    /// and the room has a response time; it survives answers within the same
    /// window (the set of seats only shrinks) and restarts for a new one.
    fn arm_timer(&mut self) {
        let Some(live) = self.live.as_ref() else {
            self.timer = None;
            return;
        };
        let seats = match (self.options.response_timer_secs(), live.game.to_act()) {
            (Some(secs), ToAct::Seats { seats })
                if secs > 0 && seats.iter().all(|s| live.game.timeout_action(*s).is_some()) =>
            {
                (secs, seats)
            }
            _ => {
                self.timer = None;
                return;
            }
        };
        let (secs, seats) = seats;
        if let Some(t) = &self.timer {
            if seats.iter().all(|s| t.seats.contains(s)) {
                return;
            }
        }
        let ends = tokio::time::Instant::now() + std::time::Duration::from_secs(u64::from(secs));
        self.timer = Some(Timer { ends, seats });
    }

    /// The response timer ran out: every seat still to answer gets its
    /// default answer, recorded as its own step.
    async fn expire(&mut self) {
        self.timer = None;
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let ToAct::Seats { seats } = live.game.to_act() else {
            return;
        };
        for seat in seats {
            let Some(action) = self.live.as_ref().and_then(|m| m.game.timeout_action(seat)) else {
                continue;
            };
            info!(seat = %seat, "response timer ran out; answering for the seat");
            if let Err((code, message)) = self.submit(seat, &action, None).await {
                warn!(seat = %seat, ?code, %message, "timeout answer refused");
            }
        }
        self.arm_timer();
    }

    /// What clients are told about the running timer.
    /// Its seats are those still owing an answer.
    fn deadline(&self) -> Option<Deadline> {
        let waiting = match self.live.as_ref().map(|m| m.game.to_act()) {
            Some(ToAct::Seats { seats }) => seats,
            _ => Vec::new(),
        };
        self.timer.as_ref().map(|t| Deadline {
            remaining_ms: u32::try_from(
                t.ends
                    .saturating_duration_since(tokio::time::Instant::now())
                    .as_millis(),
            )
            .unwrap_or(u32::MAX),
            seats: t
                .seats
                .iter()
                .copied()
                .filter(|s| waiting.contains(s))
                .collect(),
        })
    }

    /// After steps were stored and applied: acknowledges the sender, sends
    /// every connection its own view of the new steps, and announces the end.
    fn publish(&mut self, updates: Vec<super::live::ViewerUpdate>, ack: Option<(ConnId, u32)>) {
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let version = live.version;
        let to_act = live.game.to_act();
        let indices: Vec<(ConnId, usize)> = self
            .conns
            .iter()
            .map(|(id, c)| (*id, live.viewer_index(c.viewer)))
            .collect();
        let over = live
            .game
            .result()
            .map(|result| (live.id, result, live.seed_hex()));
        let deadline = self.deadline();
        if let Some((conn, client_seq)) = ack {
            self.send(
                conn,
                ServerMsg::Ack {
                    client_seq,
                    version,
                },
            );
        }
        for (id, i) in indices {
            let Some(update) = updates.get(i) else {
                continue;
            };
            self.send(
                id,
                ServerMsg::Update {
                    version,
                    steps: update.steps.clone(),
                    to_act: to_act.clone(),
                    patch: update.patch.clone(),
                    deadline: deadline.clone(),
                },
            );
        }
        if let Some((match_id, result, seed)) = over {
            self.status = RoomStatus::Finished;
            info!(match_id = %match_id, winners = ?result.winners, "match finished");
            self.broadcast(ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            });
            self.broadcast_room();
        }
    }

    fn names(&self) -> Vec<String> {
        self.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// Public room info.
    pub fn info(&self) -> RoomInfo {
        let (min, max) = self.options.kind().players();
        RoomInfo {
            code: self.code.clone(),
            game: self.options.kind(),
            options: self.options.clone(),
            status: self.status,
            seats: self
                .seats
                .iter()
                .enumerate()
                .map(|(i, s)| SeatInfo {
                    seat: Seat(u8::try_from(i).unwrap_or(u8::MAX)),
                    name: s.name.clone(),
                    connected: s.conns > 0,
                    away_ms: None,
                })
                .collect(),
            host: HOST,
            min_players: min,
            max_players: max,
            spectators: u32::try_from(
                self.conns
                    .values()
                    .filter(|c| c.viewer == Viewer::Spectator)
                    .count(),
            )
            .unwrap_or(u32::MAX),
            match_id: self.live.as_ref().map(|m| m.id),
        }
    }

    fn broadcast_room(&mut self) {
        self.broadcast(ServerMsg::Room { room: self.info() });
    }

    fn broadcast(&mut self, msg: ServerMsg) {
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for id in ids {
            self.send(id, msg.clone());
        }
    }

    /// Queues a message for one connection. A connection whose queue is
    /// full is dropped rather than allowed to stall the room; it reconnects
    /// and gets a fresh snapshot.
    fn send(&mut self, conn: ConnId, msg: ServerMsg) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if let Err(e) = c.out.try_send(msg) {
            if matches!(e, mpsc::error::TrySendError::Full(_)) {
                warn!(conn, "connection fell behind; dropping it");
            }
            if self.drop_conn(conn) {
                // Seat presence may have changed; others learn on the next broadcast.
            }
        }
    }
}

/// Sleeps until `ends`, or forever when there is no timer.
async fn sleep_until_some(ends: Option<tokio::time::Instant>) {
    match ends {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

fn new_steps(live: &LiveMatch, steps: &[parlor_games::AnyStep]) -> Vec<NewStep> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| NewStep {
            seq: live.version + i as u64 + 1,
            seat: s.seat(),
            json: s.to_json(),
        })
        .collect()
}

fn error(code: ErrorCode, message: impl Into<String>, client_seq: Option<u32>) -> ServerMsg {
    ServerMsg::Error {
        code,
        message: message.into(),
        client_seq,
    }
}

fn rules_error(e: MatchError) -> (ErrorCode, String) {
    let code = match e {
        MatchError::WrongGame => ErrorCode::WrongGame,
        MatchError::NotYourTurn => ErrorCode::NotYourTurn,
        MatchError::Finished => ErrorCode::MatchOver,
        MatchError::Illegal(_) | MatchError::Decode(_) => ErrorCode::IllegalAction,
    };
    (code, e.to_string())
}

fn storage(e: crate::db::StoreError) -> (ErrorCode, String) {
    warn!(error = %e, "storage failed; action refused");
    (
        ErrorCode::Storage,
        "the server could not save that; nothing changed".into(),
    )
}
