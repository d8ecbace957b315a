//! Storage: rooms, seats, matches, their step logs and final scorecards.
//!
//! One code path for SQLite (the embedded default) and PostgreSQL, through
//! sqlx's `Any` driver and migrations written in the SQL both share.

mod chat;

pub use chat::ChatTally;

use std::str::FromStr;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use parlor_protocol::http::{MatchRecord, MatchSummary};
use parlor_protocol::{
    BotLevel, ChatLine, GameKind, GameOptions, MatchId, MatchResult, RoomCode, Seat, TurnTimer,
};
use sqlx::any::{AnyConnectOptions, AnyPoolOptions, AnyRow};
use sqlx::{AnyPool, Executor, Row};
use tokio::sync::{mpsc, oneshot};

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
    writer: mpsc::Sender<Append>,
    /// What the writer has done.
    stats: Arc<WriteCounters>,
}

/// Counts kept by the group-commit writer.
#[derive(Debug, Default)]
struct WriteCounters {
    appends: AtomicU64,
    commits: AtomicU64,
}

/// What the group-commit writer has done since the store opened.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct WriteStats {
    /// Appends stored (one per room action).
    pub appends: u64,
    /// Transactions committed for them.
    pub commits: u64,
}

/// Steps one room hands the writer, with where to say they are durable.
#[derive(Debug)]
struct Append {
    match_id: MatchId,
    code: RoomCode,
    steps: Vec<NewStep>,
    finish: Option<Finish>,
    deadline: Option<Option<i64>>,
    reply: oneshot::Sender<StoreResult<()>>,
}

/// Most appends gathered into one transaction.
const MAX_BATCH: usize = 512;

/// Rows per multi-row insert: well under SQLite's 32,766 bound parameters.
const ROWS_PER_INSERT: usize = 200;

/// The writer: takes what is waiting, writes it in one transaction, and
/// releases every room in it once it has committed.
async fn write_appends(pool: AnyPool, mut rx: mpsc::Receiver<Append>, stats: Arc<WriteCounters>) {
    let mut batch: Vec<Append> = Vec::new();
    while let Some(first) = rx.recv().await {
        batch.push(first);
        while batch.len() < MAX_BATCH {
            match rx.try_recv() {
                Ok(job) => batch.push(job),
                Err(_) => break,
            }
        }
        let began = std::time::Instant::now();
        let written = write_batch(&pool, &batch).await;
        metrics::histogram!("parlor_store_seconds").record(began.elapsed().as_secs_f64());
        metrics::histogram!("parlor_store_batch_appends").record(batch.len() as f64);
        match written {
            Ok(()) => {
                stats.commits.fetch_add(1, Ordering::Relaxed);
                stats
                    .appends
                    .fetch_add(batch.len() as u64, Ordering::Relaxed);
                for job in batch.drain(..) {
                    let _ = job.reply.send(Ok(()));
                }
            }
            Err(e) if batch.len() == 1 => {
                if let Some(job) = batch.pop() {
                    let _ = job.reply.send(Err(e));
                }
            }
            Err(_) => {
                // Nothing of the batch was written: each goes again alone.
                for job in batch.drain(..) {
                    let result = write_batch(&pool, std::slice::from_ref(&job)).await;
                    let _ = job.reply.send(result);
                }
            }
        }
    }
}

async fn write_batch(pool: &AnyPool, batch: &[Append]) -> StoreResult<()> {
    let mut tx = pool.begin().await?;
    let rows: Vec<(MatchId, &NewStep)> = batch
        .iter()
        .flat_map(|job| job.steps.iter().map(move |s| (job.match_id, s)))
        .collect();
    let now = now_ms();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from(
            "insert into match_step (match_id, seq, seat, step, created_at, by_timer) values ",
        );
        for i in 0..chunk.len() {
            let b = i * 6;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5,
                b + 6
            ));
        }
        let mut q = sqlx::query(&sql);
        for (match_id, s) in chunk {
            q = q
                .bind(match_id.to_string())
                .bind(to_i64(s.seq))
                .bind(s.seat.map(|seat| i64::from(seat.0)))
                .bind(s.json.clone())
                .bind(now)
                .bind(i64::from(s.by_timer));
        }
        q.execute(&mut *tx).await?;
    }
    for job in batch {
        if let Some(at) = job.deadline {
            sqlx::query("update game_match set deadline_at = $1 where match_id = $2")
                .bind(at)
                .bind(job.match_id.to_string())
                .execute(&mut *tx)
                .await?;
        }
        if let Some(f) = &job.finish {
            write_finish(&mut tx, job.match_id, &job.code, f).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// The result, the room's status and the scorecards of a finished match.
async fn write_finish(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    match_id: MatchId,
    code: &RoomCode,
    f: &Finish,
) -> StoreResult<()> {
    sqlx::query("update game_match set status = 'finished', finished_at = $1, result = $2, deadline_at = null where match_id = $3")
        .bind(now_ms())
        .bind(json(&f.result))
        .bind(match_id.to_string())
        .execute(&mut **tx)
        .await?;
    sqlx::query("update room set status = 'finished' where room_code = $1")
        .bind(&code.0)
        .execute(&mut **tx)
        .await?;
    for (seat, (score, detail)) in f.result.scorecard.lines().into_iter().enumerate() {
        let rank = f.result.ranks.get(seat).copied().unwrap_or(0);
        sqlx::query(
            "insert into scorecard (match_id, seat, name, rank, score, detail) values ($1, $2, $3, $4, $5, $6)",
        )
        .bind(match_id.to_string())
        .bind(i64::try_from(seat).unwrap_or(0))
        .bind(f.players.get(seat).cloned().unwrap_or_default())
        .bind(i64::from(rank))
        .bind(score)
        .bind(detail.to_string())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
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
}

/// A match as stored at its start.
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
}

pub use parlor_protocol::admin::{StoredCounts, Swept};

/// Which finished matches a history page lists.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct HistoryFilter {
    /// Only this game.
    pub game: Option<parlor_protocol::GameKind>,
    /// Only matches with a player of this name (case-insensitive, whole name).
    pub player: Option<String>,
    /// Finished at or after (Unix ms).
    pub since: Option<i64>,
    /// Finished before (Unix ms): the next page after an entry.
    pub before: Option<i64>,
    /// Only the matches of this room (whoever has its link may list them).
    pub room: Option<parlor_protocol::RoomCode>,
}

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
}

/// One final scorecard row, as read back.
#[derive(Debug, Clone, PartialEq)]
pub struct ScorecardRow {
    /// Seat.
    pub seat: Seat,
    /// Player name.
    pub name: String,
    /// Rank, 1 best.
    pub rank: i64,
    /// Headline score.
    pub score: i64,
    /// The game's scorecard line as JSON.
    pub detail: serde_json::Value,
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
            .max_connections(if is_sqlite { 4 } else { 10 })
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
        let (writer, jobs) = mpsc::channel(4 * MAX_BATCH);
        let stats = Arc::new(WriteCounters::default());
        tokio::spawn(write_appends(pool.clone(), jobs, stats.clone()));
        Ok(Store {
            pool,
            writer,
            stats,
        })
    }

    /// What the group-commit writer has done so far.
    pub fn write_stats(&self) -> WriteStats {
        WriteStats {
            appends: self.stats.appends.load(Ordering::Relaxed),
            commits: self.stats.commits.load(Ordering::Relaxed),
        }
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

    /// Stores a new room.
    pub async fn create_room(&self, code: &RoomCode, options: &GameOptions) -> StoreResult<()> {
        sqlx::query("insert into room (room_code, game, options, status, created_at) values ($1, $2, $3, 'lobby', $4)")
            .bind(&code.0)
            .bind(options.kind().slug())
            .bind(json(options))
            .bind(now_ms())
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Updates a room's options (lobby only).
    pub async fn set_room_options(
        &self,
        code: &RoomCode,
        options: &GameOptions,
    ) -> StoreResult<()> {
        sqlx::query("update room set options = $1 where room_code = $2")
            .bind(json(options))
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Sets a room's turn timer (lobby only).
    pub async fn set_turn_timer(&self, code: &RoomCode, timer: TurnTimer) -> StoreResult<()> {
        sqlx::query("update room set turn_timer = $1 where room_code = $2")
            .bind(json(&timer).trim_matches('"'))
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores who may sit: the room's lock and its closed seats.
    pub async fn set_room_seating(
        &self,
        code: &RoomCode,
        locked: bool,
        closed_seats: u8,
    ) -> StoreResult<()> {
        sqlx::query("update room set locked = $1, closed_seats = $2 where room_code = $3")
            .bind(i64::from(locked))
            .bind(i64::from(closed_seats))
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Stores a taken seat.
    pub async fn add_seat(&self, code: &RoomCode, seat: &SeatRow) -> StoreResult<()> {
        sqlx::query("insert into seat (room_code, seat, name, token_sha256, joined_at, bot, stand_in) values ($1, $2, $3, $4, $5, $6, $7)")
            .bind(&code.0)
            .bind(i64::from(seat.seat.0))
            .bind(&seat.name)
            .bind(&seat.token_sha256)
            .bind(now_ms())
            .bind(seat.bot.map(level_name))
            .bind(i64::from(seat.stand_in))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Gives a seat a new token (its old one stops working): the seat moved
    /// to another device.
    pub async fn set_seat_token(
        &self,
        code: &RoomCode,
        seat: Seat,
        token_sha256: &str,
    ) -> StoreResult<()> {
        sqlx::query("update seat set token_sha256 = $1 where room_code = $2 and seat = $3")
            .bind(token_sha256)
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Starts or stops a bot standing in for an absent player.
    pub async fn set_stand_in(&self, code: &RoomCode, seat: Seat, on: bool) -> StoreResult<()> {
        sqlx::query("update seat set stand_in = $1 where room_code = $2 and seat = $3")
            .bind(i64::from(on))
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Renames a seat.
    pub async fn rename_seat(&self, code: &RoomCode, seat: Seat, name: &str) -> StoreResult<()> {
        sqlx::query("update seat set name = $1 where room_code = $2 and seat = $3")
            .bind(name)
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Removes a seat; every later seat moves up one, keeping its token.
    pub async fn leave_seat(&self, code: &RoomCode, seat: Seat) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query("delete from seat where room_code = $1 and seat = $2")
            .bind(&code.0)
            .bind(i64::from(seat.0))
            .execute(&mut *tx)
            .await?;
        // Through negatives: the key (room, seat) is checked row by row, so
        // a plain `seat - 1` could collide with the next row mid-update.
        for sql in [
            "update seat set seat = -seat where room_code = $1 and seat > $2",
            "update seat set seat = -seat - 1 where room_code = $1 and seat < 0 and $2 >= 0",
        ] {
            sqlx::query(sql)
                .bind(&code.0)
                .bind(i64::from(seat.0))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }

    /// Sets a room's status (`lobby` when its players go back to the lobby
    /// after a match).
    pub async fn set_room_status(&self, code: &RoomCode, status: &str) -> StoreResult<()> {
        sqlx::query("update room set status = $1 where room_code = $2")
            .bind(status)
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// The seats of a room, in seat order.
    pub async fn seats(&self, code: &RoomCode) -> StoreResult<Vec<SeatRow>> {
        let rows = sqlx::query(
            "select seat, name, token_sha256, bot, stand_in from seat where room_code = $1 order by seat",
        )
        .bind(&code.0)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| {
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
            })
            .collect()
    }

    /// Stores a match's start and its first steps (setup chance) in one
    /// transaction, and marks the room as playing.
    pub async fn start_match(&self, m: &NewMatch, steps: &[NewStep]) -> StoreResult<()> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "insert into game_match (match_id, room_code, game, options, seats, players, seed, seed_sha256, status, started_at, bots) \
             values ($1, $2, $3, $4, $5, $6, $7, $8, 'playing', $9, $10)",
        )
        .bind(m.match_id.to_string())
        .bind(&m.code.0)
        .bind(m.options.kind().slug())
        .bind(json(&m.options))
        .bind(i64::try_from(m.players.len()).unwrap_or(0))
        .bind(json(&m.players))
        .bind(&m.seed_hex)
        .bind(&m.seed_sha256)
        .bind(now_ms())
        .bind(json(&m.bots))
        .execute(&mut *tx)
        .await?;
        sqlx::query("update room set status = 'playing' where room_code = $1")
            .bind(&m.code.0)
            .execute(&mut *tx)
            .await?;
        insert_steps(&mut tx, m.match_id, steps).await?;
        tx.commit().await?;
        Ok(())
    }

    /// A room with its seats and latest match, for rebuilding it.
    pub async fn load_room(&self, code: &RoomCode) -> StoreResult<StoredRoom> {
        let r = sqlx::query(
            "select options, status, broken, closed, turn_timer, locked, closed_seats from room \
             where room_code = $1",
        )
        .bind(&code.0)
        .fetch_one(&self.pool)
        .await?;
        let seats = self.seats(code).await?;
        let m = sqlx::query(
            "select match_id, options, seats, seed, deadline_at from game_match \
             where room_code = $1 order by started_at desc, match_id limit 1",
        )
        .bind(&code.0)
        .fetch_optional(&self.pool)
        .await?;
        let current = match m {
            None => None,
            Some(m) => {
                let id: String = m.try_get("match_id")?;
                let match_id = MatchId(
                    id.parse()
                        .map_err(|_| StoreError::Corrupt(format!("match id {id}")))?,
                );
                Some(StoredMatch {
                    match_id,
                    options: parse(&m.try_get::<String, _>("options")?)?,
                    seats: u8::try_from(m.try_get::<i64, _>("seats")?)
                        .map_err(|_| StoreError::Corrupt("seats".into()))?,
                    seed_hex: m.try_get("seed")?,
                    deadline_at: m.try_get("deadline_at")?,
                    steps: self.steps(match_id).await?,
                    timed_out: self.timed_out(match_id).await?,
                })
            }
        };
        Ok(StoredRoom {
            code: code.clone(),
            options: parse(&r.try_get::<String, _>("options")?)?,
            status: r.try_get("status")?,
            broken: r.try_get("broken")?,
            closed: r.try_get("closed")?,
            seats,
            current,
            chat: self.recent_chat(code, CHAT_KEPT).await?,
            turn_timer: serde_json::from_value(serde_json::Value::String(r.try_get("turn_timer")?))
                .map_err(|e| StoreError::Corrupt(format!("turn timer: {e}")))?,
            locked: r.try_get::<i64, _>("locked")? != 0,
            closed_seats: u8::try_from(r.try_get::<i64, _>("closed_seats")?).unwrap_or(0),
        })
    }

    /// Rooms to bring back when the server starts: every match in
    /// progress, and lobbies opened within the last day (older ones come
    /// back when their link is opened).
    pub async fn rooms_to_restore(&self) -> StoreResult<Vec<RoomCode>> {
        let day_ago = now_ms() - 24 * 3600 * 1000;
        let rows = sqlx::query(
            "select room_code from room where broken is null and \
             (status = 'playing' or (status = 'lobby' and created_at > $1)) order by created_at",
        )
        .bind(day_ago)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(RoomCode(r.try_get("room_code")?)))
            .collect()
    }

    /// Records that a room's log does not replay.
    pub async fn mark_broken(&self, code: &RoomCode, reason: &str) -> StoreResult<()> {
        sqlx::query("update room set broken = $1 where room_code = $2")
            .bind(reason)
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    /// Marks a room closed by the server's host; its link then says why.
    pub async fn mark_closed(&self, code: &RoomCode, reason: &str) -> StoreResult<()> {
        let done = sqlx::query("update room set closed = $1 where room_code = $2")
            .bind(reason)
            .bind(&code.0)
            .execute(&self.pool)
            .await?;
        if done.rows_affected() == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// When each of `codes` was created (ms since the epoch).
    pub async fn rooms_created(&self, codes: &[RoomCode]) -> StoreResult<Vec<(RoomCode, i64)>> {
        let mut out = Vec::new();
        for chunk in codes.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let sql = format!(
                "select room_code, created_at from room where room_code in ({})",
                marks.join(", ")
            );
            let mut q = sqlx::query(&sql);
            for c in chunk {
                q = q.bind(&c.0);
            }
            for r in q.fetch_all(&self.pool).await? {
                out.push((RoomCode(r.try_get("room_code")?), r.try_get("created_at")?));
            }
        }
        Ok(out)
    }

    /// Rooms and matches in the database, for the admin page.
    pub async fn counts(&self) -> StoreResult<StoredCounts> {
        let count = |sql: &'static str| async move {
            let r = sqlx::query(sql).fetch_one(&self.pool).await?;
            let n: i64 = r.try_get(0)?;
            Ok::<u64, StoreError>(u64::try_from(n).unwrap_or(0))
        };
        Ok(StoredCounts {
            lobbies: count("select count(*) from room where status = 'lobby'").await?,
            playing: count("select count(*) from room where status = 'playing'").await?,
            finished_rooms: count("select count(*) from room where status = 'finished'").await?,
            finished_matches: count("select count(*) from game_match where status = 'finished'")
                .await?,
            steps: count("select count(*) from match_step").await?,
        })
    }

    /// Deletes lobbies never started and untouched since `lobby_before`
    /// (ms), and finished matches older than `finished_before` (with their
    /// room once it holds no other match), except the rooms in `keep`
    /// (live in memory). Returns what went.
    pub async fn sweep(
        &self,
        lobby_before: Option<i64>,
        finished_before: Option<i64>,
        keep: &[RoomCode],
    ) -> StoreResult<Swept> {
        let mut swept = Swept::default();
        let kept = |code: &str| keep.iter().any(|k| k.0 == code);
        if let Some(cutoff) = lobby_before {
            let rows = sqlx::query(
                "select r.room_code from room r where r.status = 'lobby' and r.created_at < $1 \
                 and not exists (select 1 from game_match m where m.room_code = r.room_code) \
                 and not exists (select 1 from seat s where s.room_code = r.room_code and s.joined_at >= $1)",
            )
            .bind(cutoff)
            .fetch_all(&self.pool)
            .await?;
            for r in rows {
                let code: String = r.try_get(0)?;
                if kept(&code) {
                    continue;
                }
                let mut tx = self.pool.begin().await?;
                for sql in [
                    "delete from seat where room_code = $1",
                    "delete from chat_line where room_code = $1",
                ] {
                    sqlx::query(sql).bind(&code).execute(&mut *tx).await?;
                }
                sqlx::query("delete from room where room_code = $1 and status = 'lobby'")
                    .bind(&code)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                swept.lobbies += 1;
            }
        }
        if let Some(cutoff) = finished_before {
            let rows = sqlx::query(
                "select match_id, room_code from game_match where status = 'finished' and finished_at < $1",
            )
            .bind(cutoff)
            .fetch_all(&self.pool)
            .await?;
            for r in rows {
                let id: String = r.try_get("match_id")?;
                let code: String = r.try_get("room_code")?;
                if kept(&code) {
                    continue;
                }
                let mut tx = self.pool.begin().await?;
                for sql in [
                    "delete from match_step where match_id = $1",
                    "delete from scorecard where match_id = $1",
                    "delete from chat_line where match_id = $1",
                    "delete from game_match where match_id = $1",
                ] {
                    sqlx::query(sql).bind(&id).execute(&mut *tx).await?;
                }
                let left = sqlx::query("select count(*) from game_match where room_code = $1")
                    .bind(&code)
                    .fetch_one(&mut *tx)
                    .await?;
                let left: i64 = left.try_get(0)?;
                if left == 0 {
                    for sql in [
                        "delete from seat where room_code = $1",
                        "delete from chat_line where room_code = $1",
                    ] {
                        sqlx::query(sql).bind(&code).execute(&mut *tx).await?;
                    }
                    sqlx::query("delete from room where room_code = $1")
                        .bind(&code)
                        .execute(&mut *tx)
                        .await?;
                    swept.rooms += 1;
                }
                tx.commit().await?;
                swept.matches += 1;
            }
        }
        Ok(swept)
    }

    /// Appends steps to a match log; with `finish`, also writes the result
    /// and scorecards in that same transaction, so a match is never stored
    /// as ended without its last step, or the reverse; with `deadline`,
    /// sets (or clears) the running response timer.
    ///
    /// Group commit: the store's one writer gathers what every room hands it
    /// meanwhile into one transaction, so rooms share each commit's cost
    /// (the fsync) instead of queueing for one each. This returns only once
    /// the transaction holding these steps has committed; if it failed,
    /// these steps are retried alone, so one room's bad write cannot fail
    /// another's.
    pub async fn append_steps(
        &self,
        match_id: MatchId,
        code: &RoomCode,
        steps: &[NewStep],
        finish: Option<&Finish>,
        deadline: Option<Option<i64>>,
    ) -> StoreResult<()> {
        let (reply, done) = oneshot::channel();
        let job = Append {
            match_id,
            code: code.clone(),
            steps: steps.to_vec(),
            finish: finish.cloned(),
            deadline,
            reply,
        };
        self.writer
            .send(job)
            .await
            .map_err(|_| StoreError::Closed)?;
        done.await.map_err(|_| StoreError::Closed)?
    }

    /// Number of steps stored for a match.
    pub async fn step_count(&self, match_id: MatchId) -> StoreResult<u64> {
        let n: i64 = sqlx::query("select count(*) as n from match_step where match_id = $1")
            .bind(match_id.to_string())
            .fetch_one(&self.pool)
            .await?
            .try_get("n")?;
        Ok(u64::try_from(n).unwrap_or(0))
    }

    /// A match's log as stored JSON, in order.
    pub async fn steps(&self, match_id: MatchId) -> StoreResult<Vec<(u64, String)>> {
        let rows = sqlx::query("select seq, step from match_step where match_id = $1 order by seq")
            .bind(match_id.to_string())
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                Ok((
                    u64::try_from(r.try_get::<i64, _>("seq")?).unwrap_or(0),
                    r.try_get("step")?,
                ))
            })
            .collect()
    }

    /// The steps (by seq) the response timer answered for a seat that did
    /// not answer in time.
    pub async fn timed_out(&self, match_id: MatchId) -> StoreResult<Vec<u64>> {
        let rows = sqlx::query(
            "select seq from match_step where match_id = $1 and by_timer <> 0 order by seq",
        )
        .bind(match_id.to_string())
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok(u64::try_from(r.try_get::<i64, _>("seq")?).unwrap_or(0)))
            .collect()
    }

    /// The final scorecards of a match, by seat.
    pub async fn scorecards(&self, match_id: MatchId) -> StoreResult<Vec<ScorecardRow>> {
        let rows = sqlx::query("select seat, name, rank, score, detail from scorecard where match_id = $1 order by seat")
            .bind(match_id.to_string())
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| {
                let detail: String = r.try_get("detail")?;
                Ok(ScorecardRow {
                    seat: seat_of(r.try_get("seat")?)?,
                    name: r.try_get("name")?,
                    rank: r.try_get("rank")?,
                    score: r.try_get("score")?,
                    detail: serde_json::from_str(&detail)
                        .map_err(|e| StoreError::Corrupt(e.to_string()))?,
                })
            })
            .collect()
    }

    /// A match with its result (the seed only once finished).
    pub async fn match_record(&self, match_id: MatchId) -> StoreResult<MatchRecord> {
        let r = sqlx::query(
            "select match_id, room_code, game, options, players, seed, seed_sha256, status, result, \
             started_at, finished_at, bots, \
             (select count(*) from match_step s where s.match_id = m.match_id) as steps \
             from game_match m where match_id = $1",
        )
        .bind(match_id.to_string())
        .fetch_one(&self.pool)
        .await?;
        let finished = r.try_get::<String, _>("status")? == "finished";
        let result: Option<String> = r.try_get("result")?;
        Ok(MatchRecord {
            match_id,
            game: game_of(&r.try_get::<String, _>("game")?)?,
            options: parse(&r.try_get::<String, _>("options")?)?,
            players: parse(&r.try_get::<String, _>("players")?)?,
            seed_sha256: r.try_get("seed_sha256")?,
            // The seed would let anyone predict the rest of a live match.
            seed: if finished {
                Some(r.try_get("seed")?)
            } else {
                None
            },
            steps: u64::try_from(r.try_get::<i64, _>("steps")?).unwrap_or(0),
            result: result.as_deref().map(parse).transpose()?,
            started_at: r.try_get("started_at")?,
            finished_at: r.try_get("finished_at")?,
            bots: bots_of(&r)?,
            // Spectators' talk reaches players only once the match is over.
            chat_lines: if finished {
                self.match_chat_lines(match_id).await?
            } else {
                0
            },
        })
    }

    /// Finished matches, newest first.
    pub async fn finished_matches(&self, limit: u32) -> StoreResult<Vec<MatchSummary>> {
        self.history(&HistoryFilter::default(), limit).await
    }

    /// Finished matches, newest first, filtered; `filter.before` continues
    /// a previous page (the `finished_at` of its last entry).
    pub async fn history(
        &self,
        filter: &HistoryFilter,
        limit: u32,
    ) -> StoreResult<Vec<MatchSummary>> {
        let mut sql = String::from(
            "select match_id, room_code, game, players, result, finished_at, bots from game_match \
             where status = 'finished'",
        );
        let mut n = 0;
        let mut mark = || {
            n += 1;
            format!("${n}")
        };
        if filter.game.is_some() {
            sql.push_str(&format!(" and game = {}", mark()));
        }
        if filter.player.is_some() {
            // Names are stored as a JSON array: match a quoted name inside it.
            sql.push_str(&format!(" and lower(players) like {} escape '\\'", mark()));
        }
        if filter.room.is_some() {
            sql.push_str(&format!(" and room_code = {}", mark()));
        }
        if filter.since.is_some() {
            sql.push_str(&format!(" and finished_at >= {}", mark()));
        }
        if filter.before.is_some() {
            sql.push_str(&format!(" and finished_at < {}", mark()));
        }
        sql.push_str(&format!(" order by finished_at desc limit {}", mark()));
        let mut q = sqlx::query(&sql);
        if let Some(g) = filter.game {
            q = q.bind(g.slug());
        }
        if let Some(p) = &filter.player {
            let quoted = serde_json::to_string(&p.to_lowercase()).unwrap_or_default();
            let escaped = quoted
                .replace('\\', "\\\\")
                .replace('%', "\\%")
                .replace('_', "\\_");
            q = q.bind(format!("%{escaped}%"));
        }
        if let Some(r) = &filter.room {
            q = q.bind(r.0.clone());
        }
        if let Some(t) = filter.since {
            q = q.bind(t);
        }
        if let Some(t) = filter.before {
            q = q.bind(t);
        }
        let rows = q.bind(i64::from(limit)).fetch_all(&self.pool).await?;
        rows.iter()
            .map(|r| {
                let result: MatchResult = parse(&r.try_get::<String, _>("result")?)?;
                let id: String = r.try_get("match_id")?;
                Ok(MatchSummary {
                    match_id: MatchId(
                        id.parse()
                            .map_err(|_| StoreError::Corrupt(format!("match id {id}")))?,
                    ),
                    game: game_of(&r.try_get::<String, _>("game")?)?,
                    players: parse(&r.try_get::<String, _>("players")?)?,
                    winners: result.winners,
                    bots: bots_of(r)?,
                    finished_at: r.try_get("finished_at")?,
                })
            })
            .collect()
    }
}

async fn insert_steps(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    match_id: MatchId,
    steps: &[NewStep],
) -> StoreResult<()> {
    let now = now_ms();
    for s in steps {
        sqlx::query("insert into match_step (match_id, seq, seat, step, created_at, by_timer) values ($1, $2, $3, $4, $5, $6)")
            .bind(match_id.to_string())
            .bind(to_i64(s.seq))
            .bind(s.seat.map(|seat| i64::from(seat.0)))
            .bind(&s.json)
            .bind(now)
            .bind(i64::from(s.by_timer))
            .execute(&mut **tx)
            .await?;
    }
    Ok(())
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

fn level_name(level: BotLevel) -> &'static str {
    match level {
        BotLevel::Easy => "easy",
        BotLevel::Normal => "normal",
    }
}

fn level_of(s: &str) -> StoreResult<BotLevel> {
    match s {
        "easy" => Ok(BotLevel::Easy),
        "normal" => Ok(BotLevel::Normal),
        other => Err(StoreError::Corrupt(format!("bot level {other}"))),
    }
}

fn seat_of(v: i64) -> StoreResult<Seat> {
    u8::try_from(v)
        .map(Seat)
        .map_err(|_| StoreError::Corrupt(format!("seat {v}")))
}

fn game_of(s: &str) -> StoreResult<GameKind> {
    GameKind::from_slug(s).ok_or_else(|| StoreError::Corrupt(format!("game {s}")))
}
