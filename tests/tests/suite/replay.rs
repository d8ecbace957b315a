//! Replays, records and history, for every playable game: a finished match
//! replays step by step to its stored result from the database and from
//! its exported record; every view a replay shows from seat s (or a
//! spectator) is byte for byte the view that connection held live; a
//! seat's replay is refused until the match is over; `verify` accepts the
//! honest record and names the first bad step of a tampered one, a
//! swapped seed and a reordered log; the history filters and pages.
#![allow(clippy::unwrap_used, missing_docs)]

use std::collections::BTreeMap;

use parlor_games::record::{verify, VerifyError};
use parlor_protocol::http::MatchSummary;
use parlor_protocol::replay::{MatchExport, Replay};
use parlor_protocol::{MatchId, Viewer};
use parlor_tests::driver::Table;
use parlor_tests::players::PLAYERS;
use parlor_tests::{Api, TestClient, TestDb, TestServer};
use serde_json::Value;

async fn get_json<T: serde::de::DeserializeOwned>(api: &Api, path: &str) -> (u16, Option<T>) {
    let (status, body) = api.get_raw(path).await;
    (status, serde_json::from_slice(&body).ok())
}

/// The views a replay shows, by version, as JSON text.
fn replayed_views(r: &Replay) -> Vec<String> {
    let mut view = serde_json::to_value(&r.start).unwrap();
    let mut out = vec![serde_json::to_string(&view).unwrap()];
    for s in &r.steps {
        parlor_games::patch::apply(&mut view, &s.patch).unwrap();
        out.push(serde_json::to_string(&view).unwrap());
    }
    out
}

/// Every view `c` held live in match `id`, by version, as JSON text.
fn live_views(c: &TestClient, id: MatchId) -> BTreeMap<u64, String> {
    c.history
        .iter()
        .filter(|((m, _), _)| *m == id)
        .map(|((_, v), view)| (*v, serde_json::to_string(view).unwrap()))
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_replays_as_it_was_seen_and_verifies() {
    let db = TestDb::sqlite();
    let server = TestServer::start(&db).await;
    for p in PLAYERS {
        let game = p.kind.slug();
        let mut t = Table::started(&server, p.kind, 0, p.seats[0], 1).await;
        let id = t.seats[0].match_id();
        // Before the end: a spectator's replay, never a seat's.
        let (status, _) =
            get_json::<Value>(&server, &format!("/api/matches/{id}/replay?seat=0")).await;
        assert_eq!(status, 403, "{game}: a seat's replay before the end");
        let (status, _) =
            get_json::<Value>(&server, &format!("/api/matches/{id}/replay?seat=all")).await;
        assert_eq!(status, 403, "{game}: everything revealed before the end");
        let (status, early) =
            get_json::<Replay>(&server, &format!("/api/matches/{id}/replay")).await;
        assert_eq!(status, 200, "{game}");
        assert_eq!(early.unwrap().viewer, Viewer::Spectator);
        let (status, _) = get_json::<Value>(&server, &format!("/api/matches/{id}/export")).await;
        assert_eq!(status, 403, "{game}: no record before the end");

        let result = t.play_to_end().await;
        // The room's own matches, from its code.
        let (_, mine) =
            get_json::<Vec<MatchSummary>>(&server, &format!("/api/matches?room={}", t.code)).await;
        let mine = mine.unwrap();
        assert_eq!(
            mine.iter().map(|m| m.match_id).collect::<Vec<_>>(),
            vec![id],
            "{game}"
        );
        let (_, rec) =
            get_json::<parlor_protocol::http::MatchRecord>(&server, &format!("/api/matches/{id}"))
                .await;
        let rec = rec.unwrap();
        assert!(
            rec.finished_at.is_some_and(|f| f >= rec.started_at),
            "{game}: duration"
        );
        let stored = server.server.store.step_count(id).await.unwrap();
        let (_, record) =
            get_json::<MatchExport>(&server, &format!("/api/matches/{id}/export")).await;
        let record = record.unwrap();
        assert_eq!(record.result, result);
        assert_eq!(record.steps.len() as u64, stored);
        let checked = verify(&record).unwrap_or_else(|e| panic!("{game}: {e}"));
        // The browser test's records are written this way (see its fixtures).
        if let Some(dir) = std::env::var_os("PARLOR_RECORD_DIR") {
            let path = std::path::Path::new(&dir).join(format!("{game}.json"));
            std::fs::write(&path, serde_json::to_string_pretty(&record).unwrap()).unwrap();
        }
        assert_eq!(checked.steps as u64, stored);

        let mut connections: Vec<&TestClient> = t.seats.iter().collect();
        connections.extend(t.spectators.iter());
        for c in connections {
            let viewer = c.you.unwrap();
            let query = match viewer {
                Viewer::Seat(s) => format!("?seat={}", s.0),
                Viewer::Spectator | Viewer::Revealed => String::new(),
            };
            let (status, replay) =
                get_json::<Replay>(&server, &format!("/api/matches/{id}/replay{query}")).await;
            assert_eq!(status, 200, "{game} {viewer:?}");
            let replay = replay.unwrap();
            assert_eq!(replay.steps.len() as u64, stored);
            assert_eq!(replay.result.as_ref(), Some(&result));
            let views = replayed_views(&replay);
            let live = live_views(c, id);
            assert!(live.len() > 1, "{game} {viewer:?} held views");
            for (v, held) in &live {
                assert_eq!(
                    &views[usize::try_from(*v).unwrap()],
                    held,
                    "{game} {viewer:?}: the replay's view at version {v} is not the one sent live"
                );
            }
            // The same replay from the exported record.
            let from_file = parlor_server::replay::replay_record(&record, viewer).unwrap();
            assert_eq!(from_file, replay, "{game} {viewer:?}: from the file");
        }
        check_revealed(&server, &t, id, &record, stored).await;

        // Uploaded, the record replays too (checked first).
        let resp = server
            .http
            .post(format!("{}/api/replay?seat=1", server.base()))
            .json(&record)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status().as_u16(), 200, "{game}");
        let uploaded: Replay = resp.json().await.unwrap();
        assert_eq!(uploaded.steps.len() as u64, stored);

        // The command-line check, on the record as downloaded.
        if p.kind == PLAYERS[0].kind {
            check_with_the_binary(&record).await;
            check_by_address(&server, &record).await;
        }

        // A tampered chance step, a swapped seed, a reordered log.
        let chance: Vec<usize> = record
            .steps
            .iter()
            .enumerate()
            .filter(|(_, s)| s.get("chance").is_some())
            .map(|(i, _)| i)
            .collect();
        let differing = chance
            .iter()
            .flat_map(|&i| chance.iter().map(move |&j| (i, j)))
            .find(|&(i, j)| i < j && record.steps[i] != record.steps[j]);
        if let Some((i, j)) = differing {
            let mut bad = record.clone();
            bad.steps[i] = record.steps[j].clone();
            match verify(&bad) {
                Err(VerifyError::Chance { seq, .. } | VerifyError::Illegal { seq, .. }) => {
                    assert_eq!(seq, i as u64 + 1, "{game}: the tampered step is named")
                }
                other => panic!("{game}: a tampered step verified as {other:?}"),
            }
        }
        let mut bad = record.clone();
        bad.seed = "ab".repeat(32);
        assert!(
            matches!(verify(&bad), Err(VerifyError::Commitment { .. })),
            "{game}: a swapped seed"
        );
        // A swapped seed with a commitment to match: the first chance step
        // the new seed draws differently is named.
        let seed = [7u8; 32];
        bad.seed = hex::encode(seed);
        bad.seed_sha256 = hex::encode(<sha2::Sha256 as sha2::Digest>::digest(seed));
        match verify(&bad) {
            Err(VerifyError::Chance { seq, .. }) => assert!(seq >= 1),
            other => panic!("{game}: another seed verified as {other:?}"),
        }
        // Swapped: an action and the chance step beside it (two answers of
        // one simultaneous window could be swapped harmlessly).
        let last = record.steps.len() - 1;
        let is_chance = |i: usize| record.steps[i].get("chance").is_some();
        let swap = (0..last)
            .rev()
            .find(|&i| is_chance(i) != is_chance(i + 1))
            .unwrap();
        let mut bad = record.clone();
        bad.steps.swap(swap, swap + 1);
        match verify(&bad) {
            Err(
                VerifyError::Chance { seq, .. }
                | VerifyError::Illegal { seq, .. }
                | VerifyError::Unreadable { seq, .. },
            ) => assert!(
                seq <= swap as u64 + 2,
                "{game}: step {seq} named, swapped at {}",
                swap + 1
            ),
            Err(VerifyError::Result | VerifyError::Unfinished(_)) => {}
            other => panic!("{game}: a reordered log verified as {other:?}"),
        }
    }

    // History: filtered by game and player, paged newest first.
    let (_, all) = get_json::<Vec<MatchSummary>>(&server, "/api/matches?limit=200").await;
    let all = all.unwrap();
    assert_eq!(all.len(), PLAYERS.len());
    assert!(all.windows(2).all(|w| w[0].finished_at >= w[1].finished_at));
    for p in PLAYERS {
        let (_, one) =
            get_json::<Vec<MatchSummary>>(&server, &format!("/api/matches?game={}", p.kind.slug()))
                .await;
        let one = one.unwrap();
        assert_eq!(one.len(), 1);
        assert_eq!(one[0].game, p.kind);
    }
    let (_, named) = get_json::<Vec<MatchSummary>>(&server, "/api/matches?player=PLAYER%201").await;
    assert_eq!(
        named.unwrap().len(),
        PLAYERS.len(),
        "every match had a Player 1"
    );
    let (_, none) = get_json::<Vec<MatchSummary>>(&server, "/api/matches?player=Player%209").await;
    assert!(none.unwrap().is_empty());
    let (_, page1) = get_json::<Vec<MatchSummary>>(&server, "/api/matches?limit=2").await;
    let page1 = page1.unwrap();
    let (_, page2) = get_json::<Vec<MatchSummary>>(
        &server,
        &format!("/api/matches?limit=2&before={}", page1[1].finished_at),
    )
    .await;
    let page2 = page2.unwrap();
    assert_eq!(
        page2.first().map(|m| m.match_id),
        all.get(2).map(|m| m.match_id)
    );
    let (status, _) = get_json::<Value>(&server, "/api/matches?game=chess").await;
    assert_eq!(status, 400);
    server.stop().await;
    db.drop_db().await;
}

/// Everything revealed, once the match is over: each version shows every
/// seat's hand exactly as that seat held it live; a record cut short is
/// refused.
async fn check_revealed(
    server: &TestServer,
    t: &Table,
    id: MatchId,
    record: &MatchExport,
    stored: u64,
) {
    let game = record.game.slug();
    let (status, revealed) =
        get_json::<Replay>(server, &format!("/api/matches/{id}/replay?seat=all")).await;
    assert_eq!(status, 200, "{game}: everything revealed");
    let revealed = revealed.unwrap();
    assert_eq!(revealed.viewer, Viewer::Revealed);
    assert_eq!(revealed.steps.len() as u64, stored);
    let views: Vec<Value> = replayed_views(&revealed)
        .iter()
        .map(|v| serde_json::from_str(v).unwrap())
        .collect();
    let mut hands_compared = 0;
    for c in &t.seats {
        let Some(Viewer::Seat(s)) = c.you else {
            continue;
        };
        for (v, held) in live_views(c, id) {
            let held: Value = serde_json::from_str(&held).unwrap();
            let Some(hand) = held["view"].get("hand").filter(|h| !h.is_null()) else {
                continue;
            };
            let shown = &views[usize::try_from(v).unwrap()]["view"]["hands"][s.index()];
            assert_eq!(shown, hand, "{game}: seat {s}'s hand at version {v}");
            hands_compared += 1;
        }
    }
    let hidden = parlor_tests::players::hides_from_seats(record.game);
    assert_eq!(hands_compared > 0, hidden, "{game}: hands compared");
    // The same from the record; a record cut short is not revealed.
    let from_file = parlor_server::replay::replay_record(record, Viewer::Revealed).unwrap();
    assert_eq!(from_file, revealed, "{game}: revealed from the file");
    let mut cut = record.clone();
    cut.steps.pop();
    assert!(
        matches!(
            parlor_server::replay::replay_record(&cut, Viewer::Revealed),
            Err(parlor_server::replay::ReplayError::NotOver)
        ),
        "{game}: a cut record revealed"
    );
}

/// `parlor-server verify URL`: the match page's address on a running
/// server verifies (exit 0); a match that does not exist cannot be read
/// (exit 2, with the server's reason).
async fn check_by_address(server: &TestServer, record: &MatchExport) {
    let verify = |url: String| async move {
        let out = tokio::process::Command::new(parlor_tests::process::server_binary())
            .arg("verify")
            .arg(&url)
            .env("RUST_LOG", "error")
            .output()
            .await
            .unwrap();
        let text = format!(
            "{}{}",
            String::from_utf8_lossy(&out.stdout),
            String::from_utf8_lossy(&out.stderr)
        );
        (out.status.code(), text)
    };
    let page = format!("{}/matches/{}", server.base(), record.match_id);
    let (code, out) = verify(page.clone()).await;
    assert_eq!(code, Some(0), "{page}: {out}");
    assert!(out.starts_with("verified:"), "{out}");
    let missing = format!("{}/matches/{}", server.base(), uuid::Uuid::new_v4());
    let (code, out) = verify(missing).await;
    assert_eq!(code, Some(2), "{out}");
    assert!(out.contains("no match"), "the server's reason: {out}");
}

/// `parlor-server verify FILE` accepts the record (exit 0) and refuses a
/// tampered copy naming the step (exit 1); garbage exits 2.
async fn check_with_the_binary(record: &MatchExport) {
    let dir = std::env::temp_dir().join(format!("parlor-verify-{}", uuid::Uuid::new_v4()));
    std::fs::create_dir_all(&dir).unwrap();
    let run = |name: &str, body: String| {
        let path = dir.join(name);
        std::fs::write(&path, body).unwrap();
        async move {
            let out = tokio::process::Command::new(parlor_tests::process::server_binary())
                .arg("verify")
                .arg(&path)
                .env("RUST_LOG", "error")
                .output()
                .await
                .unwrap();
            (
                out.status.code(),
                String::from_utf8_lossy(&out.stdout).into_owned(),
            )
        }
    };
    let (code, out) = run("good.json", serde_json::to_string(record).unwrap()).await;
    assert_eq!(code, Some(0), "{out}");
    assert!(out.starts_with("verified:"), "{out}");
    let mut bad = record.clone();
    let first_chance = bad
        .steps
        .iter()
        .position(|s| s.get("chance").is_some())
        .unwrap();
    let later = bad
        .steps
        .iter()
        .rposition(|s| s.get("chance").is_some() && *s != record.steps[first_chance])
        .unwrap();
    bad.steps[first_chance] = record.steps[later].clone();
    let (code, out) = run("bad.json", serde_json::to_string(&bad).unwrap()).await;
    assert_eq!(code, Some(1), "{out}");
    assert!(
        out.contains(&format!("step {}", first_chance + 1)),
        "names the step: {out}"
    );
    let (code, _) = run("junk.json", "{\"not\": \"a record\"}".into()).await;
    assert_eq!(code, Some(2));
    let _ = std::fs::remove_dir_all(&dir);
}
