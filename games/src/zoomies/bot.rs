//! The Zoomies bot. It rebuilds the table from the seat's view (the tiles
//! and tokens on it are public) and scores it with the game's own scoring
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

use parlor_protocol::zoomies::{Action, Cell, Dir, Phase, Side, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::board::{Board, Placed};
use super::scoring;
use super::state::{Labels, Token};
use super::tiles::{dogs, step};
use super::Zoomies;
use crate::bot::{pick_best, Bot, Level, RandomBot};

const DIRS: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

/// The public table: tiles and tokens, rebuilt from a view.
#[derive(Clone)]
struct Table {
    board: Board,
    tokens: Vec<Token>,
    seats: usize,
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
        Table {
            board,
            tokens,
            seats: view.players.len(),
        }
    }

    fn labels(&self) -> Labels {
        Labels {
            packs: self.board.packs(),
            groups: self.board.groups(),
        }
    }

    /// The table with tile `action` placed (unchanged for other actions).
    fn with_tile(&self, action: &Action) -> Table {
        let mut next = self.clone();
        if let Action::PlaceTile { tile, at, dir } = action {
            if let Some((a, b)) = dogs(*tile) {
                let placed = Placed {
                    tile: *tile,
                    at: *at,
                    dir: *dir,
                    by: None,
                };
                next.board.place(placed, a, b);
            }
        }
        next
    }

    /// Projected totals per seat.
    fn totals(&self, labels: &Labels) -> Vec<i64> {
        let mut out = vec![0i64; self.seats];
        for (t, s) in self
            .tokens
            .iter()
            .zip(scoring::score(&self.board, labels, &self.tokens))
        {
            if let Some(x) = out.get_mut(t.seat.index()) {
                *x += i64::from(s.points);
            }
        }
        out
    }

    /// How good the table is for `seat`.
    fn value(&self, labels: &Labels, seat: Seat, level: Level) -> f64 {
        let totals = self.totals(labels);
        let mine = totals.get(seat.index()).copied().unwrap_or(0);
        if level == Level::Easy {
            return mine as f64;
        }
        let best_other = totals
            .iter()
            .enumerate()
            .filter(|(s, _)| *s != seat.index())
            .map(|(_, t)| *t)
            .max()
            .unwrap_or(0);
        (mine - best_other) as f64
    }

    /// The token `seat` would place on `at`, if the rules allow it now
    /// (the checks of RULINGS §1(c), on this table).
    fn token(
        &self,
        labels: &Labels,
        seat: Seat,
        side: Side,
        at: Cell,
        arrow: Option<Dir>,
    ) -> Option<Token> {
        let square = self.board.square_at(at)?;
        let dog = self.board.dog(square)?;
        let pack = labels.packs.get(square).copied();
        let group = labels.groups.get(square).copied();
        let same_pack = |t: &Token| labels.packs.get(t.square).copied() == pack;
        let frens = match side {
            Side::Leader
                if self
                    .tokens
                    .iter()
                    .any(|t| t.side == Side::Leader && same_pack(t)) =>
            {
                return None
            }
            Side::Bones
                if self
                    .tokens
                    .iter()
                    .any(|t| t.side == Side::Bones && same_pack(t)) =>
            {
                return None
            }
            Side::Zoomies => {
                let taken = self.tokens.iter().any(|t| {
                    t.side == Side::Zoomies && labels.groups.get(t.square).copied() == group
                });
                if !dog.zoomies || taken {
                    return None;
                }
                None
            }
            Side::Frens => {
                let target = self.board.dog_at(step(at, arrow?)?)?;
                if target.breed == dog.breed
                    || self.tokens.iter().any(|t| {
                        t.side == Side::Frens && same_pack(t) && t.frens == Some(target.breed)
                    })
                {
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
        seat: Seat,
        cells: [Cell; 2],
        round: bool,
        square: bool,
        level: Level,
    ) -> f64 {
        let labels = self.labels();
        let mut best = None::<f64>;
        for at in cells {
            let mut sides: Vec<(Side, Option<Dir>)> = Vec::new();
            if round {
                sides.push((Side::Leader, None));
                sides.push((Side::Zoomies, None));
            }
            if square {
                sides.push((Side::Bones, None));
                sides.extend(DIRS.iter().map(|d| (Side::Frens, Some(*d))));
            }
            for (side, arrow) in sides {
                if let Some(token) = self.token(&labels, seat, side, at, arrow) {
                    let mut next = self.clone();
                    next.tokens.push(token);
                    let v = next.value(&labels, seat, level);
                    best = Some(best.map_or(v, |b| b.max(v)));
                }
            }
        }
        best.unwrap_or_else(|| self.value(&labels, seat, level))
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
        let table = Table::from_view(view);
        let me = view.players.get(seat.index());
        let round = me.is_some_and(|p| p.round_left > 0);
        let square = me.is_some_and(|p| p.square_left > 0);
        match &view.phase {
            Phase::PlaceTile { .. } => pick_best(moves, level, rng, |a| match a {
                Action::PlaceTile { at, dir, .. } => {
                    let Some(b) = step(*at, *dir) else {
                        return f64::NEG_INFINITY;
                    };
                    table
                        .with_tile(a)
                        .best_token(seat, [*at, b], round, square, level)
                }
                _ => f64::NEG_INFINITY,
            }),
            Phase::ExtraTile { .. } => pick_best(moves, level, rng, |a| {
                let next = table.with_tile(a);
                next.value(&next.labels(), seat, level)
            }),
            Phase::Token { .. } => {
                let labels = table.labels();
                pick_best(moves, level, rng, |a| match a {
                    Action::PlaceToken { side, at, arrow } => {
                        match table.token(&labels, seat, *side, *at, *arrow) {
                            Some(token) => {
                                let mut next = table.clone();
                                next.tokens.push(token);
                                next.value(&labels, seat, level)
                            }
                            // The rules accept it, so our check is off:
                            // still a legal move, ranked low.
                            None => -1e6,
                        }
                    }
                    // Which shape to throw away: keep the shape with more
                    // left, as it has more ways to be placed later.
                    Action::DiscardToken { kind } => {
                        let left = |round: bool| {
                            me.map_or(0, |p| if round { p.round_left } else { p.square_left })
                        };
                        match kind {
                            parlor_protocol::zoomies::TokenKind::Round => f64::from(left(true)),
                            parlor_protocol::zoomies::TokenKind::Square => f64::from(left(false)),
                        }
                    }
                    _ => f64::NEG_INFINITY,
                })
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
