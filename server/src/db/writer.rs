//! The group-commit writer: one task takes every room's step appends,
//! writes whatever is waiting in one transaction, and releases each room
//! once it has committed, so rooms share each commit's cost (the fsync)
//! instead of queueing for one each.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Arc;

use parlor_protocol::{MatchId, RoomCode};
use sqlx::AnyPool;
use tokio::sync::{mpsc, oneshot};

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
    reply: oneshot::Sender<StoreResult<()>>,
}

/// Most appends gathered into one transaction.
const MAX_BATCH: usize = 512;

/// Rows per multi-row insert: well under SQLite's 32,766 bound parameters.
const ROWS_PER_INSERT: usize = 200;

/// Starts the writer on `pool`: where rooms hand it their appends, and
/// what it has done.
pub(super) fn spawn(pool: AnyPool) -> (mpsc::Sender<Append>, Arc<WriteCounters>) {
    let (writer, jobs) = mpsc::channel(4 * MAX_BATCH);
    let stats = Arc::new(WriteCounters::default());
    tokio::spawn(write_appends(pool, jobs, stats.clone()));
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
}

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
            "insert into match_step (match_id, seq, seat, step, created_at, by_timer, by_stand_in) values ",
        );
        for i in 0..chunk.len() {
            let b = i * 7;
            if i > 0 {
                sql.push_str(", ");
            }
            sql.push_str(&format!(
                "(${}, ${}, ${}, ${}, ${}, ${}, ${})",
                b + 1,
                b + 2,
                b + 3,
                b + 4,
                b + 5,
                b + 6,
                b + 7
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
                .bind(i64::from(s.by_timer))
                .bind(i64::from(s.by_stand_in));
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
