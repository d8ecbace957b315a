//! The faster searches (and the bot's faster scoring) against the plain
//! ones they replaced.

use parlor_protocol::zoomies::{Action, Cell, Dir, Dog, Options, TokenKind};
use parlor_protocol::{Seat, ToAct};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::Board;
use super::bot::Judge;
use super::state::Stage;
use super::tiles::{dogs, opposite, step, tiles_of, DIRS};
use super::Zoomies;
use crate::bot::{decision, Bot, Decision, Level, RandomBot};
use crate::game::{Game, Step};
use crate::testing::{check_legal_actions, check_samplers};

/// The placement search as first written: from every placed dog, every
/// empty cell next to it (so each such cell once per neighbour), collected,
/// sorted and deduplicated.
fn placements(board: &Board, a: Dog, b: Dog) -> Vec<(Cell, Dir)> {
    let mut out = Vec::new();
    for s in &board.squares {
        for d in DIRS {
            let Some(e) = step(s.at, d) else { continue };
            if board.square_at(e).is_some() {
                continue;
            }
            for (is_a, dog) in [(true, a), (false, b)] {
                if dog.breed != s.dog.breed {
                    continue;
                }
                for o in DIRS {
                    let Some(other) = step(e, o) else { continue };
                    if board.square_at(other).is_some() {
                        continue;
                    }
                    out.push(if is_a { (e, o) } else { (other, opposite(o)) });
                }
            }
        }
    }
    out.sort_unstable();
    out.dedup();
    out
}

/// `legal_actions` as first written: placements collected, sorted and
/// deduplicated.
fn reference(game: &Zoomies, seat: Seat) -> Vec<Action> {
    if game.active() != Some(seat) {
        return Vec::new();
    }
    match game.stage {
        Stage::PlaceTile { active } | Stage::ExtraTile { active } => {
            let mut out = Vec::new();
            for tile in tiles_of(game.hand(active)) {
                if let Some((a, b)) = dogs(tile) {
                    out.extend(
                        placements(&game.board, a, b)
                            .into_iter()
                            .map(|(at, dir)| Action::PlaceTile { tile, at, dir }),
                    );
                }
            }
            if out.is_empty() {
                vec![Action::CannotPlace]
            } else {
                out
            }
        }
        Stage::Token { active, tile } => {
            let mut out: Vec<Action> = match tile {
                Some(tile) => game
                    .token_candidates(&game.labels(), active, tile)
                    .into_iter()
                    .filter(|(.., verdict)| verdict.is_ok())
                    .map(|(side, at, arrow, _)| Action::PlaceToken { side, at, arrow })
                    .collect(),
                None => Vec::new(),
            };
            if out.is_empty() {
                let left = game.left_of(active);
                for (kind, n) in [
                    (TokenKind::Round, left.round),
                    (TokenKind::Square, left.square),
                ] {
                    if n > 0 {
                        out.push(Action::DiscardToken { kind });
                    }
                }
            }
            out
        }
        Stage::EndTurn { .. } => vec![
            Action::EndTurn { discard: false },
            Action::EndTurn { discard: true },
        ],
        _ => Vec::new(),
    }
}

#[test]
fn legal_actions_match_the_reference() {
    for seats in 2..=4 {
        let start = 100 * u64::from(seats);
        check_legal_actions::<Zoomies>(&Options::default(), seats, start..start + 40, reference);
    }
}

#[test]
fn samplers_are_uniform_over_the_legal_actions() {
    for seats in 2..=4 {
        let start = 100 * u64::from(seats);
        check_samplers::<Zoomies>(&Options::default(), seats, start..start + 10, 5, 150);
    }
}

/// The normal bot's scoring as first written: the table rebuilt with each
/// tile placed, Packs and groups labelled and every token scored afresh for
/// every token tried.
mod bot_reference {
    use parlor_protocol::zoomies::{Action, Cell, Dir, Phase, Side, TokenKind, View};
    use parlor_protocol::Seat;

    use super::super::board::{Board, Placed};
    use super::super::scoring;
    use super::super::state::{Labels, Token};
    use super::super::tiles::{dogs, step, DIRS};
    use crate::bot::Level;

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

        fn value(&self, labels: &Labels, seat: Seat, level: Level) -> f64 {
            let mut totals = vec![0i64; self.seats];
            for (t, s) in self
                .tokens
                .iter()
                .zip(scoring::score(&self.board, labels, &self.tokens))
            {
                if let Some(x) = totals.get_mut(t.seat.index()) {
                    *x += i64::from(s.points);
                }
            }
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
            let others = |s: Side| self.tokens.iter().filter(move |t| t.side == s);
            let frens = match side {
                Side::Leader if others(Side::Leader).any(same_pack) => return None,
                Side::Bones if others(Side::Bones).any(same_pack) => return None,
                Side::Zoomies => {
                    let taken = others(Side::Zoomies)
                        .any(|t| labels.groups.get(t.square).copied() == group);
                    if !dog.zoomies || taken {
                        return None;
                    }
                    None
                }
                Side::Frens => {
                    let target = self.board.dog_at(step(at, arrow?)?)?;
                    if target.breed == dog.breed
                        || others(Side::Frens)
                            .any(|t| same_pack(t) && t.frens == Some(target.breed))
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

    /// The old bot's score of each of `moves` (`None`: a phase it did not
    /// score).
    pub(super) fn scores(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
    ) -> Option<Vec<f64>> {
        let table = Table::from_view(view);
        let me = view.players.get(seat.index());
        let round = me.is_some_and(|p| p.round_left > 0);
        let square = me.is_some_and(|p| p.square_left > 0);
        let score = |a: &Action| match (&view.phase, a) {
            (Phase::PlaceTile { .. }, Action::PlaceTile { at, dir, .. }) => {
                let Some(b) = step(*at, *dir) else {
                    return f64::NEG_INFINITY;
                };
                table
                    .with_tile(a)
                    .best_token(seat, [*at, b], round, square, level)
            }
            (Phase::ExtraTile { .. }, _) => {
                let next = table.with_tile(a);
                next.value(&next.labels(), seat, level)
            }
            (Phase::Token { .. }, Action::PlaceToken { side, at, arrow }) => {
                let labels = table.labels();
                match table.token(&labels, seat, *side, *at, *arrow) {
                    Some(token) => {
                        let mut next = table.clone();
                        next.tokens.push(token);
                        next.value(&labels, seat, level)
                    }
                    None => -1e6,
                }
            }
            (Phase::Token { .. }, Action::DiscardToken { kind }) => {
                let left = me.map_or(0, |p| match kind {
                    TokenKind::Round => p.round_left,
                    TokenKind::Square => p.square_left,
                });
                f64::from(left)
            }
            _ => f64::NEG_INFINITY,
        };
        match view.phase {
            Phase::PlaceTile { .. } | Phase::ExtraTile { .. } | Phase::Token { .. } => {
                Some(moves.iter().map(score).collect())
            }
            _ => None,
        }
    }
}

/// The bot scores every move of every decision as it did when it rebuilt
/// and rescored the whole table per move (so it makes the same choices),
/// at both levels, on tables played by a mix of the bot and random moves.
#[test]
fn bot_scores_match_the_reference() {
    let mut decisions = 0;
    for seats in 2..=4u8 {
        for seed in 0..4u64 {
            let mut rng = ChaCha8Rng::seed_from_u64(1000 * u64::from(seats) + seed);
            let Ok(mut game) = Zoomies::new(&Options::default(), seats) else {
                panic!("no game for {seats} seats");
            };
            for _ in 0..2000 {
                let step = match game.to_act() {
                    ToAct::Finished => break,
                    ToAct::Chance => match game.sample_chance(&mut rng) {
                        Some(outcome) => Step::Chance { outcome },
                        None => break,
                    },
                    ToAct::Seats { seats: actors } => {
                        let Some(&seat) = actors.first() else { break };
                        let action = match decision(&game, seat) {
                            Decision::Forced(action) => action,
                            Decision::Choose { view, moves } => {
                                for level in [Level::Normal, Level::Easy] {
                                    let Some(want) =
                                        bot_reference::scores(&view, seat, &moves, level)
                                    else {
                                        continue;
                                    };
                                    let judge = Judge::new(&view, seat, level);
                                    let got: Vec<f64> =
                                        moves.iter().map(|a| judge.score(a)).collect();
                                    assert_eq!(
                                        got, want,
                                        "seats {seats} seed {seed} {level}: {view:?}"
                                    );
                                    decisions += 1;
                                }
                                // Now and then a random move, for tables the
                                // bot would not make.
                                if rng.random_ratio(1, 3) {
                                    RandomBot::choose(&moves, &mut rng)
                                } else {
                                    Zoomies::choose_action(
                                        &view,
                                        seat,
                                        &moves,
                                        Level::Normal,
                                        &mut rng,
                                    )
                                }
                            }
                        };
                        let Some(action) = action else { break };
                        Step::Act { seat, action }
                    }
                };
                assert!(game.apply(&step).is_ok());
            }
        }
    }
    assert!(decisions > 500, "only {decisions} decisions checked");
}
