//! One WebSocket connection: handshake, then a loop that forwards the room's
//! messages out and the client's messages in.
//!
//! Every way a connection can end has a close code (`parlor_protocol::close`):
//! oversized frames are refused from their header (1009) and invalid UTF-8
//! with 1007, a silent client is closed after [`WsLimits::idle`] (4002), a
//! client that stops reading is dropped after [`WsLimits::send_timeout`],
//! and at shutdown the room says goodbye and closes with 1001 only after
//! every action it received was answered.

use std::time::Duration;

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket, WebSocketUpgrade};
use futures_util::{SinkExt, StreamExt};
use parlor_protocol::{close, ClientMsg, ErrorCode, RoomCode, ServerMsg};
use tokio::sync::{mpsc, oneshot};
use tokio::time::Instant;
use tokio_util::sync::CancellationToken;
use tracing::{debug, info_span, Instrument};

use crate::room::{ConnectError, OpenError, Outgoing, RoomCmd, Rooms, OUTBOX};

/// Largest message (and frame) accepted from a client.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// Per-connection limits.
#[derive(Debug, Clone)]
pub struct WsLimits {
    /// Time a client has to send `Hello`.
    pub handshake: Duration,
    /// Silence after which a client is closed (clients ping every 20 s).
    pub idle: Duration,
    /// Longest a single send may wait on a client that does not read.
    pub send_timeout: Duration,
    /// Frames (control frames included) a client may send per second.
    pub rate_per_sec: u32,
    /// Malformed messages tolerated (each answered with an error).
    pub max_bad: u32,
}

impl Default for WsLimits {
    fn default() -> Self {
        WsLimits {
            handshake: Duration::from_secs(10),
            idle: Duration::from_secs(60),
            send_timeout: Duration::from_secs(10),
            rate_per_sec: 40,
            max_bad: 20,
        }
    }
}

/// Sizes an upgrade: frames and messages are capped before they are
/// buffered, and buffers are small (a connection mostly idles).
pub fn configure(upgrade: WebSocketUpgrade) -> WebSocketUpgrade {
    upgrade
        .max_message_size(MAX_MESSAGE)
        .max_frame_size(MAX_MESSAGE)
        .read_buffer_size(4 * 1024)
        .write_buffer_size(0)
        .max_write_buffer_size(256 * 1024)
}

/// Serves one upgraded socket until either side ends it.
pub async fn serve(
    socket: WebSocket,
    rooms: Rooms,
    code: RoomCode,
    shutdown: CancellationToken,
    limits: WsLimits,
) {
    let span =
        info_span!("ws", room = %code, conn = tracing::field::Empty, seat = tracing::field::Empty);
    metrics::gauge!("parlor_connections").increment(1.0);
    run(socket, rooms, code, shutdown, limits)
        .instrument(span)
        .await;
    metrics::gauge!("parlor_connections").decrement(1.0);
}

async fn run(
    socket: WebSocket,
    rooms: Rooms,
    code: RoomCode,
    shutdown: CancellationToken,
    limits: WsLimits,
) {
    let (mut sink, mut stream) = socket.split();
    let send_timeout = limits.send_timeout;

    let hello = tokio::time::timeout(limits.handshake, stream.next()).await;
    let (token, resume) = match hello {
        Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str::<ClientMsg>(&text) {
            Ok(ClientMsg::Hello {
                token,
                last_version,
                match_id,
            }) => (token, match_id.zip(last_version)),
            _ => {
                return close_with(
                    &mut sink,
                    &mut stream,
                    close::BAD_HANDSHAKE,
                    "expected hello",
                    send_timeout,
                )
                .await
            }
        },
        Ok(Some(Err(e))) => {
            let (code, reason) = frame_error(&e);
            return close_with(&mut sink, &mut stream, code, reason, send_timeout).await;
        }
        _ => {
            return close_with(
                &mut sink,
                &mut stream,
                close::BAD_HANDSHAKE,
                "expected hello",
                send_timeout,
            )
            .await
        }
    };

    let (out_tx, mut out_rx) = mpsc::channel::<Outgoing>(OUTBOX);
    let (reply, answer) = oneshot::channel();
    let connect = RoomCmd::Connect {
        token,
        resume,
        out: out_tx,
        reply,
    };
    if let Err(e) = rooms.send(&code, connect).await {
        let (code, reason) = match e {
            OpenError::NotFound => (close::NO_ROOM, "no such room"),
            OpenError::Broken => (close::ROOM_BROKEN, "room could not be restored"),
            OpenError::Closed(_) => (close::ROOM_CLOSED, "closed by the server's host"),
            OpenError::ShuttingDown => (close::GOING_AWAY, "server shutting down"),
            OpenError::Store(_) => (close::GOING_AWAY, "try again"),
        };
        return close_with(&mut sink, &mut stream, code, reason, send_timeout).await;
    }
    let (conn, viewer) = match answer.await {
        Ok(Ok(ok)) => ok,
        Ok(Err(ConnectError::BadToken)) => {
            return close_with(
                &mut sink,
                &mut stream,
                close::BAD_TOKEN,
                "unknown seat token",
                send_timeout,
            )
            .await
        }
        Ok(Err(ConnectError::Full)) => {
            return close_with(
                &mut sink,
                &mut stream,
                close::TOO_MANY_CONNECTIONS,
                "room is full",
                send_timeout,
            )
            .await
        }
        Ok(Err(ConnectError::Closed)) | Err(_) => {
            return close_with(
                &mut sink,
                &mut stream,
                close::GOING_AWAY,
                "room closed; reconnect",
                send_timeout,
            )
            .await
        }
    };
    let Ok(room) = rooms.open(&code).await else {
        return close_with(
            &mut sink,
            &mut stream,
            close::GOING_AWAY,
            "room closed; reconnect",
            send_timeout,
        )
        .await;
    };
    tracing::Span::current()
        .record("conn", conn)
        .record("seat", tracing::field::debug(viewer));
    debug!("connected");

    let mut window = Instant::now();
    let mut in_window = 0u32;
    let mut bad = 0u32;
    let mut heard = Instant::now();
    // Past shutdown the room answers and closes us; this bounds the wait
    // should it not.
    let grace = async {
        shutdown.cancelled().await;
        tokio::time::sleep(Duration::from_secs(5)).await;
    };
    tokio::pin!(grace);
    loop {
        tokio::select! {
            out = out_rx.recv() => match out {
                Some(Outgoing::Text(text)) => {
                    if !send_text(&mut sink, text, send_timeout).await {
                        break;
                    }
                }
                Some(Outgoing::Close { code, reason }) => {
                    close_with(&mut sink, &mut stream, code, reason, send_timeout).await;
                    break;
                }
                None => {
                    // The room let go of us: we fell behind, or it stopped.
                    let (code, reason) = if shutdown.is_cancelled() {
                        (close::GOING_AWAY, "server shutting down")
                    } else {
                        (close::FELL_BEHIND, "resync")
                    };
                    close_with(&mut sink, &mut stream, code, reason, send_timeout).await;
                    break;
                }
            },
            frame = stream.next() => {
                heard = Instant::now();
                if window.elapsed() >= Duration::from_secs(1) {
                    window = Instant::now();
                    in_window = 0;
                }
                // Control frames count too: a ping flood is still a flood.
                in_window += 1;
                if in_window > limits.rate_per_sec {
                    close_with(&mut sink, &mut stream, close::RATE, "too many messages", send_timeout).await;
                    break;
                }
                let parsed = match frame {
                    Some(Ok(Message::Text(text))) => serde_json::from_str::<ClientMsg>(&text).map_err(|e| e.to_string()),
                    Some(Ok(Message::Binary(_))) => Err("messages are JSON text, not binary".to_owned()),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) => {
                        // The reply to the client's close is queued; send it.
                        let _ = tokio::time::timeout(send_timeout, sink.flush()).await;
                        break;
                    }
                    None => break,
                    Some(Err(e)) => {
                        let (code, reason) = frame_error(&e);
                        close_with(&mut sink, &mut stream, code, reason, send_timeout).await;
                        break;
                    }
                };
                match parsed {
                    Ok(msg) => {
                        let client_seq = match &msg {
                            ClientMsg::Act { client_seq, .. } => Some(*client_seq),
                            _ => None,
                        };
                        if !room.send(RoomCmd::Msg { conn, msg }).await {
                            // The room stopped taking messages: this one was
                            // not carried out, and the client hears so.
                            let refusal = ServerMsg::Error {
                                code: ErrorCode::ShuttingDown,
                                message: "the server is shutting down; nothing changed".into(),
                                client_seq,
                            };
                            send_json(&mut sink, &refusal, send_timeout).await;
                            close_with(&mut sink, &mut stream, close::GOING_AWAY, "server shutting down", send_timeout).await;
                            break;
                        }
                    }
                    Err(e) => {
                        bad += 1;
                        if bad > limits.max_bad {
                            close_with(&mut sink, &mut stream, close::BAD_MESSAGES, "too many malformed messages", send_timeout).await;
                            break;
                        }
                        let msg = ServerMsg::Error { code: ErrorCode::BadMessage, message: format!("unreadable message: {}", truncate(&e, 200)), client_seq: None };
                        if !send_json(&mut sink, &msg, send_timeout).await {
                            break;
                        }
                    }
                }
            },
            _ = tokio::time::sleep_until(heard + limits.idle) => {
                close_with(&mut sink, &mut stream, close::IDLE, "nothing heard; reconnect", send_timeout).await;
                break;
            }
            _ = &mut grace => {
                close_with(&mut sink, &mut stream, close::GOING_AWAY, "server shutting down", send_timeout).await;
                break;
            }
        }
    }
    let _ = room.send(RoomCmd::Disconnect { conn }).await;
    debug!("disconnected");
}

/// At most `max` bytes of `text` (on a character boundary): parse errors
/// quote the input, which need not come back whole.
fn truncate(text: &str, max: usize) -> &str {
    let mut end = text.len().min(max);
    while !text.is_char_boundary(end) {
        end -= 1;
    }
    &text[..end]
}

/// The close code for a frame the WebSocket layer refused. axum wraps the
/// tungstenite error opaquely, so its text is what tells the cases apart.
fn frame_error(e: &axum::Error) -> (u16, &'static str) {
    let text = e.to_string();
    if text.contains("too long") || text.contains("Space limit") {
        (close::TOO_BIG, "message too big")
    } else if text.contains("UTF-8") || text.contains("utf-8") || text.contains("Utf8") {
        (close::INVALID_DATA, "text is not valid UTF-8")
    } else {
        (close::BAD_MESSAGES, "protocol error")
    }
}

/// Sends one frame; `false` once the socket is gone or the client stopped
/// reading for longer than `limit`.
async fn send_text<S>(sink: &mut S, text: Utf8Bytes, limit: Duration) -> bool
where
    S: futures_util::Sink<Message> + Unpin,
{
    matches!(
        tokio::time::timeout(limit, sink.send(Message::Text(text))).await,
        Ok(Ok(()))
    )
}

/// Sends one message as JSON text.
async fn send_json<S>(sink: &mut S, msg: &ServerMsg, limit: Duration) -> bool
where
    S: futures_util::Sink<Message> + Unpin,
{
    match serde_json::to_string(msg) {
        Ok(text) => send_text(sink, text.into(), limit).await,
        // Our messages are plain data; a failure here would be a bug, not the client's.
        Err(_) => true,
    }
}

/// Sends a close frame, then reads (and drops) what the client still sends
/// until it answers with its own close, for at most a second: closing a
/// socket with unread input makes the kernel send a reset, which can
/// overtake the close frame, and the client would learn nothing.
async fn close_with<S, R>(
    sink: &mut S,
    stream: &mut R,
    code: u16,
    reason: &'static str,
    limit: Duration,
) where
    S: futures_util::Sink<Message> + Unpin,
    R: futures_util::Stream<Item = Result<Message, axum::Error>> + Unpin,
{
    metrics::counter!("parlor_ws_closes_total", "code" => code.to_string()).increment(1);
    let frame = Message::Close(Some(CloseFrame {
        code,
        reason: Utf8Bytes::from_static(reason),
    }));
    if !matches!(
        tokio::time::timeout(limit, sink.send(frame)).await,
        Ok(Ok(()))
    ) {
        return;
    }
    let _ = tokio::time::timeout(Duration::from_secs(1), async {
        while let Some(Ok(msg)) = stream.next().await {
            if matches!(msg, Message::Close(_)) {
                break;
            }
        }
    })
    .await;
}
