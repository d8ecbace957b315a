//! The room actor: one task owns a room's lobby, connections and match, so
//! no lock guards game state and every command is handled to completion
//! before the next one starts.
//!
//! This module is the task's loop, the routing of each command and client
//! message to the concern that handles it (lobby, seats, bots, clock, chat,
//! play), the connections, and what is sent to them. An action goes: check
//! seat, version and rules → plan the action and the chance steps it
//! triggers → write them to the database → only then apply them,
//! acknowledge the sender, and send every connection its own update (see
//! `play`). A room is fully described by what it stored, so
//! [`Room::restore`] rebuilds it after a restart (or after it was unloaded
//! while idle).

use axum::extract::ws::Utf8Bytes;
use parlor_protocol::{
    close, ClientMsg, ErrorCode, MatchId, RoomInfo, Seat, SeatInfo, ServerMsg, Viewer,
};
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use super::refusal::Refusal;
use super::state::{Conn, Room, HOST};
use super::{token_hash, ConnId, ConnectError, JoinError, Outgoing, RoomCmd};
use crate::db::StoreError;

/// Longest gap (in steps) a reconnecting client is caught up on step by
/// step; beyond it a full view is cheaper for both sides.
const RESUME_MAX: u64 = 2_000;

/// Room broadcasts for presence and spectator counts wait this long so that
/// a crowd arriving costs one message per connection, not one per arrival.
const ROOM_COALESCE: Duration = Duration::from_millis(200);

/// Why a room's actor stopped.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stopped {
    /// Shut down, closed, or unloaded while idle.
    Done,
    /// Another server took it over (cluster mode): its clients were sent
    /// there.
    Moved,
    /// A write of its steps failed in a way that may have stored them all
    /// the same: its clients were told to reconnect, and the room is to be
    /// rebuilt from its stored log (the high-water mark), so nothing
    /// acknowledged is lost and nothing is applied twice.
    Reload,
}

impl Room {
    /// Runs until the server shuts down, every handle is dropped, the room
    /// has been idle long enough to unload (it is rebuilt on demand), it
    /// moved, or it must be rebuilt from its log ([`Stopped`]).
    pub async fn run(
        mut self,
        mut rx: mpsc::Receiver<RoomCmd>,
        shutdown: CancellationToken,
    ) -> Stopped {
        loop {
            // A write found the room taken over: nothing of it was stored
            // or acknowledged; the clients go to the new owner.
            if self.store.fence_lost() {
                self.moved(&mut rx).await;
                return Stopped::Moved;
            }
            if self.unsure {
                self.reload(&mut rx).await;
                return Stopped::Reload;
            }
            let timer = self.timer.as_ref().map(|t| t.ends);
            let idle = self
                .idle_since
                .filter(|_| self.conns.is_empty())
                .map(|t| t + self.config.idle_unload);
            let cmd = tokio::select! {
                biased;
                _ = shutdown.cancelled() => break,
                _ = sleep_until_some(timer) => {
                    self.expire().await;
                    continue;
                }
                _ = sleep_until_some(self.room_due) => {
                    self.broadcast_room();
                    continue;
                }
                _ = sleep_until_some(self.bot_due) => {
                    self.bot_moves().await;
                    continue;
                }
                answer = super::think::thought(&mut self.thinking) => {
                    self.on_thought(answer).await;
                    continue;
                }
                _ = sleep_until_some(idle) => {
                    info!("room idle; unloading it (its link brings it back)");
                    rx.close();
                    // Anything that slipped in is refused as if closed; the
                    // sender retries on a fresh actor.
                    self.drain(&mut rx).await;
                    return Stopped::Done;
                }
                cmd = rx.recv() => cmd,
            };
            let Some(cmd) = cmd else { break };
            if let RoomCmd::Moved = cmd {
                self.moved(&mut rx).await;
                return Stopped::Moved;
            }
            if let RoomCmd::Close { reason, reply } = cmd {
                match self.store.mark_closed(&self.code, &reason).await {
                    Ok(()) => {
                        info!(reason = %reason, "room closed by the server's host");
                        // Closed to commands before anyone hears of it: a
                        // player told asks over HTTP why, and that lookup
                        // must find no live room here (the store's 410
                        // with the reason), never this one, whose drain
                        // would answer it as a room still open.
                        rx.close();
                        for conn in self.conns.values() {
                            let _ = conn.out.try_send(Outgoing::Close {
                                code: close::ROOM_CLOSED,
                                reason: "closed by the server's host",
                            });
                        }
                        self.drain(&mut rx).await;
                        let _ = reply.send(Ok(()));
                        return Stopped::Done;
                    }
                    Err(e) => {
                        warn!(error = %e, "could not close the room");
                        let _ = reply.send(Err(e));
                        continue;
                    }
                }
            }
            self.handle(cmd).await;
        }
        rx.close();
        self.drain(&mut rx).await;
        // Every connection hears why, then gets its close frame.
        let bye = text(
            &Refusal::new(
                ErrorCode::ShuttingDown,
                "the server is shutting down; your table will be back in a moment",
            )
            .into_msg(None),
        );
        let cluster = self.store.epoch().is_some();
        for conn in self.conns.values() {
            let _ = conn.out.try_send(Outgoing::Text(bye.clone()));
            // In a cluster another server takes the room at once: come back now.
            let _ = conn.out.try_send(Outgoing::Close {
                code: if cluster {
                    close::SERVICE_RESTART
                } else {
                    close::GOING_AWAY
                },
                reason: "server shutting down",
            });
        }
        info!("room closed");
        Stopped::Done
    }

    /// Stops a room another server owns now (or may): what is queued is
    /// refused, and every socket is closed with "room moved" so its client
    /// reconnects, reaching the owner.
    async fn moved(&mut self, rx: &mut mpsc::Receiver<RoomCmd>) {
        self.send_away(rx, close::ROOM_MOVED, "the room moved to another server")
            .await;
        warn!("room stopped here: another server owns it now");
    }

    /// Stops a room whose last write may or may not be stored: what is
    /// queued is refused, and every socket is closed with "service restart"
    /// so its client reconnects and resumes from the log as stored.
    async fn reload(&mut self, rx: &mut mpsc::Receiver<RoomCmd>) {
        self.send_away(rx, close::SERVICE_RESTART, "the room reloads: reconnect")
            .await;
        warn!("a write failed: the room reloads from its stored log");
    }

    /// Refuses what is queued and closes every socket with `code`: its
    /// client comes back (to this server or another) and resumes.
    async fn send_away(
        &mut self,
        rx: &mut mpsc::Receiver<RoomCmd>,
        code: u16,
        reason: &'static str,
    ) {
        rx.close();
        self.drain(rx).await;
        for conn in self.conns.values() {
            let _ = conn.out.try_send(Outgoing::Close { code, reason });
        }
    }

    /// Answers commands still queued after the room stopped taking new ones:
    /// none of them is carried out, and each is told so.
    async fn drain(&mut self, rx: &mut mpsc::Receiver<RoomCmd>) {
        while let Some(cmd) = rx.recv().await {
            match cmd {
                RoomCmd::Connect { reply, .. } => {
                    let _ = reply.send(Err(ConnectError::Closed));
                }
                RoomCmd::Disconnect { conn } => {
                    self.drop_conn(conn);
                }
                RoomCmd::Msg { conn, msg } => {
                    let client_seq = msg.client_seq();
                    let refusal = Refusal::new(
                        ErrorCode::ShuttingDown,
                        "the server is shutting down; nothing changed",
                    );
                    self.send(conn, &refusal.into_msg(client_seq));
                }
                RoomCmd::Join { reply, .. } | RoomCmd::Claim { reply, .. } => {
                    let _ = reply.send(Err(JoinError::Closed));
                }
                RoomCmd::Info { reply } => {
                    let _ = reply.send(self.info());
                }
                RoomCmd::Table { token, reply } => {
                    let _ = reply.send(self.table(&token));
                }
                RoomCmd::Close { reply, .. } => {
                    let _ = reply.send(Err(StoreError::Closed));
                }
                RoomCmd::Moved | RoomCmd::PushGone { .. } => {}
            }
        }
    }

    /// Carries out one command (`Close` aside: see [`Room::run`]).
    async fn handle(&mut self, cmd: RoomCmd) {
        match cmd {
            RoomCmd::Connect {
                token,
                resume,
                out,
                reply,
            } => {
                // A player back at a seat a bot stood in for takes it back.
                if let Some(seat) = self.connect(token, resume, out, reply) {
                    if let Err(e) = self.store.set_stand_in(&self.code, seat, false).await {
                        warn!(seat = %seat, error = %e, "could not store the end of a stand-in");
                    }
                    info!(seat = %seat, "player back; the stand-in bot stops");
                    self.broadcast_room();
                    self.refresh_timer().await;
                }
            }
            RoomCmd::Disconnect { conn } => {
                if self.drop_conn(conn) {
                    self.room_changed();
                }
            }
            RoomCmd::Join { name, reply } => {
                let _ = reply.send(self.join(name).await);
            }
            RoomCmd::Claim { code, reply } => {
                let _ = reply.send(self.claim(&code).await);
            }
            RoomCmd::Info { reply } => {
                let _ = reply.send(self.info());
            }
            RoomCmd::Table { token, reply } => {
                let _ = reply.send(self.table(&token));
            }
            // Handled by `run`, which stops the room.
            RoomCmd::Close { reply, .. } => {
                let _ = reply.send(Err(StoreError::Closed));
            }
            RoomCmd::Moved => {}
            RoomCmd::PushGone { seat, subscription } => self.push_gone(seat, &subscription),
            RoomCmd::Msg { conn, msg } => self.on_msg(conn, msg).await,
        }
    }

    /// Routes a client's message to the concern that handles it; a
    /// refusal is sent back as an error (tied to the action it answers).
    async fn on_msg(&mut self, conn: ConnId, msg: ClientMsg) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let outcome = match msg {
            ClientMsg::Ping => {
                self.send(conn, &ServerMsg::Pong);
                Ok(())
            }
            ClientMsg::Chat { text } => self.say_words(conn, viewer, &text).await,
            ClientMsg::React { reaction } => self.react(conn, viewer, reaction).await,
            ClientMsg::SeatLink => self.seat_link(conn, viewer).await,
            ClientMsg::AddBot { level } => self.add_bot(viewer, level).await,
            ClientMsg::RemoveBot { seat } => self.remove_bot(viewer, seat).await,
            ClientMsg::StandIn { seat, on } => self.stand_in(viewer, seat, on).await,
            ClientMsg::SetTurnTimer { timer } => self.set_turn_timer(viewer, timer).await,
            ClientMsg::SetWebhook { webhook } => self.set_webhook(viewer, webhook).await,
            ClientMsg::SetNoticeEmail { email } => self.set_notice_email(viewer, email).await,
            ClientMsg::SetPush { subscription } => self.set_push(viewer, subscription).await,
            ClientMsg::Log => self.send_log(conn, viewer),
            ClientMsg::Hello { .. } => {
                Err(Refusal::new(ErrorCode::BadHandshake, "already said hello"))
            }
            ClientMsg::SetOptions { options } => self.set_options(viewer, options).await,
            ClientMsg::Start => self.start(viewer).await,
            ClientMsg::Rename { name } => self.rename(viewer, &name).await,
            ClientMsg::LeaveSeat => self.leave_seat(viewer).await,
            ClientMsg::Rematch { ready } => self.rematch(viewer, ready).await,
            ClientMsg::BackToLobby => self.back_to_lobby(viewer).await,
            ClientMsg::Mute { seat, muted } => self.mute(viewer, seat, muted),
            ClientMsg::Unseat { seat } => self.unseat(viewer, seat).await,
            ClientMsg::ReopenSeat => self.reopen_seat(viewer).await,
            ClientMsg::Lock { locked } => self.lock(viewer, locked).await,
            ClientMsg::Act {
                client_seq,
                version,
                action,
            } => {
                if let Err(refusal) = self.act(conn, viewer, client_seq, version, action).await {
                    self.send(conn, &refusal.into_msg(Some(client_seq)));
                }
                Ok(())
            }
            ClientMsg::TakeBack {
                client_seq,
                version,
            } => {
                if let Err(refusal) = self.take_back(conn, viewer, client_seq, version).await {
                    self.send(conn, &refusal.into_msg(Some(client_seq)));
                }
                Ok(())
            }
        };
        if let Err(refusal) = outcome {
            self.send(conn, &refusal.into_msg(None));
        }
    }

    /// Lets a socket in; returns the seat whose stand-in bot just stopped
    /// because its player came back (to be stored).
    fn connect(
        &mut self,
        token: Option<String>,
        resume: Option<(MatchId, u64)>,
        out: mpsc::Sender<Outgoing>,
        reply: tokio::sync::oneshot::Sender<Result<(ConnId, Viewer), ConnectError>>,
    ) -> Option<Seat> {
        let viewer = match token.as_deref() {
            None | Some("") => Viewer::Spectator,
            Some(t) => {
                let hash = token_hash(t);
                match self.seats.iter().position(|s| s.token_sha256 == hash) {
                    Some(i) => Viewer::Seat(Seat(u8::try_from(i).unwrap_or(u8::MAX))),
                    None => {
                        let _ = reply.send(Err(ConnectError::BadToken));
                        return None;
                    }
                }
            }
        };
        if self.conns.len() >= self.config.max_conns {
            let _ = reply.send(Err(ConnectError::Full));
            return None;
        }
        let conn = self.next_conn;
        self.next_conn += 1;
        if reply.send(Ok((conn, viewer))).is_err() {
            return None;
        }
        let mut returned = None;
        self.conns.insert(
            conn,
            Conn {
                viewer,
                out,
                last_chat: None,
            },
        );
        self.idle_since = None;
        if let Viewer::Seat(s) = viewer {
            if let Some(seat) = self.seats.get_mut(s.index()) {
                seat.conns += 1;
                seat.away_since = None;
                if std::mem::take(&mut seat.stand_in) {
                    returned = Some(s);
                }
            }
            info!(seat = %s, conn, "seat connected");
        }
        // A client that says which match and version it holds gets only
        // what it missed; anyone else a full snapshot.
        let resumed_from = resume.map_or(0, |(_, from)| from);
        let caught_up = resume.and_then(|(match_id, from)| {
            let live = self.live.as_ref()?;
            let fits =
                live.id == match_id && from <= live.version && live.version - from <= RESUME_MAX;
            fits.then(|| live.catch_up(viewer, from)).flatten()
        });
        self.welcome(conn, caught_up.is_some());
        if let (Some(update), Some(live)) = (caught_up, self.live.as_ref()) {
            let msg = ServerMsg::Update {
                version: live.version,
                steps: update.steps,
                to_act: live.game.to_act(),
                patch: update.patch,
                deadline: self.deadline(),
                timed_out: live.timed_out_after(resumed_from),
                take_back: live.game.take_back(),
            };
            let over = live.game.result().map(|result| ServerMsg::MatchOver {
                match_id: live.id,
                result,
                seed: live.seed_hex(),
            });
            self.send(conn, &msg);
            if let Some(over) = over {
                self.send(conn, &over);
            }
        }
        self.room_changed();
        if returned.is_some() {
            self.schedule_bots();
        }
        returned
    }

    /// Tells `conn` who it is, the room, the match (unless `resumed`, when
    /// an update with what it missed follows) and the recent chat; sent on
    /// connecting and again when its seat changes.
    pub(super) fn welcome(&mut self, conn: ConnId, resumed: bool) {
        let Some(viewer) = self.conns.get(&conn).map(|c| c.viewer) else {
            return;
        };
        let welcome = ServerMsg::Welcome {
            you: viewer,
            room: self.info(),
            snapshot: if resumed {
                None
            } else {
                self.live
                    .as_ref()
                    .map(|m| m.snapshot(viewer, self.deadline()))
            },
            resumed,
            chat: self.chat_heard_by(viewer),
        };
        self.send(conn, &welcome);
        // Its own seat's turn notices, when asked for (to it alone).
        let seat = match viewer {
            Viewer::Seat(s) => self.seats.get(s.index()),
            _ => None,
        };
        if let Some(s) = seat {
            let (email, push) = (s.email.is_some(), s.push.is_some());
            if email {
                self.send(conn, &ServerMsg::NoticeEmail { set: true });
            }
            if push {
                self.send(conn, &ServerMsg::NoticePush { set: true });
            }
        }
    }

    /// Removes a connection; `true` if the room info changed.
    pub(super) fn drop_conn(&mut self, conn: ConnId) -> bool {
        let Some(c) = self.conns.remove(&conn) else {
            return false;
        };
        if let Viewer::Seat(s) = c.viewer {
            if let Some(seat) = self.seats.get_mut(s.index()) {
                seat.conns = seat.conns.saturating_sub(1);
                if seat.conns == 0 {
                    seat.away_since = Some(Instant::now());
                }
            }
            info!(seat = %s, conn, "seat disconnected");
        }
        if self.conns.is_empty() {
            self.idle_since = Some(Instant::now());
        }
        true
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
                    connected: s.conns > 0 || s.bot.is_some(),
                    away_ms: s
                        .away_since
                        .map(|t| u32::try_from(t.elapsed().as_millis()).unwrap_or(u32::MAX)),
                    bot: s.bot,
                    stand_in: s.stand_in,
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
            rematch: self.rematch.clone(),
            muted: self.muted.clone(),
            rail_muted: self.rail_muted,
            turn_timer: self.turn_timer,
            locked: self.locked,
            closed_seats: self.closed_seats,
            webhook: self.webhook.as_ref().map(|w| w.format),
            turn_emails: self.config.notices.as_ref().is_some_and(|n| n.email()),
            push_key: (self.config.notices.as_ref())
                .and_then(|n| n.push_key())
                .map(str::to_owned),
        }
    }

    /// Presence or the audience changed: tell everyone soon, once.
    pub(super) fn room_changed(&mut self) {
        if self.room_due.is_none() {
            self.room_due = Some(Instant::now() + ROOM_COALESCE);
        }
    }

    /// Sends the room info to everyone now.
    pub(super) fn broadcast_room(&mut self) {
        self.room_due = None;
        self.broadcast(&ServerMsg::Room { room: self.info() });
    }

    /// Sends `msg` to every connection.
    pub(super) fn broadcast(&mut self, msg: &ServerMsg) {
        let t = text(msg);
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for id in ids {
            self.send_text(id, t.clone());
        }
    }

    /// Sends `msg` to one connection.
    pub(super) fn send(&mut self, conn: ConnId, msg: &ServerMsg) {
        if self.conns.contains_key(&conn) {
            self.send_text(conn, text(msg));
        }
    }

    /// Queues a message for one connection. A connection whose queue is
    /// full is dropped rather than allowed to stall the room; its socket
    /// closes with 4008 and the client resumes.
    pub(super) fn send_text(&mut self, conn: ConnId, t: Utf8Bytes) {
        let Some(c) = self.conns.get(&conn) else {
            return;
        };
        if let Err(e) = c.out.try_send(Outgoing::Text(t)) {
            if matches!(e, mpsc::error::TrySendError::Full(_)) {
                warn!(conn, "connection fell behind; dropping it");
            }
            if self.drop_conn(conn) {
                self.room_changed();
            }
        }
    }
}

/// Sleeps until `ends`, or forever when there is nothing to wait for.
async fn sleep_until_some(ends: Option<Instant>) {
    match ends {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// A message as the JSON text frame that carries it.
pub(super) fn text(msg: &ServerMsg) -> Utf8Bytes {
    // Our messages are plain data; serialization cannot fail.
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_default())
}
