//! The faster search for open hexes against the plain scan it replaced.

use parlor_protocol::mix_the_mutts::{Action, Options};
use parlor_protocol::Seat;

use super::state::Stage;
use super::tiles::ROTATIONS;
use super::MixTheMutts;
use crate::testing::{check_legal_actions, check_samplers};
use crate::Game;

/// `legal_actions`, with a turn's connections listed from the plain scan.
fn reference(game: &MixTheMutts, seat: Seat) -> Vec<Action> {
    match game.stage {
        Stage::Turn { active } if active == seat => {
            let mut out: Vec<Action> = game
                .open_hexes_by_scan()
                .into_iter()
                .flat_map(|at| {
                    ROTATIONS
                        .into_iter()
                        .map(move |rotation| Action::Connect { at, rotation })
                })
                .collect();
            if game.pile() != 0 {
                out.push(Action::DrawTwo);
            }
            out
        }
        _ => game.legal_actions(seat),
    }
}

#[test]
fn legal_actions_match_the_reference() {
    for junior in [false, true] {
        let options = Options {
            junior,
            ..Options::default()
        };
        for seats in 2..=4 {
            let start = 100 * u64::from(seats) + if junior { 1000 } else { 0 };
            check_legal_actions::<MixTheMutts>(&options, seats, start..start + 60, reference);
        }
    }
}

#[test]
fn samplers_are_uniform_over_the_legal_actions() {
    for seats in 2..=4 {
        let start = 100 * u64::from(seats);
        check_samplers::<MixTheMutts>(&Options::default(), seats, start..start + 10, 3, 100);
    }
}
