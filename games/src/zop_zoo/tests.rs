//! Scenario tests: every card type and every rule of RULINGS §4, on states
//! built by hand.
#![allow(clippy::unwrap_used)]

use parlor_protocol::zop_zoo::{
    Action, Animal, Awaiting, Card, Category, Cover, Effect, Item, Mark, Options, Phase, RoundEnd,
    StepView, Taken, Target,
};
use parlor_protocol::{Seat, ToAct, Viewer};

use super::cards::{
    self, White, ALL_WHITE, BEAST, BEST_BEAST, BLACK_CARDS, EARTHWORM, HYENA, KINDS, MOLE, RACCOON,
    WHITE,
};
use super::state::{Pending, Player, Stack, Stage, ZopZoo};
use super::{Chance, Illegal};
use crate::game::{Game, SetupError, Step};

use Animal::*;

/// White animal / matching black kind of `a`.
fn w(a: Animal) -> u8 {
    cards::index_of(a)
}

/// The Side Bonus kind of `c`.
fn bonus(c: Category) -> u8 {
    cards::bonus_kind(c).unwrap()
}

/// A game of `rows.len()` seats in play: the rows dealt (nothing on them),
/// seat 0 first and about to draw, the black deck full, the discard pile
/// empty.
fn playing(rows: &[&[Animal]]) -> ZopZoo {
    let seats = u8::try_from(rows.len()).unwrap();
    let options = Options {
        target: Target::Standard,
        first_player: Some(Seat(0)),
        ..Options::default()
    };
    let mut g = ZopZoo::new(&options, seats).unwrap();
    g.players = rows
        .iter()
        .map(|row| Player {
            row: row.iter().map(|&a| Stack::open(w(a))).collect(),
            side: Vec::new(),
        })
        .collect();
    g.white = ALL_WHITE;
    for row in rows {
        for &a in *row {
            g.white &= !(1 << w(a));
        }
    }
    g.stage = Stage::Turn {
        active: 0,
        pending: Pending::Draw,
    };
    g
}

/// Puts black kind `k` on `seat`'s stack `base` (a match or a wild), taken
/// out of the draw pile.
fn put(g: &mut ZopZoo, seat: u8, base: Animal, k: u8) {
    let s = g.players[usize::from(seat)]
        .row
        .iter_mut()
        .find(|s| s.base == w(base))
        .unwrap();
    s.cover = Some(k);
    g.pile[usize::from(k)] -= 1;
}

/// Gives `seat` the Side Bonus card of `c`, out of the draw pile.
fn side(g: &mut ZopZoo, seat: u8, c: Category) {
    g.players[usize::from(seat)].side.push(bonus(c));
    g.pile[usize::from(bonus(c))] -= 1;
}

/// Lays the discard pile (bottom first), out of the draw pile, and starts
/// `seat`'s turn at the discard-pile check.
fn discard(g: &mut ZopZoo, cards: &[(u8, Mark)], seat: u8) {
    for &(k, mark) in cards {
        g.pile[usize::from(k)] -= 1;
        g.discard.push((k, mark));
    }
    // Seat `seat - 1` just ended its turn.
    let before = (seat + g.seats - 1) % g.seats;
    g.stage = Stage::Turn {
        active: before,
        pending: Pending::Draw,
    };
    begin(g, seat);
}

/// Starts `seat`'s turn at T1, as the end of the previous turn does.
fn begin(g: &mut ZopZoo, seat: u8) {
    g.begin_turn(seat);
}

fn act(g: &mut ZopZoo, seat: u8, action: Action) -> StepView {
    let step = Step::Act {
        seat: Seat(seat),
        action,
    };
    let told = g.step_view(&step, Viewer::Spectator);
    g.apply(&step)
        .unwrap_or_else(|e| panic!("{action:?} by {seat}: {e}"));
    told
}

fn refused(g: &mut ZopZoo, seat: u8, action: Action) -> Illegal {
    let before = g.clone();
    let step = Step::Act {
        seat: Seat(seat),
        action,
    };
    let e = g.apply(&step).unwrap_err();
    assert_eq!(*g, before, "a refusal changed the state");
    assert_eq!(
        g.step_view(&step, Viewer::Spectator),
        StepView::Refused {
            seat: Some(Seat(seat))
        }
    );
    e
}

/// The active seat draws black kind `k`: its click first when the match
/// waits for one (`Options::draw_by_click`), then the card (chance).
fn draw(g: &mut ZopZoo, k: u8) -> StepView {
    if let Stage::Turn {
        active,
        pending: Pending::DrawClick,
    } = g.stage
    {
        let told = act(g, active, Action::Draw);
        assert_eq!(
            told,
            StepView::Drew {
                seat: Seat(active),
                left_mole: false,
                round_end: None
            }
        );
    }
    let step = Step::Chance {
        outcome: Chance::Draw(k),
    };
    let told = g.step_view(&step, Viewer::Spectator);
    g.apply(&step).unwrap_or_else(|e| panic!("draw {k}: {e}"));
    told
}

fn effect(told: &StepView) -> Effect {
    match told {
        StepView::CardDrawn { effect, .. } => effect.clone(),
        other => panic!("not a draw: {other:?}"),
    }
}

fn pending(g: &ZopZoo) -> (u8, Pending) {
    g.turn().unwrap()
}

fn stack(g: &ZopZoo, seat: u8, base: Animal) -> Stack {
    *g.players[usize::from(seat)]
        .row
        .iter()
        .find(|s| s.base == w(base))
        .unwrap()
}

fn row(g: &ZopZoo, seat: u8) -> Vec<Animal> {
    g.players[usize::from(seat)]
        .row
        .iter()
        .map(|s| cards::animal(s.base))
        .collect()
}

fn stack_item(a: Animal) -> Item {
    Item::Stack { base: a }
}

fn bonus_item(c: Category) -> Item {
    Item::Bonus { category: c }
}

fn taken_onto(taken: &[Taken]) -> Vec<Option<Animal>> {
    taken.iter().map(|t| t.onto).collect()
}

// ---------------------------------------------------------------- cards

#[test]
fn the_decks_hold_52_white_and_74_black_cards_with_66_illustrations() {
    let whites: Vec<White> = (0..WHITE).map(|a| cards::white(a).unwrap()).collect();
    let count = |f: fn(&White) -> bool| whites.iter().filter(|x| f(x)).count();
    assert_eq!(count(|x| matches!(x, White::Category(_))), 36);
    assert_eq!(count(|x| matches!(x, White::Connect(_))), 10);
    assert_eq!(count(|x| matches!(x, White::Minus(_))), 6);
    assert_eq!(cards::white(WHITE), None);
    let per: Vec<usize> = cards::CATEGORIES
        .iter()
        .map(|&c| whites.iter().filter(|&&x| x == White::Category(c)).count())
        .collect();
    assert_eq!(per, vec![6, 5, 5, 4, 4, 3, 3, 2, 2, 2]);
    let black: u8 = cards::full_pile().iter().sum();
    assert_eq!(black, BLACK_CARDS);
    assert_eq!(cards::copies(BEAST), 4);
    assert_eq!(cards::copies(MOLE), 6);
    assert_eq!(KINDS, 66);
    // 52 matchable + 8 side bonus + BEAST + BEST BEAST + MOLE + 3 tasks.
    let mut animals = cards::ANIMALS.to_vec();
    animals.sort();
    animals.dedup();
    assert_eq!(animals.len(), 60);
    assert_eq!(w(Owl), 11);
    assert_eq!(cards::white(w(Owl)), Some(White::Category(Category::Bird)));
    assert_eq!(
        cards::white(w(DaddyLonglegs)),
        Some(White::Connect(Category::Arachnid))
    );
    assert_eq!(cards::white(w(Skunk)), Some(White::Minus(100)));
    assert_eq!(cards::white(w(Leech)), Some(White::Minus(75)));
    assert_eq!(cards::bonus_kind(Category::Mammal), None);
    assert_eq!(cards::bonus_kind(Category::Marsupial), None);
    assert_eq!(
        cards::black_card(bonus(Category::Mythical)),
        Card::SideBonus {
            animal: Phoenix,
            category: Category::Mythical,
            value: 60
        }
    );
    assert_eq!(
        cards::black_card(w(Griffin)),
        Card::UpperHalf {
            animal: Griffin,
            category: Category::Mythical,
            value: 80
        }
    );
    assert_eq!(
        cards::white_card(w(Griffin)),
        Card::LowerHalf {
            animal: Griffin,
            value: 80
        }
    );
    assert_eq!(
        cards::black_card(w(Rat)),
        Card::AntiMinus {
            animal: Rat,
            value: 90
        }
    );
    assert_eq!(
        cards::white_card(w(Rat)),
        Card::Minus {
            animal: Rat,
            value: -90
        }
    );
    let values: Vec<i32> = cards::CATEGORIES.iter().map(|&c| cards::value(c)).collect();
    assert_eq!(values, vec![10, 15, 20, 25, 30, 35, 40, 45, 55, 60]);
}

// ---------------------------------------------------------------- setup

#[test]
fn the_first_player_is_drawn_when_the_host_chose_none() {
    let mut g = ZopZoo::new(&Options::default(), 3).unwrap();
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(g.view(Viewer::Spectator).phase, Phase::FirstPlayer);
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.len(), 3);
    assert!(g
        .apply(&Step::Chance {
            outcome: Chance::FirstPlayer(Seat(3))
        })
        .is_err());
    g.apply(&Step::Chance {
        outcome: Chance::FirstPlayer(Seat(1)),
    })
    .unwrap();
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Deal { first: Seat(1) }
    );
}

#[test]
fn six_cards_each_are_dealt_face_up_one_at_a_time_from_the_first_player() {
    let options = Options {
        target: Target::Standard,
        first_player: Some(Seat(2)),
        ..Options::default()
    };
    let mut g = ZopZoo::new(&options, 4).unwrap();
    for k in 0..24u8 {
        assert_eq!(g.chance_outcomes().len(), usize::from(52 - k));
        let step = Step::Chance {
            outcome: Chance::Deal(k),
        };
        let told = g.step_view(&step, Viewer::Seat(Seat(0)));
        assert_eq!(
            told,
            StepView::Dealt {
                seat: Seat((2 + k) % 4),
                card: cards::white_card(k),
                round_end: None,
            }
        );
        g.apply(&step).unwrap();
    }
    // Seat 2 got cards 0, 4, 8, …; the deal is over and seat 2 draws.
    assert_eq!(
        g.players[2].row.iter().map(|s| s.base).collect::<Vec<_>>(),
        vec![0, 4, 8, 12, 16, 20]
    );
    assert!(g.players.iter().all(|p| p.row.len() == 6));
    assert_eq!(pending(&g), (2, Pending::DrawClick));
    // The discard pile is empty: seat 2's only move is to draw, and nothing
    // leaves the pile until it does.
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(2)]
        }
    );
    assert_eq!(g.legal_actions(Seat(2)), vec![Action::Draw]);
    assert!(g.chance_outcomes().is_empty());
    assert_eq!(
        g.view(Viewer::Seat(Seat(2))).moves,
        vec![Action::Draw],
        "the seat is shown its one move"
    );
    assert_eq!(g.view(Viewer::Seat(Seat(1))).moves, vec![]);
    assert_eq!(
        act(&mut g, 2, Action::Draw),
        StepView::Drew {
            seat: Seat(2),
            left_mole: false,
            round_end: None
        }
    );
    assert_eq!(g.to_act(), ToAct::Chance);
    let outcomes = g.chance_outcomes();
    assert_eq!(outcomes.iter().map(|o| o.1).sum::<u32>(), 74);
    assert!(outcomes.contains(&(Chance::Draw(BEAST), 4)));
    assert!(outcomes.contains(&(Chance::Draw(MOLE), 6)));
    assert!(outcomes.contains(&(Chance::Draw(HYENA), 1)));
    // A dealt card cannot be dealt again, and no deal is due now.
    assert_eq!(
        g.clone().apply(&Step::Chance {
            outcome: Chance::Deal(30)
        }),
        Err(Illegal::ImpossibleOutcome)
    );
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.draw_pile, 74);
    assert_eq!(v.first, Some(Seat(2)));
    assert_eq!(
        v.phase,
        Phase::Turn {
            active: Seat(2),
            awaiting: Awaiting::Draw
        }
    );
}

#[test]
fn a_row_of_six_minus_cards_wins_at_the_deal() {
    // Deal the six Minus cards to seat 0 (first) and anything to seat 1.
    let options = Options {
        target: Target::Standard,
        first_player: Some(Seat(0)),
        ..Options::default()
    };
    let mut g = ZopZoo::new(&options, 2).unwrap();
    let mut last = None;
    for i in 0..6u8 {
        for (seat, card) in [(0, 46 + i), (1, i)] {
            let step = Step::Chance {
                outcome: Chance::Deal(card),
            };
            last = Some(g.step_view(&step, Viewer::Spectator));
            g.apply(&step).unwrap();
            let _ = seat;
        }
    }
    let Some(StepView::Dealt {
        round_end: Some(summary),
        ..
    }) = last
    else {
        panic!("the last deal ends the round: {last:?}");
    };
    assert_eq!(summary.winner, Some(Seat(0)));
    assert_eq!(summary.ended_by, RoundEnd::Won);
    // A winner's tally can be negative: -(100+100+90+90+75+75).
    assert_eq!(summary.seats[0].points, -530);
    assert_eq!(summary.seats[1].points, 0);
    assert_eq!(g.scores, vec![-530, 0]);
    assert_eq!(g.round, 2);
    assert_eq!(summary.next_first, Some(Seat(0)));
    assert_eq!(g.stage, Stage::Deal { dealt: 0 });
}

#[test]
fn the_target_options_fit_their_tables() {
    let with = |target| Options {
        target,
        first_player: None,
        ..Options::default()
    };
    for seats in 2..=6 {
        assert!(ZopZoo::new(&with(Target::Standard), seats).is_ok());
        assert_eq!(
            ZopZoo::new(&with(Target::Long), seats).is_ok(),
            seats == 2,
            "1000 at {seats}"
        );
        assert_eq!(
            ZopZoo::new(&with(Target::Short), seats).is_ok(),
            seats >= 5,
            "600 at {seats}"
        );
    }
    assert!(matches!(
        ZopZoo::new(&with(Target::Long), 3),
        Err(SetupError::PlayerCount {
            min: 2,
            max: 2,
            got: 3,
            ..
        })
    ));
    assert!(matches!(
        ZopZoo::new(&Options::default(), 7),
        Err(SetupError::PlayerCount { .. })
    ));
    assert_eq!(
        ZopZoo::new(
            &Options {
                target: Target::Standard,
                first_player: Some(Seat(2)),
                ..Options::default()
            },
            2
        ),
        Err(SetupError::FirstPlayer {
            seat: Seat(2),
            seats: 2
        })
    );
    assert_eq!(
        ZopZoo::new(&with(Target::Long), 2)
            .unwrap()
            .view(Viewer::Spectator)
            .target,
        1000
    );
    assert_eq!(
        ZopZoo::new(&with(Target::Short), 5)
            .unwrap()
            .view(Viewer::Spectator)
            .target,
        600
    );
    assert_eq!(
        ZopZoo::new(&with(Target::Standard), 4)
            .unwrap()
            .view(Viewer::Spectator)
            .target,
        800
    );
}

// ---------------------------------------------------------------- matching

#[test]
fn a_points_card_covers_its_category_card_and_the_turn_goes_on() {
    let mut g = playing(&[&[Owl, Bear, Gorilla], &[Lion, Whale]]);
    assert!(!stack(&g, 0, Owl).shows_points());
    assert_eq!(stack(&g, 0, Owl).points(), 0);
    let told = draw(&mut g, w(Owl));
    assert_eq!(
        effect(&told),
        Effect::Matched {
            taken: Taken {
                card: cards::black_card(w(Owl)),
                onto: Some(Owl)
            }
        }
    );
    assert!(stack(&g, 0, Owl).shows_points());
    assert_eq!(stack(&g, 0, Owl).points(), 20);
    assert_eq!(stack(&g, 0, Owl).listed(), Some(Category::Bird));
    assert_eq!(pending(&g), (0, Pending::DrawClick), "draw again");
    // Another player's animal: discarded face up, the turn ends.
    let told = draw(&mut g, w(Lion));
    assert_eq!(effect(&told), Effect::Discarded);
    assert_eq!(g.discard, vec![(w(Lion), Mark::Live)]);
    // Seat 1 holds the Lion: its turn starts by taking it.
    assert_eq!(pending(&g), (1, Pending::TakeFromDiscard));
    // Nobody's animal.
    let mut g = playing(&[&[Owl], &[Lion]]);
    assert_eq!(effect(&draw(&mut g, w(Zebra))), Effect::Discarded);
    assert_eq!(pending(&g), (1, Pending::DrawClick));
}

#[test]
fn an_upper_half_connects_to_its_lower_half_for_80_and_lists_its_category() {
    let mut g = playing(&[&[Gorilla, Bear], &[Lion]]);
    let lower = stack(&g, 0, Gorilla);
    assert!(!lower.shows_points());
    assert_eq!(lower.listed(), None, "a lone lower half lists nothing");
    assert!(lower.wild_ok());
    let told = draw(&mut g, w(Gorilla));
    assert_eq!(
        effect(&told),
        Effect::Matched {
            taken: Taken {
                card: Card::UpperHalf {
                    animal: Gorilla,
                    category: Category::Mammal,
                    value: 80
                },
                onto: Some(Gorilla)
            }
        }
    );
    let connected = stack(&g, 0, Gorilla);
    assert!(connected.shows_points());
    assert_eq!(connected.points(), 80);
    assert_eq!(connected.listed(), Some(Category::Mammal));
    assert!(!connected.wild_ok());
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.players[0].row[0].points, 80);
    assert_eq!(v.players[0].row[0].category, Some(Category::Mammal));
}

#[test]
fn an_anti_minus_card_turns_a_minus_card_positive() {
    let mut g = playing(&[&[Skunk, Bear], &[Lion]]);
    let minus = stack(&g, 0, Skunk);
    assert!(minus.shows_points(), "a Minus card always shows POINTS");
    assert_eq!((minus.points(), minus.loser_points()), (-100, -100));
    assert_eq!(minus.listed(), None);
    draw(&mut g, w(Skunk));
    let anti = stack(&g, 0, Skunk);
    assert_eq!((anti.points(), anti.loser_points()), (100, 0));
    assert_eq!(anti.listed(), None);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn a_beast_or_best_beast_covers_a_card_of_the_players_choice() {
    let mut g = playing(&[&[Owl, Bear, Gorilla, Skunk], &[Lion]]);
    put(&mut g, 0, Bear, w(Bear));
    let told = draw(&mut g, BEAST);
    assert_eq!(effect(&told), Effect::Wild);
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(0)]
        }
    );
    // Every card with nothing on it, the Minus card included; not the Bear.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::Cover { base: Owl },
            Action::Cover { base: Gorilla },
            Action::Cover { base: Skunk },
        ]
    );
    assert_eq!(g.legal_actions(Seat(1)), vec![]);
    assert_eq!(
        g.view(Viewer::Seat(Seat(0))).moves,
        g.legal_actions(Seat(0))
    );
    assert_eq!(g.view(Viewer::Seat(Seat(1))).moves, vec![]);
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn {
            active: Seat(0),
            awaiting: Awaiting::Wild { card: Card::Beast }
        }
    );
    assert_eq!(
        refused(&mut g, 0, Action::Cover { base: Bear }),
        Illegal::NotWildEligible
    );
    assert_eq!(
        refused(&mut g, 0, Action::Cover { base: Lion }),
        Illegal::NotWildEligible
    );
    assert_eq!(
        refused(&mut g, 0, Action::Draw),
        Illegal::MustCover("BEAST")
    );
    assert_eq!(
        refused(&mut g, 1, Action::Cover { base: Lion }),
        Illegal::NotYourTurn
    );
    let told = act(&mut g, 0, Action::Cover { base: Skunk });
    assert_eq!(
        told,
        StepView::Covered {
            seat: Seat(0),
            wild: Card::Beast,
            base: cards::white_card(w(Skunk)),
            round_end: None
        }
    );
    assert_eq!(stack(&g, 0, Skunk).points(), 0);
    assert_eq!(stack(&g, 0, Skunk).loser_points(), 0);
    assert_eq!(pending(&g), (0, Pending::DrawClick), "draw again");
    // The BEST BEAST on the lone lower half: 50 POINTS, no category.
    assert_eq!(effect(&draw(&mut g, BEST_BEAST)), Effect::Wild);
    act(&mut g, 0, Action::Cover { base: Gorilla });
    let s = stack(&g, 0, Gorilla);
    assert_eq!((s.shows_points(), s.points(), s.listed()), (true, 50, None));
    // A wild-covered card can no longer be matched: its upper half is
    // discarded.
    assert_eq!(effect(&draw(&mut g, w(Gorilla))), Effect::Discarded);
    assert_eq!(stack(&g, 0, Gorilla).cover, Some(BEST_BEAST));
}

#[test]
fn side_bonus_cards_need_a_listed_category() {
    // Bird listed by an uncovered Owl.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    let told = draw(&mut g, bonus(Category::Bird));
    assert_eq!(
        effect(&told),
        Effect::Matched {
            taken: Taken {
                card: cards::black_card(bonus(Category::Bird)),
                onto: None
            }
        }
    );
    assert_eq!(g.players[0].side, vec![bonus(Category::Bird)]);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    // Bird listed by a POINTS-covered Owl; Mammal has no Side Bonus card.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    put(&mut g, 0, Owl, w(Owl));
    assert!(g.matches(0, bonus(Category::Bird)));
    // Not listed: a lone lower half (Toucan), a Minus card, a wild-covered
    // Parrot, an ANTI-covered Rat.
    let mut g = playing(&[&[Toucan, Skunk, Parrot, Rat, Bear], &[Lion]]);
    put(&mut g, 0, Parrot, BEAST);
    put(&mut g, 0, Rat, w(Rat));
    assert!(!g.matches(0, bonus(Category::Bird)));
    assert_eq!(
        effect(&draw(&mut g, bonus(Category::Bird))),
        Effect::Discarded
    );
    assert!(g.players[0].side.is_empty());
    // Connecting the Toucan lists Bird: the bonus on the discard pile now
    // matches (seat 0's next turn starts by taking it).
    let mut g = playing(&[&[Toucan, Skunk, Bear], &[Lion]]);
    put(&mut g, 0, Toucan, w(Toucan));
    assert!(g.matches(0, bonus(Category::Bird)));
    assert!(!g.matches(1, bonus(Category::Bird)));
    // A Category POINTS card for an animal nobody holds matches nobody.
    assert!(!g.matches(0, w(Parrot)));
}

// ---------------------------------------------------------------- MOLE

#[test]
fn a_drawn_mole_digs_every_retrievable_card_to_the_fixpoint() {
    // Seat 0: Owl, the Griffin's lower half, Bear. The pile, bottom first:
    // the Griffin's upper half, a Whale (nobody's), the Phoenix (MYTHICAL
    // bonus: retrievable only once the Griffin is connected), a spent
    // HYENA, the Owl's POINTS card.
    let mut g = playing(&[&[Owl, Griffin, Bear], &[Lion]]);
    discard(
        &mut g,
        &[
            (w(Griffin), Mark::Live),
            (w(Whale), Mark::Live),
            (bonus(Category::Mythical), Mark::Live),
            (HYENA, Mark::Spent),
            (w(Owl), Mark::Live),
        ],
        0,
    );
    // The Owl on top matches: that turn would take it. Draw instead by
    // making the top something else for this test: take the Owl first.
    assert_eq!(pending(&g), (0, Pending::TakeFromDiscard));
    let mut g = playing(&[&[Owl, Griffin, Bear], &[Lion]]);
    discard(
        &mut g,
        &[
            (w(Griffin), Mark::Live),
            (w(Owl), Mark::Live),
            (bonus(Category::Mythical), Mark::Live),
            (HYENA, Mark::Spent),
            (w(Whale), Mark::Live),
        ],
        0,
    );
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    let told = draw(&mut g, MOLE);
    let Effect::Dug { taken } = effect(&told) else {
        panic!("{told:?}");
    };
    // Top first: the Owl, then the Griffin, then the Phoenix it enabled.
    assert_eq!(taken_onto(&taken), vec![Some(Owl), Some(Griffin), None]);
    assert_eq!(taken[2].card, cards::black_card(bonus(Category::Mythical)));
    // The rest keep their order; the MOLE goes on top; the turn goes on.
    assert_eq!(
        g.discard,
        vec![
            (HYENA, Mark::Spent),
            (w(Whale), Mark::Live),
            (MOLE, Mark::Live)
        ]
    );
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    assert_eq!(stack(&g, 0, Griffin).points(), 80);
    assert_eq!(g.players[0].side, vec![bonus(Category::Mythical)]);
}

#[test]
fn a_drawn_mole_with_nothing_to_retrieve_is_discarded_and_ends_the_turn() {
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    discard(&mut g, &[(w(Whale), Mark::Live)], 0);
    let told = draw(&mut g, MOLE);
    assert_eq!(effect(&told), Effect::Discarded);
    assert_eq!(g.discard, vec![(w(Whale), Mark::Live), (MOLE, Mark::Live)]);
    // Seat 1 can retrieve nothing either: it draws.
    assert_eq!(pending(&g), (1, Pending::DrawClick));
}

#[test]
fn a_mole_on_the_discard_pile_is_optional_and_reusable() {
    // Pile: Bear (seat 1's), Owl (seat 0's), MOLE on top.
    let rows: [&[Animal]; 2] = [&[Owl, Lion], &[Bear, Zebra]];
    let mut g = playing(&rows);
    discard(
        &mut g,
        &[
            (w(Bear), Mark::Live),
            (w(Owl), Mark::Live),
            (MOLE, Mark::Live),
        ],
        0,
    );
    assert_eq!(pending(&g), (0, Pending::DigOrDraw));
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Dig, Action::Draw]);
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn {
            active: Seat(0),
            awaiting: Awaiting::DigOrDraw {
                retrieves: vec![Taken {
                    card: cards::black_card(w(Owl)),
                    onto: Some(Owl)
                }]
            }
        }
    );
    assert_eq!(
        refused(&mut g, 0, Action::TakeFromDiscard),
        Illegal::MustDigOrDraw
    );
    // Declining: the seat draws; the MOLE stays.
    let mut declined = g.clone();
    let told = act(&mut declined, 0, Action::Draw);
    assert_eq!(
        told,
        StepView::Drew {
            seat: Seat(0),
            left_mole: true,
            round_end: None
        }
    );
    // The seat has drawn already: the card comes next, no second click.
    assert_eq!(pending(&declined), (0, Pending::Draw));
    assert_eq!(declined.discard.len(), 3);
    // Digging takes the Owl, leaves the MOLE on top and ends the turn.
    let told = act(&mut g, 0, Action::Dig);
    assert_eq!(
        told,
        StepView::Dug {
            seat: Seat(0),
            taken: vec![Taken {
                card: cards::black_card(w(Owl)),
                onto: Some(Owl)
            }],
            round_end: None
        }
    );
    assert_eq!(g.discard, vec![(w(Bear), Mark::Live), (MOLE, Mark::Live)]);
    // Seat 1 reuses the same MOLE for its Bear.
    assert_eq!(pending(&g), (1, Pending::DigOrDraw));
    act(&mut g, 1, Action::Dig);
    assert!(stack(&g, 1, Bear).shows_points());
    assert_eq!(g.discard, vec![(MOLE, Mark::Live)]);
    // Nothing left to retrieve: seat 0 just draws.
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn a_dig_from_the_discard_pile_reaches_the_fixpoint_too() {
    // The Phoenix sits above the Griffin's upper half: only the fixpoint
    // retrieves it.
    let mut g = playing(&[&[Griffin, Bear], &[Lion]]);
    discard(
        &mut g,
        &[
            (w(Griffin), Mark::Live),
            (bonus(Category::Mythical), Mark::Live),
            (MOLE, Mark::Live),
        ],
        0,
    );
    let StepView::Dug { taken, .. } = act(&mut g, 0, Action::Dig) else {
        panic!()
    };
    assert_eq!(taken_onto(&taken), vec![Some(Griffin), None]);
    assert_eq!(g.discard, vec![(MOLE, Mark::Live)]);
    assert_eq!(pending(&g), (1, Pending::DrawClick));
}

// ---------------------------------------------------------------- tasks

#[test]
fn a_drawn_hyena_gives_a_points_item_away_and_the_turn_goes_on() {
    let mut g = playing(&[&[Skunk, Owl], &[Lion], &[Bear]]);
    side(&mut g, 0, Category::Bird);
    let told = draw(&mut g, HYENA);
    assert_eq!(effect(&told), Effect::Task);
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn {
            active: Seat(0),
            awaiting: Awaiting::Task { card: Card::Hyena }
        }
    );
    // Its items (the Minus card, the bonus) to either opponent; the
    // uncovered Owl shows no POINTS.
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::Give {
                item: stack_item(Skunk),
                to: Seat(1)
            },
            Action::Give {
                item: stack_item(Skunk),
                to: Seat(2)
            },
            Action::Give {
                item: bonus_item(Category::Bird),
                to: Seat(1)
            },
            Action::Give {
                item: bonus_item(Category::Bird),
                to: Seat(2)
            },
        ]
    );
    let give = |item, to| Action::Give { item, to: Seat(to) };
    assert_eq!(
        refused(&mut g, 0, give(stack_item(Owl), 1)),
        Illegal::NoSuchItem(0)
    );
    assert_eq!(
        refused(&mut g, 0, give(stack_item(Lion), 1)),
        Illegal::NoSuchItem(0)
    );
    assert_eq!(
        refused(&mut g, 0, give(stack_item(Skunk), 0)),
        Illegal::OwnSeat
    );
    assert_eq!(
        refused(&mut g, 0, give(stack_item(Skunk), 3)),
        Illegal::NoSuchSeat(3)
    );
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Take {
                from: Seat(1),
                item: stack_item(Lion)
            }
        ),
        Illegal::MustUseTask("HYENA")
    );
    let told = act(&mut g, 0, give(stack_item(Skunk), 2));
    let StepView::TaskUsed {
        task,
        from_discard,
        moved,
        ..
    } = told
    else {
        panic!("{told:?}")
    };
    assert_eq!((task, from_discard), (Card::Hyena, false));
    assert_eq!(moved.len(), 1);
    assert_eq!((moved[0].from, moved[0].to), (Seat(0), Seat(2)));
    assert_eq!(moved[0].cards, vec![cards::white_card(w(Skunk))]);
    // The Minus card lands at the end of seat 2's row.
    assert_eq!(row(&g, 0), vec![Owl]);
    assert_eq!(row(&g, 2), vec![Bear, Skunk]);
    // Spent on the discard pile; draw again.
    assert_eq!(g.discard, vec![(HYENA, Mark::Spent)]);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    // The receiver may later cover it with its ANTI-Minus card.
    g.stage = Stage::Turn {
        active: 2,
        pending: Pending::Draw,
    };
    draw(&mut g, w(Skunk));
    assert_eq!(stack(&g, 2, Skunk).points(), 100);
}

#[test]
fn a_hyena_nobody_can_use_is_discarded_unspent_and_the_next_player_must_use_it() {
    // Seat 0 has no POINTS item: the HYENA is discarded, the turn ends.
    let mut g = playing(&[&[Owl, Bear], &[Skunk, Lion]]);
    assert!(!g.usable(0, HYENA));
    assert_eq!(effect(&draw(&mut g, HYENA)), Effect::Discarded);
    assert_eq!(g.discard, vec![(HYENA, Mark::Live)]);
    // Seat 1 has its Minus card: it must use the HYENA from the pile.
    assert_eq!(pending(&g), (1, Pending::DiscardTask));
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn {
            active: Seat(1),
            awaiting: Awaiting::DiscardTask { card: Card::Hyena }
        }
    );
    assert_eq!(
        g.legal_actions(Seat(1)),
        vec![Action::Give {
            item: stack_item(Skunk),
            to: Seat(0)
        }]
    );
    assert_eq!(
        refused(&mut g, 1, Action::Draw),
        Illegal::MustUseDiscardTask("HYENA")
    );
    let told = act(
        &mut g,
        1,
        Action::Give {
            item: stack_item(Skunk),
            to: Seat(0),
        },
    );
    assert!(matches!(
        told,
        StepView::TaskUsed {
            from_discard: true,
            ..
        }
    ));
    // It stays on the pile, spent; the turn is over. Seat 0 now holds a
    // POINTS item, but a spent card blocks nothing: it draws.
    assert_eq!(g.discard, vec![(HYENA, Mark::Spent)]);
    assert_eq!(row(&g, 0), vec![Owl, Bear, Skunk]);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn a_buried_task_card_is_void_even_when_uncovered_again() {
    // Seat 1 cannot use the RACCOON (seat 0 has no POINTS item), so it
    // draws and buries it.
    let mut g = playing(&[&[Owl, Bear], &[Lion, Zebra]]);
    discard(&mut g, &[(RACCOON, Mark::Live)], 1);
    assert_eq!(pending(&g), (1, Pending::DrawClick));
    assert_eq!(effect(&draw(&mut g, w(Owl))), Effect::Discarded);
    assert_eq!(g.discard, vec![(RACCOON, Mark::Void), (w(Owl), Mark::Live)]);
    // Seat 0 takes its Owl, uncovering the RACCOON: still void.
    assert_eq!(pending(&g), (0, Pending::TakeFromDiscard));
    act(&mut g, 0, Action::TakeFromDiscard);
    // Seat 1 could use a RACCOON now (the Owl shows POINTS), but not this
    // one: it draws.
    assert!(g.usable(1, RACCOON));
    assert_eq!(pending(&g), (1, Pending::DrawClick));
    let v = g.view(Viewer::Spectator);
    assert_eq!(v.discard.len(), 1);
    assert_eq!(v.discard[0].mark, Mark::Void);
    // A MOLE never retrieves task cards.
    assert!(!g.retrievable(1));
}

#[test]
fn a_raccoon_takes_a_points_item_from_another_player() {
    let mut g = playing(&[&[Owl, Bear], &[Lion, Gorilla], &[Zebra]]);
    // Nobody else has a POINTS item: unusable, discarded.
    assert!(!g.usable(0, RACCOON));
    let mut unusable = g.clone();
    assert_eq!(effect(&draw(&mut unusable, RACCOON)), Effect::Discarded);
    put(&mut g, 1, Gorilla, w(Gorilla));
    side(&mut g, 2, Category::Ocean);
    assert_eq!(effect(&draw(&mut g, RACCOON)), Effect::Task);
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![
            Action::Take {
                from: Seat(1),
                item: stack_item(Gorilla)
            },
            Action::Take {
                from: Seat(2),
                item: bonus_item(Category::Ocean)
            },
        ]
    );
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Take {
                from: Seat(2),
                item: stack_item(Gorilla)
            }
        ),
        Illegal::NoSuchItem(2)
    );
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Take {
                from: Seat(1),
                item: stack_item(Lion)
            }
        ),
        Illegal::NoSuchItem(1)
    );
    let StepView::TaskUsed { moved, .. } = act(
        &mut g,
        0,
        Action::Take {
            from: Seat(1),
            item: stack_item(Gorilla),
        },
    ) else {
        panic!()
    };
    // The stack moves whole: the lower half with its upper half.
    assert_eq!(
        moved[0].cards,
        vec![cards::white_card(w(Gorilla)), cards::black_card(w(Gorilla))]
    );
    assert_eq!(row(&g, 0), vec![Owl, Bear, Gorilla]);
    assert_eq!(row(&g, 1), vec![Lion]);
    assert_eq!(stack(&g, 0, Gorilla).points(), 80);
    assert_eq!(g.discard, vec![(RACCOON, Mark::Spent)]);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn an_earthworm_switches_one_points_item_for_another() {
    let mut g = playing(&[&[Owl, Bear], &[Lion, Gorilla]]);
    // Only seat 1 has a POINTS item: seat 0 cannot switch.
    put(&mut g, 1, Gorilla, w(Gorilla));
    assert!(!g.usable(0, EARTHWORM));
    let mut unusable = g.clone();
    assert_eq!(effect(&draw(&mut unusable, EARTHWORM)), Effect::Discarded);
    assert_eq!(
        pending(&unusable),
        (1, Pending::DrawClick),
        "seat 0 has nothing to switch"
    );
    // Seat 0's BEAST-covered Bear for seat 1's connected Gorilla.
    put(&mut g, 0, Bear, BEAST);
    assert!(g.usable(0, EARTHWORM));
    assert_eq!(effect(&draw(&mut g, EARTHWORM)), Effect::Task);
    let switch = Action::Switch {
        mine: stack_item(Bear),
        with: Seat(1),
        theirs: stack_item(Gorilla),
    };
    assert_eq!(g.legal_actions(Seat(0)), vec![switch]);
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Switch {
                mine: stack_item(Bear),
                with: Seat(0),
                theirs: stack_item(Gorilla)
            }
        ),
        Illegal::OwnSeat
    );
    assert_eq!(
        refused(
            &mut g,
            0,
            Action::Switch {
                mine: stack_item(Owl),
                with: Seat(1),
                theirs: stack_item(Gorilla)
            }
        ),
        Illegal::NoSuchItem(0)
    );
    let StepView::TaskUsed { moved, .. } = act(&mut g, 0, switch) else {
        panic!()
    };
    assert_eq!(moved.len(), 2);
    assert_eq!(row(&g, 0), vec![Owl, Gorilla]);
    assert_eq!(row(&g, 1), vec![Lion, Bear]);
    assert_eq!(stack(&g, 1, Bear).cover, Some(BEAST));
    assert_eq!(g.discard, vec![(EARTHWORM, Mark::Spent)]);
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn side_bonus_cards_change_hands_too() {
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    side(&mut g, 0, Category::Bird);
    side(&mut g, 1, Category::Mythical);
    draw(&mut g, EARTHWORM);
    act(
        &mut g,
        0,
        Action::Switch {
            mine: bonus_item(Category::Bird),
            with: Seat(1),
            theirs: bonus_item(Category::Mythical),
        },
    );
    assert_eq!(g.players[0].side, vec![bonus(Category::Mythical)]);
    assert_eq!(g.players[1].side, vec![bonus(Category::Bird)]);
}

// ---------------------------------------------------------------- discard

#[test]
fn matching_cards_are_taken_from_the_discard_pile_in_a_chain() {
    // Seat 1 holds Owl, Lion, Elephant. Pile, bottom first: Elephant,
    // Zebra (nobody's), a void HYENA, Owl, Lion.
    let mut g = playing(&[&[Bear, Panda], &[Owl, Lion, Elephant]]);
    discard(
        &mut g,
        &[
            (w(Elephant), Mark::Live),
            (w(Zebra), Mark::Live),
            (HYENA, Mark::Void),
            (w(Owl), Mark::Live),
            (w(Lion), Mark::Live),
        ],
        1,
    );
    assert_eq!(pending(&g), (1, Pending::TakeFromDiscard));
    assert_eq!(g.legal_actions(Seat(1)), vec![Action::TakeFromDiscard]);
    // The view says what the take will bring.
    let Phase::Turn {
        awaiting: Awaiting::TakeFromDiscard { takes },
        ..
    } = g.view(Viewer::Spectator).phase
    else {
        panic!()
    };
    assert_eq!(taken_onto(&takes), vec![Some(Lion), Some(Owl)]);
    assert_eq!(
        refused(&mut g, 1, Action::Draw),
        Illegal::MustTakeFromDiscard
    );
    assert_eq!(
        refused(&mut g, 0, Action::TakeFromDiscard),
        Illegal::NotYourTurn
    );
    let StepView::TookFromDiscard { taken, .. } = act(&mut g, 1, Action::TakeFromDiscard) else {
        panic!()
    };
    // Down to the HYENA, which stops the chain; no draw.
    assert_eq!(taken_onto(&taken), vec![Some(Lion), Some(Owl)]);
    assert_eq!(
        g.discard,
        vec![
            (w(Elephant), Mark::Live),
            (w(Zebra), Mark::Live),
            (HYENA, Mark::Void)
        ]
    );
    assert!(!stack(&g, 1, Elephant).shows_points());
    assert_eq!(pending(&g), (0, Pending::DrawClick));
}

#[test]
fn a_chained_take_enabling_a_side_bonus_takes_it_too() {
    // The Toucan's upper half lists BIRD once connected: the Hummingbird
    // under it then matches.
    let mut g = playing(&[&[Bear], &[Toucan, Lion]]);
    discard(
        &mut g,
        &[(bonus(Category::Bird), Mark::Live), (w(Toucan), Mark::Live)],
        1,
    );
    let StepView::TookFromDiscard { taken, .. } = act(&mut g, 1, Action::TakeFromDiscard) else {
        panic!()
    };
    assert_eq!(taken_onto(&taken), vec![Some(Toucan), None]);
    assert!(g.discard.is_empty());
}

// ---------------------------------------------------------------- round end

#[test]
fn the_round_is_won_the_moment_every_card_shows_points() {
    // A chained take stops at the win: the Hummingbird (which would match
    // the Owl) stays on the pile.
    let mut g = playing(&[&[Bear, Panda], &[Owl, Lion, Elephant, Skunk]]);
    put(&mut g, 1, Elephant, BEAST);
    discard(
        &mut g,
        &[
            (bonus(Category::Bird), Mark::Live),
            (w(Owl), Mark::Live),
            (w(Lion), Mark::Live),
        ],
        1,
    );
    let StepView::TookFromDiscard {
        taken, round_end, ..
    } = act(&mut g, 1, Action::TakeFromDiscard)
    else {
        panic!()
    };
    assert_eq!(taken.len(), 2);
    let summary = round_end.unwrap();
    assert_eq!(summary.winner, Some(Seat(1)));
    assert_eq!(summary.ended_by, RoundEnd::Won);
    // Owl 20 + Lion 10 + BEAST 0 + uncovered Skunk -100.
    assert_eq!(summary.seats[1].points, -70);
    assert_eq!(
        summary.seats[1]
            .row
            .iter()
            .map(|s| s.points)
            .collect::<Vec<_>>(),
        vec![20, 10, 0, -100]
    );
    assert_eq!(summary.seats[1].row[2].cover, Some(Cover::Beast));
    assert_eq!(summary.next_first, Some(Seat(1)));
    // A new round: dealt again from the winner.
    assert_eq!(g.round, 2);
    assert_eq!(g.first, Some(1));
    assert_eq!(g.stage, Stage::Deal { dealt: 0 });
    assert!(g.discard.is_empty());
    assert_eq!(g.pile_count(), 74);
    assert_eq!(g.view(Viewer::Spectator).rounds, vec![summary]);
}

#[test]
fn a_drawn_match_or_a_wild_can_win_mid_turn() {
    let mut g = playing(&[&[Owl, Skunk], &[Lion]]);
    let told = draw(&mut g, w(Owl));
    let StepView::CardDrawn {
        round_end: Some(summary),
        ..
    } = told
    else {
        panic!("{told:?}")
    };
    assert_eq!(summary.winner, Some(Seat(0)));
    assert_eq!(summary.seats[0].points, 20 - 100);
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    put(&mut g, 0, Bear, w(Bear));
    draw(&mut g, BEST_BEAST);
    let StepView::Covered {
        round_end: Some(summary),
        ..
    } = act(&mut g, 0, Action::Cover { base: Owl })
    else {
        panic!()
    };
    assert_eq!(summary.seats[0].points, 50 + 10);
    assert_eq!(summary.seats[0].row[0].cover, Some(Cover::BestBeast));
}

#[test]
fn the_winner_scores_everything_the_others_only_minus_cards_and_bonuses() {
    // Seat 0 (wins): Owl covered 20, Gorilla connected 80, Bear BEAST 0,
    // Lion BEST BEAST 50, Skunk ANTI +100, Rat uncovered -90; BIRD bonus
    // +20, and the Zebra it wins with, 10. Total 190.
    let mut g = playing(&[
        &[Owl, Gorilla, Bear, Lion, Skunk, Rat, Zebra],
        &[Vulture, Piranha, Whale, Dolphin],
        &[Frog],
    ]);
    put(&mut g, 0, Owl, w(Owl));
    put(&mut g, 0, Gorilla, w(Gorilla));
    put(&mut g, 0, Bear, BEAST);
    put(&mut g, 0, Lion, BEST_BEAST);
    put(&mut g, 0, Skunk, w(Skunk));
    side(&mut g, 0, Category::Bird);
    // Seat 1: Vulture uncovered -100, Piranha ANTI-covered (0 to a
    // non-winner), Whale covered (0), Dolphin open; OCEAN bonus +15.
    put(&mut g, 1, Piranha, w(Piranha));
    put(&mut g, 1, Whale, w(Whale));
    side(&mut g, 1, Category::Ocean);
    side(&mut g, 1, Category::Insect);
    // Seat 2: nothing.
    g.scores = vec![100, 200, 300];
    let StepView::CardDrawn {
        round_end: Some(s), ..
    } = draw(&mut g, w(Zebra))
    else {
        panic!()
    };
    let points = |seat: usize| {
        s.seats[seat]
            .row
            .iter()
            .map(|r| r.points)
            .collect::<Vec<_>>()
    };
    assert_eq!(points(0), vec![20, 80, 0, 50, 100, -90, 10]);
    assert_eq!(s.seats[0].side_points, 20);
    assert_eq!(s.seats[0].points, 190);
    assert_eq!(points(1), vec![-100, 0, 0, 0]);
    assert_eq!(s.seats[1].side, vec![Category::Ocean, Category::Insect]);
    assert_eq!(s.seats[1].side_points, 40);
    assert_eq!(s.seats[1].points, -60);
    assert_eq!(s.seats[2].points, 0);
    assert_eq!(g.scores, vec![290, 140, 300]);
    assert_eq!(
        s.seats.iter().map(|r| r.total).collect::<Vec<_>>(),
        vec![290, 140, 300]
    );
    assert_eq!(g.wins, vec![1, 0, 0]);
}

#[test]
fn an_exhausted_deck_ends_the_round_and_everyone_tallies() {
    // Three seats, seat 1 first. Only the Zebra (nobody's) is left to draw.
    let mut g = playing(&[&[Owl, Skunk], &[Lion, Bear], &[Gorilla, Rat]]);
    g.first = Some(1);
    put(&mut g, 0, Owl, w(Owl)); // 20 - 100 = -80
    put(&mut g, 1, Lion, w(Lion)); // 10, Bear unmatched 0
    side(&mut g, 1, Category::Ocean); // +15 = 25
    put(&mut g, 2, Gorilla, w(Gorilla)); // 80
    put(&mut g, 2, Rat, w(Rat)); // +90 = 170
    g.pile = [0; KINDS as usize];
    g.pile[usize::from(w(Zebra))] = 1;
    g.stage = Stage::Turn {
        active: 1,
        pending: Pending::Draw,
    };
    let told = draw(&mut g, w(Zebra));
    // Seat 2 would draw next: the pile is empty, the round ends in this
    // step.
    let StepView::CardDrawn {
        effect: Effect::Discarded,
        round_end: Some(s),
        ..
    } = told
    else {
        panic!("{told:?}")
    };
    assert_eq!(s.ended_by, RoundEnd::Exhausted);
    assert_eq!(s.winner, None);
    assert_eq!(
        s.seats.iter().map(|r| r.points).collect::<Vec<_>>(),
        vec![-80, 25, 170]
    );
    // The highest tally is dealt first next round.
    assert_eq!(s.next_first, Some(Seat(2)));
    assert_eq!(g.first, Some(2));
    assert_eq!(g.wins, vec![0, 0, 0]);
}

#[test]
fn a_tie_for_the_highest_tally_goes_to_the_nearest_seat_clockwise_from_the_first() {
    // Tallies 50, 30, 50 with seat 1 first: seat 2 is nearer than seat 0.
    let mut g = playing(&[&[Frog, Owl], &[Whale, Parrot], &[Hippo, Penguin]]);
    put(&mut g, 0, Frog, w(Frog)); // 30
    side(&mut g, 0, Category::Bird); // +20 = 50
    put(&mut g, 1, Whale, w(Whale)); // 15
    put(&mut g, 1, Parrot, w(Parrot)); // +20 = 35
    put(&mut g, 2, Hippo, w(Hippo)); // 30
    put(&mut g, 2, Penguin, w(Penguin)); // +20 = 50
    g.pile = [0; KINDS as usize];
    g.first = Some(1);
    g.stage = Stage::Turn {
        active: 2,
        pending: Pending::Draw,
    };
    let mut exhausted = g.clone();
    act_draw_nothing(&mut exhausted);
    let s = exhausted.rounds.last().unwrap();
    assert_eq!(
        s.seats.iter().map(|r| r.points).collect::<Vec<_>>(),
        vec![50, 35, 50]
    );
    assert_eq!(s.next_first, Some(Seat(2)));
    // With seat 2 first, seat 2 itself counts first (distance 0).
    let mut from_two = g.clone();
    from_two.first = Some(2);
    act_draw_nothing(&mut from_two);
    assert_eq!(from_two.rounds.last().unwrap().next_first, Some(Seat(2)));
    // With seat 0 first, seat 0.
    let mut from_zero = g;
    from_zero.first = Some(0);
    act_draw_nothing(&mut from_zero);
    assert_eq!(from_zero.rounds.last().unwrap().next_first, Some(Seat(0)));
}

/// Starts the active seat's turn again: with an empty draw pile and
/// nothing on the discard pile for it, the round ends there.
fn act_draw_nothing(g: &mut ZopZoo) {
    let (seat, _) = pending(g);
    g.begin_turn(seat);
}

#[test]
fn declining_the_mole_with_an_empty_draw_pile_ends_the_round() {
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    discard(&mut g, &[(w(Owl), Mark::Live), (MOLE, Mark::Live)], 0);
    g.pile = [0; KINDS as usize];
    assert_eq!(pending(&g), (0, Pending::DigOrDraw));
    let StepView::Drew {
        round_end: Some(s), ..
    } = act(&mut g, 0, Action::Draw)
    else {
        panic!()
    };
    assert_eq!(s.ended_by, RoundEnd::Exhausted);
}

// ---------------------------------------------------------------- draws by click

#[test]
fn a_forced_draw_waits_for_the_seats_click_and_nothing_else_will_do() {
    // Seat 0 has just matched its Owl: the turn goes on with a draw, which
    // waits for seat 0 (its only move); the card is drawn after it.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    assert_eq!(
        effect(&draw(&mut g, w(Owl))),
        Effect::Matched {
            taken: Taken {
                card: cards::black_card(w(Owl)),
                onto: Some(Owl),
            },
        }
    );
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    assert_eq!(
        g.to_act(),
        ToAct::Seats {
            seats: vec![Seat(0)]
        }
    );
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::Draw]);
    assert!(g.legal_actions(Seat(1)).is_empty());
    assert!(g.chance_outcomes().is_empty());
    assert_eq!(
        g.view(Viewer::Spectator).phase,
        Phase::Turn {
            active: Seat(0),
            awaiting: Awaiting::Draw
        }
    );
    // Nothing but the draw: other moves, other seats and chance are refused.
    assert_eq!(refused(&mut g, 0, Action::Dig), Illegal::MustDraw);
    assert_eq!(
        refused(&mut g, 0, Action::TakeFromDiscard),
        Illegal::MustDraw
    );
    assert_eq!(
        refused(&mut g, 0, Action::Cover { base: Bear }),
        Illegal::MustDraw
    );
    assert_eq!(refused(&mut g, 1, Action::Draw), Illegal::NotYourTurn);
    let before = g.clone();
    assert_eq!(
        g.apply(&Step::Chance {
            outcome: Chance::Draw(w(Bear))
        }),
        Err(Illegal::UnexpectedChance)
    );
    assert_eq!(g, before);
    // A draw shows nothing: the card is a chance step of its own.
    assert!(!g.reveals(&Action::Draw));
    assert_eq!(
        act(&mut g, 0, Action::Draw),
        StepView::Drew {
            seat: Seat(0),
            left_mole: false,
            round_end: None
        }
    );
    assert_eq!(g.to_act(), ToAct::Chance);
    // The Bear wins the round.
    let StepView::CardDrawn {
        round_end: Some(s), ..
    } = draw(&mut g, w(Bear))
    else {
        panic!("the Bear wins")
    };
    assert_eq!(s.winner, Some(Seat(0)));
}

#[test]
fn the_next_seat_draws_by_its_own_click_after_a_discard() {
    let mut g = playing(&[&[Owl, Bear], &[Lion, Zebra]]);
    assert_eq!(effect(&draw(&mut g, w(Whale))), Effect::Discarded);
    // Seat 1: the Whale is nothing to it, so it draws, when it says so.
    assert_eq!(pending(&g), (1, Pending::DrawClick));
    assert_eq!(g.legal_actions(Seat(1)), vec![Action::Draw]);
    assert_eq!(g.view(Viewer::Seat(Seat(1))).moves, vec![Action::Draw]);
    assert!(g.view(Viewer::Seat(Seat(0))).moves.is_empty());
}

#[test]
fn a_wild_or_a_drawn_task_card_placed_waits_for_the_next_draw() {
    // The wild's cover (a choice) leaves the seat alone to act, before any
    // card is drawn: that step is one the seat may take back.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    assert_eq!(effect(&draw(&mut g, BEAST)), Effect::Wild);
    let before = g.clone();
    act(&mut g, 0, Action::Cover { base: Owl });
    assert_eq!(pending(&g), (0, Pending::DrawClick));
    assert!(!before.reveals(&Action::Cover { base: Owl }));
    assert!(crate::game::takes_back(false, Seat(0), &g.to_act()));
    // After the draw, chance comes next: no take-back of the draw itself.
    act(&mut g, 0, Action::Draw);
    assert!(!crate::game::takes_back(false, Seat(0), &g.to_act()));
}

#[test]
fn with_an_empty_draw_pile_there_is_no_click_the_round_ends() {
    // The last card is discarded: seat 1 would draw from an empty pile, so
    // the round ends in that step, as without clicks.
    let mut g = playing(&[&[Owl, Bear], &[Lion, Zebra]]);
    g.pile = [0; KINDS as usize];
    g.pile[usize::from(w(Whale))] = 1;
    let StepView::CardDrawn {
        effect: Effect::Discarded,
        round_end: Some(s),
        ..
    } = draw(&mut g, w(Whale))
    else {
        panic!("the round ends")
    };
    assert_eq!(s.ended_by, RoundEnd::Exhausted);
    // A match with the last card: the turn would go on with a draw.
    let mut g = playing(&[&[Owl, Bear], &[Lion, Zebra]]);
    g.pile = [0; KINDS as usize];
    g.pile[usize::from(w(Owl))] = 1;
    let StepView::CardDrawn {
        effect: Effect::Matched { .. },
        round_end: Some(s),
        ..
    } = draw(&mut g, w(Owl))
    else {
        panic!("the round ends")
    };
    assert_eq!(s.ended_by, RoundEnd::Exhausted);
}

/// Matches stored before the option (`draw_by_click` absent, read as
/// `false`) draw at once, as they were played: no `draw` step between.
#[test]
fn without_draw_by_click_the_server_draws_at_once() {
    let old: Options = serde_json::from_str(r#"{"target":"standard","first_player":0}"#).unwrap();
    assert!(!old.draw_by_click, "absent means the old way");
    assert!(Options::default().draw_by_click, "new rooms draw by click");
    let mut g = ZopZoo::new(&old, 2).unwrap();
    g.players = playing(&[&[Owl, Bear], &[Lion, Zebra]]).players;
    g.stage = Stage::Turn {
        active: 0,
        pending: Pending::Draw,
    };
    assert!(matches!(
        effect(&draw(&mut g, w(Owl))),
        Effect::Matched { .. }
    ));
    assert_eq!(pending(&g), (0, Pending::Draw), "no click: chance next");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(refused(&mut g, 0, Action::Draw), Illegal::NothingToDecide);
    assert_eq!(effect(&draw(&mut g, w(Whale))), Effect::Discarded);
    assert_eq!(pending(&g), (1, Pending::Draw));
    // The MOLE's "draw" is still a seat's choice there.
    let mut g = ZopZoo::new(&old, 2).unwrap();
    g.players = playing(&[&[Owl, Bear], &[Lion]]).players;
    g.stage = Stage::Turn {
        active: 1,
        pending: Pending::Draw,
    };
    discard(&mut g, &[(w(Owl), Mark::Live), (MOLE, Mark::Live)], 0);
    assert_eq!(pending(&g), (0, Pending::DigOrDraw));
    assert_eq!(
        act(&mut g, 0, Action::Draw),
        StepView::Drew {
            seat: Seat(0),
            left_mole: true,
            round_end: None
        }
    );
    assert_eq!(pending(&g), (0, Pending::Draw));
}

// ---------------------------------------------------------------- game end

#[test]
fn the_game_ends_at_the_target_and_ranks_by_total() {
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    put(&mut g, 0, Bear, w(Bear));
    g.scores = vec![775, 790];
    draw(&mut g, w(Owl)); // +30: 805
    assert_eq!(g.stage, Stage::Finished);
    assert_eq!(g.to_act(), ToAct::Finished);
    let out = g.outcome().unwrap();
    assert_eq!(out.ranks, vec![1, 2]);
    assert_eq!(out.scorecard.players[0].total, 805);
    assert_eq!(out.scorecard.players[0].rounds, vec![30]);
    assert_eq!(out.scorecard.players[0].wins, 1);
    assert_eq!(out.scorecard.players[1].rounds, vec![0]);
    assert_eq!(out.scorecard.target, 800);
    assert_eq!(out.scorecard.rounds[0].next_first, None);
    assert_eq!(g.view(Viewer::Spectator).phase, Phase::Finished);
    assert_eq!(
        g.clone().apply(&Step::Chance {
            outcome: Chance::Draw(BEAST)
        }),
        Err(Illegal::GameOver)
    );
    // A round that ends below the target deals the next one.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    put(&mut g, 0, Bear, w(Bear));
    g.scores = vec![700, 790];
    draw(&mut g, w(Owl));
    assert_eq!(g.stage, Stage::Deal { dealt: 0 });
    assert_eq!(g.scores, vec![730, 790]);
}

#[test]
fn a_non_winner_can_reach_the_target_and_win_the_game() {
    // Seat 1 is at 790 and collects an OCEAN bonus: 805, above the
    // round's winner.
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    put(&mut g, 0, Bear, w(Bear));
    side(&mut g, 1, Category::Ocean);
    g.scores = vec![100, 790];
    draw(&mut g, w(Owl));
    let out = g.outcome().unwrap();
    assert_eq!(out.ranks, vec![2, 1]);
}

#[test]
fn equal_highest_totals_share_the_win() {
    // 5 players to 600: seats 0 and 3 both end on 610.
    let options = Options {
        target: Target::Short,
        first_player: Some(Seat(0)),
        ..Options::default()
    };
    let mut g = ZopZoo::new(&options, 5).unwrap();
    let fresh = playing(&[&[Owl, Bear], &[Lion], &[Zebra], &[Frog], &[Whale]]);
    g.players = fresh.players;
    g.stage = fresh.stage;
    put(&mut g, 0, Bear, w(Bear)); // the win: Owl 20 + Bear 10 = 30
    side(&mut g, 3, Category::SemiAquatic); // +30 for a non-winner
    g.scores = vec![580, 500, 0, 580, -40];
    draw(&mut g, w(Owl));
    assert_eq!(g.scores, vec![610, 500, 0, 610, -40]);
    let out = g.outcome().unwrap();
    assert_eq!(out.ranks, vec![1, 3, 4, 1, 5]);
    assert_eq!(out.scorecard.players[3].rank, 1);
}

// ---------------------------------------------------------------- refusals

#[test]
fn steps_out_of_turn_or_out_of_range_are_refused_and_change_nothing() {
    let mut g = playing(&[&[Owl, Bear], &[Lion]]);
    // Chance is to act.
    assert_eq!(refused(&mut g, 0, Action::Draw), Illegal::NothingToDecide);
    assert_eq!(refused(&mut g, 1, Action::Dig), Illegal::NotYourTurn);
    assert_eq!(refused(&mut g, 7, Action::Dig), Illegal::NotYourTurn);
    for outcome in [
        Chance::Draw(KINDS),
        Chance::Draw(200),
        Chance::Deal(0),
        Chance::FirstPlayer(Seat(0)),
    ] {
        let before = g.clone();
        assert_eq!(
            g.apply(&Step::Chance { outcome }),
            Err(Illegal::ImpossibleOutcome)
        );
        assert_eq!(g, before);
    }
    // A card no longer in the draw pile.
    let mut h = g.clone();
    h.pile[usize::from(HYENA)] = 0;
    assert_eq!(
        h.apply(&Step::Chance {
            outcome: Chance::Draw(HYENA)
        }),
        Err(Illegal::ImpossibleOutcome)
    );
    // A seat to act: chance is refused.
    draw(&mut g, BEAST);
    assert_eq!(
        g.clone().apply(&Step::Chance {
            outcome: Chance::Draw(MOLE)
        }),
        Err(Illegal::UnexpectedChance)
    );
    assert_eq!(g.chance_outcomes(), vec![]);
    // Every message is about public facts.
    assert_eq!(
        Illegal::MustUseDiscardTask("RACCOON").to_string(),
        "you must use the RACCOON on top of the discard pile"
    );
}

#[test]
fn views_show_everything_but_the_draw_piles_order() {
    let mut g = playing(&[&[Owl, Skunk], &[Lion]]);
    discard(&mut g, &[(w(Whale), Mark::Live), (HYENA, Mark::Spent)], 0);
    let v0 = g.view(Viewer::Seat(Seat(0)));
    let spectator = g.view(Viewer::Spectator);
    // Everyone sees the same but their own moves.
    assert_eq!(without_moves(v0.clone()), without_moves(spectator.clone()));
    assert_eq!(spectator.draw_pile, 72);
    assert_eq!(spectator.discard.len(), 2);
    assert_eq!(spectator.discard[1].card, Card::Hyena);
    assert_eq!(spectator.discard[1].mark, Mark::Spent);
    assert_eq!(spectator.players[0].row[1].points, -100);
    assert!(spectator.players[0].row[1].shows_points);
    assert_eq!(spectator.players[0].row[0].category, Some(Category::Bird));
    // The step view of a draw is the same for every viewer.
    let step = Step::Chance {
        outcome: Chance::Draw(w(Owl)),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        g.step_view(&step, Viewer::Spectator)
    );
}

fn without_moves(mut v: parlor_protocol::zop_zoo::View) -> parlor_protocol::zop_zoo::View {
    v.moves.clear();
    v
}

#[test]
fn the_long_and_short_targets_end_the_game_at_1000_and_600() {
    // The same round (seat 0 wins 30 from 775) under each target.
    let finish = |target: Target, seats: usize| {
        let options = Options {
            target,
            first_player: Some(Seat(0)),
            ..Options::default()
        };
        let mut g = ZopZoo::new(&options, u8::try_from(seats).unwrap()).unwrap();
        let rows: Vec<&[Animal]> = [&[Owl, Bear][..], &[Lion], &[Zebra], &[Frog], &[Whale]]
            .into_iter()
            .take(seats)
            .collect();
        let fresh = playing(&rows);
        g.players = fresh.players;
        g.stage = fresh.stage;
        put(&mut g, 0, Bear, w(Bear));
        g.scores = vec![0; seats];
        g.scores[0] = 775;
        draw(&mut g, w(Owl));
        assert_eq!(g.scores[0], 805);
        g.stage == Stage::Finished
    };
    assert!(finish(Target::Standard, 2));
    assert!(!finish(Target::Long, 2), "805 is short of 1000");
    assert!(finish(Target::Short, 5));
    // 600 ends a Short game that 800 would not.
    let mut g = ZopZoo::new(
        &Options {
            target: Target::Short,
            first_player: Some(Seat(0)),
            ..Options::default()
        },
        6,
    )
    .unwrap();
    let fresh = playing(&[&[Owl, Bear], &[Lion], &[Zebra], &[Frog], &[Whale], &[Hippo]]);
    g.players = fresh.players;
    g.stage = fresh.stage;
    put(&mut g, 0, Bear, w(Bear));
    g.scores[0] = 575;
    draw(&mut g, w(Owl));
    assert_eq!(g.outcome().unwrap().scorecard.target, 600);
    assert_eq!(g.outcome().unwrap().ranks[0], 1);
}
