//! Scenario tests: chosen chance outcomes are injected as `Step::Chance`.

use parlor_protocol::doozy_dice::{Action, CardId, Options, Phase, StepView, View};
use parlor_protocol::{Seat, ToAct, Viewer};

use super::{Chance, DoozyDice, Illegal};
use crate::game::{Game, Step};

/// Cards used by most scenarios, all makeable without a Doozy Face:
/// Triple Scoop, Double Up, Fab Five, Showmah, Countdown.
const CARDS: [u8; 5] = [1, 3, 12, 8, 9];
const TRIPLE_SCOOP: CardId = CardId(1);
const DOUBLE_UP: CardId = CardId(3);
const FAB_FIVE: CardId = CardId(12);
const SHOWMAH: CardId = CardId(8);
const COUNTDOWN: CardId = CardId(9);

/// Dice (die 0..=4) that make only Triple Scoop, with no Face.
const TRIPLE: [u8; 5] = [2, 2, 2, 3, 5];
/// Dice that make none of [`CARDS`] and show no Face.
const JUNK: [u8; 5] = [2, 2, 3, 5, 6];

fn opts(lock_set_aside: bool, auto_claim: bool) -> Options {
    Options {
        lock_set_aside,
        auto_claim,
    }
}

fn chance(g: &mut DoozyDice, outcome: Chance) {
    g.apply(&Step::Chance { outcome })
        .unwrap_or_else(|e| panic!("{outcome:?} refused: {e}"));
}

fn act(g: &mut DoozyDice, seat: u8, action: Action) {
    g.apply(&Step::Act {
        seat: Seat(seat),
        action: action.clone(),
    })
    .unwrap_or_else(|e| panic!("seat {seat} {action:?} refused: {e}"));
}

/// Asserts the step is refused with `want` and changes nothing.
fn refused(g: &DoozyDice, step: Step<Action, Chance>, want: Illegal) {
    let mut probe = g.clone();
    assert_eq!(probe.apply(&step), Err(want), "{step:?}");
    assert_eq!(&probe, g, "refused {step:?} changed the state");
    // Describing a refused step must not panic either.
    let _ = g.step_view(&step, Viewer::Spectator);
}

fn refused_act(g: &DoozyDice, seat: u8, action: Action, want: Illegal) {
    refused(
        g,
        Step::Act {
            seat: Seat(seat),
            action,
        },
        want,
    );
}

fn roll_action(dice: &[u8]) -> Action {
    Action::Roll {
        dice: dice.to_vec(),
    }
}

/// Rolls `dice` and lands them on `values` (in ascending die order).
fn roll(g: &mut DoozyDice, seat: u8, dice: &[u8], values: &[u8]) {
    act(g, seat, roll_action(dice));
    for &v in values {
        assert_eq!(g.to_act(), ToAct::Chance);
        chance(g, Chance::Die(v));
    }
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(seat)]
        }
    );
}

fn roll_all(g: &mut DoozyDice, seat: u8, values: [u8; 5]) {
    roll(g, seat, &[0, 1, 2, 3, 4], &values);
}

/// A game with `cards` dealt whose roll-off `first` wins outright.
fn start_with(options: Options, seats: u8, cards: [u8; 5], first: u8) -> DoozyDice {
    let mut g = DoozyDice::new(&options, seats).expect("setup");
    for id in cards {
        chance(&mut g, Chance::Card(id));
    }
    for s in 0..seats {
        chance(&mut g, Chance::Die(if s == first { 6 } else { 1 }));
    }
    g
}

fn start(options: Options, seats: u8, first: u8) -> DoozyDice {
    start_with(options, seats, CARDS, first)
}

fn view(g: &DoozyDice) -> View {
    g.view(Viewer::Spectator)
}

fn dots(g: &DoozyDice) -> Vec<i32> {
    view(g).players.iter().map(|p| p.dots).collect()
}

fn turn_seat(g: &DoozyDice) -> Option<Seat> {
    match view(g).phase {
        Phase::Turn(t) => Some(t.seat),
        _ => None,
    }
}

fn satisfied(g: &DoozyDice) -> Vec<CardId> {
    match view(g).phase {
        Phase::Turn(t) => t.satisfied,
        _ => Vec::new(),
    }
}

/// Plays a turn that claims `card` on roll `rolls`: junk rolls first, then
/// a re-roll of all five dice onto `values`.
fn turn_claiming(g: &mut DoozyDice, seat: u8, rolls: u8, values: [u8; 5], card: CardId) {
    roll_all(g, seat, if rolls == 1 { values } else { JUNK });
    for _ in 1..rolls {
        let last = g.turn().map(|t| t.roll_count + 1) == Some(rolls);
        roll_all(g, seat, if last { values } else { JUNK });
    }
    act(g, seat, Action::Claim { card });
}

#[test]
fn player_count_is_checked() {
    for seats in [0, 1, 5, 9] {
        assert!(DoozyDice::new(&Options::default(), seats).is_err());
    }
    for seats in 2..=4 {
        let g = DoozyDice::new(&Options::default(), seats).expect("2-4 players");
        assert_eq!(g.seats(), seats);
        assert_eq!(
            dots(&g),
            vec![2; usize::from(seats)],
            "everyone starts with 2 dots"
        );
    }
}

#[test]
fn dealing_is_one_chance_step_per_card() {
    let mut g = DoozyDice::new(&Options::default(), 2).expect("setup");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.chance_outcomes().len(), 26);
    assert!(g.chance_outcomes().iter().all(|(_, w)| *w == 1));
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(0),
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(27),
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(3),
        },
        Illegal::ImpossibleOutcome,
    );
    refused_act(&g, 0, roll_action(&[0, 1, 2, 3, 4]), Illegal::NotYourTurn);
    chance(&mut g, Chance::Card(7));
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(7),
        },
        Illegal::ImpossibleOutcome,
    );
    let left: Vec<Chance> = g.chance_outcomes().into_iter().map(|(c, _)| c).collect();
    assert_eq!(left.len(), 25);
    assert!(!left.contains(&Chance::Card(7)));
    for id in [26, 1, 13, 2] {
        assert!(matches!(view(&g).phase, Phase::Dealing));
        chance(&mut g, Chance::Card(id));
    }
    let v = view(&g);
    let ids: Vec<u8> = v.cards.iter().map(|c| c.id.0).collect();
    assert_eq!(ids, vec![7, 26, 1, 13, 2]);
    assert_eq!(v.cards[2].name, "Triple Scoop");
    assert!(matches!(v.phase, Phase::RollOff(_)));
}

#[test]
fn roll_off_rerolls_ties_and_play_passes_left() {
    let mut g = DoozyDice::new(&Options::default(), 3).expect("setup");
    for id in CARDS {
        chance(&mut g, Chance::Card(id));
    }
    assert_eq!(g.chance_outcomes().len(), 6);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(0),
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(7),
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(4),
        },
        Illegal::ImpossibleOutcome,
    );
    // Seat 0 rolls a 1 (a Doozy Face counts as 1): no dots in the roll-off.
    assert_eq!(
        g.step_view(
            &Step::Chance {
                outcome: Chance::Die(1)
            },
            Viewer::Spectator
        ),
        StepView::RollOffDie {
            seat: Seat(0),
            value: 1
        }
    );
    chance(&mut g, Chance::Die(1));
    chance(&mut g, Chance::Die(5));
    chance(&mut g, Chance::Die(5));
    assert_eq!(dots(&g), vec![2, 2, 2]);
    // Seats 1 and 2 tied on 5: only they roll again.
    match view(&g).phase {
        Phase::RollOff(r) => {
            assert_eq!(r.contenders, vec![Seat(1), Seat(2)]);
            assert_eq!(r.rolls, vec![None, None, None]);
        }
        other => panic!("expected a roll-off, got {other:?}"),
    }
    assert_eq!(
        g.step_view(
            &Step::Chance {
                outcome: Chance::Die(4)
            },
            Viewer::Spectator
        ),
        StepView::RollOffDie {
            seat: Seat(1),
            value: 4
        }
    );
    chance(&mut g, Chance::Die(3));
    chance(&mut g, Chance::Die(3));
    chance(&mut g, Chance::Die(2));
    chance(&mut g, Chance::Die(6));
    assert_eq!(view(&g).first_player, Some(Seat(2)));
    // Seat 2 starts; then to the left: 0, 1, 2, …
    let mut order = Vec::new();
    for _ in 0..6 {
        let seat = turn_seat(&g).expect("a turn");
        order.push(seat.0);
        assert_eq!(g.to_act(), ToAct::Seats { seats: vec![seat] });
        for other in (0..3).filter(|&s| s != seat.0) {
            assert!(g.legal_actions(Seat(other)).is_empty());
        }
        let card = [TRIPLE_SCOOP, DOUBLE_UP][order.len().div_ceil(3) - 1];
        let values = if card == TRIPLE_SCOOP {
            TRIPLE
        } else {
            [2, 2, 3, 3, 5]
        };
        turn_claiming(&mut g, seat.0, 4, values, card);
    }
    assert_eq!(order, vec![2, 0, 1, 2, 0, 1]);
    match view(&g).phase {
        Phase::Turn(t) => assert_eq!((t.seat, t.round), (Seat(2), 3)),
        other => panic!("expected a turn, got {other:?}"),
    }
}

#[test]
fn faces_give_every_player_a_dot_once() {
    let mut g = start(Options::default(), 4, 0);
    assert_eq!(dots(&g), vec![2; 4]);
    // Two Faces in one roll: +2 for everyone.
    roll_all(&mut g, 0, [4, 4, 2, 1, 1]);
    assert_eq!(dots(&g), vec![4; 4]);
    // Re-rolling other dice: the held Faces don't count again; a blue 1 is
    // no Face.
    roll(&mut g, 0, &[0, 1, 2], &[1, 1, 1]);
    assert_eq!(dots(&g), vec![4; 4]);
    // Re-rolling one Face onto the Face again: +1.
    roll(&mut g, 0, &[3], &[1]);
    assert_eq!(dots(&g), vec![5; 4]);
    // Onto a number: nothing.
    roll(&mut g, 0, &[4], &[6]);
    assert_eq!(dots(&g), vec![5; 4]);
    let v = view(&g);
    match v.phase {
        Phase::Turn(t) => {
            assert!(t.dice[3].face && t.dice[3].value == Some(1));
            assert!(!t.dice[0].face && t.dice[0].value == Some(1));
            assert_eq!(t.dice[4].value, Some(6));
            assert_eq!(t.roll_count, 4);
        }
        other => panic!("expected a turn, got {other:?}"),
    }
}

#[test]
fn landing_dice_are_reported_in_order() {
    let mut g = start(Options::default(), 2, 1);
    let rolled = Step::Act {
        seat: Seat(1),
        action: roll_action(&[4, 0, 1, 2, 3]),
    };
    assert_eq!(
        g.step_view(&rolled, Viewer::Seat(Seat(0))),
        StepView::Rolled {
            seat: Seat(1),
            dice: vec![0, 1, 2, 3, 4],
            roll_count: 1
        }
    );
    g.apply(&rolled).expect("any order is accepted");
    match view(&g).phase {
        Phase::Turn(t) => {
            assert!(t.rolling);
            assert!(t.dice.iter().all(|d| d.value.is_none()));
        }
        other => panic!("expected a turn, got {other:?}"),
    }
    refused_act(
        &g,
        1,
        Action::Claim { card: TRIPLE_SCOOP },
        Illegal::DiceInTheAir,
    );
    refused_act(
        &g,
        1,
        Action::Adjust { die: 0, to: 3 },
        Illegal::DiceInTheAir,
    );
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 3 },
        Illegal::NotYourTurn,
    );
    assert!(g.legal_actions(Seat(1)).is_empty());
    for (die, value) in [(0, 5), (1, 1), (2, 2), (3, 1), (4, 6)] {
        let step = Step::Chance {
            outcome: Chance::Die(value),
        };
        assert_eq!(
            g.step_view(&step, Viewer::Spectator),
            StepView::DieLanded {
                seat: Seat(1),
                die,
                value,
                face: die == 3
            }
        );
        g.apply(&step).expect("lands");
    }
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(2),
        },
        Illegal::UnexpectedChance,
    );
    assert_eq!(dots(&g), vec![3, 3]);
}

#[test]
fn adjusting_costs_pip_distance_with_no_loans() {
    let mut g = start(Options::default(), 2, 0);
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 3 },
        Illegal::NotRolledYet,
    );
    roll_all(&mut g, 0, [4, 2, 3, 5, 6]);
    let step = Step::Act {
        seat: Seat(0),
        action: Action::Adjust { die: 0, to: 6 },
    };
    assert_eq!(
        g.step_view(&step, Viewer::Spectator),
        StepView::Adjusted {
            seat: Seat(0),
            die: 0,
            from: 4,
            to: 6,
            cost: 2
        }
    );
    // 4 → 6 costs 2 of the 2 dots.
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 1 },
        Illegal::NotEnoughDots { cost: 3, have: 2 },
    );
    g.apply(&step).expect("affordable");
    assert_eq!(dots(&g), vec![0, 2]);
    refused_act(
        &g,
        0,
        Action::Adjust { die: 1, to: 3 },
        Illegal::NotEnoughDots { cost: 1, have: 0 },
    );
    assert!(
        !g.legal_actions(Seat(0))
            .iter()
            .any(|a| matches!(a, Action::Adjust { .. })),
        "no adjusts without dots"
    );
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 6 },
        Illegal::NoChange(0),
    );
    refused_act(&g, 0, Action::Adjust { die: 5, to: 3 }, Illegal::BadDie(5));
    refused_act(
        &g,
        0,
        Action::Adjust { die: 255, to: 3 },
        Illegal::BadDie(255),
    );
    refused_act(
        &g,
        1,
        Action::Adjust { die: 0, to: 5 },
        Illegal::NotYourTurn,
    );
    refused_act(
        &g,
        7,
        Action::Adjust { die: 0, to: 5 },
        Illegal::NotYourTurn,
    );
    match view(&g).phase {
        Phase::Turn(t) => assert_eq!(t.dice[0].value, Some(6)),
        other => panic!("expected a turn, got {other:?}"),
    }
}

#[test]
fn die_ranges_and_faces() {
    let mut g = start(Options::default(), 2, 0);
    roll_all(&mut g, 0, [2, 2, 2, 3, 1]);
    assert_eq!(dots(&g), vec![3, 3]);
    // White die 3 shows a 3: it can go down to 2 but not to 1 (no numeric 1,
    // and dots can't make a Face).
    refused_act(
        &g,
        0,
        Action::Adjust { die: 3, to: 1 },
        Illegal::ValueOutOfRange { die: 3, to: 1 },
    );
    refused_act(
        &g,
        0,
        Action::Adjust { die: 3, to: 7 },
        Illegal::ValueOutOfRange { die: 3, to: 7 },
    );
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 0 },
        Illegal::ValueOutOfRange { die: 0, to: 0 },
    );
    // White die 4 shows the Face: it can't be changed at all.
    refused_act(
        &g,
        0,
        Action::Adjust { die: 4, to: 2 },
        Illegal::FaceCannotChange,
    );
    refused_act(
        &g,
        0,
        Action::Adjust { die: 4, to: 1 },
        Illegal::FaceCannotChange,
    );
    let legal = g.legal_actions(Seat(0));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, Action::Adjust { die: 4, .. })));
    assert!(!legal
        .iter()
        .any(|a| matches!(a, Action::Adjust { die: 3, to: 1 })));
    assert!(legal.contains(&Action::Adjust { die: 3, to: 2 }));
    // A blue die may go to 1.
    act(&mut g, 0, Action::Adjust { die: 0, to: 1 });
    act(&mut g, 0, Action::Adjust { die: 3, to: 2 });
    assert_eq!(dots(&g), vec![1, 3]);
    // Adjusting a blue die to 1 never makes a Face or a dot.
    match view(&g).phase {
        Phase::Turn(t) => {
            assert!(!t.dice[0].face);
            assert!(t.dice[4].face);
        }
        other => panic!("expected a turn, got {other:?}"),
    }
}

#[test]
fn wild_face_and_adjusted_dice_count_for_claims() {
    let mut g = start(Options::default(), 2, 0);
    roll_all(&mut g, 0, [2, 3, 4, 5, 5]);
    assert_eq!(satisfied(&g), Vec::<CardId>::new());
    refused_act(
        &g,
        0,
        Action::Claim { card: COUNTDOWN },
        Illegal::NotSatisfied,
    );
    refused_act(
        &g,
        0,
        Action::Claim { card: CardId(14) },
        Illegal::CardNotAvailable(14),
    );
    refused_act(
        &g,
        0,
        Action::Claim { card: CardId(0) },
        Illegal::CardNotAvailable(0),
    );
    refused_act(
        &g,
        0,
        Action::Claim { card: CardId(99) },
        Illegal::CardNotAvailable(99),
    );
    // Re-roll a white 5 onto the Face: 2 3 4 5 + wild → Countdown (wild 1)
    // and Showmah.
    roll(&mut g, 0, &[4], &[1]);
    assert_eq!(satisfied(&g), vec![SHOWMAH, COUNTDOWN]);
    // Change the 2 into a 4 (2 dots): 4 3 4 5 F → Triple Scoop (wild 4)
    // and Double Up (wild 3 or 5).
    act(&mut g, 0, Action::Adjust { die: 0, to: 4 });
    assert_eq!(satisfied(&g), vec![TRIPLE_SCOOP, DOUBLE_UP]);
    refused_act(
        &g,
        0,
        Action::Claim { card: COUNTDOWN },
        Illegal::NotSatisfied,
    );
    assert_eq!(
        g.legal_actions(Seat(0))
            .into_iter()
            .filter(|a| matches!(a, Action::Claim { .. }))
            .collect::<Vec<_>>(),
        vec![
            Action::Claim { card: TRIPLE_SCOOP },
            Action::Claim { card: DOUBLE_UP }
        ]
    );
    act(&mut g, 0, Action::Claim { card: DOUBLE_UP });
    // Roll 2: the bonus. 3 - 2 + 1 = 2 for the claimer; 3 - 1 for the other.
    assert_eq!(dots(&g), vec![2, 2]);
    let v = view(&g);
    assert_eq!(v.players[0].combos.len(), 1);
    assert_eq!(v.players[0].combos[0].rolls, 2);
    assert!(v.players[0].combos[0].bonus);
    assert_eq!(turn_seat(&g), Some(Seat(1)));
    // A claimed card is gone for seat 0 but still open for seat 1.
    roll_all(&mut g, 1, [2, 2, 3, 3, 5]);
    assert_eq!(satisfied(&g), vec![DOUBLE_UP]);
}

#[test]
fn bonus_within_three_rolls_and_negative_balances() {
    let mut g = start(Options::default(), 2, 0);
    // Seat 0 spends both dots and claims on roll 1: 0 + 1; seat 1: 2 − 1.
    roll_all(&mut g, 0, [2, 2, 4, 3, 5]);
    act(&mut g, 0, Action::Adjust { die: 2, to: 2 });
    assert_eq!(dots(&g), vec![0, 2]);
    act(&mut g, 0, Action::Claim { card: TRIPLE_SCOOP });
    assert_eq!(dots(&g), vec![1, 1]);
    // Seat 1 claims on roll 1: seat 0 goes to 0.
    turn_claiming(&mut g, 1, 1, TRIPLE, TRIPLE_SCOOP);
    assert_eq!(dots(&g), vec![0, 2]);
    // Seat 0 claims on roll 4: no bonus, no penalty.
    turn_claiming(&mut g, 0, 4, [2, 2, 3, 3, 5], DOUBLE_UP);
    assert_eq!(dots(&g), vec![0, 2]);
    // Seat 1 claims on roll 3: still the bonus; seat 0 goes negative.
    turn_claiming(&mut g, 1, 3, [2, 2, 3, 3, 5], DOUBLE_UP);
    assert_eq!(dots(&g), vec![-1, 3]);
    let v = view(&g);
    assert_eq!(
        v.players[0]
            .combos
            .iter()
            .map(|c| (c.rolls, c.bonus))
            .collect::<Vec<_>>(),
        vec![(1, true), (4, false)]
    );
    assert_eq!(v.players[0].total_rolls, 5);
    // A negative balance can't buy anything…
    roll_all(&mut g, 0, [2, 2, 3, 4, 5]);
    refused_act(
        &g,
        0,
        Action::Adjust { die: 0, to: 1 },
        Illegal::NotEnoughDots { cost: 1, have: -1 },
    );
    // …and a Face brings it back up for everyone.
    roll(&mut g, 0, &[3], &[1]);
    assert_eq!(dots(&g), vec![0, 4]);
}

/// Rolls die 0 onto junk until the 13th roll.
fn roll_to_thirteen(g: &mut DoozyDice, seat: u8, first: [u8; 5]) {
    roll_all(g, seat, first);
    for _ in 1..13 {
        refused_act(
            g,
            seat,
            Action::Cutoff { card: FAB_FIVE },
            Illegal::CutoffNotReached,
        );
        roll(g, seat, &[0], &[first[0]]);
    }
    assert_eq!(g.turn().map(|t| t.roll_count), Some(13));
}

#[test]
fn thirteenth_roll_claim_and_cutoff() {
    let mut g = start(Options::default(), 2, 0);
    roll_to_thirteen(&mut g, 0, TRIPLE);
    refused_act(&g, 0, roll_action(&[0]), Illegal::NoRollsLeft);
    assert!(!g
        .legal_actions(Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Roll { .. })));
    // A claim on roll 13: 13 recorded, no bonus, no penalty.
    act(&mut g, 0, Action::Claim { card: TRIPLE_SCOOP });
    assert_eq!(dots(&g), vec![2, 2]);
    // Seat 1 makes nothing in 13 rolls and takes the cutoff on Fab Five.
    roll_to_thirteen(&mut g, 1, JUNK);
    let legal = g.legal_actions(Seat(1));
    let cutoffs: Vec<&Action> = legal
        .iter()
        .filter(|a| matches!(a, Action::Cutoff { .. }))
        .collect();
    assert_eq!(cutoffs.len(), 5, "a cutoff may go on any remaining card");
    refused_act(
        &g,
        1,
        Action::Cutoff { card: CardId(14) },
        Illegal::CardNotAvailable(14),
    );
    let step = Step::Act {
        seat: Seat(1),
        action: Action::Cutoff { card: FAB_FIVE },
    };
    let sv = g.step_view(&step, Viewer::Spectator);
    g.apply(&step).expect("cutoff");
    assert_eq!(dots(&g), vec![2, 1]);
    let v = view(&g);
    let rec = &v.players[1].combos[0];
    assert_eq!(
        (rec.card, rec.rolls, rec.bonus, rec.cutoff),
        (FAB_FIVE, 13, false, true)
    );
    assert_eq!(
        sv,
        StepView::CutOff {
            seat: Seat(1),
            record: rec.clone()
        }
    );
    let rec0 = &v.players[0].combos[0];
    assert_eq!((rec0.rolls, rec0.bonus, rec0.cutoff), (13, false, false));
    // Without auto-claim, the cutoff may be taken even when a card is made
    // (e.g. to keep an easy card for later), at the cost of a dot.
    roll_to_thirteen(&mut g, 0, TRIPLE);
    assert_eq!(satisfied(&g), Vec::<CardId>::new(), "Triple Scoop is done");
    act(&mut g, 0, Action::Adjust { die: 4, to: 3 });
    assert_eq!(satisfied(&g), vec![DOUBLE_UP]);
    act(&mut g, 0, Action::Cutoff { card: FAB_FIVE });
    assert_eq!(dots(&g), vec![-1, 1]);
}

#[test]
fn lock_set_aside_keeps_held_dice_out() {
    let mut g = start(opts(true, false), 2, 0);
    roll_all(&mut g, 0, JUNK);
    assert_eq!(
        g.legal_actions(Seat(0))
            .iter()
            .filter(|a| matches!(a, Action::Roll { .. }))
            .count(),
        31
    );
    roll(&mut g, 0, &[0, 1], &[4, 4]);
    refused_act(&g, 0, roll_action(&[2]), Illegal::DieLocked(2));
    refused_act(&g, 0, roll_action(&[0, 4]), Illegal::DieLocked(4));
    let rolls: Vec<Action> = g
        .legal_actions(Seat(0))
        .into_iter()
        .filter(|a| matches!(a, Action::Roll { .. }))
        .collect();
    assert_eq!(
        rolls,
        vec![roll_action(&[0]), roll_action(&[1]), roll_action(&[0, 1])]
    );
    match view(&g).phase {
        Phase::Turn(t) => {
            let locked: Vec<bool> = t.dice.iter().map(|d| d.locked).collect();
            assert_eq!(locked, vec![false, false, true, true, true]);
        }
        other => panic!("expected a turn, got {other:?}"),
    }
    roll(&mut g, 0, &[1], &[3]);
    refused_act(&g, 0, roll_action(&[0]), Illegal::DieLocked(0));
    // Locked dice may still be changed with dots: 4 3 3 5 6 → 4 4 4 5 6.
    act(&mut g, 0, Action::Adjust { die: 2, to: 4 });
    act(&mut g, 0, Action::Adjust { die: 1, to: 4 });
    // The next turn starts with nothing locked.
    act(&mut g, 0, Action::Claim { card: TRIPLE_SCOOP });
    roll_all(&mut g, 1, JUNK);
    roll(&mut g, 1, &[2], &[2]);
    match view(&g).phase {
        Phase::Turn(t) => assert_eq!(t.dice.iter().filter(|d| d.locked).count(), 4),
        other => panic!("expected a turn, got {other:?}"),
    }

    // Without the option, any die may be re-rolled at any time.
    let mut g = start(Options::default(), 2, 0);
    roll_all(&mut g, 0, JUNK);
    roll(&mut g, 0, &[0, 1], &[4, 4]);
    roll(&mut g, 0, &[2], &[2]);
    roll(&mut g, 0, &[3, 4], &[2, 3]);
    assert_eq!(
        g.legal_actions(Seat(0))
            .iter()
            .filter(|a| matches!(a, Action::Roll { .. }))
            .count(),
        31
    );
}

#[test]
fn first_roll_must_roll_all_five() {
    let g = start(Options::default(), 2, 0);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![roll_action(&[0, 1, 2, 3, 4])]
    );
    refused_act(&g, 0, roll_action(&[0, 1]), Illegal::MustRollAllFirst);
    refused_act(&g, 0, roll_action(&[]), Illegal::EmptyRoll);
    refused_act(&g, 0, roll_action(&[0, 1, 2, 3, 5]), Illegal::BadDie(5));
    refused_act(
        &g,
        0,
        roll_action(&[0, 1, 2, 3, 3, 4]),
        Illegal::DuplicateDie(3),
    );
    refused_act(
        &g,
        0,
        Action::Claim { card: TRIPLE_SCOOP },
        Illegal::NotRolledYet,
    );
    refused_act(
        &g,
        0,
        Action::Cutoff { card: TRIPLE_SCOOP },
        Illegal::CutoffNotReached,
    );
    refused_act(&g, 1, roll_action(&[0, 1, 2, 3, 4]), Illegal::NotYourTurn);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(3),
        },
        Illegal::UnexpectedChance,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Card(3),
        },
        Illegal::UnexpectedChance,
    );
    let mut g = g;
    roll_all(&mut g, 0, JUNK);
    refused_act(&g, 0, roll_action(&[]), Illegal::EmptyRoll);
}

#[test]
fn auto_claim_forces_a_claim() {
    let mut g = start(opts(false, true), 2, 0);
    roll_all(&mut g, 0, JUNK);
    assert!(g
        .legal_actions(Seat(0))
        .iter()
        .any(|a| matches!(a, Action::Roll { .. })));
    roll(&mut g, 0, &[3], &[2]);
    assert_eq!(satisfied(&g), vec![TRIPLE_SCOOP]);
    refused_act(&g, 0, roll_action(&[0]), Illegal::MustClaim);
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&Action::Claim { card: TRIPLE_SCOOP }));
    assert!(legal
        .iter()
        .all(|a| matches!(a, Action::Claim { .. } | Action::Adjust { .. })));
    // RULINGS §5(c): dots cannot unmake the card to roll on. Turning die 1
    // to 1 would leave nothing made: refused, and not listed; without
    // auto-claim the same adjustment is fine.
    let unmake = Action::Adjust { die: 1, to: 1 };
    refused_act(&g, 0, unmake.clone(), Illegal::MustClaim);
    assert!(!legal.contains(&unmake));
    let mut free = g.clone();
    free.options.auto_claim = false;
    assert!(free.legal_actions(Seat(0)).contains(&unmake));
    // Every adjustment still listed keeps a card made (e.g. a harder one).
    for adjust in legal.iter().filter(|a| matches!(a, Action::Adjust { .. })) {
        let mut after = g.clone();
        act(&mut after, 0, adjust.clone());
        assert!(
            !satisfied(&after).is_empty(),
            "{adjust:?} unmade every card"
        );
    }
    act(&mut g, 0, Action::Claim { card: TRIPLE_SCOOP });

    // At roll 13 with a made card, no cutoff: the claim is forced.
    roll_to_thirteen(&mut g, 1, JUNK);
    act(&mut g, 1, Action::Adjust { die: 2, to: 2 });
    assert_eq!(satisfied(&g), vec![TRIPLE_SCOOP]);
    refused_act(&g, 1, Action::Cutoff { card: FAB_FIVE }, Illegal::MustClaim);
    assert_eq!(
        g.legal_actions(Seat(1))
            .iter()
            .filter(|a| matches!(a, Action::Cutoff { .. }))
            .count(),
        0
    );
    act(&mut g, 1, Action::Claim { card: TRIPLE_SCOOP });
    // At roll 13 with nothing made, the cutoff is open.
    roll_to_thirteen(&mut g, 0, JUNK);
    act(&mut g, 0, Action::Cutoff { card: FAB_FIVE });
}

/// Plays out a 2-player game with scripted turns: `plan[seat]` lists the
/// roll on which each of that seat's five claims happens, `spend[seat]`
/// dots spent (by adjusting) on the first turn.
fn scripted_game(plan: [[u8; 5]; 2], spend: [u8; 2]) -> DoozyDice {
    let mut g = start(Options::default(), 2, 0);
    let makes: [([u8; 5], CardId); 5] = [
        (TRIPLE, TRIPLE_SCOOP),
        ([2, 2, 3, 3, 5], DOUBLE_UP),
        ([5, 5, 5, 5, 5], FAB_FIVE),
        ([1, 2, 3, 4, 6], SHOWMAH),
        ([1, 2, 3, 4, 5], COUNTDOWN),
    ];
    for (round, &(values, card)) in makes.iter().enumerate() {
        for seat in 0..2u8 {
            assert!(g.outcome().is_none());
            let rolls = plan[usize::from(seat)][round];
            roll_all(&mut g, seat, if rolls == 1 { values } else { JUNK });
            if round == 0 {
                for _ in 0..spend[usize::from(seat)] {
                    let d = g.turn().map_or(0, |t| t.dice[0]);
                    act(
                        &mut g,
                        seat,
                        Action::Adjust {
                            die: 0,
                            to: if d == 6 { 5 } else { d + 1 },
                        },
                    );
                }
            }
            while g.turn().map(|t| t.roll_count) != Some(rolls) {
                let last = g.turn().map(|t| t.roll_count + 1) == Some(rolls);
                roll_all(&mut g, seat, if last { values } else { JUNK });
            }
            act(&mut g, seat, Action::Claim { card });
        }
    }
    g
}

#[test]
fn game_ends_after_five_rounds_lowest_score_wins() {
    // Seat 0: 4+4+4+5+5 = 22 rolls, 2 dots → 20. Seat 1: 21 rolls, 0 dots → 21.
    let g = scripted_game([[4, 4, 4, 5, 5], [4, 4, 4, 4, 5]], [0, 2]);
    assert_eq!(g.to_act(), ToAct::Finished);
    assert!(matches!(view(&g).phase, Phase::Finished));
    assert!(g.chance_outcomes().is_empty());
    assert!(g.legal_actions(Seat(0)).is_empty() && g.legal_actions(Seat(1)).is_empty());
    refused_act(&g, 0, roll_action(&[0, 1, 2, 3, 4]), Illegal::GameOver);
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Die(2),
        },
        Illegal::GameOver,
    );
    let out = g.outcome().expect("finished");
    assert_eq!(out.ranks, vec![1, 2], "score beats fewer rolls");
    let lines = &out.scorecard.players;
    assert_eq!(
        (lines[0].total_rolls, lines[0].dots, lines[0].score),
        (22, 2, 20)
    );
    assert_eq!(
        (lines[1].total_rolls, lines[1].dots, lines[1].score),
        (21, 0, 21)
    );
    assert_eq!((lines[0].rank, lines[1].rank), (1, 2));
    let ids: Vec<u8> = lines[1].combos.iter().map(|c| c.card.0).collect();
    assert_eq!(
        ids,
        CARDS.to_vec(),
        "scorecard lines follow the dealt order"
    );
    assert_eq!(out.scorecard.cards.len(), 5);
}

#[test]
fn score_ties_go_to_fewer_rolls() {
    // Seat 0: 22 − 2 = 20. Seat 1: 21 − 1 = 20, fewer rolls → seat 1 wins.
    let g = scripted_game([[4, 4, 4, 5, 5], [4, 4, 4, 4, 5]], [0, 1]);
    let out = g.outcome().expect("finished");
    assert_eq!(
        out.scorecard.players[0].score,
        out.scorecard.players[1].score
    );
    assert_eq!(out.ranks, vec![2, 1]);
}

#[test]
fn full_ties_share_the_win() {
    let g = scripted_game([[4, 5, 6, 7, 8], [8, 7, 6, 5, 4]], [1, 1]);
    let out = g.outcome().expect("finished");
    assert_eq!(out.ranks, vec![1, 1]);
}

#[test]
fn bonuses_count_in_the_final_score() {
    // Seat 0 claims everything on roll 1 (+5, seat 1 −5); seat 1 on roll 13.
    let g = scripted_game([[1; 5], [13; 5]], [0, 0]);
    let out = g.outcome().expect("finished");
    let lines = &out.scorecard.players;
    assert_eq!(
        (lines[0].total_rolls, lines[0].dots, lines[0].score),
        (5, 7, -2)
    );
    assert_eq!(
        (lines[1].total_rolls, lines[1].dots, lines[1].score),
        (65, -3, 68)
    );
    assert_eq!(out.ranks, vec![1, 2]);
}

#[test]
fn every_listed_action_is_accepted() {
    let mut g = start(Options::default(), 3, 1);
    roll_all(&mut g, 1, [2, 2, 2, 1, 4]);
    let legal = g.legal_actions(Seat(1));
    // 31 rolls, adjusts within 3 dots (the Face can't be adjusted), claims.
    assert_eq!(
        legal
            .iter()
            .filter(|a| matches!(a, Action::Roll { .. }))
            .count(),
        31
    );
    assert!(legal.contains(&Action::Claim { card: TRIPLE_SCOOP }));
    for a in legal {
        let mut probe = g.clone();
        probe
            .apply(&Step::Act {
                seat: Seat(1),
                action: a.clone(),
            })
            .unwrap_or_else(|e| panic!("listed {a:?} refused: {e}"));
    }
}

#[test]
fn views_are_the_same_for_everyone() {
    let mut g = start(Options::default(), 3, 2);
    roll_all(&mut g, 2, JUNK);
    let spectator = g.view(Viewer::Spectator);
    for s in 0..3 {
        assert_eq!(g.view(Viewer::Seat(Seat(s))), spectator);
    }
    match spectator.phase {
        Phase::Turn(t) => {
            assert_eq!(
                (t.seat, t.round, t.roll_count, t.rolling),
                (Seat(2), 1, 1, false)
            );
            let values: Vec<Option<u8>> = t.dice.iter().map(|d| d.value).collect();
            assert_eq!(values, JUNK.iter().map(|&v| Some(v)).collect::<Vec<_>>());
        }
        other => panic!("expected a turn, got {other:?}"),
    }
}
