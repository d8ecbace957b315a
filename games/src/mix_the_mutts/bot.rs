//! The Mix-the-Mutts bot, from the seat's view: the board, the face-up
//! tile, its own hand, every scoring stack and hand size (never another
//! hand, never another seat's secret answer).
//!
//! Normal: in a scoring window, answer with the claims worth most (points,
//! or cards in junior scoring). On its turn, try every legal connection: the
//! combos it would create are worth what the bot's own hand can claim from
//! them, minus what each other seat is likely to claim (one combo each,
//! estimated from the cards nobody has seen yet and their hand sizes);
//! drawing two is worth a fixed amount while the pile lasts, so a
//! connection that scores nothing waits for better cards. Easy: the same,
//! ignores the other seats and is now and then careless.

use parlor_protocol::mix_the_mutts::{Action, Breed, Hex, Phase, PlacedTile, TileFace, View};
use parlor_protocol::Seat;
use rand::Rng;

use super::tiles::{breed_index, breed_towards, card_breed, neighbour, value, BREEDS, CARD_COUNT};
use super::MixTheMutts;
use crate::bot::{pick_best, Bot, Level, RandomBot};

/// Cards of each breed in the box (16, 14, … 2).
const PER_BREED: [u32; 8] = [16, 14, 12, 10, 8, 6, 4, 2];

/// What drawing two cards is worth, in points, against a connection.
const DRAW_WORTH: f64 = 2.5;

/// How much an opponent's likely claim counts against a connection.
const OPPONENT_WEIGHT: f64 = 0.8;

/// What a claim of these two breeds scores (junior: the two cards).
fn claim_worth(junior: bool, a: Breed, b: Breed) -> f64 {
    if junior {
        2.0
    } else {
        f64::from(value(a) + value(b))
    }
}

/// The combos (two breeds each) that placing `tile` at `at` with `rotation`
/// would create against `board`.
fn combos_of(board: &[PlacedTile], tile: &TileFace, at: Hex, rotation: u8) -> Vec<(Breed, Breed)> {
    (0..6u8)
        .filter_map(|dir| {
            let n = neighbour(at, dir)?;
            let other = board.iter().find(|p| p.at == n)?;
            let (mine, _) = breed_towards(tile.tile, rotation, dir)?;
            let (theirs, _) = breed_towards(other.face.tile, other.rotation, (dir + 3) % 6)?;
            Some((mine, theirs))
        })
        .collect()
}

/// The most a hand with `counts` per breed can claim from `combos` when it
/// may claim several (each combo once, no card twice).
fn best_claims(junior: bool, combos: &[(Breed, Breed)], counts: &mut [u32; 8]) -> f64 {
    let Some(((a, b), rest)) = combos.split_first() else {
        return 0.0;
    };
    let skip = best_claims(junior, rest, counts);
    let (ia, ib) = (breed_index(*a), breed_index(*b));
    let need_a = 1 + u32::from(ia == ib);
    let have = |c: &[u32; 8], i: usize, n: u32| c.get(i).is_some_and(|x| *x >= n);
    if !(have(counts, ia, need_a) && have(counts, ib, 1)) {
        return skip;
    }
    if let Some(x) = counts.get_mut(ia) {
        *x -= 1;
    }
    if let Some(x) = counts.get_mut(ib) {
        *x -= 1;
    }
    let take = claim_worth(junior, *a, *b) + best_claims(junior, rest, counts);
    if let Some(x) = counts.get_mut(ia) {
        *x += 1;
    }
    if let Some(x) = counts.get_mut(ib) {
        *x += 1;
    }
    take.max(skip)
}

/// Chance that a hand of `h` cards drawn from `unseen` (per breed, of
/// `total`) holds at least `k` cards of breed `i` (k is 1 or 2).
fn holds(unseen: &[u32; 8], total: u32, h: u32, i: usize, k: u32) -> f64 {
    let n = f64::from(unseen.get(i).copied().unwrap_or(0));
    let t = f64::from(total.max(1));
    let f = (n / t).clamp(0.0, 1.0);
    let h = f64::from(h);
    let none = (1.0 - f).powf(h);
    if k <= 1 {
        return 1.0 - none;
    }
    let one = h * f * (1.0 - f).powf((h - 1.0).max(0.0));
    (1.0 - none - one).max(0.0)
}

impl Bot for MixTheMutts {
    fn choose_action<R: Rng + ?Sized>(
        view: &View,
        seat: Seat,
        moves: &[Action],
        level: Level,
        rng: &mut R,
    ) -> Option<Action> {
        let junior = view.options.junior;
        let hand = view.hand.as_deref().unwrap_or(&[]);
        let mut counts = [0u32; 8];
        for card in hand {
            if let Some(c) = counts.get_mut(breed_index(card.breed)) {
                *c += 1;
            }
        }
        match &view.phase {
            Phase::Window(_) => pick_best(moves, level, rng, |a| match a {
                Action::Answer { claims } => claims
                    .iter()
                    .flat_map(|c| c.cards.iter())
                    .filter_map(|id| card_breed(*id))
                    .map(|b| if junior { 1.0 } else { f64::from(value(b)) })
                    .sum(),
                _ => f64::NEG_INFINITY,
            }),
            Phase::Turn { .. } => {
                let Some(tile) = &view.next_tile else {
                    return RandomBot::choose(moves, rng);
                };
                // Cards nobody but their holders has seen: the box minus
                // this hand and every scoring stack.
                let mut unseen = PER_BREED;
                for card in hand
                    .iter()
                    .chain(view.players.iter().flat_map(|p| p.scoring.iter()))
                {
                    if let Some(c) = unseen.get_mut(breed_index(card.breed)) {
                        *c = c.saturating_sub(1);
                    }
                }
                let total: u32 = unseen.iter().sum();
                let others: Vec<u32> = view
                    .players
                    .iter()
                    .filter(|p| p.seat != seat)
                    .map(|p| u32::from(p.hand_size))
                    .collect();
                let draw_worth = if view.pile > 0 {
                    DRAW_WORTH
                } else {
                    f64::NEG_INFINITY
                };
                pick_best(moves, level, rng, |a| match a {
                    Action::DrawTwo => draw_worth,
                    Action::Connect { at, rotation } => {
                        let combos = combos_of(&view.board, tile, *at, *rotation);
                        let mine = best_claims(junior, &combos, &mut counts.clone());
                        if level == Level::Easy {
                            return mine;
                        }
                        let theirs: f64 = others
                            .iter()
                            .map(|&h| {
                                combos
                                    .iter()
                                    .map(|(x, y)| {
                                        let (ix, iy) = (breed_index(*x), breed_index(*y));
                                        let p = if ix == iy {
                                            holds(&unseen, total, h, ix, 2)
                                        } else {
                                            holds(&unseen, total, h, ix, 1)
                                                * holds(&unseen, total, h, iy, 1)
                                        };
                                        p * claim_worth(junior, *x, *y)
                                    })
                                    .fold(0.0, f64::max)
                            })
                            .sum();
                        mine - OPPONENT_WEIGHT * theirs
                    }
                    Action::Answer { .. } => f64::NEG_INFINITY,
                })
            }
            _ => RandomBot::choose(moves, rng),
        }
    }
}

/// The box holds as many cards as the breeds say.
const _: () = {
    let mut sum = 0;
    let mut i = 0;
    while i < PER_BREED.len() {
        sum += PER_BREED[i];
        i += 1;
    }
    assert!(sum == CARD_COUNT as u32 && BREEDS.len() == PER_BREED.len());
};

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn best_claims_share_cards_between_combos() {
        use Breed::{Beagle, Chihuahua, Poodle};
        let combos = [(Poodle, Beagle), (Poodle, Chihuahua), (Beagle, Beagle)];
        // One Poodle, one Beagle, one Chihuahua: the Poodle goes with the
        // Chihuahua (1 + 8) rather than the Beagle (1 + 2).
        let mut counts = [1, 1, 0, 0, 0, 0, 0, 1];
        assert_eq!(best_claims(false, &combos, &mut counts), 9.0);
        assert_eq!(counts, [1, 1, 0, 0, 0, 0, 0, 1], "counts restored");
        // Two Poodles, three Beagles: Poodle–Beagle and Beagle–Beagle.
        let mut counts = [2, 3, 0, 0, 0, 0, 0, 0];
        assert_eq!(best_claims(false, &combos, &mut counts), 3.0 + 4.0);
        assert_eq!(best_claims(true, &combos, &mut counts), 4.0);
    }

    #[test]
    fn holding_chances_are_sane() {
        let unseen = [16, 14, 12, 10, 8, 6, 4, 2];
        let p1 = holds(&unseen, 72, 4, 0, 1);
        let p2 = holds(&unseen, 72, 4, 0, 2);
        assert!(p1 > p2 && p2 > 0.0 && p1 < 1.0, "{p1} {p2}");
        assert_eq!(holds(&unseen, 72, 0, 0, 1), 0.0);
    }
}
