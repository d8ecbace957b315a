//! What the database holds, and sweeping what is past keeping: the admin
//! page's counts, when rooms were created, and the retention sweep.
//!
//! In a cluster every server runs the sweep, but only one at a time: a
//! sweep's turn is a Postgres transaction holding a transaction-scoped
//! advisory lock (`pg_try_advisory_xact_lock`), opened before the sweep and
//! ended after it; a server that does not get the lock skips that round.
//! Each room's deletes still commit in a transaction of their own, so no
//! claim of a room waits for a whole sweep. A turn whose connection is lost
//! ends with it. SQLite (one server per file) needs no turn.

use parlor_protocol::admin::{StoredCounts, Swept};
use parlor_protocol::RoomCode;
use sqlx::Row;

use super::{Store, StoreError, StoreResult};

/// The retention sweep's advisory lock key ("sweep" in ASCII, as a bigint;
/// the serving lock's is "Parlor").
pub const SWEEP_LOCK: i64 = 0x73_7765_6570;

/// The retention sweep's turn: while it is held, no other server sweeps.
/// In Postgres, the transaction that holds the sweep's advisory lock;
/// dropping it (or [`SweepTurn::end`]) ends the transaction and the lock.
#[derive(Debug)]
pub struct SweepTurn {
    tx: Option<sqlx::Transaction<'static, sqlx::Any>>,
}

impl SweepTurn {
    /// Ends the turn: the lock goes with its transaction.
    pub async fn end(self) -> StoreResult<()> {
        if let Some(tx) = self.tx {
            tx.rollback().await?;
        }
        Ok(())
    }
}

impl Store {
    /// The retention sweep's turn, or `None` while another server (or
    /// store) holds it: that one sweeps this round. Always given on SQLite.
    pub async fn sweep_turn(&self) -> StoreResult<Option<SweepTurn>> {
        let postgres = self
            .pool
            .connect_options()
            .database_url
            .scheme()
            .starts_with("postgres");
        if !postgres {
            return Ok(Some(SweepTurn { tx: None }));
        }
        let mut tx = self.pool.begin().await?;
        let row = sqlx::query("select pg_try_advisory_xact_lock($1)")
            .bind(SWEEP_LOCK)
            .fetch_one(&mut *tx)
            .await?;
        if !row.try_get::<bool, _>(0)? {
            tx.rollback().await?;
            return Ok(None);
        }
        Ok(Some(SweepTurn { tx: Some(tx) }))
    }

    /// [`Store::sweep`] in the sweep's turn ([`Store::sweep_turn`]): `None`
    /// (nothing done) when another server is sweeping now.
    pub async fn sweep_alone(
        &self,
        lobby_before: Option<i64>,
        finished_before: Option<i64>,
        keep: &[RoomCode],
    ) -> StoreResult<Option<Swept>> {
        let Some(turn) = self.sweep_turn().await? else {
            return Ok(None);
        };
        let swept = self.sweep(lobby_before, finished_before, keep).await;
        turn.end().await?;
        swept.map(Some)
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
            steps: count("select cast(coalesce(sum(steps), 0) as bigint) from step_batch").await?,
        })
    }

    /// Deletes lobbies never started and untouched since `lobby_before`
    /// (ms), and finished matches older than `finished_before` (with their
    /// room once it holds no other match), except the rooms in `keep`
    /// (live in memory). Returns what went. Not in a turn: the server's
    /// sweep goes through [`Store::sweep_alone`].
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
                 and not exists (select 1 from seat s where s.room_code = r.room_code and s.joined_at >= $1) \
                 and not exists (select 1 from room_owner o join node n on n.node_id = o.node_id \
                   and n.incarnation = o.incarnation and n.state in ('alive', 'draining') \
                   where o.room_code = r.room_code)",
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
                    "delete from seat_link where room_code = $1",
                    "delete from seat where room_code = $1",
                    "delete from chat_line where room_code = $1",
                ] {
                    sqlx::query(sql).bind(&code).execute(&mut *tx).await?;
                }
                // Its owner row goes only with the room: a room that lives on
                // keeps its epoch (a fresh row would restart the count).
                for sql in [
                    "delete from ownership_log where room_code = $1 and exists \
                     (select 1 from room where room_code = $1 and status = 'lobby')",
                    "delete from room_owner where room_code = $1 and exists \
                     (select 1 from room where room_code = $1 and status = 'lobby')",
                    "delete from room where room_code = $1 and status = 'lobby'",
                ] {
                    sqlx::query(sql).bind(&code).execute(&mut *tx).await?;
                }
                tx.commit().await?;
                swept.lobbies += 1;
            }
        }
        if let Some(cutoff) = finished_before {
            let rows = sqlx::query(
                "select m.match_id, m.room_code from game_match m where m.status = 'finished' and m.finished_at < $1 \
                 and not exists (select 1 from room_owner o join node n on n.node_id = o.node_id \
                   and n.incarnation = o.incarnation and n.state in ('alive', 'draining') \
                   where o.room_code = m.room_code)",
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
                    "delete from step_batch where match_id = $1",
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
                        "delete from seat_link where room_code = $1",
                        "delete from seat where room_code = $1",
                        "delete from chat_line where room_code = $1",
                        "delete from room_owner where room_code = $1",
                        "delete from ownership_log where room_code = $1",
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
}
