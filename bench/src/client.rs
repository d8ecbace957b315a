//! Bot connections: setting a room up over HTTP and WebSockets, then one
//! task per seat that keeps its own view (applying the server's patches)
//! and acts as the game's player decides from that view alone.

use std::collections::{BTreeMap, VecDeque};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use anyhow::{bail, Context};
use futures_util::{SinkExt, StreamExt};
use parlor_protocol::{AnyView, ClientMsg, GameKind, Seat, ServerMsg, ToAct};
use serde::Deserialize;
use serde_json::{json, Value};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};
use tokio_util::sync::CancellationToken;

use crate::args::Opts;
use crate::lean;

/// A client socket.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// How long setting up one socket may wait for the server.
const SETUP_WAIT: Duration = Duration::from_secs(30);

/// Counters every connection adds to; the main task reads them at the
/// edges of the measured window.
#[derive(Debug)]
pub struct Shared {
    /// WebSocket bytes received (payload plus frame header).
    pub recv_bytes: AtomicU64,
    /// Frames received.
    pub recv_frames: AtomicU64,
    /// WebSocket bytes sent (payload plus masked frame header).
    pub sent_bytes: AtomicU64,
    /// Frames sent.
    pub sent_frames: AtomicU64,
    /// Actions acknowledged (stored by the server), in total.
    pub moves: AtomicU64,
    /// Actions acknowledged, per game in `Opts::games` order.
    pub moves_by_game: Vec<AtomicU64>,
    /// Matches finished.
    pub matches: AtomicU64,
    /// Time spent reading frames: parsing, applying patches.
    pub client_read_ns: AtomicU64,
    /// Time spent deciding: decoding the typed view, the player, encoding.
    pub client_decide_ns: AtomicU64,
    /// Sends delayed by the client-side rate cap.
    pub throttled: AtomicU64,
    /// Connections open now.
    pub open: AtomicU64,
    /// Connections the server closed or dropped while the run was on.
    pub dropped: AtomicU64,
    /// Errors by kind.
    pub errors: Mutex<BTreeMap<String, u64>>,
    /// Clock zero of sample times.
    pub epoch: Instant,
}

impl Shared {
    /// Fresh counters for `games`.
    pub fn new(games: usize) -> Shared {
        Shared {
            recv_bytes: AtomicU64::new(0),
            recv_frames: AtomicU64::new(0),
            sent_bytes: AtomicU64::new(0),
            sent_frames: AtomicU64::new(0),
            moves: AtomicU64::new(0),
            moves_by_game: (0..games).map(|_| AtomicU64::new(0)).collect(),
            matches: AtomicU64::new(0),
            client_read_ns: AtomicU64::new(0),
            client_decide_ns: AtomicU64::new(0),
            throttled: AtomicU64::new(0),
            open: AtomicU64::new(0),
            dropped: AtomicU64::new(0),
            errors: Mutex::new(BTreeMap::new()),
            epoch: Instant::now(),
        }
    }

    /// Counts an error of kind `what`.
    pub fn error(&self, what: impl Into<String>) {
        if let Ok(mut e) = self.errors.lock() {
            *e.entry(what.into()).or_default() += 1;
        }
    }

    fn received(&self, payload: usize) {
        // Server frames are unmasked: 2 header bytes, 4 from 126 bytes.
        let header = if payload < 126 {
            2
        } else if payload < 65_536 {
            4
        } else {
            10
        };
        self.recv_bytes
            .fetch_add((payload + header) as u64, Ordering::Relaxed);
        self.recv_frames.fetch_add(1, Ordering::Relaxed);
    }

    fn sent(&self, payload: usize) {
        // Client frames carry a 4-byte mask.
        let header = if payload < 126 {
            6
        } else if payload < 65_536 {
            8
        } else {
            14
        };
        self.sent_bytes
            .fetch_add((payload + header) as u64, Ordering::Relaxed);
        self.sent_frames.fetch_add(1, Ordering::Relaxed);
    }
}

/// One answered action: when it was sent (µs since [`Shared::epoch`]) and
/// how long until its `ack` and until the `update` that includes it.
#[derive(Debug, Clone, Copy)]
pub struct Sample {
    /// Sent at, µs since the epoch.
    pub sent_us: u64,
    /// Send → ack, µs.
    pub ack_us: u32,
    /// Send → update holding it, µs.
    pub update_us: u32,
}

/// A seat's connection, welcomed, before the run.
pub struct Conn {
    /// The socket.
    pub ws: Ws,
    /// Room number (0-based).
    pub room: usize,
    /// Seat.
    pub seat: Seat,
    /// Index of the room's game in `Opts::games`.
    pub game: usize,
}

/// The HTTP client for room set-up (never through a proxy).
pub fn http_client() -> anyhow::Result<reqwest::Client> {
    Ok(reqwest::Client::builder()
        .no_proxy()
        .timeout(SETUP_WAIT)
        .build()?)
}

async fn post(
    http: &reqwest::Client,
    url: String,
    body: Value,
) -> anyhow::Result<(String, String)> {
    let resp = http.post(&url).json(&body).send().await?;
    let status = resp.status();
    if !status.is_success() {
        let text = resp.text().await.unwrap_or_default();
        bail!("POST {url}: {status} {text}");
    }
    // Read as plain JSON: older servers' room codes are shorter.
    #[derive(Deserialize)]
    struct Joined {
        code: String,
        token: String,
    }
    let joined: Joined = resp.json().await?;
    Ok((joined.code, joined.token))
}

/// Creates room `room` of `kind` with `opts.seats` seats and opens a
/// welcomed socket per seat.
pub async fn setup_room(
    opts: &Opts,
    http: &reqwest::Client,
    room: usize,
    game: usize,
    shared: &Shared,
) -> anyhow::Result<Vec<Conn>> {
    let kind = opts.games[game];
    let (code, host_token) = post(
        http,
        format!("{}/api/rooms", opts.base),
        json!({ "game": kind.slug(), "name": format!("bot {room}-0") }),
    )
    .await
    .context("create room")?;
    let mut tokens = vec![host_token];
    for s in 1..opts.seats {
        let (_, token) = post(
            http,
            format!("{}/api/rooms/{code}/join", opts.base),
            json!({ "name": format!("bot {room}-{s}") }),
        )
        .await
        .context("join room")?;
        tokens.push(token);
    }
    let url = format!("ws://{}/api/rooms/{code}/ws", opts.authority);
    let mut conns = Vec::new();
    for (s, token) in tokens.iter().enumerate() {
        let ws = open_welcomed(&url, token, shared).await?;
        conns.push(Conn {
            ws,
            room,
            seat: Seat(u8::try_from(s).unwrap_or(u8::MAX)),
            game,
        });
    }
    Ok(conns)
}

async fn open_welcomed(url: &str, token: &str, shared: &Shared) -> anyhow::Result<Ws> {
    // Small buffers: thousands of these share one core and its caches.
    let config = WebSocketConfig::default()
        .read_buffer_size(8 * 1024)
        .write_buffer_size(0);
    let (mut ws, _) = tokio::time::timeout(
        SETUP_WAIT,
        tokio_tungstenite::connect_async_with_config(url, Some(config), true),
    )
    .await
    .context("websocket connect timed out")??;
    shared.open.fetch_add(1, Ordering::Relaxed);
    let hello = json!({ "type": "hello", "token": token }).to_string();
    shared.sent(hello.len());
    ws.send(Message::Text(hello.into())).await?;
    loop {
        let frame = tokio::time::timeout(SETUP_WAIT, ws.next())
            .await
            .context("no welcome")?;
        match frame {
            Some(Ok(Message::Text(t))) => {
                shared.received(t.len());
                let v: Value = serde_json::from_str(&t)?;
                if v["type"] == "welcome" {
                    return Ok(ws);
                }
                if v["type"] == "error" {
                    bail!("hello refused: {t}");
                }
            }
            Some(Ok(Message::Close(c))) => bail!("closed before welcome: {c:?}"),
            Some(Ok(_)) => {}
            Some(Err(e)) => return Err(e.into()),
            None => bail!("socket ended before welcome"),
        }
    }
}

/// What one connection hands back at the end.
#[derive(Debug, Default)]
pub struct ConnResult {
    /// Answered actions.
    pub samples: Vec<Sample>,
    /// Still open when the run ended.
    pub open_at_end: bool,
}

/// A pending action.
#[derive(Debug)]
struct Pending {
    client_seq: u32,
    sent: Instant,
    /// Set by the ack: the version that includes the action, and how long
    /// the ack took.
    acked: Option<(u64, u32)>,
}

/// A seat playing.
struct Bot {
    seat: Seat,
    host: bool,
    game: usize,
    think: Duration,
    rate_cap: usize,
    shared: Arc<Shared>,
    /// The view as JSON, as the patches apply to it.
    view: Option<Value>,
    /// The same, typed; decoded only when this seat may act.
    typed: Option<AnyView>,
    version: u64,
    to_act: ToAct,
    pending: Option<Pending>,
    /// The version a decision was last taken at (once per version).
    decided_at: Option<u64>,
    act_at: Option<Instant>,
    next_seq: u32,
    recent_sends: VecDeque<Instant>,
    samples: Vec<Sample>,
    broken: bool,
}

impl Bot {
    fn new(conn: &Conn, opts: &Opts, shared: Arc<Shared>) -> Bot {
        Bot {
            seat: conn.seat,
            host: conn.seat == Seat(0),
            game: conn.game,
            think: opts.think,
            rate_cap: opts.rate_cap,
            shared,
            view: None,
            typed: None,
            version: 0,
            to_act: ToAct::Finished,
            pending: None,
            decided_at: None,
            act_at: None,
            next_seq: 0,
            recent_sends: VecDeque::new(),
            samples: Vec::new(),
            broken: false,
        }
    }

    /// Handles one text frame; returns messages to send (the host's
    /// `start` after a match ends).
    fn on_text(&mut self, text: &str) -> Option<ClientMsg> {
        match lean::read(text) {
            Some(Ok(lean::Fast::Update(u))) => {
                self.on_update(u.version, u.to_act, u.patch);
                return None;
            }
            Some(Ok(lean::Fast::Ack(a))) => {
                self.on_ack(a.client_seq, a.version);
                return None;
            }
            Some(Err(e)) => {
                self.shared.error(format!("unreadable update or ack: {e}"));
                return None;
            }
            None => {}
        }
        let msg: ServerMsg = match serde_json::from_str(text) {
            Ok(m) => m,
            Err(e) => {
                self.shared.error(format!("unreadable server message: {e}"));
                return None;
            }
        };
        match msg {
            ServerMsg::Welcome {
                snapshot: Some(s), ..
            }
            | ServerMsg::Sync { snapshot: s } => {
                self.view = serde_json::to_value(&s.view).ok();
                self.typed = Some(s.view);
                self.version = s.version;
                self.to_act = s.to_act;
                self.decided_at = None;
            }
            ServerMsg::Update {
                version,
                to_act,
                patch,
                ..
            } => {
                let ops = serde_json::to_value(&patch).and_then(serde_json::from_value);
                match ops {
                    Ok(ops) => self.on_update(version, to_act, ops),
                    Err(e) => self.shared.error(format!("patch: {e}")),
                }
            }
            ServerMsg::Ack {
                client_seq,
                version,
            } => self.on_ack(client_seq, version),
            ServerMsg::Error {
                code, client_seq, ..
            } => {
                self.shared.error(format!("{code:?}"));
                if client_seq.is_some() && self.pending.as_ref().map(|p| p.client_seq) == client_seq
                {
                    self.pending = None;
                }
            }
            ServerMsg::MatchOver { .. } => {
                if self.host {
                    self.shared.matches.fetch_add(1, Ordering::Relaxed);
                }
                // The next match starts once every seat asks for it.
                return Some(ClientMsg::Rematch { ready: true });
            }
            ServerMsg::Welcome { .. }
            | ServerMsg::Room { .. }
            | ServerMsg::Pong
            | ServerMsg::Chat { .. }
            | ServerMsg::SeatLink { .. }
            | ServerMsg::NoticeEmail { .. }
            | ServerMsg::NoticePush { .. }
            | ServerMsg::Log { .. } => {}
        }
        None
    }

    fn on_update(&mut self, version: u64, to_act: ToAct, patch: lean::Patch) {
        if version <= self.version {
            self.shared.error("update not newer than the view");
            return;
        }
        let Some(view) = self.view.as_mut() else {
            self.shared.error("update before any view");
            return;
        };
        if let Err(e) = lean::apply(view, patch) {
            self.shared.error(format!("patch: {e}"));
            self.broken = true;
            return;
        }
        self.typed = None;
        self.version = version;
        self.to_act = to_act;
        if let Some(p) = &self.pending {
            if let Some((v, ack_us)) = p.acked {
                if version >= v {
                    let update_us = micros(p.sent.elapsed());
                    self.samples.push(Sample {
                        sent_us: u64::try_from(
                            p.sent.duration_since(self.shared.epoch).as_micros(),
                        )
                        .unwrap_or(u64::MAX),
                        ack_us,
                        update_us,
                    });
                    self.pending = None;
                }
            }
        }
    }

    fn on_ack(&mut self, client_seq: u32, version: u64) {
        if let Some(p) = self.pending.as_mut().filter(|p| p.client_seq == client_seq) {
            p.acked = Some((version, micros(p.sent.elapsed())));
            self.shared.moves.fetch_add(1, Ordering::Relaxed);
            if let Some(m) = self.shared.moves_by_game.get(self.game) {
                m.fetch_add(1, Ordering::Relaxed);
            }
        } else {
            self.shared.error("ack for no pending action");
        }
    }

    /// May this seat act now? Then when (now for greedy, after the think
    /// time for paced bots).
    fn schedule(&mut self) {
        if self.broken
            || self.pending.is_some()
            || self.act_at.is_some()
            || self.view.is_none()
            || self.decided_at == Some(self.version)
        {
            return;
        }
        if !matches!(&self.to_act, ToAct::Seats { seats } if seats.contains(&self.seat)) {
            return;
        }
        self.act_at = Some(Instant::now() + self.think);
    }

    /// Decides from the view held now; `None` when there is nothing to do
    /// (or the rate cap says wait, in which case `act_at` is set again).
    fn decide(&mut self) -> Option<String> {
        self.act_at = None;
        if self.pending.is_some() || self.decided_at == Some(self.version) {
            return None;
        }
        let now = Instant::now();
        while self
            .recent_sends
            .front()
            .is_some_and(|t| now.duration_since(*t) >= Duration::from_secs(1))
        {
            self.recent_sends.pop_front();
        }
        if self.recent_sends.len() >= self.rate_cap {
            if let Some(first) = self.recent_sends.front() {
                self.act_at = Some(*first + Duration::from_millis(1_005));
                self.shared.throttled.fetch_add(1, Ordering::Relaxed);
                return None;
            }
        }
        if self.typed.is_none() {
            let view = self.view.as_ref()?;
            match AnyView::deserialize(view) {
                Ok(v) => self.typed = Some(v),
                Err(e) => {
                    self.shared.error(format!("view does not decode: {e}"));
                    self.broken = true;
                    return None;
                }
            }
        }
        self.decided_at = Some(self.version);
        let action = parlor_tests::players::decide(self.seat, self.typed.as_ref()?);
        let Some(action) = action else {
            self.shared.error("to act but the player has nothing to do");
            return None;
        };
        self.next_seq += 1;
        let msg = ClientMsg::Act {
            client_seq: self.next_seq,
            version: self.version,
            action,
        };
        let text = serde_json::to_string(&msg).ok()?;
        self.pending = Some(Pending {
            client_seq: self.next_seq,
            sent: Instant::now(),
            acked: None,
        });
        self.recent_sends.push_back(now);
        Some(text)
    }
}

fn micros(d: Duration) -> u32 {
    u32::try_from(d.as_micros()).unwrap_or(u32::MAX)
}

async fn sleep_until_some(at: Option<Instant>) {
    match at {
        Some(t) => tokio::time::sleep_until(t).await,
        None => std::future::pending().await,
    }
}

async fn send_text(ws: &mut Ws, shared: &Shared, text: String) -> bool {
    shared.sent(text.len());
    ws.send(Message::Text(text.into())).await.is_ok()
}

/// Plays one seat until `stop`: the host starts the match (and the next
/// one whenever a match ends).
pub async fn play(
    conn: Conn,
    opts: Arc<Opts>,
    shared: Arc<Shared>,
    stop: CancellationToken,
) -> ConnResult {
    let mut bot = Bot::new(&conn, &opts, shared.clone());
    let mut dump = if conn.room == 0 && conn.seat == Seat(0) {
        opts.dump_frames
    } else {
        0
    };
    let mut ws = conn.ws;
    if bot.host {
        // The room takes its commands in order: the bot is seated before
        // the start.
        if let Some(level) = opts.server_bot {
            let add = serde_json::to_string(&ClientMsg::AddBot { level }).unwrap_or_default();
            if !send_text(&mut ws, &shared, add).await {
                shared.error("host could not add the server bot");
            }
        }
        let start = serde_json::to_string(&ClientMsg::Start).unwrap_or_default();
        if !send_text(&mut ws, &shared, start).await {
            shared.error("host could not send start");
        }
    }
    let mut open = true;
    loop {
        tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(text))) => {
                    if dump > 0 {
                        dump -= 1;
                        eprintln!("[frame] {} bytes: {}", text.len(), text.as_str());
                    }
                    let t0 = std::time::Instant::now();
                    shared.received(text.len());
                    let reply = bot.on_text(&text);
                    bot.schedule();
                    shared.client_read_ns.fetch_add(nanos(t0), Ordering::Relaxed);
                    if let Some(msg) = reply {
                        let text = serde_json::to_string(&msg).unwrap_or_default();
                        if !send_text(&mut ws, &shared, text).await {
                            open = false;
                            break;
                        }
                    }
                    if bot.act_at.is_some_and(|t| t <= Instant::now()) {
                        let t0 = std::time::Instant::now();
                        let text = bot.decide();
                        shared.client_decide_ns.fetch_add(nanos(t0), Ordering::Relaxed);
                        if let Some(text) = text {
                            if !send_text(&mut ws, &shared, text).await {
                                open = false;
                                break;
                            }
                        }
                    }
                }
                Some(Ok(Message::Close(frame))) => {
                    shared.error(format!("closed by server: {}", frame.map_or("no code".into(), |f| f.code.to_string())));
                    open = false;
                    break;
                }
                Some(Ok(Message::Binary(b))) => shared.received(b.len()),
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    shared.error(format!("socket: {e}"));
                    open = false;
                    break;
                }
                None => {
                    shared.error("socket ended");
                    open = false;
                    break;
                }
            },
            _ = sleep_until_some(bot.act_at) => {
                let t0 = std::time::Instant::now();
                let text = bot.decide();
                shared.client_decide_ns.fetch_add(nanos(t0), Ordering::Relaxed);
                if let Some(text) = text {
                    if !send_text(&mut ws, &shared, text).await {
                        open = false;
                        break;
                    }
                }
            }
        }
    }
    finish(ws, open, &shared).await;
    ConnResult {
        samples: bot.samples,
        open_at_end: open,
    }
}

/// Holds one connection open until `stop`, pinging so the server does not
/// take it for idle.
pub async fn hold(
    conn: Conn,
    opts: Arc<Opts>,
    shared: Arc<Shared>,
    stop: CancellationToken,
) -> ConnResult {
    let mut ws = conn.ws;
    let mut ping = tokio::time::interval(opts.ping);
    ping.tick().await;
    let mut open = true;
    loop {
        tokio::select! {
            biased;
            _ = stop.cancelled() => break,
            _ = ping.tick() => {
                shared.sent(0);
                if ws.send(Message::Ping(Default::default())).await.is_err() {
                    open = false;
                    break;
                }
            }
            frame = ws.next() => match frame {
                Some(Ok(Message::Text(t))) => shared.received(t.len()),
                Some(Ok(Message::Close(frame))) => {
                    shared.error(format!("closed by server: {}", frame.map_or("no code".into(), |f| f.code.to_string())));
                    open = false;
                    break;
                }
                Some(Ok(_)) => {}
                Some(Err(e)) => {
                    shared.error(format!("socket: {e}"));
                    open = false;
                    break;
                }
                None => {
                    shared.error("socket ended");
                    open = false;
                    break;
                }
            }
        }
    }
    finish(ws, open, &shared).await;
    ConnResult {
        samples: Vec::new(),
        open_at_end: open,
    }
}

async fn finish(mut ws: Ws, open: bool, shared: &Shared) {
    shared.open.fetch_sub(1, Ordering::Relaxed);
    if !open {
        shared.dropped.fetch_add(1, Ordering::Relaxed);
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(2), ws.close(None)).await;
}

fn nanos(t0: std::time::Instant) -> u64 {
    u64::try_from(t0.elapsed().as_nanos()).unwrap_or(u64::MAX)
}

/// Which game room `room` plays.
pub fn game_of(room: usize, games: &[GameKind]) -> usize {
    room % games.len().max(1)
}
