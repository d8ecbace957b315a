//! Zingamino: hands are hidden (only their owner sees its tiles) until a
//! round's scoring reveals them all, and the bag is never stored as an
//! order. A tile is known to a viewer when it is on the board or in the
//! viewer's own hand; every other tile is a secret.
//!
//! Tile ids come back every round (all 64 return to the bag), so a hand
//! revealed in an earlier round's summary names tiles that may sit in
//! someone's hand now; summaries (`rounds`, and the step that ends a round,
//! whose tile is back in the bag once the step is applied) and the
//! start-player draw are revealed by rule and are not counted as mentions. Live tiles are: a number under a `tile` key (the board, a tile
//! drawn for a seat, an action in `moves`) and the numbers of a `hand`.
//!
//! The player decides from its own view, like a browser: the view lists
//! the viewer's legal moves. It closes a circle when it can (+16), else
//! sheds its heaviest tile (a Zinga weighs 16), declaring the value its
//! hand can best follow; it digs or passes when that is its only move.

use std::collections::{BTreeSet, HashSet};

use parlor_games::zingamino::tiles::{self, Face};
use parlor_games::AnyGame;
use parlor_protocol::zingamino::{Action, Options, TileId, View};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value;

use super::{GamePlayer, Probe};

pub const PLAYER: GamePlayer = GamePlayer {
    kind: GameKind::Zingamino,
    seats: &[2, 8, 4],
    options,
    decide: decide_any,
    garbage,
    secrets,
    mentions,
    probes,
    hidden: "every hand's tiles (only the owner sees them until the round's scoring reveals \
             every hand) and the bag (its count is public); the board, every Zinga's value, \
             hand sizes and scores are public",
};

/// Even variants dig by click (every new room); odd ones as matches were
/// played before that option, the server digging at once.
fn options(variant: u64) -> GameOptions {
    GameOptions::Zingamino(Options {
        dig_by_click: variant.is_multiple_of(2),
    })
}

fn decide_any(me: Seat, view: &AnyView) -> Option<AnyAction> {
    match view {
        AnyView::Zingamino(v) => decide(me, v).map(AnyAction::Zingamino),
        _ => None,
    }
}

/// Whether placing on `space` fills the last empty space of its circle.
pub fn closes_circle(view: &View, space: u8) -> bool {
    let c = usize::from(space / 16) * 16;
    view.board
        .get(c..c + 16)
        .is_some_and(|circle| circle.iter().filter(|s| s.is_none()).count() == 1)
}

/// How many ends in `hand` (other than `tile`) of `tile`'s colour show `v`.
fn follows(hand: &[TileId], tile: TileId, v: u8) -> usize {
    hand.iter()
        .filter(|t| **t != tile && t.0 / 16 == tile.0 / 16)
        .map(|t| match tiles::face(*t) {
            Face::Domino(a, b) => usize::from(a == v) + usize::from(b == v),
            Face::Zinga => 0,
        })
        .sum()
}

/// What `me` does now, from its own view; `None` when it is not its move.
pub fn decide(_me: Seat, view: &View) -> Option<Action> {
    let hand = view.hand.clone().unwrap_or_default();
    view.moves
        .iter()
        .max_by_key(|m| match **m {
            Action::Place {
                tile, space, value, ..
            } => (
                closes_circle(view, space),
                tiles::face(tile).value(),
                value.map_or(0, |v| follows(&hand, tile, v)),
                // Among equals, the lowest space (max_by_key keeps the last).
                u8::MAX - space,
            ),
            // Each the only move when it is offered.
            Action::Dig | Action::Pass => (false, 0, 0, 0),
        })
        .copied()
}

fn garbage(rng: &mut StdRng, _view: &AnyView) -> AnyAction {
    let action = match rng.random_range(0..6) {
        0 => Action::Pass,
        1 => Action::Place {
            tile: TileId(rng.random()),
            space: rng.random(),
            flip: rng.random(),
            value: rng.random_bool(0.3).then(|| rng.random()),
        },
        _ => Action::Place {
            tile: TileId(rng.random_range(0..70)),
            space: rng.random_range(0..70),
            flip: rng.random(),
            value: rng.random_bool(0.3).then(|| rng.random_range(0..7)),
        },
    };
    AnyAction::Zingamino(action)
}

fn view_of(game: &AnyGame, viewer: Viewer) -> View {
    match game.view(viewer) {
        AnyView::Zingamino(v) => v,
        other => panic!("not a Zingamino game: {other:?}"),
    }
}

/// Each seat's hand, from the truth.
pub fn hands(game: &AnyGame) -> Vec<Vec<TileId>> {
    (0..game.seats())
        .map(|s| {
            view_of(game, Viewer::Seat(Seat(s)))
                .hand
                .unwrap_or_default()
        })
        .collect()
}

/// Tiles on the board.
fn on_board(game: &AnyGame) -> HashSet<TileId> {
    view_of(game, Viewer::Spectator)
        .board
        .iter()
        .flatten()
        .map(|p| p.tile)
        .collect()
}

fn all_tiles() -> impl Iterator<Item = TileId> {
    (0..tiles::TILE_COUNT).map(TileId)
}

fn name(id: TileId) -> String {
    format!("tile:{}", id.0)
}

/// Every tile neither on the board nor in the viewer's own hand: other
/// hands and the bag.
fn secrets(game: &AnyGame, viewer: Viewer) -> BTreeSet<String> {
    let mut known = on_board(game);
    if let Viewer::Seat(s) = viewer {
        known.extend(hands(game)[s.index()].iter().copied());
    }
    all_tiles()
        .filter(|t| !known.contains(t))
        .map(name)
        .collect()
}

/// Live tile ids a message names (see the module docs).
fn mentions(msg: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    walk(msg, None, &mut out);
    out
}

fn tile_number(v: &Value, out: &mut BTreeSet<String>) {
    if let Some(n) = v.as_u64() {
        out.insert(format!("tile:{n}"));
    }
}

/// Keys whose contents are revealed by rule (see the module docs).
const REVEALED: [&str; 2] = ["rounds", "round_end"];

fn walk(v: &Value, key: Option<&str>, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            if map.get("reason").and_then(Value::as_str) == Some("start_player") {
                return;
            }
            // The step that ends a round: its tile was placed face up, but
            // the state after it is the next round, where that tile is back
            // in the bag (and its summary reveals every hand by rule).
            if map.get("round_end").is_some_and(|r| !r.is_null()) {
                return;
            }
            // A view patch: what it sets is named by its path.
            if let (Some(Value::String(path)), Some(value)) = (map.get("path"), map.get("value")) {
                let segments: Vec<&str> = path.split('/').collect();
                if segments.iter().any(|s| REVEALED.contains(s)) {
                    return;
                }
                let last = segments.last().copied().unwrap_or("");
                let parent = segments.len().checked_sub(2).map(|i| segments[i]);
                let indexed = last == "-" || last.parse::<usize>().is_ok();
                if indexed && parent == Some("hand") {
                    tile_number(value, out);
                } else {
                    walk(value, Some(last), out);
                }
                return;
            }
            for (k, child) in map {
                if !REVEALED.contains(&k.as_str()) {
                    walk(child, Some(k), out);
                }
            }
        }
        Value::Array(items) => {
            for item in items {
                if key == Some("hand") {
                    tile_number(item, out);
                }
                walk(item, None, out);
            }
        }
        Value::Number(_) if key == Some("tile") => tile_number(v, out),
        _ => {}
    }
}

/// Pairs of placements that differ only in the tile: one another seat
/// holds, one in the bag. Both must be refused as "not in your hand".
fn probes(game: &AnyGame, seat: Seat) -> Vec<Probe> {
    let hands = hands(game);
    let board = on_board(game);
    let held_anywhere: HashSet<TileId> = hands.iter().flatten().copied().collect();
    let free: Vec<TileId> = all_tiles()
        .filter(|t| !held_anywhere.contains(t) && !board.contains(t))
        .collect();
    let mut out = Vec::new();
    for (other, hand) in hands.iter().enumerate() {
        if other == seat.index() {
            continue;
        }
        for (i, held) in hand.iter().enumerate() {
            let Some(free) = free.get((i * 7 + other) % free.len().max(1)).copied() else {
                break;
            };
            // A space of each tile's own colour, the same position in it.
            let offset = u8::try_from(i % 16).unwrap_or(0);
            let place = |tile: TileId| {
                AnyAction::Zingamino(Action::Place {
                    tile,
                    space: (tile.0 / 16) * 16 + offset,
                    flip: false,
                    value: None,
                })
            };
            out.push(Probe {
                held: place(*held),
                held_name: held.0.to_string(),
                free: place(free),
                free_name: free.0.to_string(),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use parlor_protocol::ToAct;
    use rand::SeedableRng;
    use serde_json::json;

    #[test]
    fn mentions_find_live_tiles_but_not_revealed_ones() {
        let msg = json!({
            "type": "update",
            "steps": [
                {"game": "zingamino", "step": {"type": "tile_drawn", "seat": 0, "reason": "dig", "tile": 17}},
                {"game": "zingamino", "step": {"type": "tile_drawn", "seat": 1, "reason": "start_player", "tile": 40}},
                {"game": "zingamino", "step": {"type": "placed", "seat": 0, "space": 3,
                  "placed": {"tile": 3, "ccw": 0, "cw": 3}, "bonus": false,
                  "round_end": null}},
                {"game": "zingamino", "step": {"type": "placed", "seat": 1, "space": 4,
                  "placed": {"tile": 44, "ccw": 0, "cw": 0}, "bonus": false,
                  "round_end": {"hands": [[50], [51]]}}}
            ],
            "patch": [
                {"op": "replace", "path": "/view/hand/1", "value": 23},
                {"op": "add", "path": "/view/hand", "value": [4, 5]},
                {"op": "add", "path": "/view/board/9", "value": {"tile": 31, "ccw": 1, "cw": 2}},
                {"op": "replace", "path": "/view/moves/0/tile", "value": 8},
                {"op": "add", "path": "/view/rounds/0", "value": {"hands": [[60, 61]]}},
                {"op": "replace", "path": "/view/bag", "value": 40}
            ],
            "view": {"hand": [12, 13], "bag": 33, "rounds": [{"hands": [[62]]}],
                     "players": [{"hand_size": 2}]},
        });
        let got: Vec<String> = mentions(&msg).into_iter().collect();
        let mut want: Vec<String> = [17, 3, 23, 4, 5, 31, 8, 12, 13]
            .iter()
            .map(|n| format!("tile:{n}"))
            .collect();
        want.sort();
        assert_eq!(got, want);
    }

    #[test]
    fn a_circle_is_closed_by_its_last_space() {
        let mut game = AnyGame::new(&options(0), 2).unwrap();
        let mut rng = StdRng::seed_from_u64(1);
        while game.to_act() == ToAct::Chance {
            let step = game.sample_chance(&mut rng).unwrap();
            game.apply(&step).unwrap();
        }
        let mut view = view_of(&game, Viewer::Spectator);
        assert!(!closes_circle(&view, 5));
        for s in 16..32 {
            if s != 21 {
                view.board[s] = Some(parlor_protocol::zingamino::Placed {
                    tile: TileId(16),
                    ccw: Some(0),
                    cw: Some(0),
                });
            }
        }
        assert!(closes_circle(&view, 21));
        assert!(!closes_circle(&view, 5));
    }

    /// The player, deciding from its own view only, plays whole matches to
    /// 64 against the rules without a refusal, through every kind of play.
    #[test]
    fn the_player_plays_whole_matches_legally() {
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        for seed in 0..24u64 {
            let seats = [2, 4, 8][usize::try_from(seed % 3).unwrap()];
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = AnyGame::new(&options(seed), seats).unwrap();
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 100_000, "seed {seed}: the match never ends");
                match game.to_act() {
                    ToAct::Finished => break,
                    ToAct::Chance => {
                        let step = game.sample_chance(&mut rng).unwrap();
                        game.apply(&step).unwrap();
                    }
                    ToAct::Seats { seats: to_act } => {
                        let seat = to_act[0];
                        let view = view_of(&game, Viewer::Seat(seat));
                        let action = decide(seat, &view).unwrap_or_else(|| {
                            panic!("seed {seed}: seat {seat} to act decides nothing")
                        });
                        seen.insert(match action {
                            Action::Dig => "dig",
                            Action::Pass => "pass",
                            Action::Place { value: Some(_), .. } => "declared",
                            Action::Place { space, .. } if closes_circle(&view, space) => "bonus",
                            Action::Place { .. } => "place",
                        });
                        let any = AnyAction::Zingamino(action);
                        let step = game.action_step(seat, &any).unwrap_or_else(|e| {
                            panic!("seed {seed}: seat {seat} decided {action:?}, refused: {e}")
                        });
                        game.apply(&step).unwrap();
                    }
                }
            }
            let view = view_of(&game, Viewer::Spectator);
            assert!(view.players.iter().any(|p| p.score >= 64), "seed {seed}");
            assert!(!view.rounds.is_empty(), "seed {seed}");
        }
        for what in ["place", "bonus", "pass", "dig"] {
            assert!(seen.contains(what), "never decided: {what} (saw {seen:?})");
        }
    }
}
