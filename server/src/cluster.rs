//! Cluster mode (`PARLOR_CLUSTER=on`, Postgres): this server's membership
//! and the work every member shares.
//!
//! - [`join`] enters this server in the membership table (refused while
//!   another live server uses its node id).
//! - [`run`], about once a second: renews the lease; declares dead the
//!   servers whose leases ran out a lease ago (so their rooms are
//!   orphans); and claims orphaned rooms in play that no socket may come
//!   for (bot seats, running timers), a few at a time. A server that finds
//!   its own lease taken stops serving every room (their sockets are sent
//!   to the owner with 4010) and joins again as a new run.
//!
//! Safety never rests on these timings: every write of a room's state is
//! fenced by the room's epoch in the store (`db::owners`). They decide only
//! how soon a room moves.

use std::sync::Arc;

use tokio::time::{Instant, MissedTickBehavior};
use tokio_util::sync::CancellationToken;
use tracing::{error, info, warn};

use crate::config::Cluster;
use crate::db::{Membership, Node, NodeState, Store, StoreError};
use crate::room::{OpenError, Rooms};

/// Orphaned rooms one server claims per round of its sweep: a failover
/// spreads its rooms over the survivors without a stampede on the store.
const SWEEP_BATCH: u32 = 8;

/// Enters this server in the cluster as `node`. An earlier run of the same
/// node id whose lease has not yet run out (a quick restart) is waited
/// for, up to two leases; a live server using the id is an error.
pub async fn join(store: &Store, node: Node, config: &Cluster) -> anyhow::Result<Arc<Membership>> {
    let member = Arc::new(Membership::new(node.clone(), config.lease_ttl));
    let until = Instant::now() + 2 * config.lease_ttl;
    loop {
        match store.register_member(&member).await {
            Ok(()) => break,
            Err(StoreError::Conflict(_)) if Instant::now() < until => {
                tokio::time::sleep(config.renew_every()).await;
            }
            Err(StoreError::Conflict(why)) => {
                anyhow::bail!("PARLOR_NODE_ID: {why}; give each server its own id")
            }
            Err(e) => return Err(e.into()),
        }
    }
    member.set_lease(true);
    info!(
        node = %node.id,
        incarnation = node.incarnation,
        addr = %node.addr,
        clock_offset_ms = member.clock_offset_ms(),
        "joined the cluster"
    );
    Ok(member)
}

/// Renews, reaps and sweeps until `shutdown`; see the module's docs.
pub async fn run(store: Store, member: Arc<Membership>, rooms: Rooms, shutdown: CancellationToken) {
    let every = member.ttl / 5;
    let mut tick = tokio::time::interval(every);
    tick.set_missed_tick_behavior(MissedTickBehavior::Delay);
    // Since when the store has answered every renewal. After the database
    // was away (restarted), every server's lease looks run out at once:
    // none is declared dead until the others have had a whole lease to
    // renew since it came back.
    let mut answered_since: Option<Instant> = None;
    loop {
        tokio::select! {
            _ = shutdown.cancelled() => return,
            _ = tick.tick() => {}
        }
        if renew(&store, &member, &rooms).await {
            answered_since.get_or_insert_with(Instant::now);
        } else {
            answered_since = None;
        }
        if !member.holds_lease() {
            continue;
        }
        // A lease ago past its expiry: a server that is only slow (or the
        // database was) has had a whole lease to renew first.
        if answered_since.is_some_and(|t| t.elapsed() >= member.ttl) {
            match store.reap_nodes(member.ttl).await {
                Ok(dead) => {
                    for id in dead {
                        metrics::counter!("parlor_reaps_total").increment(1);
                        warn!(node = %id, "a server's lease ran out: its rooms go to the others");
                    }
                }
                Err(e) => warn!(error = %e, "could not check the other servers' leases"),
            }
        }
        sweep(&store, &member.node(), &rooms, &shutdown).await;
    }
}

/// Renews this server's lease; one found taken makes every room here stop
/// and this server join again as a new run. `false` when the store did not
/// answer.
async fn renew(store: &Store, member: &Membership, rooms: &Rooms) -> bool {
    let node = member.node();
    let began = Instant::now();
    match store.renew_member(member).await {
        Ok(true) => {
            metrics::histogram!("parlor_lease_renew_seconds").record(began.elapsed().as_secs_f64());
            member.set_lease(true);
            true
        }
        Ok(false) => {
            error!(node = %node.id, "this server's lease was taken (it was silent too long): its rooms move to the others");
            member.set_lease(false);
            rooms.all_moved().await;
            let next = member.next_run();
            match store.register_member(member).await {
                Ok(()) => {
                    member.set_lease(true);
                    info!(incarnation = next.incarnation, "joined the cluster again");
                }
                Err(e) => {
                    warn!(error = %e, "could not join the cluster again; trying on the next round")
                }
            }
            true
        }
        // The database is away: nothing can commit anyway, so nothing is
        // acknowledged; the lease is kept on the next renewal that works.
        Err(e) => {
            warn!(error = %e, "could not renew this server's lease");
            false
        }
    }
}

/// Claims a few rooms in play that no live server owns, of those whose
/// match is of rules this server (`node`) runs.
async fn sweep(store: &Store, node: &Node, rooms: &Rooms, shutdown: &CancellationToken) {
    let orphans = match store.orphaned_rooms(node, SWEEP_BATCH).await {
        Ok(codes) => codes,
        Err(e) => {
            warn!(error = %e, "could not look for orphaned rooms");
            return;
        }
    };
    for code in orphans {
        if shutdown.is_cancelled() {
            return;
        }
        match rooms.open_for(&code, "sweep").await {
            Ok(_) => info!(room = %code, "orphaned room taken over"),
            // Another server was quicker: it serves the room. Or a match
            // of other rules was started meanwhile: one that runs them will.
            Err(OpenError::Elsewhere { .. } | OpenError::OtherRules { .. }) => {}
            Err(e) => warn!(room = %code, error = %e, "could not take over an orphaned room"),
        }
    }
}

/// Leaves the cluster at the end of a drain: the rooms are handed back
/// already (each room's actor does it as it stops).
pub async fn leave(store: &Store, member: &Membership) {
    match store.set_node_state(&member.node(), NodeState::Left).await {
        Ok(_) => info!("left the cluster"),
        Err(e) => warn!(error = %e, "could not record leaving the cluster"),
    }
}

/// Starts a drain: the other servers stop counting on this one (its
/// `/api/ready` fails already, as it is shutting down).
pub async fn drain(store: &Store, member: &Membership) {
    if let Err(e) = store
        .set_node_state(&member.node(), NodeState::Draining)
        .await
    {
        warn!(error = %e, "could not record the drain");
    }
}
