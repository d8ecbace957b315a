//! The connection's limits and close paths, driven through channels in
//! place of a socket (no TCP), with a channel in place of the room.
#![allow(clippy::unwrap_used)]

use std::pin::Pin;
use std::time::Duration;

use axum::extract::ws::Message;
use futures_util::{Stream, StreamExt};
use parlor_protocol::{close, ClientMsg, MatchId, Seat, ServerMsg, Viewer};
use tokio::sync::mpsc;
use tokio::task::JoinHandle;
use tokio_tungstenite::tungstenite::error::{CapacityError, Error as WireError};
use tokio_util::sync::{CancellationToken, PollSender};

use super::handshake::{self, Hello, Joined};
use super::{pump, WsLimits, MAX_MESSAGE};
use crate::room::{Outgoing, RoomCmd, RoomHandle};

/// What the server reads: frames, or errors of the WebSocket layer.
type Frames = Pin<Box<dyn Stream<Item = Result<Message, axum::Error>> + Send>>;

/// The client's end of a socket made of two channels.
struct Client {
    to_server: mpsc::UnboundedSender<Result<Message, axum::Error>>,
    from_server: mpsc::Receiver<Message>,
}

/// A socket as the server sees it (its sink and stream), and its client.
fn socket() -> ((PollSender<Message>, Frames), Client) {
    let (to_client, from_server) = mpsc::channel(64);
    let (to_server, from_client) = mpsc::unbounded_channel();
    let frames = futures_util::stream::unfold(from_client, |mut rx| async move {
        rx.recv().await.map(|frame| (frame, rx))
    })
    .boxed();
    let client = Client {
        to_server,
        from_server,
    };
    ((PollSender::new(to_client), frames), client)
}

impl Client {
    fn frame(&self, frame: Message) {
        self.to_server.send(Ok(frame)).unwrap();
    }

    fn text(&self, text: &str) {
        self.frame(Message::Text(text.into()));
    }

    fn msg(&self, msg: &ClientMsg) {
        self.text(&serde_json::to_string(msg).unwrap());
    }

    /// A frame the WebSocket layer refused, as it reports it.
    fn refused(&self, e: WireError) {
        self.to_server.send(Err(axum::Error::new(e))).unwrap();
    }

    /// The next text the server sends, as a message.
    async fn next_msg(&mut self) -> ServerMsg {
        match self.next().await {
            Some(Message::Text(t)) => serde_json::from_str(&t).unwrap(),
            other => panic!("expected a text, got {other:?}"),
        }
    }

    async fn next(&mut self) -> Option<Message> {
        tokio::time::timeout(Duration::from_secs(5), self.from_server.recv())
            .await
            .unwrap_or(None)
    }

    /// The code of the close frame that ends what the server sends (texts
    /// before it skipped); the client then goes away.
    async fn close_code(mut self) -> Option<u16> {
        while let Some(m) = self.next().await {
            if let Message::Close(frame) = m {
                return frame.map(|f| f.code);
            }
        }
        None
    }
}

/// Limits short enough for tests.
fn limits() -> WsLimits {
    WsLimits {
        handshake: Duration::from_millis(500),
        idle: Duration::from_secs(5),
        send_timeout: Duration::from_secs(1),
        rate_per_sec: 40,
        max_bad: 20,
    }
}

/// Reads a hello on its own task: what the handshake made of it.
fn hello(limits: WsLimits) -> (Client, JoinHandle<Option<Hello>>) {
    let ((mut sink, mut stream), client) = socket();
    let task = tokio::spawn(async move { handshake::hello(&mut sink, &mut stream, &limits).await });
    (client, task)
}

/// A connection let in as seat 0 of a room that is only a channel, pumped
/// on its own task.
struct Pumped {
    client: Client,
    /// What the room sends the connection.
    out: mpsc::Sender<Outgoing>,
    /// What the connection hands the room.
    room: mpsc::Receiver<RoomCmd>,
    task: JoinHandle<()>,
}

fn pumped(limits: WsLimits, shutdown: CancellationToken) -> Pumped {
    let ((mut sink, mut stream), client) = socket();
    let (room_tx, room) = mpsc::channel(64);
    let (out, out_rx) = mpsc::channel(64);
    let joined = Joined {
        conn: 7,
        viewer: Viewer::Seat(Seat(0)),
        room: RoomHandle::for_tests(room_tx),
        out: out_rx,
    };
    let task = tokio::spawn(async move {
        pump::pump(&mut sink, &mut stream, joined, &shutdown, &limits).await;
    });
    Pumped {
        client,
        out,
        room,
        task,
    }
}

#[tokio::test]
async fn a_hello_is_read_with_what_to_resume() {
    let (client, task) = hello(limits());
    let id = MatchId(uuid::Uuid::new_v4());
    client.text(&format!(
        r#"{{"type":"hello","token":"abc","match_id":"{}","last_version":3}}"#,
        id.0
    ));
    let hello = task.await.unwrap();
    assert_eq!(
        hello,
        Some(Hello {
            token: Some("abc".into()),
            resume: Some((id, 3)),
        })
    );
}

#[tokio::test]
async fn anything_but_a_hello_first_closes_4000() {
    let (client, task) = hello(limits());
    client.msg(&ClientMsg::Ping);
    assert_eq!(client.close_code().await, Some(close::BAD_HANDSHAKE));
    assert_eq!(task.await.unwrap(), None);
}

#[tokio::test]
async fn no_hello_in_time_closes_4000() {
    let (client, task) = hello(WsLimits {
        handshake: Duration::from_millis(50),
        ..limits()
    });
    assert_eq!(client.close_code().await, Some(close::BAD_HANDSHAKE));
    assert_eq!(task.await.unwrap(), None);
}

#[tokio::test]
async fn an_oversized_first_frame_closes_1009() {
    let (client, task) = hello(limits());
    client.refused(WireError::Capacity(CapacityError::MessageTooLong {
        size: MAX_MESSAGE + 1,
        max_size: MAX_MESSAGE,
    }));
    assert_eq!(client.close_code().await, Some(close::TOO_BIG));
    assert_eq!(task.await.unwrap(), None);
}

#[tokio::test]
async fn messages_go_to_the_room_and_the_room_s_to_the_client() {
    let mut p = pumped(limits(), CancellationToken::new());
    p.client.msg(&ClientMsg::Ping);
    match p.room.recv().await {
        Some(RoomCmd::Msg { conn: 7, msg }) => assert_eq!(msg, ClientMsg::Ping),
        other => panic!("expected the ping, got {other:?}"),
    }
    let pong = serde_json::to_string(&ServerMsg::Pong).unwrap();
    p.out.send(Outgoing::Text(pong.into())).await.unwrap();
    assert_eq!(p.client.next_msg().await, ServerMsg::Pong);
    // The room closes the socket with its own code (a seat moved away).
    p.out
        .send(Outgoing::Close {
            code: close::SEAT_MOVED,
            reason: "your seat moved to another device",
        })
        .await
        .unwrap();
    assert_eq!(p.client.close_code().await, Some(close::SEAT_MOVED));
    p.task.await.unwrap();
}

#[tokio::test]
async fn a_flood_closes_4029_control_frames_included() {
    let p = pumped(
        WsLimits {
            rate_per_sec: 5,
            ..limits()
        },
        CancellationToken::new(),
    );
    for _ in 0..6 {
        p.client.frame(Message::Ping(Vec::new().into()));
    }
    assert_eq!(p.client.close_code().await, Some(close::RATE));
    p.task.await.unwrap();
}

#[tokio::test]
async fn malformed_messages_are_answered_until_too_many_close_4400() {
    let mut p = pumped(
        WsLimits {
            max_bad: 2,
            ..limits()
        },
        CancellationToken::new(),
    );
    p.client.frame(Message::Binary(vec![1, 2, 3].into()));
    p.client.text("{not json");
    p.client.text(r#"{"type":"no_such_message"}"#);
    for _ in 0..2 {
        match p.client.next_msg().await {
            ServerMsg::Error { code, .. } => {
                assert_eq!(code, parlor_protocol::ErrorCode::BadMessage)
            }
            other => panic!("expected an error, got {other:?}"),
        }
    }
    assert_eq!(p.client.close_code().await, Some(close::BAD_MESSAGES));
    p.task.await.unwrap();
    assert!(p.room.try_recv().is_err(), "nothing reached the room");
}

#[tokio::test]
async fn invalid_utf8_closes_1007() {
    let p = pumped(limits(), CancellationToken::new());
    p.client.refused(WireError::Utf8);
    assert_eq!(p.client.close_code().await, Some(close::INVALID_DATA));
    p.task.await.unwrap();
}

#[tokio::test]
async fn a_silent_client_is_closed_4002() {
    let p = pumped(
        WsLimits {
            idle: Duration::from_millis(100),
            ..limits()
        },
        CancellationToken::new(),
    );
    assert_eq!(p.client.close_code().await, Some(close::IDLE));
    p.task.await.unwrap();
}

#[tokio::test]
async fn a_room_that_lets_go_closes_4008_or_1001_when_stopping() {
    let p = pumped(limits(), CancellationToken::new());
    drop(p.out);
    assert_eq!(p.client.close_code().await, Some(close::FELL_BEHIND));
    p.task.await.unwrap();

    let stopping = CancellationToken::new();
    stopping.cancel();
    let p = pumped(limits(), stopping);
    drop(p.out);
    assert_eq!(p.client.close_code().await, Some(close::GOING_AWAY));
    p.task.await.unwrap();
}

#[tokio::test]
async fn a_message_the_stopped_room_cannot_take_is_refused_then_1001() {
    let mut p = pumped(limits(), CancellationToken::new());
    drop(p.room);
    p.client.msg(&ClientMsg::Ping);
    match p.client.next_msg().await {
        ServerMsg::Error { code, .. } => {
            assert_eq!(code, parlor_protocol::ErrorCode::ShuttingDown)
        }
        other => panic!("expected a refusal, got {other:?}"),
    }
    assert_eq!(p.client.close_code().await, Some(close::GOING_AWAY));
    p.task.await.unwrap();
}

#[tokio::test]
async fn a_client_close_ends_the_pump() {
    let p = pumped(limits(), CancellationToken::new());
    p.client.frame(Message::Close(None));
    p.task.await.unwrap();
}
