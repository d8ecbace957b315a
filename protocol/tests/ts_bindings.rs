//! The web client's TypeScript types are generated from this crate and
//! committed in `web-client/src/generated/`. This test regenerates them into
//! a scratch folder and fails when the committed copy differs (stale types).
//! `UPDATE_BINDINGS=1 cargo test -p parlor-protocol --features ts` rewrites them.
#![cfg(feature = "ts")]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use parlor_protocol::http::{
    ApiError, ChatPage, ClaimSeat, CreateRoom, GameInfo, Health, JoinRoom, Joined, MatchRecord,
    MatchSummary,
};
use parlor_protocol::{ClientMsg, GameKind, ServerMsg};
use ts_rs::TS;

fn generate(dir: &Path) {
    // Each root pulls in every type it mentions.
    ClientMsg::export_all_to(dir).expect("export ClientMsg");
    ServerMsg::export_all_to(dir).expect("export ServerMsg");
    GameKind::export_all_to(dir).expect("export GameKind");
    CreateRoom::export_all_to(dir).expect("export CreateRoom");
    JoinRoom::export_all_to(dir).expect("export JoinRoom");
    ClaimSeat::export_all_to(dir).expect("export ClaimSeat");
    Joined::export_all_to(dir).expect("export Joined");
    Health::export_all_to(dir).expect("export Health");
    MatchSummary::export_all_to(dir).expect("export MatchSummary");
    MatchRecord::export_all_to(dir).expect("export MatchRecord");
    ChatPage::export_all_to(dir).expect("export ChatPage");
    GameInfo::export_all_to(dir).expect("export GameInfo");
    ApiError::export_all_to(dir).expect("export ApiError");
    // Replays and match records.
    parlor_protocol::replay::Replay::export_all_to(dir).expect("export Replay");
    parlor_protocol::replay::MatchExport::export_all_to(dir).expect("export MatchExport");
    // My tables.
    parlor_protocol::tables::TablesQuery::export_all_to(dir).expect("export TablesQuery");
    parlor_protocol::tables::TableQuery::export_all_to(dir).expect("export TableQuery");
    parlor_protocol::tables::Tables::export_all_to(dir).expect("export Tables");
    // The admin page's types.
    parlor_protocol::admin::AdminRoom::export_all_to(dir).expect("export AdminRoom");
    parlor_protocol::admin::RetentionReport::export_all_to(dir).expect("export RetentionReport");
    parlor_protocol::admin::CloseRoom::export_all_to(dir).expect("export CloseRoom");
    // A run of step views in a batch: read by the client's `stepList`.
    parlor_protocol::game::step_views::StepRun::export_all_to(dir).expect("export StepRun");
    // Zoomies' printed tiles: no view mentions the type, so export it here.
    parlor_protocol::zoomies::TileFace::export_all_to(dir).expect("export TileFace");
    // Constants have no ts-rs derive; write them from the same source.
    let mut consts = String::from("// Generated from protocol/src/close.rs by protocol/tests/ts_bindings.rs. Do not edit.\n\n/** WebSocket close codes the server uses. */\nexport const CLOSE = {\n");
    for (name, code) in parlor_protocol::close::ALL {
        consts.push_str(&format!("  {name}: {code},\n"));
    }
    consts.push_str("} as const;\n");
    std::fs::write(dir.join("closeCodes.ts"), consts).expect("write closeCodes.ts");
    let mut timers = String::from("// Generated from protocol/src/msg.rs (TurnTimer) by protocol/tests/ts_bindings.rs. Do not edit.\nimport type { TurnTimer } from \"./TurnTimer\";\n\n/** Every turn timer setting, in the order a lobby offers them. */\nexport const TURN_TIMERS: readonly TurnTimer[] = [");
    let names: Vec<String> = parlor_protocol::TurnTimer::ALL
        .iter()
        .map(|t| serde_json::to_string(t).expect("a timer encodes"))
        .collect();
    timers.push_str(&names.join(", "));
    timers.push_str("];\n\n/** Seconds per decision of each setting (null: off). */\nexport const TURN_TIMER_SECS: Record<TurnTimer, number | null> = {\n");
    for (t, name) in parlor_protocol::TurnTimer::ALL.iter().zip(&names) {
        let secs = t.secs().map_or("null".to_owned(), |s| s.to_string());
        timers.push_str(&format!("  {}: {secs},\n", name.trim_matches('"')));
    }
    timers.push_str("};\n");
    std::fs::write(dir.join("turnTimers.ts"), timers).expect("write turnTimers.ts");
    let levels: Vec<String> = parlor_protocol::BotLevel::ALL
        .iter()
        .map(|l| serde_json::to_string(l).expect("a level encodes"))
        .collect();
    std::fs::write(
        dir.join("botLevels.ts"),
        format!(
            "// Generated from protocol/src/room.rs (BotLevel) by protocol/tests/ts_bindings.rs. Do not edit.\n\
             import type {{ BotLevel }} from \"./BotLevel\";\n\n\
             /** Every bot level, easiest first, as a lobby offers them. */\n\
             export const BOT_LEVELS: readonly BotLevel[] = [{}];\n",
            levels.join(", ")
        ),
    )
    .expect("write botLevels.ts");
    std::fs::write(dir.join("zoomies").join("tiles.ts"), zoomies_tiles())
        .expect("write zoomies/tiles.ts");
}

/// The 50 printed Zoomies tiles (`parlor_protocol::zoomies::TILES`) as a
/// TypeScript table, so the web client never copies them by hand.
fn zoomies_tiles() -> String {
    let mut out = String::from(
        "// Generated from protocol/src/zoomies.rs (TILES) by protocol/tests/ts_bindings.rs. Do not edit.\n\
         import type { TileFace } from \"./TileFace\";\n\
         import type { TileId } from \"./TileId\";\n\n\
         /** The 50 printed tiles Z01..Z50 (RULINGS §1(b)): `TILES[i]` is tile `i + 1`. */\n\
         export const TILES: readonly TileFace[] = [\n",
    );
    for face in parlor_protocol::zoomies::TILES {
        let json = serde_json::to_string(&face).expect("a tile face encodes");
        out.push_str(&format!("  {json},\n"));
    }
    out.push_str(
        "];\n\n\
         /** The printed face of tile `id` (1..=50), or `undefined` for any other id. */\n\
         export function tileFace(id: TileId): TileFace | undefined {\n\
         \x20 return Number.isInteger(id) && id >= 1 ? TILES[id - 1] : undefined;\n\
         }\n",
    );
    out
}

fn read_tree(dir: &Path) -> BTreeMap<PathBuf, String> {
    let mut out = BTreeMap::new();
    let mut stack = vec![dir.to_path_buf()];
    while let Some(d) = stack.pop() {
        let Ok(entries) = std::fs::read_dir(&d) else {
            continue;
        };
        for entry in entries.flatten() {
            let path = entry.path();
            if path.is_dir() {
                stack.push(path);
            } else if path.extension().is_some_and(|e| e == "ts") {
                let rel = path.strip_prefix(dir).expect("under dir").to_path_buf();
                out.insert(rel, std::fs::read_to_string(&path).expect("read"));
            }
        }
    }
    out
}

#[test]
fn committed_typescript_matches_protocol() {
    let committed = Path::new(env!("CARGO_MANIFEST_DIR")).join("../web-client/src/generated");
    let scratch = std::env::temp_dir().join(format!("parlor-ts-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&scratch);
    generate(&scratch);
    let fresh = read_tree(&scratch);
    assert!(
        fresh.len() > 10,
        "generation produced too few files: {}",
        fresh.len()
    );

    if std::env::var_os("UPDATE_BINDINGS").is_some() {
        let _ = std::fs::remove_dir_all(&committed);
        std::fs::create_dir_all(&committed).expect("mkdir");
        for (rel, text) in &fresh {
            let path = committed.join(rel);
            std::fs::create_dir_all(path.parent().expect("parent")).expect("mkdir");
            std::fs::write(path, text).expect("write");
        }
    }
    let on_disk = read_tree(&committed);
    let _ = std::fs::remove_dir_all(&scratch);
    let stale: Vec<_> = fresh
        .iter()
        .filter(|(rel, text)| on_disk.get(*rel) != Some(*text))
        .map(|(rel, _)| rel.display().to_string())
        .chain(
            on_disk
                .keys()
                .filter(|rel| !fresh.contains_key(*rel))
                .map(|rel| rel.display().to_string()),
        )
        .collect();
    assert!(
        stale.is_empty(),
        "web-client/src/generated is stale for {stale:?}; run UPDATE_BINDINGS=1 cargo test -p parlor-protocol --features ts"
    );
}
