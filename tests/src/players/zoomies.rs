//! Zoomies: hands are hidden (only their owner sees its tiles), the draw
//! pile is never stored as an order, and discarded tiles are never shown,
//! not even to the seat that discarded them. A tile is known to a viewer
//! when it is on the table or in the viewer's own hand; every other tile is
//! a secret.
//!
//! The player decides from its own view, like a browser: the board and the
//! printed tiles give every legal placement; the token step lists every
//! choice with why it is refused. It places where its best token would
//! score most, takes the best-scoring token (Zoomies a little favoured, for
//! its extra tile), discards the shape it has more of when nothing can be
//! placed, and at the end of a turn discards a tile that fits nowhere.

use std::collections::{BTreeSet, HashMap, HashSet};

use parlor_games::AnyGame;
use parlor_protocol::zoomies::{
    Action, Cell, Dir, Dog, Options, Phase, Side, TileId, TokenKind, View, TILES,
};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value;

use super::{GamePlayer, Probe};

pub const PLAYER: GamePlayer = GamePlayer {
    kind: GameKind::Zoomies,
    seats: &[2, 4, 3],
    options,
    decide: decide_any,
    garbage,
    secrets,
    mentions,
    probes,
    hidden: "every hand's tiles (only the owner sees them; never revealed), the draw pile \
             and the discarded tiles (never shown, not even to the discarder); the board, \
             tokens, hand sizes and the pile's size are public",
};

/// Number of tiles (ids 1..=50).
const TILE_COUNT: u8 = 50;

/// The four directions.
pub const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

/// The Zoomies ladder, by group size capped at 5.
pub const LADDER: [u32; 6] = [0, 1, 3, 6, 10, 15];

fn options(variant: u64) -> GameOptions {
    GameOptions::Zoomies(Options {
        first_player: if variant % 3 == 2 {
            Some(Seat(1))
        } else {
            None
        },
    })
}

fn decide_any(me: Seat, view: &AnyView) -> Option<AnyAction> {
    match view {
        AnyView::Zoomies(v) => decide(me, v).map(AnyAction::Zoomies),
        _ => None,
    }
}

/// The cell one step from `at` towards `dir`.
pub fn step(at: Cell, dir: Dir) -> Option<Cell> {
    let (dx, dy) = match dir {
        Dir::North => (0, -1),
        Dir::East => (1, 0),
        Dir::South => (0, 1),
        Dir::West => (-1, 0),
    };
    Some(Cell {
        x: at.x.checked_add(dx)?,
        y: at.y.checked_add(dy)?,
    })
}

/// The four neighbours of `at` that exist on the `i8` grid.
fn neighbours(at: Cell) -> impl Iterator<Item = Cell> {
    DIRS.into_iter().filter_map(move |d| step(at, d))
}

/// The printed dogs of tile `id`.
pub fn dogs(id: TileId) -> Option<(Dog, Dog)> {
    let face = TILES.get(usize::from(id.0).checked_sub(1)?)?;
    Some((face.a, face.b))
}

/// Every dog on the table by cell, built from a view's board and the
/// printed tiles (as a browser would).
#[derive(Debug, Clone, Default)]
pub struct Table {
    pub dogs: HashMap<Cell, Dog>,
}

impl Table {
    /// The table of a view.
    pub fn of(view: &View) -> Table {
        let mut dogs = HashMap::new();
        for placed in &view.board {
            let Some((a, b)) = self::dogs(placed.tile) else {
                continue;
            };
            dogs.insert(placed.at, a);
            if let Some(at_b) = step(placed.at, placed.dir) {
                dogs.insert(at_b, b);
            }
        }
        Table { dogs }
    }

    /// The dogs orthogonally connected to `at` through cells `joined`
    /// accepts (a Pack: same breed; a Zoomies group: Zoomies dogs).
    fn flood(&self, at: Cell, joined: impl Fn(&Dog) -> bool) -> Vec<Cell> {
        let mut seen = HashSet::from([at]);
        let mut out = vec![at];
        let mut i = 0;
        while let Some(&c) = out.get(i) {
            i += 1;
            for n in neighbours(c) {
                if self.dogs.get(&n).is_some_and(&joined) && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out.sort();
        out
    }

    /// The Pack of the dog on `at` (empty without a dog), sorted.
    pub fn pack(&self, at: Cell) -> Vec<Cell> {
        match self.dogs.get(&at) {
            Some(dog) => {
                let breed = dog.breed;
                self.flood(at, |d| d.breed == breed)
            }
            None => Vec::new(),
        }
    }

    /// The Zoomies group of the dog on `at` (empty unless it is a Zoomies
    /// dog), sorted.
    pub fn group(&self, at: Cell) -> Vec<Cell> {
        match self.dogs.get(&at) {
            Some(dog) if dog.zoomies => self.flood(at, |d| d.zoomies),
            _ => Vec::new(),
        }
    }

    /// Bone icons among `cells`.
    pub fn bones(&self, cells: &[Cell]) -> u32 {
        let n = cells
            .iter()
            .filter(|c| self.dogs.get(c).is_some_and(|d| d.bone))
            .count();
        u32::try_from(n).unwrap_or(u32::MAX)
    }

    /// The sides between a dog of `pack` and a dog of `breed`, as
    /// (pack dog, other dog).
    pub fn frens_sides(
        &self,
        pack: &[Cell],
        breed: parlor_protocol::zoomies::Breed,
    ) -> Vec<(Cell, Cell)> {
        let mut out = Vec::new();
        for &base in pack {
            for n in neighbours(base) {
                if self.dogs.get(&n).is_some_and(|d| d.breed == breed) {
                    out.push((base, n));
                }
            }
        }
        out
    }

    /// Every legal placement of a tile with dogs `a` and `b`: (dog A's
    /// cell, direction of dog B). Both cells empty, and a dog of the tile
    /// next to a dog of its own breed.
    pub fn placements(&self, a: Dog, b: Dog) -> Vec<(Cell, Dir)> {
        let matches = |at: Cell, dog: Dog| {
            neighbours(at).any(|n| self.dogs.get(&n).is_some_and(|d| d.breed == dog.breed))
        };
        let mut frontier: Vec<Cell> = self
            .dogs
            .keys()
            .flat_map(|c| neighbours(*c))
            .filter(|c| !self.dogs.contains_key(c))
            .collect();
        frontier.sort();
        frontier.dedup();
        let mut out = BTreeSet::new();
        for f in frontier {
            for dir in DIRS {
                // Dog A on the frontier cell, or dog B on it.
                let candidates = [Some((f, dir)), step(f, opposite(dir)).map(|at| (at, dir))];
                for (at, dir) in candidates.into_iter().flatten() {
                    let Some(at_b) = step(at, dir) else { continue };
                    if self.dogs.contains_key(&at) || self.dogs.contains_key(&at_b) {
                        continue;
                    }
                    if matches(at, a) || matches(at_b, b) {
                        out.insert((at, dir));
                    }
                }
            }
        }
        out.into_iter().collect()
    }

    /// The table with a tile laid (dogs `a` on `at`, `b` one step `dir`).
    fn with(&self, a: Dog, b: Dog, at: Cell, dir: Dir) -> Table {
        let mut t = self.clone();
        t.dogs.insert(at, a);
        if let Some(at_b) = step(at, dir) {
            t.dogs.insert(at_b, b);
        }
        t
    }

    /// What a token would score on `at` if the game ended now, unshared
    /// (Frens: towards `arrow`).
    pub fn token_value(&self, side: Side, at: Cell, arrow: Option<Dir>) -> u32 {
        match side {
            Side::Leader => u32::try_from(self.pack(at).len()).unwrap_or(0),
            Side::Bones => 2 * self.bones(&self.pack(at)),
            Side::Zoomies => LADDER[self.group(at).len().min(5)],
            Side::Frens => {
                let Some(breed) = arrow
                    .and_then(|d| step(at, d))
                    .and_then(|c| self.dogs.get(&c))
                    .map(|d| d.breed)
                else {
                    return 0;
                };
                let sides = self.frens_sides(&self.pack(at), breed).len();
                2 * u32::try_from(sides).unwrap_or(0)
            }
        }
    }
}

/// The opposite direction.
pub fn opposite(dir: Dir) -> Dir {
    match dir {
        Dir::North => Dir::South,
        Dir::East => Dir::West,
        Dir::South => Dir::North,
        Dir::West => Dir::East,
    }
}

/// The best placement of any tile in `hand`: the one where the best token
/// this seat still has would score most, then the most same-breed sides
/// touched; `None` when nothing fits.
fn best_placement(table: &Table, hand: &[TileId], round: bool, square: bool) -> Option<Action> {
    let mut best: Option<((u32, u32), Action)> = None;
    for &tile in hand {
        let Some((a, b)) = dogs(tile) else { continue };
        for (at, dir) in table.placements(a, b) {
            let Some(at_b) = step(at, dir) else { continue };
            let after = table.with(a, b, at, dir);
            let mut value = 0;
            for (cell, dog) in [(at, a), (at_b, b)] {
                if round {
                    value = value.max(after.token_value(Side::Leader, cell, None));
                    if dog.zoomies {
                        value = value.max(after.token_value(Side::Zoomies, cell, None) + 2);
                    }
                }
                if square {
                    value = value.max(after.token_value(Side::Bones, cell, None));
                }
            }
            let touching = [(at, a), (at_b, b)]
                .iter()
                .map(|(cell, dog)| {
                    neighbours(*cell)
                        .filter(|n| table.dogs.get(n).is_some_and(|d| d.breed == dog.breed))
                        .count()
                })
                .sum::<usize>();
            let score = (value, u32::try_from(touching).unwrap_or(0));
            if best.as_ref().is_none_or(|(s, _)| score > *s) {
                best = Some((score, Action::PlaceTile { tile, at, dir }));
            }
        }
    }
    best.map(|(_, a)| a)
}

/// What `me` does now, from its own view; `None` when it is not its move.
pub fn decide(me: Seat, view: &View) -> Option<Action> {
    let hand = view.hand.clone().unwrap_or_default();
    let mine = view.players.get(me.index())?;
    let (round, square) = (mine.round_left > 0, mine.square_left > 0);
    match &view.phase {
        Phase::PlaceTile { active } | Phase::ExtraTile { active } if *active == me => Some(
            best_placement(&Table::of(view), &hand, round, square).unwrap_or(Action::CannotPlace),
        ),
        Phase::Token {
            active,
            must_discard,
            choices,
            ..
        } if *active == me => {
            if *must_discard {
                let kind = if mine.round_left >= mine.square_left {
                    TokenKind::Round
                } else {
                    TokenKind::Square
                };
                return Some(Action::DiscardToken { kind });
            }
            let table = Table::of(view);
            let best = choices
                .iter()
                .filter(|c| c.refused.is_none())
                .max_by_key(|c| {
                    let bonus = u32::from(c.side == Side::Zoomies && hand.len() > 1);
                    table.token_value(c.side, c.at, c.arrow) * 2 + bonus
                })?;
            Some(Action::PlaceToken {
                side: best.side,
                at: best.at,
                arrow: best.arrow,
            })
        }
        Phase::EndTurn { active } if *active == me => {
            // Throw away a tile that fits nowhere, if a new one can come.
            let table = Table::of(view);
            let stuck = hand
                .iter()
                .filter_map(|t| dogs(*t))
                .all(|(a, b)| table.placements(a, b).is_empty());
            Some(Action::EndTurn {
                discard: stuck && view.pile > 0,
            })
        }
        _ => None,
    }
}

fn random_cell(rng: &mut StdRng) -> Cell {
    if rng.random_bool(0.7) {
        Cell {
            x: rng.random_range(-6..12),
            y: rng.random_range(-6..6),
        }
    } else {
        Cell {
            x: rng.random(),
            y: rng.random(),
        }
    }
}

fn random_dir(rng: &mut StdRng) -> Dir {
    DIRS[rng.random_range(0..4)]
}

fn random_side(rng: &mut StdRng) -> Side {
    [Side::Leader, Side::Zoomies, Side::Bones, Side::Frens][rng.random_range(0..4)]
}

fn garbage(rng: &mut StdRng, view: &AnyView) -> AnyAction {
    // Cells of the table, when the view is one of ours.
    let board: Vec<Cell> = match view {
        AnyView::Zoomies(v) => Table::of(v).dogs.keys().copied().collect(),
        _ => Vec::new(),
    };
    let near = |rng: &mut StdRng| match board.get(rng.random_range(0..board.len().max(1))) {
        Some(c) => step(*c, random_dir(rng)).unwrap_or(*c),
        None => random_cell(rng),
    };
    let action = match rng.random_range(0..8) {
        0 => Action::PlaceTile {
            tile: TileId(rng.random()),
            at: random_cell(rng),
            dir: random_dir(rng),
        },
        1 => Action::PlaceTile {
            tile: TileId(rng.random_range(0..=TILE_COUNT + 2)),
            at: near(rng),
            dir: random_dir(rng),
        },
        2 => Action::CannotPlace,
        3 => Action::PlaceToken {
            side: random_side(rng),
            at: near(rng),
            arrow: rng.random_bool(0.5).then(|| random_dir(rng)),
        },
        4 => Action::PlaceToken {
            side: random_side(rng),
            at: random_cell(rng),
            arrow: None,
        },
        5 => Action::DiscardToken {
            kind: if rng.random() {
                TokenKind::Round
            } else {
                TokenKind::Square
            },
        },
        _ => Action::EndTurn {
            discard: rng.random(),
        },
    };
    AnyAction::Zoomies(action)
}

fn view_of(game: &AnyGame, viewer: Viewer) -> View {
    match game.view(viewer) {
        AnyView::Zoomies(v) => v,
        other => panic!("not a Zoomies game: {other:?}"),
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

/// Tiles on the table.
fn on_table(game: &AnyGame) -> HashSet<TileId> {
    view_of(game, Viewer::Spectator)
        .board
        .iter()
        .map(|p| p.tile)
        .collect()
}

fn all_tiles() -> impl Iterator<Item = TileId> {
    (1..=TILE_COUNT).map(TileId)
}

fn name(id: TileId) -> String {
    format!("tile:{}", id.0)
}

/// Every tile neither on the table nor in the viewer's own hand: other
/// hands, the pile and the discards.
fn secrets(game: &AnyGame, viewer: Viewer) -> BTreeSet<String> {
    let mut known = on_table(game);
    if let Viewer::Seat(s) = viewer {
        known.extend(hands(game)[s.index()].iter().copied());
    }
    all_tiles()
        .filter(|t| !known.contains(t))
        .map(name)
        .collect()
}

/// Tile ids a message names: a number under a `tile` key (a placed tile,
/// a tile dealt or drawn, the tile of the token step, an action), the
/// numbers of a `hand`, patches that set either, and `Z07`-style names in
/// error messages.
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

fn walk(v: &Value, key: Option<&str>, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            // A view patch: what it sets is named by the last step of its path.
            if let (Some(Value::String(path)), Some(value)) = (map.get("path"), map.get("value")) {
                let segments: Vec<&str> = path.split('/').collect();
                let last = segments.last().copied().unwrap_or("");
                let parent = segments.len().checked_sub(2).map(|i| segments[i]);
                let indexed = last == "-" || last.parse::<usize>().is_ok();
                if indexed && parent == Some("hand") {
                    tile_number(value, out);
                } else {
                    walk(value, Some(last), out);
                }
            }
            if let Some(Value::String(message)) = map.get("message") {
                let chars: Vec<char> = message.chars().collect();
                for w in chars.windows(3) {
                    if w[0] == 'Z' && w[1].is_ascii_digit() && w[2].is_ascii_digit() {
                        let n =
                            w[1].to_digit(10).unwrap_or(0) * 10 + w[2].to_digit(10).unwrap_or(0);
                        out.insert(format!("tile:{n}"));
                    }
                }
            }
            for (k, child) in map {
                walk(child, Some(k), out);
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
/// holds, one nobody holds (in the pile or discarded).
fn probes(game: &AnyGame, seat: Seat) -> Vec<Probe> {
    let hands = hands(game);
    let table = on_table(game);
    let held_anywhere: HashSet<TileId> = hands.iter().flatten().copied().collect();
    let free: Vec<TileId> = all_tiles()
        .filter(|t| !held_anywhere.contains(t) && !table.contains(t))
        .collect();
    let cells: Vec<Cell> = {
        let t = Table::of(&view_of(game, Viewer::Spectator));
        let mut c: Vec<Cell> = t
            .dogs
            .keys()
            .flat_map(|c| neighbours(*c))
            .filter(|c| !t.dogs.contains_key(c))
            .collect();
        c.sort();
        c.dedup();
        c
    };
    let mut out = Vec::new();
    for (other, hand) in hands.iter().enumerate() {
        if other == seat.index() {
            continue;
        }
        for (i, held) in hand.iter().enumerate() {
            let Some(free) = free.get((i * 7 + other) % free.len().max(1)).copied() else {
                break;
            };
            let at = cells
                .get((i * 3 + other) % cells.len().max(1))
                .copied()
                .unwrap_or(Cell { x: 0, y: -1 });
            let dir = DIRS[(i + other) % 4];
            let place = |tile: TileId| AnyAction::Zoomies(Action::PlaceTile { tile, at, dir });
            out.push(Probe {
                held: place(*held),
                held_name: format!("{:02}", held.0),
                free: place(free),
                free_name: format!("{:02}", free.0),
            });
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    #[test]
    fn mentions_find_tiles_in_views_steps_patches_and_messages() {
        let msg = json!({
            "type": "update",
            "steps": [{"game": "zoomies", "step": {"type": "tile_to", "seat": 0, "tile": 17}}],
            "patch": [
                {"op": "replace", "path": "/view/hand/1", "value": 23},
                {"op": "add", "path": "/view/hand", "value": [4, 5]},
                {"op": "add", "path": "/view/board/9", "value": {"tile": 31, "at": {"x": 1, "y": 2}}},
                {"op": "replace", "path": "/view/phase/tile", "value": 8},
                {"op": "replace", "path": "/view/pile", "value": 40}
            ],
            "view": {"hand": [12, 13], "pile": 33, "players": [{"hand_size": 2}]},
        });
        let got: Vec<String> = mentions(&msg).into_iter().collect();
        let mut want: Vec<String> = [17, 23, 4, 5, 31, 8, 12, 13]
            .iter()
            .map(|n| format!("tile:{n}"))
            .collect();
        want.sort();
        assert_eq!(got, want);
        let error =
            json!({"type": "error", "code": "illegal", "message": "you don't hold tile Z07"});
        assert_eq!(
            mentions(&error).into_iter().collect::<Vec<_>>(),
            vec!["tile:7"]
        );
        assert!(mentions(&json!({"code": "ZZ23AB", "message": null})).is_empty());
    }

    /// The player, deciding from its own view only, plays whole matches
    /// against the rules (chance drawn from seeded RNGs) without a single
    /// refusal, through every kind of decision the game has.
    #[test]
    fn the_player_plays_whole_matches_legally() {
        use rand::SeedableRng;
        const KINDS: [&str; 10] = [
            "tile",
            "leader",
            "zoomies",
            "bones",
            "frens",
            "extra tile",
            "turn ended",
            "tile discarded",
            "cannot place",
            "token discarded",
        ];
        let mut seen: BTreeSet<&str> = BTreeSet::new();
        let mut played = 0;
        // At least 30 matches; more until every kind of decision came up
        // (a turn's hand that fits nowhere is rare: the player throws away
        // tiles that fit nowhere at the end of its turns).
        for seed in 0..400u64 {
            if played >= 30 && KINDS.iter().all(|k| seen.contains(k)) {
                break;
            }
            played += 1;
            let seats = [2, 3, 4][usize::try_from(seed % 3).unwrap()];
            let mut rng = StdRng::seed_from_u64(seed);
            let mut game = AnyGame::new(&options(seed), seats).unwrap();
            let mut steps = 0;
            loop {
                steps += 1;
                assert!(steps < 10_000, "seed {seed}: the match never ends");
                match game.to_act() {
                    parlor_protocol::ToAct::Finished => break,
                    parlor_protocol::ToAct::Chance => {
                        let step = game.sample_chance(&mut rng).unwrap();
                        game.apply(&step).unwrap();
                    }
                    parlor_protocol::ToAct::Seats { seats: to_act } => {
                        let seat = to_act[0];
                        let view = view_of(&game, Viewer::Seat(seat));
                        let action = decide(seat, &view).unwrap_or_else(|| {
                            panic!("seed {seed}: seat {seat} to act decides nothing: {view:?}")
                        });
                        seen.insert(match (&view.phase, &action) {
                            (Phase::ExtraTile { .. }, Action::PlaceTile { .. }) => "extra tile",
                            (Phase::ExtraTile { .. }, _) => "extra tile kept",
                            (_, Action::PlaceTile { .. }) => "tile",
                            (_, Action::CannotPlace) => "cannot place",
                            (_, Action::PlaceToken { side, .. }) => match side {
                                Side::Leader => "leader",
                                Side::Zoomies => "zoomies",
                                Side::Bones => "bones",
                                Side::Frens => "frens",
                            },
                            (_, Action::DiscardToken { .. }) => "token discarded",
                            (_, Action::EndTurn { discard: true }) => "tile discarded",
                            (_, Action::EndTurn { discard: false }) => "turn ended",
                        });
                        let any = AnyAction::Zoomies(action.clone());
                        let step = game.action_step(seat, &any).unwrap_or_else(|e| {
                            panic!("seed {seed}: seat {seat} decided {action:?}, refused: {e}")
                        });
                        game.apply(&step).unwrap();
                    }
                }
            }
            let result = game.result().unwrap();
            let parlor_protocol::AnyScorecard::Zoomies(card) = result.scorecard else {
                panic!("not a Zoomies scorecard")
            };
            for line in &card.players {
                assert_eq!(line.tokens.len() + usize::from(line.discarded), 8);
            }
        }
        for what in KINDS {
            assert!(
                seen.contains(what),
                "never decided in {played} matches: {what} (saw {seen:?})"
            );
        }
    }

    #[test]
    fn placements_need_a_same_breed_neighbour() {
        // Z01 (CHI bone | CHI) on (0,0)-(1,0).
        let view_board = [parlor_protocol::zoomies::PlacedTile {
            tile: TileId(1),
            at: Cell { x: 0, y: 0 },
            dir: Dir::East,
            by: None,
        }];
        let mut table = Table::default();
        for p in view_board {
            let (a, b) = dogs(p.tile).unwrap();
            table.dogs.insert(p.at, a);
            table.dogs.insert(step(p.at, p.dir).unwrap(), b);
        }
        // Z03 (POO | POO) touches but never matches.
        let (a, b) = dogs(TileId(3)).unwrap();
        assert!(table.placements(a, b).is_empty());
        // Z12 (CHI bone | POO): the CHI end next to a CHI.
        let (a, b) = dogs(TileId(12)).unwrap();
        let all = table.placements(a, b);
        assert!(all.contains(&(Cell { x: 2, y: 0 }, Dir::East)));
        assert!(all.contains(&(Cell { x: 0, y: 1 }, Dir::South)));
        assert!(
            !all.contains(&(Cell { x: 3, y: 0 }, Dir::West)),
            "POO next to CHI"
        );
        for (at, dir) in &all {
            let b_at = step(*at, *dir).unwrap();
            assert!(!table.dogs.contains_key(at) && !table.dogs.contains_key(&b_at));
        }
        assert_eq!(
            table.token_value(Side::Leader, Cell { x: 0, y: 0 }, None),
            2
        );
        assert_eq!(table.token_value(Side::Bones, Cell { x: 1, y: 0 }, None), 2);
    }
}
