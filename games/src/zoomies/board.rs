//! The table: tiles in the order placed, one square per dog, and a dense
//! grid over the occupied area for constant-time lookups. Packs and
//! Zoomies groups are labelled by flood fill (RULINGS §1(c) "Definitions").

use parlor_protocol::zoomies::{Cell, Dir, Dog, TileId};
use parlor_protocol::Seat;

use super::tiles::{opposite, step, tile_bit, DIRS};
use super::Illegal;

/// A tile on the table.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Placed {
    /// Which tile.
    pub(super) tile: TileId,
    /// Dog A's cell.
    pub(super) at: Cell,
    /// Dog B is one step from `at` this way.
    pub(super) dir: Dir,
    /// Who placed it (`None`: a start tile).
    pub(super) by: Option<Seat>,
}

/// One dog on the table. Tile `i`'s dogs A and B are squares `2i` and
/// `2i + 1`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) struct Square {
    /// Where.
    pub(super) at: Cell,
    /// Which dog.
    pub(super) dog: Dog,
}

/// No label: the square is not in any group of this kind.
pub(super) const NONE: u8 = u8::MAX;

/// Cells added around the occupied area whenever the grid grows.
const MARGIN: i16 = 4;

/// Square index + 1 per cell of a rectangle (0: empty). A cache of
/// [`Board::squares`], grown deterministically, so equal logs give equal
/// grids.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
struct Grid {
    x0: i16,
    y0: i16,
    w: i16,
    h: i16,
    cells: Vec<u8>,
}

impl Grid {
    fn index(&self, at: Cell) -> Option<usize> {
        let x = i16::from(at.x) - self.x0;
        let y = i16::from(at.y) - self.y0;
        if x < 0 || y < 0 || x >= self.w || y >= self.h {
            return None;
        }
        usize::try_from(i32::from(y) * i32::from(self.w) + i32::from(x)).ok()
    }

    fn get(&self, at: Cell) -> Option<usize> {
        let i = self.index(at)?;
        let v = *self.cells.get(i)?;
        v.checked_sub(1).map(usize::from)
    }

    fn contains(&self, at: Cell) -> bool {
        self.index(at).is_some()
    }

    /// A grid over every square, with a margin.
    fn around(squares: &[Square]) -> Grid {
        let all = squares.iter().map(|s| s.at);
        let (mut x0, mut y0, mut x1, mut y1) = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
        for c in all {
            x0 = x0.min(i16::from(c.x));
            y0 = y0.min(i16::from(c.y));
            x1 = x1.max(i16::from(c.x));
            y1 = y1.max(i16::from(c.y));
        }
        if x0 > x1 {
            return Grid::default();
        }
        let (x0, y0) = (x0 - MARGIN, y0 - MARGIN);
        let (w, h) = (x1 + MARGIN + 1 - x0, y1 + MARGIN + 1 - y0);
        let mut grid = Grid {
            x0,
            y0,
            w,
            h,
            cells: vec![0; usize::try_from(i32::from(w) * i32::from(h)).unwrap_or(0)],
        };
        for (i, s) in squares.iter().enumerate() {
            grid.set(s.at, i);
        }
        grid
    }

    fn set(&mut self, at: Cell, square: usize) {
        if let (Some(i), Ok(v)) = (self.index(at), u8::try_from(square + 1)) {
            if let Some(slot) = self.cells.get_mut(i) {
                *slot = v;
            }
        }
    }
}

/// Breeds there are (`Breed as usize` is below this).
const BREED_COUNT: usize = 5;

/// The table as bitboards over its [`Frame`], one `u128` per column (bit
/// `y - y0` of column `x - x0`): a placement search then tests a whole
/// column of cells, every direction, with a few shifts.
pub(super) struct Boards {
    frame: Frame,
    /// Per column: the empty cells of the frame.
    empty: Vec<u128>,
    /// Per column, per breed: its dogs.
    breeds: Vec<[u128; BREED_COUNT]>,
}

/// A rectangle of cells.
struct Frame {
    x0: i16,
    y0: i16,
    w: i16,
    h: i16,
}

/// Every tile and dog on the table.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub(super) struct Board {
    /// Tiles in the order placed (the start tiles first).
    pub(super) tiles: Vec<Placed>,
    /// Dogs, two per tile (A then B).
    pub(super) squares: Vec<Square>,
    /// The tiles on the table as a mask.
    pub(super) mask: u64,
    grid: Grid,
}

impl Board {
    /// The index of the square on `at`, if any.
    pub(super) fn square_at(&self, at: Cell) -> Option<usize> {
        self.grid.get(at)
    }

    /// The dog on `at`, if any.
    pub(super) fn dog_at(&self, at: Cell) -> Option<Dog> {
        self.square_at(at)
            .and_then(|i| self.squares.get(i))
            .map(|s| s.dog)
    }

    /// The dog of square `i`, if it exists.
    pub(super) fn dog(&self, i: usize) -> Option<Dog> {
        self.squares.get(i).map(|s| s.dog)
    }

    /// The two cells of tile number `index` (in placement order).
    pub(super) fn cells_of(&self, index: usize) -> Option<(Cell, Cell)> {
        let a = self.squares.get(2 * index)?;
        let b = self.squares.get(2 * index + 1)?;
        Some((a.at, b.at))
    }

    /// Lays a tile whose placement has been checked (or a start tile).
    pub(super) fn place(&mut self, placed: Placed, a: Dog, b: Dog) {
        let Some(b_at) = step(placed.at, placed.dir) else {
            return;
        };
        let first = self.squares.len();
        self.squares.push(Square {
            at: placed.at,
            dog: a,
        });
        self.squares.push(Square { at: b_at, dog: b });
        self.tiles.push(placed);
        self.mask |= tile_bit(placed.tile);
        if self.grid.contains(placed.at) && self.grid.contains(b_at) {
            self.grid.set(placed.at, first);
            self.grid.set(b_at, first + 1);
        } else {
            self.grid = Grid::around(&self.squares);
        }
    }

    /// Checks that dogs `a` and `b` may go on `at` and `at + dir`: both
    /// cells empty, and a dog of the new tile orthogonally next to a placed
    /// dog of its own breed (RULINGS §1(c) "Legal tile placement"; the new
    /// tile's own two dogs don't count). Returns dog B's cell.
    pub(super) fn check_place(&self, a: Dog, b: Dog, at: Cell, dir: Dir) -> Result<Cell, Illegal> {
        let b_at = step(at, dir).ok_or(Illegal::OffTheGrid)?;
        for c in [at, b_at] {
            if self.square_at(c).is_some() {
                return Err(Illegal::CellTaken { x: c.x, y: c.y });
            }
        }
        let neighbours = |c: Cell| {
            DIRS.into_iter()
                .filter_map(move |d| step(c, d))
                .filter_map(|n| self.dog_at(n))
        };
        if neighbours(at).chain(neighbours(b_at)).next().is_none() {
            return Err(Illegal::NotTouching);
        }
        let matches = |c: Cell, dog: Dog| neighbours(c).any(|n| n.breed == dog.breed);
        if matches(at, a) || matches(b_at, b) {
            Ok(b_at)
        } else {
            Err(Illegal::NoMatch)
        }
    }

    /// The dogs' bounding box grown by two cells: every cell a placement
    /// can use (at most two steps from a dog). `None` on an empty table.
    fn frame(&self) -> Option<Frame> {
        let (mut x0, mut y0, mut x1, mut y1) = (i16::MAX, i16::MAX, i16::MIN, i16::MIN);
        for sq in &self.squares {
            x0 = x0.min(i16::from(sq.at.x));
            y0 = y0.min(i16::from(sq.at.y));
            x1 = x1.max(i16::from(sq.at.x));
            y1 = y1.max(i16::from(sq.at.y));
        }
        (x0 <= x1).then(|| Frame {
            x0: x0 - 2,
            y0: y0 - 2,
            w: x1 - x0 + 5,
            h: y1 - y0 + 5,
        })
    }

    /// Calls `found(at, dir)` for every legal placement of a tile with dogs
    /// `a` and `b` (possibly more than once), until it returns `true`.
    /// Returns whether it did.
    fn each_placement(&self, a: Dog, b: Dog, mut found: impl FnMut(Cell, Dir) -> bool) -> bool {
        for s in &self.squares {
            for d in DIRS {
                // An empty cell `e` next to a placed dog: a dog of the new
                // tile with that breed matches there.
                let Some(e) = step(s.at, d) else { continue };
                if self.square_at(e).is_some() {
                    continue;
                }
                for (is_a, dog) in [(true, a), (false, b)] {
                    if dog.breed != s.dog.breed {
                        continue;
                    }
                    for o in DIRS {
                        let Some(other) = step(e, o) else { continue };
                        if self.square_at(other).is_some() {
                            continue;
                        }
                        let stop = if is_a {
                            found(e, o)
                        } else {
                            found(other, opposite(o))
                        };
                        if stop {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// The table as [`Boards`], built once for every tile of a hand.
    /// `None` when they can't hold it (a frame taller than 128 cells, or
    /// one reaching off the `i8` grid): then [`Board::placements`] falls
    /// back to the plain search.
    pub(super) fn boards(&self) -> Option<Boards> {
        let frame = self.frame()?;
        let fits_i8 = |v: i16| i8::try_from(v).is_ok();
        if frame.h > 128
            || !fits_i8(frame.x0)
            || !fits_i8(frame.y0)
            || !fits_i8(frame.x0 + frame.w - 1)
            || !fits_i8(frame.y0 + frame.h - 1)
        {
            return None;
        }
        let w = usize::try_from(frame.w).ok()?;
        let column = if frame.h == 128 {
            u128::MAX
        } else {
            (1u128 << frame.h) - 1
        };
        let mut empty = vec![column; w];
        let mut breeds = vec![[0u128; BREED_COUNT]; w];
        for sq in &self.squares {
            let x = usize::try_from(i16::from(sq.at.x) - frame.x0).ok()?;
            let bit = 1u128 << (i16::from(sq.at.y) - frame.y0);
            *empty.get_mut(x)? &= !bit;
            *breeds.get_mut(x)?.get_mut(sq.dog.breed as usize)? |= bit;
        }
        Some(Boards {
            frame,
            empty,
            breeds,
        })
    }

    /// Calls `emit` for every legal placement of a tile with dogs `a` and
    /// `b`, sorted by cell then direction, from the table's
    /// [`Board::boards`].
    ///
    /// Dog A may go on an empty cell `c` towards `d` when `c + d` is empty
    /// and `c` is next to a dog of A's breed or `c + d` next to one of
    /// B's: per column, with `c + d` as a shifted column.
    pub(super) fn placements(
        &self,
        boards: Option<&Boards>,
        a: Dog,
        b: Dog,
        mut emit: impl FnMut(Cell, Dir),
    ) {
        let Some(boards) = boards else {
            for (at, dir) in self.placements_by_sort(a, b) {
                emit(at, dir);
            }
            return;
        };
        let w = boards.empty.len();
        let empty = |x: usize| boards.empty.get(x).copied().unwrap_or(0);
        // Empty cells next to a dog of `breed`, in column `x`.
        let near = |breed: usize, x: usize| {
            let of = |x: usize| {
                boards
                    .breeds
                    .get(x)
                    .and_then(|c| c.get(breed))
                    .copied()
                    .unwrap_or(0)
            };
            let here = of(x);
            let sides = x.checked_sub(1).map_or(0, of) | of(x + 1);
            empty(x) & (here << 1 | here >> 1 | sides)
        };
        let (a_breed, b_breed) = (a.breed as usize, b.breed as usize);
        // Columns x - 1, x and x + 1 of B's cells, rolled along.
        let (mut b_west, mut b_here) = (0, near(b_breed, 0));
        for x in 0..w {
            let b_east = near(b_breed, x + 1);
            let e = empty(x);
            let ok = near(a_breed, x);
            let e_west = x.checked_sub(1).map_or(0, empty);
            // Per direction (in `DIRS` order): the placements from this
            // column's cells.
            let by_dir = [
                e & e << 1 & (ok | b_here << 1),
                e & empty(x + 1) & (ok | b_east),
                e & e >> 1 & (ok | b_here >> 1),
                e & e_west & (ok | b_west),
            ];
            let mut rest = by_dir.iter().fold(0, |m, p| m | p);
            while rest != 0 {
                let y = rest.trailing_zeros();
                rest &= rest - 1;
                let cell = (
                    i16::try_from(x).ok().map(|x| x + boards.frame.x0),
                    i16::try_from(y).ok().map(|y| y + boards.frame.y0),
                );
                let (Some(Ok(cx)), Some(Ok(cy))) =
                    (cell.0.map(i8::try_from), cell.1.map(i8::try_from))
                else {
                    continue;
                };
                for (p, dir) in by_dir.iter().zip(DIRS) {
                    if p >> y & 1 != 0 {
                        emit(Cell { x: cx, y: cy }, dir);
                    }
                }
            }
            (b_west, b_here) = (b_here, b_east);
        }
    }

    /// [`Board::placements`] by collecting, sorting and deduplicating.
    pub(super) fn placements_by_sort(&self, a: Dog, b: Dog) -> Vec<(Cell, Dir)> {
        let mut out = Vec::new();
        self.each_placement(a, b, |at, dir| {
            out.push((at, dir));
            false
        });
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Does a tile with dogs `a` and `b` fit anywhere?
    pub(super) fn fits(&self, a: Dog, b: Dog) -> bool {
        self.each_placement(a, b, |_, _| true)
    }

    /// Labels per square: the Pack (maximal 4-connected same-breed set)
    /// each dog belongs to, numbered from 0.
    pub(super) fn packs(&self) -> Vec<u8> {
        self.label(|_| true, |x, y| x.breed == y.breed)
    }

    /// Labels per square: the Zoomies group (maximal 4-connected set of
    /// Zoomies dogs, any breeds) of each Zoomies dog; [`NONE`] for others.
    pub(super) fn groups(&self) -> Vec<u8> {
        self.label(|d| d.zoomies, |_, _| true)
    }

    /// [`Board::packs`] and [`Board::groups`] labelled only from squares
    /// `starts`: every other square is [`NONE`]. Enough to compare a dog's
    /// Pack or group with others' (token checks on one tile) without
    /// filling the whole table.
    pub(super) fn labels_from(&self, starts: [usize; 2]) -> (Vec<u8>, Vec<u8>) {
        (
            self.label_from(starts, |_| true, |x, y| x.breed == y.breed),
            self.label_from(starts, |d| d.zoomies, |_, _| true),
        )
    }

    fn label(&self, include: impl Fn(Dog) -> bool, joins: impl Fn(Dog, Dog) -> bool) -> Vec<u8> {
        self.label_from(0..self.squares.len(), include, joins)
    }

    fn label_from(
        &self,
        starts: impl IntoIterator<Item = usize>,
        include: impl Fn(Dog) -> bool,
        joins: impl Fn(Dog, Dog) -> bool,
    ) -> Vec<u8> {
        let n = self.squares.len();
        let mut labels = vec![NONE; n];
        let mut next = 0u8;
        let mut stack = Vec::new();
        for start in starts {
            let Some(sq) = self.squares.get(start) else {
                continue;
            };
            if labels[start] != NONE || !include(sq.dog) {
                continue;
            }
            labels[start] = next;
            stack.push(start);
            while let Some(i) = stack.pop() {
                let here = self.squares[i];
                for d in DIRS {
                    let Some(j) = step(here.at, d).and_then(|c| self.square_at(c)) else {
                        continue;
                    };
                    let there = self.squares[j].dog;
                    if labels[j] == NONE && include(there) && joins(here.dog, there) {
                        labels[j] = next;
                        stack.push(j);
                    }
                }
            }
            next = next.saturating_add(1);
        }
        labels
    }
}
