//! The 26 Doozy Cards (RULINGS §5(b)) and the check "do these dice make that
//! combo?".
//!
//! A card is `(k, r, P)`: a roll satisfies it iff some `k` of the five dice
//! hold at least `r` Doozy Faces, any further Face among those `k` dice is
//! wild (any value 1–6), and `P` holds for the `k − r` numbers left.
//!
//! Judging a roll only depends on the multiset of what the five dice show, and
//! there are just 462 multisets of five symbols out of {Face, 1, …, 6}. So the
//! first call builds a table (multiset → bitmask of satisfied cards) with the
//! plain, obviously-correct search, and every later check is a sort of five
//! bytes and one lookup.

use std::sync::OnceLock;

use parlor_protocol::doozy_dice::{CardId, CardInfo};

/// What a die shows, as the card check sees it: `FACE` (0) or a number 1–6.
pub type Symbol = u8;

/// The symbol of a Doozy Face.
pub const FACE: Symbol = 0;

/// Number of cards in the box.
pub const CARD_COUNT: u8 = 26;

/// One printed Doozy Card.
#[derive(Debug, Clone, Copy)]
pub struct CardDef {
    /// 1..=26 (DZ01..DZ26).
    pub id: u8,
    /// Printed name.
    pub name: &'static str,
    /// `k`: how many of the five dice the combo uses.
    pub dice: u8,
    /// `r`: how many of those must show a Doozy Face.
    pub faces: u8,
    /// `P` in words, for players.
    pub rule: &'static str,
    /// `P` itself, on the `k − r` numbers sorted ascending.
    pred: fn(&[u8]) -> bool,
}

impl CardDef {
    /// The card as shown on the table.
    pub fn info(&self) -> CardInfo {
        CardInfo {
            id: CardId(self.id),
            name: self.name.to_owned(),
            dice: self.dice,
            faces: self.faces,
            rule: self.rule.to_owned(),
        }
    }
}

fn all_equal(v: &[u8]) -> bool {
    v.windows(2).all(|w| w[0] == w[1])
}

fn all_different(v: &[u8]) -> bool {
    // Sorted, so different means strictly increasing.
    v.windows(2).all(|w| w[0] < w[1])
}

fn two_pairs(v: &[u8]) -> bool {
    matches!(v, [a, b, c, d] if a == b && c == d && b != c)
}

/// Three of one value and two of another (in either order once sorted).
fn full_house(v: &[u8]) -> Option<(u8, u8)> {
    match v {
        [a, b, c, d, e] if a == b && b == c && d == e && c != d => Some((*a, *d)),
        [a, b, c, d, e] if a == b && c == d && d == e && b != c => Some((*c, *a)),
        _ => None,
    }
}

fn sum(v: &[u8]) -> u32 {
    v.iter().map(|&x| u32::from(x)).sum()
}

fn consecutive(v: &[u8]) -> bool {
    v.windows(2).all(|w| w[1] == w[0] + 1)
}

/// The 26 cards, DZ01 first. Names and rules: RULINGS §5(b).
pub static CARDS: [CardDef; 26] = [
    CardDef {
        id: 1,
        name: "Triple Scoop",
        dice: 3,
        faces: 0,
        rule: "Three of a kind, any value.",
        pred: all_equal,
    },
    CardDef {
        id: 2,
        name: "Triple Scoop Snowman",
        dice: 3,
        faces: 1,
        rule: "A Doozy Face on top of two 1s.",
        pred: |v| v == [1, 1],
    },
    CardDef {
        id: 3,
        name: "Double Up",
        dice: 4,
        faces: 0,
        rule: "Two pairs of different values.",
        pred: two_pairs,
    },
    CardDef {
        id: 4,
        name: "Quartet",
        dice: 4,
        faces: 0,
        rule: "Four of a kind.",
        pred: all_equal,
    },
    CardDef {
        id: 5,
        name: "Four Square",
        dice: 4,
        faces: 0,
        rule: "Four dice that are all perfect squares: 1s and 4s, any mix.",
        pred: |v| v.iter().all(|&x| x == 1 || x == 4),
    },
    CardDef {
        id: 6,
        name: "Prime Time",
        dice: 4,
        faces: 0,
        rule: "Four dice that are all primes: 2s, 3s and 5s, any mix.",
        pred: |v| v.iter().all(|&x| matches!(x, 2 | 3 | 5)),
    },
    CardDef {
        id: 7,
        name: "Twinzy",
        dice: 4,
        faces: 2,
        rule: "Both Doozy Faces plus a pair.",
        pred: all_equal,
    },
    CardDef {
        id: 8,
        name: "Showmah",
        dice: 5,
        faces: 0,
        rule: "Five different values.",
        pred: all_different,
    },
    CardDef {
        id: 9,
        name: "Countdown",
        dice: 5,
        faces: 0,
        rule: "Exactly 5, 4, 3, 2, 1.",
        pred: |v| v == [1, 2, 3, 4, 5],
    },
    CardDef {
        id: 10,
        name: "Doozy Dog",
        dice: 5,
        faces: 1,
        rule: "A Doozy Face (the head) plus four of a kind (the legs).",
        pred: all_equal,
    },
    CardDef {
        id: 11,
        name: "Twozy Tower",
        dice: 5,
        faces: 2,
        rule: "Both Doozy Faces plus three of a kind.",
        pred: all_equal,
    },
    CardDef {
        id: 12,
        name: "Fab Five",
        dice: 5,
        faces: 0,
        rule: "Five of a kind.",
        pred: all_equal,
    },
    CardDef {
        id: 13,
        name: "Full Scoop",
        dice: 5,
        faces: 0,
        rule: "Three of a kind plus a pair of a different value.",
        pred: |v| full_house(v).is_some(),
    },
    CardDef {
        id: 14,
        name: "High Five",
        dice: 5,
        faces: 0,
        rule: "Exactly 2, 3, 4, 5, 6.",
        pred: |v| v == [2, 3, 4, 5, 6],
    },
    CardDef {
        id: 15,
        name: "Odd Squad",
        dice: 5,
        faces: 0,
        rule: "All five dice odd (1, 3 or 5).",
        pred: |v| v.iter().all(|&x| x % 2 == 1),
    },
    CardDef {
        id: 16,
        name: "Even Steven",
        dice: 5,
        faces: 0,
        rule: "All five dice even (2, 4 or 6).",
        pred: |v| v.iter().all(|&x| x % 2 == 0),
    },
    CardDef {
        id: 17,
        name: "Sky High",
        dice: 5,
        faces: 0,
        rule: "All five dice 4 or more.",
        pred: |v| v.iter().all(|&x| x >= 4),
    },
    CardDef {
        id: 18,
        name: "Low Down",
        dice: 5,
        faces: 0,
        rule: "All five dice 3 or less.",
        pred: |v| v.iter().all(|&x| x <= 3),
    },
    CardDef {
        id: 19,
        name: "Big Shot",
        dice: 5,
        faces: 0,
        rule: "The five dice total 26 or more.",
        pred: |v| sum(v) >= 26,
    },
    CardDef {
        id: 20,
        name: "Itty Bitty",
        dice: 5,
        faces: 0,
        rule: "The five dice total 9 or less.",
        pred: |v| sum(v) <= 9,
    },
    CardDef {
        id: 21,
        name: "Lucky Thirteen",
        dice: 5,
        faces: 0,
        rule: "The five dice total exactly 13.",
        pred: |v| sum(v) == 13,
    },
    CardDef {
        id: 22,
        name: "Doozy Smile",
        dice: 5,
        faces: 1,
        rule: "A Doozy Face plus four different values.",
        pred: all_different,
    },
    CardDef {
        id: 23,
        name: "Split Scoop",
        dice: 5,
        faces: 1,
        rule: "A Doozy Face plus two pairs of different values.",
        pred: two_pairs,
    },
    CardDef {
        id: 24,
        name: "Doozy Ladder",
        dice: 5,
        faces: 1,
        rule: "A Doozy Face plus four values in a row (1-4, 2-5 or 3-6).",
        pred: consecutive,
    },
    CardDef {
        id: 25,
        name: "Hot Dog",
        dice: 5,
        faces: 0,
        rule: "A pair of 6s (the bun) plus three of a kind of another value.",
        pred: |v| matches!(full_house(v), Some((triple, 6)) if triple != 6),
    },
    CardDef {
        id: 26,
        name: "Three's Company",
        dice: 5,
        faces: 0,
        rule: "Three 3s plus a pair of another value.",
        pred: |v| matches!(full_house(v), Some((3, pair)) if pair != 3),
    },
];

/// The card with this id, if there is one.
pub fn card(id: CardId) -> Option<&'static CardDef> {
    let index = usize::from(id.0).checked_sub(1)?;
    CARDS.get(index)
}

/// Every card in the box as shown to players (for rule pages and bots).
pub fn all_infos() -> Vec<CardInfo> {
    CARDS.iter().map(CardDef::info).collect()
}

/// The bit of a card in a card mask (bit `id`; bit 0 is unused).
pub fn bit(id: CardId) -> u32 {
    if (1..=CARD_COUNT).contains(&id.0) {
        1 << id.0
    } else {
        0
    }
}

/// The reference check, by plain search: try every choice of `k` dice, and
/// every value for each wild Face among them. Used to build the table and by
/// the tests; slow by design.
pub fn satisfies_by_search(def: &CardDef, roll: [Symbol; 5]) -> bool {
    let k = u32::from(def.dice);
    let r = usize::from(def.faces);
    (0u8..32)
        .filter(|subset| subset.count_ones() == k)
        .any(|subset| {
            let chosen = (0..5).filter(|i| subset & (1 << i) != 0);
            let faces = chosen.clone().filter(|&i| roll[i] == FACE).count();
            if faces < r {
                return false;
            }
            let numbers: Vec<u8> = chosen.map(|i| roll[i]).filter(|&s| s != FACE).collect();
            let wilds = faces - r;
            // Every assignment of 1..=6 to the wilds: 6^wilds of them.
            let assignments = 6u32.pow(u32::try_from(wilds).unwrap_or(0));
            (0..assignments).any(|mut code| {
                let mut values = numbers.clone();
                for _ in 0..wilds {
                    values.push(u8::try_from(code % 6).unwrap_or(0) + 1);
                    code /= 6;
                }
                values.sort_unstable();
                (def.pred)(&values)
            })
        })
}

/// Sorts five symbols with a fixed network of nine compare-exchanges
/// (optimal for five), which beats a general sort on every check.
fn sort5(roll: &mut [Symbol; 5]) {
    const NETWORK: [(usize, usize); 9] = [
        (0, 1),
        (3, 4),
        (2, 4),
        (2, 3),
        (0, 3),
        (0, 2),
        (1, 4),
        (1, 3),
        (1, 2),
    ];
    for (i, j) in NETWORK {
        let (a, b) = (roll[i], roll[j]);
        roll[i] = a.min(b);
        roll[j] = a.max(b);
    }
}

/// Index of a roll's multiset in the table: the sorted symbols in base 7.
fn table_index(mut roll: [Symbol; 5]) -> usize {
    sort5(&mut roll);
    roll.iter()
        .fold(0usize, |acc, &s| acc * 7 + usize::from(s.min(6)))
}

fn table() -> &'static [u32] {
    static TABLE: OnceLock<Vec<u32>> = OnceLock::new();
    TABLE.get_or_init(|| {
        let mut table = vec![0u32; 7usize.pow(5)];
        // Visit each sorted 5-tuple (each multiset) once.
        for a in 0..7u8 {
            for b in a..7 {
                for c in b..7 {
                    for d in c..7 {
                        for e in d..7 {
                            let roll = [a, b, c, d, e];
                            let mask = CARDS
                                .iter()
                                .filter(|def| satisfies_by_search(def, roll))
                                .fold(0u32, |m, def| m | bit(CardId(def.id)));
                            table[table_index(roll)] = mask;
                        }
                    }
                }
            }
        }
        table
    })
}

/// Every card the roll satisfies, as a mask of [`bit`]s. Symbols above 6 are
/// treated as 6 (they cannot occur in a game).
pub fn satisfied_mask(roll: [Symbol; 5]) -> u32 {
    table().get(table_index(roll)).copied().unwrap_or(0)
}

/// Does the roll satisfy this card?
pub fn satisfies(id: CardId, roll: [Symbol; 5]) -> bool {
    satisfied_mask(roll) & bit(id) != 0
}

#[cfg(test)]
mod tests {
    use super::*;

    const F: Symbol = FACE;

    #[test]
    fn the_sorting_network_sorts_every_roll() {
        for code in 0..7u32.pow(5) {
            let mut roll = [0u8; 5];
            let mut rest = code;
            for s in &mut roll {
                *s = u8::try_from(rest % 7).unwrap_or(0);
                rest /= 7;
            }
            let mut want = roll;
            want.sort_unstable();
            sort5(&mut roll);
            assert_eq!(roll, want);
        }
    }

    fn id_of(name: &str) -> CardId {
        let def = CARDS.iter().find(|c| c.name == name);
        CardId(def.map(|c| c.id).unwrap_or(0))
    }

    /// Checks a card against rolls that must and must not satisfy it, with
    /// both the table and the reference search.
    fn check(name: &str, yes: &[[Symbol; 5]], no: &[[Symbol; 5]]) {
        let id = id_of(name);
        let def = card(id).unwrap_or_else(|| panic!("no card {name}"));
        for roll in yes {
            assert!(satisfies(id, *roll), "{name} should accept {roll:?}");
            assert!(
                satisfies_by_search(def, *roll),
                "{name} search should accept {roll:?}"
            );
        }
        for roll in no {
            assert!(!satisfies(id, *roll), "{name} should reject {roll:?}");
            assert!(
                !satisfies_by_search(def, *roll),
                "{name} search should reject {roll:?}"
            );
        }
    }

    #[test]
    fn ids_are_in_order_and_counts_match_the_rulebook() {
        for (i, c) in CARDS.iter().enumerate() {
            assert_eq!(usize::from(c.id), i + 1);
            assert!(c.faces < c.dice);
        }
        let count = |k| CARDS.iter().filter(|c| c.dice == k).count();
        assert_eq!((count(3), count(4), count(5)), (2, 5, 19));
        assert!(card(CardId(0)).is_none());
        assert!(card(CardId(27)).is_none());
        assert_eq!(bit(CardId(0)) | bit(CardId(27)) | bit(CardId(255)), 0);
    }

    #[test]
    fn dz01_triple_scoop() {
        check(
            "Triple Scoop",
            &[
                [4, 4, 4, 2, 6],
                [6, 1, 6, 3, 6],
                [2, 2, 3, F, 5],
                [5, 1, 2, F, F],
            ],
            &[[1, 2, 3, 4, 5], [2, 2, 3, 3, 6], [1, 1, 2, 5, 6]],
        );
    }

    #[test]
    fn dz02_snowman() {
        check(
            "Triple Scoop Snowman",
            // Face + 1 + 1; and Face + Face(wild as 1) + 1.
            &[[1, 1, 4, F, 3], [1, 5, 6, F, F], [3, 1, 1, 2, F]],
            &[
                [1, 1, 1, 2, 3],
                [1, 2, 3, F, 4],
                [2, 2, 2, F, F],
                [1, 1, 5, 5, 3],
            ],
        );
    }

    #[test]
    fn dz03_double_up() {
        check(
            "Double Up",
            &[
                [2, 2, 5, 5, 1],
                [3, 6, 3, 4, 6],
                [1, 1, 2, F, 6],
                [1, 2, 3, F, F],
            ],
            &[[1, 2, 3, 4, 5], [4, 4, 4, 4, 2], [1, 2, 3, 4, F]],
        );
        // Four of a kind is not two pairs of *different* values.
        check(
            "Double Up",
            &[[4, 4, 4, 6, 6]],
            &[[4, 4, 4, 4, 6], [4, 4, 4, 4, 4]],
        );
    }

    #[test]
    fn dz04_quartet() {
        check(
            "Quartet",
            &[[3, 3, 3, 3, 1], [5, 5, 5, F, 2], [6, 6, 1, F, F]],
            &[[3, 3, 3, 2, 1], [6, 6, 1, F, 2]],
        );
    }

    #[test]
    fn dz05_four_square() {
        check(
            "Four Square",
            &[
                [1, 4, 1, 4, 2],
                [4, 4, 4, 4, 6],
                [1, 1, 4, F, 3],
                [1, 4, 6, F, F],
            ],
            // Two wilds and a 1 are only three dice.
            &[[1, 4, 2, 3, 5], [1, 4, 6, 5, F], [1, 6, 6, F, F]],
        );
    }

    #[test]
    fn dz06_prime_time() {
        check(
            "Prime Time",
            &[
                [2, 3, 5, 5, 6],
                [2, 2, 2, 2, 1],
                [3, 1, 2, F, 5],
                [2, 3, 1, F, F],
            ],
            &[
                [2, 3, 4, 6, 1],
                [1, 4, 6, F, 5],
                [3, 1, 4, F, 5],
                [2, 6, 1, F, F],
            ],
        );
    }

    #[test]
    fn dz07_twinzy() {
        check(
            "Twinzy",
            &[[2, 2, 5, F, F], [1, 6, 6, F, F]],
            // One Face is not enough, however good the rest.
            &[[2, 2, 2, F, 2], [1, 2, 3, F, F], [4, 4, 4, 4, 4]],
        );
    }

    #[test]
    fn dz08_showmah() {
        check(
            "Showmah",
            &[
                [1, 2, 3, 4, 5],
                [6, 3, 1, 5, 2],
                [1, 2, 3, F, 6],
                [1, 2, 3, F, F],
            ],
            // All five dice count: wilds can't undo the pair of 1s.
            &[[1, 2, 3, 4, 4], [1, 1, 1, F, 6], [1, 1, 3, F, F]],
        );
    }

    #[test]
    fn dz09_countdown() {
        check(
            "Countdown",
            // The wild Face fills in the missing 1.
            &[
                [5, 4, 3, 2, 1],
                [2, 3, 4, 5, F],
                [1, 5, 3, F, F],
                [1, 2, 3, 4, 5],
            ],
            &[[2, 3, 4, 5, 6], [1, 2, 3, 4, 4], [1, 2, 3, F, 6]],
        );
    }

    #[test]
    fn dz10_doozy_dog() {
        check(
            "Doozy Dog",
            &[[4, 4, 4, 4, F], [2, 2, 2, F, F], [6, 6, 6, 6, F]],
            // Four of a kind without a Face, or the Face with only three.
            &[[4, 4, 4, 4, 4], [4, 4, 4, F, 3], [1, 2, 3, F, F]],
        );
    }

    #[test]
    fn dz11_twozy_tower() {
        check(
            "Twozy Tower",
            &[[3, 3, 3, F, F], [6, 6, 6, F, F]],
            &[[3, 3, 2, F, F], [3, 3, 3, F, 3], [3, 3, 3, 3, 3]],
        );
    }

    #[test]
    fn dz12_fab_five() {
        check(
            "Fab Five",
            &[[5, 5, 5, 5, 5], [2, 2, 2, F, 2], [1, 1, 1, F, F]],
            &[[5, 5, 5, 5, 4], [1, 1, 2, F, F]],
        );
    }

    #[test]
    fn dz13_full_scoop() {
        check(
            "Full Scoop",
            &[
                [2, 2, 2, 5, 5],
                [6, 1, 6, 1, 6],
                [2, 2, 5, 5, F],
                [3, 3, 4, F, F],
            ],
            &[
                [2, 2, 2, 2, 5],
                [2, 2, 2, 2, 2],
                [1, 2, 3, F, F],
                [1, 1, 2, 3, F],
            ],
        );
    }

    #[test]
    fn dz14_high_five() {
        check(
            "High Five",
            &[
                [2, 3, 4, 5, 6],
                [6, 5, 4, 3, 2],
                [2, 3, 4, F, 6],
                [2, 3, 4, F, F],
            ],
            &[[1, 2, 3, 4, 5], [1, 3, 4, 5, 6], [1, 3, 4, F, 6]],
        );
    }

    #[test]
    fn dz15_odd_squad() {
        check(
            "Odd Squad",
            &[
                [1, 3, 5, 5, 3],
                [1, 1, 1, 3, 5],
                [1, 3, 5, F, 5],
                [1, 3, 5, F, F],
            ],
            &[[1, 3, 5, 3, 2], [1, 3, 2, F, F]],
        );
    }

    #[test]
    fn dz16_even_steven() {
        check(
            "Even Steven",
            &[[2, 4, 6, 6, 2], [2, 2, 4, F, 4], [6, 6, 6, F, F]],
            &[[2, 4, 6, 6, 3], [2, 4, 1, F, F]],
        );
    }

    #[test]
    fn dz17_sky_high() {
        check(
            "Sky High",
            &[[4, 5, 6, 4, 5], [4, 4, 4, F, 6], [6, 5, 4, F, F]],
            &[[4, 5, 6, 3, 4], [3, 5, 6, F, F]],
        );
    }

    #[test]
    fn dz18_low_down() {
        check(
            "Low Down",
            &[[1, 2, 3, 2, 3], [1, 1, 1, F, 3], [3, 3, 3, F, F]],
            &[[1, 2, 3, 2, 4], [1, 2, 4, F, F]],
        );
    }

    #[test]
    fn dz19_big_shot() {
        check(
            "Big Shot",
            &[
                [6, 6, 6, 4, 4],
                [6, 6, 6, 6, 2],
                [5, 5, 4, F, F],
                [6, 6, 2, F, 6],
            ],
            &[[6, 6, 6, 4, 3], [5, 4, 4, F, F], [5, 5, 5, 5, 5]],
        );
    }

    #[test]
    fn dz20_itty_bitty() {
        check(
            "Itty Bitty",
            &[
                [1, 1, 1, 3, 3],
                [1, 1, 1, 2, 4],
                [4, 2, 1, F, F],
                [1, 1, 1, F, 5],
            ],
            &[[1, 1, 2, 3, 3], [5, 2, 1, F, F], [2, 2, 2, 2, 2]],
        );
    }

    #[test]
    fn dz21_lucky_thirteen() {
        check(
            "Lucky Thirteen",
            &[
                [1, 2, 3, 3, 4],
                [3, 3, 1, F, F],
                [1, 1, 1, F, F],
                [3, 3, 3, F, 3],
            ],
            // 6 + 6 + 1 + two wilds is at least 15.
            &[
                [6, 6, 6, 2, 2],
                [1, 1, 1, 2, 2],
                [1, 2, 3, 4, 4],
                [6, 6, 1, F, F],
            ],
        );
    }

    #[test]
    fn dz22_doozy_smile() {
        check(
            "Doozy Smile",
            &[[1, 2, 3, F, 4], [6, 5, 2, F, F], [1, 3, 5, F, 6]],
            &[
                [1, 2, 3, 4, 5],
                [1, 1, 2, F, 3],
                [1, 1, 1, F, F],
                [6, 6, 2, F, F],
            ],
        );
    }

    #[test]
    fn dz23_split_scoop() {
        check(
            "Split Scoop",
            &[[2, 2, 5, F, 5], [2, 2, 4, F, F]],
            &[[2, 2, 5, 5, 3], [2, 2, 2, F, 2], [1, 2, 3, F, F]],
        );
    }

    #[test]
    fn dz24_doozy_ladder() {
        check(
            "Doozy Ladder",
            &[[1, 2, 3, F, 4], [3, 4, 5, F, 6], [2, 3, 5, F, F]],
            &[[1, 2, 3, 4, 5], [1, 2, 4, F, 5], [1, 2, 6, F, F]],
        );
    }

    #[test]
    fn dz25_hot_dog() {
        check(
            "Hot Dog",
            &[
                [6, 6, 2, 2, 2],
                [4, 6, 4, 6, 4],
                [6, 6, 3, F, 3],
                [6, 3, 3, F, F],
            ],
            &[
                [6, 6, 6, 2, 2],
                [6, 6, 6, 6, 6],
                [6, 6, 2, 2, 3],
                [6, 1, 2, F, F],
            ],
        );
    }

    #[test]
    fn dz26_threes_company() {
        check(
            "Three's Company",
            &[
                [3, 3, 3, 1, 1],
                [6, 3, 6, 3, 3],
                [3, 3, 5, F, 5],
                [3, 3, 1, F, F],
            ],
            &[
                [3, 3, 3, 3, 3],
                [3, 3, 1, 1, 1],
                [3, 3, 3, 1, 2],
                [3, 1, 2, F, F],
            ],
        );
    }

    /// Every card's chance to be made by one roll of all five dice (blue
    /// 1–6; white Face, 2–6), against the `P(1 roll)` column of RULINGS §5(b)
    /// to 3 decimals, plus the exact counts out of 6^5 = 7776 rolls.
    #[test]
    fn one_roll_probabilities_match_the_rulings() {
        let expected: [(u8, f64, u32); 26] = [
            (1, 0.383, 2976),
            (2, 0.032, 251),
            (3, 0.417, 3246),
            (4, 0.055, 426),
            (5, 0.045, 352),
            (6, 0.278, 2160),
            (7, 0.012, 96),
            (8, 0.154, 1200),
            (9, 0.042, 324),
            (10, 0.002, 16),
            (11, 0.001, 6),
            (12, 0.003, 21),
            (13, 0.086, 666),
            (14, 0.054, 420),
            (15, 0.031, 243),
            (16, 0.056, 432),
            (17, 0.056, 432),
            (18, 0.031, 243),
            (19, 0.039, 301),
            (20, 0.016, 126),
            (21, 0.119, 922),
            (22, 0.093, 720),
            (23, 0.031, 240),
            (24, 0.025, 192),
            (25, 0.021, 164),
            (26, 0.021, 166),
        ];
        let white: [Symbol; 6] = [F, 2, 3, 4, 5, 6];
        let mut counts = [0u32; 27];
        let mut rolls = 0u32;
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    for &d in &white {
                        for &e in &white {
                            rolls += 1;
                            let mask = satisfied_mask([a, b, c, d, e]);
                            for (id, count) in counts.iter_mut().enumerate() {
                                if mask & (1 << id) != 0 {
                                    *count += 1;
                                }
                            }
                        }
                    }
                }
            }
        }
        assert_eq!(rolls, 7776);
        assert_eq!(counts[0], 0, "bit 0 is not a card");
        for (id, p, exact) in expected {
            let got = counts[usize::from(id)];
            let name = card(CardId(id)).map(|c| c.name).unwrap_or("?");
            let prob = f64::from(got) / f64::from(rolls);
            assert_eq!(
                (prob * 1000.0).round(),
                (p * 1000.0).round(),
                "DZ{id:02} {name}: P(1 roll) = {prob:.4}, RULINGS says {p}"
            );
            assert_eq!(got, exact, "DZ{id:02} {name}: count out of 7776");
        }
    }

    /// The table lookup agrees with the reference search on every ordering
    /// of every possible roll (including adjusted dice: white 2–6, blue 1–6).
    #[test]
    fn table_agrees_with_search_on_every_roll() {
        let white: [Symbol; 6] = [F, 2, 3, 4, 5, 6];
        for a in 1..=6 {
            for b in 1..=6 {
                for c in 1..=6 {
                    for &d in &white {
                        for &e in &white {
                            // Put the white dice first too, to exercise sorting.
                            for roll in [[a, b, c, d, e], [e, d, c, b, a]] {
                                let mask = satisfied_mask(roll);
                                for def in &CARDS {
                                    let want = satisfies_by_search(def, roll);
                                    assert_eq!(
                                        mask & bit(CardId(def.id)) != 0,
                                        want,
                                        "{} {roll:?}",
                                        def.name
                                    );
                                }
                            }
                        }
                    }
                }
            }
        }
    }
}
