//! The Zoomies bot. It rebuilds the table from the seat's view (the tiles
//! and tokens on it are public) and scores it with the game's scoring
//! rules; the only tiles it knows off the table are those in its own hand.
//!
//! Normal: each decision is one ply of lookahead with the real scoring.
//! Placing the turn's tile, every legal placement is tried with the best
//! token the bot could then put on it (its own token supply, the Pack,
//! group and Frens restrictions checked on the new table); placing a token,
//! every legal token; placing the Zoomies extra tile, every placement. The
//! value of a table is the bot's projected total minus the best other
//! seat's (splits included, so joining an opponent's Pack to share its
//! Leader counts). The tile left in hand is kept. Easy: looks at its own
//! total only and is now and then careless.
//!
//! The hard bot plays its playouts with this bot, so a decision must be
//! cheap. The table's Packs and groups are labelled, and counted, once per
//! decision ([`Table`]); a placement is then tried without copying the
//! table: [`Laid`] records which Packs and groups the tile's two dogs join,
//! and [`Scene`] reads the table as if the tile were on it, scoring each
//! token from the counts of the Packs and groups it joins plus what the
//! new dogs add. The scores are exactly those of [`super::scoring`] on the
//! table with the tile laid (`fast_tests.rs` checks them against it).

use parlor_protocol::zoomies::{
    Action, Breed, Cell, Dir, Dog, Phase, Side, TileId, TokenKind, View,
};
use parlor_protocol::Seat;
use rand::Rng;

use super::board::{Board, Placed, NONE};
use super::state::Token;
use super::tiles::{dogs, step, BREEDS, DIRS, LADDER};
use super::Zoomies;
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// Breeds there are: per-breed counts are indexed by `Breed as usize`.
const BREED_COUNT: usize = BREEDS.len();

/// A Pack or Zoomies group on a [`Scene`]: a label of the base table (below
/// its count of Packs or groups), or a fresh one past them for the
/// component of the tile being tried.
type Label = u16;

/// Not in any Zoomies group.
const NO_LABEL: Label = Label::MAX;

/// The public table, rebuilt from a view, with its Packs and groups
/// labelled and counted once for every candidate of a decision.
struct Table {
    board: Board,
    tokens: Vec<Token>,
    seats: usize,
    /// Pack label per square.
    packs: Vec<u8>,
    /// Zoomies group label per square ([`NONE`] off any group).
    groups: Vec<u8>,
    /// Per Pack: its dogs.
    pack_dogs: Vec<u32>,
    /// Per Pack: its Bone icons.
    pack_bones: Vec<u32>,
    /// Per Pack, per breed: the sides between a dog of the Pack and a dog of
    /// that breed (what a Frens token with that breed counts).
    pack_sides: Vec<[u32; BREED_COUNT]>,
    /// Per Zoomies group: its dogs.
    group_dogs: Vec<u32>,
}

/// Number of labels in `labels` (the highest one but [`NONE`], plus one).
fn label_count(labels: &[u8]) -> usize {
    labels
        .iter()
        .filter(|l| **l != NONE)
        .map(|l| usize::from(*l) + 1)
        .max()
        .unwrap_or(0)
}

/// Adds one to `counts[at]`, if there is such a count.
fn bump(counts: &mut [u32], at: impl TryInto<usize>) {
    if let Some(n) = at.try_into().ok().and_then(|i| counts.get_mut(i)) {
        *n += 1;
    }
}

impl Table {
    fn from_view(view: &View) -> Table {
        let mut board = Board::default();
        for p in &view.board {
            if let Some((a, b)) = dogs(p.tile) {
                let placed = Placed {
                    tile: p.tile,
                    at: p.at,
                    dir: p.dir,
                    by: p.by,
                };
                board.place(placed, a, b);
            }
        }
        let tokens = view
            .tokens
            .iter()
            .filter_map(|t| {
                let square = board.square_at(t.at)?;
                let frens = t
                    .arrow
                    .and_then(|d| step(t.at, d))
                    .and_then(|c| board.dog_at(c))
                    .map(|d| d.breed);
                Some(Token {
                    seat: t.seat,
                    side: t.side,
                    square,
                    arrow: t.arrow,
                    frens,
                })
            })
            .collect();
        let packs = board.packs();
        let groups = board.groups();
        let mut pack_dogs = vec![0; label_count(&packs)];
        let mut pack_bones = vec![0; pack_dogs.len()];
        let mut pack_sides = vec![[0; BREED_COUNT]; pack_dogs.len()];
        let mut group_dogs = vec![0; label_count(&groups)];
        for ((sq, &pack), &group) in board.squares.iter().zip(&packs).zip(&groups) {
            let pack = usize::from(pack);
            bump(&mut pack_dogs, pack);
            if sq.dog.bone {
                bump(&mut pack_bones, pack);
            }
            if let Some(sides) = pack_sides.get_mut(pack) {
                for d in DIRS {
                    if let Some(dog) = step(sq.at, d).and_then(|c| board.dog_at(c)) {
                        bump(sides, dog.breed as usize);
                    }
                }
            }
            if group != NONE {
                bump(&mut group_dogs, group);
            }
        }
        Table {
            board,
            tokens,
            seats: view.players.len(),
            packs,
            groups,
            pack_dogs,
            pack_bones,
            pack_sides,
            group_dogs,
        }
    }

    /// `tile` laid on `at` towards `dir`, in thought; `None` when there is
    /// no such tile or cell (the table is then taken as it is, as laying
    /// it would leave it).
    fn lay(&self, tile: TileId, at: Cell, dir: Dir) -> Option<Laid> {
        let (a, b) = dogs(tile)?;
        let cells = [at, step(at, dir)?];
        let dogs = [a, b];
        // Fresh labels past the base ones (a table has far fewer than
        // `NO_LABEL` of them); the tile's two dogs share one when they join
        // (same breed for a Pack, both Zoomies for a group).
        let fresh = |count: usize, k: usize| Label::try_from(count + k).unwrap_or(NO_LABEL - 1);
        let pack_base = self.pack_dogs.len();
        let group_base = self.group_dogs.len();
        let pack = [
            fresh(pack_base, 0),
            fresh(pack_base, usize::from(a.breed != b.breed)),
        ];
        let group = [
            if a.zoomies {
                fresh(group_base, 0)
            } else {
                NO_LABEL
            },
            match (a.zoomies, b.zoomies) {
                (_, false) => NO_LABEL,
                (true, true) => fresh(group_base, 0),
                (false, true) => fresh(group_base, 1),
            },
        ];
        let mut packs_joined = Joined::default();
        let mut packs_near = Joined::default();
        let mut groups_joined = Joined::default();
        for k in 0..2 {
            let (Some(&cell), Some(&dog), Some(&p), Some(&g)) =
                (cells.get(k), dogs.get(k), pack.get(k), group.get(k))
            else {
                continue;
            };
            for d in DIRS {
                let Some(c) = step(cell, d) else { continue };
                // The other dog of the tile is laid over whatever the base
                // table holds there.
                if cells.contains(&c) {
                    continue;
                }
                let Some(sq) = self.board.square_at(c) else {
                    continue;
                };
                let Some(there) = self.board.dog(sq) else {
                    continue;
                };
                if let Some(&base) = self.packs.get(sq) {
                    packs_near.add(base, NO_LABEL);
                    if there.breed == dog.breed {
                        packs_joined.add(base, p);
                    }
                }
                if dog.zoomies && there.zoomies {
                    if let Some(&base) = self.groups.get(sq) {
                        groups_joined.add(base, g);
                    }
                }
            }
        }
        let mut laid = Laid {
            cells,
            dogs,
            pack,
            group,
            packs_joined,
            packs_near,
            groups_joined,
            fresh: None,
        };
        let scene = Scene {
            table: self,
            laid: Some(&laid),
        };
        let n = self.board.squares.len();
        let count = |k: usize| {
            let (pack, group) = (scene.pack(n + k), scene.group(n + k));
            Fresh {
                pack,
                dogs: scene.pack_dogs(pack),
                bones: scene.pack_bones(pack),
                sides: scene.all_sides(pack),
                group,
                group_dogs: scene.group_dogs(group),
            }
        };
        let a = count(0);
        // Dogs of a breed share their Pack (and then, Zoomies or not, a
        // group or none).
        let b = if laid.pack[0] == laid.pack[1] && laid.group[0] == laid.group[1] {
            a
        } else {
            count(1)
        };
        laid.fresh = Some([a, b]);
        Some(laid)
    }
}

/// A tile laid on the [`Table`] in thought only: its dogs, their Packs and
/// groups, and the base Packs and groups they join.
struct Laid {
    /// Dog A's and dog B's cells.
    cells: [Cell; 2],
    /// Dogs A and B.
    dogs: [Dog; 2],
    /// Each new dog's Pack (fresh labels).
    pack: [Label; 2],
    /// Each new dog's Zoomies group (fresh labels; [`NO_LABEL`] for a dog
    /// without the Zoomies).
    group: [Label; 2],
    /// Base Packs joined into the new dogs' Packs.
    packs_joined: Joined,
    /// Base Packs next to a new dog (joined or not).
    packs_near: Joined,
    /// Base groups joined into the new dogs' groups.
    groups_joined: Joined,
    /// What the new dogs' Packs and groups hold, counted once for every
    /// token tried on them (`None` while being counted).
    fresh: Option<[Fresh; 2]>,
}

/// What the Pack and group of a new dog hold.
#[derive(Debug, Clone, Copy)]
struct Fresh {
    pack: Label,
    dogs: u32,
    bones: u32,
    /// Per breed: sides between a dog of the Pack and a dog of the breed.
    sides: [u32; BREED_COUNT],
    group: Label,
    group_dogs: u32,
}

/// Base labels joined into fresh ones, as (base, fresh), or a set of base
/// labels (fresh: [`NO_LABEL`]). A tile's dogs have six free sides between
/// them, so six entries are enough; a fixed array spares an allocation per
/// placement tried.
#[derive(Default)]
struct Joined {
    len: usize,
    of: [(u8, Label); 6],
}

impl Joined {
    fn entries(&self) -> &[(u8, Label)] {
        self.of.get(..self.len).unwrap_or(&[])
    }

    fn add(&mut self, base: u8, fresh: Label) {
        if self.has(base) {
            return;
        }
        if let Some(slot) = self.of.get_mut(self.len) {
            *slot = (base, fresh);
            self.len += 1;
        }
    }

    /// Is base label `base` here?
    fn has(&self, base: u8) -> bool {
        self.entries().iter().any(|(b, _)| *b == base)
    }

    /// Where base label `base` went.
    fn get(&self, base: u8) -> Label {
        self.entries()
            .iter()
            .find(|(b, _)| *b == base)
            .map_or(Label::from(base), |(_, fresh)| *fresh)
    }

    /// The base labels joined into `fresh`.
    fn bases_of(&self, fresh: Label) -> impl Iterator<Item = usize> + '_ {
        self.entries()
            .iter()
            .filter(move |(_, f)| *f == fresh)
            .map(|(b, _)| usize::from(*b))
    }
}

/// What tokens sharing points have in common (as in
/// [`super::scoring`]): the side, the Pack (or group for Zoomies) and the
/// Frens breed.
type Key = (Side, Label, Option<Breed>);

/// The table as evaluated: the base [`Table`], with a tile [`Laid`] on it or
/// not. The laid tile's dogs are squares `n` and `n + 1` (`n` squares on
/// the base table), as placing it would number them.
#[derive(Clone, Copy)]
struct Scene<'a> {
    table: &'a Table,
    laid: Option<&'a Laid>,
}

impl Scene<'_> {
    /// The square on `at`, if any.
    fn square_at(&self, at: Cell) -> Option<usize> {
        let n = self.table.board.squares.len();
        if let Some(laid) = self.laid {
            if let Some(k) = laid.cells.iter().position(|c| *c == at) {
                return Some(n + k);
            }
        }
        self.table.board.square_at(at)
    }

    /// The laid dog `k` for square `square`, when it is one.
    fn new_dog(&self, square: usize) -> Option<usize> {
        let k = square.checked_sub(self.table.board.squares.len())?;
        (self.laid.is_some() && k < 2).then_some(k)
    }

    /// The dog of square `square`, if it exists.
    fn dog(&self, square: usize) -> Option<Dog> {
        match (self.new_dog(square), self.laid) {
            (Some(k), Some(laid)) => laid.dogs.get(k).copied(),
            _ => self.table.board.dog(square),
        }
    }

    /// The dog on `at`, if any.
    fn dog_at(&self, at: Cell) -> Option<Dog> {
        self.square_at(at).and_then(|s| self.dog(s))
    }

    /// The Pack of square `square`.
    fn pack(&self, square: usize) -> Label {
        match (self.new_dog(square), self.laid) {
            (Some(k), Some(laid)) => laid.pack.get(k).copied().unwrap_or(NO_LABEL),
            _ => match (self.table.packs.get(square), self.laid) {
                (None, _) => NO_LABEL,
                (Some(&base), None) => Label::from(base),
                (Some(&base), Some(laid)) => laid.packs_joined.get(base),
            },
        }
    }

    /// The Zoomies group of square `square` ([`NO_LABEL`] for none).
    fn group(&self, square: usize) -> Label {
        match (self.new_dog(square), self.laid) {
            (Some(k), Some(laid)) => laid.group.get(k).copied().unwrap_or(NO_LABEL),
            _ => match (self.table.groups.get(square), self.laid) {
                (None | Some(&NONE), _) => NO_LABEL,
                (Some(&base), None) => Label::from(base),
                (Some(&base), Some(laid)) => laid.groups_joined.get(base),
            },
        }
    }

    /// A count of Pack or group `label`: the base table's count for a base
    /// label; for a fresh one, the counts of the base labels joined into it
    /// plus `per_dog` of each new dog in it.
    fn count(
        &self,
        label: Label,
        base: &[u32],
        joined: impl Fn(&Laid) -> &Joined,
        labels: impl Fn(&Laid) -> [Label; 2],
        per_dog: impl Fn(Dog) -> u32,
    ) -> u32 {
        if let Some(n) = base.get(usize::from(label)) {
            return *n;
        }
        let Some(laid) = self.laid else { return 0 };
        let from_base: u32 = joined(laid)
            .bases_of(label)
            .filter_map(|b| base.get(b))
            .sum();
        let from_new: u32 = labels(laid)
            .iter()
            .zip(laid.dogs)
            .filter(|(l, _)| **l == label)
            .map(|(_, dog)| per_dog(dog))
            .sum();
        from_base + from_new
    }

    /// The counts of fresh Pack `pack`, once counted.
    fn fresh_pack(&self, pack: Label) -> Option<&Fresh> {
        self.laid?.fresh.as_ref()?.iter().find(|f| f.pack == pack)
    }

    /// The counts of fresh group `group`, once counted.
    fn fresh_group(&self, group: Label) -> Option<&Fresh> {
        self.laid?.fresh.as_ref()?.iter().find(|f| f.group == group)
    }

    /// The dogs of Pack `pack`.
    fn pack_dogs(&self, pack: Label) -> u32 {
        if let Some(f) = self.fresh_pack(pack) {
            return f.dogs;
        }
        self.count(
            pack,
            &self.table.pack_dogs,
            |l| &l.packs_joined,
            |l| l.pack,
            |_| 1,
        )
    }

    /// The Bone icons of Pack `pack`.
    fn pack_bones(&self, pack: Label) -> u32 {
        if let Some(f) = self.fresh_pack(pack) {
            return f.bones;
        }
        self.count(
            pack,
            &self.table.pack_bones,
            |l| &l.packs_joined,
            |l| l.pack,
            |d| u32::from(d.bone),
        )
    }

    /// The dogs of Zoomies group `group`.
    fn group_dogs(&self, group: Label) -> u32 {
        if let Some(f) = self.fresh_group(group) {
            return f.group_dogs;
        }
        self.count(
            group,
            &self.table.group_dogs,
            |l| &l.groups_joined,
            |l| l.group,
            |d| u32::from(d.zoomies),
        )
    }

    /// The sides between a dog of Pack `pack` and a dog of `frens`: the base
    /// table's (of the Pack, or of the base Packs joined into it) plus those
    /// the laid dogs make, from a new dog of the Pack or to a new dog of
    /// that breed.
    fn pack_sides(&self, pack: Label, frens: Breed) -> u32 {
        let f = frens as usize;
        if let Some(fresh) = self.fresh_pack(pack) {
            return fresh.sides.get(f).copied().unwrap_or(0);
        }
        self.all_sides(pack).get(f).copied().unwrap_or(0)
    }

    /// [`Scene::pack_sides`] for every breed, counted afresh.
    fn all_sides(&self, pack: Label) -> [u32; BREED_COUNT] {
        let sides = &self.table.pack_sides;
        let base = usize::from(pack);
        let mut n = match (sides.get(base), self.laid) {
            (Some(s), _) => *s,
            (None, None) => [0; BREED_COUNT],
            (None, Some(laid)) => {
                let mut n = [0; BREED_COUNT];
                for s in laid
                    .packs_joined
                    .bases_of(pack)
                    .filter_map(|b| sides.get(b))
                {
                    for (x, y) in n.iter_mut().zip(s) {
                        *x += y;
                    }
                }
                n
            }
        };
        let Some(laid) = self.laid else { return n };
        let base_squares = self.table.board.squares.len();
        for ((&cell, dog), &p) in laid.cells.iter().zip(laid.dogs).zip(&laid.pack) {
            for d in DIRS {
                let Some(there) = step(cell, d).and_then(|c| self.square_at(c)) else {
                    continue;
                };
                // From a new dog of the Pack to any dog.
                if p == pack {
                    if let Some(x) = self.dog(there) {
                        bump(&mut n, x.breed as usize);
                    }
                }
                // From a base dog of the Pack to a new dog.
                if there < base_squares && self.pack(there) == pack {
                    bump(&mut n, dog.breed as usize);
                }
            }
        }
        n
    }

    /// A token's share key and its points before the split.
    fn scored(&self, token: &Token) -> (Key, u32) {
        let label = match token.side {
            Side::Zoomies => self.group(token.square),
            Side::Leader | Side::Bones | Side::Frens => self.pack(token.square),
        };
        let raw = match token.side {
            Side::Leader => self.pack_dogs(label),
            Side::Bones => 2 * self.pack_bones(label),
            Side::Frens => token.frens.map_or(0, |f| 2 * self.pack_sides(label, f)),
            Side::Zoomies => {
                let n = self.group_dogs(label).min(5);
                LADDER
                    .get(usize::try_from(n).unwrap_or(5))
                    .copied()
                    .unwrap_or(0)
            }
        };
        ((token.side, label, token.frens), raw)
    }

    /// The token `seat` would place on `at`, if the rules allow it now
    /// (the checks of RULINGS §1(c), on this table).
    fn token(&self, seat: Seat, side: Side, at: Cell, arrow: Option<Dir>) -> Option<Token> {
        let square = self.square_at(at)?;
        self.token_with(&self.claims(square), seat, side, square, at, arrow)
    }

    /// What the tokens on the table claim of square `square`'s Pack and
    /// group: one pass over them, for every token tried on the square.
    fn claims(&self, square: usize) -> Claims {
        let pack = self.pack(square);
        let group = self.group(square);
        let mut claims = Claims::default();
        for t in &self.table.tokens {
            match t.side {
                Side::Zoomies => claims.zoomies |= self.group(t.square) == group,
                Side::Leader | Side::Bones | Side::Frens if self.pack(t.square) == pack => {
                    match (t.side, t.frens) {
                        (Side::Leader, _) => claims.leader = true,
                        (Side::Bones, _) => claims.bones = true,
                        (Side::Frens, Some(b)) => claims.frens |= 1 << (b as u8),
                        _ => {}
                    }
                }
                Side::Leader | Side::Bones | Side::Frens => {}
            }
        }
        claims
    }

    /// [`Scene::token`] on square `square` (on `at`), with its `claims`.
    fn token_with(
        &self,
        claims: &Claims,
        seat: Seat,
        side: Side,
        square: usize,
        at: Cell,
        arrow: Option<Dir>,
    ) -> Option<Token> {
        let dog = self.dog(square)?;
        let frens = match side {
            Side::Leader if claims.leader => return None,
            Side::Bones if claims.bones => return None,
            Side::Zoomies => {
                if !dog.zoomies || claims.zoomies {
                    return None;
                }
                None
            }
            Side::Frens => {
                let target = self.dog_at(step(at, arrow?)?)?;
                if target.breed == dog.breed || claims.frens & 1 << (target.breed as u8) != 0 {
                    return None;
                }
                Some(target.breed)
            }
            Side::Leader | Side::Bones => None,
        };
        Some(Token {
            seat,
            side,
            square,
            arrow,
            frens,
        })
    }

    /// The best value `seat` can reach by putting one of its tokens on the
    /// dogs at `cells` (the tile just placed); the table's own value when no
    /// token fits.
    fn best_token(
        &self,
        tally: &Tally,
        seat: Seat,
        cells: [Cell; 2],
        round: bool,
        square: bool,
        level: Level,
    ) -> f64 {
        let mut best = None::<f64>;
        for at in cells {
            let Some(on) = self.square_at(at) else {
                continue;
            };
            let claims = self.claims(on);
            for (side, arrow) in TOKEN_SIDES {
                let shape_left = match side {
                    Side::Leader | Side::Zoomies => round,
                    Side::Bones | Side::Frens => square,
                };
                if !shape_left {
                    continue;
                }
                if let Some(token) = self.token_with(&claims, seat, side, on, at, arrow) {
                    let v = tally.value(seat, level, Some(self.scored(&token)));
                    best = Some(best.map_or(v, |b| b.max(v)));
                }
            }
        }
        best.unwrap_or_else(|| tally.value(seat, level, None))
    }
}

/// What the tokens on the table claim of a dog's Pack and group (RULINGS
/// §1(c): one Leader and one Bones per Pack, one Zoomies per group, one
/// Frens per Pack and breed).
#[derive(Debug, Default)]
struct Claims {
    leader: bool,
    bones: bool,
    zoomies: bool,
    /// Bit `Breed as u8`: a Frens token of the Pack points at that breed.
    frens: u8,
}

/// Every token a dog may get, round ones first.
const TOKEN_SIDES: [(Side, Option<Dir>); 7] = [
    (Side::Leader, None),
    (Side::Zoomies, None),
    (Side::Bones, None),
    (Side::Frens, Some(Dir::North)),
    (Side::Frens, Some(Dir::East)),
    (Side::Frens, Some(Dir::South)),
    (Side::Frens, Some(Dir::West)),
];

/// Projected totals on a [`Scene`], kept with each token's key, raw
/// points and share, so that one more token is scored in a pass over the
/// tokens, and a tile laid rescores only the tokens it may change.
#[derive(Clone)]
struct Tally {
    /// Per token of the table, in order.
    entries: Vec<Entry>,
    /// Per seat: the projected total.
    totals: Vec<i64>,
}

/// A token as a [`Tally`] counts it.
#[derive(Clone, Copy)]
struct Entry {
    key: Key,
    /// Points before the split.
    raw: u32,
    /// Its owner's seat index.
    seat: usize,
    /// Points after the split.
    points: u32,
}

/// How many tokens split points, as [`super::scoring`] counts them.
fn shared(n: usize) -> u32 {
    u32::from(u8::try_from(n).unwrap_or(u8::MAX).max(1))
}

impl Tally {
    /// Every token of `scene` scored afresh.
    fn new(scene: &Scene<'_>) -> Tally {
        let mut entries: Vec<Entry> = scene
            .table
            .tokens
            .iter()
            .map(|t| {
                let (key, raw) = scene.scored(t);
                Entry {
                    key,
                    raw,
                    seat: t.seat.index(),
                    points: 0,
                }
            })
            .collect();
        let mut totals = vec![0i64; scene.table.seats];
        for i in 0..entries.len() {
            let Some(&e) = entries.get(i) else { continue };
            let k = entries.iter().filter(|o| o.key == e.key).count();
            let points = e.raw / shared(k);
            if let Some(x) = totals.get_mut(e.seat) {
                *x += i64::from(points);
            }
            if let Some(slot) = entries.get_mut(i) {
                slot.points = points;
            }
        }
        Tally { entries, totals }
    }

    /// This tally (of the base table) with the tile of `scene` laid; `None`
    /// when the tile changes no token's score.
    ///
    /// A tile changes only the tokens on a Pack next to its dogs (joined,
    /// or given sides to a new dog) or on a group it joins. The tokens
    /// sharing a key with one of them share its Pack or group, so they are
    /// rescored too, and the others keep their key, share and points.
    fn laid(&self, scene: &Scene<'_>) -> Option<Tally> {
        let laid = scene.laid?;
        let table = scene.table;
        let touched = |t: &Token| match t.side {
            Side::Zoomies => table
                .groups
                .get(t.square)
                .is_some_and(|g| laid.groups_joined.has(*g)),
            Side::Leader | Side::Bones | Side::Frens => table
                .packs
                .get(t.square)
                .is_some_and(|p| laid.packs_near.has(*p)),
        };
        if !table.tokens.iter().any(touched) {
            return None;
        }
        let mut next = self.clone();
        for (t, e) in table.tokens.iter().zip(next.entries.iter_mut()) {
            if touched(t) {
                (e.key, e.raw) = scene.scored(t);
            }
        }
        for (i, t) in table.tokens.iter().enumerate() {
            if !touched(t) {
                continue;
            }
            let Some(&e) = next.entries.get(i) else {
                continue;
            };
            let k = next.entries.iter().filter(|o| o.key == e.key).count();
            let points = e.raw / shared(k);
            if let Some(x) = next.totals.get_mut(e.seat) {
                *x += i64::from(points) - i64::from(e.points);
            }
            if let Some(slot) = next.entries.get_mut(i) {
                slot.points = points;
            }
        }
        Some(next)
    }

    /// How good the table is for `seat`, with `extra` (a token of `seat`:
    /// its key and raw points) placed too.
    fn value(&self, seat: Seat, level: Level, extra: Option<(Key, u32)>) -> f64 {
        let me = seat.index();
        // The tokens sharing the extra token's key share with one more.
        let (k, extra_raw, key) = match extra {
            Some((key, raw)) => (
                self.entries.iter().filter(|o| o.key == key).count(),
                raw,
                Some(key),
            ),
            None => (0, 0, None),
        };
        let total = |s: usize| {
            let mut x = self.totals.get(s).copied().unwrap_or(0);
            if let Some(key) = key {
                // No other token with the key (mostly so): nothing to
                // rescore.
                if k > 0 {
                    for e in self.entries.iter().filter(|e| e.seat == s && e.key == key) {
                        x += i64::from(e.raw / shared(k + 1)) - i64::from(e.points);
                    }
                }
                if s == me {
                    x += i64::from(extra_raw / shared(k + 1));
                }
            }
            x
        };
        let mine = if me < self.totals.len() { total(me) } else { 0 };
        if level == Level::Easy {
            return mine as f64;
        }
        let best_other = (0..self.totals.len())
            .filter(|s| *s != me)
            .map(total)
            .max()
            .unwrap_or(0);
        (mine - best_other) as f64
    }
}

/// What a [`Judge`] decides.
#[derive(Debug, Clone, Copy)]
enum Decide {
    /// The turn's tile.
    Tile,
    /// The Zoomies extra tile.
    ExtraTile,
    /// A token.
    Token,
    /// Nothing it scores.
    Other,
}

/// Scores the moves of one decision (higher is better), from the seat's
/// view.
pub(super) struct Judge {
    table: Table,
    seat: Seat,
    level: Level,
    /// The decision's phase (its payload is not needed).
    phase: Decide,
    /// Round and square tokens the seat has left.
    left: (u8, u8),
    /// The table's tally as it is.
    tally: Tally,
}

impl Judge {
    pub(super) fn new(view: &View, seat: Seat, level: Level) -> Judge {
        let table = Table::from_view(view);
        let tally = Tally::new(&Scene {
            table: &table,
            laid: None,
        });
        Judge {
            seat,
            level,
            phase: match view.phase {
                Phase::PlaceTile { .. } => Decide::Tile,
                Phase::ExtraTile { .. } => Decide::ExtraTile,
                Phase::Token { .. } => Decide::Token,
                _ => Decide::Other,
            },
            left: view
                .players
                .get(seat.index())
                .map_or((0, 0), |p| (p.round_left, p.square_left)),
            tally,
            table,
        }
    }

    /// The score of move `a` (`-inf` for one that makes no sense now).
    pub(super) fn score(&self, a: &Action) -> f64 {
        let (seat, level) = (self.seat, self.level);
        let table = &self.table;
        match (self.phase, a) {
            (Decide::Tile, Action::PlaceTile { tile, at, dir }) => {
                let Some(b) = step(*at, *dir) else {
                    return f64::NEG_INFINITY;
                };
                let laid = table.lay(*tile, *at, *dir);
                let scene = Scene {
                    table,
                    laid: laid.as_ref(),
                };
                let (round, square) = (self.left.0 > 0, self.left.1 > 0);
                let tally = self.tally.laid(&scene);
                let tally = tally.as_ref().unwrap_or(&self.tally);
                scene.best_token(tally, seat, [*at, b], round, square, level)
            }
            (Decide::ExtraTile, _) => {
                let laid = match a {
                    Action::PlaceTile { tile, at, dir } => table.lay(*tile, *at, *dir),
                    _ => None,
                };
                let scene = Scene {
                    table,
                    laid: laid.as_ref(),
                };
                let tally = self.tally.laid(&scene);
                tally
                    .as_ref()
                    .unwrap_or(&self.tally)
                    .value(seat, level, None)
            }
            (Decide::Token, Action::PlaceToken { side, at, arrow }) => {
                let base = Scene { table, laid: None };
                match base.token(seat, *side, *at, *arrow) {
                    Some(token) => self.tally.value(seat, level, Some(base.scored(&token))),
                    // The rules accept it, so our check is off: still a
                    // legal move, ranked low.
                    None => -1e6,
                }
            }
            // Which shape to throw away: keep the shape with more left, as
            // it has more ways to be placed later.
            (Decide::Token, Action::DiscardToken { kind }) => match kind {
                TokenKind::Round => f64::from(self.left.0),
                TokenKind::Square => f64::from(self.left.1),
            },
            _ => f64::NEG_INFINITY,
        }
    }
}

impl Bot for Zoomies {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        match &view.phase {
            Phase::PlaceTile { .. } | Phase::ExtraTile { .. } | Phase::Token { .. } => {
                let judge = Judge::new(view, seat, level);
                pick_best(moves, level, rng, |a| judge.score(a))
            }
            // Keep the tile: two tiles in hand are two chances to fit.
            Phase::EndTurn { .. } => pick_best(moves, Level::Normal, rng, |a| match a {
                Action::EndTurn { discard } => f64::from(u8::from(!discard)),
                _ => f64::NEG_INFINITY,
            }),
            _ => RandomBot::choose(moves, rng),
        }
    }
}
