//! The WebSocket envelopes: [`ClientMsg`] in, [`ServerMsg`] out.
//!
//! Flow: the client opens `/api/rooms/{code}/ws` and sends `Hello` first (with
//! its seat token, or none to watch). The server answers `Welcome` with the
//! room and, if a match is on, a full snapshot of the caller's own view. A
//! client that says which match and version it last saw is *resumed*
//! instead: `Welcome` says so and carries no snapshot, and one `Update`
//! follows with exactly the steps it missed (or a `Sync` when the gap is too
//! long to replay).
//! When a match starts, every connection gets `Sync` with the view before
//! setup, then an `Update` with the setup steps (deal, first-player roll).
//! After each accepted action every connection receives an `Update` built
//! for its own viewer: its views of the new steps and a [`ViewPatch`] that
//! turns the view it had into the view it has now. The acting connection gets
//! an `Ack` first. Close codes are in [`crate::close`].

use serde::{Deserialize, Serialize};

use crate::game::{AnyAction, AnyStepView, AnyView, GameOptions, MatchResult, ToAct};
use crate::ids::{MatchId, Viewer};

use crate::room::RoomInfo;
// Room settings that messages carry; defined with the room.
pub use crate::room::{BotLevel, TurnTimer, STAND_IN_AFTER};

/// Messages from a browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ClientMsg {
    /// First message on a socket.
    Hello {
        /// Seat token from join; absent to watch as a spectator.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        token: Option<String>,
        /// Last match version this client saw, to resume without a full view.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional, type = "number"))]
        last_version: Option<u64>,
        /// The match `last_version` belongs to (a room may have started a
        /// new one since); both are needed to resume.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        match_id: Option<MatchId>,
    },
    /// Host only, in the lobby: change the match options.
    SetOptions {
        /// New options (must be for the room's game).
        options: GameOptions,
    },
    /// Host only, in the lobby: start the match with the seated players.
    Start,
    /// Submit a game action.
    Act {
        /// Client-chosen number echoed in the `Ack` or `Error`.
        client_seq: u32,
        /// The match version this action was decided on; a stale one is refused.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
        /// The action.
        action: AnyAction,
    },
    /// Take back your last step of this turn, while the server offers it
    /// (`take_back` in the update or snapshot names your seat): recorded
    /// in the log and acknowledged like an action.
    TakeBack {
        /// Client-chosen number echoed in the `Ack` or `Error`.
        client_seq: u32,
        /// The match version this was decided on; a stale one is refused.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
    },
    /// Keep-alive.
    Ping,
    /// Say something: 1 to [`CHAT_MAX`] characters, at most one line every
    /// [`CHAT_GAP_MS`] per connection. A player's line reaches everyone in
    /// the room; a spectator's only the other spectators (players never see
    /// the rail's talk, so nobody can coach them).
    Chat {
        /// The words.
        text: String,
    },
    /// Renames the sender's seat, in the lobby: 1 to 24 characters, and
    /// no other seat in the room may have the name (ignoring case).
    Rename {
        /// The new name.
        name: String,
    },
    /// Gives up the sender's seat, in the lobby: the connection stays as a
    /// spectator and every later seat moves up one (seat 0 hosts).
    LeaveSeat,
    /// After a match: asks for (or, with `ready: false`, takes back) a
    /// rematch with the same seats and options. It starts once every seat
    /// has asked.
    Rematch {
        /// Asking (true) or taking it back (false).
        ready: bool,
    },
    /// After a match, the host only: back to the lobby, where options can
    /// change, seats can be left or renamed and new players can join.
    BackToLobby,
    /// The host only: mutes (or unmutes) a player's chat, or with no
    /// `seat` the spectators' rail. A muted line is refused, never sent.
    Mute {
        /// The player; absent for the spectators.
        #[serde(default)]
        #[cfg_attr(feature = "ts", ts(optional))]
        seat: Option<crate::Seat>,
        /// Mute (true) or unmute (false).
        muted: bool,
    },
    /// A quick reaction, heard like a chat line (and limited like one).
    React {
        /// Which.
        reaction: Reaction,
    },
    /// A player asks for a one-time link that moves their seat to another
    /// device; answered with [`ServerMsg::SeatLink`]. When the link is
    /// used, this device's connections to the seat close with
    /// [`crate::close::SEAT_MOVED`] and it watches on.
    SeatLink,
    /// The host only, in the lobby: seats a bot in the next free seat.
    AddBot {
        /// How well it plays.
        level: BotLevel,
    },
    /// The host only, in the lobby: takes a bot's seat away (later seats
    /// move up one).
    RemoveBot {
        /// The bot's seat.
        seat: crate::Seat,
    },
    /// During a match: the host has a bot play for an absent player's seat
    /// (`on`), or stops it. The player takes the seat back by coming back
    /// with their seat token, by acting, or by sending this for their own
    /// seat with `on: false`.
    StandIn {
        /// The player's seat.
        seat: crate::Seat,
        /// Start (true) or stop (false) the stand-in.
        on: bool,
    },
    /// The host only, in the lobby: the room's turn timer (see [`TurnTimer`]).
    SetTurnTimer {
        /// The new timer.
        timer: TurnTimer,
    },
    /// Asks for the whole log of the match so far, as this connection may
    /// see it (a page that reloads mid-match rebuilds its full log);
    /// answered with [`ServerMsg::Log`].
    Log,
    /// The host only, in the lobby: moves a person out of their seat to
    /// the spectators. Their seat token stops working, later seats move up
    /// one, and the seat they had stays closed to newcomers until the host
    /// reopens it ([`ClientMsg::ReopenSeat`]).
    Unseat {
        /// The person's seat (not the host's own, and not a bot's).
        seat: crate::Seat,
    },
    /// The host only, in the lobby: opens one seat that [`ClientMsg::Unseat`]
    /// closed, so anyone with the link may take it again.
    ReopenSeat,
    /// The host only, in the lobby: locks the room to new players (the
    /// link then lets people watch, never sit), or opens it again.
    Lock {
        /// Lock (true) or open (false).
        locked: bool,
    },
    /// The host only: where the room's notices go (a chat's incoming
    /// webhook), or none. An address the server may not call is refused
    /// now, with `bad_webhook`.
    SetWebhook {
        /// The webhook, or `None` to stop.
        webhook: Option<crate::room::Webhook>,
    },
    /// A seated player: email me when it is my turn and I am away, at this
    /// address (deleted when the match ends or I leave the seat), or stop.
    /// Answered with [`ServerMsg::NoticeEmail`] to the seat's connections.
    SetNoticeEmail {
        /// The address, or `None` to stop.
        email: Option<String>,
    },
    /// A seated player: send a push notice to this browser when it is my
    /// turn and I am away (the subscription its service worker got with
    /// the room's [`crate::room::RoomInfo::push_key`]; deleted when the
    /// match ends, I leave the seat, or the push service says it is gone),
    /// or stop. Answered with [`ServerMsg::NoticePush`] to the seat's
    /// connections; a subscription the server may not use is refused now,
    /// with `bad_push`.
    SetPush {
        /// The subscription, or `None` to stop.
        subscription: Option<crate::room::PushSubscription>,
    },
}

impl ClientMsg {
    /// The number to echo in the `Ack` or `Error` of a message that asks
    /// for one (an action, a take-back).
    pub fn client_seq(&self) -> Option<u32> {
        match self {
            ClientMsg::Act { client_seq, .. } | ClientMsg::TakeBack { client_seq, .. } => {
                Some(*client_seq)
            }
            _ => None,
        }
    }
}

/// A quick reaction, drawn as an icon (never an emoji font).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum Reaction {
    /// Nice move.
    ThumbsUp,
    /// Applause; good game.
    Clap,
    /// That was funny.
    Laugh,
    /// Surprise.
    Wow,
    /// Commiseration.
    Sad,
    /// Hmm, thinking.
    Thinking,
}

impl Reaction {
    /// Every reaction, in the order a picker shows them.
    pub const ALL: [Reaction; 6] = [
        Reaction::ThumbsUp,
        Reaction::Clap,
        Reaction::Laugh,
        Reaction::Wow,
        Reaction::Sad,
        Reaction::Thinking,
    ];
}

/// Longest chat line, in characters.
pub const CHAT_MAX: usize = 300;

/// Fewest milliseconds between two chat lines from one connection.
pub const CHAT_GAP_MS: u64 = 400;

/// One line of a room's chat.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct ChatLine {
    /// Who said it: a seat, or a spectator.
    pub from: Viewer,
    /// Their name then (a spectator's is "Spectator").
    pub name: String,
    /// The words, as sent (trimmed, control characters removed); empty for
    /// a reaction.
    pub text: String,
    /// A reaction instead of words.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub reaction: Option<Reaction>,
    /// When (Unix ms).
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub at: i64,
}

/// Typed error codes; `message` beside them is for people.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "snake_case")]
pub enum ErrorCode {
    /// The message could not be parsed.
    BadMessage,
    /// `Hello` was not the first message, or came twice.
    BadHandshake,
    /// The seat token is unknown for this room.
    BadToken,
    /// Only the host may do that.
    NotHost,
    /// Spectators cannot act.
    NotSeated,
    /// There is no match in progress.
    NoMatch,
    /// The match has already started.
    AlreadyStarted,
    /// Too few or too many players for this game.
    PlayerCount,
    /// Options are for another game, or invalid.
    BadOptions,
    /// The action is for another game.
    WrongGame,
    /// The client's version is behind the match; resync and decide again.
    StaleVersion,
    /// It is not this seat's turn to act.
    NotYourTurn,
    /// The rules forbid this action now (see message).
    IllegalAction,
    /// A take-back with no step of yours that may be taken back now.
    NothingToTakeBack,
    /// The match is over.
    MatchOver,
    /// The server could not store the action; nothing changed.
    Storage,
    /// The room is shutting down.
    ShuttingDown,
    /// Too many requests; slow down.
    RateLimited,
    /// The name is not allowed (see message).
    BadName,
    /// Another seat in the room has that name.
    NameTaken,
    /// Not at this point of the room's life (see message): e.g. a rematch
    /// before the match is over, or leaving a seat during a match.
    NotNow,
    /// The host has muted this connection's chat.
    Muted,
    /// The room is full, or there is no such seat or bot (see message).
    NoSeat,
    /// This match's (or, between matches, this room's) table talk has
    /// reached its cap; nothing more can be said there.
    ChatFull,
    /// A webhook address the server may not call: not `https`, not a
    /// public address, or not a URL at all.
    BadWebhook,
    /// Not an email address, or this server sends no email.
    BadEmail,
    /// A push subscription the server may not use: its endpoint is not
    /// `https` on a public address, or its keys are not a browser's.
    BadPush,
}

/// A full snapshot of a match for one viewer.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct MatchSnapshot {
    /// Match id.
    pub match_id: MatchId,
    /// Steps in the log so far.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub version: u64,
    /// SHA-256 (hex) of the match's 32 random seed bytes (the raw bytes, not
    /// their hex), committed at the start.
    pub seed_sha256: String,
    /// The seed itself (hex), only once the match is over.
    pub seed: Option<String>,
    /// Who acts next.
    pub to_act: ToAct,
    /// The viewer's own view.
    pub view: AnyView,
    /// The running response timer, if any.
    pub deadline: Option<Deadline>,
    /// The result, once over.
    pub result: Option<MatchResult>,
    /// The seat that may take back its last step now (absent: none).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub take_back: Option<crate::Seat>,
}

/// A running clock: a game's response timer (a simultaneous scoring window,
/// where a seat that has not answered is answered for with a pass), or the
/// room's turn timer (see [`TurnTimer`]).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Deadline {
    /// Milliseconds left when this message was sent.
    pub remaining_ms: u32,
    /// The seats that still owe an answer.
    pub seats: Vec<crate::ids::Seat>,
    /// The room's turn timer (the server then decides for a seat that has
    /// not), rather than a game's response window (missing answers pass).
    #[serde(default)]
    pub turn: bool,
}

/// One operation of an RFC 6902 JSON Patch, restricted to what a diff of two
/// views needs. Paths are JSON Pointers (RFC 6901); `""` is the whole view.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "op", rename_all = "snake_case")]
pub enum PatchOp {
    /// Insert into an array (shifting later items; `-` appends) or set an
    /// object member.
    Add {
        /// Where.
        path: String,
        /// What.
        value: serde_json::Value,
    },
    /// Remove an array item or object member.
    Remove {
        /// Where.
        path: String,
    },
    /// Replace the value at `path`.
    Replace {
        /// Where.
        path: String,
        /// With what.
        value: serde_json::Value,
    },
}

/// How one viewer's view changed, in one of two standard forms (the server
/// sends the shorter one that says the change exactly).
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(untagged)]
pub enum ViewPatch {
    /// A merge patch (a JSON object), RFC 7386 with one addition: each
    /// member merges into the view's member of that name (objects member
    /// by member), `null` removes it, an object merged into an array edits
    /// its items by index (`{"dice": {"3": {"value": 5}}}`; an item is never
    /// removed), anything else (arrays too) replaces it.
    Merge(
        #[cfg_attr(
            feature = "ts",
            ts(as = "std::collections::HashMap<String, serde_json::Value>")
        )]
        serde_json::Map<String, serde_json::Value>,
    ),
    /// RFC 6902 operations (a JSON array), applied in order.
    Ops(Vec<PatchOp>),
}

impl Default for ViewPatch {
    /// No change.
    fn default() -> Self {
        ViewPatch::Merge(serde_json::Map::new())
    }
}

impl ViewPatch {
    /// Does it change nothing?
    pub fn is_empty(&self) -> bool {
        match self {
            ViewPatch::Merge(m) => m.is_empty(),
            ViewPatch::Ops(o) => o.is_empty(),
        }
    }
}

/// Messages to a browser.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum ServerMsg {
    /// Answer to `Hello`.
    Welcome {
        /// Who this connection is.
        you: Viewer,
        /// The room.
        room: RoomInfo,
        /// The match, if one has started.
        #[serde(rename = "match")]
        #[cfg_attr(feature = "ts", ts(rename = "match"))]
        snapshot: Option<MatchSnapshot>,
        /// The client's `last_version` was accepted: it keeps its view and
        /// the next `Update` carries what it missed (`match` is then absent).
        #[serde(default)]
        resumed: bool,
        /// The room's recent chat, oldest first (it replaces what the
        /// client held, so a reconnect neither loses nor repeats lines).
        #[serde(default)]
        chat: Vec<ChatLine>,
    },
    /// The room changed (seats, names, connections, options, status).
    Room {
        /// The room now.
        room: RoomInfo,
    },
    /// A full view (after start, or when a resume was not possible).
    Sync {
        /// The snapshot.
        snapshot: MatchSnapshot,
    },
    /// Steps were applied. `steps` are the viewer's redacted views of the
    /// steps from `version - steps.len()` to `version`; `patch` turns the
    /// viewer's view at `version - steps.len()` into its view at `version`.
    Update {
        /// Version after these steps.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
        /// The new steps as this viewer may see them (one game's steps
        /// are sent as one batch: [`crate::game::step_views`]).
        #[serde(with = "crate::game::step_views")]
        #[cfg_attr(feature = "ts", ts(as = "crate::game::step_views::StepViews"))]
        steps: Vec<AnyStepView>,
        /// Who acts next.
        to_act: ToAct,
        /// The change to the viewer's view.
        patch: ViewPatch,
        /// The running response timer (absent: none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        deadline: Option<Deadline>,
        /// Versions, among these steps, of the answers the response timer
        /// gave for seats that did not answer in time.
        /// Absent when there are none (most updates).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional, type = "Array<number>"))]
        timed_out: Option<Vec<u64>>,
        /// The seat that may take back its last step now (absent: none).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        #[cfg_attr(feature = "ts", ts(optional))]
        take_back: Option<crate::Seat>,
    },
    /// Your action with this `client_seq` is stored and applied.
    Ack {
        /// Echo of `ClientMsg::Act::client_seq`.
        client_seq: u32,
        /// Version after the action.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
    },
    /// The match ended: the result, and the seed so anyone can check every roll.
    MatchOver {
        /// Match id.
        match_id: MatchId,
        /// Final result.
        result: MatchResult,
        /// The seed (hex).
        seed: String,
    },
    /// A request was refused; nothing changed.
    Error {
        /// What kind of refusal.
        code: ErrorCode,
        /// Human-readable detail.
        message: String,
        /// Set when the refusal answers an `Act`.
        #[serde(default)]
        client_seq: Option<u32>,
    },
    /// Answer to `Ping`.
    Pong,
    /// Someone said something in the room.
    Chat {
        /// The line.
        line: ChatLine,
    },
    /// Answer to [`ClientMsg::Log`]: this viewer's views of every step of
    /// the match so far, from version 1 to `version`.
    Log {
        /// The match.
        match_id: MatchId,
        /// Version of the last step.
        #[cfg_attr(feature = "ts", ts(type = "number"))]
        version: u64,
        /// The steps, oldest first (sent as [`crate::game::step_views`]).
        #[serde(with = "crate::game::step_views")]
        #[cfg_attr(feature = "ts", ts(as = "crate::game::step_views::StepViews"))]
        steps: Vec<AnyStepView>,
        /// Versions of the steps a clock decided for a seat.
        #[cfg_attr(feature = "ts", ts(type = "Array<number>"))]
        timed_out: Vec<u64>,
    },
    /// To a seat's connections: whether its player gets turn emails (after
    /// [`ClientMsg::SetNoticeEmail`], and on connecting when they do). The
    /// address is never sent back.
    NoticeEmail {
        /// An address is set.
        set: bool,
    },
    /// To a seat's connections: whether its player gets push notices
    /// (after [`ClientMsg::SetPush`], on connecting when they do, and when
    /// they stop: the match ended or the push service dropped the
    /// subscription).
    NoticePush {
        /// A subscription is set.
        set: bool,
    },
    /// Answer to [`ClientMsg::SeatLink`], to this connection only: the
    /// one-time code that moves the seat (`/r/CODE#move=CODE`). Asking
    /// again replaces it.
    SeatLink {
        /// The one-time code (claimed with `POST /api/rooms/{room}/claim`).
        code: String,
        /// Milliseconds until it expires.
        expires_ms: u32,
    },
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use serde_json::{json, Value};

    use super::*;
    use crate::doozy_dice::StepView as Doozy;
    use crate::game::TakenBack;
    use crate::ids::Seat;

    fn update(steps: Vec<AnyStepView>) -> ServerMsg {
        ServerMsg::Update {
            version: 9,
            steps,
            to_act: ToAct::Chance,
            patch: crate::ViewPatch::default(),
            deadline: None,
            timed_out: None,
            take_back: None,
        }
    }

    #[test]
    fn a_run_of_one_kind_goes_as_a_table() {
        let landed = |die, value, face| {
            AnyStepView::DoozyDice(Doozy::DieLanded {
                seat: Seat(3),
                die,
                value,
                face,
            })
        };
        let steps = vec![
            AnyStepView::DoozyDice(Doozy::Rolled {
                seat: Seat(3),
                dice: vec![0, 1, 2],
                roll_count: 1,
            }),
            landed(0, 5, false),
            landed(1, 1, true),
            landed(2, 6, false),
        ];
        let msg = update(steps.clone());
        let wire = serde_json::to_value(&msg).unwrap();
        // web-client/unit/steps.test.mjs reads this form.
        assert_eq!(
            wire["steps"],
            json!({"game": "doozy-dice", "steps": [
                {"type": "rolled", "seat": 3, "dice": [0, 1, 2], "roll_count": 1},
                {"run": "die_landed", "keys": ["die", "seat", "value", "face"],
                 "rows": [[0, 3, 5], [1, 3, 1, true], [2, 3, 6]]},
            ]})
        );
        assert_eq!(serde_json::from_value::<ServerMsg>(wire).unwrap(), msg);
        // Two of a kind go as they are.
        let msg = update(steps[..3].to_vec());
        let wire = serde_json::to_value(&msg).unwrap();
        assert_eq!(wire["steps"]["steps"][2]["type"], "die_landed");
        // A row longer than its keys is refused.
        let mut bad = serde_json::to_value(update(steps)).unwrap();
        bad["steps"]["steps"][1]["rows"][0] = json!([0, 3, 5, false, 1]);
        assert!(serde_json::from_value::<ServerMsg>(bad).is_err());
    }

    #[test]
    fn runs_say_exactly_which_members_a_step_has() {
        use crate::game::step_views::{runs, unrun};
        let steps = |v: Value| v.as_array().unwrap().clone();
        // Nulls stay, a step that leaves out the last members has a short row.
        let same = steps(json!([
            {"type": "x", "a": null, "b": 1},
            {"type": "x", "a": 2},
            {"type": "x", "a": 3, "b": null},
        ]));
        let wire = runs(same.clone());
        assert_eq!(
            wire,
            steps(json!([{"run": "x", "keys": ["a", "b"], "rows": [[null, 1], [2], [3, null]]}]))
        );
        assert_eq!(unrun(wire).unwrap(), same);
        // Steps that leave out different members go as they are.
        let ragged = steps(json!([
            {"type": "x", "a": 1},
            {"type": "x", "b": 2},
            {"type": "x", "a": 3},
        ]));
        assert_eq!(runs(ragged.clone()), ragged);
    }

    #[test]
    fn one_games_steps_name_it_once_and_read_back() {
        let landed = |die| {
            AnyStepView::DoozyDice(Doozy::DieLanded {
                seat: Seat(1),
                die,
                value: if die == 0 { 1 } else { 4 },
                face: die == 0,
            })
        };
        let steps = vec![landed(0), landed(1)];
        let msg = update(steps.clone());
        let wire = serde_json::to_value(&msg).unwrap();
        assert_eq!(
            wire["steps"],
            json!({"game": "doozy-dice", "steps": [
                {"type": "die_landed", "seat": 1, "die": 0, "value": 1, "face": true},
                // A false flag is left out.
                {"type": "die_landed", "seat": 1, "die": 1, "value": 4},
            ]})
        );
        let back: ServerMsg = serde_json::from_value(wire).unwrap();
        assert_eq!(back, msg);
        // The list each step names its game in is read too (older servers).
        let mut listed = serde_json::to_value(&msg).unwrap();
        listed["steps"] = serde_json::to_value(&steps).unwrap();
        // and so is a false flag written out.
        listed["steps"][1]["face"] = json!(false);
        assert_eq!(serde_json::from_value::<ServerMsg>(listed).unwrap(), msg);
    }

    #[test]
    fn a_take_back_or_no_step_is_sent_as_a_list() {
        let mixed = vec![
            AnyStepView::TakeBack(TakenBack { seat: Seat(0) }),
            AnyStepView::DoozyDice(Doozy::RollOffDie {
                seat: Seat(0),
                value: 3,
            }),
        ];
        for steps in [mixed, Vec::new()] {
            let msg = update(steps.clone());
            let wire = serde_json::to_value(&msg).unwrap();
            assert_eq!(wire["steps"], serde_json::to_value(&steps).unwrap());
            assert_eq!(serde_json::from_value::<ServerMsg>(wire).unwrap(), msg);
        }
    }
}
