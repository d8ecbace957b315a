//! The Zop Zoo bot. Nothing in Zop Zoo is hidden but the next draw; the bot
//! still decides from the seat's view and legal actions only.
//!
//! Few turns hold a choice (which stack a wild covers, whom a task card
//! targets, whether a MOLE digs), and the bot tries each on a model of the
//! table and keeps the one that most raises its expected standing against
//! the best other seat's. A seat's standing is its score and side bonuses,
//! plus its row weighed by its chance of winning the round (a softmax over
//! seats of how many stacks still lack POINTS): the round's winner scores
//! its whole row, the others only their uncovered Minus cards. A stack
//! still waiting for its match counts part of its value: half while the
//! match may still be drawn, a tenth once it lies in the discard pile. So a
//! HYENA gives away a Minus card, a RACCOON takes the richest stack, a wild
//! that completes the row wins the round, and otherwise covers the stack
//! that gains most. A seat also counts part of every Side Bonus card still
//! to come whose category it lists, so a wild spares the last stack that
//! lists one. Easy: the same, now and then careless.

use parlor_protocol::zop_zoo::{
    Action, Animal, Awaiting, Card, Category, Item, Phase, Stack, Taken, View,
};
use parlor_protocol::Seat;
use rand::Rng;

use super::cards::{value, BONUS_CATEGORIES};
use super::ZopZoo;
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// How sharply the chance of winning the round follows the count of
/// stacks still without POINTS (a softmax over seats of `-SHARPNESS × open`).
const SHARPNESS: f64 = 0.7;
/// Share of a stack's value still expected when its match is yet to come
/// from the draw pile.
const TO_COME: f64 = 0.5;
/// Share when its match is in sight (the discard pile): only a MOLE brings it.
const IN_SIGHT: f64 = 0.1;
/// What drawing on (instead of a MOLE's dig) is worth: the turn goes on.
const DRAW_ON: f64 = 15.0;
/// Share of a Side Bonus card's value a seat expects while it lists the
/// card's category and the card may still be drawn (about the share of the
/// draw pile a round gets through). A wild hides its stack's category, a
/// RACCOON can bring one.
const BONUS_TO_COME: f64 = 0.4;

/// The printed number of a card (0 for cards without one).
fn card_value(card: Card) -> f64 {
    match card {
        Card::Category { value, .. }
        | Card::LowerHalf { value, .. }
        | Card::Minus { value, .. }
        | Card::Points { value, .. }
        | Card::UpperHalf { value, .. }
        | Card::AntiMinus { value, .. }
        | Card::SideBonus { value, .. } => f64::from(value),
        Card::BestBeast => 50.0,
        _ => 0.0,
    }
}

/// One stack as the bot weighs it.
#[derive(Debug, Clone, Copy, PartialEq)]
struct Lot {
    /// Its base animal (what actions name).
    base: Option<Animal>,
    /// It shows POINTS.
    shows: bool,
    /// Worth to its owner if the owner wins the round (with what an
    /// unmatched card may still become).
    winner: f64,
    /// Worth to its owner otherwise (an uncovered Minus card: everyone pays).
    loser: f64,
    /// The category it lists (for Side Bonus cards).
    lists: Option<Category>,
}

/// How the bot weighs stack `s`, given the black cards in sight.
fn lot(s: &Stack, seen: &[Animal]) -> Lot {
    let base = s.base.animal();
    let chance = if base.is_some_and(|a| seen.contains(&a)) {
        IN_SIGHT
    } else {
        TO_COME
    };
    let (winner, loser) = match (s.base, s.cover) {
        // Its ANTI-Minus card may still come and turn -m into +m.
        (Card::Minus { value, .. }, None) => {
            let v = f64::from(value);
            (v - 2.0 * v * chance, v)
        }
        (Card::Category { value, .. } | Card::LowerHalf { value, .. }, None) => {
            (f64::from(value) * chance, 0.0)
        }
        _ => (f64::from(s.points), 0.0),
    };
    Lot {
        base,
        shows: s.shows_points,
        winner,
        loser,
        lists: s.category,
    }
}

/// Every seat's rows and side areas, to try actions on.
#[derive(Debug, Clone)]
struct Table {
    rows: Vec<Vec<Lot>>,
    sides: Vec<Vec<(Category, f64)>>,
    scores: Vec<f64>,
    /// Side Bonus cards out of sight (in the draw pile), with their value.
    bonus_to_come: Vec<(Category, f64)>,
}

impl Table {
    fn from_view(view: &View) -> Table {
        // Black cards in sight (the discard pile, every cover): a stack
        // whose match is among them can only be matched by a MOLE now.
        let seen: Vec<Animal> = view
            .discard
            .iter()
            .map(|d| d.card)
            .chain(
                view.players
                    .iter()
                    .flat_map(|p| p.row.iter().filter_map(|s| s.cover)),
            )
            .filter(|c| {
                matches!(
                    c,
                    Card::Points { .. } | Card::UpperHalf { .. } | Card::AntiMinus { .. }
                )
            })
            .filter_map(Card::animal)
            .collect();
        Table {
            rows: view
                .players
                .iter()
                .map(|p| p.row.iter().map(|s| lot(s, &seen)).collect())
                .collect(),
            sides: view
                .players
                .iter()
                .map(|p| {
                    p.side
                        .iter()
                        .filter_map(|c| match c {
                            Card::SideBonus {
                                category, value, ..
                            } => Some((*category, f64::from(*value))),
                            _ => None,
                        })
                        .collect()
                })
                .collect(),
            scores: view.players.iter().map(|p| f64::from(p.score)).collect(),
            bonus_to_come: BONUS_CATEGORIES
                .iter()
                .filter(|c| {
                    let in_sight = |card: &Card| {
                        matches!(card, Card::SideBonus { category, .. } if category == *c)
                    };
                    !view.discard.iter().any(|d| in_sight(&d.card))
                        && !view.players.iter().flat_map(|p| &p.side).any(in_sight)
                })
                .map(|c| (*c, f64::from(value(*c))))
                .collect(),
        }
    }

    /// Each seat's expected total after this round.
    fn standings(&self) -> Vec<f64> {
        let weights: Vec<f64> = self
            .rows
            .iter()
            .map(|row| (-SHARPNESS * row.iter().filter(|l| !l.shows).count() as f64).exp())
            .collect();
        let total: f64 = weights.iter().sum::<f64>().max(f64::MIN_POSITIVE);
        self.rows
            .iter()
            .zip(&self.sides)
            .zip(&self.scores)
            .zip(&weights)
            .map(|(((row, side), score), w)| {
                let p = w / total;
                let win: f64 = row.iter().map(|l| l.winner).sum();
                let lose: f64 = row.iter().map(|l| l.loser).sum();
                let bonus: f64 = side.iter().map(|(_, v)| v).sum();
                let to_come: f64 = self
                    .bonus_to_come
                    .iter()
                    .filter(|(c, _)| row.iter().any(|l| l.lists == Some(*c)))
                    .map(|(_, v)| v)
                    .sum();
                score + bonus + BONUS_TO_COME * to_come + p * win + (1.0 - p) * lose
            })
            .collect()
    }

    /// `seat`'s standing minus the best other seat's.
    fn margin(&self, seat: Seat) -> f64 {
        let s = self.standings();
        let mine = s.get(seat.index()).copied().unwrap_or(0.0);
        let best_other = s
            .iter()
            .enumerate()
            .filter(|(i, _)| *i != seat.index())
            .map(|(_, v)| *v)
            .fold(f64::NEG_INFINITY, f64::max);
        if best_other.is_finite() {
            mine - best_other
        } else {
            mine
        }
    }

    /// Moves `item` from `from` to `to` (a stack to the end of the row).
    fn transfer(&mut self, from: Seat, to: Seat, item: Item) {
        match item {
            Item::Stack { base } => {
                let Some(row) = self.rows.get_mut(from.index()) else {
                    return;
                };
                let Some(i) = row.iter().position(|l| l.base == Some(base)) else {
                    return;
                };
                let lot = row.remove(i);
                if let Some(r) = self.rows.get_mut(to.index()) {
                    r.push(lot);
                }
            }
            Item::Bonus { category } => {
                let Some(side) = self.sides.get_mut(from.index()) else {
                    return;
                };
                let Some(i) = side.iter().position(|(c, _)| *c == category) else {
                    return;
                };
                let card = side.remove(i);
                if let Some(s) = self.sides.get_mut(to.index()) {
                    s.push(card);
                }
            }
        }
    }

    /// Lays `card` on `seat`'s stack `base` (a match or a wild).
    fn cover(&mut self, seat: Seat, base: Animal, card: Card) {
        if let Some(lot) = self
            .rows
            .get_mut(seat.index())
            .and_then(|row| row.iter_mut().find(|l| l.base == Some(base)))
        {
            let was_minus_loss = lot.loser;
            lot.shows = true;
            match card {
                Card::Beast | Card::BestBeast => lot.lists = None,
                Card::UpperHalf { category, .. } => lot.lists = Some(category),
                _ => {}
            }
            lot.winner = match card {
                Card::Beast | Card::BestBeast => card_value(card),
                Card::AntiMinus { value, .. } => f64::from(value),
                _ => card_value(card),
            };
            // A covered Minus no longer costs everyone.
            lot.loser = if was_minus_loss < 0.0 { 0.0 } else { lot.loser };
        }
    }

    /// What `seat` gets from `taken` (a MOLE's dig).
    fn take(&mut self, seat: Seat, taken: &[Taken]) {
        for t in taken {
            match (t.onto, t.card) {
                (Some(base), card) => self.cover(seat, base, card),
                (
                    None,
                    Card::SideBonus {
                        category, value, ..
                    },
                ) => {
                    if let Some(side) = self.sides.get_mut(seat.index()) {
                        side.push((category, f64::from(value)));
                    }
                }
                _ => {}
            }
        }
    }
}

impl Bot for ZopZoo {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        let Phase::Turn { awaiting, .. } = &view.phase else {
            return RandomBot::choose(moves, rng);
        };
        let table = Table::from_view(view);
        let wild = match awaiting {
            Awaiting::Wild { card } => *card,
            _ => Card::Beast,
        };
        let now = table.margin(seat);
        pick_best(moves, level, rng, |a| {
            let mut next = table.clone();
            match *a {
                Action::Give { item, to } => next.transfer(seat, to, item),
                Action::Take { from, item } => next.transfer(from, seat, item),
                Action::Switch { mine, with, theirs } => {
                    next.transfer(seat, with, mine);
                    next.transfer(with, seat, theirs);
                }
                Action::Cover { base } => {
                    let open = next
                        .rows
                        .get(seat.index())
                        .map_or(0, |row| row.iter().filter(|l| !l.shows).count());
                    next.cover(seat, base, wild);
                    let open_after = next
                        .rows
                        .get(seat.index())
                        .map_or(0, |row| row.iter().filter(|l| !l.shows).count());
                    if open_after == 0 && open > 0 {
                        // The row is complete: the round is won now.
                        return f64::MAX / 4.0;
                    }
                }
                Action::Dig => {
                    if let Awaiting::DigOrDraw { retrieves } = awaiting {
                        next.take(seat, retrieves);
                    }
                }
                Action::Draw => return now + DRAW_ON,
                Action::TakeFromDiscard => {}
            }
            next.margin(seat)
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stack(base: Card, cover: Option<Card>, points: i32) -> Stack {
        Stack {
            base,
            cover,
            shows_points: cover.is_some() || matches!(base, Card::Minus { .. }),
            category: None,
            points,
        }
    }

    #[test]
    fn a_wild_spares_the_stack_that_lists_a_side_bonus_still_to_come() {
        let kangaroo = Card::Category {
            animal: Animal::Kangaroo,
            category: Category::Marsupial,
            value: 45,
        };
        let beaver = Card::Category {
            animal: Animal::Beaver,
            category: Category::SemiAquatic,
            value: 30,
        };
        let listing = |base: Card, category| Stack {
            category: Some(category),
            ..stack(base, None, 0)
        };
        let table = |bonus_to_come| Table {
            rows: vec![
                vec![
                    lot(&listing(kangaroo, Category::Marsupial), &[]),
                    lot(&listing(beaver, Category::SemiAquatic), &[]),
                ],
                vec![],
            ],
            sides: vec![vec![], vec![]],
            scores: vec![0.0, 0.0],
            bonus_to_come,
        };
        let wild_on = |t: &Table, base| {
            let mut t = t.clone();
            t.cover(Seat(0), base, Card::Beast);
            t.margin(Seat(0))
        };
        // The Salamander (SEMI-AQUATIC +30) may still come: keep the Beaver
        // listing it and cover the Kangaroo, though it is worth more.
        let hoping = table(vec![(Category::SemiAquatic, 30.0)]);
        assert!(wild_on(&hoping, Animal::Kangaroo) > wild_on(&hoping, Animal::Beaver));
        // With the Salamander in sight, the cheaper stack takes the wild.
        let seen = table(vec![]);
        assert!(wild_on(&seen, Animal::Beaver) > wild_on(&seen, Animal::Kangaroo));
    }

    #[test]
    fn a_minus_is_given_away_and_a_rich_stack_taken() {
        let skunk = Card::Minus {
            animal: Animal::Skunk,
            value: -100,
        };
        let bear = Card::Category {
            animal: Animal::Bear,
            category: Category::Mammal,
            value: 10,
        };
        let bear_points = Card::Points {
            animal: Animal::Bear,
            category: Category::Mammal,
            value: 10,
        };
        let mut table = Table {
            rows: vec![
                vec![
                    lot(&stack(skunk, None, -100), &[]),
                    lot(&stack(bear, Some(bear_points), 10), &[]),
                ],
                vec![],
            ],
            sides: vec![vec![], vec![]],
            scores: vec![0.0, 0.0],
            bonus_to_come: vec![],
        };
        let before = table.margin(Seat(0));
        let mut give_skunk = table.clone();
        give_skunk.transfer(
            Seat(0),
            Seat(1),
            Item::Stack {
                base: Animal::Skunk,
            },
        );
        let mut give_bear = table.clone();
        give_bear.transfer(Seat(0), Seat(1), Item::Stack { base: Animal::Bear });
        assert!(give_skunk.margin(Seat(0)) > before);
        assert!(give_skunk.margin(Seat(0)) > give_bear.margin(Seat(0)));
        table.cover(Seat(0), Animal::Skunk, Card::Beast);
        assert!(
            table.margin(Seat(0)) > before,
            "a wild on a Minus card saves its minus"
        );
    }
}
