//! Scenario tests: every rule, the rulebook's three worked examples, and
//! the rulings of RULINGS §2.
#![allow(clippy::unwrap_used)]

use parlor_protocol::zingamino::{
    Action, DrawReason, Options, Phase, Placed, RoundEnd, StepView, TileId,
};
use parlor_protocol::{Seat, ToAct, Viewer};

use super::state::{Stage, Zingamino};
use super::tiles::{self, bit, tile_of, Face, Set, ALL};
use super::{Chance, Illegal};
use crate::game::{Game, Step};

const G: u8 = 0;
const Y: u8 = 1;
const O: u8 = 2;

fn d(c: u8, a: u8, b: u8) -> TileId {
    tile_of(c, Face::Domino(a, b))
}

fn z(c: u8) -> TileId {
    tile_of(c, Face::Zinga)
}

fn sp(c: u8, i: u8) -> u8 {
    c * 16 + i
}

fn set(tiles: &[TileId]) -> Set {
    tiles.iter().fold(0, |s, &t| s | bit(t))
}

/// A game in play: `hands` dealt, everyone opened, the bag holding every
/// other tile, seat 0 to act.
fn playing(hands: &[&[TileId]]) -> Zingamino {
    let seats = u8::try_from(hands.len()).unwrap();
    let mut g = Zingamino::new(&Options::default(), seats).unwrap();
    g.hands = hands.iter().map(|h| set(h)).collect();
    g.bag = ALL & !g.hands.iter().fold(0, |a, h| a | h);
    g.stage = Stage::Play {
        starter: 0,
        active: 0,
        opened: vec![true; hands.len()],
        passes: 0,
    };
    g
}

fn set_active(g: &mut Zingamino, seat: u8, opening: bool) {
    if let Stage::Play { active, opened, .. } = &mut g.stage {
        *active = seat;
        opened[usize::from(seat)] = !opening;
    }
}

fn place(tile: TileId, space: u8, flip: bool, value: Option<u8>) -> Action {
    Action::Place {
        tile,
        space,
        flip,
        value,
    }
}

fn act(seat: u8, action: Action) -> Step<Action, Chance> {
    Step::Act {
        seat: Seat(seat),
        action,
    }
}

/// Seat `seat` places (it is made the active seat first).
fn play(g: &mut Zingamino, seat: u8, tile: TileId, space: u8, flip: bool, value: Option<u8>) {
    set_active(g, seat, false);
    g.apply(&act(seat, place(tile, space, flip, value)))
        .unwrap_or_else(|e| panic!("{tile:?} at {space}: {e}"));
}

/// Puts a tile on the board directly.
fn put(g: &mut Zingamino, space: u8, tile: TileId, ccw: Option<u8>, cw: Option<u8>) {
    g.board[usize::from(space)] = Some(Placed { tile, ccw, cw });
    for h in &mut g.hands {
        *h &= !bit(tile);
    }
    g.bag &= !bit(tile);
}

fn cell(g: &Zingamino, space: u8) -> (Option<u8>, Option<u8>) {
    let p = g.board[usize::from(space)].unwrap();
    (p.ccw, p.cw)
}

/// The active seat says `Dig` (its only move), and the digging starts.
fn dig(g: &mut Zingamino) {
    let seat = g.active().unwrap();
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(seat)]
        },
        "a dig waits for its seat"
    );
    assert_eq!(g.legal_actions(Seat(seat)), vec![Action::Dig]);
    assert!(g.chance_outcomes().is_empty());
    let step = act(seat, Action::Dig);
    for viewer in [Viewer::Seat(Seat(seat)), Viewer::Spectator] {
        assert_eq!(
            g.step_view(&step, viewer),
            StepView::Dug { seat: Seat(seat) }
        );
    }
    assert!(!g.reveals(&Action::Dig));
    g.apply(&step).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
}

fn draw(g: &mut Zingamino, tile: TileId) {
    g.apply(&Step::Chance {
        outcome: Chance::Tile(tile),
    })
    .unwrap();
}

#[test]
fn typical_play_closes_orange_with_one_zero_against_zero_zero_for_16() {
    // The rulebook's sequence round Orange, whose O0 is a bridging square.
    let seq: [(TileId, bool); 15] = [
        (d(O, 0, 0), false),
        (d(O, 0, 2), false),
        (d(O, 2, 4), false),
        (d(O, 1, 4), true), // 4|1
        (d(O, 1, 1), false),
        (d(O, 1, 2), false),
        (d(O, 2, 2), false),
        (d(O, 2, 3), false),
        (z(O), false), // Z|Z, becomes 3|3
        (d(O, 3, 3), false),
        (d(O, 0, 3), true), // 3|0
        (d(O, 0, 4), false),
        (d(O, 4, 4), false),
        (d(O, 3, 4), true), // 4|3
        (d(O, 1, 3), true), // 3|1
    ];
    let mut hand: Vec<TileId> = seq.iter().map(|s| s.0).collect();
    hand.push(d(O, 0, 1));
    hand.push(d(G, 1, 2));
    let mut g = playing(&[&hand, &[d(G, 0, 0)]]);
    set_active(&mut g, 0, true);
    g.apply(&act(0, place(d(O, 0, 0), sp(O, 0), false, None)))
        .unwrap();
    for (i, &(tile, flip)) in seq.iter().enumerate().skip(1) {
        play(&mut g, 0, tile, sp(O, u8::try_from(i).unwrap()), flip, None);
    }
    assert_eq!(cell(&g, sp(O, 8)), (Some(3), Some(3)), "the Zinga is 3|3");
    assert_eq!(g.scores, vec![0, 0]);
    // 0|1 the wrong way round does not fit; 1|0 closes the circle.
    set_active(&mut g, 0, false);
    assert_eq!(
        g.apply(&act(0, place(d(O, 0, 1), sp(O, 15), false, None))),
        Err(Illegal::Mismatch(sp(O, 14)))
    );
    let step = act(0, place(d(O, 0, 1), sp(O, 15), true, None));
    match g.step_view(&step, Viewer::Spectator) {
        StepView::Placed {
            bonus, round_end, ..
        } => assert!(bonus && round_end.is_none()),
        other => panic!("{other:?}"),
    }
    g.apply(&step).unwrap();
    assert_eq!(g.scores, vec![16, 0]);
    assert_eq!(g.bonuses, vec![16, 0]);
    assert_eq!(g.active(), Some(1));
}

#[test]
fn complex_play_zinga_on_a_bridge_square_becomes_three_three_and_holds() {
    let mut g = playing(&[&[z(Y), d(Y, 2, 4), d(Y, 3, 4), d(G, 0, 1)], &[d(G, 0, 0)]]);
    put(&mut g, sp(G, 4), d(G, 3, 3), Some(3), Some(3));
    // Y12 is open, its bridge partner G4 holds 3|3, Y11 and Y13 are open.
    play(&mut g, 0, z(Y), sp(Y, 12), false, None);
    assert_eq!(cell(&g, sp(Y, 12)), (Some(3), Some(3)));
    // A later tile must meet it with a 3.
    set_active(&mut g, 0, false);
    assert_eq!(
        g.apply(&act(0, place(d(Y, 2, 4), sp(Y, 13), false, None))),
        Err(Illegal::Mismatch(sp(Y, 12)))
    );
    assert!(g
        .legal_actions(Seat(0))
        .iter()
        .all(|a| !matches!(a, Action::Place { tile, .. } if *tile == d(Y, 2, 4))));
    play(&mut g, 0, d(Y, 3, 4), sp(Y, 13), false, None);
    assert_eq!(cell(&g, sp(Y, 13)), (Some(3), Some(4)));
}

#[test]
fn complex_play_zinga_absorbs_the_three_end_beside_the_square() {
    let mut g = playing(&[&[z(Y), d(G, 2, 2), d(G, 3, 3)], &[d(G, 0, 0)]]);
    // A 3-end in Y13 next to Y12; the adjacent connector G4 is empty.
    put(&mut g, sp(Y, 13), d(Y, 1, 3), Some(3), Some(1));
    play(&mut g, 0, z(Y), sp(Y, 12), false, None);
    assert_eq!(cell(&g, sp(Y, 12)), (Some(3), Some(3)));
    // The bridge partner must now be 3|3 too.
    set_active(&mut g, 0, false);
    assert_eq!(
        g.apply(&act(0, place(d(G, 2, 2), sp(G, 4), false, None))),
        Err(Illegal::Mismatch(sp(Y, 12)))
    );
    play(&mut g, 0, d(G, 3, 3), sp(G, 4), false, None);
}

#[test]
fn blocking_play_two_two_across_the_bridge_and_a_three_end_beside() {
    let doubles: Vec<TileId> = (0..5).map(|v| d(Y, v, v)).collect();
    let mut hand = doubles.clone();
    hand.push(z(Y));
    let mut g = playing(&[&hand, &[d(G, 0, 0)]]);
    put(&mut g, sp(G, 4), d(G, 2, 2), Some(2), Some(2));
    put(&mut g, sp(Y, 13), d(Y, 1, 3), Some(3), Some(1));
    for &t in hand.iter() {
        let r = g.clone().apply(&act(0, place(t, sp(Y, 12), false, None)));
        assert!(matches!(r, Err(Illegal::Mismatch(_))), "{t:?}: {r:?}");
    }
    assert!(g
        .legal_actions(Seat(0))
        .iter()
        .all(|a| !matches!(a, Action::Place { space, .. } if *space == sp(Y, 12))));
    // 1|1 (a double in a regular space) or the Zinga still fit beside the
    // 1-end, at Y14.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            place(d(Y, 1, 1), sp(Y, 14), false, None),
            place(z(Y), sp(Y, 14), false, None)
        ]
    );
}

#[test]
fn zinga_meeting_an_unassigned_zinga_declares_the_value() {
    let mut g = playing(&[&[z(G), d(G, 1, 4)], &[z(Y), d(Y, 3, 3), d(Y, 0, 0)]]);
    // Seat 0 opens with the Green Zinga at G4, touching nothing: unassigned.
    set_active(&mut g, 0, true);
    g.apply(&act(0, place(z(G), sp(G, 4), false, None)))
        .unwrap();
    assert_eq!(cell(&g, sp(G, 4)), (None, None));
    // Seat 1's Yellow Zinga across the bridge must declare a value.
    set_active(&mut g, 1, false);
    assert_eq!(
        g.clone()
            .apply(&act(1, place(z(Y), sp(Y, 12), false, None))),
        Err(Illegal::Declaration)
    );
    assert_eq!(
        g.clone()
            .apply(&act(1, place(z(Y), sp(Y, 12), false, Some(5)))),
        Err(Illegal::BadValue(5))
    );
    let zs: Vec<Action> = g
        .legal_actions(Seat(1))
        .into_iter()
        .filter(|a| matches!(a, Action::Place { tile, .. } if *tile == z(Y)))
        .collect();
    assert_eq!(zs.len(), 5, "{zs:?}");
    // A double across the bridge fixes the unassigned Zinga instead.
    let mut h = g.clone();
    h.apply(&act(1, place(d(Y, 3, 3), sp(Y, 12), false, None)))
        .unwrap();
    assert_eq!(cell(&h, sp(G, 4)), (Some(3), Some(3)));
    g.apply(&act(1, place(z(Y), sp(Y, 12), false, Some(2))))
        .unwrap();
    assert_eq!(cell(&g, sp(G, 4)), (Some(2), Some(2)));
    assert_eq!(cell(&g, sp(Y, 12)), (Some(2), Some(2)));
    // Held: G5 must now meet the Green Zinga with a 2; 1|4 cannot.
    assert_eq!(
        g.evaluate(g.hands[0], false, d(G, 1, 4), sp(G, 5), false, None),
        Err(Illegal::Mismatch(sp(G, 4)))
    );
    // A declared value where none is needed is refused.
    let mut k = playing(&[&[z(G)], &[d(Y, 0, 0)]]);
    put(&mut k, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    set_active(&mut k, 0, false);
    assert_eq!(
        k.apply(&act(0, place(z(G), sp(G, 1), false, Some(1)))),
        Err(Illegal::Declaration)
    );
}

#[test]
fn zinga_in_a_regular_space_may_join_two_different_values() {
    let mut g = playing(&[&[z(G), d(G, 0, 0)], &[d(Y, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    put(&mut g, sp(G, 2), d(G, 3, 4), Some(3), Some(4));
    play(&mut g, 0, z(G), sp(G, 1), false, None);
    assert_eq!(cell(&g, sp(G, 1)), (Some(1), Some(3)));
    // A Zinga with one open side keeps it unassigned; the next tile fixes it.
    let mut g = playing(&[&[z(G), d(G, 2, 4), d(G, 0, 0)], &[d(Y, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    play(&mut g, 0, z(G), sp(G, 1), false, None);
    assert_eq!(cell(&g, sp(G, 1)), (Some(1), None));
    play(&mut g, 0, d(G, 2, 4), sp(G, 2), true, None);
    assert_eq!(cell(&g, sp(G, 1)), (Some(1), Some(4)));
    assert_eq!(cell(&g, sp(G, 2)), (Some(4), Some(2)));
}

#[test]
fn normal_placement_rules() {
    let mut g = playing(&[
        &[d(G, 1, 2), d(G, 2, 2), d(Y, 1, 1), d(G, 1, 3), d(G, 0, 2)],
        &[d(Y, 0, 0)],
    ]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    put(&mut g, sp(G, 2), d(G, 2, 3), Some(2), Some(3));
    set_active(&mut g, 0, false);
    let try_ = |g: &Zingamino, a| g.clone().apply(&act(0, a));
    // Colour.
    assert_eq!(
        try_(&g, place(d(Y, 1, 1), sp(G, 15), false, None)),
        Err(Illegal::WrongColour)
    );
    // Only doubles and Zingas in a Zinga/Double square.
    assert_eq!(
        try_(&g, place(d(G, 1, 2), sp(G, 4), false, None)),
        Err(Illegal::NotADouble)
    );
    // Must touch.
    assert_eq!(
        try_(&g, place(d(G, 1, 2), sp(G, 7), false, None)),
        Err(Illegal::Isolated)
    );
    // Taken.
    assert_eq!(
        try_(&g, place(d(G, 1, 2), sp(G, 0), false, None)),
        Err(Illegal::SpaceTaken(0))
    );
    // Not held.
    assert_eq!(
        try_(&g, place(d(G, 4, 4), sp(G, 4), false, None)),
        Err(Illegal::NotInHand(d(G, 4, 4).0))
    );
    // Doubles have no orientation.
    assert_eq!(
        try_(&g, place(d(G, 2, 2), sp(G, 1), true, None)),
        Err(Illegal::NoFlip)
    );
    // Filling the gap G1 must match both sides: 1|2 does, 1|3 does not.
    assert_eq!(
        try_(&g, place(d(G, 1, 3), sp(G, 1), false, None)),
        Err(Illegal::Mismatch(sp(G, 2)))
    );
    assert_eq!(
        try_(&g, place(d(G, 1, 2), sp(G, 1), true, None)),
        Err(Illegal::Mismatch(sp(G, 0)))
    );
    try_(&g, place(d(G, 1, 2), sp(G, 1), false, None)).unwrap();
    // A double may go in a regular space: 2|2 can't at G1 (needs 1 and 2),
    // but 0|2 flipped at G15 (cw end 0 against 1) can't either.
    assert!(try_(&g, place(d(G, 0, 2), sp(G, 15), true, None)).is_err());
    // No pass while a tile can be placed.
    assert_eq!(try_(&g, Action::Pass), Err(Illegal::CannotPass));
    // Another seat may not act.
    assert_eq!(
        g.clone()
            .apply(&act(1, place(d(Y, 0, 0), sp(Y, 0), false, None))),
        Err(Illegal::NotYourTurn)
    );
    // A double in a regular space: 3|3 fits at G3 after 2|3.
    let mut h = playing(&[&[d(G, 3, 3), d(G, 0, 4)], &[d(Y, 0, 0)]]);
    put(&mut h, sp(G, 2), d(G, 2, 3), Some(2), Some(3));
    play(&mut h, 0, d(G, 3, 3), sp(G, 3), false, None);
}

#[test]
fn opening_is_a_double_or_zinga_in_an_empty_square_of_its_colour() {
    let mut g = playing(&[&[d(G, 1, 2), d(G, 3, 3), d(Y, 0, 4)], &[d(Y, 0, 0)]]);
    set_active(&mut g, 0, true);
    let legal = g.legal_actions(Seat(0));
    // 3|3 into any of Green's four squares, and nothing else.
    assert_eq!(legal.len(), 4, "{legal:?}");
    assert!(legal.iter().all(
        |a| matches!(a, Action::Place { tile, space, .. } if *tile == d(G, 3, 3) && space % 4 == 0)
    ));
    assert_eq!(
        g.clone()
            .apply(&act(0, place(d(G, 1, 2), sp(G, 1), false, None))),
        Err(Illegal::OpeningSquare)
    );
    g.apply(&act(0, place(d(G, 3, 3), sp(G, 8), false, None)))
        .unwrap();
    assert!(g.view(Viewer::Spectator).players[0].opened);
    // An opening square's occupied neighbours must match.
    let mut h = playing(&[&[d(O, 3, 3), d(O, 2, 2)], &[d(Y, 0, 0)]]);
    put(&mut h, sp(G, 8), d(G, 2, 2), Some(2), Some(2));
    set_active(&mut h, 0, true);
    assert_eq!(
        h.clone()
            .apply(&act(0, place(d(O, 3, 3), sp(O, 0), false, None))),
        Err(Illegal::Mismatch(sp(G, 8)))
    );
    h.apply(&act(0, place(d(O, 2, 2), sp(O, 0), false, None)))
        .unwrap();
}

#[test]
fn opening_dig_until_a_double_or_zinga_then_it_must_be_placed() {
    let mut g = playing(&[&[d(G, 1, 2), d(Y, 0, 3)], &[d(Y, 0, 0)]]);
    set_active(&mut g, 0, true);
    // Nothing can open: the seat must dig, and nothing happens until it
    // says so; a placement or a pass is refused meanwhile.
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Dig]);
    assert_eq!(
        g.clone().apply(&act(0, Action::Pass)),
        Err(Illegal::CannotPass)
    );
    assert_eq!(
        g.clone()
            .apply(&act(0, place(d(G, 1, 2), sp(G, 0), false, None))),
        Err(Illegal::OpeningSquare)
    );
    assert_eq!(
        g.clone().apply(&act(1, Action::Dig)),
        Err(Illegal::NotYourTurn)
    );
    dig(&mut g);
    assert!(g.legal_actions(Seat(0)).is_empty());
    assert_eq!(
        g.clone().apply(&act(0, Action::Dig)),
        Err(Illegal::NotYourTurn),
        "one Dig digs on: no second"
    );
    let bag = tiles::count(g.bag);
    // The dig is shown as it happens: the tile to its owner only.
    let step = Step::Chance {
        outcome: Chance::Tile(d(O, 1, 4)),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::TileDrawn {
            seat: Seat(0),
            reason: DrawReason::Dig,
            tile: None
        }
    );
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(0))),
        StepView::TileDrawn {
            seat: Seat(0),
            reason: DrawReason::Dig,
            tile: Some(d(O, 1, 4))
        }
    );
    draw(&mut g, d(O, 1, 4));
    assert_eq!(g.to_act(), ToAct::Chance, "1|4 cannot open");
    draw(&mut g, d(P_, 2, 2));
    assert_eq!(tiles::count(g.bag), bag - 2);
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(0)]
        }
    );
    let legal = g.legal_actions(Seat(0));
    assert_eq!(legal.len(), 4);
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Place { tile, .. } if *tile == d(P_, 2, 2))));
    assert_eq!(g.view(Viewer::Seat(Seat(1))).players[0].hand_size, 4);
}

const P_: u8 = 3;

#[test]
fn dig_until_playable_on_a_normal_turn() {
    let mut g = playing(&[&[d(G, 4, 4), d(G, 2, 3)], &[d(Y, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    assert_eq!(
        g.clone().apply(&act(0, Action::Pass)),
        Err(Illegal::CannotPass)
    );
    dig(&mut g);
    assert_eq!(
        g.clone().apply(&act(0, Action::Pass)),
        Err(Illegal::NotYourTurn)
    );
    draw(&mut g, d(Y, 1, 3));
    draw(&mut g, d(G, 0, 3));
    assert_eq!(g.to_act(), ToAct::Chance, "0|3 does not touch a 1");
    draw(&mut g, d(G, 1, 3));
    let legal = g.legal_actions(Seat(0));
    // 1|3 with its 1 against G0: at G1 (low end ccw) or G15 (flipped).
    assert_eq!(
        legal,
        vec![
            place(d(G, 1, 3), sp(G, 1), false, None),
            place(d(G, 1, 3), sp(G, 15), true, None),
        ]
    );
}

#[test]
fn a_dig_is_refused_while_a_tile_fits_or_the_bag_is_empty() {
    let mut g = playing(&[&[d(G, 1, 2), d(G, 0, 4)], &[d(Y, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    assert_eq!(
        g.clone().apply(&act(0, Action::Dig)),
        Err(Illegal::CannotDig),
        "1|2 fits against the 1"
    );
    let mut empty = playing(&[&[d(G, 2, 3)], &[d(Y, 0, 0)]]);
    put(&mut empty, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    empty.bag = 0;
    assert_eq!(empty.legal_actions(Seat(0)), vec![Action::Pass]);
    assert_eq!(
        empty.clone().apply(&act(0, Action::Dig)),
        Err(Illegal::CannotDig)
    );
}

#[test]
fn a_dig_that_empties_the_bag_ends_in_a_pass_and_the_next_seat_digs_by_its_own_click() {
    // Seat 0 holds 2|3 against a 1; the bag holds only 0|3 and 0|2 of
    // Green (neither fits), so its dig ends with an empty bag: it passes.
    let mut g = playing(&[&[d(G, 2, 3)], &[d(G, 3, 4)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    g.bag = set(&[d(G, 0, 3), d(G, 0, 2)]);
    dig(&mut g);
    draw(&mut g, d(G, 0, 3));
    assert_eq!(g.to_act(), ToAct::Chance);
    draw(&mut g, d(G, 0, 2));
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Pass]);
    g.apply(&act(0, Action::Pass)).unwrap();
    assert_eq!(g.legal_actions(Seat(1)), vec![Action::Pass]);
    // Had a tile been left for seat 1, it would dig by its own `Dig`: the
    // first seat's dig is over with its turn.
    let mut g = playing(&[&[d(G, 2, 3)], &[d(G, 3, 4)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    g.bag = set(&[d(G, 1, 2), d(G, 0, 2), d(Y, 2, 2)]);
    dig(&mut g);
    draw(&mut g, d(G, 1, 2));
    g.apply(&act(0, place(d(G, 1, 2), sp(G, 1), false, None)))
        .unwrap();
    assert!(!g.digging);
    assert_eq!(g.active(), Some(1));
    dig(&mut g);
}

/// Matches stored before the option (`dig_by_click` absent, read as
/// `false`) dig at once, as they were played: no `dig` step.
#[test]
fn without_dig_by_click_the_server_digs_at_once() {
    let old: Options = serde_json::from_str("{}").unwrap();
    assert!(!old.dig_by_click, "absent means the old way");
    assert!(Options::default().dig_by_click, "new rooms dig by click");
    let mut g = playing(&[&[d(G, 4, 4), d(G, 2, 3)], &[d(Y, 0, 0)]]);
    g.options = old;
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    assert_eq!(g.to_act(), ToAct::Chance);
    assert!(g.legal_actions(Seat(0)).is_empty());
    assert_eq!(
        g.clone().apply(&act(0, Action::Dig)),
        Err(Illegal::NotYourTurn)
    );
    draw(&mut g, d(G, 1, 3));
    assert_eq!(g.legal_actions(Seat(0)).len(), 2);
}

#[test]
fn pass_only_with_an_empty_bag_and_a_full_cycle_of_passes_blocks_the_round() {
    // Three seats; hands worth 5, 5 and 9; nothing fits; empty bag.
    let mut g = playing(&[&[d(G, 1, 4)], &[d(Y, 2, 3)], &[d(O, 4, 4), d(O, 0, 1)]]);
    put(&mut g, sp(G, 0), d(G, 0, 0), Some(0), Some(0));
    put(&mut g, sp(Y, 0), d(Y, 0, 0), Some(0), Some(0));
    put(&mut g, sp(O, 4), d(O, 3, 3), Some(3), Some(3));
    if let Stage::Play {
        starter, active, ..
    } = &mut g.stage
    {
        *starter = 2;
        *active = 0;
    }
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Dig], "dig, not pass");
    g.bag = 0;
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Pass]);
    g.apply(&act(0, Action::Pass)).unwrap();
    g.apply(&act(1, Action::Pass)).unwrap();
    let step = act(2, Action::Pass);
    let StepView::Passed {
        round_end: Some(summary),
        ..
    } = g.step_view(&step, Viewer::Spectator)
    else {
        panic!("the round ends");
    };
    g.apply(&step).unwrap();
    assert_eq!(summary.ended_by, RoundEnd::Blocked);
    assert_eq!(summary.hand_values, vec![5, 5, 9]);
    // Tied lowest: each scores floor(9 / 2) = 4.
    assert_eq!(summary.winners, vec![Seat(0), Seat(1)]);
    assert_eq!(summary.collected, vec![4, 4, 0]);
    assert_eq!(g.scores, vec![4, 4, 0]);
    assert_eq!(summary.hands[2], vec![d(O, 0, 1), d(O, 4, 4)]);
    // The next round: the tied player nearest clockwise from the starter
    // (seat 2) is seat 0; a fresh bag and board.
    assert_eq!(
        g.stage,
        Stage::Deal {
            starter: 0,
            dealt: 0
        }
    );
    assert_eq!(g.round, 2);
    assert_eq!(g.bag, ALL);
    assert!(g.board.iter().all(Option::is_none));
    assert_eq!(g.view(Viewer::Spectator).rounds, vec![summary]);
}

#[test]
fn a_single_lowest_hand_collects_everything_when_blocked() {
    let mut g = playing(&[&[d(G, 1, 4)], &[d(Y, 2, 4)]]);
    put(&mut g, sp(G, 0), d(G, 0, 0), Some(0), Some(0));
    put(&mut g, sp(Y, 0), d(Y, 0, 0), Some(0), Some(0));
    g.bag = 0;
    g.apply(&act(0, Action::Pass)).unwrap();
    g.apply(&act(1, Action::Pass)).unwrap();
    assert_eq!(g.scores, vec![6, 0]);
    assert_eq!(
        g.stage,
        Stage::Deal {
            starter: 0,
            dealt: 0
        }
    );
}

#[test]
fn zinga_going_out_collects_the_other_hands_and_starts_the_next_round() {
    let mut g = playing(&[&[d(G, 1, 2)], &[z(Y), d(Y, 3, 4)], &[d(O, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    g.scores = vec![10, 20, 30];
    set_active(&mut g, 0, false);
    let step = act(0, place(d(G, 1, 2), sp(G, 1), false, None));
    let StepView::Placed {
        round_end: Some(summary),
        bonus: false,
        ..
    } = g.step_view(&step, Viewer::Seat(Seat(2)))
    else {
        panic!("the round ends");
    };
    g.apply(&step).unwrap();
    assert_eq!(summary.ended_by, RoundEnd::Zinga);
    assert_eq!(summary.collected, vec![16 + 7, 0, 0]);
    assert_eq!(summary.hands[1], vec![d(Y, 3, 4), z(Y)]);
    assert_eq!(g.scores, vec![33, 20, 30]);
    assert_eq!(
        g.stage,
        Stage::Deal {
            starter: 0,
            dealt: 0
        }
    );
    // The winner starts the next round, dealt in two fours from them.
    let mut g2 = g.clone();
    if let Stage::Deal { starter, .. } = &mut g2.stage {
        *starter = 1;
    }
    for k in 0..24u8 {
        draw(&mut g2, TileId(k));
    }
    assert_eq!(g2.hands[1], set(&[0, 1, 2, 3, 12, 13, 14, 15].map(TileId)));
    assert_eq!(g2.hands[2], set(&[4, 5, 6, 7, 16, 17, 18, 19].map(TileId)));
    assert_eq!(
        g2.hands[0],
        set(&[8, 9, 10, 11, 20, 21, 22, 23].map(TileId))
    );
    assert_eq!(g2.active(), Some(1));
    assert!(g2.opening(0) && g2.opening(1) && g2.opening(2));
}

#[test]
fn the_game_ends_at_64_mid_round_through_a_circle_bonus() {
    let mut g = playing(&[&[d(G, 1, 1), d(Y, 2, 3)], &[d(Y, 0, 0)]]);
    // Green full but for G15, which 1|1 closes between 1-ends (the values
    // are set by hand: only the count of tiles matters here).
    let others: Vec<TileId> = (0..16u8).map(TileId).filter(|&t| t != d(G, 1, 1)).collect();
    for (i, &t) in (0u8..).zip(&others) {
        put(&mut g, sp(G, i), t, Some(1), Some(1));
    }
    g.scores = vec![50, 60];
    set_active(&mut g, 0, false);
    let step = act(0, place(d(G, 1, 1), sp(G, 15), false, None));
    let StepView::Placed {
        round_end: Some(summary),
        bonus: true,
        ..
    } = g.step_view(&step, Viewer::Seat(Seat(1)))
    else {
        panic!("the game ends");
    };
    g.apply(&step).unwrap();
    assert_eq!(summary.ended_by, RoundEnd::GameOver);
    assert_eq!(summary.hands[0], vec![d(Y, 2, 3)]);
    assert_eq!(g.to_act(), ToAct::Finished);
    let out = g.outcome().unwrap();
    assert_eq!(out.ranks, vec![1, 2]);
    assert_eq!(out.scorecard.players[0].total, 66);
    assert_eq!(out.scorecard.players[0].bonuses, 16);
    assert_eq!(out.scorecard.players[0].rounds, vec![16]);
    assert_eq!(g.apply(&act(1, Action::Pass)), Err(Illegal::GameOver));
}

#[test]
fn the_game_ends_when_round_scoring_reaches_64() {
    let mut g = playing(&[&[d(G, 1, 2)], &[z(Y), z(O)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    g.scores = vec![40, 63];
    play(&mut g, 0, d(G, 1, 2), sp(G, 1), false, None);
    assert_eq!(g.scores, vec![72, 63]);
    assert_eq!(g.to_act(), ToAct::Finished);
    assert_eq!(g.outcome().unwrap().ranks, vec![1, 2]);
}

#[test]
fn start_player_draw_redraws_ties_and_returns_the_tiles() {
    let mut g = Zingamino::new(&Options::default(), 3).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.chance_outcomes().len(), 64);
    // 2|2 = 4, 1|3 = 4, 0|1 = 1: a tie for the top, everyone redraws.
    let step = Step::Chance {
        outcome: Chance::Tile(d(G, 2, 2)),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Spectator),
        StepView::TileDrawn {
            seat: Seat(0),
            reason: DrawReason::StartPlayer,
            tile: Some(d(G, 2, 2))
        }
    );
    draw(&mut g, d(G, 2, 2));
    draw(&mut g, d(Y, 1, 3));
    assert_eq!(g.chance_outcomes().len(), 62);
    draw(&mut g, d(O, 0, 1));
    assert_eq!(g.bag, ALL);
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::StartDraw {
            drawn: Vec::new(),
            redraws: 1
        }
    );
    // A tie below the top does not matter: 0|1 and 1|0… 4|4 = 8 wins.
    draw(&mut g, d(G, 0, 1));
    draw(&mut g, d(Y, 0, 1));
    draw(&mut g, d(O, 4, 4));
    assert_eq!(g.bag, ALL);
    assert_eq!(
        g.stage,
        Stage::Deal {
            starter: 2,
            dealt: 0
        }
    );
    // A Zinga (16) beats 4|4 (8).
    let mut h = Zingamino::new(&Options::default(), 2).unwrap();
    draw(&mut h, d(G, 4, 4));
    draw(&mut h, z(P_));
    assert_eq!(
        h.stage,
        Stage::Deal {
            starter: 1,
            dealt: 0
        }
    );
    // A tile not in the bag is refused.
    let mut k = Zingamino::new(&Options::default(), 2).unwrap();
    draw(&mut k, d(G, 4, 4));
    assert_eq!(
        k.apply(&Step::Chance {
            outcome: Chance::Tile(d(G, 4, 4))
        }),
        Err(Illegal::ImpossibleOutcome)
    );
    assert_eq!(
        k.apply(&Step::Chance {
            outcome: Chance::Tile(TileId(64))
        }),
        Err(Illegal::ImpossibleOutcome)
    );
}

#[test]
fn eight_players_empty_the_bag_in_the_deal_and_hands_stay_hidden() {
    let mut g = Zingamino::new(&Options::default(), 8).unwrap();
    for s in 0..8u8 {
        draw(&mut g, TileId(s * 2));
    }
    // Values 0, 2, 4, 1, 3, 2, 4, 6 (0|0, 0|2, 0|4, 1|2, 1|4, 2|3, 3|3, 0|1 …)
    let Stage::Deal { starter, .. } = g.stage else {
        panic!("{:?}", g.stage);
    };
    for _ in 0..64 {
        let (t, _) = g.chance_outcomes()[0];
        g.apply(&Step::Chance { outcome: t }).unwrap();
    }
    assert_eq!(g.bag, 0);
    assert!(g.hands.iter().all(|h| tiles::count(*h) == 8));
    assert_eq!(g.active(), Some(starter));
    let v = g.view(Viewer::Seat(Seat(3)));
    assert_eq!(v.hand.unwrap().len(), 8);
    assert!(v.players.iter().all(|p| p.hand_size == 8));
    assert_eq!(g.view(Viewer::Spectator).hand, None);
    assert_eq!(v.bag, 0);
    // Those without a double or Zinga pass their opening.
    let a = g.active().unwrap();
    if g.placements(g.hands[usize::from(a)], true, true).is_empty() {
        assert_eq!(g.legal_actions(Seat(a)), vec![Action::Pass]);
    }
}

#[test]
fn refused_steps_change_nothing() {
    let mut g = playing(&[&[d(G, 1, 2)], &[d(Y, 0, 0)]]);
    put(&mut g, sp(G, 0), d(G, 1, 1), Some(1), Some(1));
    for step in [
        act(0, place(d(G, 1, 2), 99, false, None)),
        act(0, place(TileId(200), 0, false, None)),
        act(1, Action::Pass),
        Step::Chance {
            outcome: Chance::Tile(d(O, 0, 0)),
        },
    ] {
        let mut h = g.clone();
        assert!(h.apply(&step).is_err(), "{step:?}");
        assert_eq!(h, g);
    }
}

#[test]
fn a_zinga_fixed_by_its_ring_neighbour_fixes_an_unassigned_partner() {
    let mut g = playing(&[&[z(G), d(G, 0, 0)], &[z(Y), d(Y, 0, 0)]]);
    // Seat 1 opens with the Yellow Zinga at Y12, touching nothing.
    set_active(&mut g, 1, true);
    g.apply(&act(1, place(z(Y), sp(Y, 12), false, None)))
        .unwrap();
    assert_eq!(cell(&g, sp(Y, 12)), (None, None));
    put(&mut g, sp(G, 3), d(G, 2, 4), Some(4), Some(2));
    // The Green Zinga at G4 takes 2 from G3: no value to declare, and the
    // unassigned Yellow Zinga across the bridge takes 2 as well.
    set_active(&mut g, 0, false);
    assert_eq!(
        g.clone()
            .apply(&act(0, place(z(G), sp(G, 4), false, Some(2)))),
        Err(Illegal::Declaration)
    );
    play(&mut g, 0, z(G), sp(G, 4), false, None);
    assert_eq!(cell(&g, sp(G, 4)), (Some(2), Some(2)));
    assert_eq!(cell(&g, sp(Y, 12)), (Some(2), Some(2)));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.board[usize::from(sp(Y, 12))].unwrap().cw, Some(2));
}

#[test]
fn hands_are_seen_by_their_owners_only() {
    let g = playing(&[&[d(G, 1, 2), z(O)], &[d(Y, 0, 0)]]);
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).hand,
        Some(vec![d(G, 1, 2), z(O)])
    );
    assert_eq!(g.view(Viewer::Seat(Seat(1))).hand, Some(vec![d(Y, 0, 0)]));
    assert_eq!(g.view(Viewer::Spectator).hand, None);
    let v = g.view(Viewer::Seat(Seat(1)));
    assert_eq!(v.players[0].hand_size, 2);
    assert_eq!(v.bag, 61);
    assert!(v.rounds.is_empty());
}

/// Along random playouts, every combination of a held tile, a space, an
/// orientation and a declared value is accepted exactly when it is listed.
#[test]
fn legal_actions_list_exactly_the_accepted_placements() {
    use rand::{Rng, SeedableRng};
    let mut checked = 0;
    for seed in 0..12u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let seats = [2u8, 3, 5, 8][usize::try_from(seed % 4).unwrap()];
        let mut g = Zingamino::new(&Options::default(), seats).unwrap();
        loop {
            let step = match g.to_act() {
                ToAct::Finished => break,
                ToAct::Chance => {
                    let o = g.chance_outcomes();
                    Step::Chance {
                        outcome: o[rng.random_range(0..o.len())].0,
                    }
                }
                ToAct::Seats { seats } => {
                    let seat = seats[0];
                    let legal = g.legal_actions(seat);
                    if rng.random_ratio(1, 4) {
                        checked += 1;
                        let hand = g.hands[usize::from(seat.0)];
                        let mut accepted = Vec::new();
                        for tile in tiles::tiles_of(hand) {
                            for space in 0..64u8 {
                                for flip in [false, true] {
                                    for value in [None, Some(0), Some(1), Some(2), Some(3), Some(4)]
                                    {
                                        let a = place(tile, space, flip, value);
                                        if g.clone().apply(&act(seat.0, a)).is_ok() {
                                            accepted.push(a);
                                        }
                                    }
                                }
                            }
                        }
                        if accepted.is_empty() && g.bag == 0 {
                            assert_eq!(legal, vec![Action::Pass]);
                        } else if accepted.is_empty() {
                            assert_eq!(legal, vec![Action::Dig]);
                        } else {
                            assert_eq!(legal, accepted);
                        }
                    }
                    Step::Act {
                        seat,
                        action: legal[rng.random_range(0..legal.len())],
                    }
                }
            };
            g.apply(&step).unwrap();
        }
    }
    assert!(checked > 200, "{checked}");
}
