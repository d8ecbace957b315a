//! The server's defences at the HTTP level: the accept loop (header timeout,
//! TCP_NODELAY, per-client connection cap, graceful shutdown, peer address),
//! rate limits, security headers, the WebSocket origin check and per-client
//! socket cap, body limits and JSON errors for every rejection.
#![allow(clippy::unwrap_used, missing_docs)]

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use axum::extract::ConnectInfo;
use axum::routing::get;
use axum::Router;
use parlor_protocol::http::{ApiError, CreateRoom, Joined};
use parlor_protocol::GameKind;
use parlor_server::limits::Rate;
use parlor_server::serve::{serve, ServeLimits};
use parlor_server::{Config, Server};
use reqwest::StatusCode;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::{TcpListener, TcpStream};
use tokio_tungstenite::tungstenite;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_util::sync::CancellationToken;

/// A scratch folder with a SQLite file and a stand-in web client.
struct Scratch(PathBuf);

impl Scratch {
    fn new() -> Scratch {
        let dir = std::env::temp_dir().join(format!("parlor-hardening-{}", uuid::Uuid::new_v4()));
        std::fs::create_dir_all(dir.join("web/assets")).unwrap();
        std::fs::write(
            dir.join("web/index.html"),
            "<!doctype html><title>Parlor</title><script type=module src=/assets/app.js></script>",
        )
        .unwrap();
        std::fs::write(dir.join("web/assets/app.js"), "console.log('hi')").unwrap();
        Scratch(dir)
    }

    fn config(&self) -> Config {
        let mut config = Config::for_tests(format!("sqlite:{}", self.0.join("p.sqlite").display()));
        config.web_dir = self.0.join("web");
        config
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

async fn start(config: Config) -> Server {
    parlor_server::start(config).await.unwrap()
}

fn http() -> reqwest::Client {
    reqwest::Client::builder()
        .timeout(Duration::from_secs(20))
        .build()
        .unwrap()
}

async fn create_room(client: &reqwest::Client, addr: SocketAddr) -> reqwest::Response {
    client
        .post(format!("http://{addr}/api/rooms"))
        .json(&CreateRoom {
            game: GameKind::DoozyDice,
            options: None,
            name: "Ada".into(),
        })
        .send()
        .await
        .unwrap()
}

/// Status and the JSON error body, which every failure must have.
async fn api_error(resp: reqwest::Response) -> (StatusCode, ApiError) {
    let status = resp.status();
    let ctype = resp
        .headers()
        .get("content-type")
        .map(|v| v.to_str().unwrap().to_owned());
    let text = resp.text().await.unwrap();
    assert_eq!(
        ctype.as_deref(),
        Some("application/json"),
        "{status}: {text}"
    );
    let body: ApiError = serde_json::from_str(&text)
        .unwrap_or_else(|e| panic!("{status}: not an ApiError ({e}): {text}"));
    (status, body)
}

/// Reads until the server closes the connection; what it sent, and when.
async fn read_to_close(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Instant) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = tokio::time::Instant::now() + limit;
    loop {
        match tokio::time::timeout_at(deadline, stream.read(&mut buf)).await {
            Err(_) => panic!(
                "connection still open after {limit:?}; got {:?}",
                String::from_utf8_lossy(&got)
            ),
            Ok(Ok(0)) | Ok(Err(_)) => return (got, Instant::now()),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

// ---------------------------------------------------------------- accept loop

/// A bare app on `serve`, with a slow route and one echoing the peer address.
async fn serve_bare(
    limits: ServeLimits,
) -> (
    SocketAddr,
    CancellationToken,
    tokio::task::JoinHandle<std::io::Result<()>>,
) {
    let app = Router::new()
        .route("/", get(|| async { "ok" }))
        .route(
            "/slow",
            get(|| async {
                tokio::time::sleep(Duration::from_millis(600)).await;
                "slow ok"
            }),
        )
        .route(
            "/peer",
            get(|ConnectInfo(peer): ConnectInfo<SocketAddr>| async move { peer.to_string() }),
        );
    let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let stop = CancellationToken::new();
    let token = stop.clone();
    let task = tokio::spawn(async move { serve(listener, app, token, &limits).await });
    (addr, stop, task)
}

fn short_timeout() -> ServeLimits {
    ServeLimits {
        header_timeout: Duration::from_millis(700),
        ..ServeLimits::default()
    }
}

#[tokio::test]
async fn half_a_request_line_is_never_served_and_is_closed_after_the_header_timeout() {
    let (addr, stop, task) = serve_bare(short_timeout()).await;
    let mut slow = TcpStream::connect(addr).await.unwrap();
    let started = Instant::now();
    slow.write_all(b"GET / HT").await.unwrap();
    let (got, closed) = read_to_close(&mut slow, Duration::from_secs(5)).await;
    let waited = closed - started;
    assert!(
        !got.starts_with(b"HTTP/1.1 200"),
        "served: {:?}",
        String::from_utf8_lossy(&got)
    );
    assert!(
        waited >= Duration::from_millis(600) && waited < Duration::from_secs(4),
        "closed after {waited:?}"
    );
    // Meanwhile, and after, others are served.
    assert_eq!(
        http()
            .get(format!("http://{addr}/"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap(),
        "ok"
    );
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn a_silent_client_and_an_idle_keep_alive_connection_are_closed() {
    let (addr, stop, task) = serve_bare(short_timeout()).await;
    // Connects and never says a thing (hyper-util's auto builder would wait forever).
    let mut silent = TcpStream::connect(addr).await.unwrap();
    let started = Instant::now();
    let (got, closed) = read_to_close(&mut silent, Duration::from_secs(5)).await;
    assert!(got.is_empty());
    assert!(
        closed - started >= Duration::from_millis(600),
        "{:?}",
        closed - started
    );
    // One full request on a kept-alive connection, then silence.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    let n = idle.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    let answered = Instant::now();
    let (_, closed) = read_to_close(&mut idle, Duration::from_secs(5)).await;
    assert!(
        closed - answered >= Duration::from_millis(600),
        "{:?}",
        closed - answered
    );
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn every_accepted_socket_has_tcp_nodelay() {
    let seen = Arc::new(Mutex::new(Vec::new()));
    let record = Arc::clone(&seen);
    let limits = ServeLimits {
        on_accept: Some(Arc::new(move |s: &TcpStream| {
            record.lock().unwrap().push(s.nodelay().unwrap());
        })),
        ..ServeLimits::default()
    };
    let (addr, stop, task) = serve_bare(limits).await;
    for _ in 0..3 {
        // A fresh client each time: a new connection.
        let body = http()
            .get(format!("http://{addr}/"))
            .send()
            .await
            .unwrap()
            .text()
            .await
            .unwrap();
        assert_eq!(body, "ok");
    }
    assert_eq!(*seen.lock().unwrap(), vec![true, true, true]);
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn handlers_see_the_peer_address() {
    let (addr, stop, task) = serve_bare(ServeLimits::default()).await;
    let mut stream = TcpStream::connect(addr).await.unwrap();
    let local = stream.local_addr().unwrap();
    stream
        .write_all(b"GET /peer HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n")
        .await
        .unwrap();
    let (got, _) = read_to_close(&mut stream, Duration::from_secs(5)).await;
    let text = String::from_utf8(got).unwrap();
    assert!(text.ends_with(&local.to_string()), "{text}");
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn connections_per_client_are_capped() {
    let limits = ServeLimits {
        max_conns_per_ip: Some(3),
        ..ServeLimits::default()
    };
    let (addr, stop, task) = serve_bare(limits).await;
    let mut held = Vec::new();
    for _ in 0..3 {
        let mut s = TcpStream::connect(addr).await.unwrap();
        // A request answered proves the connection was taken on.
        s.write_all(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n")
            .await
            .unwrap();
        let mut buf = [0u8; 1024];
        let n = s.read(&mut buf).await.unwrap();
        assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
        held.push(s);
    }
    let mut fourth = TcpStream::connect(addr).await.unwrap();
    let (got, _) = read_to_close(&mut fourth, Duration::from_secs(5)).await;
    let text = String::from_utf8_lossy(&got);
    assert!(text.starts_with("HTTP/1.1 429"), "{text}");
    assert!(text.contains("\"too_many_connections\""), "{text}");
    // Closing one frees its slot.
    drop(held.pop());
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let resp = http().get(format!("http://{addr}/")).send().await;
        if resp.as_ref().is_ok_and(|r| r.status() == StatusCode::OK) {
            break;
        }
        assert!(Instant::now() < deadline, "slot never freed: {resp:?}");
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    stop.cancel();
    task.await.unwrap().unwrap();
}

#[tokio::test]
async fn shutdown_stops_accepting_and_lets_requests_in_flight_finish() {
    let (addr, stop, task) = serve_bare(ServeLimits::default()).await;
    // An idle kept-alive connection, and a request in flight.
    let mut idle = TcpStream::connect(addr).await.unwrap();
    idle.write_all(b"GET / HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    let mut buf = [0u8; 1024];
    let n = idle.read(&mut buf).await.unwrap();
    assert!(buf[..n].starts_with(b"HTTP/1.1 200"));
    let mut busy = TcpStream::connect(addr).await.unwrap();
    busy.write_all(b"GET /slow HTTP/1.1\r\nhost: x\r\n\r\n")
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(150)).await;
    let cancelled = Instant::now();
    stop.cancel();
    // The slow request still gets its answer, then the connection closes.
    let (got, _) = read_to_close(&mut busy, Duration::from_secs(5)).await;
    let text = String::from_utf8_lossy(&got);
    assert!(
        text.starts_with("HTTP/1.1 200") && text.ends_with("slow ok"),
        "{text}"
    );
    // The idle one is closed without waiting for its header timeout (10 s).
    let (_, closed) = read_to_close(&mut idle, Duration::from_secs(5)).await;
    assert!(closed - cancelled < Duration::from_secs(3));
    tokio::time::timeout(Duration::from_secs(5), task)
        .await
        .unwrap()
        .unwrap()
        .unwrap();
    // Nobody is listening any more.
    assert!(TcpStream::connect(addr).await.is_err());
}

// ------------------------------------------------------------- the whole app

#[tokio::test]
async fn pages_and_api_carry_security_headers() {
    let scratch = Scratch::new();
    let server = start(scratch.config()).await;
    let client = http();
    for path in [
        "/",
        "/r/ABCDEFGH",
        "/assets/app.js",
        "/api/games",
        "/api/nope",
    ] {
        let resp = client
            .get(format!("http://{}{path}", server.addr))
            .send()
            .await
            .unwrap();
        let h = resp.headers();
        let csp = h["content-security-policy"].to_str().unwrap();
        for directive in [
            "default-src 'self'",
            "script-src 'self'",
            "connect-src 'self'",
            "frame-ancestors 'none'",
            "object-src 'none'",
        ] {
            assert!(csp.contains(directive), "{path}: {csp}");
        }
        assert!(
            !csp.contains("unsafe-inline") && !csp.contains("unsafe-eval"),
            "{csp}"
        );
        assert_eq!(h["x-frame-options"], "DENY", "{path}");
        assert_eq!(h["x-content-type-options"], "nosniff", "{path}");
        assert_eq!(h["referrer-policy"], "no-referrer", "{path}");
    }
    server.shutdown().await;
}

#[tokio::test]
async fn room_creation_is_rate_limited_with_json_429() {
    let scratch = Scratch::new();
    let mut config = scratch.config();
    config.rate_limits.create_room = Some(Rate::new(1, Duration::from_secs(60), 2));
    let server = start(config).await;
    let client = http();
    for _ in 0..2 {
        let resp = create_room(&client, server.addr).await;
        assert_eq!(resp.status(), StatusCode::OK);
    }
    let resp = create_room(&client, server.addr).await;
    let retry: u64 = resp.headers()["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((50..=60).contains(&retry), "Retry-After {retry}");
    let (status, body) = api_error(resp).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(body.error, "rate_limited");
    // Other routes are not affected by this limit.
    let resp = client
        .get(format!("http://{}/api/games", server.addr))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    server.shutdown().await;
}

#[tokio::test]
async fn room_code_lookups_and_the_whole_api_are_rate_limited() {
    let scratch = Scratch::new();
    let mut config = scratch.config();
    config.rate_limits.room_code = Some(Rate::new(1, Duration::from_secs(60), 3));
    let server = start(config).await;
    let client = http();
    // Lookups, joins and sockets share the room-code budget, found or not.
    let joined: Joined = create_room(&client, server.addr)
        .await
        .json()
        .await
        .unwrap();
    let base = format!("http://{}", server.addr);
    assert_eq!(
        client
            .get(format!("{base}/api/rooms/{}", joined.code))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    assert_eq!(
        client
            .get(format!("{base}/api/rooms/ZZZZZZZZ"))
            .send()
            .await
            .unwrap()
            .status(),
        404
    );
    let resp = client
        .post(format!("{base}/api/rooms/{}/join", joined.code))
        .json(&serde_json::json!({ "name": "Bo" }))
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), 200);
    let ws = tokio_tungstenite::connect_async(format!(
        "ws://{}/api/rooms/{}/ws",
        server.addr, joined.code
    ))
    .await;
    match ws {
        Err(tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 429);
            let body: ApiError = serde_json::from_slice(resp.body().as_deref().unwrap()).unwrap();
            assert_eq!(body.error, "rate_limited");
        }
        other => panic!("socket over the limit: {other:?}"),
    }
    let (status, body) = api_error(
        client
            .get(format!("{base}/api/rooms/{}", joined.code))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    server.shutdown().await;

    // The general limit counts every API request.
    let scratch = Scratch::new();
    let mut config = scratch.config();
    config.rate_limits.api = Some(Rate::new(1, Duration::from_secs(60), 4));
    let server = start(config).await;
    let base = format!("http://{}", server.addr);
    for _ in 0..4 {
        assert_eq!(
            client
                .get(format!("{base}/api/games"))
                .send()
                .await
                .unwrap()
                .status(),
            200
        );
    }
    let (status, body) = api_error(
        client
            .get(format!("{base}/api/matches"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::TOO_MANY_REQUESTS, "rate_limited")
    );
    // The probes are not counted: a proxy's health checks never get 429.
    for probe in ["/api/health", "/api/ready"] {
        let status = client
            .get(format!("{base}{probe}"))
            .send()
            .await
            .unwrap()
            .status();
        assert_eq!(status, 200, "{probe}");
    }
    // Pages are not API requests.
    assert_eq!(
        client
            .get(format!("{base}/"))
            .send()
            .await
            .unwrap()
            .status(),
        200
    );
    server.shutdown().await;
}

fn ws_request(
    addr: SocketAddr,
    code: &str,
    origin: Option<&str>,
) -> tungstenite::handshake::client::Request {
    let mut req = format!("ws://{addr}/api/rooms/{code}/ws")
        .into_client_request()
        .unwrap();
    if let Some(origin) = origin {
        req.headers_mut().insert("origin", origin.parse().unwrap());
    }
    req
}

#[tokio::test]
async fn websockets_from_foreign_origins_are_refused() {
    let scratch = Scratch::new();
    let mut config = scratch.config();
    config.allowed_origins = vec!["http://dev.example:5173".into()];
    let server = start(config).await;
    let joined: Joined = create_room(&http(), server.addr)
        .await
        .json()
        .await
        .unwrap();
    let code = joined.code.0.as_str();
    for origin in ["http://evil.example", "null", "http://127.0.0.1:1"] {
        match tokio_tungstenite::connect_async(ws_request(server.addr, code, Some(origin))).await {
            Err(tungstenite::Error::Http(resp)) => {
                assert_eq!(resp.status(), 403, "{origin}");
                let body: ApiError =
                    serde_json::from_slice(resp.body().as_deref().unwrap()).unwrap();
                assert_eq!(body.error, "bad_origin");
            }
            other => panic!("{origin}: {other:?}"),
        }
    }
    let same = format!("http://{}", server.addr);
    for origin in [Some(same.as_str()), None, Some("http://dev.example:5173")] {
        let (mut ws, resp) =
            tokio_tungstenite::connect_async(ws_request(server.addr, code, origin))
                .await
                .unwrap_or_else(|e| panic!("{origin:?}: {e}"));
        assert_eq!(resp.status(), 101);
        ws.close(None).await.unwrap();
    }
    server.shutdown().await;
}

#[tokio::test]
async fn live_websockets_per_client_are_capped() {
    let scratch = Scratch::new();
    let mut config = scratch.config();
    config.max_sockets_per_ip = Some(2);
    let server = start(config).await;
    let joined: Joined = create_room(&http(), server.addr)
        .await
        .json()
        .await
        .unwrap();
    let code = joined.code.0.as_str();
    let mut open = Vec::new();
    for _ in 0..2 {
        let (ws, _) = tokio_tungstenite::connect_async(ws_request(server.addr, code, None))
            .await
            .unwrap();
        open.push(ws);
    }
    match tokio_tungstenite::connect_async(ws_request(server.addr, code, None)).await {
        Err(tungstenite::Error::Http(resp)) => {
            assert_eq!(resp.status(), 429);
            let body: ApiError = serde_json::from_slice(resp.body().as_deref().unwrap()).unwrap();
            assert_eq!(body.error, "too_many_connections");
        }
        other => panic!("third socket: {other:?}"),
    }
    // Closing one gives its slot back once its task has ended.
    let mut ws = open.pop().unwrap();
    ws.close(None).await.unwrap();
    drop(ws);
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        match tokio_tungstenite::connect_async(ws_request(server.addr, code, None)).await {
            Ok((ws, _)) => {
                open.push(ws);
                break;
            }
            Err(tungstenite::Error::Http(resp)) if resp.status() == 429 => {
                assert!(Instant::now() < deadline, "slot never freed");
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("{e}"),
        }
    }
    drop(open);
    server.shutdown().await;
}

#[tokio::test]
async fn bodies_are_limited_and_every_rejection_is_json() {
    let scratch = Scratch::new();
    let server = start(scratch.config()).await;
    let client = http();
    let base = format!("http://{}", server.addr);

    // Oversized body.
    let big =
        serde_json::json!({ "game": "doozy_dice", "name": "x".repeat(20 * 1024) }).to_string();
    let resp = client
        .post(format!("{base}/api/rooms"))
        .header("content-type", "application/json")
        .body(big)
        .send()
        .await
        .unwrap();
    let (status, body) = api_error(resp).await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::PAYLOAD_TOO_LARGE, "payload_too_large")
    );

    // Malformed JSON, and JSON of the wrong shape.
    for text in ["{\"game\": ", "[1, 2]", "{\"name\": \"A\"}"] {
        let resp = client
            .post(format!("{base}/api/rooms"))
            .header("content-type", "application/json")
            .body(text)
            .send()
            .await
            .unwrap();
        let (status, body) = api_error(resp).await;
        assert_eq!(
            (status, body.error.as_str()),
            (StatusCode::BAD_REQUEST, "bad_request"),
            "{text}"
        );
    }

    // Not JSON at all.
    let resp = client
        .post(format!("{base}/api/rooms"))
        .header("content-type", "text/plain")
        .body("hello")
        .send()
        .await
        .unwrap();
    let (status, body) = api_error(resp).await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::UNSUPPORTED_MEDIA_TYPE, "unsupported_media_type")
    );

    // A bad query, an unknown route, a wrong method, a socket route without an upgrade.
    let (status, body) = api_error(
        client
            .get(format!("{base}/api/matches?limit=lots"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::BAD_REQUEST, "bad_request")
    );
    let (status, body) =
        api_error(client.get(format!("{base}/api/nope")).send().await.unwrap()).await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::NOT_FOUND, "not_found")
    );
    let (status, body) = api_error(
        client
            .delete(format!("{base}/api/rooms"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body.error.as_str()),
        (StatusCode::METHOD_NOT_ALLOWED, "method_not_allowed")
    );
    let joined: Joined = create_room(&client, server.addr)
        .await
        .json()
        .await
        .unwrap();
    let (status, _) = api_error(
        client
            .get(format!("{base}/api/rooms/{}/ws", joined.code))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(status.is_client_error(), "{status}");

    // Names that only look like names.
    for name in ["\u{202E}evil.exe", "\u{200B}\u{200B}"] {
        let resp = client
            .post(format!("{base}/api/rooms/{}/join", joined.code))
            .json(&serde_json::json!({ "name": name }))
            .send()
            .await
            .unwrap();
        let (status, body) = api_error(resp).await;
        assert_eq!(
            (status, body.error.as_str()),
            (StatusCode::BAD_REQUEST, "bad_request"),
            "{name:?}"
        );
    }
    server.shutdown().await;
}
