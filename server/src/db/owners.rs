//! Cluster mode's ownership, in Postgres: which process may commit for a
//! room right now.
//!
//! - A row per server process (`node`, kept by `nodes.rs`), renewed about
//!   once a second; its expiry is read off the database's clock, never a
//!   server's. An expired
//!   node is only *reapable*: another node marks it dead, in a statement
//!   that conflicts on the row with its renewal, so one of the two wins.
//! - A row per room (`room_owner`) whose `epoch` grows by one on every
//!   claim. It is the fencing token: every transaction that writes a
//!   room's state first locks that row at the epoch its writer holds
//!   ([`Store::room_tx`], and the group-commit writer for all its rooms in
//!   one statement). Zero rows means the room was taken over: nothing is
//!   written, and so nothing is acknowledged. A claim waits for a write
//!   holding the row, then replays a log that contains it.
//!
//! Renewals are per node, never per room: they do not grow with the rooms.
//!
//! Each node's row lists the rules it runs (`slug@version` per game), and a
//! room whose match is in play is claimed only by a node whose row lists
//! that match's rules: checked in the claim's statement, after the room's
//! row is locked, so neither a stale view nor a race lets a node replay a
//! match under other rules (see `docs/scaling.md`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use parlor_games::rules::Rules;
use parlor_protocol::{GameOptions, MatchId, RoomCode, TurnTimer};
use sqlx::Row;

use super::nodes::{Node, DB_NOW};
use super::{game_of, parse, seat_row, SeatRow, Store, StoreError, StoreResult};

/// A room let go of by its server whose deadline is further away than this
/// (milliseconds) is left to the wake loop, which opens rooms 40 s before
/// their deadline, rather than to the orphan sweep.
pub const LEFT_TO_WAKE_MS: i64 = 60_000;

/// SQL: does node row `n` list the rules match row `m` was started under?
/// Whole entries only (`,zoomies@2,` inside `,doozy-dice@1,zoomies@2,`),
/// as [`parlor_games::rules::list_runs`] reads a list.
fn runs_rules(n: &str, m: &str) -> String {
    format!(
        "position(',' || {m}.game || '@' || {m}.rules_version || ',' in ',' || {n}.rules || ',') > 0"
    )
}

/// SQL: room `room`'s match in play, if any, needs rules node row `n` does
/// not list.
fn needs_other_rules(n: &str, room: &str) -> String {
    format!(
        "exists (select 1 from game_match m where m.room_code = {room} \
         and m.status = 'playing' and not ({}))",
        runs_rules(n, "m")
    )
}

/// What a claim found.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Claim {
    /// This node owns the room now, at this epoch.
    Owned(i64),
    /// A live node owns it.
    OwnedBy {
        /// That node.
        node_id: String,
        /// Where it is reached.
        addr: String,
    },
    /// No live node owns it, but its match in play was started under
    /// rules this node does not run: it is not claimed here.
    OtherRules {
        /// The rules the match needs.
        needs: Rules,
        /// A live node (alive, not draining) that runs them, if any: its id
        /// and address.
        runner: Option<(String, String)>,
    },
}

/// A room's current owner as stored (for relaying and for the admin page).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Owner {
    /// The room's epoch.
    pub epoch: i64,
    /// The owning node, if any.
    pub node_id: Option<String>,
    /// Its address, if it is alive or draining.
    pub addr: Option<String>,
}

/// A room a server owns, as stored, for the admin page (cluster mode):
/// whichever server serves it.
#[derive(Debug, Clone)]
pub struct OwnedRoom {
    /// The room.
    pub code: RoomCode,
    /// The owning node's id.
    pub node_id: String,
    /// The owning node's run.
    pub incarnation: i64,
    /// That run is alive or draining, its lease unexpired (on the
    /// database's clock).
    pub alive: bool,
    /// That run is draining.
    pub draining: bool,
    /// When the room was created (Unix ms).
    pub created_at: i64,
    /// Its options.
    pub options: GameOptions,
    /// `lobby`, `playing` or `finished`.
    pub status: String,
    /// Its turn timer.
    pub turn_timer: TurnTimer,
    /// Locked to new players.
    pub locked: bool,
    /// Seats the host closed.
    pub closed_seats: u8,
    /// Its seats, in order.
    pub seats: Vec<SeatRow>,
    /// Its latest match, if one was started.
    pub match_id: Option<MatchId>,
}

/// The epoch a room's writes carry, and whether a write found it taken
/// over (the room then stops: see `Room::run`).
#[derive(Debug, Clone)]
pub(super) struct Fence {
    pub(super) code: RoomCode,
    pub(super) epoch: i64,
    pub(super) lost: Arc<AtomicBool>,
}

impl Fence {
    pub(super) fn lose(&self) {
        if !self.lost.swap(true, Ordering::Relaxed) {
            metrics::counter!("parlor_fenced_writes_total").increment(1);
            tracing::warn!(room = %self.code, epoch = self.epoch, "the room was taken over by another node; nothing was written");
        }
    }
}

impl Store {
    /// This store's handle for one room owned at `epoch`: every write of
    /// the room's state through it is fenced by that epoch.
    pub fn fenced(&self, code: &RoomCode, epoch: i64) -> Store {
        let mut store = self.clone();
        store.fence = Some(Fence {
            code: code.clone(),
            epoch,
            lost: Arc::new(AtomicBool::new(false)),
        });
        store
    }

    /// The epoch this handle's writes carry (cluster mode).
    pub fn epoch(&self) -> Option<i64> {
        self.fence.as_ref().map(|f| f.epoch)
    }

    /// Whether a write through this handle found the room taken over.
    pub fn fence_lost(&self) -> bool {
        self.fence
            .as_ref()
            .is_some_and(|f| f.lost.load(Ordering::Relaxed))
    }

    /// A transaction for a write of a room's state: in cluster mode its
    /// first statement locks the room's owner row at this handle's epoch,
    /// and finding it at another epoch fails with [`StoreError::Fenced`].
    pub(super) async fn room_tx(
        &self,
        code: &RoomCode,
    ) -> StoreResult<sqlx::Transaction<'static, sqlx::Any>> {
        let mut tx = self.pool.begin().await?;
        if let Some(f) = &self.fence {
            debug_assert_eq!(&f.code, code, "a room's store writes only that room");
            let held = sqlx::query(
                "select 1 from room_owner where room_code = $1 and epoch = $2 for update",
            )
            .bind(&f.code.0)
            .bind(f.epoch)
            .fetch_optional(&mut *tx)
            .await?;
            if held.is_none() {
                f.lose();
                return Err(StoreError::Fenced);
            }
        }
        Ok(tx)
    }

    /// Claims a room for `node` unless a live node owns it: the epoch grows
    /// by one and the claim is logged with `reason`. A room this run of the
    /// node owns already is claimed again (a new epoch fences any earlier
    /// handle). [`StoreError::NotFound`] when no such room exists.
    ///
    /// A room whose match is in play is claimed only if `node`'s row lists
    /// that match's rules ([`Claim::OtherRules`] otherwise, naming a live
    /// node that runs them). The room's row is locked first, so the check
    /// reads every match committed before the claim, a match started by a
    /// write that was in flight included.
    pub async fn claim_room(
        &self,
        code: &RoomCode,
        node: &Node,
        reason: &str,
    ) -> StoreResult<Claim> {
        let mut tx = self.pool.begin().await?;
        sqlx::query(
            "insert into room_owner (room_code, epoch) select room_code, 0 from room \
             where room_code = $1 on conflict (room_code) do nothing",
        )
        .bind(&code.0)
        .execute(&mut *tx)
        .await?;
        // Waits for a write holding the row (a match being started, say);
        // the next statement's snapshot is taken after it committed.
        sqlx::query("select 1 from room_owner where room_code = $1 for update")
            .bind(&code.0)
            .fetch_optional(&mut *tx)
            .await?;
        let other_rules = needs_other_rules("me", "o.room_code");
        let sql = format!(
            "update room_owner o set epoch = o.epoch + 1, node_id = $2, incarnation = $3, \
             claimed_at = {DB_NOW} \
             where o.room_code = $1 \
             and exists (select 1 from node me where me.node_id = $2 and me.incarnation = $3 \
               and me.state = 'alive' and not {other_rules}) \
             and (o.node_id is null \
               or (o.node_id = $2 and o.incarnation = $3) \
               or not exists (select 1 from node n where n.node_id = o.node_id \
                 and n.incarnation = o.incarnation and n.state in ('alive', 'draining'))) \
             returning o.epoch"
        );
        let claimed = sqlx::query(&sql)
            .bind(&code.0)
            .bind(&node.id)
            .bind(node.incarnation)
            .fetch_optional(&mut *tx)
            .await?;
        let Some(row) = claimed else {
            let owner = owner_of(&mut tx, code).await?;
            let other = match owner {
                Some(Owner { addr: None, .. }) => other_rules_of(&mut tx, code, node).await?,
                _ => None,
            };
            tx.rollback().await?;
            return match (owner, other) {
                (None, _) => Err(StoreError::NotFound),
                (
                    Some(Owner {
                        node_id: Some(node_id),
                        addr: Some(addr),
                        ..
                    }),
                    _,
                ) => Ok(Claim::OwnedBy { node_id, addr }),
                (Some(_), Some(other)) => Ok(other),
                // Released or reaped between the two statements, or this
                // node is not alive (it lost its lease, or is draining).
                (Some(_), None) => Err(StoreError::Conflict(
                    "the room could not be claimed now".into(),
                )),
            };
        };
        let epoch: i64 = row.try_get(0)?;
        let log = format!(
            "insert into ownership_log (room_code, epoch, node_id, incarnation, reason, at) \
             values ($1, $2, $3, $4, $5, {DB_NOW})"
        );
        sqlx::query(&log)
            .bind(&code.0)
            .bind(epoch)
            .bind(&node.id)
            .bind(node.incarnation)
            .bind(reason)
            .execute(&mut *tx)
            .await?;
        tx.commit().await?;
        metrics::counter!("parlor_claims_total", "reason" => reason.to_owned()).increment(1);
        Ok(Claim::Owned(epoch))
    }

    /// Hands a room back (drain, idle unload): unowned, it is claimed by
    /// the next node asked for it. `false` if the epoch had moved on.
    pub async fn release_room(&self, code: &RoomCode, epoch: i64) -> StoreResult<bool> {
        let done = sqlx::query(
            "update room_owner set node_id = null, incarnation = null \
             where room_code = $1 and epoch = $2",
        )
        .bind(&code.0)
        .bind(epoch)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// A room's owner as stored; `None` when the room was never claimed.
    pub async fn room_owner(&self, code: &RoomCode) -> StoreResult<Option<Owner>> {
        let mut conn = self.pool.acquire().await?;
        owner_of(&mut conn, code).await
    }

    /// Rooms in play that no live node owns and `node` may claim (its row
    /// lists the rules of their match): those no socket may come for (bot
    /// seats, running turn timers) are claimed by a node's sweeper. A room
    /// its server let go of (idle, or drained) whose deadline is more than
    /// [`LEFT_TO_WAKE_MS`] away is not among them: a table at its own pace
    /// waits days for its next move, and the wake loop opens it shortly
    /// before its deadline ([`crate::wake`]). At most `limit`, those with
    /// the soonest deadline first.
    pub async fn orphaned_rooms(&self, node: &Node, limit: u32) -> StoreResult<Vec<RoomCode>> {
        let sql = format!(
            "select r.room_code from room r \
             join node me on me.node_id = $2 and me.incarnation = $3 \
             left join room_owner o on o.room_code = r.room_code \
             left join game_match m on m.room_code = r.room_code and m.status = 'playing' \
             where r.status = 'playing' and r.broken is null and r.closed is null \
             and (o.node_id is null or not exists (select 1 from node n \
               where n.node_id = o.node_id and n.incarnation = o.incarnation \
               and n.state in ('alive', 'draining'))) \
             and not (o.node_id is null and m.deadline_at is not null \
               and m.deadline_at > {DB_NOW} + {LEFT_TO_WAKE_MS}) \
             and (m.match_id is null or {}) \
             order by m.deadline_at is null, m.deadline_at, r.created_at limit $1",
            runs_rules("me", "m")
        );
        let rows = sqlx::query(&sql)
            .bind(i64::from(limit))
            .bind(&node.id)
            .bind(node.incarnation)
            .fetch_all(&self.pool)
            .await?;
        rows.iter().map(|r| Ok(RoomCode(r.try_get(0)?))).collect()
    }

    /// Every room some server owns now, whichever it is, for the admin
    /// page, newest first: those of live (or draining) servers, and those
    /// in play whose server's lease ran out (they wait for another to take
    /// them over). Closed and broken rooms are left out.
    pub async fn owned_rooms(&self) -> StoreResult<Vec<OwnedRoom>> {
        let sql = format!(
            "select o.room_code, o.node_id, o.incarnation, r.created_at, r.options, r.status, \
             r.turn_timer, r.locked, r.closed_seats, n.state, \
             (n.state in ('alive', 'draining') and n.expires_at >= {DB_NOW}) as alive \
             from room_owner o join room r on r.room_code = o.room_code \
             left join node n on n.node_id = o.node_id and n.incarnation = o.incarnation \
             where o.node_id is not null and r.closed is null and r.broken is null \
             and (n.state in ('alive', 'draining') or r.status = 'playing') \
             order by r.created_at desc, r.room_code"
        );
        let rows = sqlx::query(&sql).fetch_all(&self.pool).await?;
        let mut rooms = Vec::with_capacity(rows.len());
        for r in &rows {
            let timer: String = r.try_get("turn_timer")?;
            rooms.push(OwnedRoom {
                code: RoomCode(r.try_get("room_code")?),
                node_id: r.try_get("node_id")?,
                incarnation: r.try_get("incarnation")?,
                alive: r.try_get::<Option<bool>, _>("alive")?.unwrap_or(false),
                draining: r.try_get::<Option<String>, _>("state")?.as_deref() == Some("draining"),
                created_at: r.try_get("created_at")?,
                options: parse(&r.try_get::<String, _>("options")?)?,
                status: r.try_get("status")?,
                turn_timer: serde_json::from_value(serde_json::Value::String(timer))
                    .map_err(|e| StoreError::Corrupt(format!("turn timer: {e}")))?,
                locked: r.try_get::<i64, _>("locked")? != 0,
                closed_seats: u8::try_from(r.try_get::<i64, _>("closed_seats")?).unwrap_or(0),
                seats: Vec::new(),
                match_id: None,
            });
        }
        let at: HashMap<String, usize> = rooms
            .iter()
            .enumerate()
            .map(|(i, r)| (r.code.0.clone(), i))
            .collect();
        let codes: Vec<String> = rooms.iter().map(|r| r.code.0.clone()).collect();
        for chunk in codes.chunks(500) {
            let marks: Vec<String> = (1..=chunk.len()).map(|i| format!("${i}")).collect();
            let marks = marks.join(", ");
            let seats = format!(
                "select room_code, seat, name, token_sha256, bot, stand_in from seat \
                 where room_code in ({marks}) order by room_code, seat"
            );
            let matches = format!(
                "select room_code, match_id from game_match where room_code in ({marks}) \
                 order by started_at, match_id"
            );
            let (mut seats, mut matches) = (sqlx::query(&seats), sqlx::query(&matches));
            for c in chunk {
                seats = seats.bind(c);
                matches = matches.bind(c);
            }
            for r in seats.fetch_all(&self.pool).await? {
                let code: String = r.try_get("room_code")?;
                let seat = seat_row(&r)?;
                if let Some(&i) = at.get(&code) {
                    rooms[i].seats.push(seat);
                }
            }
            // The latest match comes last.
            for r in matches.fetch_all(&self.pool).await? {
                let code: String = r.try_get("room_code")?;
                let id: String = r.try_get("match_id")?;
                let id = id
                    .parse()
                    .map_err(|_| StoreError::Corrupt(format!("match id {id}")))?;
                if let Some(&i) = at.get(&code) {
                    rooms[i].match_id = Some(MatchId(id));
                }
            }
        }
        Ok(rooms)
    }

    /// The rooms this run of `node` owns (its drain hands them back).
    pub async fn rooms_owned(&self, node: &Node) -> StoreResult<Vec<(RoomCode, i64)>> {
        let rows = sqlx::query(
            "select room_code, epoch from room_owner where node_id = $1 and incarnation = $2",
        )
        .bind(&node.id)
        .bind(node.incarnation)
        .fetch_all(&self.pool)
        .await?;
        rows.iter()
            .map(|r| Ok((RoomCode(r.try_get(0)?), r.try_get(1)?)))
            .collect()
    }
}

/// A claim refused for its rules: the rules `node`'s row lacks for `code`'s
/// match in play, and a live node that runs them; `None` when its row runs
/// them (or no match is in play).
async fn other_rules_of(
    conn: &mut sqlx::AnyConnection,
    code: &RoomCode,
    node: &Node,
) -> StoreResult<Option<Claim>> {
    let sql = format!(
        "select m.game, m.rules_version from game_match m \
         join node me on me.node_id = $2 and me.incarnation = $3 \
         where m.room_code = $1 and m.status = 'playing' and not ({})",
        runs_rules("me", "m")
    );
    let Some(needed) = sqlx::query(&sql)
        .bind(&code.0)
        .bind(&node.id)
        .bind(node.incarnation)
        .fetch_optional(&mut *conn)
        .await?
    else {
        return Ok(None);
    };
    let version: i64 = needed.try_get(1)?;
    let needs = Rules {
        kind: game_of(&needed.try_get::<String, _>(0)?)?,
        version: u32::try_from(version)
            .map_err(|_| StoreError::Corrupt(format!("rules version {version}")))?,
    };
    // Any of them: rooms waiting for these rules spread over their nodes.
    let sql = format!(
        "select n.node_id, n.addr from node n \
         join game_match m on m.room_code = $1 and m.status = 'playing' \
         where n.state = 'alive' and n.expires_at > {DB_NOW} and {} \
         order by random() limit 1",
        runs_rules("n", "m")
    );
    let runner = sqlx::query(&sql)
        .bind(&code.0)
        .fetch_optional(&mut *conn)
        .await?
        .map(|r| Ok::<_, StoreError>((r.try_get(0)?, r.try_get(1)?)))
        .transpose()?;
    Ok(Some(Claim::OtherRules { needs, runner }))
}

async fn owner_of(conn: &mut sqlx::AnyConnection, code: &RoomCode) -> StoreResult<Option<Owner>> {
    let row = sqlx::query(
        "select o.epoch, o.node_id, n.addr from room_owner o \
         left join node n on n.node_id = o.node_id and n.incarnation = o.incarnation \
           and n.state in ('alive', 'draining') \
         where o.room_code = $1",
    )
    .bind(&code.0)
    .fetch_optional(&mut *conn)
    .await?;
    row.map(|r| {
        Ok(Owner {
            epoch: r.try_get(0)?,
            node_id: r.try_get(1)?,
            addr: r.try_get(2)?,
        })
    })
    .transpose()
}
