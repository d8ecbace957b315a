//! [`Rooms`], the live rooms of this process: opening a room (from the
//! database when it is not in memory, one load at a time per room),
//! creating and closing rooms, and handing out [`RoomHandle`]s.

use super::*;

/// What a stored room's latest match allows, for the rules this server
/// runs ([`rules_check`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum RulesCheck {
    /// No match, or one of the rules this server runs: replay it.
    Runs,
    /// A finished match of other rules: its result and log are stored, but
    /// replaying it here would rebuild it wrongly, so it is not: the room
    /// opens in its lobby.
    FinishedUnder(Rules),
    /// A match in play of other rules: the room is not served here.
    PlayingUnder(Rules),
}

/// May this server replay `current`, a stored room's latest match?
fn rules_check(current: Option<&StoredMatch>) -> RulesCheck {
    match current {
        Some(m) if !m.rules.is_running() && m.playing => RulesCheck::PlayingUnder(m.rules),
        Some(m) if !m.rules.is_running() => RulesCheck::FinishedUnder(m.rules),
        _ => RulesCheck::Runs,
    }
}

/// A cheap handle to a room actor.
#[derive(Clone, Debug)]
pub struct RoomHandle {
    tx: mpsc::Sender<RoomCmd>,
}

impl RoomHandle {
    /// Sends a command; `false` if the room has stopped.
    pub async fn send(&self, cmd: RoomCmd) -> bool {
        self.tx.send(cmd).await.is_ok()
    }

    /// Asks for the room's public info.
    pub async fn info(&self) -> Option<RoomInfo> {
        let (reply, rx) = oneshot::channel();
        self.send(RoomCmd::Info { reply }).await.then_some(())?;
        rx.await.ok()
    }
}

#[cfg(test)]
impl RoomHandle {
    /// A handle with no room behind it: what is sent to it arrives on
    /// `tx`'s receiver (for tests of what talks to rooms).
    pub(crate) fn for_tests(tx: mpsc::Sender<RoomCmd>) -> RoomHandle {
        RoomHandle { tx }
    }
}

/// All live rooms of this process.
#[derive(Clone)]
pub struct Rooms {
    inner: Arc<RoomsInner>,
}

struct RoomsInner {
    /// Live room actors by code. A std mutex: held only for map lookups,
    /// never across an await.
    map: Mutex<HashMap<RoomCode, RoomHandle>>,
    /// Held while a room is rebuilt, so one room never gets two actors;
    /// one per room, so rooms load side by side (a failover brings many).
    loading: LoadLocks,
    store: Store,
    config: RoomConfig,
    shutdown: CancellationToken,
    tracker: TaskTracker,
    /// Cluster mode: this server's membership; each room it opens or
    /// creates is claimed for its current run.
    member: Option<Arc<Membership>>,
}

/// Why a room could not be created.
#[derive(Debug, thiserror::Error)]
pub enum CreateError {
    /// The game has no rules yet.
    #[error("that game is not playable yet")]
    NotPlayable,
    /// Storage failed.
    #[error(transparent)]
    Store(#[from] StoreError),
    /// Shutting down.
    #[error("the server is shutting down")]
    ShuttingDown,
}

impl Rooms {
    /// An empty registry; with `member` (cluster mode), every room it
    /// opens or creates is first claimed for this server, its writes carry
    /// the claim's epoch, and its deadlines are on the cluster's clock.
    pub fn new(
        store: Store,
        config: RoomConfig,
        shutdown: CancellationToken,
        tracker: TaskTracker,
        member: Option<Arc<Membership>>,
    ) -> Rooms {
        let mut config = config;
        if let Some(member) = &member {
            config.clock = Clock::cluster(member.clone());
        }
        Rooms {
            inner: Arc::new(RoomsInner {
                map: Mutex::default(),
                loading: LoadLocks::default(),
                store,
                config,
                shutdown,
                tracker,
                member,
            }),
        }
    }

    /// Cluster mode: this server's membership.
    pub fn member(&self) -> Option<&Arc<Membership>> {
        self.inner.member.as_ref()
    }

    /// The store a room's actor writes through: in cluster mode, claimed
    /// for this node first (`reason` goes to the ownership log).
    async fn claim(&self, code: &RoomCode, reason: &str) -> Result<Store, OpenError> {
        let Some(member) = &self.inner.member else {
            return Ok(self.inner.store.clone());
        };
        // A claim racing a release or a reap is asked again.
        for _ in 0..3 {
            match self
                .inner
                .store
                .claim_room(code, &member.node(), reason)
                .await
            {
                Ok(Claim::Owned(epoch)) => {
                    info!(room = %code, epoch, reason, "room claimed");
                    return Ok(self.inner.store.fenced(code, epoch));
                }
                Ok(Claim::OwnedBy { node_id, addr }) => {
                    return Err(OpenError::Elsewhere { node_id, addr })
                }
                // Its match needs rules this build does not run: the room
                // is served by a node that runs them (relayed to), if any.
                Ok(Claim::OtherRules {
                    runner: Some((node_id, addr)),
                    ..
                }) => return Err(OpenError::Elsewhere { node_id, addr }),
                Ok(Claim::OtherRules {
                    needs,
                    runner: None,
                }) => {
                    warn!(room = %code, needs = %needs, "no live server runs the rules of the room's match");
                    return Err(OpenError::OtherRules {
                        needs: needs.to_string(),
                        runs: Rules::running(needs.kind).to_string(),
                        retry: true,
                    });
                }
                Err(StoreError::NotFound) => return Err(OpenError::NotFound),
                Err(StoreError::Conflict(_)) => continue,
                Err(e) => return Err(OpenError::Store(e)),
            }
        }
        Err(OpenError::Store(StoreError::Conflict(
            "the room's ownership kept changing".into(),
        )))
    }

    /// Hands back a claim this node made but will not use.
    async fn unclaim(&self, store: &Store, code: &RoomCode) {
        if let Some(epoch) = store.epoch() {
            if let Err(e) = self.inner.store.release_room(code, epoch).await {
                warn!(room = %code, error = %e, "could not hand the room back");
            }
        }
    }

    /// Cluster mode: this node's lease was lost, so every room it serves
    /// may have another owner: each stops and sends its clients there.
    pub async fn all_moved(&self) {
        for (_, handle) in self.live() {
            handle.send(RoomCmd::Moved).await;
        }
    }

    /// The storage handle.
    pub fn store(&self) -> &Store {
        &self.inner.store
    }

    /// Now on the clock deadlines are stored in.
    pub fn now_ms(&self) -> i64 {
        self.inner.config.clock.now_ms()
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<RoomCode, RoomHandle>> {
        // A poisoned map is still a valid map: recover it.
        self.inner.map.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// The live room with this code, if its actor is running.
    pub(crate) fn running(&self, code: &RoomCode) -> Option<RoomHandle> {
        self.lock().get(code).filter(|h| !h.tx.is_closed()).cloned()
    }

    /// The room with this code: the running actor, or one rebuilt from the
    /// database (after a restart, or after it was unloaded while idle).
    pub async fn open(&self, code: &RoomCode) -> Result<RoomHandle, OpenError> {
        self.open_for(code, "open").await
    }

    /// [`Rooms::open`], saying why (cluster mode's ownership log).
    pub async fn open_for(&self, code: &RoomCode, reason: &str) -> Result<RoomHandle, OpenError> {
        if let Some(h) = self.running(code) {
            return Ok(h);
        }
        if self.inner.shutdown.is_cancelled() {
            return Err(OpenError::ShuttingDown);
        }
        let _loading = self.inner.loading.lock(code).await;
        if let Some(h) = self.running(code) {
            return Ok(h);
        }
        // Claimed before it is read: a claim waits for the last owner's
        // write in flight, so the log read next holds everything it stored.
        let store = self.claim(code, reason).await?;
        let mut stored = match self.inner.store.load_room(code).await {
            Ok(s) => s,
            Err(e) => {
                self.unclaim(&store, code).await;
                return Err(match e {
                    StoreError::NotFound => OpenError::NotFound,
                    e => OpenError::Store(e),
                });
            }
        };
        if stored.broken.is_some() {
            self.unclaim(&store, code).await;
            return Err(OpenError::Broken);
        }
        if let Some(reason) = stored.closed {
            self.unclaim(&store, code).await;
            return Err(OpenError::Closed(reason));
        }
        match rules_check(stored.current.as_ref()) {
            RulesCheck::Runs => {}
            RulesCheck::PlayingUnder(needs) => {
                // Refused, and kept as it is: a server running those rules
                // replays it (this one again, once it runs them).
                let runs = Rules::running(needs.kind);
                warn!(room = %code, needs = %needs, runs = %runs, "the room's match was started under other rules than this server runs: not replayed here");
                self.unclaim(&store, code).await;
                return Err(OpenError::OtherRules {
                    needs: needs.to_string(),
                    runs: runs.to_string(),
                    retry: self.inner.member.is_some(),
                });
            }
            RulesCheck::FinishedUnder(old) => {
                info!(room = %code, rules = %old, "the room's last match was played under other rules: the room opens in its lobby");
                if stored.status != "lobby" {
                    if let Err(e) = store.set_room_status(code, "lobby").await {
                        self.unclaim(&store, code).await;
                        return Err(OpenError::Store(e));
                    }
                    stored.status = "lobby".into();
                }
                stored.current = None;
            }
        }
        match Room::restore(stored, store.clone(), self.inner.config.clone()) {
            Ok(room) => {
                info!(room = %code, "room restored from the database");
                Ok(self.spawn(code.clone(), room))
            }
            Err(e) => {
                // Loud, kept, and refused: never silently dropped.
                error!(room = %code, error = %e, "room's stored log does not replay; marking it broken");
                if let Err(se) = store.mark_broken(code, &e.to_string()).await {
                    warn!(room = %code, error = %se, "could not mark the room broken");
                }
                self.unclaim(&store, code).await;
                Err(OpenError::Broken)
            }
        }
    }

    /// Rebuilds a room from its stored log after a write that may or may
    /// not have been stored (its actor stopped): at once, or as soon as the
    /// store answers again, so its bots and timers go on with nobody
    /// connected. A socket that comes first rebuilds it itself.
    async fn reload(&self, code: &RoomCode) {
        let mut wait = Duration::from_millis(100);
        loop {
            match self.open_for(code, "reload").await {
                Ok(_) => return,
                // Still unreachable: try again, less often.
                Err(OpenError::Store(e)) => {
                    warn!(room = %code, error = %e, "the room could not reload yet");
                }
                // Shut down, moved, closed or broken: nothing to do here.
                Err(e) => {
                    info!(room = %code, error = %e, "the room was not reloaded");
                    return;
                }
            }
            tokio::select! {
                _ = self.inner.shutdown.cancelled() => return,
                _ = tokio::time::sleep(wait) => {}
            }
            wait = (wait * 2).min(Duration::from_secs(2));
        }
    }

    /// The rooms whose actors are running now.
    pub fn live(&self) -> Vec<(RoomCode, RoomHandle)> {
        self.lock()
            .iter()
            .filter(|(_, h)| !h.tx.is_closed())
            .map(|(c, h)| (c.clone(), h.clone()))
            .collect()
    }

    /// Closes a room for good (see [`RoomCmd::Close`]); in single mode a
    /// room not in memory is marked closed in the database, in cluster
    /// mode it is claimed and closed by its actor.
    pub async fn close(&self, code: &RoomCode, reason: String) -> Result<(), OpenError> {
        let running = match self.running(code) {
            // Cluster mode: only the room's owner may write it, so a room
            // not served here is claimed first (the actor then closes it
            // through its fenced store); one another live server serves is
            // refused as `Elsewhere` (the admin API relays there).
            None if self.inner.member.is_some() => match self.open_for(code, "close").await {
                Ok(handle) => Some(handle),
                // No server can serve it: nothing else writes it.
                Err(OpenError::Broken) => None,
                Err(e) => return Err(e),
            },
            running => running,
        };
        match running {
            Some(handle) => {
                let (reply, rx) = oneshot::channel();
                if handle
                    .tx
                    .send(RoomCmd::Close {
                        reason: reason.clone(),
                        reply,
                    })
                    .await
                    .is_ok()
                {
                    if let Ok(done) = rx.await {
                        return done.map_err(OpenError::Store);
                    }
                }
                // The actor stopped meanwhile: mark the stored room.
                self.close_stored(code, &reason).await
            }
            None => self.close_stored(code, &reason).await,
        }
    }

    async fn close_stored(&self, code: &RoomCode, reason: &str) -> Result<(), OpenError> {
        match self.inner.store.mark_closed(code, reason).await {
            Ok(()) => Ok(()),
            Err(StoreError::NotFound) => Err(OpenError::NotFound),
            Err(e) => Err(OpenError::Store(e)),
        }
    }

    /// Sends a command to a room, rebuilding it if its actor had stopped
    /// (an idle room unloads; a command racing that is handed to the new one).
    pub async fn send(&self, code: &RoomCode, cmd: RoomCmd) -> Result<(), OpenError> {
        let mut cmd = cmd;
        for _ in 0..3 {
            let handle = self.open(code).await?;
            match handle.tx.send(cmd).await {
                Ok(()) => return Ok(()),
                Err(mpsc::error::SendError(back)) => cmd = back,
            }
        }
        Err(OpenError::ShuttingDown)
    }

    /// Brings back every room with a match in progress (and recent lobbies),
    /// so their timers run and players find them as they left them. Rooms
    /// whose logs do not replay are reported and marked broken.
    pub async fn restore_all(&self) -> Result<usize, StoreError> {
        let codes = self.inner.store.rooms_to_restore().await?;
        let mut restored = 0;
        for code in codes {
            match self.open(&code).await {
                Ok(_) => restored += 1,
                Err(OpenError::ShuttingDown) => break,
                Err(e) => warn!(room = %code, error = %e, "room not restored"),
            }
        }
        Ok(restored)
    }

    /// Creates a room with fresh code and starts its actor.
    pub async fn create(
        &self,
        options: GameOptions,
    ) -> Result<(RoomCode, RoomHandle), CreateError> {
        if self.inner.shutdown.is_cancelled() {
            return Err(CreateError::ShuttingDown);
        }
        // Held from the insert to the registration: a restore running at the
        // same time (`restore_all` at start restores new lobbies too) must
        // find this actor, not build a second one from a half-made room.
        let mut attempts = 0;
        let (code, _loading) = loop {
            let code = new_code();
            let loading = self.inner.loading.lock(&code).await;
            match self.inner.store.create_room(&code, &options).await {
                Ok(()) => break (code, loading),
                // A code collision: draw again.
                Err(StoreError::Conflict(_)) if attempts < 8 => attempts += 1,
                Err(e) => return Err(e.into()),
            }
        };
        let store = match self.claim(&code, "create").await {
            Ok(store) => store,
            Err(OpenError::Store(e)) => return Err(CreateError::Store(e)),
            Err(e) => return Err(CreateError::Store(StoreError::Conflict(e.to_string()))),
        };
        let room = Room::new(code.clone(), options, store, self.inner.config.clone());
        let handle = self.spawn(code.clone(), room);
        Ok((code, handle))
    }

    /// Starts a room's actor and registers it.
    fn spawn(&self, code: RoomCode, room: Room) -> RoomHandle {
        let (tx, rx) = mpsc::channel(256);
        let handle = RoomHandle { tx };
        let weak = handle.tx.downgrade();
        self.lock().insert(code.clone(), handle.clone());
        let rooms = self.clone();
        let shutdown = self.inner.shutdown.clone();
        let span = tracing::info_span!("room", room = %code);
        let claim = room.store.epoch();
        self.inner.tracker.spawn(
            async move {
                let stopped = room.run(rx, shutdown).await;
                // Its last write is done: hand the room back (the next node
                // asked for it claims it), unless it was taken over or is
                // to be rebuilt here (claimed again then: a new epoch).
                if let (Some(epoch), Stopped::Done) = (claim, stopped) {
                    match rooms.inner.store.release_room(&code, epoch).await {
                        Ok(_) => info!(epoch, "room handed back"),
                        Err(e) => warn!(error = %e, "could not hand the room back"),
                    }
                }
                // Unregister only ourselves, not a successor with this code.
                {
                    let mut map = rooms.lock();
                    let ours = weak
                        .upgrade()
                        .is_some_and(|tx| map.get(&code).is_some_and(|h| h.tx.same_channel(&tx)));
                    if ours {
                        map.remove(&code);
                    }
                }
                if stopped == Stopped::Reload {
                    rooms.reload(&code).await;
                }
            }
            .instrument(span),
        );
        handle
    }
}

/// One lock per room being rebuilt (or created), made on demand and
/// forgotten once nobody holds or waits for it.
#[derive(Default)]
struct LoadLocks(Mutex<HashMap<RoomCode, Arc<tokio::sync::Mutex<()>>>>);

impl LoadLocks {
    async fn lock(&self, code: &RoomCode) -> LoadGuard<'_> {
        let mutex = self
            .0
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .entry(code.clone())
            .or_default()
            .clone();
        let held = Arc::clone(&mutex).lock_owned().await;
        LoadGuard {
            locks: self,
            code: code.clone(),
            mutex,
            held: Some(held),
        }
    }
}

/// A room's load lock, held until dropped.
struct LoadGuard<'a> {
    locks: &'a LoadLocks,
    code: RoomCode,
    mutex: Arc<tokio::sync::Mutex<()>>,
    held: Option<tokio::sync::OwnedMutexGuard<()>>,
}

impl Drop for LoadGuard<'_> {
    fn drop(&mut self) {
        drop(self.held.take());
        let mut map = self.locks.0.lock().unwrap_or_else(|p| p.into_inner());
        // Only the map's and ours: nobody waits for it, and nobody can take
        // it without the map's lock, held here.
        if Arc::strong_count(&self.mutex) == 2 {
            map.remove(&self.code);
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use parlor_protocol::GameKind;

    use super::*;

    #[tokio::test]
    async fn rooms_load_side_by_side_and_one_room_at_a_time() {
        let locks = LoadLocks::default();
        let (a, b) = (RoomCode("AAAAAAAA".into()), RoomCode("BBBBBBBB".into()));
        let held_a = locks.lock(&a).await;
        // Another room's lock is free while this one is held.
        let held_b = tokio::time::timeout(Duration::from_secs(1), locks.lock(&b))
            .await
            .expect("another room loads beside it");
        // The same room's waits.
        assert!(
            tokio::time::timeout(Duration::from_millis(50), locks.lock(&a))
                .await
                .is_err(),
            "a room loaded twice at once"
        );
        drop(held_a);
        let again = tokio::time::timeout(Duration::from_secs(1), locks.lock(&a))
            .await
            .expect("free once let go");
        drop((again, held_b));
        assert!(locks.0.lock().unwrap().is_empty(), "locks are forgotten");
    }

    fn stored(rules: Rules, playing: bool) -> StoredMatch {
        StoredMatch {
            match_id: MatchId(uuid::Uuid::nil()),
            options: GameOptions::default_for(rules.kind).unwrap(),
            seats: 2,
            seed_hex: "00".repeat(32),
            deadline_at: None,
            steps: Vec::new(),
            timed_out: Vec::new(),
            rules,
            playing,
        }
    }

    /// A match is replayed only under the rules it was started under: one
    /// in play of other rules (older or newer) is refused, a finished one
    /// is not replayed; a room without a match has nothing to check.
    #[test]
    fn only_matches_of_the_rules_this_server_runs_are_replayed() {
        assert_eq!(rules_check(None), RulesCheck::Runs);
        for kind in GameKind::ALL {
            let running = Rules::running(kind);
            let newer = Rules {
                version: running.version + 1,
                ..running
            };
            let older = Rules {
                version: running.version - 1,
                ..running
            };
            for playing in [true, false] {
                assert_eq!(
                    rules_check(Some(&stored(running, playing))),
                    RulesCheck::Runs
                );
            }
            for other in [newer, older] {
                assert_eq!(
                    rules_check(Some(&stored(other, true))),
                    RulesCheck::PlayingUnder(other)
                );
                assert_eq!(
                    rules_check(Some(&stored(other, false))),
                    RulesCheck::FinishedUnder(other)
                );
            }
        }
    }

    /// A refusal names both rules: the one the match needs and the one
    /// this server runs (the log line and the answer say which is which).
    #[test]
    fn a_refusal_names_both_rules() {
        let e = OpenError::OtherRules {
            needs: "zoomies@2".into(),
            runs: "zoomies@1".into(),
            retry: false,
        };
        let text = e.to_string();
        assert!(
            text.contains("zoomies@2") && text.contains("zoomies@1"),
            "{text}"
        );
    }
}
