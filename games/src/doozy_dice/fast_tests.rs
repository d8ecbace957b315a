//! The fast paths (listing moves as plans, the samplers) against the plain
//! code they replaced.

use parlor_protocol::doozy_dice::{Action, CardId, Options};
use parlor_protocol::Seat;

use super::cards;
use super::state::{ALL_DICE, DICE, MAX_ROLLS};
use super::DoozyDice;
use crate::testing::{check_legal_actions, check_samplers};
use crate::Game;

/// `legal_actions` as first written: one pass over the rules, building
/// every action directly.
fn reference(game: &DoozyDice, seat: Seat) -> Vec<Action> {
    let Some(turn) = game.turn() else {
        return Vec::new();
    };
    if turn.seat != seat || turn.in_air != 0 {
        return Vec::new();
    }
    if turn.roll_count == 0 {
        return vec![Action::Roll {
            dice: (0..DICE).collect(),
        }];
    }
    let satisfied = game.satisfied_mask(turn);
    let blocked = game.options().auto_claim && satisfied != 0;
    let still_claims = |die: u8, to: u8| {
        let mut after = turn.clone();
        after.dice[usize::from(die)] = to;
        game.satisfied_mask(&after) != 0
    };
    let mut out = Vec::new();
    if !blocked && turn.roll_count < MAX_ROLLS {
        for mask in 1..=ALL_DICE {
            if mask & turn.locked == 0 {
                let dice = (0..DICE).filter(|d| mask & (1 << d) != 0).collect();
                out.push(Action::Roll { dice });
            }
        }
    }
    let dots = game.players[seat.index()].dots;
    for (die, &from) in (0..DICE).zip(turn.dice.iter()) {
        if turn.is_face(die) {
            continue;
        }
        let lowest = if die >= 3 { 2 } else { 1 };
        for to in lowest..=6 {
            let affordable = to != from && i32::from(from.abs_diff(to)) <= dots;
            if affordable && (!blocked || still_claims(die, to)) {
                out.push(Action::Adjust { die, to });
            }
        }
    }
    for &id in &game.cards {
        if satisfied & cards::bit(CardId(id)) != 0 {
            out.push(Action::Claim { card: CardId(id) });
        }
    }
    if !blocked && turn.roll_count >= MAX_ROLLS {
        let remaining = game.remaining_mask(seat);
        for &id in &game.cards {
            if remaining & cards::bit(CardId(id)) != 0 {
                out.push(Action::Cutoff { card: CardId(id) });
            }
        }
    }
    out
}

fn all_options() -> [Options; 4] {
    [(false, false), (true, false), (false, true), (true, true)].map(
        |(lock_set_aside, auto_claim)| Options {
            lock_set_aside,
            auto_claim,
        },
    )
}

#[test]
fn legal_actions_match_the_reference() {
    for (i, options) in (0u64..).zip(all_options()) {
        for seats in 2..=4 {
            let start = 1000 * i + 100 * u64::from(seats);
            check_legal_actions::<DoozyDice>(&options, seats, start..start + 25, reference);
        }
    }
}

#[test]
fn samplers_are_uniform_over_the_legal_actions_and_draw_chance_as_before() {
    for (i, options) in (0u64..).zip(all_options()) {
        for seats in 2..=4 {
            let start = 1000 * i + 100 * u64::from(seats);
            check_samplers::<DoozyDice>(&options, seats, start..start + 10, 10, 100);
        }
    }
}

#[test]
fn no_action_for_a_seat_not_to_act() {
    let game = DoozyDice::new(&Options::default(), 2).unwrap_or_else(|e| panic!("{e}"));
    let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(1);
    assert_eq!(game.random_action(Seat(0), &mut rng), None);
}
