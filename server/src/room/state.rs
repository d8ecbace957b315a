//! What a room holds: its seats, connections, match and clocks, as the
//! [`Room`] value its actor owns. Built empty for a new room, or rebuilt
//! from what the store kept ([`Room::restore`]). The other `room` modules
//! add its behaviour by concern; this one only defines the state.

use std::collections::{HashMap, VecDeque};

use parlor_protocol::{
    BotLevel, ChatLine, ErrorCode, GameOptions, MatchId, RoomCode, RoomStatus, Seat, TurnTimer,
    Viewer,
};
use tokio::sync::mpsc;
use tokio::time::{Duration, Instant};

use super::live::{LiveMatch, RestoreError};
use super::refusal::Refusal;
use super::{ConnId, Outgoing, RoomConfig};
use crate::db::{ChatTally, Store, StoredRoom};

/// A seat as the room knows it.
#[derive(Debug)]
pub(super) struct SeatState {
    pub(super) name: String,
    pub(super) token_sha256: String,
    /// Live connections holding this seat (a player may have two tabs).
    pub(super) conns: usize,
    /// Since when the seat has had no connection, once it has had one.
    pub(super) away_since: Option<Instant>,
    /// A bot's seat: its level.
    pub(super) bot: Option<BotLevel>,
    /// A bot plays for this player while they are away.
    pub(super) stand_in: bool,
    /// Where this player asked for turn emails (until the match ends or
    /// they leave the seat).
    pub(super) email: Option<String>,
    /// The browser push subscription this player asked for turn notices
    /// at (until the match ends, they leave the seat, or it is gone).
    pub(super) push: Option<parlor_protocol::room::PushSubscription>,
    /// Decisions in a row the turn timer took for this seat (in memory:
    /// after a restart the count starts again).
    pub(super) expiries: u8,
}

impl SeatState {
    /// The level of the bot that plays this seat now, if one does.
    pub(super) fn played_by_bot(&self) -> Option<BotLevel> {
        self.bot
            .or_else(|| self.stand_in.then_some(BotLevel::Normal))
    }
}

/// A one-time link that moves a seat to another device (stored too, so it
/// outlives a restart or a move to another server).
#[derive(Debug)]
pub(super) struct SeatLink {
    pub(super) seat: Seat,
    /// SHA-256 of the code, like a token.
    pub(super) code_sha256: String,
    /// When it stops working (Unix ms, as stored).
    pub(super) ends_ms: i64,
}

/// One connection.
#[derive(Debug)]
pub(super) struct Conn {
    pub(super) viewer: Viewer,
    pub(super) out: mpsc::Sender<Outgoing>,
    /// When this connection last said something in the chat.
    pub(super) last_chat: Option<Instant>,
}

/// A room and everything in it.
#[derive(Debug)]
pub struct Room {
    pub(super) code: RoomCode,
    pub(super) options: GameOptions,
    pub(super) status: RoomStatus,
    pub(super) store: Store,
    pub(super) config: RoomConfig,
    pub(super) seats: Vec<SeatState>,
    pub(super) conns: HashMap<ConnId, Conn>,
    pub(super) next_conn: ConnId,
    pub(super) live: Option<LiveMatch>,
    /// The running clock (a response window's or the turn timer), if any.
    pub(super) timer: Option<Timer>,
    /// The room's turn timer setting.
    pub(super) turn_timer: TurnTimer,
    /// When a coalesced room broadcast is due (presence, spectators).
    pub(super) room_due: Option<Instant>,
    /// Since when the room has had no connection.
    pub(super) idle_since: Option<Instant>,
    /// A write of steps failed without a fence: it may have been stored
    /// all the same (a connection lost during COMMIT), so what this actor
    /// holds may be behind the log. The room reloads from the log.
    pub(super) unsure: bool,
    /// The last [`CHAT_KEPT`](crate::db::CHAT_KEPT) chat lines, for whoever connects (all of them
    /// are stored with the room's match as its history).
    pub(super) chat: VecDeque<ChatLine>,
    /// Unused one-time seat links, at most one per seat.
    pub(super) seat_links: Vec<SeatLink>,
    /// When the bots to act make their move.
    pub(super) bot_due: Option<Instant>,
    /// A hard bot's search, under way or answered (at most one at a time).
    pub(super) thinking: Option<super::think::Thinking>,
    /// After a match, the seats asking for a rematch (in memory only: after
    /// a restart they ask again).
    pub(super) rematch: Vec<Seat>,
    /// Players the host muted in chat, and whether the rail is muted (in
    /// memory only, like the chat itself).
    pub(super) muted: Vec<Seat>,
    pub(super) rail_muted: bool,
    /// The host locked the room to new players.
    pub(super) locked: bool,
    /// Seats the host closed by moving their players to the spectators.
    pub(super) closed_seats: u8,
    /// Table talk said so far in the current chat period: the match in
    /// play, or (`None`) the room between matches. Read from the store
    /// when a period's first line comes.
    pub(super) chat_used: Option<(Option<MatchId>, ChatTally)>,
    /// The room's webhook, if its host set one.
    pub(super) webhook: Option<parlor_protocol::room::Webhook>,
    /// The seats that owed a decision when notices last looked: a seat
    /// not among them that owes one now has a new turn.
    pub(super) noticed: Vec<Seat>,
    /// Notices sent today (day number since the epoch, count), against
    /// the daily cap.
    pub(super) notices_today: (i64, u32),
}

/// A running clock.
#[derive(Debug, Clone, PartialEq)]
pub(super) struct Timer {
    pub(super) ends: Instant,
    /// The same instant as Unix ms: what is stored.
    pub(super) ends_ms: i64,
    /// The seats it runs for (people, not bots).
    pub(super) seats: Vec<Seat>,
    /// The room's turn timer (else a game's response window).
    pub(super) turn: bool,
}

/// The seat that created the room and controls it.
pub(super) const HOST: Seat = Seat(0);

/// Refuses anyone but the host: `what` completes "only the host can …".
pub(super) fn require_host(viewer: Viewer, what: &str) -> Result<(), Refusal> {
    if viewer == Viewer::Seat(HOST) {
        Ok(())
    } else {
        Err(Refusal::new(
            ErrorCode::NotHost,
            format!("only the host can {what}"),
        ))
    }
}

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
            unsure: false,
            chat: VecDeque::new(),
            seat_links: Vec::new(),
            bot_due: None,
            thinking: None,
            rematch: Vec::new(),
            muted: Vec::new(),
            rail_muted: false,
            locked: false,
            closed_seats: 0,
            chat_used: None,
            webhook: None,
            noticed: Vec::new(),
            notices_today: (0, 0),
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
                email: None,
                push: None,
                expiries: 0,
            })
            .collect();
        room.chat = stored.chat.into();
        room.seat_links = stored
            .seat_links
            .into_iter()
            .map(|l| SeatLink {
                seat: l.seat,
                code_sha256: l.code_sha256,
                ends_ms: l.expires_at,
            })
            .collect();
        room.turn_timer = stored.turn_timer;
        room.locked = stored.locked;
        for n in stored.notices {
            if let Some(s) = room.seats.get_mut(n.seat.index()) {
                s.email = n.email;
                s.push = n.push;
            }
        }
        room.webhook = stored.webhook;
        room.closed_seats = stored.closed_seats;
        room.clamp_closed_seats();
        // Back in the lobby after a match: the last match is history.
        room.live = live.filter(|_| status != RoomStatus::Lobby);
        // Whoever owes a decision now was told when their turn began (or
        // was at the table): a room coming back sends no second notice.
        room.noticed = match room.live.as_ref().map(|m| m.game.to_act()) {
            Some(parlor_protocol::ToAct::Seats { seats }) => seats,
            _ => Vec::new(),
        };
        // Continue the stored timer where it was; one that ended while the
        // server was down expires at once. In a cluster, one that ended
        // while the room was moving between servers starts afresh: the room
        // was out of reach, not its player. Not at a table's own pace: its
        // room leaves memory while nobody is at it, and is brought back by
        // its deadline, which is then due.
        let moved = room.store.epoch().is_some() && !room.turn_timer.own_pace();
        room.timer = room.next_timer().map(|mut t| {
            let now = room.now_ms();
            if let Some(at) = deadline_at.filter(|at| !(moved && *at < now)) {
                let left = u64::try_from(at.saturating_sub(now)).unwrap_or(0);
                t.ends = Instant::now() + Duration::from_millis(left);
                t.ends_ms = at;
            }
            t
        });
        room.schedule_bots();
        Ok(room)
    }
}
