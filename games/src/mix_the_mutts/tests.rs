//! Scenario tests: chosen chance outcomes are injected as `Step::Chance`.
//!
//! The standard table: M01 at (0,0) and M02 at (1,0), both unrotated; M08
//! face up. The open hexes are then (1,-1) and (0,1). M08 on (1,-1) creates
//! two combos, towards (0,0) (SW, combo 0) and towards (1,0) (SE, combo 1):
//! - rotation 0: POM head × POO tail, and BEA head × POM tail (mixed);
//! - rotation 4: POO × POO and BEA × BEA (purebreeds).
//!
//! Card ids: POO 0–15, BEA 16–29, PUG 30–41, DAC 42–51, SCH 52–59,
//! POM 60–65, DAL 66–69, CHI 70–71.

use parlor_protocol::mix_the_mutts::{
    Action, Breed, CardId, ClaimSpec, Combo, Hex, Options, Phase, RevealedClaim, StepView, TileId,
    View,
};
use parlor_protocol::{Seat, ToAct, Viewer};

use super::tiles::{self, BREEDS, CARD_COUNT, TILE_COUNT};
use super::{Chance, Illegal, MixTheMutts};
use crate::game::{Game, SetupError, Step};

const NORTH: Hex = Hex { q: 1, r: -1 };
const SOUTH: Hex = Hex { q: 0, r: 1 };

fn opts(junior: bool, first: Option<u8>) -> Options {
    Options {
        junior,
        first_player: first.map(Seat),
        response_timer_secs: Some(60),
    }
}

fn chance(g: &mut MixTheMutts, outcome: Chance) {
    g.apply(&Step::Chance { outcome })
        .unwrap_or_else(|e| panic!("{outcome:?} refused: {e}"));
}

fn act(g: &mut MixTheMutts, seat: u8, action: Action) {
    g.apply(&Step::Act {
        seat: Seat(seat),
        action: action.clone(),
    })
    .unwrap_or_else(|e| panic!("seat {seat} {action:?} refused: {e}"));
}

/// Asserts the step is refused with `want` and changes nothing.
fn refused(g: &MixTheMutts, step: Step<Action, Chance>, want: Illegal) {
    let mut probe = g.clone();
    assert_eq!(probe.apply(&step), Err(want), "{step:?}");
    assert_eq!(&probe, g, "refused {step:?} changed the state");
    // Describing a refused step must not panic either.
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(9)),
    ] {
        let _ = g.step_view(&step, viewer);
    }
}

fn refused_act(g: &MixTheMutts, seat: u8, action: Action, want: Illegal) {
    refused(
        g,
        Step::Act {
            seat: Seat(seat),
            action,
        },
        want,
    );
}

fn claim(combo: u8, cards: [u8; 2]) -> ClaimSpec {
    ClaimSpec {
        combo,
        cards: cards.map(CardId).to_vec(),
    }
}

fn answer(claims: Vec<ClaimSpec>) -> Action {
    Action::Answer { claims }
}

fn pass() -> Action {
    answer(Vec::new())
}

fn connect(at: Hex, rotation: u8) -> Action {
    Action::Connect { at, rotation }
}

/// A table with M01 and M02 placed unrotated, `up` face up, `hands` dealt
/// (one card per step, round the table) and seat 0 to start (by option, or
/// drawn when `first` is `None`).
fn table(seats: u8, junior: bool, up: u8, hands: &[[u8; 4]]) -> MixTheMutts {
    let mut g = MixTheMutts::new(&opts(junior, Some(0)), seats).expect("setup");
    for tile in [1, 2] {
        chance(
            &mut g,
            Chance::SetupTile {
                tile: TileId(tile),
                rotation: 0,
            },
        );
    }
    chance(&mut g, Chance::Tile(TileId(up)));
    for round in 0..4 {
        for hand in hands {
            chance(&mut g, Chance::Card(CardId(hand[round])));
        }
    }
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(0)]
        }
    );
    g
}

fn view(g: &MixTheMutts, seat: u8) -> View {
    g.view(Viewer::Seat(Seat(seat)))
}

fn hand_ids(g: &MixTheMutts, seat: u8) -> Vec<u8> {
    view(g, seat)
        .hand
        .unwrap_or_default()
        .iter()
        .map(|c| c.id.0)
        .collect()
}

fn scored_ids(g: &MixTheMutts, seat: u8) -> Vec<u8> {
    view(g, 0)
        .players
        .get(usize::from(seat))
        .map(|p| p.scoring.iter().map(|c| c.id.0).collect())
        .unwrap_or_default()
}

fn combos(g: &MixTheMutts) -> Vec<(Breed, Breed)> {
    match view(g, 0).phase {
        Phase::Window(w) => w.combos.iter().map(|c| (c.head, c.tail)).collect(),
        other => panic!("no window: {other:?}"),
    }
}

fn to_act(g: &MixTheMutts) -> Vec<u8> {
    match g.to_act() {
        ToAct::Seats { seats } => seats.iter().map(|s| s.0).collect(),
        other => panic!("no seat to act: {other:?}"),
    }
}

/// Turns up the lowest tile left (between turns).
fn reveal_lowest(g: &mut MixTheMutts) {
    let outcomes = g.chance_outcomes();
    let (outcome, _) = outcomes.first().copied().expect("a tile to reveal");
    assert!(matches!(outcome, Chance::Tile(_)), "{outcome:?}");
    chance(g, outcome);
}

/// The active player connects on the first open hex; everyone passes; the
/// next tile (if any) is turned up.
fn connect_and_pass(g: &mut MixTheMutts) {
    let [active] = to_act(g)[..] else {
        panic!("not a turn");
    };
    let at = *view(g, 0).open_hexes.first().expect("an open hex");
    act(g, active, connect(at, 0));
    for seat in to_act(g) {
        act(g, seat, pass());
    }
    if g.to_act() == ToAct::Chance {
        reveal_lowest(g);
    }
}

#[test]
fn the_components_match_the_rulings() {
    // 72 cards: 16/14/…/2, values 1..8.
    let mut per_breed = [0u32; 8];
    for id in 0..CARD_COUNT {
        let breed = tiles::card_breed(CardId(id)).expect("a card");
        per_breed[tiles::breed_index(breed)] += 1;
    }
    assert_eq!(per_breed, [16, 14, 12, 10, 8, 6, 4, 2]);
    assert_eq!(tiles::card_breed(CardId(CARD_COUNT)), None);
    let values: Vec<u32> = BREEDS.iter().map(|b| tiles::value(*b)).collect();
    assert_eq!(values, (1..=8).collect::<Vec<u32>>());
    // 12 distinct tiles; each breed shows half its card count as heads (even
    // edges) and half as tails (odd edges); 3 distinct heads and tails each.
    let (mut heads, mut tails) = ([0u32; 8], [0u32; 8]);
    let mut seen = Vec::new();
    for id in 1..=TILE_COUNT {
        let edges = tiles::edges(TileId(id)).expect("a tile");
        assert!(!seen.contains(edges), "M{id:02} repeats a tile");
        seen.push(*edges);
        let mut h: Vec<Breed> = edges.iter().step_by(2).copied().collect();
        let mut t: Vec<Breed> = edges.iter().skip(1).step_by(2).copied().collect();
        for b in &h {
            heads[tiles::breed_index(*b)] += 1;
        }
        for b in &t {
            tails[tiles::breed_index(*b)] += 1;
        }
        h.sort();
        h.dedup();
        t.sort();
        t.dedup();
        assert_eq!((h.len(), t.len()), (3, 3), "M{id:02}");
    }
    assert_eq!(heads, [8, 7, 6, 5, 4, 3, 2, 1]);
    assert_eq!(tails, heads);
    assert!(tiles::edges(TileId(0)).is_none() && tiles::edges(TileId(13)).is_none());
}

#[test]
fn setup_is_one_chance_step_per_tile_card_and_seat() {
    assert!(matches!(
        MixTheMutts::new(&Options::default(), 1),
        Err(SetupError::PlayerCount { got: 1, .. })
    ));
    assert!(MixTheMutts::new(&Options::default(), 5).is_err());
    assert_eq!(
        MixTheMutts::new(&opts(false, Some(3)), 3),
        Err(SetupError::FirstPlayer {
            seat: Seat(3),
            seats: 3
        })
    );
    let mut g = MixTheMutts::new(&Options::default(), 3).expect("3 players");
    assert_eq!(g.to_act(), ToAct::Chance);
    // 12 tiles × 3 rotations for the first setup tile, 11 × 3 for the second.
    assert_eq!(g.chance_outcomes().len(), 36);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::SetupTile {
                tile: TileId(1),
                rotation: 1,
            },
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(CardId(0)),
        },
        Illegal::ImpossibleOutcome,
    );
    refused_act(&g, 0, Action::DrawTwo, Illegal::NotYourTurn);
    let first = Step::Chance {
        outcome: Chance::SetupTile {
            tile: TileId(5),
            rotation: 2,
        },
    };
    assert_eq!(
        g.step_view(&first, Viewer::Spectator),
        StepView::SetupTile {
            tile: parlor_protocol::mix_the_mutts::PlacedTile {
                face: tiles::face(TileId(5)),
                at: Hex { q: 0, r: 0 },
                rotation: 2
            }
        }
    );
    g.apply(&first).expect("first tile");
    assert_eq!(g.chance_outcomes().len(), 33);
    refused(&g, first.clone(), Illegal::ImpossibleOutcome);
    chance(
        &mut g,
        Chance::SetupTile {
            tile: TileId(7),
            rotation: 4,
        },
    );
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.board.len(), 2);
    assert_eq!(v.board[1].at, Hex { q: 1, r: 0 });
    assert_eq!(v.open_hexes, vec![Hex { q: 0, r: 1 }, NORTH]);
    assert_eq!(v.phase, Phase::Setup);
    // The next tile: any of the 10 left.
    assert_eq!(g.chance_outcomes().len(), 10);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Tile(TileId(5)),
        },
        Illegal::ImpossibleOutcome,
    );
    chance(&mut g, Chance::Tile(TileId(12)));
    assert_eq!(g.view(Viewer::Spectator).stack, 9);
    // 4 cards each, round the table; each shown to its owner only.
    for k in 0..12u8 {
        assert_eq!(g.chance_outcomes().len(), usize::from(72 - k));
        let step = Step::Chance {
            outcome: Chance::Card(CardId(k * 5)),
        };
        let owner = Seat(k % 3);
        for s in 0..3 {
            let shown = g.step_view(&step, Viewer::Seat(Seat(s)));
            let card = (s == owner.0).then(|| tiles::card(CardId(k * 5))).flatten();
            assert_eq!(shown, StepView::CardTo { seat: owner, card });
        }
        assert_eq!(
            g.step_view(&step, Viewer::Spectator),
            StepView::CardTo {
                seat: owner,
                card: None
            }
        );
        g.apply(&step).expect("deal");
    }
    assert_eq!(hand_ids(&g, 1), vec![5, 20, 35, 50]);
    assert_eq!(g.view(Viewer::Spectator).hand, None);
    assert_eq!(g.view(Viewer::Spectator).pile, 60);
    // No first player chosen: chance draws one.
    let seats: Vec<Chance> = g.chance_outcomes().into_iter().map(|(c, _)| c).collect();
    assert_eq!(
        seats,
        (0..3)
            .map(|s| Chance::FirstPlayer(Seat(s)))
            .collect::<Vec<_>>()
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::FirstPlayer(Seat(3)),
        },
        Illegal::ImpossibleOutcome,
    );
    chance(&mut g, Chance::FirstPlayer(Seat(2)));
    assert_eq!(to_act(&g), vec![2]);
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn { active: Seat(2) }
    );
    // With the option set, no draw: the chosen seat starts after the deal.
    let g = table(2, false, 8, &[[0, 1, 2, 3], [4, 5, 6, 7]]);
    assert_eq!(to_act(&g), vec![0]);
}

#[test]
fn a_tile_must_touch_two_tiles_with_an_even_rotation() {
    let g = table(2, false, 8, &[[0, 1, 2, 3], [4, 5, 6, 7]]);
    let east = Hex { q: 2, r: 0 };
    refused_act(
        &g,
        0,
        connect(east, 0),
        Illegal::TouchesTooFew {
            q: 2,
            r: 0,
            touching: 1,
        },
    );
    refused_act(
        &g,
        0,
        connect(Hex { q: 5, r: 5 }, 0),
        Illegal::TouchesTooFew {
            q: 5,
            r: 5,
            touching: 0,
        },
    );
    for (q, r) in [(127, 127), (-128, -128), (127, -128), (-128, 127)] {
        refused_act(
            &g,
            0,
            connect(Hex { q, r }, 2),
            Illegal::TouchesTooFew { q, r, touching: 0 },
        );
    }
    refused_act(
        &g,
        0,
        connect(Hex { q: 1, r: 0 }, 0),
        Illegal::HexTaken { q: 1, r: 0 },
    );
    // Odd rotations put a head against a head.
    for rotation in [1, 3, 5] {
        refused_act(
            &g,
            0,
            connect(NORTH, rotation),
            Illegal::OddRotation(rotation),
        );
    }
    for rotation in [6, 7, 255] {
        refused_act(
            &g,
            0,
            connect(NORTH, rotation),
            Illegal::BadRotation(rotation),
        );
    }
    refused_act(&g, 1, connect(NORTH, 0), Illegal::NotYourTurn);
    refused_act(&g, 0, pass(), Illegal::NoWindow);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(CardId(60)),
        },
        Illegal::UnexpectedChance,
    );
    // Every legal connect: 2 open hexes × rotations 0, 2, 4, then draw two.
    let legal = g.legal_actions(Seat(0));
    assert_eq!(
        legal,
        vec![
            connect(SOUTH, 0),
            connect(SOUTH, 2),
            connect(SOUTH, 4),
            connect(NORTH, 0),
            connect(NORTH, 2),
            connect(NORTH, 4),
            Action::DrawTwo,
        ]
    );
    assert!(g.legal_actions(Seat(1)).is_empty());
    // Each rotation makes every shared edge a head against a tail.
    for (rotation, want) in [
        (
            0,
            [
                (Breed::Pomeranian, Breed::Poodle),
                (Breed::Beagle, Breed::Pomeranian),
            ],
        ),
        (
            2,
            [(Breed::Pug, Breed::Poodle), (Breed::Beagle, Breed::Pug)],
        ),
        (
            4,
            [
                (Breed::Poodle, Breed::Poodle),
                (Breed::Beagle, Breed::Beagle),
            ],
        ),
    ] {
        let mut h = g.clone();
        let step = Step::Act {
            seat: Seat(0),
            action: connect(NORTH, rotation),
        };
        let StepView::Connected { combos: shown, .. } = h.step_view(&step, Viewer::Spectator)
        else {
            panic!("not a connection");
        };
        h.apply(&step).expect("connect");
        assert_eq!(combos(&h), want.to_vec(), "rotation {rotation}");
        assert_eq!(
            shown,
            vec![
                Combo {
                    index: 0,
                    at: NORTH,
                    dir: 4,
                    head: want[0].0,
                    tail: want[0].1
                },
                Combo {
                    index: 1,
                    at: NORTH,
                    dir: 5,
                    head: want[1].0,
                    tail: want[1].1
                },
            ]
        );
        assert_eq!(to_act(&h), vec![0, 1]);
        let v = view(&h, 0);
        assert_eq!(v.next_tile, None);
        assert_eq!(v.stack, 9);
        assert_eq!(v.board.len(), 3);
    }
}

#[test]
fn purebreed_and_mixed_combos_need_the_right_two_cards() {
    // Seat 0: POO 0, 1; BEA 16; POM 60. Seat 1: POO 2; BEA 17, 18; POM 61.
    let start = table(2, false, 8, &[[0, 1, 16, 60], [2, 17, 18, 61]]);
    // Purebreeds: POO × POO (0) and BEA × BEA (1).
    let mut g = start.clone();
    act(&mut g, 0, connect(NORTH, 4));
    refused_act(
        &g,
        0,
        answer(vec![claim(0, [0, 16])]),
        Illegal::Mismatch {
            combo: 0,
            head: Breed::Poodle,
            tail: Breed::Poodle,
        },
    );
    refused_act(
        &g,
        1,
        answer(vec![claim(1, [17, 2])]),
        Illegal::Mismatch {
            combo: 1,
            head: Breed::Beagle,
            tail: Breed::Beagle,
        },
    );
    assert_eq!(
        Illegal::Mismatch {
            combo: 1,
            head: Breed::Beagle,
            tail: Breed::Beagle
        }
        .to_string(),
        "combo 1 needs two Beagle cards"
    );
    refused_act(&g, 0, answer(vec![claim(0, [0, 0])]), Illegal::CardTwice(0));
    refused_act(
        &g,
        0,
        answer(vec![ClaimSpec {
            combo: 0,
            cards: vec![CardId(0)],
        }]),
        Illegal::TwoCards { combo: 0, got: 1 },
    );
    refused_act(
        &g,
        0,
        answer(vec![ClaimSpec {
            combo: 0,
            cards: vec![CardId(0), CardId(1), CardId(2)],
        }]),
        Illegal::TwoCards { combo: 0, got: 3 },
    );
    // Seat 1's poodle: "you don't hold it", nothing about where it is.
    refused_act(&g, 0, answer(vec![claim(0, [0, 2])]), Illegal::NotInHand(2));
    assert_eq!(Illegal::NotInHand(2).to_string(), "you don't hold card 2");
    refused_act(
        &g,
        0,
        answer(vec![claim(0, [0, 72])]),
        Illegal::NoSuchCard(72),
    );
    refused_act(
        &g,
        0,
        answer(vec![claim(2, [0, 1])]),
        Illegal::NoSuchCombo(2),
    );
    refused_act(
        &g,
        0,
        answer(vec![claim(255, [0, 1])]),
        Illegal::NoSuchCombo(255),
    );
    act(&mut g, 0, answer(vec![claim(0, [1, 0])]));
    act(&mut g, 1, answer(vec![claim(1, [18, 17])]));
    assert_eq!(scored_ids(&g, 0), vec![1, 0]);
    assert_eq!(scored_ids(&g, 1), vec![18, 17]);
    assert_eq!(hand_ids(&g, 0), vec![16, 60]);
    assert_eq!(hand_ids(&g, 1), vec![2, 61]);

    // Mixed: POM head × POO tail (0), BEA head × POM tail (1). Either order.
    let mut g = start;
    act(&mut g, 0, connect(NORTH, 0));
    refused_act(
        &g,
        0,
        answer(vec![claim(0, [0, 1])]),
        Illegal::Mismatch {
            combo: 0,
            head: Breed::Pomeranian,
            tail: Breed::Poodle,
        },
    );
    refused_act(
        &g,
        1,
        answer(vec![claim(1, [17, 18])]),
        Illegal::Mismatch {
            combo: 1,
            head: Breed::Beagle,
            tail: Breed::Pomeranian,
        },
    );
    act(&mut g, 0, answer(vec![claim(0, [0, 60])]));
    act(&mut g, 1, answer(vec![claim(1, [61, 17])]));
    assert_eq!(scored_ids(&g, 0), vec![0, 60]);
    assert_eq!(scored_ids(&g, 1), vec![61, 17]);
    let points: Vec<u32> = view(&g, 1).players.iter().map(|p| p.points).collect();
    assert_eq!(points, vec![1 + 6, 6 + 2]);
}

#[test]
fn the_active_player_may_score_several_combos_others_one() {
    // Both seats could cover both mixed combos: POM 60, 61 + POO + BEA.
    let mut g = table(
        3,
        false,
        8,
        &[[60, 0, 61, 16], [62, 1, 63, 17], [64, 2, 3, 4]],
    );
    act(&mut g, 0, connect(NORTH, 0));
    assert_eq!(to_act(&g), vec![0, 1, 2]);
    // Listed: the pass, each single claim, and the double for the active.
    let both = answer(vec![claim(0, [60, 0]), claim(1, [16, 61])]);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            pass(),
            answer(vec![claim(0, [60, 0])]),
            answer(vec![claim(0, [61, 0])]),
            answer(vec![claim(1, [16, 60])]),
            answer(vec![claim(1, [16, 61])]),
            both.clone(),
        ]
    );
    assert_eq!(g.legal_actions(Seat(1)).len(), 5, "no double for seat 1");
    // Seat 2: POM 64 with three poodles.
    assert_eq!(
        g.legal_actions(Seat(2)),
        vec![
            pass(),
            answer(vec![claim(0, [64, 2])]),
            answer(vec![claim(0, [64, 3])]),
            answer(vec![claim(0, [64, 4])]),
        ]
    );
    for seat in 0..3 {
        for action in g.legal_actions(Seat(seat)) {
            let mut h = g.clone();
            act(&mut h, seat, action);
        }
    }
    refused_act(
        &g,
        1,
        answer(vec![claim(0, [62, 1]), claim(1, [17, 63])]),
        Illegal::OneClaimOnly,
    );
    refused_act(
        &g,
        0,
        answer(vec![claim(0, [60, 0]), claim(0, [61, 16])]),
        Illegal::ComboTwice(0),
    );
    act(&mut g, 0, both);
    act(&mut g, 1, answer(vec![claim(1, [17, 63])]));
    act(&mut g, 2, answer(vec![claim(0, [64, 3])]));
    assert_eq!(scored_ids(&g, 0), vec![60, 0, 16, 61]);
    assert_eq!(hand_ids(&g, 0), Vec::<u8>::new());
    assert_eq!(scored_ids(&g, 1), vec![17, 63]);
    assert_eq!(scored_ids(&g, 2), vec![64, 3]);
    let v = view(&g, 2);
    let sizes: Vec<u8> = v.players.iter().map(|p| p.hand_size).collect();
    assert_eq!(sizes, vec![0, 2, 2]);
    assert_eq!(v.players[0].points, 6 + 1 + 2 + 6);
}

#[test]
fn a_card_serves_once() {
    let mut g = table(2, false, 8, &[[60, 0, 61, 16], [2, 17, 18, 62]]);
    act(&mut g, 0, connect(NORTH, 0));
    // Card 60 in both claims.
    refused_act(
        &g,
        0,
        answer(vec![claim(0, [60, 0]), claim(1, [16, 60])]),
        Illegal::CardTwice(60),
    );
    act(&mut g, 0, answer(vec![claim(0, [60, 0])]));
    refused_act(&g, 0, pass(), Illegal::AlreadyAnswered);
    refused_act(&g, 0, Action::DrawTwo, Illegal::NotYourTurn);
    refused_act(&g, 1, connect(SOUTH, 0), Illegal::WindowOpen);
    act(&mut g, 1, pass());
    // Card 60 is in seat 0's scoring stack now: gone from the hand.
    reveal_lowest(&mut g);
    act(&mut g, 1, Action::DrawTwo);
    chance(&mut g, Chance::Card(CardId(63)));
    chance(&mut g, Chance::Card(CardId(19)));
    assert_eq!(to_act(&g), vec![0]);
    // Seat 0 connects M03 anywhere and tries to claim with card 60 again.
    let at = view(&g, 0).open_hexes[0];
    act(&mut g, 0, connect(at, 0));
    let w = match view(&g, 0).phase {
        Phase::Window(w) => w,
        other => panic!("{other:?}"),
    };
    refused_act(
        &g,
        0,
        answer(vec![ClaimSpec {
            combo: w.combos[0].index,
            cards: vec![CardId(60), CardId(61)],
        }]),
        Illegal::NotInHand(60),
    );
}

#[test]
fn several_players_may_claim_the_same_combo() {
    let mut g = table(
        4,
        false,
        8,
        &[
            [60, 0, 30, 31],
            [61, 1, 32, 33],
            [62, 2, 34, 35],
            [63, 3, 36, 37],
        ],
    );
    act(&mut g, 0, connect(NORTH, 0));
    // Answer out of seat order; the reveal lists the active player first,
    // then clockwise.
    act(&mut g, 2, answer(vec![claim(0, [62, 2])]));
    act(&mut g, 1, answer(vec![claim(0, [1, 61])]));
    act(&mut g, 3, answer(vec![claim(0, [63, 3])]));
    let last = Step::Act {
        seat: Seat(0),
        action: answer(vec![claim(0, [60, 0])]),
    };
    let StepView::Answered {
        revealed: Some(revealed),
        ..
    } = g.step_view(&last, Viewer::Spectator)
    else {
        panic!("the last answer reveals");
    };
    g.apply(&last).expect("close");
    let seats: Vec<u8> = revealed.iter().map(|c| c.seat.0).collect();
    assert_eq!(seats, vec![0, 1, 2, 3]);
    assert!(revealed.iter().all(|c| c.combo == 0));
    assert_eq!(view(&g, 3).last_claims, revealed);
    for seat in 0..4 {
        assert_eq!(scored_ids(&g, seat).len(), 2, "seat {seat}");
    }
    assert_eq!(scored_ids(&g, 1), vec![1, 61]);
    // Turn passes clockwise after the next tile is turned up.
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(view(&g, 0).phase, Phase::Turn { active: Seat(1) });
    reveal_lowest(&mut g);
    assert_eq!(to_act(&g), vec![1]);
}

#[test]
fn a_missing_answer_times_out_as_a_pass() {
    let mut g = table(
        3,
        false,
        8,
        &[[60, 0, 30, 31], [61, 1, 32, 33], [62, 2, 34, 35]],
    );
    assert_eq!(g.timeout_action(Seat(0)), None, "not in a window");
    act(&mut g, 0, connect(NORTH, 0));
    act(&mut g, 1, answer(vec![claim(0, [61, 1])]));
    assert_eq!(g.timeout_action(Seat(1)), None, "seat 1 has answered");
    assert_eq!(g.timeout_action(Seat(7)), None, "no such seat");
    for seat in [0, 2] {
        let timeout = g.timeout_action(Seat(seat)).expect("owes an answer");
        assert_eq!(timeout, pass());
        act(&mut g, seat, timeout);
    }
    assert_eq!(scored_ids(&g, 0), Vec::<u8>::new());
    assert_eq!(scored_ids(&g, 1), vec![61, 1]);
    assert_eq!(hand_ids(&g, 0), vec![0, 30, 31, 60]);
    assert_eq!(
        view(&g, 0).last_claims,
        vec![RevealedClaim {
            seat: Seat(1),
            combo: 0,
            cards: [61, 1]
                .iter()
                .filter_map(|c| tiles::card(CardId(*c)))
                .collect(),
        }]
    );
}

#[test]
fn drawing_stops_when_the_pile_is_empty() {
    let mut g = table(2, false, 8, &[[0, 1, 2, 3], [4, 5, 6, 7]]);
    assert_eq!(view(&g, 0).pile, 64);
    let step = Step::Act {
        seat: Seat(0),
        action: Action::DrawTwo,
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::DrewTwo { seat: Seat(0) }
    );
    for turn in 0..32u8 {
        let seat = turn % 2;
        act(&mut g, seat, Action::DrawTwo);
        for _ in 0..2 {
            assert_eq!(g.to_act(), ToAct::Chance);
            let (card, _) = g.chance_outcomes()[0];
            let seen = g.step_view(
                &Step::Chance { outcome: card },
                Viewer::Seat(Seat(1 - seat)),
            );
            assert_eq!(
                seen,
                StepView::CardTo {
                    seat: Seat(seat),
                    card: None
                }
            );
            chance(&mut g, card);
        }
        // The face-up tile stays; the turn passes.
        assert_eq!(view(&g, 0).next_tile, Some(tiles::face(TileId(8))));
        assert_eq!(to_act(&g), vec![1 - seat]);
    }
    assert_eq!(view(&g, 0).pile, 0);
    assert_eq!(view(&g, 1).players[0].hand_size, 36);
    refused_act(&g, 0, Action::DrawTwo, Illegal::PileEmpty);
    let legal = g.legal_actions(Seat(0));
    assert!(!legal.contains(&Action::DrawTwo));
    assert!(legal.iter().all(|a| matches!(a, Action::Connect { .. })));
}

#[test]
fn drawing_from_a_one_card_pile_draws_one() {
    // Deals and draws take cards in pairs, so the pile is even in play; the
    // ruling (draw what is left) is checked on a constructed state.
    let mut g = table(2, false, 8, &[[0, 1, 2, 3], [4, 5, 6, 7]]);
    let all_but_71 = super::tiles::ALL_CARDS & !(1u128 << 71);
    g.hands[1] = all_but_71 & !g.hands[0];
    assert_eq!(view(&g, 0).pile, 1);
    act(&mut g, 0, Action::DrawTwo);
    assert_eq!(g.chance_outcomes(), vec![(Chance::Card(CardId(71)), 1)]);
    chance(&mut g, Chance::Card(CardId(71)));
    assert_eq!(to_act(&g), vec![1]);
    assert_eq!(hand_ids(&g, 0), vec![0, 1, 2, 3, 71]);
    assert_eq!(view(&g, 0).pile, 0);
    refused_act(&g, 1, Action::DrawTwo, Illegal::PileEmpty);
}

/// Seat 0 scores both purebreeds (POO×2, BEA×2: 4 cards, 6 points); seat 1
/// scores PUG × SCH (2 cards, 8 points) with M09 on (0,1); the other 8
/// placements pass.
fn scored_game(junior: bool) -> MixTheMutts {
    let mut g = table(2, junior, 8, &[[0, 1, 16, 17], [30, 52, 42, 2]]);
    act(&mut g, 0, connect(NORTH, 4));
    act(
        &mut g,
        0,
        answer(vec![claim(0, [0, 1]), claim(1, [16, 17])]),
    );
    act(&mut g, 1, pass());
    chance(&mut g, Chance::Tile(TileId(9)));
    act(&mut g, 1, connect(SOUTH, 0));
    assert_eq!(
        combos(&g),
        vec![
            (Breed::Dachshund, Breed::Poodle),
            (Breed::Pug, Breed::Schnauzer)
        ]
    );
    act(&mut g, 0, pass());
    act(&mut g, 1, answer(vec![claim(1, [30, 52])]));
    reveal_lowest(&mut g);
    for placement in 3..=10 {
        assert_eq!(view(&g, 0).stack, 10 - placement);
        connect_and_pass(&mut g);
    }
    g
}

#[test]
fn the_game_ends_after_the_tenth_placements_window() {
    let mut g = table(2, false, 8, &[[0, 1, 2, 3], [4, 5, 6, 7]]);
    for placement in 1..=10 {
        assert_eq!(view(&g, 0).board.len(), 2 + placement - 1);
        assert!(g.outcome().is_none());
        let [active] = to_act(&g)[..] else {
            panic!("not a turn");
        };
        assert_eq!(active, u8::try_from((placement - 1) % 2).unwrap_or(9));
        let at = view(&g, 0).open_hexes[0];
        act(&mut g, active, connect(at, 2));
        act(&mut g, 0, pass());
        if placement < 10 {
            assert_eq!(
                g.to_act(),
                ToAct::Seats {
                    seats: vec![Seat(1)]
                }
            );
            act(&mut g, 1, pass());
            assert_eq!(g.to_act(), ToAct::Chance);
            reveal_lowest(&mut g);
        } else {
            let last = Step::Act {
                seat: Seat(1),
                action: pass(),
            };
            assert_eq!(
                g.step_view(&last, Viewer::Spectator),
                StepView::Answered {
                    seat: Seat(1),
                    revealed: Some(Vec::new())
                }
            );
            g.apply(&last).expect("last answer");
        }
    }
    assert_eq!(g.to_act(), ToAct::Finished);
    let v = view(&g, 1);
    assert_eq!((v.board.len(), v.stack, v.next_tile), (12, 0, None));
    assert_eq!(v.phase, Phase::Finished);
    assert!(g.chance_outcomes().is_empty());
    assert!(g.legal_actions(Seat(0)).is_empty());
    refused_act(&g, 0, connect(v.open_hexes[0], 0), Illegal::GameOver);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Tile(TileId(1)),
        },
        Illegal::GameOver,
    );
    let outcome = g.outcome().expect("finished");
    assert_eq!(outcome.ranks, vec![1, 1], "nobody scored: a shared win");
}

#[test]
fn scoring_counts_points_or_cards_in_junior() {
    let g = scored_game(false);
    assert_eq!(g.to_act(), ToAct::Finished);
    let outcome = g.outcome().expect("finished");
    assert_eq!(outcome.ranks, vec![2, 1]);
    let card = outcome.scorecard;
    assert!(!card.junior);
    let lines: Vec<(u32, u32, u32, u8)> = card
        .players
        .iter()
        .map(|l| (l.points, l.cards, l.score, l.rank))
        .collect();
    assert_eq!(lines, vec![(6, 4, 6, 2), (8, 2, 8, 1)]);
    // Cards left in hand count for nothing: seat 1 still holds DAC 42, POO 2.
    assert_eq!(hand_ids(&g, 1), vec![2, 42]);

    let g = scored_game(true);
    let outcome = g.outcome().expect("finished");
    assert_eq!(outcome.ranks, vec![1, 2]);
    assert!(outcome.scorecard.junior);
    let lines: Vec<(u32, u32, u32, u8)> = outcome
        .scorecard
        .players
        .iter()
        .map(|l| (l.points, l.cards, l.score, l.rank))
        .collect();
    assert_eq!(lines, vec![(6, 4, 4, 1), (8, 2, 2, 2)]);
    let points: Vec<u32> = view(&g, 0).players.iter().map(|p| p.points).collect();
    assert_eq!(points, vec![4, 2], "junior views count cards");
}

#[test]
fn claims_stay_hidden_until_the_window_closes() {
    let mut g = table(
        3,
        false,
        8,
        &[[60, 0, 61, 16], [62, 1, 30, 31], [63, 2, 32, 33]],
    );
    act(&mut g, 0, connect(NORTH, 0));
    let before: Vec<View> = [1, 2].iter().map(|s| view(&g, *s)).collect();
    let spectator = g.view(Viewer::Spectator);
    let secret = answer(vec![claim(0, [60, 0]), claim(1, [16, 61])]);
    let step = Step::Act {
        seat: Seat(0),
        action: secret.clone(),
    };
    let hidden = StepView::Answered {
        seat: Seat(0),
        revealed: None,
    };
    for viewer in [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Seat(Seat(2)),
        Viewer::Spectator,
    ] {
        assert_eq!(g.step_view(&step, viewer), hidden);
        // A pass reads the same.
        let pass_step = Step::Act {
            seat: Seat(0),
            action: pass(),
        };
        assert_eq!(g.step_view(&pass_step, viewer), hidden);
    }
    g.apply(&step).expect("answer");
    // The others see only that seat 0 answered: no claim, same hand sizes,
    // same scoring stacks.
    for (i, seat) in [1u8, 2].iter().enumerate() {
        let now = view(&g, *seat);
        let Phase::Window(w) = &now.phase else {
            panic!("window");
        };
        assert_eq!(w.answered, vec![true, false, false]);
        assert_eq!(w.your_answer, None);
        assert_eq!(now.players, before[i].players);
        assert_eq!(now.last_claims, Vec::new());
    }
    let Phase::Window(w) = g.view(Viewer::Spectator).phase else {
        panic!("window");
    };
    assert_eq!(w.your_answer, None);
    assert_eq!(g.view(Viewer::Spectator).players, spectator.players);
    // Seat 0 sees its own answer.
    let Phase::Window(w) = view(&g, 0).phase else {
        panic!("window");
    };
    let Action::Answer { claims } = secret else {
        panic!("an answer");
    };
    assert_eq!(w.your_answer, Some(claims));
    assert_eq!(view(&g, 0).hand.map(|h| h.len()), Some(4), "not yet scored");
    act(&mut g, 2, answer(vec![claim(0, [63, 2])]));
    // The closing answer reveals everything to everyone.
    let close = Step::Act {
        seat: Seat(1),
        action: answer(vec![claim(0, [62, 1])]),
    };
    let shown: Vec<StepView> = [
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
        Viewer::Spectator,
    ]
    .into_iter()
    .map(|v| g.step_view(&close, v))
    .collect();
    let StepView::Answered {
        revealed: Some(revealed),
        ..
    } = &shown[0]
    else {
        panic!("revealed");
    };
    assert!(shown.iter().all(|s| s == &shown[0]));
    let who: Vec<(u8, u8)> = revealed.iter().map(|c| (c.seat.0, c.combo)).collect();
    assert_eq!(who, vec![(0, 0), (0, 1), (1, 0), (2, 0)]);
    g.apply(&close).expect("close");
    assert_eq!(&g.view(Viewer::Spectator).last_claims, revealed);
    assert_eq!(view(&g, 2).players[0].hand_size, 0);
}

#[test]
fn refused_garbage_changes_nothing() {
    let mut g = table(2, false, 8, &[[60, 0, 61, 16], [62, 1, 30, 31]]);
    let mut states = vec![g.clone()];
    act(&mut g, 0, connect(NORTH, 0));
    states.push(g.clone());
    act(&mut g, 1, pass());
    states.push(g.clone());
    let hexes = [-128i8, -1, 0, 1, 2, 127];
    for state in &states {
        for seat in [0u8, 1, 2, 255] {
            let mut actions = vec![Action::DrawTwo, pass()];
            for q in hexes {
                for r in hexes {
                    for rotation in [0, 1, 4, 6, 200] {
                        actions.push(connect(Hex { q, r }, rotation));
                    }
                }
            }
            for combo in [0u8, 1, 5, 6, 255] {
                for cards in [
                    vec![],
                    vec![0],
                    vec![0, 0],
                    vec![60, 0],
                    vec![0, 60, 61],
                    vec![71, 255],
                    vec![255, 255],
                ] {
                    let spec = ClaimSpec {
                        combo,
                        cards: cards.into_iter().map(CardId).collect(),
                    };
                    actions.push(answer(vec![spec.clone()]));
                    actions.push(answer(vec![spec.clone(), spec]));
                }
            }
            let legal = state.legal_actions(Seat(seat));
            for action in actions {
                let listed = legal.contains(&action);
                let step = Step::Act {
                    seat: Seat(seat),
                    action,
                };
                let mut copy = state.clone();
                match copy.apply(&step) {
                    Ok(()) => {}
                    Err(e) => {
                        assert!(!listed, "listed {step:?} refused: {e}");
                        assert_eq!(&copy, state, "refusing {step:?} changed the state");
                    }
                }
                let _ = state.step_view(&step, Viewer::Seat(Seat(seat)));
            }
        }
        for outcome in [
            Chance::Tile(TileId(0)),
            Chance::Tile(TileId(200)),
            Chance::Card(CardId(72)),
            Chance::Card(CardId(255)),
            Chance::FirstPlayer(Seat(9)),
            Chance::SetupTile {
                tile: TileId(13),
                rotation: 9,
            },
        ] {
            let step = Step::Chance { outcome };
            let mut copy = state.clone();
            assert!(copy.apply(&step).is_err(), "{step:?}");
            assert_eq!(&copy, state);
            let _ = state.step_view(&step, Viewer::Spectator);
        }
    }
}
