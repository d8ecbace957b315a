//! The loop of a connection the room let in: the room's messages out, the
//! client's frames in (counted against the rate, read, handed to the
//! room), until either side ends it, the client falls silent, or the
//! server stops.

use std::time::Duration;

use axum::extract::ws::Message;
use futures_util::{Sink, SinkExt, Stream, StreamExt};
use parlor_protocol::{close, ClientMsg, ErrorCode, ServerMsg};
use tokio::sync::mpsc;
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;

use super::frames::{close_with, frame_error, send_json, send_text, send_texts, truncate};
use super::handshake::Joined;
use super::WsLimits;
use crate::room::{ConnId, Outgoing, RoomCmd, RoomHandle};

/// Whether the loop goes on after an event.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Flow {
    Go,
    Stop,
}

impl From<bool> for Flow {
    /// `true`: the send went through; go on.
    fn from(sent: bool) -> Flow {
        if sent {
            Flow::Go
        } else {
            Flow::Stop
        }
    }
}

/// What the client has sent: frames in the current second, and malformed
/// messages so far.
struct Counts {
    window: Instant,
    in_window: u32,
    bad: u32,
}

/// Runs the connection until it ends (its socket is closed by then, save
/// when the client vanished).
pub(super) async fn pump<S, R>(
    sink: &mut S,
    stream: &mut R,
    joined: Joined,
    shutdown: &CancellationToken,
    limits: &WsLimits,
) where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let Joined {
        conn,
        room,
        out: mut out_rx,
        ..
    } = joined;
    let mut counts = Counts {
        window: Instant::now(),
        in_window: 0,
        bad: 0,
    };
    let mut heard = Instant::now();
    // Past shutdown the room answers and closes us; this bounds the wait
    // should it not.
    let grace = async {
        shutdown.cancelled().await;
        tokio::time::sleep(Duration::from_secs(5)).await;
    };
    tokio::pin!(grace);
    loop {
        let flow = tokio::select! {
            out = out_rx.recv() => outgoing(sink, stream, out, &mut out_rx, shutdown, limits).await,
            frame = stream.next() => {
                heard = Instant::now();
                incoming(sink, stream, frame, (&room, conn, &mut out_rx), &mut counts, limits).await
            }
            _ = tokio::time::sleep_until(heard + limits.idle) => {
                close_with(sink, stream, close::IDLE, "nothing heard; reconnect", limits.send_timeout).await;
                Flow::Stop
            }
            _ = &mut grace => {
                close_with(sink, stream, close::GOING_AWAY, "server shutting down", limits.send_timeout).await;
                Flow::Stop
            }
        };
        if flow == Flow::Stop {
            break;
        }
    }
}

/// Most queued messages written together before one flush.
const WRITE_BATCH: usize = 16;

/// One message from the room: sent on, or the close it asks for. A room
/// that let go of the connection (it fell behind, or the room stopped)
/// closes it. Messages already queued behind a text go out with it in one
/// write (one syscall and one wake-up of the client, not one per frame).
async fn outgoing<S, R>(
    sink: &mut S,
    stream: &mut R,
    mut out: Option<Outgoing>,
    queue: &mut mpsc::Receiver<Outgoing>,
    shutdown: &CancellationToken,
    limits: &WsLimits,
) -> Flow
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    if let Some(Outgoing::Text(first)) = out {
        let mut texts = vec![first];
        out = None;
        while texts.len() < WRITE_BATCH {
            match queue.try_recv() {
                Ok(Outgoing::Text(t)) => texts.push(t),
                Ok(close) => {
                    out = Some(close);
                    break;
                }
                Err(_) => break,
            }
        }
        if !send_texts(sink, texts, limits.send_timeout).await {
            return Flow::Stop;
        }
        if out.is_none() {
            return Flow::Go;
        }
    }
    let (code, reason) = match out {
        Some(Outgoing::Text(text)) => {
            return send_text(sink, text, limits.send_timeout).await.into()
        }
        Some(Outgoing::Close { code, reason }) => (code, reason),
        None if shutdown.is_cancelled() => (close::GOING_AWAY, "server shutting down"),
        None => (close::FELL_BEHIND, "resync"),
    };
    close_with(sink, stream, code, reason, limits.send_timeout).await;
    Flow::Stop
}

/// One frame from the client (or the end of its stream): counted against
/// the rate, control frames too (a ping flood is still a flood); a message
/// is read and handed to the room.
async fn incoming<S, R>(
    sink: &mut S,
    stream: &mut R,
    frame: Option<Result<Message, axum::Error>>,
    to: (&RoomHandle, ConnId, &mut mpsc::Receiver<Outgoing>),
    counts: &mut Counts,
    limits: &WsLimits,
) -> Flow
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    if counts.window.elapsed() >= Duration::from_secs(1) {
        counts.window = Instant::now();
        counts.in_window = 0;
    }
    counts.in_window += 1;
    if counts.in_window > limits.rate_per_sec {
        close_with(
            sink,
            stream,
            close::RATE,
            "too many messages",
            limits.send_timeout,
        )
        .await;
        return Flow::Stop;
    }
    let read = match frame {
        Some(Ok(Message::Text(text))) => {
            serde_json::from_str::<ClientMsg>(&text).map_err(|e| e.to_string())
        }
        Some(Ok(Message::Binary(_))) => Err("messages are JSON text, not binary".to_owned()),
        Some(Ok(Message::Ping(_) | Message::Pong(_))) => return Flow::Go,
        Some(Ok(Message::Close(_))) => {
            // The reply to the client's close is queued; send it.
            let _ = tokio::time::timeout(limits.send_timeout, sink.flush()).await;
            return Flow::Stop;
        }
        None => return Flow::Stop,
        Some(Err(e)) => {
            let (code, reason) = frame_error(&e);
            close_with(sink, stream, code, reason, limits.send_timeout).await;
            return Flow::Stop;
        }
    };
    match read {
        Ok(msg) => to_room(sink, stream, msg, to, limits).await,
        Err(e) => malformed(sink, stream, &e, counts, limits).await,
    }
}

/// Hands a message to the room. A room that stopped taking messages did
/// not carry it out, and the client hears so before the socket closes,
/// with the close the room sends its connections as it stops (shutting
/// down, moved to another server, closed), once it has.
async fn to_room<S, R>(
    sink: &mut S,
    stream: &mut R,
    msg: ClientMsg,
    (room, conn, out): (&RoomHandle, ConnId, &mut mpsc::Receiver<Outgoing>),
    limits: &WsLimits,
) -> Flow
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    let client_seq = msg.client_seq();
    if room.send(RoomCmd::Msg { conn, msg }).await {
        return Flow::Go;
    }
    let refusal = ServerMsg::Error {
        code: ErrorCode::ShuttingDown,
        message: "the server is shutting down; nothing changed".into(),
        client_seq,
    };
    send_json(sink, &refusal, limits.send_timeout).await;
    let (code, reason) = tokio::time::timeout(ROOM_CLOSE_WAIT, async {
        while let Some(o) = out.recv().await {
            if let Outgoing::Close { code, reason } = o {
                return Some((code, reason));
            }
        }
        None
    })
    .await
    .ok()
    .flatten()
    .unwrap_or((close::GOING_AWAY, "server shutting down"));
    close_with(sink, stream, code, reason, limits.send_timeout).await;
    Flow::Stop
}

/// How long a connection whose room stopped waits for the room's own close
/// (it answers what was queued first).
const ROOM_CLOSE_WAIT: Duration = Duration::from_secs(1);

/// A message that could not be read: answered with why, until there have
/// been more than [`WsLimits::max_bad`], which closes the socket.
async fn malformed<S, R>(
    sink: &mut S,
    stream: &mut R,
    error: &str,
    counts: &mut Counts,
    limits: &WsLimits,
) -> Flow
where
    S: Sink<Message> + Unpin,
    R: Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    counts.bad += 1;
    if counts.bad > limits.max_bad {
        close_with(
            sink,
            stream,
            close::BAD_MESSAGES,
            "too many malformed messages",
            limits.send_timeout,
        )
        .await;
        return Flow::Stop;
    }
    let msg = ServerMsg::Error {
        code: ErrorCode::BadMessage,
        message: format!("unreadable message: {}", truncate(error, 200)),
        client_seq: None,
    };
    send_json(sink, &msg, limits.send_timeout).await.into()
}
