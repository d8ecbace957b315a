//! Browser push notices over real sockets, against a local push service:
//! it checks each request's VAPID signature (RFC 8292) against the key the
//! room published and decrypts the message with the test browser's keys
//! (RFC 8291), as a push service and a browser would. A subscription the
//! server may not use is refused when given; one notice per turn while the
//! player is away; the subscription is forgotten when the match ends, when
//! the seat is left, and when the push service says it is gone (410).

use std::sync::{Arc, Mutex};
use std::time::Duration;

use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use axum::Router;
use base64ct::{Base64UrlUnpadded, Encoding};
use parlor_protocol::room::{PushKeys, PushSubscription};
use parlor_protocol::{ClientMsg, ErrorCode, GameKind, Seat, ServerMsg};
use parlor_tests::client::TestClient;
use parlor_tests::{driver, TestDb};
use serde_json::Value;
use web_push_native::jwt_simple::algorithms::{ECDSAP256PublicKeyLike, ES256PublicKey};
use web_push_native::jwt_simple::claims::NoCustomClaims;
use web_push_native::p256::elliptic_curve::rand_core::OsRng;
use web_push_native::p256::elliptic_curve::sec1::ToEncodedPoint;
use web_push_native::p256::SecretKey;
use web_push_native::Auth;

use super::{
    await_stored, dee_in_a_lobby, eventually, play_with_seat_1_away, refused, room_until, server,
    stored,
};

/// The seat's column its push subscription is stored in.
const PUSH: &str = "push_subscription";

/// One request the push service took, decrypted.
#[derive(Debug, Clone)]
pub(crate) struct Pushed {
    /// Which test browser it was for (the endpoint's last segment).
    browser: String,
    /// The message, decrypted.
    pub(crate) message: Value,
    /// The `k` of its VAPID authorization (the server's public key).
    key: String,
    /// Its `aud` claim.
    audience: String,
    /// Its `Topic` and `TTL` headers.
    topic: String,
    ttl: u64,
}

/// A test browser: its subscription, and the keys to read its messages.
pub(crate) struct Browser {
    name: String,
    secret: SecretKey,
    auth: Auth,
}

impl Browser {
    pub(crate) fn new(name: &str) -> Browser {
        Browser {
            name: name.into(),
            secret: SecretKey::random(&mut OsRng),
            auth: Auth::clone_from_slice(&rand::random::<[u8; 16]>()),
        }
    }

    pub(crate) fn subscription(&self, service: &PushService) -> PushSubscription {
        PushSubscription {
            endpoint: format!("{}/push/{}", service.base, self.name),
            keys: PushKeys {
                p256dh: Base64UrlUnpadded::encode_string(
                    self.secret.public_key().to_encoded_point(false).as_bytes(),
                ),
                auth: Base64UrlUnpadded::encode_string(&self.auth),
            },
        }
    }
}

/// A push service on loopback: what it took for each browser, decrypted
/// with the browsers' keys; a browser named `gone…` is one it no longer
/// knows (410).
pub(crate) struct PushService {
    base: String,
    got: Arc<Mutex<Vec<Pushed>>>,
    /// Requests for browsers it no longer knows.
    gone: Arc<Mutex<usize>>,
}

pub(crate) async fn push_service(browsers: &[&Browser]) -> PushService {
    let got = Arc::new(Mutex::new(Vec::new()));
    let gone = Arc::new(Mutex::new(0));
    let keys: Vec<(String, SecretKey, Auth)> = browsers
        .iter()
        .map(|b| (b.name.clone(), b.secret.clone(), b.auth))
        .collect();
    let (keep, keep_gone) = (Arc::clone(&got), Arc::clone(&gone));
    let app = Router::new().route(
        "/push/{browser}",
        post(
            move |Path(browser): Path<String>, headers: HeaderMap, body: axum::body::Bytes| {
                let (keep, keep_gone, keys) =
                    (Arc::clone(&keep), Arc::clone(&keep_gone), keys.clone());
                async move {
                    if browser.starts_with("gone") {
                        *keep_gone.lock().unwrap() += 1;
                        return StatusCode::GONE;
                    }
                    let header = |n: &str| {
                        headers
                            .get(n)
                            .and_then(|v| v.to_str().ok())
                            .unwrap_or("")
                            .to_owned()
                    };
                    assert_eq!(header("content-encoding"), "aes128gcm");
                    // `vapid t=JWT, k=KEY`: the JWT signed with KEY.
                    let auth = header("authorization");
                    let rest = auth
                        .strip_prefix("vapid t=")
                        .expect("a VAPID authorization");
                    let (token, key) = rest.split_once(", k=").expect("t and k");
                    let point = Base64UrlUnpadded::decode_vec(key).unwrap();
                    let claims = ES256PublicKey::from_bytes(&point)
                        .unwrap()
                        .verify_token::<NoCustomClaims>(token, None)
                        .expect("signed with the key it names");
                    let audience = claims
                        .audiences
                        .map(|a| a.into_string().unwrap())
                        .unwrap_or_default();
                    assert!(claims.subject.is_some(), "a contact for the push service");
                    let (_, secret, auth) = keys
                        .iter()
                        .find(|(n, ..)| *n == browser)
                        .expect("a known browser");
                    let plain = web_push_native::decrypt(body.to_vec(), secret, auth)
                        .expect("encrypted to the browser's keys");
                    keep.lock().unwrap().push(Pushed {
                        browser,
                        message: serde_json::from_slice(&plain).unwrap(),
                        key: key.to_owned(),
                        audience,
                        topic: header("topic"),
                        ttl: header("ttl").parse().unwrap_or(0),
                    });
                    StatusCode::CREATED
                }
            },
        ),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    PushService {
        base: format!("http://{addr}"),
        got,
        gone,
    }
}

impl PushService {
    pub(crate) fn pushed(&self) -> Vec<Pushed> {
        self.got.lock().unwrap().clone()
    }

    async fn await_count(&self, n: usize) -> Vec<Pushed> {
        if !eventually(200, || self.pushed().len() >= n).await {
            panic!("the push service got {:?}, not {n} messages", self.pushed());
        }
        self.pushed()
    }
}

pub(crate) fn subscribe(sub: PushSubscription) -> ClientMsg {
    ClientMsg::SetPush {
        subscription: Some(sub),
    }
}

pub(crate) async fn push_state(c: &mut TestClient) -> bool {
    c.recv_until(|m| match m {
        ServerMsg::NoticePush { set } => Some(*set),
        _ => None,
    })
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn push_notices_reach_an_away_player_once_a_turn_encrypted_and_signed() {
    let db = TestDb::sqlite();
    let server = server(&db).await;
    let bo = Browser::new("bo");
    let dee = Browser::new("dee");
    let service = push_service(&[&bo, &dee]).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let published = a
        .room
        .as_ref()
        .unwrap()
        .push_key
        .clone()
        .expect("a push key");
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;

    // Refused when given, with a clear code; nothing stored.
    let good = bo.subscription(&service);
    let mut bent = good.clone();
    bent.keys.p256dh = Base64UrlUnpadded::encode_string(&[4u8; 65]);
    let mut short = good.clone();
    short.keys.auth = "AAAA".into();
    let mut ftp = good.clone();
    ftp.endpoint = "ftp://127.0.0.1/push/bo".into();
    let mut nowhere = good.clone();
    nowhere.endpoint = "https://no-such-host.invalid/push".into();
    for bad in [bent, short, ftp, nowhere] {
        b.send(&subscribe(bad.clone())).await;
        assert_eq!(refused(&mut b).await, ErrorCode::BadPush, "{bad:?}");
    }
    let mut spectator = server.connect_welcomed(&code, None).await;
    spectator.send(&subscribe(good.clone())).await;
    assert_eq!(refused(&mut spectator).await, ErrorCode::NotSeated);
    assert_eq!(stored(&db, &code, PUSH).await, 0);

    b.send(&subscribe(good)).await;
    assert!(push_state(&mut b).await, "told it is set");
    assert_eq!(stored(&db, &code, PUSH).await, 1);
    // Back at the table on another tab: told it is on.
    let mut again = server.connect_with(&code, Some(&guest.token), false).await;
    assert!(push_state(&mut again).await);
    drop(again);
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;

    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    let turns_away = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
    assert!(turns_away >= 2, "Bo had turns: {turns_away}");
    service.await_count(turns_away).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let pushed = service.pushed();
    assert_eq!(
        pushed.len(),
        turns_away,
        "one push for each of Bo's turns, none for Ana's: {pushed:?}"
    );
    for p in &pushed {
        assert_eq!(p.browser, "bo");
        assert_eq!(p.key, published, "signed with the key the room published");
        assert!(p.audience.starts_with("http://127.0.0.1"), "{}", p.audience);
        assert_eq!(
            p.topic, code,
            "a newer notice of the room replaces an older"
        );
        assert!(p.ttl >= 24 * 3600, "kept while a turn may wait: {}", p.ttl);
        assert_eq!(p.message["title"], "Your turn: Doozy Dice with Ana");
        assert_eq!(p.message["url"], format!("/r/{code}"));
        let text = p.message.to_string();
        for secret in [&host.token, &guest.token] {
            assert!(!text.contains(secret.as_str()), "a token in a push");
        }
    }
    // The match is over: the subscription is gone.
    assert_eq!(stored(&db, &code, PUSH).await, 0);

    // Leaving the seat takes the subscription with it.
    let (other, mut d) = dee_in_a_lobby(&server).await;
    d.send(&subscribe(dee.subscription(&service))).await;
    assert!(push_state(&mut d).await);
    assert_eq!(stored(&db, &other, PUSH).await, 1);
    d.send(&ClientMsg::LeaveSeat).await;
    await_stored(&db, &other, PUSH, 0).await;
    server.stop().await;
    db.drop_db().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_subscription_the_push_service_dropped_is_forgotten() {
    let db = TestDb::sqlite();
    let server = server(&db).await;
    let gone = Browser::new("gone-bo");
    let service = push_service(&[&gone]).await;
    let host = server.create_room(GameKind::DoozyDice, None, "Ana").await;
    let code = host.code.0.clone();
    let guest = server.join(&code, "Bo").await;
    let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
    let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
    b.send(&subscribe(gone.subscription(&service))).await;
    assert!(push_state(&mut b).await);
    drop(b);
    room_until(&mut a, |r| !r.seats[1].connected).await;
    a.send(&ClientMsg::Start).await;
    parlor_tests::await_start(&mut a).await;
    // Ana plays until Bo's first turn: the push for it is refused as gone,
    // and forgotten.
    while !a.state().is_to_act(Seat(1)) {
        let v = a.state().version;
        driver::act_if_due(&mut a).await;
        a.await_version(v + 1).await;
        a.settle().await;
    }
    eventually(200, || *service.gone.lock().unwrap() > 0).await;
    await_stored(&db, &code, PUSH, 0).await;
    // The rest of the match: never asked again.
    let turns_away = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
    assert!(turns_away >= 1, "Bo had more turns: {turns_away}");
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert_eq!(*service.gone.lock().unwrap(), 1);
    assert!(service.pushed().is_empty());
    assert_eq!(stored(&db, &code, PUSH).await, 0);
    server.stop().await;
    db.drop_db().await;
}
