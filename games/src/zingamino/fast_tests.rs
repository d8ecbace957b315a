//! The faster move search against the plain one it replaced.

use parlor_protocol::zingamino::{Action, Options};
use parlor_protocol::Seat;

use super::board;
use super::state::Stage;
use super::tiles::{self, Set};
use super::{Illegal, Zingamino};
use crate::testing::{check_legal_actions, check_samplers};

/// The placements as first searched: every empty space of the tile's
/// colour, each checked in full.
fn placements(game: &Zingamino, hand: Set, opening: bool, first_only: bool) -> Vec<Action> {
    let mut out = Vec::new();
    for tile in tiles::tiles_of(hand) {
        let c = tiles::colour_index(tile.0);
        let spinner = tiles::face(tile).is_spinner();
        for space in c * 16..c * 16 + 16 {
            if game.board[usize::from(space)].is_some() {
                continue;
            }
            if opening && !board::is_square(space) {
                continue;
            }
            let flips: &[bool] = if spinner || board::is_square(space) {
                &[false]
            } else {
                &[false, true]
            };
            for &flip in flips {
                match game.evaluate(hand, opening, tile, space, flip, None) {
                    Ok(_) => out.push(Action::Place {
                        tile,
                        space,
                        flip,
                        value: None,
                    }),
                    Err(Illegal::Declaration) => out.extend((0..=4).map(|v| Action::Place {
                        tile,
                        space,
                        flip,
                        value: Some(v),
                    })),
                    Err(_) => {}
                }
                if first_only && !out.is_empty() {
                    return out;
                }
            }
        }
    }
    out
}

/// `legal_actions` as first written, on the plain search.
fn reference(game: &Zingamino, seat: Seat) -> Vec<Action> {
    let Some(active) = game.active() else {
        return Vec::new();
    };
    let stuck = |a: u8| {
        let hand = game.hands[usize::from(a)];
        matches!(game.stage, Stage::Play { .. })
            && game.bag != 0
            && placements(game, hand, game.opening(a), true).is_empty()
    };
    let must_dig = (game.digging || !game.options.dig_by_click) && stuck(active);
    let owes_dig = game.options.dig_by_click && !game.digging && stuck(active);
    if active != seat.0 || must_dig {
        return Vec::new();
    }
    if owes_dig {
        return vec![Action::Dig];
    }
    let hand = game.hands[usize::from(seat.0)];
    let out = placements(game, hand, game.opening(seat.0), false);
    if out.is_empty() {
        vec![Action::Pass]
    } else {
        out
    }
}

fn both_options() -> [Options; 2] {
    [false, true].map(|dig_by_click| Options { dig_by_click })
}

#[test]
fn legal_actions_match_the_reference() {
    for (i, options) in (0u64..).zip(both_options()) {
        for seats in [2, 3, 4, 6] {
            let start = 1000 * i + 100 * u64::from(seats);
            check_legal_actions::<Zingamino>(&options, seats, start..start + 8, reference);
        }
    }
}

#[test]
fn samplers_are_uniform_over_the_legal_actions() {
    for (i, options) in (0u64..).zip(both_options()) {
        for seats in [2, 4] {
            let start = 1000 * i + 100 * u64::from(seats);
            check_samplers::<Zingamino>(&options, seats, start..start + 4, 10, 100);
        }
    }
}
