//! Storage: rooms, seats, matches, their step logs and final scorecards.
//!
//! One code path for SQLite (the embedded default) and PostgreSQL, through
//! sqlx's `Any` driver and migrations written in the SQL both share.

//!
//! By concern, each adding its queries to [`Store`]: `writer` (the
//! group-commit writer of step appends), `rooms` (rooms and seats),
//! `matches` (a match's start, log and scorecards), `history` (finished
//! matches by pages), `chat` (table talk), `seat_links` (one-time links
//! that move a seat), `retention` (counts and the sweep) and `owners`
//! (cluster mode: nodes, room claims, the fence).
//! This module holds the handle, its connection and migrations, the types
//! they share and the row helpers; they use only it.

mod chat;
mod history;
mod matches;
mod nodes;
mod owners;
mod retention;
mod rooms;
mod seat_links;
pub mod serving;
mod writer;

pub use chat::ChatTally;
pub use history::HistoryFilter;
pub use matches::ScorecardRow;
pub use nodes::{clock_offset, Membership, Node, NodeState};
pub use owners::{Claim, OwnedRoom, Owner};
pub use retention::{SweepTurn, SWEEP_LOCK};
pub use writer::WriteStats;

use std::str::FromStr;
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use parlor_games::Rules;
use parlor_protocol::{
    BotLevel, ChatLine, GameKind, GameOptions, MatchId, MatchResult, RoomCode, Seat, TurnTimer,
};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::mpsc;

/// Storage errors. Messages stay on the server; clients get a generic code.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The row asked for does not exist.
    #[error("not found")]
    NotFound,
    /// A unique key was already taken (e.g. two writers of the same step).
    #[error("conflict: {0}")]
    Conflict(String),
    /// A stored value could not be decoded.
    #[error("corrupt row: {0}")]
    Corrupt(String),
    /// The database failed.
    #[error("database: {0}")]
    Db(sqlx::Error),
    /// The store is closed (the server is stopping).
    #[error("the store is closed")]
    Closed,
    /// Cluster mode: another node took the room over; nothing was written.
    #[error("the room was taken over by another server")]
    Fenced,
}

impl From<sqlx::Error> for StoreError {
    fn from(e: sqlx::Error) -> Self {
        match e {
            sqlx::Error::RowNotFound => StoreError::NotFound,
            sqlx::Error::Database(ref db) if db.is_unique_violation() => {
                StoreError::Conflict(db.message().to_owned())
            }
            other => StoreError::Db(other),
        }
    }
}

/// Result alias for storage calls.
pub type StoreResult<T> = Result<T, StoreError>;

/// The migrations in `migrations/`, embedded in the binary.
pub static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("../migrations");

/// A handle to the database; cheap to clone.
#[derive(Clone, Debug)]
pub struct Store {
    pool: AnyPool,
    /// The group-commit writer of step appends.
    writer: mpsc::Sender<writer::Append>,
    /// What the writer has done.
    stats: Arc<writer::WriteCounters>,
    /// Cluster mode, a room's handle: the epoch its writes carry.
    fence: Option<owners::Fence>,
}

/// A step ready to be written.
#[derive(Debug, Clone)]
pub struct NewStep {
    /// 1-based sequence number (the version after it).
    pub seq: u64,
    /// Acting seat; `None` for chance.
    pub seat: Option<Seat>,
    /// JSON of the game's step.
    pub json: String,
    /// The response timer took it for a seat that did not answer in time.
    pub by_timer: bool,
    /// A stand-in bot took it for a player who was away.
    pub by_stand_in: bool,
}

/// A match as stored at its start, with the version of its game's rules
/// this server runs ([`Rules::running`]).
#[derive(Debug, Clone)]
pub struct NewMatch {
    /// Id.
    pub match_id: MatchId,
    /// Room.
    pub code: RoomCode,
    /// Options (and so the game).
    pub options: GameOptions,
    /// Player names by seat.
    pub players: Vec<String>,
    /// Seed, hex.
    pub seed_hex: String,
    /// SHA-256 of the seed, hex.
    pub seed_sha256: String,
    /// Seats bots play.
    pub bots: Vec<Seat>,
    /// Their levels, in the order of `bots`.
    pub bot_levels: Vec<BotLevel>,
}

/// The end of a match, written together with its last steps.
#[derive(Debug, Clone)]
pub struct Finish {
    /// The result.
    pub result: MatchResult,
    /// Player names by seat.
    pub players: Vec<String>,
}

/// A stored seat.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatRow {
    /// Seat number.
    pub seat: Seat,
    /// Display name.
    pub name: String,
    /// SHA-256 of the seat token, hex.
    pub token_sha256: String,
    /// A bot's seat: its level.
    pub bot: Option<BotLevel>,
    /// A bot plays for this (human) seat while its player is away.
    pub stand_in: bool,
}

/// A stored one-time seat link: only its code's SHA-256, like a token.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SeatLinkRow {
    /// The seat it moves.
    pub seat: Seat,
    /// SHA-256 of the code, hex.
    pub code_sha256: String,
    /// When it stops working (Unix ms).
    pub expires_at: i64,
}

/// Chat lines a room keeps at hand (and hands to whoever connects).
pub const CHAT_KEPT: usize = 50;

/// One stored chat line, as it is kept for a room.
#[derive(Debug, Clone)]
pub struct NewChat {
    /// The room's match when it was said.
    pub match_id: Option<MatchId>,
    /// The line.
    pub line: ChatLine,
}

/// A room as stored: everything needed to rebuild it after a restart.
#[derive(Debug, Clone)]
pub struct StoredRoom {
    /// Code.
    pub code: RoomCode,
    /// Current options (of the next match, in a lobby).
    pub options: GameOptions,
    /// `lobby`, `playing` or `finished`.
    pub status: String,
    /// Why its log did not replay, if it did not.
    pub broken: Option<String>,
    /// Why the server's host closed it, if they did.
    pub closed: Option<String>,
    /// Seats in order.
    pub seats: Vec<SeatRow>,
    /// Its unused one-time seat links (some may have expired).
    pub seat_links: Vec<SeatLinkRow>,
    /// The latest match, if one was started.
    pub current: Option<StoredMatch>,
    /// The room's latest chat lines, oldest first.
    pub chat: Vec<ChatLine>,
    /// The room's turn timer.
    pub turn_timer: TurnTimer,
    /// The host locked the room to new players.
    pub locked: bool,
    /// Seats the host closed.
    pub closed_seats: u8,
    /// The room's webhook, if its host set one.
    pub webhook: Option<parlor_protocol::room::Webhook>,
    /// Seats whose players asked for turn notices, and where.
    pub notices: Vec<SeatNotices>,
}

/// Where one seat's turn notices go.
#[derive(Debug, Clone)]
pub struct SeatNotices {
    /// The seat.
    pub seat: Seat,
    /// Its player's address for turn emails.
    pub email: Option<String>,
    /// Its player's browser push subscription.
    pub push: Option<parlor_protocol::room::PushSubscription>,
}

pub use parlor_protocol::admin::{StoredCounts, Swept};

/// A stored match with its log.
#[derive(Debug, Clone)]
pub struct StoredMatch {
    /// Id.
    pub match_id: MatchId,
    /// Options in force.
    pub options: GameOptions,
    /// Seats at the start.
    pub seats: u8,
    /// Seed, hex.
    pub seed_hex: String,
    /// The running response timer's end (Unix ms).
    pub deadline_at: Option<i64>,
    /// The log: (seq, step JSON) in order.
    pub steps: Vec<(u64, String)>,
    /// Steps the response timer answered (see [`Store::timed_out`]).
    pub timed_out: Vec<u64>,
    /// The rules it was started under: its log replays only under them.
    pub rules: Rules,
    /// Still in play (else finished).
    pub playing: bool,
}

/// Milliseconds since the Unix epoch.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map(|d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
        .unwrap_or(0)
}

fn to_i64(v: u64) -> i64 {
    i64::try_from(v).unwrap_or(i64::MAX)
}

impl Store {
    /// Connects (creating a SQLite file if needed) and runs migrations.
    pub async fn connect(url: &str) -> StoreResult<Store> {
        sqlx::any::install_default_drivers();
        let is_sqlite = url.starts_with("sqlite:");
        let url = if is_sqlite && !url.contains("mode=") {
            // Create the file on first run: zero set-up for self-hosters.
            format!("{url}{}mode=rwc", if url.contains('?') { '&' } else { '?' })
        } else {
            url.to_owned()
        };
        let options = AnyConnectOptions::from_str(&url)?;
        let pool = AnyPoolOptions::new()
            // Postgres: each group-commit writer keeps a connection for
            // good; twice as many again plus four serve reads, claims and
            // the rest, so a drained server's rooms load side by side on a
            // server that takes them over.
            .max_connections(if is_sqlite {
                4
            } else {
                3 * writer::POSTGRES_WRITERS as u32 + 4
            })
            .after_connect(move |conn, _meta| {
                Box::pin(async move {
                    if is_sqlite {
                        // WAL + FULL sync: a committed step survives a killed
                        // process and a power cut; busy_timeout lets rooms
                        // share the file without spurious "locked" errors.
                        conn.execute("PRAGMA journal_mode = WAL").await?;
                        conn.execute("PRAGMA synchronous = FULL").await?;
                        conn.execute("PRAGMA busy_timeout = 5000").await?;
                        conn.execute("PRAGMA foreign_keys = ON").await?;
                    }
                    Ok(())
                })
            })
            .connect_with(options)
            .await?;
        MIGRATOR
            .run(&pool)
            .await
            .map_err(|e| StoreError::Db(e.into()))?;
        let writers = if is_sqlite {
            1
        } else {
            writer::POSTGRES_WRITERS
        };
        let (writer, stats) = writer::spawn(pool.clone(), writers);
        Ok(Store {
            pool,
            writer,
            stats,
            fence: None,
        })
    }

    /// Is the database answering?
    pub async fn ping(&self) -> StoreResult<()> {
        sqlx::query("select 1").execute(&self.pool).await?;
        Ok(())
    }

    /// Whether every migration this binary knows has been applied (and
    /// the database answers: an error means it did not).
    pub async fn migrations_applied(&self) -> StoreResult<bool> {
        let rows = sqlx::query("select version from _sqlx_migrations where success = true")
            .fetch_all(&self.pool)
            .await?;
        let applied: Vec<i64> = rows
            .iter()
            .filter_map(|r| r.try_get::<i64, _>(0).ok())
            .collect();
        Ok(MIGRATOR.iter().all(|m| applied.contains(&m.version)))
    }

    /// Closes the pool (waits for in-flight queries).
    pub async fn close(&self) {
        self.pool.close().await;
    }
}

fn json<T: serde::Serialize>(v: &T) -> String {
    // Our wire types are plain data; serialization cannot fail.
    serde_json::to_string(v).unwrap_or_default()
}

fn parse<T: serde::de::DeserializeOwned>(s: &str) -> StoreResult<T> {
    serde_json::from_str(s).map_err(|e| StoreError::Corrupt(e.to_string()))
}

/// The bots' seats of a match row (none for matches stored before bots).
fn bots_of(r: &AnyRow) -> StoreResult<Vec<Seat>> {
    r.try_get::<Option<String>, _>("bots")?
        .as_deref()
        .map_or(Ok(Vec::new()), parse)
}

/// Each bot's level, in the order of [`bots_of`]; none for a match
/// recorded before levels were kept.
fn bot_levels_of(r: &AnyRow) -> StoreResult<Vec<BotLevel>> {
    r.try_get::<Option<String>, _>("bot_levels")?
        .as_deref()
        .map_or(Ok(Vec::new()), parse)
}

fn level_name(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Easy => "easy",
        BotLevel::Normal => "normal",
        BotLevel::Hard => "hard",
    }
}

fn level_of(s: &str) -> StoreResult<BotLevel> {
    match s {
        "easy" => Ok(BotLevel::Easy),
        "normal" => Ok(BotLevel::Normal),
        "hard" => Ok(BotLevel::Hard),
        other => Err(StoreError::Corrupt(format!("bot level {other}"))),
    }
}

/// A `seat` row (seat, name, token_sha256, bot, stand_in), as read back.
fn seat_row(r: &AnyRow) -> StoreResult<SeatRow> {
    Ok(SeatRow {
        seat: seat_of(r.try_get("seat")?)?,
        name: r.try_get("name")?,
        token_sha256: r.try_get("token_sha256")?,
        bot: r
            .try_get::<Option<String>, _>("bot")?
            .as_deref()
            .map(level_of)
            .transpose()?,
        stand_in: r.try_get::<i64, _>("stand_in")? != 0,
    })
}

fn seat_of(v: i64) -> StoreResult<Seat> {
    u8::try_from(v)
        .map(Seat)
        .map_err(|_| StoreError::Corrupt(format!("seat {v}")))
}

fn game_of(s: &str) -> StoreResult<GameKind> {
    GameKind::from_slug(s).ok_or_else(|| StoreError::Corrupt(format!("game {s}")))
}
