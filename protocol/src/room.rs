//! Rooms: the lobby around a match.

use serde::{Deserialize, Serialize};

use crate::game::{GameKind, GameOptions};
use crate::ids::{MatchId, RoomCode, Seat};

/// Where a room is in its life.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum RoomStatus {
    /// Players are joining; the host may change options and start.
    Lobby,
    /// A match is being played.
    Playing,
    /// The match is over; its result is final.
    Finished,
}

/// One seat at the table.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SeatInfo {
    /// The seat number (turn order).
    pub seat: Seat,
    /// Display name chosen on joining.
    pub name: String,
    /// At least one live connection holds this seat.
    pub connected: bool,
    /// How long (ms, when this was sent) the seat has had no connection,
    /// once its player has connected at least once; `None` while connected.
    pub away_ms: Option<u32>,
    /// A bot sits here (it is always connected).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub bot: Option<BotLevel>,
    /// A bot is playing for this player while they are away; it stops
    /// when they come back.
    #[serde(default)]
    pub stand_in: bool,
}

/// Everything public about a room.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct RoomInfo {
    /// The code in the join link.
    pub code: RoomCode,
    /// Which game.
    pub game: GameKind,
    /// Options chosen by the host.
    pub options: GameOptions,
    /// Lobby, playing or finished.
    pub status: RoomStatus,
    /// Taken seats, in seat order.
    pub seats: Vec<SeatInfo>,
    /// The seat that controls the room.
    pub host: Seat,
    /// Fewest players the game allows.
    pub min_players: u8,
    /// Most players the game allows.
    pub max_players: u8,
    /// Connected spectators.
    pub spectators: u32,
    /// The current (or last) match, once started.
    pub match_id: Option<MatchId>,
    /// After a match: the seats that have asked for a rematch (it starts
    /// when every seat has).
    #[serde(default)]
    pub rematch: Vec<Seat>,
    /// Players the host has muted in chat.
    #[serde(default)]
    pub muted: Vec<Seat>,
    /// The host has muted the spectators' chat.
    #[serde(default)]
    pub rail_muted: bool,
    /// How long a player has for each decision.
    #[serde(default)]
    pub turn_timer: TurnTimer,
    /// The host has locked the room to new players: the link lets people
    /// watch, never sit.
    #[serde(default)]
    pub locked: bool,
    /// Seats the host closed by moving their players to the spectators;
    /// newcomers may take at most `max_players - seats - closed_seats`.
    #[serde(default)]
    pub closed_seats: u8,
    /// The room's webhook, as far as anyone but its server may know: set or
    /// not, and in which form (its address, which often holds a secret of
    /// the chat service's, is never sent).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub webhook: Option<WebhookFormat>,
    /// This server can email players when it is their turn (its host gave
    /// it an SMTP server).
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    #[cfg_attr(feature = "ts", ts(as = "Option<bool>", optional))]
    pub turn_emails: bool,
    /// This server's public push key (VAPID, RFC 8292: the P-256 point,
    /// base64url), which a browser subscribes with to get its push notices.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub push_key: Option<String>,
}

/// A browser's push subscription (the Push API's `PushSubscription`, as its
/// `toJSON()` gives it): where the push service takes messages for it, and
/// the keys they are encrypted with (RFC 8291).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PushSubscription {
    /// The push service's address for this browser.
    pub endpoint: String,
    /// The browser's keys.
    pub keys: PushKeys,
}

/// A push subscription's keys, base64url.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct PushKeys {
    /// The browser's P-256 public key.
    pub p256dh: String,
    /// The shared 16-byte authentication secret.
    pub auth: String,
}

/// A room webhook: where the room's notices go ("Ana's turn in Zop Zoo",
/// "Ben won"), set by the host.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Webhook {
    /// An `https` address on the public internet (a host may allow others).
    pub url: String,
    /// The body the receiver expects.
    pub format: WebhookFormat,
}

/// The body of a webhook's POST.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum WebhookFormat {
    /// A Discord incoming webhook: `{"content": "…"}`.
    Discord,
    /// A Slack incoming webhook: `{"text": "…"}`.
    Slack,
    /// Plain JSON: the event, the room, the game, the seat, the text.
    Json,
}

/// How long a player has for each decision. When it runs out the server
/// decides for them (the game's default answer where it has one, such as a
/// pass, otherwise the move the normal bot would make from the player's
/// own view); after [`STAND_IN_AFTER`] such decisions in a row a bot
/// stands in for the seat until its player comes back.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum TurnTimer {
    /// No clock: the table waits.
    #[default]
    Off,
    /// Two minutes a decision.
    Relaxed,
    /// 45 seconds a decision.
    Normal,
    /// 15 seconds a decision.
    Fast,
    /// At your own pace: 12 hours a decision.
    HalfDay,
    /// At your own pace: a day a decision.
    Day,
    /// At your own pace: three days a decision.
    ThreeDays,
}

impl TurnTimer {
    /// Every setting, in the order a lobby offers them.
    pub const ALL: [TurnTimer; 7] = [
        TurnTimer::Off,
        TurnTimer::Relaxed,
        TurnTimer::Normal,
        TurnTimer::Fast,
        TurnTimer::HalfDay,
        TurnTimer::Day,
        TurnTimer::ThreeDays,
    ];

    /// Seconds per decision, or `None` when off.
    pub fn secs(self) -> Option<u32> {
        match self {
            TurnTimer::Off => None,
            TurnTimer::Relaxed => Some(120),
            TurnTimer::Normal => Some(45),
            TurnTimer::Fast => Some(15),
            TurnTimer::HalfDay => Some(12 * 3600),
            TurnTimer::Day => Some(24 * 3600),
            TurnTimer::ThreeDays => Some(72 * 3600),
        }
    }

    /// A table played at its players' own pace, a move when they have a
    /// minute, rather than live: the clock is hours long, outlives the
    /// players' sockets and the room's time in memory, and a game's own
    /// response windows get the same allowance.
    pub fn own_pace(self) -> bool {
        self.secs().is_some_and(|s| s >= 3600)
    }
}

/// Decisions in a row the turn timer takes for a seat before a bot stands
/// in for it.
pub const STAND_IN_AFTER: u8 = 2;

/// How well a bot plays.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum BotLevel {
    /// Often takes a merely legal move: for newcomers.
    Easy,
    /// Plays sensibly, using only its own seat's view.
    Normal,
    /// Searches ahead from its own seat's view (dealing what it cannot see
    /// at random): for players who want a real game.
    Hard,
}

impl BotLevel {
    /// Every level, easiest first, as a lobby offers them.
    pub const ALL: [BotLevel; 3] = [BotLevel::Easy, BotLevel::Normal, BotLevel::Hard];
}
