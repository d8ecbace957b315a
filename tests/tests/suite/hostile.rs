//! Hostile input, for every playable game: over a thousand inputs per game
//! thrown at a room mid-match from second tabs of every seat, a spectator
//! and fresh sockets — malformed JSON, unknown messages, deep nesting,
//! binary frames, oversized frames, invalid UTF-8, messages before `hello`
//! and a second `hello`, acting for the wrong seat or as a spectator, stale
//! and future versions, other games' actions, every other seat's legal
//! action, random garbage actions, floods past the rate limit, sockets that
//! never say hello — and slow readers that never read.
//!
//! Expected: the server never falls over (health and the room keep
//! answering, and the match is played to its end afterwards); nothing
//! changes (the stored version and every viewer's view are the same after
//! each batch); every input is answered by a typed `Error` (carrying the
//! `client_seq` of an act) or a close code; and refusals say nothing about
//! hidden items (two actions that differ only in naming a card another seat
//! holds or a card nobody holds are refused alike).
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::BTreeMap;
use std::time::{Duration, Instant};

use parlor_games::AnyGame;
use parlor_protocol::{close, AnyAction, ClientMsg, ErrorCode, Seat, ServerMsg, ToAct};
use parlor_server::db::Store;
use parlor_tests::driver::{act_if_due, play_to_end, watch_to_end, Table};
use parlor_tests::players::{GamePlayer, Probe, PLAYERS};
use parlor_tests::truth::Truth;
use parlor_tests::{Answer, Api, TestClient, TestDb, TestServer, WAIT};
use rand::rngs::StdRng;
use rand::seq::IndexedRandom;
use rand::{Rng, SeedableRng};
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

/// The server's largest accepted message.
const MAX_MESSAGE: usize = 16 * 1024;
/// Malformed messages the server answers before closing with 4400.
const MAX_BAD: usize = 20;
/// Frames a connection may send in one second.
const RATE: usize = 40;

/// What an input must get back.
#[derive(Debug, Clone, Copy, PartialEq)]
enum Expect {
    Code(ErrorCode),
    /// Any typed refusal.
    Refused,
}

/// One input sent on an open, welcomed socket.
#[derive(Debug, Clone)]
enum Input {
    Act {
        version: u64,
        action: AnyAction,
        expect: Expect,
        what: &'static str,
    },
    Msg(ClientMsg, Expect, &'static str),
    Probe(Probe, u64),
}

/// Inputs counted by kind.
type Tally = BTreeMap<&'static str, usize>;

fn count(t: &mut Tally, what: &'static str, n: usize) {
    *t.entry(what).or_default() += n;
}

/// Replaces whole decimal numbers equal to `name` with `#`.
fn mask(message: &str, name: &str) -> String {
    let mut out = String::new();
    let mut digits = String::new();
    for ch in message.chars().chain(std::iter::once(' ')) {
        if ch.is_ascii_digit() {
            digits.push(ch);
            continue;
        }
        if !digits.is_empty() {
            out.push_str(if digits == name { "#" } else { &digits });
            digits.clear();
        }
        out.push(ch);
    }
    out.pop();
    out
}

/// Sends inputs one by one, each awaited; returns the client and a tally.
async fn run_inputs(mut c: TestClient, inputs: Vec<Input>) -> (TestClient, Tally) {
    let mut tally = Tally::new();
    for input in inputs {
        match input {
            Input::Act {
                version,
                action,
                expect,
                what,
            } => {
                let seq = c.act(version, action.clone()).await.expect("socket open");
                match c.await_answer(seq).await {
                    Answer::Acked(v) => panic!(
                        "{what}: {:?} sent {action:?} on version {version} and it was applied (now {v})",
                        c.you
                    ),
                    Answer::Refused(code, message) => {
                        if let Expect::Code(want) = expect {
                            assert_eq!(
                                code, want,
                                "{what}: {:?} sent {action:?} on {version}: {message}",
                                c.you
                            );
                        }
                    }
                }
                count(&mut tally, what, 1);
            }
            Input::Msg(msg, expect, what) => {
                let before = c.errors.len();
                c.send(&msg).await;
                while c.errors.len() == before {
                    match c.recv().await {
                        ServerMsg::Error { .. } => {}
                        ServerMsg::Room { .. } | ServerMsg::Pong => {}
                        other => panic!("{what}: {msg:?} got {other:?}"),
                    }
                }
                let (code, message, seq) = c.errors.last().unwrap().clone();
                assert_eq!(seq, None);
                if let Expect::Code(want) = expect {
                    assert_eq!(code, want, "{what}: {msg:?}: {message}");
                }
                count(&mut tally, what, 1);
            }
            Input::Probe(p, version) => {
                let a = c.act(version, p.held.clone()).await.unwrap();
                let a = c.await_answer(a).await;
                let b = c.act(version, p.free.clone()).await.unwrap();
                let b = c.await_answer(b).await;
                match (&a, &b) {
                    (Answer::Refused(ca, ma), Answer::Refused(cb, mb)) => {
                        assert_eq!(ca, cb, "{:?} vs {:?}: {ma} / {mb}", p.held, p.free);
                        assert_eq!(
                            mask(ma, &p.held_name),
                            mask(mb, &p.free_name),
                            "a refusal tells a held card ({}) from a free one ({}): {:?} / {:?}",
                            p.held_name,
                            p.free_name,
                            ma,
                            mb
                        );
                    }
                    other => panic!("a probe was applied: {other:?}"),
                }
                count(&mut tally, "hidden-item probes", 2);
            }
        }
    }
    (c, tally)
}

/// Text that must not parse as a client message.
fn malformed(rng: &mut StdRng, valid: &str) -> Vec<String> {
    let deep_array = format!("{}{}", "[".repeat(5000), "]".repeat(5000));
    let deep_object = format!("{}1{}", "{\"a\":".repeat(2000), "}".repeat(2000));
    let deep_act = format!(
        "{{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{}{}}}",
        "[".repeat(4000),
        "]".repeat(4000)
    );
    let mut out: Vec<String> = [
        "",
        " ",
        "null",
        "1",
        "\"hello\"",
        "[]",
        "{}",
        "{\"type\":null}",
        "{\"type\":\"teleport\"}",
        "{\"type\":\"HELLO\"}",
        "{\"type\":\"act\"}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0}",
        "{\"type\":\"act\",\"client_seq\":-1,\"version\":0,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[0]}}}",
        "{\"type\":\"act\",\"client_seq\":4294967296,\"version\":0,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[0]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":-3,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[0]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":1e400,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[0]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":18446744073709551616,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[0]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"chess\",\"action\":{}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"fly\"}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[\"0\"]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"doozy-dice\",\"action\":{\"type\":\"roll\",\"dice\":[256]}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"mix-the-mutts\",\"action\":{\"type\":\"connect\",\"at\":{\"q\":200,\"r\":0},\"rotation\":0}}}",
        "{\"type\":\"act\",\"client_seq\":1,\"version\":0,\"action\":{\"game\":\"mix-the-mutts\",\"action\":{\"type\":\"answer\",\"claims\":[{\"combo\":0,\"cards\":[-1]}]}}}",
        "{\"type\":\"set_options\",\"options\":{\"game\":\"zop-zoo\",\"options\":{\"target\":\"forever\"}}}",
        "{\"type\":\"hello\",\"token\":5}",
        "{\"type\":\"hello\",\"last_version\":\"x\"}",
        "{\"type\":\"ping\"",
        "{\"type\":\"ping\"}}",
        "{\"type\":\"ping\"} {\"type\":\"ping\"}",
        "{'type':'ping'}",
        "{\"type\":\"ping\",\"type\":\"start\"}",
        "\u{0}",
        "\"\\ud800\"",
        "{\"type\":\"\\ud800\"}",
        "NaN",
        "ïnvalid ♠ json",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    out.push(deep_array);
    out.push(deep_object);
    out.push(deep_act);
    out.push(format!(
        "{{\"type\":\"{}\"}}",
        "x".repeat(MAX_MESSAGE - 100)
    ));
    // Random damage to a valid message: a character replaced, dropped or
    // inserted, or the text cut short.
    for _ in 0..60 {
        let mut chars: Vec<char> = valid.chars().collect();
        let i = rng.random_range(0..chars.len());
        match rng.random_range(0..4) {
            0 => chars[i] = char::from(rng.random_range(b' '..=b'~')),
            1 => {
                chars.remove(i);
            }
            2 => chars.insert(
                i,
                *['{', '}', '"', ',', ':', '[', '\\'].choose(rng).unwrap(),
            ),
            _ => chars.truncate(i),
        }
        out.push(chars.into_iter().collect());
    }
    out.retain(|s| serde_json::from_str::<ClientMsg>(s).is_err());
    out
}

/// A fresh socket that sends `frames` (after a hello unless `hello` is
/// false) and must be closed with `code`.
async fn must_close(
    api: &Api,
    code: &str,
    token: Option<&str>,
    hello: bool,
    frames: Vec<Message>,
    want: u16,
    what: &str,
) {
    let mut c = if hello {
        api.connect_welcomed(code, token).await
    } else {
        api.open(code).await
    };
    c.pace = None;
    for f in frames {
        if !c.send_message(f).await {
            break;
        }
    }
    let got = c.closed_within(WAIT).await;
    assert_eq!(
        got,
        Some(want),
        "{what}: expected close {want}, the socket ended with {:?}",
        c.ended
    );
}

fn text_frame(bytes: Vec<u8>, fin: bool, first: bool) -> Message {
    let op = if first {
        OpCode::Data(Data::Text)
    } else {
        OpCode::Data(Data::Continue)
    };
    Message::Frame(Frame::message(bytes, op, fin))
}

/// Raw-socket inputs against the room: malformed messages (answered, then
/// 4400), oversized frames (1009), invalid UTF-8 (1007), messages before
/// hello (4000), a wrong token (4001), floods (4029). Returns the tally.
async fn raw_inputs(api: &Api, code: &str, token: &str, rng: &mut StdRng, valid: &str) -> Tally {
    let mut tally = Tally::new();
    // Malformed: each answered with bad_message, the socket stays until
    // one too many.
    let bad = malformed(rng, valid);
    for chunk in bad.chunks(MAX_BAD) {
        let mut c = api.connect_welcomed(code, Some(token)).await;
        for text in chunk {
            c.send_raw(text).await;
            let (e, message, seq) = c
                .recv_until(|m| match m {
                    ServerMsg::Error {
                        code,
                        message,
                        client_seq,
                    } => Some((*code, message.clone(), *client_seq)),
                    ServerMsg::Room { .. } => None,
                    other => panic!("{text:?} got {other:?}"),
                })
                .await;
            assert_eq!(e, ErrorCode::BadMessage, "{text:?}: {message}");
            let carried = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("client_seq")?.as_u64())
                .and_then(|s| u32::try_from(s).ok());
            assert!(
                seq.is_none() || seq == carried,
                "{text:?} answered with client_seq {seq:?}"
            );
            // No amplification: a refusal is never much bigger than its input.
            assert!(
                message.len() <= text.len() + 256,
                "an error message of {} bytes for an input of {}",
                message.len(),
                text.len()
            );
        }
        count(&mut tally, "malformed text", chunk.len());
        if chunk.len() == MAX_BAD {
            c.send_message(Message::Binary(vec![0xff, 0, 1].into()))
                .await;
            let got = c.closed_within(WAIT).await;
            assert_eq!(
                got,
                Some(close::BAD_MESSAGES),
                "one malformed message too many"
            );
            count(&mut tally, "one malformed message too many (4400)", 1);
        }
    }
    // Binary frames: refused like malformed text.
    let mut c = api.connect_welcomed(code, Some(token)).await;
    for i in 0..MAX_BAD {
        let payload: Vec<u8> = (0..rng.random_range(0..64)).map(|_| rng.random()).collect();
        let frame = if i % 2 == 0 {
            Message::Binary(payload.into())
        } else {
            Message::Binary(valid.as_bytes().to_vec().into())
        };
        c.send_message(frame).await;
        let e = c
            .recv_until(|m| match m {
                ServerMsg::Error { code, .. } => Some(*code),
                _ => None,
            })
            .await;
        assert_eq!(e, ErrorCode::BadMessage);
    }
    count(&mut tally, "binary frames", MAX_BAD);
    drop(c);

    let big = "x".repeat(MAX_MESSAGE + 1024);
    let cases: Vec<(bool, Vec<Message>, u16, &str)> = vec![
        (
            true,
            vec![Message::Text(big.clone().into())],
            close::TOO_BIG,
            "oversized text",
        ),
        (
            true,
            vec![Message::Binary(vec![7u8; MAX_MESSAGE * 4].into())],
            close::TOO_BIG,
            "oversized binary",
        ),
        (
            true,
            vec![
                text_frame(vec![b'['; 7000], false, true),
                text_frame(vec![b'['; 7000], false, false),
                text_frame(vec![b']'; 7000], true, false),
            ],
            close::TOO_BIG,
            "oversized fragmented message",
        ),
        (
            false,
            vec![Message::Text(big.into())],
            close::TOO_BIG,
            "oversized first message",
        ),
        (
            true,
            vec![text_frame(
                b"{\"type\":\"ping\xff\xfe\"}".to_vec(),
                true,
                true,
            )],
            close::INVALID_DATA,
            "invalid UTF-8",
        ),
        (
            true,
            vec![
                text_frame(b"{\"type\":\"pi\xe2".to_vec(), false, true),
                text_frame(b"\x28ng\"}".to_vec(), true, false),
            ],
            close::INVALID_DATA,
            "invalid UTF-8 across fragments",
        ),
        (
            false,
            vec![text_frame(vec![0xc3, 0x28], true, true)],
            close::INVALID_DATA,
            "invalid UTF-8 before hello",
        ),
        (
            false,
            vec![Message::Text(
                serde_json::to_string(&ClientMsg::Ping).unwrap().into(),
            )],
            close::BAD_HANDSHAKE,
            "ping before hello",
        ),
        (
            false,
            vec![Message::Text(valid.to_owned().into())],
            close::BAD_HANDSHAKE,
            "an act before hello",
        ),
        (
            false,
            vec![Message::Text("{\"type\":\"hello\"".into())],
            close::BAD_HANDSHAKE,
            "a broken hello",
        ),
        (
            false,
            vec![Message::Binary(vec![1, 2, 3].into())],
            close::BAD_HANDSHAKE,
            "binary before hello",
        ),
        (
            false,
            vec![Message::Text(
                serde_json::to_string(&ClientMsg::Hello {
                    token: Some("0123456789abcdef0123456789abcdef".into()),
                    last_version: None,
                    match_id: None,
                })
                .unwrap()
                .into(),
            )],
            close::BAD_TOKEN,
            "a wrong token",
        ),
        // Floods of one frame more than the rate allows in a second.
        (
            true,
            (0..=RATE)
                .map(|_| Message::Text(serde_json::to_string(&ClientMsg::Ping).unwrap().into()))
                .collect(),
            close::RATE,
            "a ping flood",
        ),
        (
            true,
            (0..=RATE).map(|_| Message::Ping(vec![1].into())).collect(),
            close::RATE,
            "a control-frame flood",
        ),
        (
            true,
            (0..=RATE)
                .map(|_| Message::Text(valid.to_owned().into()))
                .collect(),
            close::RATE,
            "an act flood",
        ),
    ];
    for (hello, frames, want, what) in cases {
        must_close(api, code, Some(token), hello, frames, want, what).await;
        count(
            &mut tally,
            "sockets that must be closed (1009/1007/4000/4001/4029)",
            1,
        );
    }
    // Long floods: the server sends its close and reads on until the
    // client's (or a second passes), so the frames it never handles cannot
    // make the kernel reset the connection ahead of the close frame.
    for what in ["a long ping flood", "a long act flood"] {
        let mut c = api.connect_welcomed(code, Some(token)).await;
        c.pace = None;
        for _ in 0..400 {
            let text = if what.contains("act") {
                valid.to_owned()
            } else {
                serde_json::to_string(&ClientMsg::Ping).unwrap()
            };
            if !c.send_message(Message::Text(text.into())).await {
                break;
            }
        }
        let got = c.closed_within(WAIT).await;
        assert_eq!(got, Some(close::RATE), "{what}: ended with {:?}", c.ended);
        count(&mut tally, "long floods (closed with 4029)", 1);
    }
    tally
}

/// The host's bot and timer controls, as sent mid-match by anyone: the
/// host is told "not now" (the lobby's, or a stand-in for the last seat,
/// whose player is here), everyone else that they are not the host.
fn host_powers(seats: u8) -> Vec<ClientMsg> {
    vec![
        ClientMsg::AddBot {
            level: parlor_protocol::BotLevel::Normal,
        },
        ClientMsg::RemoveBot { seat: Seat(1) },
        ClientMsg::SetTurnTimer {
            timer: parlor_protocol::TurnTimer::Fast,
        },
        ClientMsg::StandIn {
            seat: Seat(seats - 1),
            on: true,
        },
        ClientMsg::Unseat { seat: Seat(1) },
        ClientMsg::ReopenSeat,
        ClientMsg::Lock { locked: true },
    ]
}

/// A room of `kind` mid-match under attack, checkpoint after checkpoint.
async fn attack(api: &Api, store: &Store, p: &GamePlayer, seed: u64) -> Tally {
    let mut rng = StdRng::seed_from_u64(seed);
    let seats = p.seats[0];
    let mut t = Table::started(api, p.kind, seed, seats, 1).await;
    let code = t.code.clone();
    // Witnesses: one per viewer, they only watch.
    let mut witnesses = Vec::new();
    for token in t.tokens.iter().map(|t| Some(t.as_str())).chain([None]) {
        witnesses.push(api.connect_welcomed(&code, token).await);
    }
    // Attackers: a second tab of every seat, and a spectator.
    let mut attackers = Vec::new();
    for token in t.tokens.iter().map(|t| Some(t.as_str())).chain([None]) {
        attackers.push(api.connect_welcomed(&code, token).await);
    }
    // A socket that never says hello is closed after the handshake time.
    let idle = {
        let mut c = api.open(&code).await;
        tokio::spawn(async move {
            let opened = Instant::now();
            let got = c.closed_within(Duration::from_secs(30)).await;
            (got, opened.elapsed())
        })
    };
    let match_id = witnesses[0].match_id();
    let others: Vec<&GamePlayer> = PLAYERS.iter().filter(|o| o.kind != p.kind).collect();
    let mut pool: Vec<AnyAction> = Vec::new();
    let mut tally = Tally::new();
    let checkpoints = if parlor_tests::heavy() { 12 } else { 5 };
    for checkpoint in 0..checkpoints {
        // Move the match on a little.
        if checkpoint > 0 {
            for _ in 0..rng.random_range(1..12) {
                let Some(i) = t
                    .seats
                    .iter()
                    .position(|c| !c.state().finished() && c.state().is_to_act(c.seat().unwrap()))
                else {
                    break;
                };
                let c = &mut t.seats[i];
                let seq = act_if_due(c).await.expect("the player decides");
                let Answer::Acked(_) = c.await_answer(seq).await else {
                    panic!("the player was refused")
                };
                let now = store.step_count(match_id).await.unwrap();
                for c in t.all_mut() {
                    c.await_version(now).await;
                }
            }
        }
        let now = store.step_count(match_id).await.unwrap();
        for c in witnesses.iter_mut().chain(attackers.iter_mut()) {
            c.await_version(now).await;
        }
        // Only once they hold `now` do the witnesses know whether the
        // moves above ended the match.
        if witnesses[0].state().finished() {
            break;
        }
        let before: Vec<_> = witnesses.iter().map(|w| w.state().clone()).collect();
        let truth = Truth::load(store, match_id).await;
        let game: &AnyGame = truth.now();
        let timeline = truth.timelines().pop().unwrap();
        for state in &truth.states {
            for s in 0..state.seats() {
                pool.extend(state.legal_actions(Seat(s)));
            }
        }
        pool.sort_by_key(|a| serde_json::to_string(a).unwrap());
        pool.dedup();
        let to_act: Vec<Seat> = match game.to_act() {
            ToAct::Seats { seats } => seats,
            _ => Vec::new(),
        };
        let view = before[0].typed.clone();

        // Inputs per attacker.
        let mut plans: Vec<Vec<Input>> = Vec::new();
        for (i, attacker) in attackers.iter().enumerate() {
            let mut inputs = Vec::new();
            let Some(seat) = attacker.seat() else {
                // The spectator: every act refused as not seated.
                for a in pool.choose_multiple(&mut rng, 30) {
                    inputs.push(Input::Act {
                        version: now,
                        action: a.clone(),
                        expect: Expect::Code(ErrorCode::NotSeated),
                        what: "a spectator acting",
                    });
                }
                inputs.push(Input::Msg(
                    ClientMsg::Start,
                    Expect::Code(ErrorCode::NotHost),
                    "spectator powers",
                ));
                inputs.push(Input::Msg(
                    ClientMsg::SetOptions {
                        options: (p.options)(1),
                    },
                    Expect::Code(ErrorCode::NotHost),
                    "spectator powers",
                ));
                for msg in host_powers(seats) {
                    inputs.push(Input::Msg(
                        msg,
                        Expect::Code(ErrorCode::NotHost),
                        "spectator powers",
                    ));
                }
                inputs.push(Input::Msg(
                    ClientMsg::SeatLink,
                    Expect::Code(ErrorCode::NotSeated),
                    "spectator powers",
                ));
                plans.push(inputs);
                continue;
            };
            let mine = game.legal_actions(seat);
            let acting = to_act.contains(&seat);
            // Every other seat's legal actions.
            for other in to_act.iter().filter(|s| **s != seat) {
                for a in game.legal_actions(*other).into_iter().take(15) {
                    if mine.contains(&a) {
                        continue;
                    }
                    inputs.push(Input::Act {
                        version: now,
                        action: a,
                        expect: if acting {
                            Expect::Refused
                        } else {
                            Expect::Code(ErrorCode::NotYourTurn)
                        },
                        what: "another seat's legal action",
                    });
                }
            }
            // Actions legal at some point of the match, illegal for us now.
            for a in pool.choose_multiple(&mut rng, 25) {
                if game.action_step(seat, a).is_err() {
                    inputs.push(Input::Act {
                        version: now,
                        action: a.clone(),
                        expect: if acting {
                            Expect::Refused
                        } else {
                            Expect::Code(ErrorCode::NotYourTurn)
                        },
                        what: "an action illegal now",
                    });
                }
            }
            // Garbage.
            for _ in 0..30 {
                let a = (p.garbage)(&mut rng, &view);
                if game.action_step(seat, &a).is_err() {
                    inputs.push(Input::Act {
                        version: now,
                        action: a,
                        expect: Expect::Refused,
                        what: "garbage actions",
                    });
                }
            }
            // Other games' actions.
            for o in &others {
                for _ in 0..4 {
                    inputs.push(Input::Act {
                        version: now,
                        action: (o.garbage)(&mut rng, &view),
                        expect: if acting {
                            Expect::Code(ErrorCode::WrongGame)
                        } else {
                            Expect::Refused
                        },
                        what: "another game's action",
                    });
                }
            }
            // Our own legal actions on versions that are not current: stale
            // ones and future ones.
            for a in mine.choose_multiple(&mut rng, 4) {
                let mut versions = vec![now + 1, now + 1000, u64::MAX];
                if now > 0 {
                    versions.extend([0, now - 1, rng.random_range(0..now)]);
                }
                for v in versions {
                    if timeline.is_current(seat, v) {
                        continue;
                    }
                    inputs.push(Input::Act {
                        version: v,
                        action: a.clone(),
                        expect: Expect::Code(ErrorCode::StaleVersion),
                        what: "stale and future versions",
                    });
                }
            }
            // Seats not to act: stale versions are refused before the turn is.
            if !acting && now > 0 {
                for a in pool.choose_multiple(&mut rng, 2) {
                    inputs.push(Input::Act {
                        version: rng.random_range(0..now),
                        action: a.clone(),
                        expect: Expect::Code(ErrorCode::StaleVersion),
                        what: "stale and future versions",
                    });
                }
            }
            // Powers it does not have, and a second hello.
            inputs.push(Input::Msg(
                ClientMsg::Start,
                Expect::Code(if i == 0 {
                    ErrorCode::AlreadyStarted
                } else {
                    ErrorCode::NotHost
                }),
                "lobby powers mid-match",
            ));
            inputs.push(Input::Msg(
                ClientMsg::SetOptions {
                    options: (p.options)(checkpoint as u64),
                },
                Expect::Code(if i == 0 {
                    ErrorCode::AlreadyStarted
                } else {
                    ErrorCode::NotHost
                }),
                "lobby powers mid-match",
            ));
            // The host's lobby powers are refused mid-match (and so is a bot
            // for a player who is here); anyone else has none.
            for msg in host_powers(seats) {
                inputs.push(Input::Msg(
                    msg,
                    Expect::Code(if i == 0 {
                        ErrorCode::NotNow
                    } else {
                        ErrorCode::NotHost
                    }),
                    "bot and timer powers mid-match",
                ));
            }
            inputs.push(Input::Msg(
                ClientMsg::Hello {
                    token: None,
                    last_version: None,
                    match_id: None,
                },
                Expect::Code(ErrorCode::BadHandshake),
                "a second hello",
            ));
            // Hidden items: refusals must not tell where a card is.
            for probe in (p.probes)(game, seat).into_iter().take(8) {
                inputs.push(Input::Probe(probe, now));
            }
            // Interleave the kinds.
            use rand::seq::SliceRandom;
            inputs.shuffle(&mut rng);
            plans.push(inputs);
        }
        let tasks: Vec<_> = attackers
            .drain(..)
            .zip(plans)
            .map(|(c, inputs)| tokio::spawn(run_inputs(c, inputs)))
            .collect();
        // Meanwhile, raw sockets. (The act they carry is decided on a
        // version the match never reaches: it can never be applied.)
        let valid = serde_json::to_string(&ClientMsg::Act {
            client_seq: 1,
            version: u64::MAX,
            action: pool[0].clone(),
        })
        .unwrap();
        let raw = raw_inputs(api, &code, &t.tokens[0], &mut rng, &valid).await;
        for (k, n) in raw {
            count(&mut tally, k, n);
        }
        for task in tasks {
            let (c, part) = task.await.unwrap();
            for (k, n) in part {
                count(&mut tally, k, n);
            }
            attackers.push(c);
        }
        // Nothing changed: the stored version, and every viewer's view.
        assert_eq!(store.step_count(match_id).await.unwrap(), now);
        for (w, b) in witnesses.iter_mut().zip(&before) {
            w.settle().await;
            assert_eq!(w.state().version, now, "{:?}", w.you);
            assert_eq!(w.state().view, b.view, "{:?}'s view changed", w.you);
        }
        for a in &mut attackers {
            a.settle().await;
            assert_eq!(a.version(), now);
        }
        assert!(api.healthy().await, "health answers");
    }
    let (got, after) = idle.await.unwrap();
    assert_eq!(
        got,
        Some(close::BAD_HANDSHAKE),
        "a socket that never says hello"
    );
    assert!(
        after >= Duration::from_secs(5),
        "closed after {after:?}, before any timeout"
    );
    count(&mut tally, "a socket that never says hello (4000)", 1);
    // The room still plays: its match goes on to the end, and every
    // connection sees it end.
    let watchers: Vec<_> = witnesses
        .drain(..)
        .chain(attackers.drain(..))
        .map(|c| tokio::spawn(watch_to_end(c)))
        .collect();
    let mut players: Vec<TestClient> = t.seats.drain(..).collect();
    players.append(&mut t.spectators);
    let players = play_to_end(players).await;
    for w in watchers {
        let w = w.await.unwrap();
        assert_eq!(w.state().result, players[0].state().result);
    }
    tally
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_inputs_change_nothing_in_every_game() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let store = server.server.store.clone();
    // Every game gets at least `quota` inputs whatever its matches' lengths:
    // a match that ends early (in some games one blocked round ends it
    // after a few moves) is followed by another room's, on the next seed.
    // A slice in CI; `PARLOR_HEAVY=1` runs the full count.
    let quota: usize = if parlor_tests::heavy() { 1000 } else { 400 };
    for (i, p) in PLAYERS.iter().enumerate() {
        let started = Instant::now();
        let mut tally = Tally::new();
        let mut rooms = 0;
        while tally.values().sum::<usize>() < quota {
            assert!(
                rooms < 10,
                "{}: {rooms} rooms did not reach {quota} inputs",
                p.kind.slug()
            );
            let seed = i as u64 + 1 + 1000 * rooms;
            for (k, n) in attack(&server, &store, p, seed).await {
                count(&mut tally, k, n);
            }
            rooms += 1;
        }
        let total: usize = tally.values().sum();
        eprintln!(
            "{}: {total} hostile inputs in {rooms} room(s), {:?}: {tally:#?}\n  hidden: {}",
            p.kind.slug(),
            started.elapsed(),
            p.hidden
        );
    }
    server.stop().await;
    db.drop_db().await;
}

/// Readers that never read: the server drops them instead of buffering
/// for them or stalling the room, and everyone else plays on.
async fn slow_readers(api: Api, p: &'static GamePlayer) {
    let api = &api;
    let seats = *p.seats.iter().max().unwrap();
    let mut t = Table::started(api, p.kind, 0, seats, 1).await;
    t.spectators[0].record();
    let code = t.code.clone();
    let mut slow = vec![api.connect_small_buffer(&code, Some(&t.tokens[1])).await];
    for _ in 0..2 {
        slow.push(api.connect_small_buffer(&code, None).await);
    }
    // They read their welcome, and nothing more.
    for c in &mut slow {
        c.recv_until(|m| matches!(m, ServerMsg::Welcome { .. }).then_some(()))
            .await;
    }
    assert_eq!(api.room_info(&code).await.spectators, 3);
    // Health answers quickly all along.
    let (stop, mut stopped) = tokio::sync::watch::channel(false);
    let probe = {
        let api = api.clone();
        tokio::spawn(async move {
            let mut worst = Duration::ZERO;
            let mut polls = 0;
            loop {
                let asked = Instant::now();
                assert!(api.healthy().await, "health answers");
                worst = worst.max(asked.elapsed());
                polls += 1;
                // A measurement every 50 ms, not a synchronisation.
                tokio::select! {
                    _ = stopped.changed() => return (worst, polls),
                    _ = tokio::time::sleep(Duration::from_millis(50)) => {}
                }
            }
        })
    };
    let mut matches = 0;
    let started = Instant::now();
    loop {
        let mut players: Vec<TestClient> = t.seats.drain(..).collect();
        players.append(&mut t.spectators);
        let mut players = play_to_end(players).await;
        matches += 1;
        t.spectators = players.split_off(usize::from(seats));
        t.seats = players;
        let left = api.room_info(&code).await.spectators;
        if left == 1 || matches == 40 {
            assert_eq!(
                left, 1,
                "slow spectators still held after {matches} matches"
            );
            break;
        }
        t.rematch().await;
    }
    stop.send(true).unwrap();
    let (worst, polls) = probe.await.unwrap();
    // Each slow socket was let go: reading it now reaches its end. One
    // that also stayed silent long enough (a slow machine) is let go as
    // idle instead, which frees the room just the same.
    for mut c in slow {
        let end = end_of(&mut c).await;
        assert!(
            end.is_none() || end == Some(close::FELL_BEHIND) || end == Some(close::IDLE),
            "a slow reader ended with {end:?}"
        );
    }
    assert!(
        worst < Duration::from_secs(2),
        "health took {worst:?} with slow readers"
    );
    let bytes: usize = t.spectators[0].frames.iter().map(|f| f.text.len()).sum();
    eprintln!(
        "{}: slow readers dropped within {matches} match(es) ({:?}, {bytes} bytes sent to a \
         reading spectator meanwhile); {polls} health checks, worst {worst:?}",
        p.kind.slug(),
        started.elapsed()
    );
}

/// Reads a socket to its end without handling what it holds: a slow
/// reader's backlog is megabytes of frames (tracking each one, a loaded
/// machine took more than the wait). Its close code, or `None` if it ended
/// without one. Only that it ends is checked, not how fast: five games'
/// backlogs are read at once, on a debug build, beside other suites.
async fn end_of(c: &mut TestClient) -> Option<u16> {
    use futures_util::StreamExt;
    const DRAIN: Duration = Duration::from_secs(90);
    let until = tokio::time::Instant::now() + DRAIN;
    let (mut frames, mut bytes) = (0usize, 0usize);
    loop {
        match tokio::time::timeout_at(until, c.ws.next()).await {
            Err(_) => panic!(
                "the socket was not closed within {DRAIN:?} ({frames} frames, {bytes} bytes read)"
            ),
            Ok(None | Some(Err(_))) => return None,
            Ok(Some(Ok(Message::Close(frame)))) => return frame.map(|f| u16::from(f.code)),
            Ok(Some(Ok(m))) => {
                frames += 1;
                bytes += m.len();
            }
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slow_readers_are_dropped_and_the_room_plays_on() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::Config::for_tests(db.url());
    // The kernel would buffer a few MB for a reader that does not read
    // before the server's writes stall (dozens of matches); a small send
    // buffer on the server's sockets gets there within a match or two.
    config.serve.on_accept = Some(std::sync::Arc::new(|s: &tokio::net::TcpStream| {
        let _ = socket2::SockRef::from(s).set_send_buffer_size(8 * 1024);
    }));
    let server = TestServer::start_with(config).await;
    // The games side by side.
    let tasks: Vec<_> = PLAYERS
        .iter()
        .map(|p| tokio::spawn(slow_readers(server.api.clone(), p)))
        .collect();
    for t in tasks {
        t.await.unwrap();
    }
    server.stop().await;
    db.drop_db().await;
}

/// A client that says hello and then nothing (not even the pings browsers
/// send every 15 s) is closed as idle; one that keeps talking is kept. The
/// idle time is shortened to 2 s here (`PARLOR_WS_IDLE_TIMEOUT`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn silent_clients_are_closed_as_idle() {
    let db = TestDb::sqlite();
    let mut config = parlor_server::Config::for_tests(db.url());
    config.ws.idle = Duration::from_secs(2);
    let server = TestServer::start_with(config).await;
    let host = server.create_room(PLAYERS[0].kind, None, "Host").await;
    let mut c = server
        .connect_welcomed(&host.code.0, Some(&host.token))
        .await;
    let mut talker = server.connect_welcomed(&host.code.0, None).await;
    let opened = Instant::now();
    // The other client pings well inside the idle time and is kept.
    let keep = tokio::spawn(async move {
        for _ in 0..8 {
            talker.send(&parlor_protocol::ClientMsg::Ping).await;
            talker.settle().await;
            // A keep-alive cadence, not a synchronisation.
            tokio::time::sleep(Duration::from_millis(500)).await;
        }
        talker
    });
    let got = c.closed_within(Duration::from_secs(20)).await;
    assert_eq!(got, Some(close::IDLE));
    assert!(
        opened.elapsed() >= Duration::from_millis(1500),
        "closed after {:?}",
        opened.elapsed()
    );
    let mut talker = keep.await.unwrap();
    talker.settle().await;
    assert!(talker.ended.is_none(), "a client that pings is kept");
    server.stop().await;
    db.drop_db().await;
}

/// Hostile match records, for every game: its own record with another
/// game's steps, with a step of the wrong shape, with more steps than any
/// record may hold, with its players doubled past the most seats, and cut
/// short; each is refused with `400` naming why, and the honest record
/// still replays. Nothing is stored by any of it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_records_are_refused_in_every_game() {
    use parlor_protocol::replay::MatchExport;
    use serde_json::{json, Value};
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let mut records: Vec<MatchExport> = Vec::new();
    for p in PLAYERS {
        let mut t = Table::started(&server, p.kind, 0, p.seats[0], 0).await;
        t.play_to_end().await;
        let id = t.seats[0].match_id();
        records.push(server.get_json(&format!("/api/matches/{id}/export")).await);
    }
    let stored = server.history("").await.len();
    let post = |body: Value| {
        let api = server.api.clone();
        async move {
            let resp = api
                .http
                .post(format!("{}/api/replay", api.base()))
                .json(&body)
                .send()
                .await
                .unwrap();
            (resp.status().as_u16(), resp.text().await.unwrap())
        }
    };
    for (i, record) in records.iter().enumerate() {
        let game = record.game.slug();
        let honest = serde_json::to_value(record).unwrap();
        let other = &records[(i + 1) % records.len()];
        let many: Vec<Value> = record
            .steps
            .iter()
            .cycle()
            .take(parlor_games::record::RECORD_MAX_STEPS + 1)
            .cloned()
            .collect();
        let mut cut = honest.clone();
        cut["steps"] = json!(record.steps[..record.steps.len() / 2]);
        let attacks: Vec<(&str, Value, &str)> = vec![
            (
                "another game's steps",
                json!(other.steps),
                "is not a step of",
            ),
            (
                "a step of the wrong shape",
                json!([{"act": {"seat": "x"}}]),
                "step 1 is not a step of",
            ),
            ("too many steps", json!(many), "more than 20000 items"),
            (
                "a nested step",
                json!([[[[[[[[[[0]]]]]]]]]]),
                "step 1 is not a step of",
            ),
        ];
        for (what, steps, says) in attacks {
            let mut bad = honest.clone();
            bad["steps"] = steps;
            let (status, text) = post(bad).await;
            assert_eq!(status, 400, "{game}, {what}: {text}");
            assert!(text.contains(says), "{game}, {what}: {text}");
        }
        let mut crowd = honest.clone();
        crowd["players"] = json!(vec!["Ada"; 9]);
        let (status, text) = post(crowd).await;
        assert_eq!(status, 400, "{game}, nine players: {text}");
        let (status, text) = post(cut).await;
        assert_eq!(status, 400, "{game}, cut short: {text}");
        assert!(text.contains("before the match is over"), "{game}: {text}");
        let (status, text) = post(honest).await;
        assert_eq!(status, 200, "{game}, the honest record: {text}");
    }
    assert_eq!(server.history("").await.len(), stored, "nothing stored");
    server.stop().await;
    db.drop_db().await;
}
