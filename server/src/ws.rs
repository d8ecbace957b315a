//! One WebSocket connection: handshake, then a loop that forwards the room's
//! messages out and the client's messages in.
//!
//! Close codes are defined in `parlor_protocol::close`.

use std::time::{Duration, Instant};

use axum::extract::ws::{CloseFrame, Message, Utf8Bytes, WebSocket};
use futures_util::{SinkExt, StreamExt};
use parlor_protocol::{close, ClientMsg, ErrorCode, ServerMsg};
use tokio::sync::{mpsc, oneshot};
use tokio_util::sync::CancellationToken;
use tracing::{debug, info_span, Instrument};

use crate::room::{RoomCmd, RoomHandle, OUTBOX};

/// Time a client has to send `Hello`.
const HANDSHAKE: Duration = Duration::from_secs(10);
/// Messages a client may send per second before it is cut off.
const RATE_PER_SEC: u32 = 40;
/// Malformed messages tolerated (each answered with an error) before closing.
const MAX_BAD: u32 = 20;
/// Largest message accepted from a client.
pub const MAX_MESSAGE: usize = 16 * 1024;

/// Serves one upgraded socket until either side ends it.
pub async fn serve(socket: WebSocket, room: RoomHandle, shutdown: CancellationToken, code: String) {
    let span =
        info_span!("ws", room = %code, conn = tracing::field::Empty, seat = tracing::field::Empty);
    run(socket, room, shutdown).instrument(span).await;
}

async fn run(socket: WebSocket, room: RoomHandle, shutdown: CancellationToken) {
    let (mut sink, mut stream) = socket.split();

    let hello = tokio::time::timeout(HANDSHAKE, stream.next()).await;
    let token = match hello {
        Ok(Some(Ok(Message::Text(text)))) => match serde_json::from_str::<ClientMsg>(&text) {
            Ok(ClientMsg::Hello { token, .. }) => token,
            _ => return close_with(&mut sink, close::BAD_HANDSHAKE, "expected hello").await,
        },
        _ => return close_with(&mut sink, close::BAD_HANDSHAKE, "expected hello").await,
    };

    let (out_tx, mut out_rx) = mpsc::channel::<ServerMsg>(OUTBOX);
    let (reply, answer) = oneshot::channel();
    if !room
        .send(RoomCmd::Connect {
            token,
            out: out_tx,
            reply,
        })
        .await
    {
        return close_with(&mut sink, close::NO_ROOM, "room closed").await;
    }
    let (conn, viewer) = match answer.await {
        Ok(Ok(ok)) => ok,
        Ok(Err(ErrorCode::BadToken)) => {
            return close_with(&mut sink, close::BAD_TOKEN, "unknown seat token").await
        }
        _ => return close_with(&mut sink, close::NO_ROOM, "room closed").await,
    };
    tracing::Span::current()
        .record("conn", conn)
        .record("seat", tracing::field::debug(viewer));
    debug!("connected");

    let mut window = Instant::now();
    let mut in_window = 0u32;
    let mut bad = 0u32;
    loop {
        tokio::select! {
            out = out_rx.recv() => match out {
                Some(msg) => {
                    if !send_json(&mut sink, &msg).await {
                        break;
                    }
                }
                None => {
                    // The room let go of us: shutting down, or we fell behind.
                    let code = if shutdown.is_cancelled() { close::GOING_AWAY } else { close::FELL_BEHIND };
                    close_with(&mut sink, code, "resync").await;
                    break;
                }
            },
            frame = stream.next() => {
                let parsed = match frame {
                    Some(Ok(Message::Text(text))) => serde_json::from_str::<ClientMsg>(&text).map_err(|e| e.to_string()),
                    Some(Ok(Message::Binary(_))) => Err("messages are JSON text, not binary".to_owned()),
                    Some(Ok(Message::Ping(_) | Message::Pong(_))) => continue,
                    Some(Ok(Message::Close(_))) | Some(Err(_)) | None => break,
                };
                if window.elapsed() >= Duration::from_secs(1) {
                    window = Instant::now();
                    in_window = 0;
                }
                in_window += 1;
                if in_window > RATE_PER_SEC {
                    close_with(&mut sink, close::RATE, "too many messages").await;
                    break;
                }
                match parsed {
                    Ok(msg) => {
                        if !room.send(RoomCmd::Msg { conn, msg }).await {
                            close_with(&mut sink, close::GOING_AWAY, "room closed").await;
                            break;
                        }
                    }
                    Err(e) => {
                        bad += 1;
                        if bad > MAX_BAD {
                            close_with(&mut sink, close::BAD_MESSAGES, "too many malformed messages").await;
                            break;
                        }
                        let msg = ServerMsg::Error { code: ErrorCode::BadMessage, message: format!("unreadable message: {e}"), client_seq: None };
                        if !send_json(&mut sink, &msg).await {
                            break;
                        }
                    }
                }
            },
            _ = shutdown.cancelled() => {
                // Drain what the room already queued (e.g. its goodbye), then close.
                while let Ok(msg) = out_rx.try_recv() {
                    send_json(&mut sink, &msg).await;
                }
                close_with(&mut sink, close::GOING_AWAY, "server shutting down").await;
                break;
            }
        }
    }
    let _ = room.send(RoomCmd::Disconnect { conn }).await;
    debug!("disconnected");
}

/// Sends one message as JSON text; `false` once the socket is gone.
async fn send_json<S>(sink: &mut S, msg: &ServerMsg) -> bool
where
    S: futures_util::Sink<Message> + Unpin,
{
    match serde_json::to_string(msg) {
        Ok(text) => sink.send(Message::Text(text.into())).await.is_ok(),
        // Our messages are plain data; a failure here would be a bug, not the client's.
        Err(_) => true,
    }
}

async fn close_with<S>(sink: &mut S, code: u16, reason: &'static str)
where
    S: futures_util::Sink<Message> + Unpin,
{
    let _ = sink
        .send(Message::Close(Some(CloseFrame {
            code,
            reason: Utf8Bytes::from_static(reason),
        })))
        .await;
}
