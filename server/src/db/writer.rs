//! The group-commit writer: whichever writer task is free takes every
//! room's step appends waiting, writes them in one transaction (a row per
//! append: the action and the chance it set off), and releases each room
//! once it has committed, so rooms share each commit's cost (the fsync)
//! instead of queueing for one each.
//!
//! On Postgres several of these transactions are in flight at once, each
//! on a connection its writer keeps: a room waits for its own commit, not for the
//! one before it. Each room has at most one append outstanding (its actor
//! awaits it), so a room's steps still commit in order. SQLite writes one
//! transaction at a time anyway: there the next batch is whatever arrived
//! during the last commit.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parlor_protocol::{MatchId, RoomCode};
use sqlx::pool::PoolConnection;
use sqlx::{Any, AnyConnection, AnyPool, Connection};
use tokio::sync::{mpsc, oneshot, Mutex};

use super::owners::Fence;
use super::{json, now_ms, to_i64, Finish, NewStep, Store, StoreError, StoreResult};

/// Counts kept by the group-commit writer.
#[derive(Debug, Default)]
pub(super) struct WriteCounters {
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
pub(super) struct Append {
    match_id: MatchId,
    code: RoomCode,
    steps: Vec<NewStep>,
    finish: Option<Finish>,
    deadline: Option<Option<i64>>,
    /// Cluster mode: the epoch the room holds.
    fence: Option<Fence>,
    reply: oneshot::Sender<StoreResult<()>>,
}

impl Append {
    /// Its log row (`None`: no steps), with the epoch it is fenced at.
    fn row(&self) -> Option<BatchRow> {
        BatchRow::new(
            self.match_id,
            self.fence.as_ref().map(|f| f.epoch),
            &self.steps,
        )
    }
}

/// Most appends gathered into one transaction.
const MAX_BATCH: usize = 512;

/// Rows per multi-row insert: well under SQLite's 32,766 bound parameters
/// (nine to a row).
const ROWS_PER_INSERT: usize = 200;

/// Group-commit transactions in flight at once on Postgres (one on SQLite).
/// Four overlap a commit's round trip and fsync with the next batches'
/// writes; beyond that the disk's flush rate, not the waiting, bounds it.
pub(super) const POSTGRES_WRITERS: usize = 4;

/// Starts the writer on `pool` with `writers` transactions in flight at
/// most: where rooms hand it their appends, and what it has done.
pub(super) fn spawn(pool: AnyPool, writers: usize) -> (mpsc::Sender<Append>, Arc<WriteCounters>) {
    let (writer, jobs) = mpsc::channel(4 * MAX_BATCH);
    let stats = Arc::new(WriteCounters::default());
    tokio::spawn(write_appends(pool, jobs, stats.clone(), writers.max(1)));
    (writer, stats)
}

impl Store {
    /// What the group-commit writer has done so far.
    pub fn write_stats(&self) -> WriteStats {
        WriteStats {
            appends: self.stats.appends.load(Ordering::Relaxed),
            commits: self.stats.commits.load(Ordering::Relaxed),
        }
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
        let began = std::time::Instant::now();
        let (reply, done) = oneshot::channel();
        let job = Append {
            match_id,
            code: code.clone(),
            steps: steps.to_vec(),
            finish: finish.cloned(),
            deadline,
            fence: self.fence.clone(),
            reply,
        };
        self.writer
            .send(job)
            .await
            .map_err(|_| StoreError::Closed)?;
        let done = done.await.map_err(|_| StoreError::Closed)?;
        metrics::histogram!("parlor_append_wait_seconds").record(began.elapsed().as_secs_f64());
        done
    }
}

/// The writer: `writers` tasks, each with its own connection. Whichever is
/// free takes what is waiting and writes it in one transaction, releasing
/// every room in it once it has committed. While every one is busy,
/// appends queue up and go together in the next batch.
async fn write_appends(
    pool: AnyPool,
    rx: mpsc::Receiver<Append>,
    stats: Arc<WriteCounters>,
    writers: usize,
) {
    let rx = Arc::new(Mutex::new(rx));
    let mut tasks = tokio::task::JoinSet::new();
    for _ in 0..writers {
        tasks.spawn(write_loop(pool.clone(), rx.clone(), stats.clone()));
    }
    while tasks.join_next().await.is_some() {}
}

/// One writer: takes a batch whenever it is free, until the store closes.
/// It keeps its connection between batches: taking one from the pool costs
/// a round trip (the pool pings it), which every commit would pay.
async fn write_loop(
    pool: AnyPool,
    rx: Arc<Mutex<mpsc::Receiver<Append>>>,
    stats: Arc<WriteCounters>,
) {
    // Closing the pool waits for every connection to come back: an idle
    // writer gives its own back then (a commit under way finishes first).
    let closing = pool.close_event();
    tokio::pin!(closing);
    let mut conn = Writer { pool, conn: None };
    loop {
        let batch = tokio::select! {
            batch = next_batch(&rx) => batch,
            () = &mut closing => None,
        };
        let Some(batch) = batch else {
            return;
        };
        commit_batch(&mut conn, batch, &stats).await;
    }
}

/// What is waiting, once there is something (`None`: the store closed).
async fn next_batch(rx: &Mutex<mpsc::Receiver<Append>>) -> Option<Vec<Append>> {
    let mut rx = rx.lock().await;
    let first = rx.recv().await?;
    let mut batch = vec![first];
    while batch.len() < MAX_BATCH {
        match rx.try_recv() {
            Ok(job) => batch.push(job),
            Err(_) => break,
        }
    }
    Some(batch)
}

/// A writer's connection, taken from the pool when it has none and
/// dropped after any error (it may be broken; the next batch takes another).
struct Writer {
    pool: AnyPool,
    conn: Option<PoolConnection<Any>>,
}

impl Writer {
    async fn write(&mut self, batch: &[Append]) -> StoreResult<Vec<usize>> {
        let conn = match self.conn.as_mut() {
            Some(conn) => conn,
            None => self.conn.insert(self.pool.acquire().await?),
        };
        let written = write_batch(conn, batch).await;
        if written.is_err() {
            // Closed without a goodbye: the socket may be dead already.
            if let Some(conn) = self.conn.take() {
                drop(conn.detach());
            }
        }
        written
    }
}

/// Writes `batch` and answers each of its rooms.
async fn commit_batch(writer: &mut Writer, mut batch: Vec<Append>, stats: &WriteCounters) {
    let began = std::time::Instant::now();
    let written = writer.write(&batch).await;
    metrics::histogram!("parlor_store_seconds").record(began.elapsed().as_secs_f64());
    metrics::histogram!("parlor_store_batch_appends").record(batch.len() as f64);
    match written {
        Ok(fenced) => {
            stats.commits.fetch_add(1, Ordering::Relaxed);
            stats
                .appends
                .fetch_add((batch.len() - fenced.len()) as u64, Ordering::Relaxed);
            for (i, job) in batch.drain(..).enumerate() {
                let _ = job.reply.send(if fenced.contains(&i) {
                    Err(StoreError::Fenced)
                } else {
                    Ok(())
                });
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
                let result = match writer.write(std::slice::from_ref(&job)).await {
                    Ok(fenced) if fenced.is_empty() => Ok(()),
                    Ok(_) => Err(StoreError::Fenced),
                    Err(e) => Err(e),
                };
                let _ = job.reply.send(result);
            }
        }
    }
}

/// Writes a batch in one transaction; returns the jobs (by index) that were
/// not written because their room was taken over (cluster mode).
async fn write_batch(conn: &mut AnyConnection, batch: &[Append]) -> StoreResult<Vec<usize>> {
    match lone_insert(batch) {
        // One statement is its own transaction: committed (and fsynced)
        // when it returns, in one round trip instead of three (begin,
        // insert, commit), or four with the owners' lock in cluster mode.
        Some(Lone::Plain(rows)) => {
            insert_batches(conn, &rows).await?;
            return Ok(Vec::new());
        }
        Some(Lone::Fenced(rows)) => return fenced_insert(conn, batch, &rows).await,
        None => {}
    }
    let mut tx = conn.begin().await?;
    let fenced = hold_owners(&mut tx, batch).await?;
    let written = || {
        batch
            .iter()
            .enumerate()
            .filter(|(i, _)| !fenced.contains(i))
            .map(|(_, job)| job)
    };
    let rows: Vec<BatchRow> = written().filter_map(Append::row).collect();
    insert_batches(&mut tx, &rows).await?;
    for job in written() {
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
    Ok(fenced)
}

/// A batch that is log rows only, written by one statement.
enum Lone {
    /// Single mode: a multi-row insert.
    Plain(Vec<BatchRow>),
    /// Cluster mode: the insert with the owners' lock ([`fenced_insert`]).
    Fenced(Vec<BatchRow>),
}

/// The batch's rows, when one statement is all it writes: no deadline or
/// end of match, every room fenced or none, and few enough rows.
fn lone_insert(batch: &[Append]) -> Option<Lone> {
    let rows_only = batch
        .iter()
        .all(|job| job.deadline.is_none() && job.finish.is_none());
    if !rows_only || batch.len() > ROWS_PER_INSERT {
        return None;
    }
    let rows = batch.iter().filter_map(Append::row).collect();
    if batch.iter().all(|job| job.fence.is_none()) {
        Some(Lone::Plain(rows))
    } else if batch.iter().all(|job| job.fence.is_some()) {
        Some(Lone::Fenced(rows))
    } else {
        None
    }
}

/// Cluster mode, one statement: locks the owner row of every room in the
/// batch at the epoch it holds (`FOR UPDATE` in a `WITH`, held until the
/// statement commits, so a claim waits and then replays it) and inserts the
/// rows of the rooms still held. Returns the jobs whose room was taken
/// over. Postgres only, as cluster mode is.
async fn fenced_insert(
    conn: &mut AnyConnection,
    batch: &[Append],
    rows: &[BatchRow],
) -> StoreResult<Vec<usize>> {
    const COLUMNS: usize = 10;
    let fences: Vec<(usize, &Fence)> = batch
        .iter()
        .enumerate()
        .filter_map(|(i, job)| job.fence.as_ref().map(|f| (i, f)))
        .collect();
    let mut sql = String::from(
        "with held as (select room_code, epoch from room_owner where (room_code, epoch) in (",
    );
    push_tuples(&mut sql, fences.len(), 2, 0);
    sql.push_str(") for update)");
    if !rows.is_empty() {
        sql.push_str(
            ", written as (insert into step_batch (match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch) \
             select v.match_id, v.seq, v.steps, v.seat, v.step, v.created_at, v.by_timer, v.by_stand_in, v.epoch from (values ",
        );
        push_tuples(&mut sql, rows.len(), COLUMNS, 2 * fences.len());
        sql.push_str(
            ") as v (room_code, match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch) \
             join held on held.room_code = v.room_code and held.epoch = v.epoch returning 1)",
        );
    }
    sql.push_str(" select room_code, epoch from held");
    let mut q = sqlx::query(&sql);
    for (_, f) in &fences {
        q = q.bind(&f.code.0).bind(f.epoch);
    }
    let now = now_ms();
    let codes = batch
        .iter()
        .filter(|job| !job.steps.is_empty())
        .map(|job| job.fence.as_ref().map(|f| f.code.0.as_str()));
    for (r, code) in rows.iter().zip(codes) {
        q = r.bind(q.bind(code.unwrap_or_default()), now);
    }
    let mut held = Vec::new();
    for row in q.fetch_all(&mut *conn).await? {
        let code: String = sqlx::Row::try_get(&row, 0)?;
        let epoch: i64 = sqlx::Row::try_get(&row, 1)?;
        held.push((code, epoch));
    }
    Ok(not_held(fences, &held))
}

/// The jobs (by index) whose fence is not among the `held` owner rows; their
/// rooms are told (`Fence::lose`).
fn not_held(fences: Vec<(usize, &Fence)>, held: &[(String, i64)]) -> Vec<usize> {
    let mut fenced = Vec::new();
    for (i, f) in fences {
        if !held.iter().any(|(c, e)| *c == f.code.0 && *e == f.epoch) {
            f.lose();
            fenced.push(i);
        }
    }
    fenced
}

/// One stored row of the log: the steps one append wrote (an action and
/// the chance it set off), as a JSON array.
pub(super) struct BatchRow {
    match_id: String,
    seq: i64,
    steps: i64,
    seat: Option<i64>,
    json: String,
    by_timer: i64,
    by_stand_in: i64,
    epoch: Option<i64>,
}

impl BatchRow {
    /// The row for `steps` (in order, consecutive); `None` for no steps.
    pub(super) fn new(
        match_id: MatchId,
        epoch: Option<i64>,
        steps: &[NewStep],
    ) -> Option<BatchRow> {
        let first = steps.first()?;
        let mut json =
            String::with_capacity(steps.iter().map(|s| s.json.len() + 1).sum::<usize>() + 1);
        json.push('[');
        for (i, s) in steps.iter().enumerate() {
            if i > 0 {
                json.push(',');
            }
            json.push_str(&s.json);
        }
        json.push(']');
        Some(BatchRow {
            match_id: match_id.to_string(),
            seq: to_i64(first.seq),
            steps: i64::try_from(steps.len()).unwrap_or(i64::MAX),
            seat: first.seat.map(|seat| i64::from(seat.0)),
            json,
            by_timer: i64::from(first.by_timer),
            by_stand_in: i64::from(first.by_stand_in),
            epoch,
        })
    }
}

impl BatchRow {
    /// Binds the row's nine columns, in `step_batch`'s order, written `now`.
    fn bind<'q>(
        &'q self,
        q: sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>>,
        now: i64,
    ) -> sqlx::query::Query<'q, sqlx::Any, sqlx::any::AnyArguments<'q>> {
        q.bind(&self.match_id)
            .bind(self.seq)
            .bind(self.steps)
            .bind(self.seat)
            .bind(&self.json)
            .bind(now)
            .bind(self.by_timer)
            .bind(self.by_stand_in)
            .bind(self.epoch)
    }
}

/// Appends `rows` tuples of `columns` numbered placeholders to `sql`, the
/// first numbered `after + 1`: `($1, $2), ($3, $4)`.
fn push_tuples(sql: &mut String, rows: usize, columns: usize, after: usize) {
    use std::fmt::Write as _;
    for i in 0..rows {
        sql.push_str(if i > 0 { ", (" } else { "(" });
        for k in 1..=columns {
            if k > 1 {
                sql.push_str(", ");
            }
            let _ = write!(sql, "${}", after + i * columns + k);
        }
        sql.push(')');
    }
}

/// Inserts log rows, [`ROWS_PER_INSERT`] to a statement.
pub(super) async fn insert_batches(conn: &mut AnyConnection, rows: &[BatchRow]) -> StoreResult<()> {
    const COLUMNS: usize = 9;
    let now = now_ms();
    for chunk in rows.chunks(ROWS_PER_INSERT) {
        let mut sql = String::from(
            "insert into step_batch (match_id, seq, steps, seat, step, created_at, by_timer, by_stand_in, epoch) values ",
        );
        push_tuples(&mut sql, chunk.len(), COLUMNS, 0);
        let mut q = sqlx::query(&sql);
        for r in chunk {
            q = r.bind(q, now);
        }
        q.execute(&mut *conn).await?;
    }
    Ok(())
}

/// Cluster mode: locks, in one statement, the owner row of every room in
/// the batch at the epoch it holds (held until the commit, so a claim
/// waits for this batch and then replays it). Returns the jobs whose room
/// was taken over; their rooms are told (`Fence::lose`).
async fn hold_owners(
    tx: &mut sqlx::Transaction<'_, sqlx::Any>,
    batch: &[Append],
) -> StoreResult<Vec<usize>> {
    let fences: Vec<(usize, &Fence)> = batch
        .iter()
        .enumerate()
        .filter_map(|(i, job)| job.fence.as_ref().map(|f| (i, f)))
        .collect();
    if fences.is_empty() {
        return Ok(Vec::new());
    }
    let mut held = Vec::new();
    for chunk in fences.chunks(ROWS_PER_INSERT) {
        let mut sql =
            String::from("select room_code, epoch from room_owner where (room_code, epoch) in (");
        push_tuples(&mut sql, chunk.len(), 2, 0);
        sql.push_str(") for update");
        let mut q = sqlx::query(&sql);
        for (_, f) in chunk {
            q = q.bind(&f.code.0).bind(f.epoch);
        }
        for row in q.fetch_all(&mut **tx).await? {
            let code: String = sqlx::Row::try_get(&row, 0)?;
            let epoch: i64 = sqlx::Row::try_get(&row, 1)?;
            held.push((code, epoch));
        }
    }
    Ok(not_held(fences, &held))
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
