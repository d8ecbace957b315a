//! [`TestClient`]: a scripted WebSocket client that keeps the match state it
//! has been sent, like a browser: `Welcome`/`Sync` set it, every `Update`
//! must follow on from the version held (no gap, no overlap) and its patch
//! must apply to the view held and give a view that decodes.

use std::collections::{HashMap, VecDeque};
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlor_protocol::{
    AnyAction, AnyView, ClientMsg, Deadline, ErrorCode, MatchId, MatchResult, MatchSnapshot,
    RoomInfo, Seat, ServerMsg, ToAct, Viewer,
};
use serde_json::Value;
use sha2::{Digest, Sha256};
use tokio::net::TcpStream;
use tokio::time::Instant;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use crate::WAIT;

/// The socket type.
pub type Ws = WebSocketStream<MaybeTlsStream<TcpStream>>;

/// What a client holds of the match it is watching or playing.
#[derive(Debug, Clone, PartialEq)]
pub struct MatchState {
    pub match_id: MatchId,
    /// Steps applied so far.
    pub version: u64,
    /// The viewer's view as JSON (the `AnyView` envelope), exactly what the
    /// server's patches apply to.
    pub view: Value,
    /// The same view, typed.
    pub typed: AnyView,
    pub to_act: ToAct,
    pub deadline: Option<Deadline>,
    pub seed_sha256: String,
    /// Set once the match is over (from a snapshot or `MatchOver`).
    pub result: Option<MatchResult>,
    pub seed: Option<String>,
    /// The seat the server offers a take-back to now.
    pub take_back: Option<Seat>,
}

impl MatchState {
    fn from_snapshot(snapshot: &MatchSnapshot, raw_view: Value) -> MatchState {
        let typed: AnyView = serde_json::from_value(raw_view.clone())
            .unwrap_or_else(|e| panic!("snapshot view does not decode: {e}"));
        assert_eq!(typed, snapshot.view, "raw and typed snapshot views differ");
        MatchState {
            match_id: snapshot.match_id,
            version: snapshot.version,
            view: raw_view,
            typed,
            to_act: snapshot.to_act.clone(),
            deadline: snapshot.deadline.clone(),
            seed_sha256: snapshot.seed_sha256.clone(),
            result: snapshot.result.clone(),
            seed: snapshot.seed.clone(),
            take_back: snapshot.take_back,
        }
    }

    /// Is `seat` among the seats to act?
    pub fn is_to_act(&self, seat: Seat) -> bool {
        matches!(&self.to_act, ToAct::Seats { seats } if seats.contains(&seat))
    }

    /// Has the match ended (as far as this state knows)?
    pub fn finished(&self) -> bool {
        self.to_act == ToAct::Finished
    }
}

/// An action this client sent.
#[derive(Debug, Clone, PartialEq)]
pub struct SentAct {
    pub client_seq: u32,
    pub match_id: Option<MatchId>,
    /// The version it was decided on (sent with it).
    pub version: u64,
    pub action: AnyAction,
    /// The seat this connection holds, if any.
    pub seat: Option<Seat>,
}

/// How a sent action was answered.
#[derive(Debug, Clone, PartialEq)]
pub enum Answer {
    /// Stored and applied; the version after it.
    Acked(u64),
    /// Refused.
    Refused(ErrorCode, String),
}

/// One thing that happened on the socket.
#[derive(Debug, Clone, PartialEq)]
#[allow(clippy::large_enum_variant)] // one per received frame; boxing buys nothing
pub enum Event {
    /// A message (already tracked).
    Msg(ServerMsg),
    /// The server closed the socket with a close frame (its code, if any).
    Closed(Option<u16>),
    /// The socket ended without a close frame (reset, EOF, error).
    Dropped(String),
    /// Nothing arrived in time.
    Timeout,
}

/// A text frame as received, with where the client stood after it.
#[derive(Debug, Clone)]
pub struct Received {
    pub text: String,
    /// (match, version) held after handling this frame.
    pub at: Option<(MatchId, u64)>,
    /// The match held was over (result known) after this frame.
    pub over: bool,
}

/// A scripted WebSocket client that tracks its match state.
pub struct TestClient {
    pub ws: Ws,
    /// Who the server says we are (from `Welcome`).
    pub you: Option<Viewer>,
    /// The room as last sent.
    pub room: Option<RoomInfo>,
    /// The match as this client holds it.
    pub state: Option<MatchState>,
    /// `resumed` of the last `Welcome`.
    pub resumed: Option<bool>,
    /// Every (match, version) this client has held, with its view then.
    pub history: HashMap<(MatchId, u64), Value>,
    /// Every text frame received, when [`TestClient::record`] is on.
    pub frames: Vec<Received>,
    record: bool,
    /// How the socket ended, once it has.
    pub ended: Option<Event>,
    next_seq: u32,
    /// Sent actions not answered yet, in the order sent.
    pub pending: Vec<SentAct>,
    /// Every answered action, in the order answered.
    pub answered: Vec<(SentAct, Answer)>,
    /// Take-backs sent and not answered yet (their client_seq).
    take_backs: Vec<u32>,
    /// Every answered take-back, in the order answered.
    pub take_back_answers: Vec<Answer>,
    /// Every error received (code, message, client_seq).
    pub errors: Vec<(ErrorCode, String, Option<u32>)>,
    /// (match, version) of every step the server said its response timer
    /// answered.
    pub timed_out: std::collections::HashSet<(MatchId, u64)>,
    /// Acked versions: no decision before the view reaches this version.
    min_version: HashMap<MatchId, u64>,
    /// The last `Update` received: (steps, version).
    pub last_update: Option<(usize, u64)>,
    /// At most this many frames in any one second (the server closes a
    /// connection that sends more than its rate; see [`PACE`]); `None` for
    /// no pacing (floods on purpose).
    pub pace: Option<usize>,
    sends: VecDeque<Instant>,
    /// When this client last sent a frame (see [`KEEPALIVE`]).
    last_sent: Instant,
    /// client_seqs of unreadable acts sent raw (their refusal may carry it).
    raw_pending: Vec<u32>,
}

/// The `client_seq` of a message that is not a valid client message but is
/// a JSON object with one.
fn raw_client_seq(text: &str) -> Option<u32> {
    let v: Value = serde_json::from_str(text).ok()?;
    u32::try_from(v.get("client_seq")?.as_u64()?).ok()
}

/// Frames a client sends in any one second by default: under the server's
/// per-connection rate (40 a second), which a browser driven by a person
/// never comes near but a scripted player easily would.
pub const PACE: usize = 36;

/// A client that has sent nothing for this long sends a WebSocket ping
/// while it waits, as browsers keep their sockets alive: the server closes
/// a connection it has not heard from for a minute (4002), and a spectator
/// watching a long match would otherwise say nothing at all.
pub const KEEPALIVE: Duration = Duration::from_secs(15);

impl TestClient {
    /// Wraps an open socket.
    pub fn new(ws: Ws) -> TestClient {
        TestClient {
            ws,
            you: None,
            room: None,
            state: None,
            resumed: None,
            history: HashMap::new(),
            frames: Vec::new(),
            record: false,
            ended: None,
            next_seq: 1,
            pending: Vec::new(),
            answered: Vec::new(),
            errors: Vec::new(),
            timed_out: std::collections::HashSet::new(),
            min_version: HashMap::new(),
            last_update: None,
            pace: Some(PACE),
            sends: VecDeque::new(),
            last_sent: Instant::now(),
            raw_pending: Vec::new(),
            take_backs: Vec::new(),
            take_back_answers: Vec::new(),
        }
    }

    /// Keeps every text frame received from now on in [`TestClient::frames`].
    pub fn record(&mut self) {
        self.record = true;
    }

    /// Sends a message.
    pub async fn send(&mut self, msg: &ClientMsg) {
        assert!(self.try_send(msg).await, "the socket is gone");
    }

    /// Sends a message; `false` if the socket is gone. An `Act` is
    /// remembered until it is answered.
    pub async fn try_send(&mut self, msg: &ClientMsg) -> bool {
        let text = serde_json::to_string(msg).unwrap();
        self.send_message(Message::Text(text.into())).await
    }

    /// Sends raw text (an `Act` in it is remembered until answered).
    pub async fn send_raw(&mut self, text: &str) {
        assert!(
            self.send_message(Message::Text(text.to_owned().into()))
                .await,
            "the socket is gone"
        );
    }

    fn sent(&mut self, msg: &ClientMsg) {
        if let ClientMsg::Act {
            client_seq,
            version,
            action,
        } = msg
        {
            self.pending.push(SentAct {
                client_seq: *client_seq,
                match_id: self.state.as_ref().map(|s| s.match_id),
                version: *version,
                action: action.clone(),
                seat: self.seat(),
            });
        }
    }

    /// Sends any frame; `false` if the socket is gone. Paced (see
    /// [`TestClient::pace`]). An act in a text frame is remembered until
    /// it is answered.
    pub async fn send_message(&mut self, msg: Message) -> bool {
        let act = match &msg {
            Message::Text(text) => Some(text.as_str().to_owned()),
            _ => None,
        };
        if !self.send_frame(msg).await {
            return false;
        }
        if let Some(text) = act {
            if let Ok(msg) = serde_json::from_str::<ClientMsg>(&text) {
                self.sent(&msg);
            } else if let Some(seq) = raw_client_seq(&text) {
                // A broken act may still be answered with its client_seq.
                self.raw_pending.push(seq);
            }
        }
        true
    }

    /// Sends any frame as is (paced); `false` if the socket is gone.
    pub async fn send_frame(&mut self, msg: Message) -> bool {
        if let Some(limit) = self.pace {
            let second = Duration::from_secs(1);
            while self.sends.len() >= limit {
                let oldest = self.sends[0];
                if oldest.elapsed() >= second {
                    self.sends.pop_front();
                } else {
                    // Rate pacing, not synchronisation: wait out the second.
                    tokio::time::sleep_until(oldest + second).await;
                }
            }
            self.sends.push_back(Instant::now());
        }
        self.last_sent = Instant::now();
        self.ws.send(msg).await.is_ok()
    }

    /// Sends an action decided on `version`; returns its client_seq. A send
    /// on a socket that is gone sends nothing (and records nothing).
    pub async fn act(&mut self, version: u64, action: AnyAction) -> Option<u32> {
        let client_seq = self.next_seq;
        self.next_seq += 1;
        let msg = ClientMsg::Act {
            client_seq,
            version,
            action,
        };
        self.try_send(&msg).await.then_some(client_seq)
    }

    /// Asks to take back this seat's last step, decided on the version
    /// held now; answered in [`TestClient::take_back_answers`].
    pub async fn take_back_now(&mut self) -> Option<u32> {
        let client_seq = self.next_seq;
        self.next_seq += 1;
        let msg = ClientMsg::TakeBack {
            client_seq,
            version: self.version(),
        };
        self.take_backs.push(client_seq);
        self.try_send(&msg).await.then_some(client_seq)
    }

    /// Sends an action decided on the version held now.
    pub async fn act_now(&mut self, action: AnyAction) -> Option<u32> {
        let version = self.version();
        self.act(version, action).await
    }

    /// The seat this connection holds (from `Welcome`).
    pub fn seat(&self) -> Option<Seat> {
        match self.you {
            Some(Viewer::Seat(s)) => Some(s),
            _ => None,
        }
    }

    /// The match state; panics without one.
    pub fn state(&self) -> &MatchState {
        self.state.as_ref().expect("this client holds no match")
    }

    /// The current typed view; panics without a match.
    pub fn view(&self) -> &AnyView {
        &self.state().typed
    }

    /// The names in the seats of the room info held, in seat order; panics
    /// without room info.
    pub fn seat_names(&self) -> Vec<String> {
        let room = self.room.as_ref().expect("no room info yet");
        room.seats.iter().map(|s| s.name.clone()).collect()
    }

    /// The version held; panics without a match.
    pub fn version(&self) -> u64 {
        self.state().version
    }

    /// The match id held; panics without a match.
    pub fn match_id(&self) -> MatchId {
        self.state().match_id
    }

    /// Is an action of ours waiting for its answer, or has an ack arrived
    /// whose update has not? (A player decides only on a settled view.)
    pub fn busy(&self) -> bool {
        if !self.pending.is_empty() || !self.take_backs.is_empty() {
            return true;
        }
        match &self.state {
            Some(s) => self
                .min_version
                .get(&s.match_id)
                .is_some_and(|v| s.version < *v),
            None => false,
        }
    }

    /// Acks received (action, version after it).
    pub fn acked(&self) -> impl Iterator<Item = (&SentAct, u64)> {
        self.answered.iter().filter_map(|(a, ans)| match ans {
            Answer::Acked(v) => Some((a, *v)),
            Answer::Refused(..) => None,
        })
    }

    /// Refusals received.
    pub fn refused(&self) -> impl Iterator<Item = (&SentAct, ErrorCode, &str)> {
        self.answered.iter().filter_map(|(a, ans)| match ans {
            Answer::Refused(c, m) => Some((a, *c, m.as_str())),
            Answer::Acked(_) => None,
        })
    }

    /// The next thing that happens on the socket within `wait`.
    pub async fn next_event(&mut self, wait: Duration) -> Event {
        if let Some(ended) = &self.ended {
            return ended.clone();
        }
        let deadline = Instant::now() + wait;
        loop {
            let keepalive = self.last_sent + KEEPALIVE;
            let frame = match tokio::time::timeout_at(deadline.min(keepalive), self.ws.next()).await
            {
                Err(_) if Instant::now() >= deadline => return Event::Timeout,
                Err(_) => {
                    // A failed ping shows up as the socket's end next time.
                    let _ = self.send_frame(Message::Ping(Vec::new().into())).await;
                    continue;
                }
                Ok(f) => f,
            };
            let event = match frame {
                None => Event::Dropped("stream ended".into()),
                Some(Err(e)) => Event::Dropped(e.to_string()),
                Some(Ok(Message::Close(frame))) => Event::Closed(frame.map(|f| u16::from(f.code))),
                Some(Ok(Message::Text(text))) => {
                    let msg = self.track(text.as_str());
                    return Event::Msg(msg);
                }
                Some(Ok(Message::Binary(b))) => {
                    panic!("the server sent a binary frame ({} bytes)", b.len())
                }
                Some(Ok(_)) => continue,
            };
            self.ended = Some(event.clone());
            return event;
        }
    }

    /// The next server message, failing the test after [`WAIT`] or if the
    /// socket ends.
    pub async fn recv(&mut self) -> ServerMsg {
        match self.next_event(WAIT).await {
            Event::Msg(m) => m,
            other => panic!(
                "{:?} waiting for a message from the server, got {other:?}; holding {:?} \
                 (to act {:?}), pending {:?}",
                self.you,
                self.state.as_ref().map(|s| s.version),
                self.state.as_ref().map(|s| &s.to_act),
                self.pending
            ),
        }
    }

    /// The next server message within `wait`, or `None` (timeout or closed).
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        match self.next_event(wait).await {
            Event::Msg(m) => Some(m),
            _ => None,
        }
    }

    /// Reads until `pick` returns `Some`.
    pub async fn recv_until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self.recv().await;
            if let Some(t) = pick(&msg) {
                return t;
            }
        }
    }

    /// Reads until the action sent as `client_seq` is answered; its answer.
    pub async fn await_answer(&mut self, client_seq: u32) -> Answer {
        loop {
            if let Some((_, answer)) = self
                .answered
                .iter()
                .rev()
                .find(|(a, _)| a.client_seq == client_seq)
            {
                return answer.clone();
            }
            assert!(
                self.pending.iter().any(|a| a.client_seq == client_seq),
                "client_seq {client_seq} was never sent on this socket"
            );
            self.recv().await;
        }
    }

    /// Reads until the version held is at least `version`.
    pub async fn await_version(&mut self, version: u64) {
        while self.state.as_ref().is_none_or(|s| s.version < version) {
            self.recv().await;
        }
    }

    /// Sends a ping and reads until its pong: everything the server queued
    /// for us before it has then been handled.
    pub async fn settle(&mut self) {
        self.send(&ClientMsg::Ping).await;
        self.recv_until(|m| matches!(m, ServerMsg::Pong).then_some(()))
            .await;
    }

    /// Reads until `pick`, shown each message with the match state held
    /// after it, returns `Some`.
    pub async fn recv_state_until<T>(
        &mut self,
        mut pick: impl FnMut(&ServerMsg, &MatchState) -> Option<T>,
    ) -> T {
        loop {
            let msg = self.recv().await;
            if let Some(state) = &self.state {
                if let Some(t) = pick(&msg, state) {
                    return t;
                }
            }
        }
    }

    /// Reads (tracking everything) until the socket ends; the close code,
    /// or `None` if it ended without a close frame. Fails after `wait`.
    pub async fn closed_within(&mut self, wait: Duration) -> Option<u16> {
        let until = tokio::time::Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            match self.next_event(left).await {
                Event::Msg(_) => continue,
                Event::Closed(code) => return code,
                Event::Dropped(_) => return None,
                Event::Timeout => panic!("the socket was not closed within {wait:?}"),
            }
        }
    }

    /// The close code the server ends the socket with (a close frame is required).
    pub async fn close_code(&mut self) -> u16 {
        match self.closed_within(WAIT).await {
            Some(code) => code,
            None => panic!("the socket ended without a close frame: {:?}", self.ended),
        }
    }

    /// Reads whatever arrives within `wait` (e.g. to let a burst settle in a
    /// test that then checks nothing more comes).
    pub async fn drain(&mut self, wait: Duration) -> Vec<ServerMsg> {
        let mut out = Vec::new();
        while let Some(m) = self.try_recv(wait).await {
            out.push(m);
        }
        out
    }

    /// Handles one text frame: decodes it and updates what the client holds.
    fn track(&mut self, text: &str) -> ServerMsg {
        let raw: Value = serde_json::from_str(text)
            .unwrap_or_else(|e| panic!("server sent bad JSON ({e}): {text}"));
        let msg: ServerMsg = serde_json::from_value(raw.clone())
            .unwrap_or_else(|e| panic!("server sent an unknown message ({e}): {text}"));
        match &msg {
            ServerMsg::Welcome {
                you,
                room,
                snapshot,
                resumed,
                ..
            } => {
                self.you = Some(*you);
                self.room = Some(room.clone());
                self.resumed = Some(*resumed);
                if *resumed {
                    assert!(
                        snapshot.is_none(),
                        "a resumed Welcome carries no snapshot: {text}"
                    );
                    assert!(
                        self.state.is_some(),
                        "resumed, but this client asked for no resume"
                    );
                } else {
                    self.state = snapshot
                        .as_ref()
                        .map(|s| MatchState::from_snapshot(s, raw["match"]["view"].clone()));
                    self.remember();
                }
                // Anything sent on an earlier socket is not ours to wait for.
                self.pending.clear();
            }
            ServerMsg::Room { room } => self.room = Some(room.clone()),
            ServerMsg::Sync { snapshot } => {
                self.state = Some(MatchState::from_snapshot(
                    snapshot,
                    raw["snapshot"]["view"].clone(),
                ));
                self.remember();
            }
            ServerMsg::Update {
                version,
                steps,
                to_act,
                patch,
                deadline,
                timed_out,
                take_back,
            } => {
                let state = self
                    .state
                    .as_mut()
                    .unwrap_or_else(|| panic!("an Update without a match held: {text}"));
                let from = version.checked_sub(steps.len() as u64);
                assert_eq!(
                    from,
                    Some(state.version),
                    "gap or overlap: the client holds version {} but the update takes \
                     version {version} - {} steps (viewer {:?})",
                    state.version,
                    steps.len(),
                    self.you
                );
                parlor_games::patch::apply(&mut state.view, patch).unwrap_or_else(|e| {
                    panic!(
                        "the patch to version {version} does not apply to the view at {}: {e}",
                        state.version
                    )
                });
                state.typed = serde_json::from_value(state.view.clone()).unwrap_or_else(|e| {
                    panic!("the patched view at version {version} does not decode: {e}")
                });
                state.version = *version;
                state.to_act = to_act.clone();
                state.deadline = deadline.clone();
                state.take_back = *take_back;
                self.last_update = Some((steps.len(), *version));
                self.remember();
                let id = self.match_id();
                for v in timed_out.iter().flatten() {
                    self.timed_out.insert((id, *v));
                }
            }
            ServerMsg::Ack {
                client_seq,
                version,
            } => {
                if let Some(i) = self.take_backs.iter().position(|s| s == client_seq) {
                    self.take_backs.remove(i);
                    self.take_back_answers.push(Answer::Acked(*version));
                    if let Some(m) = self.state.as_ref().map(|s| s.match_id) {
                        let min = self.min_version.entry(m).or_insert(0);
                        *min = (*min).max(*version);
                    }
                } else {
                    let sent = self.take_pending(*client_seq).unwrap_or_else(|| {
                        panic!("an Ack for client_seq {client_seq}, never sent")
                    });
                    if let Some(m) = sent.match_id {
                        let min = self.min_version.entry(m).or_insert(0);
                        *min = (*min).max(*version);
                    }
                    self.answered.push((sent, Answer::Acked(*version)));
                }
            }
            ServerMsg::Error {
                code,
                message,
                client_seq,
            } => {
                self.errors.push((*code, message.clone(), *client_seq));
                if let Some(seq) = client_seq {
                    if let Some(sent) = self.take_pending(*seq) {
                        self.answered
                            .push((sent, Answer::Refused(*code, message.clone())));
                    } else if let Some(i) = self.take_backs.iter().position(|s| s == seq) {
                        self.take_backs.remove(i);
                        self.take_back_answers
                            .push(Answer::Refused(*code, message.clone()));
                    } else if let Some(i) = self.raw_pending.iter().position(|s| s == seq) {
                        self.raw_pending.remove(i);
                    } else {
                        panic!("an Error for client_seq {seq}, never sent or already answered");
                    }
                }
            }
            ServerMsg::MatchOver {
                match_id,
                result,
                seed,
            } => {
                let state = self
                    .state
                    .as_mut()
                    .unwrap_or_else(|| panic!("MatchOver without a match held: {text}"));
                assert_eq!(*match_id, state.match_id, "MatchOver for another match");
                assert_eq!(state.to_act, ToAct::Finished, "MatchOver before the end");
                let digest =
                    hex::encode(Sha256::digest(hex::decode(seed).expect("the seed is hex")));
                assert_eq!(digest, state.seed_sha256, "the seed matches its commitment");
                state.result = Some(result.clone());
                state.seed = Some(seed.clone());
            }
            ServerMsg::Pong
            | ServerMsg::Chat { .. }
            | ServerMsg::SeatLink { .. }
            | ServerMsg::NoticeEmail { .. }
            | ServerMsg::NoticePush { .. }
            | ServerMsg::Log { .. } => {}
        }
        if self.record {
            self.frames.push(Received {
                text: text.to_owned(),
                at: self.state.as_ref().map(|s| (s.match_id, s.version)),
                over: self.state.as_ref().is_some_and(|s| s.result.is_some()),
            });
        }
        msg
    }

    /// The oldest unanswered action sent with `client_seq`.
    fn take_pending(&mut self, client_seq: u32) -> Option<SentAct> {
        let i = self
            .pending
            .iter()
            .position(|a| a.client_seq == client_seq)?;
        Some(self.pending.remove(i))
    }

    fn remember(&mut self) {
        if let Some(s) = &self.state {
            self.history.insert((s.match_id, s.version), s.view.clone());
        }
    }
}
