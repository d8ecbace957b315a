//! The Zop Zoo bot. Nothing in Zop Zoo is hidden but the next draw; the bot
//! still decides from the seat's view and legal actions only.
//!
//! Few turns hold a choice, and the bot values each by what it does to the
//! table: a seat's standing is its score plus what its POINTS items are
//! expected to bring at the round's end (side bonuses in full; an uncovered
//! Minus card its full minus, since everyone pays those; other stacks half
//! their winner's value, as only the round's winner scores them). Normal:
//! task cards (HYENA, RACCOON, EARTHWORM) move the item that most raises the
//! bot's standing against the best other seat's; a wild covers the stack
//! that finishes the row if one does, else an uncovered Minus card, else
//! the cheapest stack still without POINTS (progress towards winning the
//! round); a MOLE on the discard pile digs when it retrieves anything.
//! Easy: the same, now and then careless.

use parlor_protocol::zop_zoo::{Action, Awaiting, Card, Item, Phase, PlayerView, Stack, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::ZopZoo;
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// Worth of covering a stack that had no POINTS (a step towards winning the
/// round), before what the stack could have been worth.
const PROGRESS: f64 = 60.0;
/// Worth of a wild that ends the round in the bot's favour.
const WINS_ROUND: f64 = 1_000.0;

/// The animal printed on a card, if any (stacks are named by it).
fn animal(card: Card) -> Option<parlor_protocol::zop_zoo::Animal> {
    match card {
        Card::Category { animal, .. }
        | Card::LowerHalf { animal, .. }
        | Card::Minus { animal, .. }
        | Card::Points { animal, .. }
        | Card::UpperHalf { animal, .. }
        | Card::AntiMinus { animal, .. }
        | Card::SideBonus { animal, .. } => Some(animal),
        _ => None,
    }
}

/// What a stack is expected to bring its owner at the round's end.
fn stack_worth(s: &Stack) -> f64 {
    match (s.base, s.cover) {
        // Everyone pays an uncovered Minus card.
        (Card::Minus { value, .. }, None) => f64::from(value),
        _ => 0.5 * f64::from(s.points),
    }
}

fn item_worth(p: &PlayerView, item: Item) -> f64 {
    match item {
        Item::Stack { base } => p
            .row
            .iter()
            .find(|s| animal(s.base) == Some(base))
            .map_or(0.0, stack_worth),
        Item::Bonus { category } => p
            .side
            .iter()
            .find_map(|c| match c {
                Card::SideBonus {
                    category: k, value, ..
                } if *k == category => Some(f64::from(*value)),
                _ => None,
            })
            .unwrap_or(0.0),
    }
}

/// Each seat's standing: score plus expected worth of its items.
fn standings(view: &View) -> Vec<f64> {
    view.players
        .iter()
        .map(|p| {
            let row: f64 = p
                .row
                .iter()
                .filter(|s| s.shows_points)
                .map(stack_worth)
                .sum();
            let side: f64 = p
                .side
                .iter()
                .map(|c| match c {
                    Card::SideBonus { value, .. } => f64::from(*value),
                    _ => 0.0,
                })
                .sum();
            f64::from(p.score) + row + side
        })
        .collect()
}

/// The bot's standing minus the best other seat's.
fn margin(standing: &[f64], seat: Seat) -> f64 {
    let mine = standing.get(seat.index()).copied().unwrap_or(0.0);
    let best_other = standing
        .iter()
        .enumerate()
        .filter(|(s, _)| *s != seat.index())
        .map(|(_, v)| *v)
        .fold(f64::NEG_INFINITY, f64::max);
    if best_other.is_finite() {
        mine - best_other
    } else {
        mine
    }
}

/// The margin after moving an item worth `worth` from `from` to `to`.
fn after_move(standing: &[f64], seat: Seat, moves: &[(Seat, Seat, f64)]) -> f64 {
    let mut s = standing.to_vec();
    for (from, to, worth) in moves {
        if let Some(x) = s.get_mut(from.index()) {
            *x -= worth;
        }
        if let Some(x) = s.get_mut(to.index()) {
            *x += worth;
        }
    }
    margin(&s, seat)
}

impl Bot for ZopZoo {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        if moves.len() <= 1 {
            return moves.first().cloned();
        }
        let Phase::Turn { awaiting, .. } = &view.phase else {
            return RandomBot::choose(moves, rng);
        };
        let Some(me) = view.players.get(seat.index()) else {
            return RandomBot::choose(moves, rng);
        };
        let standing = standings(view);
        let worth_of = |owner: Seat, item: Item| {
            view.players
                .get(owner.index())
                .map_or(0.0, |p| item_worth(p, item))
        };
        let open = me.row.iter().filter(|s| !s.shows_points).count();
        let digs = match awaiting {
            Awaiting::DigOrDraw { retrieves } => !retrieves.is_empty(),
            _ => false,
        };
        pick_best(moves, level, rng, |a| match *a {
            Action::Give { item, to } => {
                after_move(&standing, seat, &[(seat, to, worth_of(seat, item))])
            }
            Action::Take { from, item } => {
                after_move(&standing, seat, &[(from, seat, worth_of(from, item))])
            }
            Action::Switch { mine, with, theirs } => after_move(
                &standing,
                seat,
                &[
                    (seat, with, worth_of(seat, mine)),
                    (with, seat, worth_of(with, theirs)),
                ],
            ),
            Action::Cover { base } => match me.row.iter().find(|s| animal(s.base) == Some(base)) {
                Some(s) if !s.shows_points => {
                    let finishes = if open == 1 { WINS_ROUND } else { 0.0 };
                    // What the stack would have been worth once matched.
                    let potential = match s.base {
                        Card::Category { value, .. } | Card::LowerHalf { value, .. } => {
                            f64::from(value)
                        }
                        _ => 0.0,
                    };
                    finishes + PROGRESS - 0.5 * potential
                }
                Some(s) => -stack_worth(s),
                None => f64::NEG_INFINITY,
            },
            Action::Dig => f64::from(u8::from(digs)),
            Action::Draw => 0.5,
            Action::TakeFromDiscard => 1.0,
        })
    }
}

#[cfg(test)]
mod tests {
    use parlor_protocol::zop_zoo::{Animal, Category};

    use super::*;

    #[test]
    fn an_uncovered_minus_costs_its_full_minus() {
        let minus = Stack {
            base: Card::Minus {
                animal: Animal::Skunk,
                value: -100,
            },
            cover: None,
            shows_points: true,
            category: None,
            points: -100,
        };
        assert_eq!(stack_worth(&minus), -100.0);
        let bear = Stack {
            base: Card::Category {
                animal: Animal::Bear,
                category: Category::Mammal,
                value: 10,
            },
            cover: Some(Card::Points {
                animal: Animal::Bear,
                category: Category::Mammal,
                value: 10,
            }),
            shows_points: true,
            category: Some(Category::Mammal),
            points: 10,
        };
        assert_eq!(stack_worth(&bear), 5.0);
        assert_eq!(margin(&[10.0, 4.0, 7.0], Seat(0)), 3.0);
        assert_eq!(
            after_move(&[0.0, 0.0], Seat(0), &[(Seat(0), Seat(1), -100.0)]),
            200.0
        );
    }
}
