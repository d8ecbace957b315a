//! The chaos run (docs/scaling.md; the issue "Several servers, one
//! Postgres", how it is proven): three real `parlor-server` processes in
//! cluster mode on one fresh Postgres database, HAProxy in front of them
//! with the routing of `deploy/haproxy.cfg`, and players connected through
//! HAProxy playing Doozy Dice and Mix-the-Mutts (its scoring windows: seats
//! answering at once), some beside bots, some rooms of bots alone that no
//! socket comes for (the sweeper's rooms). Every client reconnects after
//! any close or drop, after a jittered 100 ms to 1 s, through HAProxy,
//! resuming from the state it holds, and asks for a rematch when a match
//! ends.
//!
//! Faults, one at a time at random moments (a seeded RNG; the seed is
//! printed, `PARLOR_CHAOS_SEED` repeats it): `kill -9` of a node, then its
//! restart on the same port; a rolling SIGTERM of all three, each
//! restarted before the next; SIGSTOP of the node owning the most rooms for
//! three leases while its clients keep sending, then SIGCONT; an HAProxy
//! restart; a restart of Postgres (the run's own, started for it, so the
//! other tests' database stays up). After every fault every client must be
//! back within a bound.
//!
//! Then the faults stop, the matches in play are played to their end (no
//! more rematches) and the checker reads the database:
//! 1. along every match's log the writing epoch never decreases, and every
//!    epoch was a claim of that room in `ownership_log` (so no two servers
//!    wrote one match in overlapping turns);
//! 2. every action acknowledged to any client is in the stored log, and no
//!    stored step was acknowledged twice;
//! 3. every match finished, and its export (through HAProxy, so any node)
//!    verifies from its seed;
//! 4. every view a player's client held equals the stored log's view for
//!    its seat at that version, and no frame it was sent (relayed or not)
//!    named an item hidden from it then (the leak suite's scan);
//! 5. the SIGSTOP produced a fenced write (`parlor_fenced_writes_total` of
//!    the paused node) or a 4010 close at its clients;
//! 6. the time from each fault to the first update each client of an
//!    affected room received on the connection it reopened (from the
//!    database's return, for a Postgres restart): p50/p99/max per fault
//!    kind. Only the full run (`PARLOR_CHAOS_FULL=1`, see
//!    `scripts/cluster-chaos`) asserts the bounds on them: after
//!    `kill -9` p99 ≤ 10 s, after a SIGTERM drain p99 ≤ 3 s, after a
//!    Postgres restart p99 ≤ its downtime + 3 s.
//!
//! Size: `PARLOR_CHAOS_SECS` (default 45) of faults over
//! `PARLOR_CHAOS_ROOMS` (default 12) rooms; every fault kind once (twice in
//! the full run), then more at random until the time is up. Players act as
//! soon as it is their turn (within the pace), unless
//! `PARLOR_CHAOS_THINK_MS` gives them a think time.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::{BTreeMap, BTreeSet, HashMap, HashSet};
use std::fmt::Write as _;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use parlor_games::record::verify;
use parlor_protocol::replay::MatchExport;
use parlor_protocol::{
    close, AnyView, BotLevel, ClientMsg, ErrorCode, GameKind, MatchId, RoomInfo, RoomStatus, Seat,
    ServerMsg, Viewer,
};
use parlor_server::db::Store;
use parlor_tests::cluster::{free_addr, haproxy_bin, metric, signal, Haproxy, PrivatePostgres};
use parlor_tests::driver::{act_if_due, Table};
use parlor_tests::leak::{self, Named};
use parlor_tests::players;
use parlor_tests::process::ServerProcess;
use parlor_tests::truth::Truth;
use parlor_tests::{Api, Event, MatchState, SentAct, TestClient, TestDb};
use rand::rngs::StdRng;
use rand::seq::SliceRandom;
use rand::{Rng, SeedableRng};
use sqlx::postgres::{PgPool, PgPoolOptions};
use sqlx::Row;
use tokio::sync::Notify;
use tokio::task::JoinHandle;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite;

/// The lease every node runs with.
const LEASE: Duration = Duration::from_secs(2);
const SECRET: &str = "a-chaos-cluster-secret";
/// A client that hears nothing at all (not even a pong) for this long, or
/// cannot connect for this long, fails the run: its room is stuck.
const STUCK: Duration = Duration::from_secs(60);
/// Frames a player's client sends in any one second: half the server's
/// per-connection rate (40), since a relayed socket's frames can reach the
/// room in a burst when the relaying server stalls (a SIGSTOP), and a
/// client that sent near the rate would be closed for it (4029).
const PACE: usize = 20;
/// How long the matches in play at the end may take to finish.
const FINISH: Duration = Duration::from_secs(120);

// ---------------------------------------------------------------- settings

struct Settings {
    secs: u64,
    rooms: usize,
    seed: u64,
    /// The full run: every fault kind at least twice, bounds asserted.
    full: bool,
    /// How long a player waits after the table changes before it acts
    /// (`PARLOR_CHAOS_THINK_MS`, 0: at once, as fast as the pace allows).
    think: Duration,
}

fn env_num(name: &str) -> Option<u64> {
    let v = std::env::var(name).ok()?;
    Some(
        v.trim()
            .parse()
            .unwrap_or_else(|e| panic!("{name}={v}: {e}")),
    )
}

fn settings() -> Settings {
    let full = std::env::var("PARLOR_CHAOS_FULL").is_ok_and(|v| !v.is_empty() && v != "0");
    let seed = env_num("PARLOR_CHAOS_SEED").unwrap_or_else(|| {
        let t = std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .unwrap();
        t.as_nanos() as u64 ^ u64::from(std::process::id())
    });
    Settings {
        secs: env_num("PARLOR_CHAOS_SECS").unwrap_or(45),
        rooms: usize::try_from(env_num("PARLOR_CHAOS_ROOMS").unwrap_or(12))
            .unwrap()
            .max(1),
        seed,
        full,
        think: Duration::from_millis(env_num("PARLOR_CHAOS_THINK_MS").unwrap_or(0)),
    }
}

// ---------------------------------------------------------------- the cluster

struct Node {
    id: String,
    addr: SocketAddr,
    proc: Option<ServerProcess>,
}

struct Cluster {
    url: String,
    nodes: Vec<Node>,
    proxy: Option<Haproxy>,
    haproxy: PathBuf,
    dir: PathBuf,
    front: SocketAddr,
    /// The run's own Postgres (a restart is one of the faults).
    pg: PrivatePostgres,
}

impl Cluster {
    async fn start_node(&mut self, i: usize) {
        let id = self.nodes[i].id.clone();
        let lease = format!("{}s", LEASE.as_secs());
        // Errors only, and not every 503 a relay answers while a room moves.
        let log = std::env::var("PARLOR_TEST_SERVER_LOG")
            .unwrap_or_else(|_| "error,tower_http=off".into());
        let env = [
            ("RUST_LOG", log.as_str()),
            ("PARLOR_CLUSTER", "on"),
            ("PARLOR_NODE_ID", id.as_str()),
            ("PARLOR_LEASE_TTL", lease.as_str()),
            ("PARLOR_CLUSTER_SECRET", SECRET),
            ("PARLOR_RATE_LIMIT", "off"),
            ("PARLOR_MAX_SOCKETS_PER_IP", "off"),
            ("PARLOR_MAX_CONNS_PER_IP", "off"),
            ("PARLOR_METRICS", "on"),
            // Bots at test speed, so their rooms play a few matches.
            ("PARLOR_BOT_THINK", "150ms"),
        ];
        let p = ServerProcess::start(&self.url, self.nodes[i].addr, &env).await;
        assert_eq!(p.addr, self.nodes[i].addr, "{id} restarts on its port");
        self.nodes[i].proc = Some(p);
    }

    async fn start_proxy(&mut self) {
        let servers: Vec<SocketAddr> = self.nodes.iter().map(|n| n.addr).collect();
        self.proxy = Some(
            Haproxy::start(
                &self.haproxy,
                &self.dir,
                self.front,
                &servers,
                Duration::from_secs(30),
            )
            .await,
        );
    }

    fn pid(&self, i: usize) -> u32 {
        self.nodes[i].proc.as_ref().unwrap().pid()
    }

    async fn metrics(&self, i: usize) -> String {
        let url = format!("http://{}/metrics", self.nodes[i].addr);
        let resp = reqwest::Client::new()
            .get(&url)
            .timeout(Duration::from_secs(10))
            .send()
            .await
            .unwrap_or_else(|e| panic!("GET {url}: {e}"));
        assert!(resp.status().is_success(), "GET {url}: {}", resp.status());
        resp.text().await.unwrap()
    }

    async fn stop_all(&mut self) {
        for n in &mut self.nodes {
            if let Some(p) = n.proc.take() {
                p.kill().await;
            }
        }
        if let Some(p) = self.proxy.take() {
            p.kill().await;
        }
    }
}

/// The rooms a node's current run owns.
async fn owned(pool: &PgPool, node: &str) -> Vec<String> {
    sqlx::query(
        "select o.room_code from room_owner o join node n on n.node_id = o.node_id \
         and n.incarnation = o.incarnation where o.node_id = $1 \
         and n.state in ('alive', 'draining') order by o.room_code",
    )
    .bind(node)
    .fetch_all(pool)
    .await
    .unwrap()
    .iter()
    .map(|r| r.get(0))
    .collect()
}

/// Each node's current run.
async fn incarnations(pool: &PgPool) -> BTreeMap<String, i64> {
    sqlx::query("select node_id, incarnation from node")
        .fetch_all(pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect()
}

// ---------------------------------------------------------------- rooms

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Every seat a person (a test client).
    People,
    /// The host a person, the other seats bots.
    WithBots,
    /// Bots in every seat, the host's too (a stand-in): no socket comes
    /// for the room, so when its server goes the sweep takes it over.
    Bots,
}

struct RoomPlan {
    code: String,
    kind: GameKind,
    shape: Shape,
    seats: u8,
}

/// Room `i`'s game, shape and seats.
fn plan(i: usize) -> (GameKind, Shape, u8, u8) {
    let round = i / 6;
    let seats = [2, 3, 4][(i + round) % 3];
    let alt = if round.is_multiple_of(2) {
        GameKind::DoozyDice
    } else {
        GameKind::MixTheMutts
    };
    // (game, shape, seats, bots)
    match i % 6 {
        0 | 1 => (GameKind::DoozyDice, Shape::People, seats, 0),
        2 | 3 => (GameKind::MixTheMutts, Shape::People, seats, 0),
        4 => (
            alt,
            Shape::WithBots,
            2 + u8::from(round % 2 == 1),
            1 + u8::from(round % 2 == 1),
        ),
        _ => (alt, Shape::Bots, 3, 2),
    }
}

async fn room_until(c: &mut TestClient, ok: impl Fn(&RoomInfo) -> bool) {
    while !c.room.as_ref().is_some_and(&ok) {
        c.recv().await;
    }
}

/// A room of `kind` whose host (a person) seated `bots` bots and started;
/// the host's connection, welcomed and holding the match, and token.
async fn open_with_bots(
    api: &Api,
    kind: GameKind,
    variant: u64,
    bots: u8,
) -> (String, String, TestClient) {
    let options = (players::player(kind).options)(variant);
    let host = api.create_room(kind, Some(options), "Player 0").await;
    let code = host.code.0.clone();
    let mut c = api.connect_welcomed(&code, Some(&host.token)).await;
    for b in 0..bots {
        let level = if b % 2 == 0 {
            BotLevel::Normal
        } else {
            BotLevel::Easy
        };
        c.send(&ClientMsg::AddBot { level }).await;
        room_until(&mut c, |r| r.seats.len() == usize::from(b) + 2).await;
    }
    c.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut c).await;
    (code, host.token, c)
}

// ---------------------------------------------------------------- clients

/// Shared between the clients and the conductor.
struct Ctx {
    started: Instant,
    front: SocketAddr,
    /// Play the matches in play to their end; no more rematches.
    last: AtomicBool,
    acks: AtomicU64,
    ack: Notify,
    /// See [`Settings::think`].
    think: Duration,
}

/// How a connection ended.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum End {
    /// A close frame with this code.
    Code(u16),
    /// No close frame (reset, EOF).
    Dropped,
    /// The client closed it: its play is done.
    Done,
}

/// One connection of a client.
struct Conn {
    opened: Instant,
    /// The first message carrying the match (a snapshot or an update).
    first_state: Option<Instant>,
    ended: Option<(Instant, End)>,
}

#[derive(Default)]
struct ClientLog {
    conns: Vec<Conn>,
    /// Connection attempts that got no socket (HTTP 503 of the proxy or
    /// of a relay, refused, timed out): when.
    failed: Vec<(Instant, String)>,
    /// What each frame received named (the leak scan, after the run).
    named: Vec<Named>,
    /// When each update (or welcome with the match, or sync) came.
    updates: Vec<Instant>,
    /// A digest of the view held after each frame that changed it, with
    /// its match and version: each is checked against the stored log's
    /// view for this seat.
    views: HashSet<(MatchId, u64, u64)>,
}

/// A digest of a view as the server would encode it.
fn view_digest(view: &AnyView) -> u64 {
    let mut h = std::hash::DefaultHasher::new();
    std::hash::Hash::hash(&serde_json::to_string(view).unwrap(), &mut h);
    std::hash::Hasher::finish(&h)
}

/// Takes the frames `c` kept since the last call: what each one named,
/// and the view held after one that changed it.
fn scan_frames(c: &mut TestClient, kind: GameKind, log: &Log, changed: bool) -> Result<(), String> {
    let frames = std::mem::take(&mut c.frames);
    let Some(viewer) = c.you else {
        return Ok(());
    };
    let mut l = lock(log);
    for f in frames {
        let named = leak::named(players::player(kind), viewer, &f.text, f.at).map_err(|items| {
            format!(
                "{viewer:?} was sent {items:?} outside any match: {}",
                f.text
            )
        })?;
        l.named.extend(named);
    }
    if let (true, Some(s)) = (changed, &c.state) {
        l.views
            .insert((s.match_id, s.version, view_digest(&s.typed)));
    }
    Ok(())
}

/// The client's last connections, for a failure message.
fn history(log: &Log, started: Instant) -> String {
    let l = lock(log);
    let at = |t: Instant| format!("+{:.3}s", (t - started).as_secs_f64());
    let from = l.conns.len().saturating_sub(6);
    l.conns[from..]
        .iter()
        .map(|k| {
            format!(
                "  connection opened {}, served {}, ended {}\n",
                at(k.opened),
                k.first_state.map_or("never".into(), at),
                k.ended
                    .map_or("not yet".into(), |(t, e)| format!("{} ({e:?})", at(t)))
            )
        })
        .collect()
}

type Log = Arc<Mutex<ClientLog>>;

fn lock(log: &Log) -> std::sync::MutexGuard<'_, ClientLog> {
    log.lock().unwrap_or_else(|p| p.into_inner())
}

/// What a player's client did over the whole run.
struct SeatOutcome {
    /// Every action acknowledged to it: (action, version after it).
    acked: Vec<(SentAct, u64)>,
    /// Every refusal of one of its actions.
    refused: Vec<ErrorCode>,
    /// The match as it last held it.
    held: Option<MatchState>,
}

/// One player's client (a task) and its connections.
struct Client {
    room: usize,
    seat: u8,
    log: Log,
    task: Option<JoinHandle<Result<SeatOutcome, String>>>,
}

/// A bot room's keeper: its host, who comes now and then to start the next
/// match and have a bot stand in.
struct Keeper {
    room: usize,
    task: Option<JoinHandle<Result<KeeperOutcome, String>>>,
}

#[derive(Debug, Default)]
struct KeeperOutcome {
    visits: u32,
    rematches: u32,
    failed: u32,
}

enum ConnectError {
    /// Try again (no server, 503, refused, timed out).
    Again(String),
    /// A refusal no retry changes (4xx).
    Fatal(String),
}

/// Opens a socket to room `code` through the proxy and says hello with the
/// match and version `held`; the client starts out holding that state.
async fn connect(
    front: SocketAddr,
    code: &str,
    token: Option<&str>,
    held: Option<MatchState>,
) -> Result<TestClient, ConnectError> {
    let url = format!("ws://{front}/api/rooms/{code}/ws");
    let ws = match tokio::time::timeout(
        Duration::from_secs(4),
        tokio_tungstenite::connect_async(url),
    )
    .await
    {
        Err(_) => return Err(ConnectError::Again("no upgrade within 4 s".into())),
        Ok(Err(tungstenite::Error::Http(resp))) if resp.status().is_client_error() => {
            let body = resp
                .body()
                .as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned());
            return Err(ConnectError::Fatal(format!(
                "HTTP {}: {body:?}",
                resp.status()
            )));
        }
        Ok(Err(tungstenite::Error::Http(resp))) => {
            let body = resp
                .body()
                .as_ref()
                .map(|b| String::from_utf8_lossy(b).into_owned())
                .unwrap_or_default();
            let from = if body.contains("room_moved") {
                " (relay: room_moved)"
            } else if body.contains("No server is available") {
                " (HAProxy: no server)"
            } else {
                ""
            };
            return Err(ConnectError::Again(format!("HTTP {}{from}", resp.status())));
        }
        Ok(Err(e)) => return Err(ConnectError::Again(e.to_string())),
        Ok(Ok((ws, _))) => ws,
    };
    let mut c = TestClient::new(ws);
    c.pace = Some(PACE);
    c.record();
    let hello = ClientMsg::Hello {
        token: token.map(str::to_owned),
        last_version: held.as_ref().map(|s| s.version),
        match_id: held.as_ref().map(|s| s.match_id),
    };
    c.state = held;
    if !c.try_send(&hello).await {
        return Err(ConnectError::Again("the socket closed before hello".into()));
    }
    Ok(c)
}

/// The wait before reconnecting: jittered, from 100 ms up to at most 1 s,
/// longer after each failed try.
fn backoff(rng: &mut StdRng, tries: u32) -> Duration {
    let hi = (200u64 << tries.min(3)).min(1_000);
    Duration::from_millis(rng.random_range(100..=hi))
}

/// Refusals a fault may cause: the room stopped (drain, room moved) or
/// its store refused. Anything else is a bug.
fn expected_refusal(code: ErrorCode) -> bool {
    matches!(code, ErrorCode::ShuttingDown | ErrorCode::Storage)
}

/// Close codes a fault may cause: the server goes (1001, 1012), the room
/// moved (4010), a client fell behind a burst (4008; it resumes).
fn expected_close(code: u16) -> bool {
    matches!(
        code,
        close::GOING_AWAY | close::SERVICE_RESTART | close::ROOM_MOVED | close::FELL_BEHIND
    )
}

/// A player's client for the whole run: plays its seat on one connection
/// after another until, in the last round, its match is over.
async fn player(
    ctx: Arc<Ctx>,
    kind: GameKind,
    code: String,
    token: String,
    mut first: TestClient,
    log: Log,
    mut rng: StdRng,
) -> Result<SeatOutcome, String> {
    first.pace = Some(PACE);
    first.record();
    let mut out = SeatOutcome {
        acked: Vec::new(),
        refused: Vec::new(),
        held: first.state.clone(),
    };
    let mut next = Some(first);
    let mut tries = 0;
    let mut failing_since: Option<Instant> = None;
    loop {
        let c = match next.take() {
            Some(c) => c,
            None => match connect(ctx.front, &code, Some(&token), out.held.clone()).await {
                Ok(c) => {
                    lock(&log).conns.push(Conn {
                        opened: Instant::now(),
                        first_state: None,
                        ended: None,
                    });
                    c
                }
                Err(ConnectError::Fatal(e)) => {
                    return Err(format!("room {code}: connecting was refused: {e}"))
                }
                Err(ConnectError::Again(e)) => {
                    lock(&log).failed.push((Instant::now(), e.clone()));
                    let since = *failing_since.get_or_insert_with(Instant::now);
                    if since.elapsed() > STUCK {
                        return Err(format!(
                            "room {code}: no connection for {STUCK:?}; the last try: {e}"
                        ));
                    }
                    tokio::time::sleep(backoff(&mut rng, tries)).await;
                    tries += 1;
                    continue;
                }
            },
        };
        failing_since = None;
        let held = out.held.clone();
        let (mut c, end) = play_connection(&ctx, c, &log, held, &code, kind)
            .await
            .map_err(|e| format!("{e}\n{}", history(&log, ctx.started)))?;
        out.acked.extend(c.acked().map(|(a, v)| (a.clone(), v)));
        out.refused.extend(c.refused().map(|(_, code, _)| code));
        if c.state.is_some() {
            out.held = c.state.take();
        }
        let served = {
            let mut l = lock(&log);
            let conn = l.conns.last_mut().unwrap();
            conn.ended = Some((Instant::now(), end));
            conn.first_state.is_some()
        };
        match end {
            End::Done => return Ok(out),
            End::Code(close_code) if !expected_close(close_code) => {
                let errors: Vec<String> = c
                    .errors
                    .iter()
                    .map(|(code, m, seq)| format!("{code:?} {seq:?} {m}"))
                    .collect();
                return Err(format!(
                    "room {code}: {:?} closed with {close_code}, which no fault explains; on \
                     that connection {} actions answered ({} refused), {} pending, errors \
                     {errors:?}; holding {:?}\n{}",
                    c.you,
                    c.answered.len(),
                    c.refused().count(),
                    c.pending.len(),
                    c.state
                        .as_ref()
                        .map(|s| (s.version, &s.to_act, s.result.is_some())),
                    history(&log, ctx.started)
                ));
            }
            _ => {}
        }
        if served {
            tries = 0;
        }
        tokio::time::sleep(backoff(&mut rng, tries)).await;
        tries += 1;
    }
}

/// Plays one connection until it ends, or (in the last round) the match is
/// over.
async fn play_connection(
    ctx: &Ctx,
    mut c: TestClient,
    log: &Log,
    held: Option<MatchState>,
    code: &str,
    kind: GameKind,
) -> Result<(TestClient, End), String> {
    let opened = Instant::now();
    let who = |c: &TestClient| format!("room {code} {:?}", c.you);
    // The setup's connection is welcomed and holds its match already.
    let mut ready = c.you.is_some();
    let mut asked: Option<MatchId> = None;
    // In the last round, a seat that asked for a rematch takes it back and
    // waits for the server to have handled that (a ping's pong) before it
    // stops: the others may have asked too, and then the match started.
    let mut withdrawing: Option<(MatchId, u32)> = None;
    // What the welcome said, for a message.
    let mut welcomed = String::from("not yet");
    // The version the table last changed to, and when it was seen.
    let mut seen: Option<(u64, Instant)> = None;
    let (mut pings, mut pongs) = (0u32, 0u32);
    let mut errors = 0;
    let mut heard = Instant::now();
    let mut pinged = Instant::now();
    loop {
        for (code, message, seq) in &c.errors[errors..] {
            if expected_refusal(*code)
                // Taking a rematch back is refused once it has started.
                || (*code == ErrorCode::NotNow && withdrawing.is_some())
            {
                continue;
            }
            return Err(format!(
                "{}: refused {code:?} (client_seq {seq:?}) {:.3}s after connecting \
                 (welcomed {welcomed}): {message}",
                who(&c),
                opened.elapsed().as_secs_f64()
            ));
        }
        errors = c.errors.len();
        let over = c.state.as_ref().is_some_and(|s| s.result.is_some());
        if let (true, true, Some(seat)) = (ready, over, c.seat()) {
            let m = c.match_id();
            // A room announces its next match just before sending it: then
            // there is nothing to ask for or take back.
            let finished = c
                .room
                .as_ref()
                .is_some_and(|r| r.status == RoomStatus::Finished);
            let listed = c.room.as_ref().is_some_and(|r| r.rematch.contains(&seat));
            if ctx.last.load(Ordering::SeqCst) {
                let withdrawn = withdrawing.is_some_and(|(w, ping)| w == m && pongs >= ping);
                if withdrawn || (finished && asked != Some(m) && !listed) {
                    let _ = c.ws.close(None).await;
                    return Ok((c, End::Done));
                }
                if finished && withdrawing.is_none_or(|(w, _)| w != m) {
                    c.try_send(&ClientMsg::Rematch { ready: false }).await;
                    c.try_send(&ClientMsg::Ping).await;
                    pings += 1;
                    withdrawing = Some((m, pings));
                }
            } else if finished && asked != Some(m) && !listed {
                // Every seat asks for the next match, on every connection
                // (a room that moved forgot who had asked), unless the room
                // shows it asked already.
                asked = Some(m);
                c.try_send(&ClientMsg::Rematch { ready: true }).await;
            }
        }
        if ready {
            // With a think time, a player acts that long after the table
            // last changed (a new version), as a person would.
            let version = c.state.as_ref().map(|s| s.version);
            let due = match (version, seen) {
                _ if ctx.think.is_zero() => true,
                (Some(v), Some((w, at))) if v == w => at.elapsed() >= ctx.think,
                (Some(v), _) => {
                    seen = Some((v, Instant::now()));
                    false
                }
                (None, _) => true,
            };
            if due {
                act_if_due(&mut c).await;
            }
        }
        let wait = if ctx.think.is_zero() {
            Duration::from_millis(250)
        } else {
            (ctx.think / 4).clamp(Duration::from_millis(10), Duration::from_millis(250))
        };
        match c.next_event(wait).await {
            Event::Msg(msg) => {
                heard = Instant::now();
                let state =
                    match &msg {
                        ServerMsg::Welcome {
                            resumed, snapshot, ..
                        } => {
                            // A resumed welcome is followed by what was missed:
                            // decide nothing on the old view before it.
                            ready = !*resumed;
                            welcomed =
                                format!(
                            "+{:.3}s: resumed {resumed}, room {:?} rematch {:?}, match {:?}, \
                             holding {:?}",
                            (Instant::now() - ctx.started).as_secs_f64(),
                            c.room.as_ref().map(|r| r.status),
                            c.room.as_ref().map(|r| &r.rematch),
                            snapshot.as_ref().map(|s| (s.match_id, s.version, s.result.is_some())),
                            held.as_ref().map(|h| (h.match_id, h.version, h.result.is_some()))
                        );
                            if let (Some(h), Some(s)) = (&held, snapshot) {
                                if h.match_id == s.match_id && s.version < h.version {
                                    return Err(format!(
                                        "{}: held version {} of match {} but was welcomed at \
                                     version {}: the log went backwards",
                                        who(&c),
                                        h.version,
                                        h.match_id,
                                        s.version
                                    ));
                                }
                            }
                            snapshot.is_some()
                        }
                        ServerMsg::Update { .. } => {
                            ready = true;
                            true
                        }
                        ServerMsg::Sync { .. } => true,
                        ServerMsg::Pong => {
                            pongs += 1;
                            false
                        }
                        ServerMsg::Ack { .. } => {
                            ctx.acks.fetch_add(1, Ordering::SeqCst);
                            ctx.ack.notify_waiters();
                            false
                        }
                        _ => false,
                    };
                if state {
                    let mut l = lock(log);
                    let conn = l.conns.last_mut().unwrap();
                    conn.first_state.get_or_insert_with(Instant::now);
                    l.updates.push(Instant::now());
                }
                scan_frames(&mut c, kind, log, state).map_err(|e| format!("{}: {e}", who(&c)))?;
            }
            Event::Closed(code) => return Ok((c, End::Code(code.unwrap_or(1005)))),
            Event::Dropped(_) => return Ok((c, End::Dropped)),
            Event::Timeout => {
                // Keep talking while nothing comes (a paused server's
                // clients keep sending).
                if heard.elapsed() > Duration::from_secs(1)
                    && pinged.elapsed() > Duration::from_secs(1)
                {
                    pinged = Instant::now();
                    c.try_send(&ClientMsg::Ping).await;
                    pings += 1;
                }
                if heard.elapsed() > STUCK {
                    return Err(format!(
                        "{}: nothing from the server for {STUCK:?}; holding {:?} (to act {:?}), \
                         pending {:?}",
                        who(&c),
                        c.state.as_ref().map(|s| s.version),
                        c.state.as_ref().map(|s| &s.to_act),
                        c.pending
                    ));
                }
            }
        }
    }
}

/// Reads `c` until `done` holds; `Err` if the socket ends, a refusal
/// arrives or `deadline` passes.
async fn read_until(
    c: &mut TestClient,
    deadline: Instant,
    done: impl Fn(&TestClient) -> bool,
) -> Result<(), String> {
    loop {
        if done(c) {
            return Ok(());
        }
        if let Some((code, message, _)) = c.errors.first() {
            return Err(format!("{code:?}: {message}"));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        match c.next_event(left).await {
            Event::Msg(_) => {}
            other => return Err(format!("{other:?}")),
        }
    }
}

/// One visit of a bot room's host: takes the seat back (connecting does),
/// starts the next match if `rematch` and the last one is over, and has a
/// bot stand in again. `Ok(true)` when it started a match.
async fn visit(front: SocketAddr, code: &str, token: &str, rematch: bool) -> Result<bool, String> {
    let mut c = match connect(front, code, Some(token), None).await {
        Ok(c) => c,
        Err(ConnectError::Again(e) | ConnectError::Fatal(e)) => return Err(e),
    };
    let deadline = Instant::now() + Duration::from_secs(8);
    read_until(&mut c, deadline, |c| c.you.is_some()).await?;
    let status = |c: &TestClient| c.room.as_ref().map(|r| r.status);
    let mut started = false;
    if rematch && status(&c) == Some(RoomStatus::Finished) {
        c.try_send(&ClientMsg::Rematch { ready: true }).await;
        read_until(&mut c, deadline, |c| {
            status(c) == Some(RoomStatus::Playing)
                && c.state.as_ref().is_some_and(|s| s.result.is_none())
        })
        .await?;
        started = true;
    }
    if status(&c) == Some(RoomStatus::Playing) {
        c.try_send(&ClientMsg::StandIn {
            seat: Seat(0),
            on: true,
        })
        .await;
        read_until(&mut c, deadline, |c| {
            c.room
                .as_ref()
                .is_some_and(|r| r.seats.first().is_some_and(|s| s.stand_in))
        })
        .await?;
    }
    let _ = c.ws.close(None).await;
    Ok(started)
}

/// A bot room's host, who stays away (so no socket comes for the room)
/// but looks in when a match is over, or when the seat is not stood in for.
async fn keeper(
    ctx: Arc<Ctx>,
    pool: PgPool,
    code: String,
    token: String,
    mut rng: StdRng,
) -> Result<KeeperOutcome, String> {
    let mut out = KeeperOutcome::default();
    let mut failing_since: Option<Instant> = None;
    loop {
        tokio::time::sleep(Duration::from_millis(rng.random_range(200..500))).await;
        let row = match sqlx::query(
            "select r.status, s.stand_in from room r join seat s on s.room_code = r.room_code \
             and s.seat = 0 where r.room_code = $1",
        )
        .bind(&code)
        .fetch_one(&pool)
        .await
        {
            Ok(row) => row,
            // The database restarting (a fault): look again in a moment.
            Err(e) => {
                let since = *failing_since.get_or_insert_with(Instant::now);
                if since.elapsed() > STUCK {
                    return Err(format!("room {code}: the database for {STUCK:?}: {e}"));
                }
                continue;
            }
        };
        let status: String = row.get(0);
        let stand_in: i64 = row.get(1);
        let last = ctx.last.load(Ordering::SeqCst);
        let rematch = match status.as_str() {
            "finished" if last => return Ok(out),
            "finished" => true,
            "playing" if stand_in == 0 => false,
            _ => continue,
        };
        match visit(ctx.front, &code, &token, rematch).await {
            Ok(started) => {
                out.visits += 1;
                out.rematches += u32::from(started);
                failing_since = None;
            }
            Err(e) => {
                out.failed += 1;
                let since = *failing_since.get_or_insert_with(Instant::now);
                if since.elapsed() > STUCK {
                    return Err(format!(
                        "bot room {code}: its host could not look in for {STUCK:?}: {e}"
                    ));
                }
            }
        }
    }
}

/// Fails the run if a client or keeper stopped before the last round.
async fn check_running(clients: &mut [Client], keepers: &mut [Keeper], rooms: &[RoomPlan]) {
    for c in clients.iter_mut() {
        if c.task.as_ref().is_some_and(JoinHandle::is_finished) {
            let result = c.task.take().unwrap().await;
            let code = &rooms[c.room].code;
            match result {
                Ok(Ok(_)) => panic!("room {code} seat {}: the client stopped early", c.seat),
                Ok(Err(e)) => panic!("{e}"),
                Err(e) => panic!("room {code} seat {}: the client failed: {e}", c.seat),
            }
        }
    }
    for k in keepers.iter_mut() {
        if k.task.as_ref().is_some_and(JoinHandle::is_finished) {
            let result = k.task.take().unwrap().await;
            let code = &rooms[k.room].code;
            match result {
                Ok(Ok(_)) => panic!("bot room {code}: the keeper stopped early"),
                Ok(Err(e)) => panic!("{e}"),
                Err(e) => panic!("bot room {code}: the keeper failed: {e}"),
            }
        }
    }
}

// ---------------------------------------------------------------- faults

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    Kill9,
    Sigterm,
    Sigstop,
    Haproxy,
    Postgres,
}

impl Kind {
    fn name(self) -> &'static str {
        match self {
            Kind::Kill9 => "kill -9",
            Kind::Sigterm => "SIGTERM (drain)",
            Kind::Sigstop => "SIGSTOP 3 leases",
            Kind::Haproxy => "HAProxy restart",
            Kind::Postgres => "Postgres restart",
        }
    }

    /// The time back is counted from the end of the fault (the database
    /// answering again: the bound is its downtime + 3 s), not its start.
    fn counted_from_end(self) -> bool {
        self == Kind::Postgres
    }
}

#[derive(Debug, Clone, Copy)]
enum Plan {
    Kill9,
    Rolling,
    Sigstop,
    Haproxy,
    Postgres,
}

const PLANS: [Plan; 5] = [
    Plan::Kill9,
    Plan::Rolling,
    Plan::Sigstop,
    Plan::Haproxy,
    Plan::Postgres,
];

struct Fault {
    kind: Kind,
    node: Option<usize>,
    /// When it struck.
    at: Instant,
    /// When it was over (the process restarted, continued).
    until: Instant,
    /// The rooms it hit: those the node owned, or all (the proxy).
    rooms: Vec<usize>,
    note: String,
}

/// Is every client connected and served again after `fault`? Clients of
/// the rooms it hit must have reconnected since (or kept a connection that
/// never ended until well after it: the fault missed them).
fn settled(c: &Client, fault: &Fault) -> bool {
    let log = lock(&c.log);
    let Some(last) = log.conns.last() else {
        return false;
    };
    if last.ended.is_some() || last.first_state.is_none() {
        return false;
    }
    if !fault.rooms.contains(&c.room) || last.opened >= fault.at {
        return true;
    }
    Instant::now() > fault.until + Duration::from_secs(5)
}

struct Conductor {
    started: Instant,
    pool: PgPool,
    rooms: Vec<RoomPlan>,
    clients: Vec<Client>,
    keepers: Vec<Keeper>,
    faults: Vec<Fault>,
    /// (fault index, node, rooms) for each SIGSTOP: fenced writes counted
    /// on the paused node, and 4010 closes at its rooms' clients.
    sigstops: Vec<(usize, String, f64, usize)>,
    /// Nodes that joined again as a new run when no fault hit them (their
    /// lease was taken).
    rejoins: Vec<String>,
}

impl Conductor {
    fn t(&self) -> f64 {
        self.started.elapsed().as_secs_f64()
    }

    async fn rooms_of(&self, node: &str) -> Vec<usize> {
        let codes = owned(&self.pool, node).await;
        (0..self.rooms.len())
            .filter(|i| codes.contains(&self.rooms[*i].code))
            .collect()
    }

    /// Waits (checking the clients) for `d`.
    async fn pause(&mut self, d: Duration) {
        let until = Instant::now() + d;
        while Instant::now() < until {
            check_running(&mut self.clients, &mut self.keepers, &self.rooms).await;
            let left = until.saturating_duration_since(Instant::now());
            tokio::time::sleep(left.min(Duration::from_millis(200))).await;
        }
    }

    /// A random moment: after a random wait, or right after the n-th next
    /// acknowledgement.
    async fn moment(&mut self, ctx: &Ctx, rng: &mut StdRng, full: bool) {
        let gap = if full { 2_000..8_000 } else { 500..2_500 };
        self.pause(Duration::from_millis(rng.random_range(gap)))
            .await;
        if rng.random_bool(0.5) {
            let n = ctx.acks.load(Ordering::SeqCst) + rng.random_range(1..20);
            let until = Instant::now() + Duration::from_secs(10);
            while ctx.acks.load(Ordering::SeqCst) < n && Instant::now() < until {
                let _ = tokio::time::timeout(Duration::from_millis(200), ctx.ack.notified()).await;
            }
        }
    }

    /// Waits until every client is back after the last fault.
    async fn settle(&mut self, limit: Duration) -> Duration {
        let fault = self.faults.last().unwrap();
        let (at, until) = (fault.at, Instant::now() + limit);
        loop {
            check_running(&mut self.clients, &mut self.keepers, &self.rooms).await;
            let fault = self.faults.last().unwrap();
            let waiting: Vec<String> = self
                .clients
                .iter()
                .filter(|c| !settled(c, fault))
                .map(|c| format!("{} seat {}", self.rooms[c.room].code, c.seat))
                .collect();
            if waiting.is_empty() {
                return at.elapsed();
            }
            assert!(
                Instant::now() < until,
                "{} clients not back {limit:?} after {} ({}): {waiting:?}",
                waiting.len(),
                fault.kind.name(),
                fault.note
            );
            tokio::time::sleep(Duration::from_millis(100)).await;
        }
    }

    fn record(&mut self, fault: Fault) {
        eprintln!(
            "chaos +{:.1}s: {} {} ({} rooms hit) {}",
            (fault.at - self.started).as_secs_f64(),
            fault.kind.name(),
            fault.node.map_or(String::new(), |n| format!("n{}", n + 1)),
            fault.rooms.len(),
            fault.note
        );
        self.faults.push(fault);
    }

    /// Checks that the nodes no fault hit kept their runs.
    async fn check_rejoins(&mut self, before: &BTreeMap<String, i64>, hit: &[usize]) {
        let now = incarnations(&self.pool).await;
        for (node, run) in before {
            let i: usize = node[1..].parse::<usize>().unwrap() - 1;
            if !hit.contains(&i) && now.get(node) != Some(run) {
                eprintln!(
                    "chaos +{:.1}s: SUSPICIOUS: {node} joined again as a new run though no \
                     fault hit it (its lease was taken)",
                    self.t()
                );
                self.rejoins.push(node.clone());
            }
        }
    }

    async fn kill9(&mut self, cl: &mut Cluster, rng: &mut StdRng) {
        // A random node among those serving players (a node that owns no
        // room with players in it hits nobody).
        let mut serving = Vec::new();
        for (i, n) in cl.nodes.iter().enumerate() {
            let rooms = self.rooms_of(&n.id).await;
            if rooms.iter().any(|r| self.rooms[*r].shape != Shape::Bots) {
                serving.push(i);
            }
        }
        if serving.is_empty() {
            serving = (0..cl.nodes.len()).collect();
        }
        let i = serving[rng.random_range(0..serving.len())];
        let before = incarnations(&self.pool).await;
        let rooms = self.rooms_of(&cl.nodes[i].id).await;
        let at = Instant::now();
        cl.nodes[i].proc.take().unwrap().kill().await;
        let wait = Duration::from_millis(rng.random_range(0..2_500));
        tokio::time::sleep(wait).await;
        cl.start_node(i).await;
        self.record(Fault {
            kind: Kind::Kill9,
            node: Some(i),
            at,
            until: Instant::now(),
            rooms,
            note: format!(
                "restarted {:.1}s later (after waiting {:.1}s)",
                at.elapsed().as_secs_f64(),
                wait.as_secs_f64()
            ),
        });
        let back = self.settle(Duration::from_secs(45)).await;
        eprintln!(
            "  every client back {:.1}s after the kill",
            back.as_secs_f64()
        );
        self.check_rejoins(&before, &[i]).await;
    }

    async fn rolling(&mut self, cl: &mut Cluster, rng: &mut StdRng) {
        let mut order: Vec<usize> = (0..cl.nodes.len()).collect();
        order.shuffle(rng);
        for i in order {
            let before = incarnations(&self.pool).await;
            let rooms = self.rooms_of(&cl.nodes[i].id).await;
            let at = Instant::now();
            let clean = cl.nodes[i]
                .proc
                .take()
                .unwrap()
                .terminate(Duration::from_secs(30))
                .await;
            assert!(clean, "n{} did not exit cleanly after its drain", i + 1);
            let drained = at.elapsed();
            cl.start_node(i).await;
            self.record(Fault {
                kind: Kind::Sigterm,
                node: Some(i),
                at,
                until: Instant::now(),
                rooms,
                note: format!(
                    "drained in {:.1}s, restarted {:.1}s after SIGTERM",
                    drained.as_secs_f64(),
                    at.elapsed().as_secs_f64()
                ),
            });
            let back = self.settle(Duration::from_secs(30)).await;
            eprintln!(
                "  every client back {:.1}s after SIGTERM",
                back.as_secs_f64()
            );
            self.check_rejoins(&before, &[i]).await;
            // HAProxy counts the restarted node in after three checks
            // half a second apart.
            self.pause(Duration::from_millis(1_600)).await;
        }
    }

    async fn sigstop(&mut self, cl: &mut Cluster, rng: &mut StdRng) {
        let mut counts = Vec::new();
        for n in &cl.nodes {
            counts.push(self.rooms_of(&n.id).await.len());
        }
        let most = *counts.iter().max().unwrap();
        let mut candidates: Vec<usize> = (0..counts.len()).filter(|i| counts[*i] == most).collect();
        candidates.shuffle(rng);
        let i = candidates[0];
        let before_runs = incarnations(&self.pool).await;
        let fenced_before = metric(&cl.metrics(i).await, "parlor_fenced_writes_total");
        let rooms = self.rooms_of(&cl.nodes[i].id).await;
        let pid = cl.pid(i);
        let at = Instant::now();
        signal(pid, "STOP").await;
        tokio::time::sleep(3 * LEASE).await;
        signal(pid, "CONT").await;
        self.record(Fault {
            kind: Kind::Sigstop,
            node: Some(i),
            at,
            until: Instant::now(),
            rooms: rooms.clone(),
            note: format!("continued {:.1}s later", at.elapsed().as_secs_f64()),
        });
        let back = self.settle(Duration::from_secs(45)).await;
        eprintln!(
            "  every client back {:.1}s after SIGSTOP",
            back.as_secs_f64()
        );
        let fenced = metric(&cl.metrics(i).await, "parlor_fenced_writes_total") - fenced_before;
        let moved = self
            .clients
            .iter()
            .filter(|c| rooms.contains(&c.room))
            .map(|c| {
                lock(&c.log)
                    .conns
                    .iter()
                    .filter(|k| {
                        k.ended
                            .is_some_and(|(t, e)| t >= at && e == End::Code(close::ROOM_MOVED))
                    })
                    .count()
            })
            .sum();
        eprintln!(
            "  n{}: {fenced} fenced writes, {moved} closes with 4010 at its clients",
            i + 1
        );
        self.sigstops
            .push((self.faults.len() - 1, cl.nodes[i].id.clone(), fenced, moved));
        self.check_rejoins(&before_runs, &[i]).await;
    }

    /// Postgres stopped (`fast`: every session cut, open transactions rolled
    /// back, a commit in flight possibly done without its answer) and
    /// started again after up to 2 s.
    async fn postgres(&mut self, cl: &mut Cluster, rng: &mut StdRng) {
        let before = incarnations(&self.pool).await;
        let at = Instant::now();
        cl.pg.down().await;
        let stopped = at.elapsed();
        tokio::time::sleep(Duration::from_millis(rng.random_range(0..2_000))).await;
        cl.pg.up().await;
        self.record(Fault {
            kind: Kind::Postgres,
            node: None,
            at,
            until: Instant::now(),
            rooms: (0..self.rooms.len()).collect(),
            note: format!(
                "stopped in {:.1}s, answering again {:.1}s after the stop began",
                stopped.as_secs_f64(),
                at.elapsed().as_secs_f64()
            ),
        });
        let back = self.settle(Duration::from_secs(30)).await;
        eprintln!(
            "  every client back {:.1}s after the restart began",
            back.as_secs_f64()
        );
        // A database away for less than a lease takes no server's lease.
        self.check_rejoins(&before, &[]).await;
    }

    async fn haproxy(&mut self, cl: &mut Cluster, rng: &mut StdRng) {
        let before = incarnations(&self.pool).await;
        let at = Instant::now();
        cl.proxy.take().unwrap().kill().await;
        let wait = Duration::from_millis(rng.random_range(0..1_000));
        tokio::time::sleep(wait).await;
        cl.start_proxy().await;
        self.record(Fault {
            kind: Kind::Haproxy,
            node: None,
            at,
            until: Instant::now(),
            rooms: (0..self.rooms.len()).collect(),
            note: format!("answering again {:.1}s later", at.elapsed().as_secs_f64()),
        });
        let back = self.settle(Duration::from_secs(30)).await;
        eprintln!(
            "  every client back {:.1}s after the restart",
            back.as_secs_f64()
        );
        self.check_rejoins(&before, &[]).await;
    }
}

/// Nearest-rank percentile of sorted `xs`.
fn pct(xs: &[Duration], p: f64) -> Duration {
    let rank = ((p * xs.len() as f64).ceil() as usize).clamp(1, xs.len());
    xs[rank - 1]
}

fn secs(d: Duration) -> String {
    format!("{:.2}s", d.as_secs_f64())
}

// ---------------------------------------------------------------- the run

// Four workers on two cores: the run's own checks come in bursts (every
// client reconnecting at once after a fault), and on two workers a burst
// held every client's timer back for up to 1.7 s (the heartbeat below saw
// it), which the failover times counted against the servers.
#[tokio::test(flavor = "multi_thread", worker_threads = 4)]
async fn chaos() {
    let (Some(haproxy), Some(_)) = (haproxy_bin(), PrivatePostgres::bin_dir()) else {
        if std::env::var_os("CI").is_some() {
            panic!("the chaos run needs HAProxy and Postgres's server binaries in CI");
        }
        eprintln!(
            "SKIPPING the chaos run: no haproxy (set PARLOR_HAPROXY) or no Postgres server \
             binaries (set PARLOR_PG_BIN)"
        );
        return;
    };
    // Its own Postgres: restarting it is one of the faults.
    let pg = PrivatePostgres::start().await;
    let db = TestDb::postgres_on(&pg.admin_url()).await;
    let s = settings();
    let started = Instant::now();
    eprintln!(
        "chaos: seed {} (PARLOR_CHAOS_SEED={} repeats it), {} s of faults, {} rooms, {} run, \
         players think {} ms",
        s.seed,
        s.seed,
        s.secs,
        s.rooms,
        if s.full { "full" } else { "short" },
        s.think.as_millis()
    );
    // The run's own clients share this runtime: a stall here would count
    // against the servers' failover times, so say when one happens.
    let heartbeat = tokio::spawn(async move {
        let tick = Duration::from_millis(50);
        loop {
            let at = Instant::now();
            tokio::time::sleep(tick).await;
            let late = at.elapsed().saturating_sub(tick);
            if late > Duration::from_millis(200) {
                eprintln!(
                    "chaos +{:.1}s: this run's own runtime stalled {} ms (its clients wait too)",
                    (at - started).as_secs_f64(),
                    late.as_millis()
                );
            }
        }
    });
    let mut rng = StdRng::seed_from_u64(s.seed);
    let dir = std::env::temp_dir().join(format!("parlor-chaos-{}", uuid::Uuid::new_v4().simple()));
    let mut cl = Cluster {
        url: db.url().to_owned(),
        nodes: (1..=3)
            .map(|i| Node {
                id: format!("n{i}"),
                addr: free_addr(),
                proc: None,
            })
            .collect(),
        proxy: None,
        haproxy,
        dir: dir.clone(),
        front: free_addr(),
        pg,
    };
    for i in 0..cl.nodes.len() {
        cl.start_node(i).await;
    }
    cl.start_proxy().await;
    let pool = PgPoolOptions::new()
        .max_connections(3)
        .connect(db.url())
        .await
        .unwrap();
    let ctx = Arc::new(Ctx {
        front: cl.front,
        last: AtomicBool::new(false),
        acks: AtomicU64::new(0),
        started,
        ack: Notify::new(),
        think: s.think,
    });

    // Rooms, created and joined through the proxy.
    let api = Api::new(cl.front);
    let mut rooms = Vec::new();
    let mut clients = Vec::new();
    let mut keepers = Vec::new();
    for i in 0..s.rooms {
        let (kind, shape, seats, bots) = plan(i);
        let variant = i as u64;
        let mut seat_clients = Vec::new();
        let code = match shape {
            Shape::People => {
                let mut t = Table::started(&api, kind, variant, seats, 0).await;
                for (seat, (c, token)) in t.seats.drain(..).zip(t.tokens.clone()).enumerate() {
                    seat_clients.push((seat, c, token));
                }
                t.code.clone()
            }
            Shape::WithBots => {
                let (code, token, c) = open_with_bots(&api, kind, variant, bots).await;
                seat_clients.push((0, c, token));
                code
            }
            Shape::Bots => {
                let (code, token, mut c) = open_with_bots(&api, kind, variant, bots).await;
                c.send(&ClientMsg::StandIn {
                    seat: Seat(0),
                    on: true,
                })
                .await;
                room_until(&mut c, |r| r.seats[0].stand_in).await;
                let _ = c.ws.close(None).await;
                keepers.push(Keeper {
                    room: i,
                    task: Some(tokio::spawn(keeper(
                        ctx.clone(),
                        pool.clone(),
                        code.clone(),
                        token,
                        StdRng::seed_from_u64(rng.random()),
                    ))),
                });
                code
            }
        };
        for (seat, c, token) in seat_clients {
            let log: Log = Arc::new(Mutex::new(ClientLog {
                conns: vec![Conn {
                    opened: Instant::now(),
                    first_state: Some(Instant::now()),
                    ended: None,
                }],
                failed: Vec::new(),
                named: Vec::new(),
                updates: Vec::new(),
                views: HashSet::new(),
            }));
            clients.push(Client {
                room: i,
                seat: u8::try_from(seat).unwrap(),
                log: log.clone(),
                task: Some(tokio::spawn(player(
                    ctx.clone(),
                    kind,
                    code.clone(),
                    token,
                    c,
                    log,
                    StdRng::seed_from_u64(rng.random()),
                ))),
            });
        }
        rooms.push(RoomPlan {
            code,
            kind,
            shape,
            seats,
        });
    }
    eprintln!(
        "chaos +{:.1}s: {} rooms, {} players' clients, {} bot rooms kept",
        started.elapsed().as_secs_f64(),
        rooms.len(),
        clients.len(),
        keepers.len()
    );

    // Faults, one at a time.
    let mut con = Conductor {
        started,
        pool: pool.clone(),
        rooms,
        clients,
        keepers,
        faults: Vec::new(),
        sigstops: Vec::new(),
        rejoins: Vec::new(),
    };
    let each = if s.full { 2 } else { 1 };
    let mut required: Vec<Plan> = (0..each).flat_map(|_| PLANS).collect();
    required.shuffle(&mut rng);
    let faults_from = Instant::now();
    loop {
        let plan = match required.pop() {
            Some(p) => p,
            None if faults_from.elapsed() < Duration::from_secs(s.secs) => {
                PLANS[rng.random_range(0..PLANS.len())]
            }
            None => break,
        };
        con.moment(&ctx, &mut rng, s.full).await;
        match plan {
            Plan::Kill9 => con.kill9(&mut cl, &mut rng).await,
            Plan::Rolling => con.rolling(&mut cl, &mut rng).await,
            Plan::Sigstop => con.sigstop(&mut cl, &mut rng).await,
            Plan::Haproxy => con.haproxy(&mut cl, &mut rng).await,
            Plan::Postgres => con.postgres(&mut cl, &mut rng).await,
        }
    }
    let faults_took = faults_from.elapsed();

    // The last round: every match in play to its end, no rematches.
    eprintln!(
        "chaos +{:.1}s: faults over; playing the matches to their end",
        con.t()
    );
    ctx.last.store(true, Ordering::SeqCst);
    let finish_from = Instant::now();
    let deadline = finish_from + FINISH;
    loop {
        let open_clients: Vec<&Client> = con
            .clients
            .iter()
            .filter(|c| c.task.as_ref().is_some_and(|t| !t.is_finished()))
            .collect();
        let open_keepers = con
            .keepers
            .iter()
            .filter(|k| k.task.as_ref().is_some_and(|t| !t.is_finished()))
            .count();
        if open_clients.is_empty() && open_keepers == 0 {
            break;
        }
        if Instant::now() > deadline {
            let mut why = String::new();
            for c in &open_clients {
                let code = &con.rooms[c.room].code;
                let row = sqlx::query(
                    "select r.status, m.status, (select cast(coalesce(sum(s.steps), 0) as bigint) from step_batch s \
                     where s.match_id = m.match_id) from room r left join game_match m \
                     on m.room_code = r.room_code and m.status = 'playing' where r.room_code = $1",
                )
                .bind(code)
                .fetch_one(&pool)
                .await
                .unwrap();
                let (room, m, steps): (String, Option<String>, Option<i64>) =
                    (row.get(0), row.get(1), row.get(2));
                let _ = writeln!(
                    why,
                    "  room {code} seat {}: room {room}, match {m:?} with {steps:?} steps",
                    c.seat
                );
            }
            panic!(
                "{} clients and {open_keepers} bot rooms had not finished their matches \
                 {FINISH:?} after the faults stopped:\n{why}",
                open_clients.len()
            );
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    let finish_took = finish_from.elapsed();
    let mut outcomes: Vec<(usize, SeatOutcome)> = Vec::new();
    for c in &mut con.clients {
        let code = &con.rooms[c.room].code;
        match c.task.take().unwrap().await {
            Ok(Ok(o)) => outcomes.push((c.room, o)),
            Ok(Err(e)) => panic!("{e}"),
            Err(e) => panic!("room {code} seat {}: the client failed: {e}", c.seat),
        }
    }
    let mut kept = KeeperOutcome::default();
    for k in &mut con.keepers {
        match k.task.take().unwrap().await {
            Ok(Ok(o)) => {
                kept.visits += o.visits;
                kept.rematches += o.rematches;
                kept.failed += o.failed;
            }
            Ok(Err(e)) => panic!("{e}"),
            Err(e) => panic!(
                "bot room {}: the keeper failed: {e}",
                con.rooms[k.room].code
            ),
        }
    }
    let mut report = String::new();

    // 1. Epochs along every log; each one a claim of that room.
    let claims: HashSet<(String, i64)> = sqlx::query("select room_code, epoch from ownership_log")
        .fetch_all(&pool)
        .await
        .unwrap()
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    let steps = sqlx::query(
        "select m.room_code, s.match_id, s.seq, s.epoch from step_batch s \
         join game_match m on m.match_id = s.match_id order by s.match_id, s.seq",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    let mut last: Option<(String, i64)> = None;
    let mut epochs_per_match: HashMap<String, HashSet<i64>> = HashMap::new();
    for r in &steps {
        let (room, id, seq, epoch): (String, String, i64, Option<i64>) =
            (r.get(0), r.get(1), r.get(2), r.get(3));
        let epoch = epoch.unwrap_or_else(|| panic!("match {id} step {seq} carries no epoch"));
        assert!(
            claims.contains(&(room.clone(), epoch)),
            "match {id} (room {room}) step {seq} was written at epoch {epoch}, never a claim \
             of that room"
        );
        if let Some((prev_id, prev)) = &last {
            assert!(
                prev_id != &id || *prev <= epoch,
                "match {id} (room {room}): step {seq} at epoch {epoch} after one at epoch {prev}"
            );
        }
        epochs_per_match
            .entry(id.clone())
            .or_default()
            .insert(epoch);
        last = Some((id, epoch));
    }
    let moved_matches = epochs_per_match.values().filter(|e| e.len() > 1).count();
    let claim_reasons: BTreeMap<String, i64> =
        sqlx::query("select reason, count(*) from ownership_log group by reason order by reason")
            .fetch_all(&pool)
            .await
            .unwrap()
            .iter()
            .map(|r| (r.get(0), r.get(1)))
            .collect();

    // 2. Every acknowledged action is in the log; none acknowledged twice.
    let store = Store::connect(db.url()).await.unwrap();
    let mut truths: HashMap<MatchId, Truth> = HashMap::new();
    let mut acked_steps: HashSet<(MatchId, u64)> = HashSet::new();
    for (room, o) in &outcomes {
        for (sent, acked_at) in &o.acked {
            let id = sent.match_id.unwrap();
            if let std::collections::hash_map::Entry::Vacant(e) = truths.entry(id) {
                e.insert(Truth::load(&store, id).await);
            }
            let truth = &truths[&id];
            let seat = sent.seat.unwrap();
            match truth.actions_by(seat, sent.version).into_iter().next() {
                Some((seq, action)) if action == sent.action && seq <= *acked_at => {
                    assert!(
                        acked_steps.insert((id, seq)),
                        "room {}: step {seq} of match {id} was acknowledged twice",
                        con.rooms[*room].code
                    );
                }
                other => panic!(
                    "room {} seat {seat}: {:?} decided on version {} was acknowledged at {acked_at}, \
                     but the log has {other:?} (stored version {})",
                    con.rooms[*room].code,
                    sent.action,
                    sent.version,
                    truth.version()
                ),
            }
        }
    }
    let acks_checked = acked_steps.len();
    assert!(acks_checked > 0, "nothing was acknowledged");
    let mut refusals: BTreeMap<String, usize> = BTreeMap::new();
    for (_, o) in &outcomes {
        for code in &o.refused {
            *refusals.entry(format!("{code:?}")).or_default() += 1;
        }
    }

    // 3. Every match finished and verifies from its seed, exported through
    // the proxy.
    let matches =
        sqlx::query("select match_id, room_code, status from game_match order by match_id")
            .fetch_all(&pool)
            .await
            .unwrap();
    let mut verified_steps = 0;
    for r in &matches {
        let (id, room, status): (String, String, String) = (r.get(0), r.get(1), r.get(2));
        assert_eq!(
            status, "finished",
            "match {id} of room {room} did not finish"
        );
        let (code, body) = api.get_raw(&format!("/api/matches/{id}/export")).await;
        assert_eq!(
            code,
            200,
            "export of {id}: {}",
            String::from_utf8_lossy(&body)
        );
        let record: MatchExport = serde_json::from_slice(&body).unwrap();
        let v = verify(&record).unwrap_or_else(|e| panic!("match {id} of room {room}: {e}"));
        verified_steps += v.steps;
    }
    // The players saw the results the store has.
    for (room, o) in &outcomes {
        let held = o.held.as_ref().unwrap();
        let record = store.match_record(held.match_id).await.unwrap();
        assert_eq!(
            record.result, held.result,
            "room {}: a player's last match ended otherwise in the store",
            con.rooms[*room].code
        );
    }
    // 4. What every player's client was sent, on whatever server and
    // relay: each view it held equals the stored log's view for its seat at
    // that version, and no frame named anything hidden from it then.
    let mut views_checked = 0;
    let mut named_checked = 0;
    let mut secrets: HashMap<(MatchId, u64, Viewer), BTreeSet<String>> = HashMap::new();
    for c in &con.clients {
        let viewer = Viewer::Seat(Seat(c.seat));
        let room = &con.rooms[c.room];
        let p = players::player(room.kind);
        let (views, named) = {
            let mut l = lock(&c.log);
            (std::mem::take(&mut l.views), std::mem::take(&mut l.named))
        };
        for (id, v, digest) in &views {
            if let std::collections::hash_map::Entry::Vacant(e) = truths.entry(*id) {
                e.insert(Truth::load(&store, *id).await);
            }
            let truth = &truths[id];
            assert!(
                *v <= truth.version(),
                "room {} seat {}: held version {v} of match {id}, beyond the stored {}",
                room.code,
                c.seat,
                truth.version()
            );
            assert_eq!(
                *digest,
                view_digest(&truth.at(*v).view(viewer)),
                "room {} seat {}: the view held at version {v} of match {id} is not the stored \
                 log's view for that seat",
                room.code,
                c.seat
            );
            views_checked += 1;
        }
        for n in &named {
            if let std::collections::hash_map::Entry::Vacant(e) = truths.entry(n.match_id) {
                e.insert(Truth::load(&store, n.match_id).await);
            }
            let truth = &truths[&n.match_id];
            let hidden = secrets
                .entry((n.match_id, n.at, n.viewer))
                .or_insert_with(|| (p.secrets)(truth.at(n.at), n.viewer));
            let leaked: Vec<_> = n.items.intersection(hidden).collect();
            assert!(
                leaked.is_empty(),
                "room {} seat {}: {:?} was sent {leaked:?} for version {} of match {}, hidden \
                 from it then",
                room.code,
                c.seat,
                n.viewer,
                n.at,
                n.match_id
            );
            named_checked += n.items.len();
        }
    }
    assert!(views_checked > 0, "no view was checked");
    store.close().await;

    // 5. The SIGSTOP was noticed: a write fenced, or the clients sent on.
    for (f, node, fenced, moved) in &con.sigstops {
        assert!(
            *fenced >= 1.0 || *moved >= 1,
            "the SIGSTOP of {node} (fault {f}) fenced no write and closed no socket with 4010"
        );
    }
    let sweeps = claim_reasons.get("sweep").copied().unwrap_or(0);
    assert!(
        sweeps > 0,
        "no orphaned room was swept up: {claim_reasons:?}"
    );

    // 6. Time from each fault to the first update on the reopened
    // connection; and, to see where it goes, when the connection was lost
    // and how many tries found no server for the room before one did.
    let mut times: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    let mut lost: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    // When the connection that was served first after it was open (the
    // upgrade answered and hello sent): the rest is the welcome's wait.
    let mut reopened: BTreeMap<Kind, Vec<Duration>> = BTreeMap::new();
    let mut tries: BTreeMap<Kind, Vec<usize>> = BTreeMap::new();
    let mut missed = 0;
    for (i, f) in con.faults.iter().enumerate() {
        // What the next fault did is its own.
        let next = con.faults.get(i + 1).map(|n| n.at);
        for c in con.clients.iter().filter(|c| f.rooms.contains(&c.room)) {
            let log = lock(&c.log);
            let first = if f.kind.counted_from_end() {
                // The database's return: the first update after it, on a
                // connection kept through it or a new one.
                log.updates.iter().copied().find(|t| *t >= f.until)
            } else {
                log.conns
                    .iter()
                    .filter(|k| k.opened >= f.at)
                    .find_map(|k| k.first_state)
            };
            match first {
                Some(t)
                    if t <= f.until + Duration::from_secs(120) && next.is_none_or(|n| t < n) =>
                {
                    let from = if f.kind.counted_from_end() {
                        f.until
                    } else {
                        f.at
                    };
                    times
                        .entry(f.kind)
                        .or_default()
                        .push(t.saturating_duration_since(from));
                    let ended = log.conns.iter().filter(|k| k.opened < f.at).find_map(|k| {
                        k.ended
                            .filter(|(e, _)| *e >= f.at && next.is_none_or(|n| *e < n))
                    });
                    if let Some((e, _)) = ended {
                        lost.entry(f.kind).or_default().push(e - f.at);
                    }
                    if let Some(k) = log
                        .conns
                        .iter()
                        .find(|k| k.opened >= f.at && k.first_state == Some(t))
                    {
                        reopened
                            .entry(f.kind)
                            .or_default()
                            .push(k.opened.saturating_duration_since(f.at));
                    }
                    let refused = log
                        .failed
                        .iter()
                        .filter(|(x, _)| *x >= f.at && *x < t)
                        .count();
                    let bounced = log
                        .conns
                        .iter()
                        .filter(|k| k.opened >= f.at && k.opened < t && k.first_state.is_none())
                        .count();
                    tries.entry(f.kind).or_default().push(refused + bounced);
                }
                _ => missed += 1,
            }
        }
    }
    let mut ends: BTreeMap<String, usize> = BTreeMap::new();
    let mut failed_connects = 0;
    let mut connections = 0;
    let mut why_failed: BTreeMap<String, usize> = BTreeMap::new();
    for c in &con.clients {
        let log = lock(&c.log);
        failed_connects += log.failed.len();
        for (_, why) in &log.failed {
            *why_failed
                .entry(why.chars().take(60).collect())
                .or_default() += 1;
        }
        connections += log.conns.len();
        for k in &log.conns {
            let name = match k.ended.map(|(_, e)| e) {
                Some(End::Code(code)) => format!("close {code}"),
                Some(End::Dropped) => "dropped".into(),
                Some(End::Done) | None => continue,
            };
            *ends.entry(name).or_default() += 1;
        }
    }

    let mut by_kind: BTreeMap<Kind, usize> = BTreeMap::new();
    for f in &con.faults {
        *by_kind.entry(f.kind).or_default() += 1;
    }
    let shapes = |s: Shape| con.rooms.iter().filter(|r| r.shape == s).count();
    let _ = writeln!(
        report,
        "chaos report (seed {}, {} run): {:.0}s of faults, then {:.1}s to finish; {:.0}s in all",
        s.seed,
        if s.full { "full" } else { "short" },
        faults_took.as_secs_f64(),
        finish_took.as_secs_f64(),
        started.elapsed().as_secs_f64()
    );
    let _ = writeln!(
        report,
        "  faults: {}",
        by_kind
            .iter()
            .map(|(k, n)| format!("{} ×{n}", k.name()))
            .collect::<Vec<_>>()
            .join(", ")
    );
    for f in &con.faults {
        let _ = writeln!(
            report,
            "    +{:>6.1}s {:<17} {:<3} {:>2} rooms  {}",
            (f.at - started).as_secs_f64(),
            f.kind.name(),
            f.node.map_or(String::new(), |n| format!("n{}", n + 1)),
            f.rooms.len(),
            f.note
        );
    }
    let _ = writeln!(
        report,
        "  rooms: {} ({} people only, {} with bots, {} bots only; {} Doozy Dice, {} Mix-the-Mutts; {} seats)",
        con.rooms.len(),
        shapes(Shape::People),
        shapes(Shape::WithBots),
        shapes(Shape::Bots),
        con.rooms.iter().filter(|r| r.kind == GameKind::DoozyDice).count(),
        con.rooms.iter().filter(|r| r.kind == GameKind::MixTheMutts).count(),
        con.rooms.iter().map(|r| usize::from(r.seats)).sum::<usize>()
    );
    let _ = writeln!(
        report,
        "  matches: {} (all finished, all verified from their seeds: {verified_steps} steps), \
         {moved_matches} written at more than one epoch; {} steps stored, epochs never \
         decrease and each was a claim",
        matches.len(),
        steps.len()
    );
    let _ = writeln!(
        report,
        "  claims: {}",
        claim_reasons
            .iter()
            .map(|(r, n)| format!("{r} {n}"))
            .collect::<Vec<_>>()
            .join(", ")
    );
    let _ = writeln!(
        report,
        "  acks checked: {acks_checked} (each in the log, none twice); refusals: {refusals:?}; \
         bot rooms' host visits {} ({} rematches, {} failed)",
        kept.visits, kept.rematches, kept.failed
    );
    let _ = writeln!(
        report,
        "  what clients were sent: {views_checked} views held, each the stored log's view for \
         its seat; {named_checked} items named in frames, none hidden from its viewer then"
    );
    let _ = writeln!(
        report,
        "  connections: {connections} by {} players' clients; ends {ends:?}; {failed_connects} \
         tries got no socket {why_failed:?}",
        con.clients.len()
    );
    for (f, node, fenced, moved) in &con.sigstops {
        let _ = writeln!(
            report,
            "  SIGSTOP of {node} (fault {}): {fenced} fenced writes, {moved} closes with 4010 at its clients",
            f + 1
        );
    }
    let _ = writeln!(
        report,
        "  back after a fault (fault → first update on the reopened connection, each client of a room hit; \
         a Postgres restart counted from its return):"
    );
    for (kind, xs) in &mut times {
        xs.sort();
        let _ = writeln!(
            report,
            "    {:<17} n={:<4} p50 {}  p99 {}  max {}",
            kind.name(),
            xs.len(),
            secs(pct(xs, 0.5)),
            secs(pct(xs, 0.99)),
            secs(*xs.last().unwrap())
        );
        let mut l = lost.remove(kind).unwrap_or_default();
        let mut n = tries.remove(kind).unwrap_or_default();
        l.sort();
        n.sort_unstable();
        if let (Some(lmax), Some(nmax)) = (l.last(), n.last()) {
            let _ = writeln!(
                report,
                "      (socket lost p50 {}  p99 {}  max {} after it; tries that found no \
                 server for the room p50 {}  p99 {}  max {nmax})",
                secs(pct(&l, 0.5)),
                secs(pct(&l, 0.99)),
                secs(*lmax),
                n[(n.len() - 1) / 2],
                n[((n.len() as f64 * 0.99).ceil() as usize).clamp(1, n.len()) - 1],
            );
        }
        let mut o = reopened.remove(kind).unwrap_or_default();
        o.sort();
        if let Some(omax) = o.last() {
            let _ = writeln!(
                report,
                "      (the served connection open p50 {}  p99 {}  max {} after it)",
                secs(pct(&o, 0.5)),
                secs(pct(&o, 0.99)),
                secs(*omax),
            );
        }
    }
    if missed > 0 {
        let _ = writeln!(
            report,
            "    ({missed} clients of rooms hit kept their connection through the fault, or \
             were hit by the next one first)"
        );
    }
    if !con.rejoins.is_empty() {
        let _ = writeln!(
            report,
            "  SUSPICIOUS: nodes that lost their lease with no fault on them: {:?}",
            con.rejoins
        );
    }
    println!("{report}");

    // The bounds, in the full run (after the cleanup: a run that
    // misses them leaves nothing behind).
    let mut missed_bounds = Vec::new();
    if s.full {
        for (kind, bound) in [
            (Kind::Kill9, Duration::from_secs(10)),
            (Kind::Sigterm, Duration::from_secs(3)),
            // Counted from the database's return: downtime + 3 s.
            (Kind::Postgres, Duration::from_secs(3)),
        ] {
            let p99 = times.get(&kind).map(|xs| pct(xs, 0.99));
            if p99.is_none_or(|p99| p99 > bound) {
                missed_bounds.push(format!(
                    "after {}, p99 {} (bound {})",
                    kind.name(),
                    p99.map_or("unmeasured".into(), secs),
                    secs(bound)
                ));
            }
        }
    }

    heartbeat.abort();
    cl.stop_all().await;
    pool.close().await;
    let _ = std::fs::remove_dir_all(&dir);
    db.drop_db().await;
    assert!(
        missed_bounds.is_empty(),
        "bounds missed: {}",
        missed_bounds.join("; ")
    );
}
