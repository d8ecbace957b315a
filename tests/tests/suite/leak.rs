//! No leaks: random full matches of every playable game with a client per
//! seat, two spectators, and late arrivals (a spectator, a second tab)
//! joining at random moments, every text frame each connection receives
//! kept as raw bytes; meanwhile every HTTP endpoint is polled and kept too.
//! Afterwards, against the server's truth (the stored log replayed):
//!
//! - no frame names an item its viewer may not know at that version (the
//!   game's [`GamePlayer::secrets`]: other hands, facedown piles, the
//!   cards in other seats' secret answers);
//! - no HTTP body names an item a spectator may not know;
//! - no seat's "My tables" answer (`POST /api/tables`, polled for every
//!   seat) names an item that seat may not know: its view at the table's
//!   version, each of its last steps at its own;
//! - the match seed appears nowhere (frames or HTTP) before the match is
//!   over, though it is published at the end;
//! - the two spectators held the same view at every version they shared;
//! - no notice (a room's webhook, a turn email, a push notice, each read
//!   by a local receiver from a match where one seat plays by short visits)
//!   names an item anyone at the table may not know, a token or the seed,
//!   or says more than its fixed fields.
//!
//! Every other match is played at its own pace (a day a decision).
//!
//! A game with nothing hidden still runs, and says so.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::{BTreeSet, HashMap};
use std::sync::Arc;
use std::time::Duration;

use parlor_protocol::{ClientMsg, MatchId, ServerMsg, Viewer};
use parlor_server::db::Store;
use parlor_tests::driver::play_to_end;
use parlor_tests::leak::frame_parts;
use parlor_tests::players::{GamePlayer, PLAYERS};
use parlor_tests::truth::Truth;
use parlor_tests::{Api, Received, TestClient, TestDb, TestServer};
use rand::rngs::StdRng;
use rand::{Rng, SeedableRng};
use tokio::sync::watch;

/// An HTTP body as received, with the stored version before and after.
struct Polled {
    path: String,
    body: String,
    before: u64,
    after: u64,
}

/// Part of a seat's My tables answer: what it was told, for which
/// version.
struct SeatPart {
    viewer: Viewer,
    at: u64,
    json: serde_json::Value,
}

/// Asks for every seat's table until told to stop; the view and each last
/// step, each with the version it is of.
async fn poll_tables(
    api: Api,
    code: String,
    tokens: Vec<String>,
    mut stop: watch::Receiver<bool>,
) -> Vec<SeatPart> {
    use parlor_protocol::tables::{HeldSeat, Tables, TablesQuery};
    let mut out = Vec::new();
    loop {
        for (i, token) in tokens.iter().enumerate() {
            let asked = TablesQuery {
                seats: vec![HeldSeat {
                    room: parlor_protocol::RoomCode(code.clone()),
                    token: token.clone(),
                }],
            };
            let resp = api
                .http
                .post(format!("{}/api/tables", api.base()))
                .json(&asked)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status().as_u16(), 200);
            let tables: Tables = resp.json().await.unwrap();
            let viewer = Viewer::Seat(parlor_protocol::Seat(u8::try_from(i).unwrap()));
            for t in tables.tables {
                let first = t.version + 1 - t.last.len() as u64;
                for (k, step) in t.last.iter().enumerate() {
                    out.push(SeatPart {
                        viewer,
                        at: first + k as u64,
                        json: serde_json::to_value(step).unwrap(),
                    });
                }
                out.push(SeatPart {
                    viewer,
                    at: t.version,
                    json: serde_json::to_value(&t.view).unwrap(),
                });
            }
        }
        tokio::select! {
            _ = stop.changed() => return out,
            _ = tokio::time::sleep(Duration::from_millis(60)) => {}
        }
    }
}

/// One connection's frames and who it was.
struct Recording {
    viewer: Viewer,
    frames: Vec<Received>,
}

fn recording(c: &TestClient) -> Recording {
    Recording {
        viewer: c.you.unwrap(),
        frames: c.frames.clone(),
    }
}

/// Polls every read endpoint until told to stop.
async fn poll_http(
    api: Api,
    store: Store,
    code: String,
    match_id: MatchId,
    mut stop: watch::Receiver<bool>,
) -> Vec<Polled> {
    let paths = [
        format!("/api/rooms/{code}"),
        "/api/matches".to_owned(),
        format!("/api/matches/{match_id}"),
        "/api/health".to_owned(),
        "/api/games".to_owned(),
    ];
    let mut out = Vec::new();
    loop {
        for path in &paths {
            let before = store.step_count(match_id).await.unwrap();
            let (status, body) = api.get_raw(path).await;
            let after = store.step_count(match_id).await.unwrap();
            assert_eq!(status, 200, "{path}");
            out.push(Polled {
                path: path.clone(),
                body: String::from_utf8(body).unwrap(),
                before,
                after,
            });
        }
        // A sampling cadence, not a synchronisation.
        tokio::select! {
            _ = stop.changed() => return out,
            _ = tokio::time::sleep(Duration::from_millis(40)) => {}
        }
    }
}

/// Now and then a newcomer connects (a spectator, or a second tab of a
/// seat that never acts), records what it is sent for a few messages, and
/// leaves.
async fn newcomers(
    api: Api,
    code: String,
    tokens: Vec<String>,
    seed: u64,
    mut stop: watch::Receiver<bool>,
) -> Vec<Recording> {
    let mut rng = StdRng::seed_from_u64(seed);
    let mut out = Vec::new();
    loop {
        let token = if rng.random_bool(0.5) {
            None
        } else {
            Some(tokens[rng.random_range(0..tokens.len())].clone())
        };
        let mut c = api.connect_with(&code, token.as_deref(), true).await;
        for _ in 0..rng.random_range(1..6) {
            if c.try_recv(Duration::from_millis(300)).await.is_none() {
                break;
            }
        }
        out.push(recording(&c));
        tokio::select! {
            _ = stop.changed() => return out,
            _ = tokio::time::sleep(Duration::from_millis(rng.random_range(50..300))) => {}
        }
    }
}

/// Counts of what was checked.
#[derive(Default, Debug)]
struct Checked {
    frames: usize,
    mentions: usize,
    http: usize,
    views: usize,
    tables: usize,
    secrets_max: usize,
}

async fn one_match(
    api: &Api,
    store: &Store,
    p: &'static GamePlayer,
    seats: u8,
    seed: u64,
) -> Checked {
    let host = api
        .create_room(p.kind, Some((p.options)(seed)), "Player 0")
        .await;
    let code = host.code.0.clone();
    let mut tokens = vec![host.token.clone()];
    for i in 1..seats {
        tokens.push(api.join(&code, &format!("Player {i}")).await.token);
    }
    let mut clients = Vec::new();
    for t in &tokens {
        clients.push(api.connect_with(&code, Some(t), true).await);
    }
    for _ in 0..2 {
        clients.push(api.connect_with(&code, None, true).await);
    }
    for c in &mut clients {
        c.recv_until(|m| matches!(m, ServerMsg::Welcome { .. }).then_some(()))
            .await;
    }
    // Every other match at its own pace (a day a decision): the clock's
    // deadline rides on every frame then.
    if seed % 2 == 1 {
        let day = parlor_protocol::TurnTimer::Day;
        clients[0]
            .send(&ClientMsg::SetTurnTimer { timer: day })
            .await;
        while clients[0].room.as_ref().is_none_or(|r| r.turn_timer != day) {
            clients[0].recv().await;
        }
    }
    clients[0].send(&ClientMsg::Start).await;
    for c in &mut clients {
        parlor_tests::await_start(c).await;
    }
    let match_id = clients[0].match_id();
    let (stop, stopped) = watch::channel(false);
    let poller = tokio::spawn(poll_http(
        api.clone(),
        store.clone(),
        code.clone(),
        match_id,
        stopped.clone(),
    ));
    let tables = tokio::spawn(poll_tables(
        api.clone(),
        code.clone(),
        tokens.clone(),
        stopped.clone(),
    ));
    let visitors = tokio::spawn(newcomers(
        api.clone(),
        code.clone(),
        tokens.clone(),
        seed,
        stopped,
    ));
    let clients = play_to_end(clients).await;
    stop.send(true).unwrap();
    let polled = poller.await.unwrap();
    let told = tables.await.unwrap();
    let mut recordings: Vec<Recording> = clients.iter().map(recording).collect();
    recordings.extend(visitors.await.unwrap());

    // The truth, and the seed now public.
    let truth = Arc::new(Truth::load(store, match_id).await);
    let record = store.match_record(match_id).await.unwrap();
    let seed_hex = record.seed.clone().expect("the seed is public at the end");
    let last = truth.version();
    let mut secrets: HashMap<(Viewer, u64), BTreeSet<String>> = HashMap::new();
    let mut checked = Checked::default();
    for r in &recordings {
        for f in &r.frames {
            checked.frames += 1;
            if f.text.contains(&seed_hex) {
                assert!(
                    f.over,
                    "{}: the seed reached {:?} before the match was over: {}",
                    p.kind.slug(),
                    r.viewer,
                    f.text
                );
            }
            let json: serde_json::Value = serde_json::from_str(&f.text).unwrap();
            let mentions = (p.mentions)(&json);
            checked.mentions += mentions.len();
            let Some((id, v)) = f.at else {
                assert!(
                    mentions.is_empty(),
                    "{:?} before any match: {}",
                    r.viewer,
                    f.text
                );
                continue;
            };
            assert_eq!(id, match_id);
            // Each step at its own version, the rest at the frame's.
            for (at, part) in frame_parts(&json, v) {
                let hidden = secrets
                    .entry((r.viewer, at))
                    .or_insert_with(|| (p.secrets)(truth.at(at), r.viewer));
                checked.secrets_max = checked.secrets_max.max(hidden.len());
                let named = (p.mentions)(&part);
                let leaked: Vec<_> = named.intersection(hidden).collect();
                assert!(
                    leaked.is_empty(),
                    "{}: {:?} was sent {leaked:?} for version {at}, hidden from it then: {}",
                    p.kind.slug(),
                    r.viewer,
                    f.text
                );
            }
        }
    }
    // The views each connection rebuilt from its patches, at each version
    // it held: a patch that edits a few members of an item names less than
    // the item, so the whole view is scanned too.
    for c in &clients {
        let viewer = c.you.unwrap();
        for ((id, at), view) in &c.history {
            if *id != match_id {
                continue;
            }
            checked.views += 1;
            let hidden = secrets
                .entry((viewer, *at))
                .or_insert_with(|| (p.secrets)(truth.at(*at), viewer));
            let leaked: Vec<_> = (p.mentions)(view).intersection(hidden).cloned().collect();
            assert!(
                leaked.is_empty(),
                "{}: {viewer:?}'s view at version {at} holds {leaked:?}, hidden from it then",
                p.kind.slug()
            );
        }
    }
    for h in &polled {
        checked.http += 1;
        if h.body.contains(&seed_hex) {
            // The last step may be stored while the request is on its way
            // (after `before` was read): it must be stored by the answer.
            assert_eq!(
                h.after,
                last,
                "{}: the seed was served at {} before the end (versions {} to {})",
                p.kind.slug(),
                h.path,
                h.before,
                h.after
            );
        }
        let json: serde_json::Value = serde_json::from_str(&h.body).unwrap();
        let mentions = (p.mentions)(&json);
        let hidden = (p.secrets)(truth.at(h.after), Viewer::Spectator);
        let leaked: Vec<_> = mentions.intersection(&hidden).collect();
        assert!(
            leaked.is_empty(),
            "{} served {leaked:?}: {}",
            h.path,
            h.body
        );
    }
    for part in &told {
        checked.tables += 1;
        let named = (p.mentions)(&part.json);
        checked.mentions += named.len();
        let hidden = secrets
            .entry((part.viewer, part.at))
            .or_insert_with(|| (p.secrets)(truth.at(part.at), part.viewer));
        let leaked: Vec<_> = named.intersection(hidden).collect();
        assert!(
            leaked.is_empty(),
            "{}: My tables told {:?} {leaked:?} for version {}, hidden from it then: {}",
            p.kind.slug(),
            part.viewer,
            part.at,
            part.json
        );
    }
    assert!(!told.is_empty(), "My tables was asked");
    // The spectators agree with each other wherever both held a version.
    let spectators: Vec<&TestClient> = clients
        .iter()
        .filter(|c| c.you == Some(Viewer::Spectator))
        .collect();
    let mut shared = 0;
    for (key, view) in &spectators[0].history {
        if let Some(other) = spectators[1].history.get(key) {
            assert_eq!(view, other, "two spectators saw different views at {key:?}");
            shared += 1;
        }
    }
    assert!(shared > 0);
    // The seed was published, and it is the one committed to.
    assert!(recordings
        .iter()
        .any(|r| r.frames.iter().any(|f| f.text.contains(&seed_hex))));
    assert!(polled.iter().any(|h| h.body.contains(&record.seed_sha256)));
    checked
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_connection_learns_what_it_may_not_know() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    let store = server.server.store.clone();
    let runs: u64 = if parlor_tests::heavy() { 8 } else { 2 };
    for p in PLAYERS {
        let mut total = Checked::default();
        for seed in 0..runs {
            let seats = p.seats[usize::try_from(seed).unwrap() % p.seats.len()];
            let c = one_match(&server, &store, p, seats, seed).await;
            total.frames += c.frames;
            total.mentions += c.mentions;
            total.http += c.http;
            total.tables += c.tables;
            total.views += c.views;
            total.secrets_max = total.secrets_max.max(c.secrets_max);
        }
        eprintln!(
            "{}: {} frames, {} rebuilt views, {} HTTP bodies and {} My tables parts checked; {} item mentions; hidden: {}",
            p.kind.slug(),
            total.frames,
            total.views,
            total.http,
            total.tables,
            total.mentions,
            p.hidden
        );
        if total.secrets_max == 0 {
            eprintln!(
                "  {} hides nothing from anyone: only the seed was checked",
                p.kind.slug()
            );
        } else {
            // The check had teeth: cards were named, and many were hidden.
            assert!(
                total.views > total.frames / 4,
                "{}: too few views scanned",
                p.kind.slug()
            );
            assert!(
                total.mentions > 0,
                "{}: no item was ever named",
                p.kind.slug()
            );
        }
    }
    server.stop().await;
    db.drop_db().await;
}

/// Every notice of a match of every game: the webhook's posts, the turn
/// emails and the push notices (decrypted), for a seat that plays only by
/// short visits so that each of its turns is noticed.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_notice_names_what_it_may_not_know() {
    use crate::notices::push::{push_service, push_state, subscribe, Browser};
    use crate::notices::{
        email_state, eventually, play_with_seat_1_away, receiver, room_until, set, smtp_sink,
    };
    use parlor_protocol::room::WebhookFormat;

    let db = TestDb::sqlite();
    let sink = smtp_sink().await;
    let mut config = parlor_server::config::Config::for_tests(db.url());
    config.notices_private = true;
    config.smtp = Some(parlor_server::notices::SmtpSettings {
        url: format!("smtp://{}", sink.addr),
        from: "Parlor <games@parlor.test>".into(),
    });
    // A long match's every turn, past the daily cap.
    config.rooms.notices_a_day = u32::MAX;
    let server = TestServer::start_with(config).await;
    let store = server.server.store.clone();
    for (i, p) in PLAYERS.iter().enumerate() {
        let hook = receiver(false).await;
        let bo = Browser::new("bo");
        let service = push_service(&[&bo]).await;
        let mails_before = sink.mails.lock().unwrap().len();
        let seed = u64::try_from(i).unwrap();
        let host = server
            .create_room(p.kind, Some((p.options)(seed)), "Ana")
            .await;
        let code = host.code.0.clone();
        let guest = server.join(&code, "Bo").await;
        let mut a = server.connect_welcomed(&code, Some(&host.token)).await;
        a.send(&set(&hook.url)).await;
        room_until(&mut a, |r| r.webhook == Some(WebhookFormat::Json)).await;
        // At its own pace, as tables with notices are.
        let day = parlor_protocol::TurnTimer::Day;
        a.send(&ClientMsg::SetTurnTimer { timer: day }).await;
        room_until(&mut a, |r| r.turn_timer == day).await;
        let mut b = server.connect_welcomed(&code, Some(&guest.token)).await;
        b.send(&subscribe(bo.subscription(&service))).await;
        assert!(push_state(&mut b).await);
        b.send(&ClientMsg::SetNoticeEmail {
            email: Some("bo@example.org".into()),
        })
        .await;
        assert!(email_state(&mut b).await);
        drop(b);
        room_until(&mut a, |r| !r.seats[1].connected).await;
        a.send(&ClientMsg::Start).await;
        parlor_tests::await_start(&mut a).await;
        let match_id = a.match_id();
        let turns = play_with_seat_1_away(&server, &code, &guest.token, &mut a).await;
        hook.await_count(1).await;
        eventually(200, || hook.bodies().iter().any(|b| b["event"] == "won")).await;
        tokio::time::sleep(Duration::from_millis(300)).await;
        let posts = hook.bodies();
        let pushes: Vec<serde_json::Value> =
            service.pushed().into_iter().map(|x| x.message).collect();
        let mails: Vec<String> = sink.mails.lock().unwrap()[mails_before..]
            .iter()
            .map(|(_, text)| text.clone())
            .collect();
        let turn_posts = posts.iter().filter(|b| b["event"] == "turn").count();
        assert!(
            turns >= 1 && turn_posts >= 1,
            "{}: Bo had turns",
            p.kind.slug()
        );
        assert_eq!(
            pushes.len(),
            turn_posts,
            "{}: a push for each turn posted",
            p.kind.slug()
        );
        assert_eq!(
            mails.len(),
            turn_posts,
            "{}: an email for each turn posted",
            p.kind.slug()
        );
        assert!(
            posts.iter().any(|b| b["event"] == "won"),
            "{}: the end",
            p.kind.slug()
        );

        // What stayed hidden from anyone but its holder to the end, the
        // seed (public only at the end), and the seat tokens.
        let truth = Truth::load(&store, match_id).await;
        let hidden = (p.secrets)(truth.at(truth.version()), Viewer::Spectator);
        let seed_hex = store.match_record(match_id).await.unwrap().seed.unwrap();
        let fields = |v: &serde_json::Value| -> BTreeSet<String> {
            v.as_object().unwrap().keys().cloned().collect()
        };
        let allowed_post: BTreeSet<String> = [
            "event", "room", "game", "seat", "player", "winners", "link", "text",
        ]
        .map(String::from)
        .into();
        let allowed_push: BTreeSet<String> = ["title", "body", "url", "tag", "room", "link"]
            .map(String::from)
            .into();
        let all = posts
            .iter()
            .map(|v| (v.clone(), &allowed_post))
            .chain(pushes.iter().map(|v| (v.clone(), &allowed_push)))
            .chain(
                mails
                    .iter()
                    .map(|m| (serde_json::Value::String(m.clone()), &allowed_push)),
            );
        let mut checked = 0;
        for (notice, allowed) in all {
            checked += 1;
            let text = notice.to_string();
            if let Some(obj) = notice.as_object() {
                let extra: Vec<_> = fields(&notice).difference(allowed).cloned().collect();
                assert!(
                    extra.is_empty() || obj.is_empty(),
                    "{}: more than a notice says: {extra:?}",
                    p.kind.slug()
                );
            }
            let named = (p.mentions)(&notice);
            let leaked: Vec<_> = named.intersection(&hidden).collect();
            assert!(
                leaked.is_empty(),
                "{}: a notice named {leaked:?}: {text}",
                p.kind.slug()
            );
            for secret in [&host.token, &guest.token, &seed_hex] {
                assert!(
                    !text.contains(secret.as_str()),
                    "{}: a secret in a notice: {text}",
                    p.kind.slug()
                );
            }
        }
        eprintln!(
            "{}: {checked} notices checked ({turn_posts} turns away); hidden at the end: {}",
            p.kind.slug(),
            hidden.len()
        );
    }
    server.stop().await;
    db.drop_db().await;
}
