//! Cluster mode's membership, in Postgres: a row per server process
//! (`node`), renewed about once a second, its expiry read off the
//! database's clock; an expired node is only reapable (`owners.rs` says
//! what its rooms then become).

use std::sync::atomic::{AtomicBool, AtomicI64, Ordering};
use std::sync::RwLock;
use std::time::Duration;

use parlor_games::rules::running_list;
use sqlx::Row;

use super::{Store, StoreError, StoreResult};

/// The database's clock in milliseconds since the Unix epoch: every
/// expiry is compared with it, so servers' clocks never matter.
pub(super) const DB_NOW: &str = "(extract(epoch from clock_timestamp()) * 1000)::bigint";

/// Milliseconds, saturating.
fn ms(d: Duration) -> i64 {
    i64::try_from(d.as_millis()).unwrap_or(i64::MAX)
}

/// One run of one server process in the cluster.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Node {
    /// `PARLOR_NODE_ID`: unique among the cluster's processes.
    pub id: String,
    /// New on every start: what an earlier run of the same node owned is
    /// an orphan.
    pub incarnation: i64,
    /// `PARLOR_INTERNAL_ADDR`: where the other nodes reach it.
    pub addr: String,
    /// The rules it runs, `slug@version` per game, comma-separated
    /// ([`running_list`]): recorded in its row, where claims read it.
    pub rules: String,
}

impl Node {
    /// This run of node `id` at `addr`, with a fresh incarnation, running
    /// this build's rules.
    pub fn new(id: impl Into<String>, addr: impl Into<String>) -> Node {
        // Positive and random: unique per start without asking anyone.
        let incarnation = i64::from_ne_bytes(rand::random::<[u8; 8]>()) & i64::MAX;
        Node {
            id: id.into(),
            incarnation,
            addr: addr.into(),
            rules: running_list(),
        }
    }

    /// The same node listing other rules (tests: a server of another build).
    pub fn with_rules(mut self, rules: impl Into<String>) -> Node {
        self.rules = rules.into();
        self
    }
}

/// This server's place in the cluster: its current run (a new one after
/// it lost its lease and joined again), whether its lease holds, and how
/// far the database's clock is from this process's.
#[derive(Debug)]
pub struct Membership {
    node: RwLock<Node>,
    leased: AtomicBool,
    /// The database's clock minus this process's (ms), as last measured.
    offset_ms: AtomicI64,
    /// Tests: how far this process's clock is made to be off (ms).
    skew_ms: AtomicI64,
    /// How long a lease lasts.
    pub ttl: Duration,
}

/// The database's clock minus this process's (ms), from one round trip:
/// this process read `sent` just before asking, the database answered
/// `db`, and this process read `received` on the answer. The database's
/// reading is taken to be halfway through the round trip, so the error is
/// at most half of it.
pub fn clock_offset(sent: i64, db: i64, received: i64) -> i64 {
    let halfway = sent + (received - sent) / 2;
    db - halfway
}

impl Membership {
    /// A member running as `node`, its lease not yet taken.
    pub fn new(node: Node, ttl: Duration) -> Membership {
        Membership {
            node: RwLock::new(node),
            leased: AtomicBool::new(false),
            offset_ms: AtomicI64::new(0),
            skew_ms: AtomicI64::new(0),
            ttl,
        }
    }

    /// Now on the cluster's clock, the database's (ms since the Unix
    /// epoch): this process's clock plus the offset measured at the last
    /// registration or renewal. Deadlines one server stores and another
    /// reads after a move are on this clock, so the servers' own clocks
    /// need not agree.
    pub fn now_ms(&self) -> i64 {
        self.local_ms() + self.offset_ms.load(Ordering::Relaxed)
    }

    /// This process's clock (ms since the Unix epoch).
    pub fn local_ms(&self) -> i64 {
        super::now_ms() + self.skew_ms.load(Ordering::Relaxed)
    }

    /// The database's clock minus this process's (ms), as last measured.
    pub fn clock_offset_ms(&self) -> i64 {
        self.offset_ms.load(Ordering::Relaxed)
    }

    /// Records a reading of the database's clock (see [`clock_offset`]).
    pub fn record_clock(&self, sent: i64, db: i64, received: i64) {
        let offset = clock_offset(sent, db, received);
        self.offset_ms.store(offset, Ordering::Relaxed);
        metrics::gauge!("parlor_clock_offset_ms").set(offset as f64);
    }

    /// Tests: makes this process's clock `ms` off (what a host whose clock
    /// drifted would see), for this membership only.
    #[doc(hidden)]
    pub fn skew_local_clock(&self, ms: i64) {
        self.skew_ms.store(ms, Ordering::Relaxed);
    }

    /// The current run.
    pub fn node(&self) -> Node {
        self.node.read().unwrap_or_else(|p| p.into_inner()).clone()
    }

    /// Whether the last renewal (or registration) succeeded.
    pub fn holds_lease(&self) -> bool {
        self.leased.load(Ordering::Relaxed)
    }

    /// Records whether the lease holds.
    pub fn set_lease(&self, held: bool) {
        self.leased.store(held, Ordering::Relaxed);
    }

    /// A new run of the same node (after it lost its lease): what the old
    /// run owned is an orphan to everyone, this node included.
    pub fn next_run(&self) -> Node {
        let mut node = self.node.write().unwrap_or_else(|p| p.into_inner());
        let next = Node::new(node.id.clone(), node.addr.clone()).with_rules(node.rules.clone());
        *node = next.clone();
        next
    }
}

/// A node's state in the membership table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NodeState {
    /// Serving and renewing.
    Alive,
    /// Stopping: takes no new rooms, hands its rooms back.
    Draining,
    /// Stopped cleanly.
    Left,
    /// Reaped after its lease ran out.
    Dead,
}

impl NodeState {
    fn as_str(self) -> &'static str {
        match self {
            NodeState::Alive => "alive",
            NodeState::Draining => "draining",
            NodeState::Left => "left",
            NodeState::Dead => "dead",
        }
    }
}

impl Store {
    /// Enters `node` in the membership, alive for `ttl`. Refused
    /// ([`StoreError::Conflict`]) while another run with the same node id
    /// is alive and unexpired: two processes must not share an id.
    pub async fn register_node(&self, node: &Node, ttl: Duration) -> StoreResult<()> {
        self.register_at(node, ttl).await.map(drop)
    }

    /// [`Store::register_node`] for `member`'s current run, recording the
    /// database's clock against this process's ([`Membership::now_ms`]).
    pub async fn register_member(&self, member: &Membership) -> StoreResult<()> {
        let sent = member.local_ms();
        let db = self.register_at(&member.node(), member.ttl).await?;
        member.record_clock(sent, db, member.local_ms());
        Ok(())
    }

    /// Registers `node`; returns the database's clock (ms).
    async fn register_at(&self, node: &Node, ttl: Duration) -> StoreResult<i64> {
        let sql = format!(
            "insert into node (node_id, incarnation, addr, state, expires_at, started_at, rules) \
             values ($1, $2, $3, 'alive', {DB_NOW} + $4, {DB_NOW}, $5) \
             on conflict (node_id) do update set incarnation = excluded.incarnation, \
             addr = excluded.addr, state = 'alive', expires_at = excluded.expires_at, \
             started_at = excluded.started_at, rules = excluded.rules \
             where node.state not in ('alive', 'draining') or node.expires_at < {DB_NOW} \
             or node.incarnation = excluded.incarnation \
             returning {DB_NOW}"
        );
        let done = sqlx::query(&sql)
            .bind(&node.id)
            .bind(node.incarnation)
            .bind(&node.addr)
            .bind(ms(ttl))
            .bind(&node.rules)
            .fetch_optional(&self.pool)
            .await?;
        let Some(row) = done else {
            return Err(StoreError::Conflict(format!(
                "node id {} is in use by a live server",
                node.id
            )));
        };
        Ok(row.try_get(0)?)
    }

    /// Renews `node`'s lease for `ttl`; `false` when it was reaped (or
    /// replaced): it then owns nothing and must stop serving its rooms.
    pub async fn renew_node(&self, node: &Node, ttl: Duration) -> StoreResult<bool> {
        Ok(self.renew_at(node, ttl).await?.is_some())
    }

    /// [`Store::renew_node`] for `member`'s current run, recording the
    /// database's clock against this process's ([`Membership::now_ms`]).
    pub async fn renew_member(&self, member: &Membership) -> StoreResult<bool> {
        let sent = member.local_ms();
        let Some(db) = self.renew_at(&member.node(), member.ttl).await? else {
            return Ok(false);
        };
        member.record_clock(sent, db, member.local_ms());
        Ok(true)
    }

    /// Renews `node`'s lease; the database's clock (ms), or `None` when
    /// the lease was gone.
    async fn renew_at(&self, node: &Node, ttl: Duration) -> StoreResult<Option<i64>> {
        let sql = format!(
            "update node set expires_at = {DB_NOW} + $1 \
             where node_id = $2 and incarnation = $3 and state in ('alive', 'draining') \
             returning {DB_NOW}"
        );
        let done = sqlx::query(&sql)
            .bind(ms(ttl))
            .bind(&node.id)
            .bind(node.incarnation)
            .fetch_optional(&self.pool)
            .await?;
        done.map(|row| Ok(row.try_get(0)?)).transpose()
    }

    /// Moves `node` to `state` (draining on SIGTERM, left once stopped).
    pub async fn set_node_state(&self, node: &Node, state: NodeState) -> StoreResult<bool> {
        let done = sqlx::query(
            "update node set state = $1 where node_id = $2 and incarnation = $3 \
             and state in ('alive', 'draining')",
        )
        .bind(state.as_str())
        .bind(&node.id)
        .bind(node.incarnation)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    /// Marks dead every node whose lease ran out more than `grace` ago;
    /// returns them. Serialized with each one's renewal by the row: if the
    /// renewal commits first, the node is not reaped.
    pub async fn reap_nodes(&self, grace: Duration) -> StoreResult<Vec<String>> {
        let sql = format!(
            "update node set state = 'dead' \
             where state in ('alive', 'draining') and expires_at < {DB_NOW} - $1 \
             returning node_id"
        );
        let rows = sqlx::query(&sql)
            .bind(ms(grace))
            .fetch_all(&self.pool)
            .await?;
        rows.iter()
            .map(|r| Ok(r.try_get::<String, _>(0)?))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_offset_takes_the_database_reading_halfway_through_the_round_trip() {
        // Asked at 1,000, answered at 1,040: the database read 1,520 at
        // about 1,020 here, so its clock is 500 ms ahead.
        assert_eq!(clock_offset(1_000, 1_520, 1_040), 500);
        assert_eq!(clock_offset(1_000, 990, 1_020), -20);
        assert_eq!(clock_offset(5_000, 5_000, 5_000), 0);
        // An odd round trip rounds down: off by at most a millisecond.
        assert_eq!(clock_offset(0, 100, 3), 99);
    }

    #[test]
    fn now_is_this_clock_plus_the_last_offset() {
        let member = Membership::new(Node::new("a", "127.0.0.1:1"), Duration::from_secs(5));
        let before = super::super::now_ms();
        assert!((member.now_ms() - before).abs() < 1_000, "no offset yet");
        // A host whose clock runs 20 s fast, against a database on time.
        member.skew_local_clock(20_000);
        let sent = member.local_ms();
        let db = super::super::now_ms();
        member.record_clock(sent, db, member.local_ms());
        assert!((member.clock_offset_ms() + 20_000).abs() < 1_000);
        assert!((member.now_ms() - super::super::now_ms()).abs() < 1_000);
        // A database whose clock is a minute behind everyone's.
        member.skew_local_clock(0);
        let sent = member.local_ms();
        member.record_clock(sent, super::super::now_ms() - 60_000, member.local_ms());
        assert!((member.now_ms() - (super::super::now_ms() - 60_000)).abs() < 1_000);
    }
}
