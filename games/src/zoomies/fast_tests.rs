//! The faster searches against the plain ones they replaced.

use parlor_protocol::zoomies::{Action, Cell, Dir, Dog, Options, TokenKind};
use parlor_protocol::Seat;

use super::board::Board;
use super::state::Stage;
use super::tiles::{dogs, opposite, step, tiles_of, DIRS};
use super::Zoomies;
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
