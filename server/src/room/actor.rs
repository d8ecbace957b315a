//! The room actor: one task owns a room's lobby, connections and match, so
//! no lock guards game state and every command is handled to completion
//! before the next one starts.
//!
//! An action goes: check seat, version and rules → plan the action and the
//! chance steps it triggers → write them to the database → only then apply
//! them, acknowledge the sender, and send every connection its own update.
//! A room is fully described by what it stored, so [`Room::restore`]
//! rebuilds it after a restart (or after it was unloaded while idle).

mod host;

use std::collections::{HashMap, VecDeque};

use axum::extract::ws::Utf8Bytes;
use parlor_games::MatchError;
use parlor_protocol::http::Joined;
use parlor_protocol::msg::STAND_IN_AFTER;
use parlor_protocol::{
    close, AnyAction, BotLevel, ChatLine, ClientMsg, Deadline, ErrorCode, GameOptions, MatchId,
    Reaction, RoomCode, RoomInfo, RoomStatus, Seat, SeatInfo, ServerMsg, ToAct, TurnTimer, Viewer,
};
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};
use tokio_util::sync::CancellationToken;
use tracing::{info, warn};

use super::live::{LiveMatch, Planned, RestoreError, ViewerUpdate};
use super::names;
use super::{
    new_token, token_hash, ConnId, ConnectError, JoinError, Outgoing, RoomCmd, RoomConfig,
};
use crate::db::{
    now_ms, Finish, NewChat, NewMatch, NewStep, SeatRow, Store, StoredRoom, CHAT_KEPT,
};

/// A seat as the room knows it.
#[derive(Debug)]
struct SeatState {
    name: String,
    token_sha256: String,
    /// Live connections holding this seat (a player may have two tabs).
    conns: usize,
    /// Since when the seat has had no connection, once it has had one.
    away_since: Option<Instant>,
    /// A bot's seat: its level.
    bot: Option<BotLevel>,
    /// A bot plays for this player while they are away.
    stand_in: bool,
    /// Decisions in a row the turn timer took for this seat (in memory:
    /// after a restart the count starts again).
    expiries: u8,
}

impl SeatState {
    /// The level of the bot that plays this seat now, if one does.
    fn played_by_bot(&self) -> Option<BotLevel> {
        self.bot
            .or_else(|| self.stand_in.then_some(BotLevel::Normal))
    }
}

/// A one-time link that moves a seat to another device.
#[derive(Debug)]
struct SeatLink {
    seat: Seat,
    /// SHA-256 of the code, like a token.
    code_sha256: String,
    ends: Instant,
}

/// How long a seat link works.
const SEAT_LINK_LIFE: Duration = Duration::from_secs(10 * 60);

/// One connection.
#[derive(Debug)]
struct Conn {
    viewer: Viewer,
    out: mpsc::Sender<Outgoing>,
    /// When this connection last said something in the chat.
    last_chat: Option<Instant>,
}

/// A room and everything in it.
#[derive(Debug)]
pub struct Room {
    code: RoomCode,
    options: GameOptions,
    status: RoomStatus,
    store: Store,
    config: RoomConfig,
    seats: Vec<SeatState>,
    conns: HashMap<ConnId, Conn>,
    next_conn: ConnId,
    live: Option<LiveMatch>,
    /// The running clock (a response window's or the turn timer), if any.
    timer: Option<Timer>,
    /// The room's turn timer setting.
    turn_timer: TurnTimer,
    /// When a coalesced room broadcast is due (presence, spectators).
    room_due: Option<Instant>,
    /// Since when the room has had no connection.
    idle_since: Option<Instant>,
    /// The last [`CHAT_KEPT`] chat lines, for whoever connects (all of them
    /// are stored with the room's match as its history).
    chat: VecDeque<ChatLine>,
    /// Unused one-time seat links, at most one per seat.
    seat_links: Vec<SeatLink>,
    /// When the bots to act make their move.
    bot_due: Option<Instant>,
    /// After a match, the seats asking for a rematch (in memory only: after
    /// a restart they ask again).
    rematch: Vec<Seat>,
    /// Players the host muted in chat, and whether the rail is muted (in
    /// memory only, like the chat itself).
    muted: Vec<Seat>,
    rail_muted: bool,
    /// The host locked the room to new players.
    locked: bool,
    /// Seats the host closed by moving their players to the spectators.
    closed_seats: u8,
    /// Table talk said so far in the current chat period: the match in
    /// play, or (`None`) the room between matches. Read from the store
    /// when a period's first line comes.
    chat_used: Option<(Option<MatchId>, crate::db::ChatTally)>,
}

/// A running clock.
#[derive(Debug, Clone, PartialEq)]
struct Timer {
    ends: Instant,
    /// The same instant as Unix ms: what is stored.
    ends_ms: i64,
    /// The seats it runs for (people, not bots).
    seats: Vec<Seat>,
    /// The room's turn timer (else a game's response window).
    turn: bool,
}

/// The seat that created the room and controls it.
const HOST: Seat = Seat(0);

/// Longest gap (in steps) a reconnecting client is caught up on step by
/// step; beyond it a full view is cheaper for both sides.
const RESUME_MAX: u64 = 2_000;

/// Room broadcasts for presence and spectator counts wait this long so that
/// a crowd arriving costs one message per connection, not one per arrival.
const ROOM_COALESCE: Duration = Duration::from_millis(200);

impl Room {
    /// A new, empty room in the lobby.
    pub fn new(code: RoomCode, options: GameOptions, store: Store, config: RoomConfig) -> Room {
        Room {
            code,
            options,
            status: RoomStatus::Lobby,
            store,
            config,
            seats: Vec::new(),
            conns: HashMap::new(),
            next_conn: 1,
            live: None,
            timer: None,
            turn_timer: TurnTimer::Off,
            room_due: None,
            idle_since: Some(Instant::now()),
            chat: VecDeque::new(),
            seat_links: Vec::new(),
            bot_due: None,
            rematch: Vec::new(),
            muted: Vec::new(),
            rail_muted: false,
            locked: false,
            closed_seats: 0,
            chat_used: None,
        }
    }

    /// Rebuilds a stored room: seats, options, status and its latest match
    /// replayed (and verified) from the log, with its response timer.
    pub fn restore(
        stored: StoredRoom,
        store: Store,
        config: RoomConfig,
    ) -> Result<Room, RestoreError> {
        let status = match stored.status.as_str() {
            "lobby" => RoomStatus::Lobby,
            "playing" => RoomStatus::Playing,
            "finished" => RoomStatus::Finished,
            other => {
                return Err(RestoreError::Step {
                    seq: 0,
                    error: format!("unknown room status {other}"),
                })
            }
        };
        let mut deadline_at = None;
        let live = match stored.current {
            Some(m) => {
                deadline_at = m.deadline_at;
                Some(LiveMatch::restore(
                    m.match_id,
                    &m.options,
                    m.seats,
                    &m.seed_hex,
                    &m.steps,
                    &m.timed_out,
                )?)
            }
            None => None,
        };
        let mut room = Room::new(stored.code, stored.options, store, config);
        room.status = status;
        room.seats = stored
            .seats
            .into_iter()
            .map(|s| SeatState {
                name: s.name,
                token_sha256: s.token_sha256,
                conns: 0,
                away_since: None,
                bot: s.bot,
                stand_in: s.stand_in,
                expiries: 0,
            })
            .collect();
        room.chat = stored.chat.into();
        room.turn_timer = stored.turn_timer;
        room.locked = stored.locked;
        room.closed_seats = stored.closed_seats;
        room.clamp_closed_seats();
        // Back in the lobby after a match: the last match is history.
        room.live = live.filter(|_| status != RoomStatus::Lobby);
        // Continue the stored timer where it was; one that ended while the
        // server was down expires at once.
        room.timer = room.next_timer().map(|mut t| {
            if let Some(at) = deadline_at {
                let left = u64::try_from(at.saturating_sub(now_ms())).unwrap_or(0);
                t.ends = Instant::now() + Duration::from_millis(left);
                t.ends_ms = at;
            }
            t
        });
        room.schedule_bots();
        Ok(room)
    }

    /// Runs until the server shuts down, every handle is dropped, or the
    /// room has been idle long enough to unload (it is rebuilt on demand).
    pub async fn run(mut self, mut rx: mpsc::Receiver<RoomCmd>, shutdown: CancellationToken) {
        loop {
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
                _ = sleep_until_some(idle) => {
                    info!("room idle; unloading it (its link brings it back)");
                    rx.close();
                    // Anything that slipped in is refused as if closed; the
                    // sender retries on a fresh actor.
                    self.drain(&mut rx).await;
                    return;
                }
                cmd = rx.recv() => cmd,
            };
            let Some(cmd) = cmd else { break };
            if let RoomCmd::Close { reason, reply } = cmd {
                match self.store.mark_closed(&self.code, &reason).await {
                    Ok(()) => {
                        info!(reason = %reason, "room closed by the server's host");
                        for conn in self.conns.values() {
                            let _ = conn.out.try_send(Outgoing::Close {
                                code: close::ROOM_CLOSED,
                                reason: "closed by the server's host",
                            });
                        }
                        rx.close();
                        self.drain(&mut rx).await;
                        let _ = reply.send(Ok(()));
                        return;
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
        let bye = text(&error(
            ErrorCode::ShuttingDown,
            "the server is shutting down; your table will be back in a moment",
            None,
        ));
        for conn in self.conns.values() {
            let _ = conn.out.try_send(Outgoing::Text(bye.clone()));
            let _ = conn.out.try_send(Outgoing::Close {
                code: close::GOING_AWAY,
                reason: "server shutting down",
            });
        }
        info!("room closed");
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
                    let client_seq = match msg {
                        ClientMsg::Act { client_seq, .. } => Some(client_seq),
                        _ => None,
                    };
                    self.send(
                        conn,
                        &error(
                            ErrorCode::ShuttingDown,
                            "the server is shutting down; nothing changed",
                            client_seq,
                        ),
                    );
                }
                RoomCmd::Join { reply, .. } | RoomCmd::Claim { reply, .. } => {
                    let _ = reply.send(Err(JoinError::Closed));
                }
                RoomCmd::Info { reply } => {
                    let _ = reply.send(self.info());
                }
                RoomCmd::Close { reply, .. } => {
                    let _ = reply.send(Err(crate::db::StoreError::Closed));
                }
            }
        }
    }

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
            // Handled by `run`, which stops the room.
            RoomCmd::Close { reply, .. } => {
                let _ = reply.send(Err(crate::db::StoreError::Closed));
            }
            RoomCmd::Msg { conn, msg } => self.on_msg(conn, msg).await,
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
    fn welcome(&mut self, conn: ConnId, resumed: bool) {
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
            chat: self
                .chat
                .iter()
                .filter(|l| hears(viewer, l.from))
                .cloned()
                .collect(),
        };
        self.send(conn, &welcome);
    }

    /// Removes a connection; `true` if the room info changed.
    fn drop_conn(&mut self, conn: ConnId) -> bool {
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

    /// `name`, or `name 2`, `name 3`… when a seat already has it or one
    /// that looks like it ([`names::look_alike`]): the turn line, the log
    /// and the history must tell players apart.
    fn unique_name(&self, name: String) -> String {
        let taken = |n: &str| self.seats.iter().any(|s| names::look_alike(&s.name, n));
        if !taken(&name) {
            return name;
        }
        (2..)
            .map(|k| format!("{name} {k}"))
            .find(|n| !taken(n))
            .unwrap_or(name)
    }

    /// A chat line (words, or a reaction) from `conn`: cleaned, checked,
    /// stored with the room's match, kept and sent to whoever hears it.
    async fn say(
        &mut self,
        conn: ConnId,
        viewer: Viewer,
        said: Said<'_>,
    ) -> Result<(), (ErrorCode, String)> {
        use parlor_protocol::msg::{CHAT_GAP_MS, CHAT_MAX};
        let (text, reaction) = match said {
            Said::Words(words) => {
                // One line, no control characters (they could fake line
                // breaks or reorder what others see).
                let text: String = words
                    .trim()
                    .chars()
                    .map(|c| if c.is_control() { ' ' } else { c })
                    .filter(|c| !matches!(c, '\u{202a}'..='\u{202e}' | '\u{2066}'..='\u{2069}'))
                    .collect();
                let count = text.chars().count();
                if count == 0 || count > CHAT_MAX {
                    return Err((
                        ErrorCode::BadMessage,
                        format!("a chat line has 1 to {CHAT_MAX} characters"),
                    ));
                }
                (text, None)
            }
            Said::Reaction(r) => (String::new(), Some(r)),
        };
        let silenced = match viewer {
            Viewer::Seat(s) => self.muted.contains(&s),
            Viewer::Spectator | Viewer::Revealed => self.rail_muted,
        };
        if silenced {
            return Err((ErrorCode::Muted, "the host has muted you in chat".into()));
        }
        let now = Instant::now();
        let Some(c) = self.conns.get(&conn) else {
            return Ok(());
        };
        if c.last_chat
            .is_some_and(|t| now - t < Duration::from_millis(CHAT_GAP_MS))
        {
            return Err((ErrorCode::RateLimited, "one chat line at a time".into()));
        }
        // Lines go with the match in play; once it is over they are the
        // room's, never part of the finished match's record.
        let period = self
            .live
            .as_ref()
            .filter(|m| m.game.result().is_none())
            .map(|m| m.id);
        let mut used = match self.chat_used {
            Some((p, used)) if p == period => used,
            _ => self
                .store
                .chat_tally(&self.code, period)
                .await
                .map_err(storage)?,
        };
        let cap = self.config.chat_cap;
        if used.lines >= u64::from(cap.lines) || used.bytes + text.len() as u64 > cap.bytes {
            self.chat_used = Some((period, used));
            let why = if period.is_some() {
                "this match's table talk is full: nothing more can be said until it ends"
            } else {
                "this room's table talk is full until the next match"
            };
            return Err((ErrorCode::ChatFull, why.into()));
        }
        if let Some(c) = self.conns.get_mut(&conn) {
            c.last_chat = Some(now);
        }
        let name = match viewer {
            Viewer::Seat(s) => self
                .seats
                .get(s.index())
                .map_or_else(|| format!("Seat {}", s.0 + 1), |seat| seat.name.clone()),
            Viewer::Spectator | Viewer::Revealed => "Spectator".into(),
        };
        let line = ChatLine {
            from: viewer,
            name,
            text,
            reaction,
            at: now_ms(),
        };
        let stored = NewChat {
            match_id: period,
            line,
        };
        self.store
            .add_chat(&self.code, &stored)
            .await
            .map_err(storage)?;
        used.lines += 1;
        used.bytes += stored.line.text.len() as u64;
        self.chat_used = Some((period, used));
        let line = stored.line;
        if self.chat.len() == CHAT_KEPT {
            self.chat.pop_front();
        }
        self.chat.push_back(line.clone());
        let msg = self::text(&ServerMsg::Chat { line });
        let ids: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| hears(c.viewer, viewer))
            .map(|(id, _)| *id)
            .collect();
        for id in ids {
            self.send_text(id, msg.clone());
        }
        Ok(())
    }

    async fn join(&mut self, name: String) -> Result<Joined, JoinError> {
        let join_path = format!("/r/{}", self.code);
        if self.status != RoomStatus::Lobby || self.open_seats() == 0 {
            // No seat left (or the host locked the room or closed the
            // rest): the link still lets them watch.
            return Ok(Joined {
                code: self.code.clone(),
                join_path,
                seat: None,
                token: String::new(),
            });
        }
        let seat = Seat(u8::try_from(self.seats.len()).unwrap_or(u8::MAX));
        let name = self.unique_name(name);
        let token = new_token();
        let row = SeatRow {
            seat,
            name: name.clone(),
            token_sha256: token_hash(&token),
            bot: None,
            stand_in: false,
        };
        self.store.add_seat(&self.code, &row).await?;
        self.seats.push(SeatState {
            name,
            token_sha256: row.token_sha256,
            conns: 0,
            away_since: None,
            bot: None,
            stand_in: false,
            expiries: 0,
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
        let outcome = match msg {
            ClientMsg::Ping => {
                self.send(conn, &ServerMsg::Pong);
                Ok(())
            }
            ClientMsg::Chat { text } => self.say(conn, viewer, Said::Words(&text)).await,
            ClientMsg::React { reaction } => self.say(conn, viewer, Said::Reaction(reaction)).await,
            ClientMsg::SeatLink => self.seat_link(conn, viewer),
            ClientMsg::AddBot { level } => self.add_bot(viewer, level).await,
            ClientMsg::RemoveBot { seat } => self.remove_bot(viewer, seat).await,
            ClientMsg::StandIn { seat, on } => self.stand_in(viewer, seat, on).await,
            ClientMsg::SetTurnTimer { timer } => self.set_turn_timer(viewer, timer).await,
            ClientMsg::Log => self.send_log(conn, viewer),
            ClientMsg::Hello { .. } => Err((ErrorCode::BadHandshake, "already said hello".into())),
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
                if let Err((code, message)) =
                    self.act(conn, viewer, client_seq, version, action).await
                {
                    self.send(conn, &error(code, message, Some(client_seq)));
                }
                Ok(())
            }
        };
        if let Err((code, message)) = outcome {
            self.send(conn, &error(code, message, None));
        }
    }

    async fn set_options(
        &mut self,
        viewer: Viewer,
        options: GameOptions,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "change options")?;
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
        require_host(viewer, "start")?;
        match self.status {
            RoomStatus::Lobby => self.begin_match().await,
            RoomStatus::Playing => Err((
                ErrorCode::AlreadyStarted,
                "the match has already started".into(),
            )),
            // The results stay until everyone has seen them and agrees.
            RoomStatus::Finished => Err((
                ErrorCode::NotNow,
                "the match is over: a rematch starts when every player asks for one, \
                 or the host can go back to the lobby"
                    .into(),
            )),
        }
    }

    /// Renames `viewer`'s seat (lobby only); names stay unique in a room.
    async fn rename(&mut self, viewer: Viewer, name: &str) -> Result<(), (ErrorCode, String)> {
        let seat = self.lobby_seat(viewer, "names can change in the lobby")?;
        let name = names::clean_name(name).map_err(|e| (ErrorCode::BadName, e.to_string()))?;
        let taken = self
            .seats
            .iter()
            .enumerate()
            .find(|(i, s)| *i != seat.index() && names::look_alike(&s.name, &name));
        if let Some((_, other)) = taken {
            return Err((
                ErrorCode::NameTaken,
                format!("another player here is called {}", other.name),
            ));
        }
        self.store
            .rename_seat(&self.code, seat, &name)
            .await
            .map_err(storage)?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.name = name;
        }
        info!(seat = %seat, "seat renamed");
        self.broadcast_room();
        Ok(())
    }

    /// `viewer` gives up its seat (lobby only): its connections watch on,
    /// later seats move up one and are told who they now are.
    async fn leave_seat(&mut self, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        let seat = self.lobby_seat(viewer, "a seat can be left in the lobby")?;
        self.remove_seat(seat).await
    }

    /// Takes `seat` away (lobby only): its connections watch on, later
    /// seats move up one and are told who they now are.
    async fn remove_seat(&mut self, seat: Seat) -> Result<(), (ErrorCode, String)> {
        self.store
            .leave_seat(&self.code, seat)
            .await
            .map_err(storage)?;
        self.seats.remove(seat.index());
        // A mute stays with the player, who may have moved up a seat.
        self.muted = self
            .muted
            .iter()
            .filter(|s| **s != seat)
            .map(|s| if *s > seat { Seat(s.0 - 1) } else { *s })
            .collect();
        self.seat_links.clear();
        info!(seat = %seat, "seat left");
        let moved: Vec<ConnId> = self
            .conns
            .iter_mut()
            .filter_map(|(id, c)| match c.viewer {
                Viewer::Seat(s) if s == seat => {
                    c.viewer = Viewer::Spectator;
                    Some(*id)
                }
                Viewer::Seat(s) if s > seat => {
                    c.viewer = Viewer::Seat(Seat(s.0 - 1));
                    Some(*id)
                }
                _ => None,
            })
            .collect();
        for conn in moved {
            self.welcome(conn, false);
        }
        self.broadcast_room();
        Ok(())
    }

    /// The host seats a bot in the next free seat (lobby only).
    async fn add_bot(
        &mut self,
        viewer: Viewer,
        level: BotLevel,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "add bots")?;
        self.lobby_seat(viewer, "bots join in the lobby")?;
        let (_, max) = self.options.kind().players();
        if self.seats.len() >= usize::from(max) {
            return Err((
                ErrorCode::NoSeat,
                format!("{} seats at most {max}", self.options.kind().title()),
            ));
        }
        let seat = Seat(u8::try_from(self.seats.len()).unwrap_or(u8::MAX));
        let name = BOT_NAMES
            .iter()
            .map(|n| format!("{n} (bot)"))
            .find(|n| !self.seats.iter().any(|s| names::look_alike(&s.name, n)))
            .unwrap_or_else(|| self.unique_name("Bot".into()));
        // Nobody ever holds a bot's token: it is only there to fill the row.
        let row = SeatRow {
            seat,
            name: name.clone(),
            token_sha256: token_hash(&new_token()),
            bot: Some(level),
            stand_in: false,
        };
        self.store
            .add_seat(&self.code, &row)
            .await
            .map_err(storage)?;
        self.seats.push(SeatState {
            name,
            token_sha256: row.token_sha256,
            conns: 0,
            away_since: None,
            bot: Some(level),
            stand_in: false,
            expiries: 0,
        });
        self.clamp_closed_seats();
        info!(seat = %seat, ?level, "bot seated");
        self.broadcast_room();
        Ok(())
    }

    /// The host takes a bot's seat away (lobby only).
    async fn remove_bot(&mut self, viewer: Viewer, seat: Seat) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "remove bots")?;
        self.lobby_seat(viewer, "bots leave in the lobby")?;
        if self.seats.get(seat.index()).and_then(|s| s.bot).is_none() {
            return Err((ErrorCode::NoSeat, format!("no bot in seat {}", seat.0)));
        }
        self.remove_seat(seat).await
    }

    /// The host has a bot play for an absent player (or stops it). The
    /// player stops it too, by coming back with their token.
    async fn stand_in(
        &mut self,
        viewer: Viewer,
        seat: Seat,
        on: bool,
    ) -> Result<(), (ErrorCode, String)> {
        // A player may always take their own seat back.
        let taking_back = viewer == Viewer::Seat(seat) && !on;
        if !taking_back {
            require_host(viewer, "have a bot stand in")?;
        }
        if self.status != RoomStatus::Playing {
            return Err((ErrorCode::NotNow, "a bot stands in during a match".into()));
        }
        let Some(s) = self.seats.get(seat.index()) else {
            return Err((ErrorCode::NoSeat, format!("no seat {}", seat.0)));
        };
        if s.bot.is_some() {
            return Err((ErrorCode::NoSeat, format!("seat {} is a bot", seat.0)));
        }
        if on && s.conns > 0 && viewer != Viewer::Seat(seat) {
            return Err((
                ErrorCode::NotNow,
                format!(
                    "{} is here: a bot stands in only for an absent player",
                    s.name
                ),
            ));
        }
        if s.stand_in == on {
            return Ok(());
        }
        self.set_stand_in(seat, on).await.map_err(storage)
    }

    /// Starts or stops a stand-in bot (stored first), and tells everyone.
    async fn set_stand_in(&mut self, seat: Seat, on: bool) -> Result<(), crate::db::StoreError> {
        self.store.set_stand_in(&self.code, seat, on).await?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.stand_in = on;
            s.expiries = 0;
        }
        info!(seat = %seat, on, "stand-in bot");
        self.broadcast_room();
        self.schedule_bots();
        self.refresh_timer().await;
        Ok(())
    }

    /// Who plays a seat changed (a stand-in started or stopped): the clock
    /// now runs for the people to act, so a player back at their decision
    /// gets a fresh one and a bot needs none. Stored, then told to everyone
    /// as an update without steps.
    async fn refresh_timer(&mut self) {
        let Some(live) = self.live.as_ref().filter(|m| !m.finished()) else {
            return;
        };
        let next = self.timer_after(&live.game);
        let same = match (&self.timer, &next) {
            (Some(t), Some(n)) => t.seats == n.seats && t.turn == n.turn,
            (None, None) => true,
            _ => false,
        };
        if same {
            return;
        }
        let deadline = next.as_ref().map(|t| t.ends_ms);
        if let Err(e) = self
            .store
            .append_steps(live.id, &self.code, &[], None, Some(deadline))
            .await
        {
            warn!(error = %e, "could not store the new deadline");
            return;
        }
        let (version, to_act) = (live.version, live.game.to_act());
        self.timer = next;
        self.broadcast(&ServerMsg::Update {
            version,
            steps: Vec::new(),
            to_act,
            patch: Vec::new(),
            deadline: self.deadline(),
            timed_out: None,
        });
    }

    /// The host sets the room's turn timer (lobby only).
    async fn set_turn_timer(
        &mut self,
        viewer: Viewer,
        timer: TurnTimer,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "set the turn timer")?;
        self.lobby_seat(viewer, "the turn timer is set in the lobby")?;
        self.store
            .set_turn_timer(&self.code, timer)
            .await
            .map_err(storage)?;
        self.turn_timer = timer;
        info!(?timer, "turn timer set");
        self.broadcast_room();
        Ok(())
    }

    /// Sends `conn` the match's whole log as its viewer sees it.
    fn send_log(&mut self, conn: ConnId, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        let Some(live) = self.live.as_ref() else {
            return Err((ErrorCode::NoMatch, "no match has started here".into()));
        };
        // Rebuilt by replaying the log: a few milliseconds even for a long
        // match, and the socket's message rate bounds how often.
        let Some(update) = live.catch_up(viewer, 0) else {
            return Err((ErrorCode::NoMatch, "the log could not be rebuilt".into()));
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

    /// Gives a player a one-time code that moves their seat to another
    /// device; asking again replaces the last one.
    fn seat_link(&mut self, conn: ConnId, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        let Viewer::Seat(seat) = viewer else {
            return Err((
                ErrorCode::NotSeated,
                "spectators have no seat to move".into(),
            ));
        };
        let code = new_token();
        let now = Instant::now();
        self.seat_links.retain(|l| l.seat != seat && l.ends > now);
        self.seat_links.push(SeatLink {
            seat,
            code_sha256: token_hash(&code),
            ends: now + SEAT_LINK_LIFE,
        });
        info!(seat = %seat, "seat link issued");
        self.send(
            conn,
            &ServerMsg::SeatLink {
                code,
                expires_ms: u32::try_from(SEAT_LINK_LIFE.as_millis()).unwrap_or(u32::MAX),
            },
        );
        Ok(())
    }

    /// Another device takes a seat by its one-time code: the seat gets a
    /// new token, and every connection holding the old one closes (its page
    /// watches on).
    async fn claim(&mut self, code: &str) -> Result<Joined, JoinError> {
        let hash = token_hash(code);
        let now = Instant::now();
        self.seat_links.retain(|l| l.ends > now);
        let Some(i) = self.seat_links.iter().position(|l| l.code_sha256 == hash) else {
            return Err(JoinError::BadClaim);
        };
        let seat = self.seat_links[i].seat;
        let token = new_token();
        let token_sha256 = token_hash(&token);
        self.store
            .set_seat_token(&self.code, seat, &token_sha256)
            .await?;
        // Used only once the new token is stored: a failed write leaves the
        // link usable.
        self.seat_links.remove(i);
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.token_sha256 = token_sha256;
        }
        info!(seat = %seat, "seat moved to another device");
        let old: Vec<ConnId> = self
            .conns
            .iter()
            .filter(|(_, c)| c.viewer == Viewer::Seat(seat))
            .map(|(id, _)| *id)
            .collect();
        for id in old {
            if let Some(c) = self.conns.get(&id) {
                let _ = c.out.try_send(Outgoing::Close {
                    code: close::SEAT_MOVED,
                    reason: "your seat moved to another device",
                });
            }
            self.drop_conn(id);
        }
        self.room_changed();
        Ok(Joined {
            code: self.code.clone(),
            join_path: format!("/r/{}", self.code),
            seat: Some(seat),
            token,
        })
    }

    /// The host mutes or unmutes a player's chat, or the spectators'.
    fn mute(
        &mut self,
        viewer: Viewer,
        seat: Option<Seat>,
        muted: bool,
    ) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "mute")?;
        match seat {
            None => self.rail_muted = muted,
            Some(s) if s == HOST || s.index() >= self.seats.len() => {
                return Err((
                    ErrorCode::BadMessage,
                    format!("no other player in seat {}", s.0),
                ));
            }
            Some(s) => {
                self.muted.retain(|m| *m != s);
                if muted {
                    self.muted.push(s);
                    self.muted.sort_unstable();
                }
            }
        }
        info!(seat = ?seat, muted, "chat mute");
        self.broadcast_room();
        Ok(())
    }

    /// `viewer`'s seat, when the room is in the lobby.
    fn lobby_seat(&self, viewer: Viewer, when: &str) -> Result<Seat, (ErrorCode, String)> {
        let Viewer::Seat(seat) = viewer else {
            return Err((ErrorCode::NotSeated, "spectators have no seat".into()));
        };
        if self.status != RoomStatus::Lobby {
            return Err((
                ErrorCode::NotNow,
                format!("{when}, not during or after a match"),
            ));
        }
        Ok(seat)
    }

    /// A seat asks for (or takes back) a rematch; when every seat has asked,
    /// the next match starts with the same seats and options.
    async fn rematch(&mut self, viewer: Viewer, ready: bool) -> Result<(), (ErrorCode, String)> {
        let Viewer::Seat(seat) = viewer else {
            return Err((
                ErrorCode::NotSeated,
                "spectators have no say in a rematch".into(),
            ));
        };
        if self.status != RoomStatus::Finished {
            return Err((
                ErrorCode::NotNow,
                "a rematch is asked for once a match is over".into(),
            ));
        }
        self.rematch.retain(|s| *s != seat);
        if ready {
            self.rematch.push(seat);
            self.rematch.sort_unstable();
        }
        info!(seat = %seat, ready, "rematch");
        // Bots are always ready.
        let all = self
            .seats
            .iter()
            .enumerate()
            .all(|(i, s)| s.bot.is_some() || self.rematch.iter().any(|r| r.index() == i));
        if all {
            return self.begin_match().await;
        }
        self.broadcast_room();
        Ok(())
    }

    /// The host takes the room back to the lobby after a match.
    async fn back_to_lobby(&mut self, viewer: Viewer) -> Result<(), (ErrorCode, String)> {
        require_host(viewer, "go back to the lobby")?;
        if self.status != RoomStatus::Finished {
            return Err((
                ErrorCode::NotNow,
                "the room goes back to the lobby after a match".into(),
            ));
        }
        self.store
            .set_room_status(&self.code, "lobby")
            .await
            .map_err(storage)?;
        self.status = RoomStatus::Lobby;
        self.live = None;
        self.timer = None;
        self.rematch.clear();
        info!("back to the lobby");
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for conn in ids {
            self.welcome(conn, false);
        }
        self.room_changed();
        Ok(())
    }

    /// Starts a new match with the seats and options as they are.
    async fn begin_match(&mut self) -> Result<(), (ErrorCode, String)> {
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
            bots: self
                .seats
                .iter()
                .enumerate()
                .filter(|(_, s)| s.bot.is_some())
                .map(|(i, _)| Seat(u8::try_from(i).unwrap_or(u8::MAX)))
                .collect(),
        };
        let steps = new_steps(&live, &planned.steps, false);
        self.store
            .start_match(&record, &steps)
            .await
            .map_err(storage)?;
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
                format!(
                    "the match is at version {}; version {version} is no longer current",
                    live.version
                ),
            ));
        }
        // Acting yourself takes the seat back from a stand-in bot.
        if self.seats.get(seat.index()).is_some_and(|s| s.stand_in) {
            self.set_stand_in(seat, false).await.map_err(storage)?;
        }
        self.submit(seat, &action, Some((conn, client_seq)), false)
            .await?;
        if let Some(s) = self.seats.get_mut(seat.index()) {
            s.expiries = 0;
        }
        Ok(())
    }

    /// Validates, stores, applies and publishes one seat's action: from its
    /// connection (`ack`), from the bot playing the seat, or on its behalf
    /// when its response timer ran out (`by_timer`: the step is marked as
    /// the timer's).
    async fn submit(
        &mut self,
        seat: Seat,
        action: &AnyAction,
        ack: Option<(ConnId, u32)>,
        by_timer: bool,
    ) -> Result<(), (ErrorCode, String)> {
        let Some(live) = self.live.as_ref() else {
            return Err((ErrorCode::NoMatch, "the match has not started".into()));
        };
        let step = live.game.action_step(seat, action).map_err(rules_error)?;
        let mut planned = live.plan(Some(step)).map_err(rules_error)?;
        planned.by_timer = by_timer;
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
    ) -> Result<(), (ErrorCode, String)> {
        let Some(live) = self.live.as_ref() else {
            return Err((ErrorCode::NoMatch, "the match has not started".into()));
        };
        let timer = self.timer_after(&planned.after);
        let old_deadline = self.timer.as_ref().map(|t| t.ends_ms);
        let new_deadline = timer.as_ref().map(|t| t.ends_ms);
        let deadline_change = (old_deadline != new_deadline).then_some(new_deadline);
        let steps = new_steps(live, &planned.steps, planned.by_timer);
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
        wrote.map_err(storage)?;
        let Some(live) = self.live.as_mut() else {
            return Ok(());
        };
        let updates = live.commit(planned);
        self.timer = timer;
        self.publish(updates, ack);
        Ok(())
    }

    /// The clock that should run now (see [`Room::timer_after`]).
    fn next_timer(&self) -> Option<Timer> {
        self.live
            .as_ref()
            .and_then(|live| self.timer_after(&live.game))
    }

    /// The clock for `game`'s next decision, for the seats people play
    /// (bots need none). A game's response timer runs while every seat to
    /// act has a default answer (a pass) and survives answers within its
    /// window; otherwise the room's turn timer runs, afresh for every
    /// decision, except while a simultaneous window only shrinks.
    fn timer_after(&self, game: &parlor_games::AnyGame) -> Option<Timer> {
        let ToAct::Seats { seats } = game.to_act() else {
            return None;
        };
        let people: Vec<Seat> = seats
            .iter()
            .copied()
            .filter(|s| self.bot_level(*s).is_none())
            .collect();
        if people.is_empty() {
            return None;
        }
        let response = self
            .options
            .response_timer_secs()
            .filter(|s| *s > 0)
            .filter(|_| seats.iter().all(|s| game.timeout_action(*s).is_some()));
        let (secs, turn) = match response {
            Some(secs) => (secs, false),
            None => (self.turn_timer.secs()?, true),
        };
        if let Some(t) = &self.timer {
            let same = t.turn == turn
                && t.ends > Instant::now()
                && people.iter().all(|s| t.seats.contains(s))
                && (!turn || people.len() < t.seats.len());
            if same {
                return Some(t.clone());
            }
        }
        let len = Duration::from_secs(u64::from(secs));
        Some(Timer {
            ends: Instant::now() + len,
            ends_ms: now_ms() + i64::try_from(len.as_millis()).unwrap_or(i64::MAX),
            seats: people,
            turn,
        })
    }

    /// The clock ran out: every seat it ran for that still has to decide
    /// gets a decision made for it, recorded as the timer's step: the
    /// game's default answer, else the normal bot's move from the seat's
    /// own view. A seat the turn timer had to decide for
    /// [`STAND_IN_AFTER`] times in a row gets a stand-in bot.
    async fn expire(&mut self) {
        let Some(timer) = self.timer.clone() else {
            return;
        };
        let Some(ToAct::Seats { seats }) = self.live.as_ref().map(|m| m.game.to_act()) else {
            self.timer = None;
            return;
        };
        for seat in seats {
            if !timer.seats.contains(&seat) || self.bot_level(seat).is_some() {
                continue;
            }
            let Some(live) = self.live.as_ref() else {
                return;
            };
            if !live.game.is_to_act(seat) {
                continue;
            }
            let default = live.game.timeout_action(seat);
            // Passing where the game allows it is an ordinary answer; only
            // a decision the player really owed counts towards a stand-in.
            let owed = default.is_none();
            let Some(action) = default.or_else(|| {
                live.game
                    .bot_action(seat, parlor_games::bot::Level::Normal, &mut rand::rng())
            }) else {
                continue;
            };
            info!(seat = %seat, turn = timer.turn, "timer ran out; deciding for the seat");
            if let Err((code, message)) = self.submit(seat, &action, None, true).await {
                warn!(seat = %seat, ?code, %message, "timeout answer refused");
                // Do not spin on a timer whose answer cannot be given.
                self.timer = None;
                return;
            }
            if timer.turn && owed {
                let expiries = self.seats.get_mut(seat.index()).map_or(0, |s| {
                    s.expiries = s.expiries.saturating_add(1);
                    s.expiries
                });
                let finished = self.live.as_ref().is_none_or(LiveMatch::finished);
                if expiries >= STAND_IN_AFTER && !finished {
                    info!(seat = %seat, expiries, "a bot stands in for a seat the timer kept deciding for");
                    if let Err(e) = self.set_stand_in(seat, true).await {
                        warn!(seat = %seat, error = %e, "could not store a stand-in");
                    }
                }
            }
        }
        if self
            .timer
            .as_ref()
            .is_some_and(|t| t.ends <= Instant::now())
        {
            self.timer = None;
        }
    }

    /// Bots to act move after the think delay (when nothing is due yet).
    fn schedule_bots(&mut self) {
        let due = self.live.as_ref().is_some_and(|live| {
            !live.finished()
                && matches!(live.game.to_act(), ToAct::Seats { seats }
                    if seats.iter().any(|s| self.bot_level(*s).is_some()))
        });
        self.bot_due = due.then(|| {
            self.bot_due
                .unwrap_or_else(|| Instant::now() + self.config.bot_think)
        });
    }

    /// The level of the bot playing `seat` now, if one does.
    fn bot_level(&self, seat: Seat) -> Option<BotLevel> {
        self.seats
            .get(seat.index())
            .and_then(SeatState::played_by_bot)
    }

    /// Every seat to act that a bot plays makes its move: chosen from that
    /// seat's own view and legal actions only, then handled like a
    /// player's action. (A move takes the bots a few milliseconds, so it
    /// runs on the room's task.)
    async fn bot_moves(&mut self) {
        self.bot_due = None;
        let Some(ToAct::Seats { seats }) = self.live.as_ref().map(|m| m.game.to_act()) else {
            return;
        };
        for seat in seats {
            // An earlier bot's step may have moved the match on (or ended it).
            if !self.live.as_ref().is_some_and(|m| m.game.is_to_act(seat)) {
                continue;
            }
            let Some(level) = self.bot_level(seat) else {
                continue;
            };
            let Some(action) = self
                .live
                .as_ref()
                .and_then(|m| m.game.bot_action(seat, level.into(), &mut rand::rng()))
            else {
                continue;
            };
            if let Err((code, message)) = self.submit(seat, &action, None, false).await {
                // Storage failed (the rules cannot refuse a bot's legal
                // move): try again after another think.
                warn!(seat = %seat, ?code, %message, "bot move refused");
                self.bot_due = Some(Instant::now() + self.config.bot_think);
                return;
            }
        }
        self.schedule_bots();
    }

    /// What clients are told about the running timer.
    /// Its seats are those still owing an answer.
    fn deadline(&self) -> Option<Deadline> {
        let waiting = match self.live.as_ref().map(|m| m.game.to_act()) {
            Some(ToAct::Seats { seats }) => seats,
            _ => Vec::new(),
        };
        self.timer.as_ref().map(|t| Deadline {
            turn: t.turn,
            remaining_ms: u32::try_from(
                t.ends.saturating_duration_since(Instant::now()).as_millis(),
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
    /// every connection its own viewer's update (encoded once per viewer,
    /// however many connections share it), and announces the end.
    fn publish(&mut self, updates: Vec<ViewerUpdate>, ack: Option<(ConnId, u32)>) {
        let Some(live) = self.live.as_ref() else {
            return;
        };
        let version = live.version;
        let batch = updates.first().map_or(0, |u| u.steps.len() as u64);
        let timed_out = live.timed_out_after(version.saturating_sub(batch));
        let to_act = live.game.to_act();
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
        // Viewers told the same thing (every viewer, in a game that hides
        // nothing) share one encoded message.
        let mut texts: Vec<Option<Utf8Bytes>> = vec![None; updates.len()];
        for (id, i) in targets {
            let Some(update) = updates.get(i) else {
                continue;
            };
            if texts[i].is_none() {
                let shared = (0..updates.len())
                    .find(|&j| texts[j].is_some() && updates[j] == *update)
                    .and_then(|j| texts[j].clone());
                texts[i] = Some(shared.unwrap_or_else(|| {
                    text(&ServerMsg::Update {
                        version,
                        steps: update.steps.clone(),
                        to_act: to_act.clone(),
                        patch: update.patch.clone(),
                        deadline: deadline.clone(),
                        timed_out: timed_out.clone(),
                    })
                }));
            }
            if let Some(t) = texts[i].clone() {
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
        self.schedule_bots();
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
        }
    }

    /// Presence or the audience changed: tell everyone soon, once.
    fn room_changed(&mut self) {
        if self.room_due.is_none() {
            self.room_due = Some(Instant::now() + ROOM_COALESCE);
        }
    }

    /// Sends the room info to everyone now.
    fn broadcast_room(&mut self) {
        self.room_due = None;
        self.broadcast(&ServerMsg::Room { room: self.info() });
    }

    fn broadcast(&mut self, msg: &ServerMsg) {
        let t = text(msg);
        let ids: Vec<ConnId> = self.conns.keys().copied().collect();
        for id in ids {
            self.send_text(id, t.clone());
        }
    }

    fn send(&mut self, conn: ConnId, msg: &ServerMsg) {
        if self.conns.contains_key(&conn) {
            self.send_text(conn, text(msg));
        }
    }

    /// Queues a message for one connection. A connection whose queue is
    /// full is dropped rather than allowed to stall the room; its socket
    /// closes with 4008 and the client resumes.
    fn send_text(&mut self, conn: ConnId, t: Utf8Bytes) {
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

/// What a chat line carries.
#[derive(Debug, Clone, Copy)]
enum Said<'a> {
    Words(&'a str),
    Reaction(Reaction),
}

/// Names bots sit down with (then "Bot 2", … if a room uses them all).
const BOT_NAMES: [&str; 8] = [
    "Ada", "Babbage", "Turing", "Hopper", "Lovelace", "Shannon", "Knuth", "Liskov",
];

/// Sleeps until `ends`, or forever when there is nothing to wait for.
async fn sleep_until_some(ends: Option<Instant>) {
    match ends {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

/// A message as the JSON text frame that carries it.
fn text(msg: &ServerMsg) -> Utf8Bytes {
    // Our messages are plain data; serialization cannot fail.
    Utf8Bytes::from(serde_json::to_string(msg).unwrap_or_default())
}

/// Rows for `steps`; the first is the timer's answer when `by_timer`.
fn new_steps(live: &LiveMatch, steps: &[parlor_games::AnyStep], by_timer: bool) -> Vec<NewStep> {
    steps
        .iter()
        .enumerate()
        .map(|(i, s)| NewStep {
            seq: live.version + i as u64 + 1,
            seat: s.seat(),
            json: s.to_json(),
            by_timer: by_timer && i == 0,
        })
        .collect()
}

/// Does `listener` hear chat from `speaker`? Players' lines reach everyone;
/// spectators talk among themselves, so nobody on the rail can coach a
/// player.
/// Refuses anyone but the host: `what` completes "only the host can …".
fn require_host(viewer: Viewer, what: &str) -> Result<(), (ErrorCode, String)> {
    if viewer == Viewer::Seat(HOST) {
        Ok(())
    } else {
        Err((ErrorCode::NotHost, format!("only the host can {what}")))
    }
}

fn hears(listener: Viewer, speaker: Viewer) -> bool {
    matches!(speaker, Viewer::Seat(_)) || !matches!(listener, Viewer::Seat(_))
}

fn error(code: ErrorCode, message: impl Into<String>, client_seq: Option<u32>) -> ServerMsg {
    let label = serde_json::to_value(code)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default();
    metrics::counter!("parlor_refusals_total", "code" => label).increment(1);
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
