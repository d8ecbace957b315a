//! The 126 cards (RULINGS §4(b)) and their numbering.
//!
//! **White cards** are numbered by animal, `0..52`: the 36 category animals
//! (`0..36`, category by category, cheapest first), the 10 lower halves
//! (`36..46`, one per category in category order) and the 6 minus animals
//! (`46..52`).
//!
//! **Black cards** are numbered by *kind*, `0..66` (one per illustration;
//! the 4 BEASTs and the 6 MOLEs are copies of one kind): `0..52` is the
//! black counterpart of white animal `n` (Category POINTS, Upper Half,
//! ANTI-Minus), `52..60` the Side Bonus cards (OCEAN, BIRD, INSECT,
//! SEMI-AQUATIC, HORNS, REPTILE, ARACHNID, MYTHICAL), then BEAST, BEST
//! BEAST, MOLE, HYENA, RACCOON and EARTHWORM. A black kind `n < 52` matches
//! exactly the white animal `n`.

use parlor_protocol::zop_zoo::{Animal, Card, Category};

/// White cards: one per matchable animal.
pub const WHITE: u8 = 52;
/// Black kinds (illustrations).
pub const KINDS: u8 = 66;
/// Cards in the black deck.
pub const BLACK_CARDS: u8 = 74;
/// First lower half.
pub const FIRST_CONNECT: u8 = 36;
/// First minus animal.
pub const FIRST_MINUS: u8 = 46;
/// First Side Bonus kind.
pub const FIRST_BONUS: u8 = 52;
/// BEAST (4 copies).
pub const BEAST: u8 = 60;
/// BEST BEAST.
pub const BEST_BEAST: u8 = 61;
/// MOLE (6 copies).
pub const MOLE: u8 = 62;
/// HYENA.
pub const HYENA: u8 = 63;
/// RACCOON.
pub const RACCOON: u8 = 64;
/// EARTHWORM.
pub const EARTHWORM: u8 = 65;
/// Points of a connected animal.
pub const CONNECTED: i32 = 80;
/// Points of a BEST BEAST.
pub const BEST_BEAST_POINTS: i32 = 50;

/// The categories in order.
pub const CATEGORIES: [Category; 10] = [
    Category::Mammal,
    Category::Ocean,
    Category::Bird,
    Category::Insect,
    Category::SemiAquatic,
    Category::Horns,
    Category::Reptile,
    Category::Marsupial,
    Category::Arachnid,
    Category::Mythical,
];

/// Animals per category among the 36 category animals.
const PER_CATEGORY: [u8; 10] = [6, 5, 5, 4, 4, 3, 3, 2, 2, 2];

/// The categories with a Side Bonus card, in kind order.
pub const BONUS_CATEGORIES: [Category; 8] = [
    Category::Ocean,
    Category::Bird,
    Category::Insect,
    Category::SemiAquatic,
    Category::Horns,
    Category::Reptile,
    Category::Arachnid,
    Category::Mythical,
];

/// Minus values of the six minus animals, in order (DESIGNED).
const MINUS: [i32; 6] = [100, 100, 90, 90, 75, 75];

/// Every illustrated animal in the order of [`Animal`]: white animals
/// `0..52`, then the Side Bonus illustrations.
pub const ANIMALS: [Animal; 60] = {
    use Animal::*;
    [
        Bear,
        Lion,
        Elephant,
        Giraffe,
        Zebra,
        Panda,
        Whale,
        Dolphin,
        Shark,
        Octopus,
        Jellyfish,
        Owl,
        Parrot,
        Penguin,
        Flamingo,
        Peacock,
        Butterfly,
        Ladybug,
        Bumblebee,
        Dragonfly,
        Frog,
        Hippo,
        Otter,
        Beaver,
        Rhino,
        Ram,
        Moose,
        Crocodile,
        Chameleon,
        Tortoise,
        Kangaroo,
        Koala,
        Tarantula,
        Scorpion,
        Unicorn,
        Dragon,
        Gorilla,
        Seahorse,
        Toucan,
        Grasshopper,
        Platypus,
        Yak,
        Cobra,
        Wombat,
        DaddyLonglegs,
        Griffin,
        Skunk,
        Vulture,
        Rat,
        Piranha,
        Cockroach,
        Leech,
        Starfish,
        Hummingbird,
        Firefly,
        Salamander,
        Antelope,
        Gecko,
        JumpingSpider,
        Phoenix,
    ]
};

/// A category's point value (FOUND).
pub fn value(category: Category) -> i32 {
    match category {
        Category::Mammal => 10,
        Category::Ocean => 15,
        Category::Bird => 20,
        Category::Insect => 25,
        Category::SemiAquatic => 30,
        Category::Horns => 35,
        Category::Reptile => 40,
        Category::Marsupial => 45,
        Category::Arachnid => 55,
        Category::Mythical => 60,
    }
}

/// What a white card is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum White {
    /// A Category card.
    Category(Category),
    /// A Lower Half; its Upper Half lists this category.
    Connect(Category),
    /// A Minus card worth `-m`.
    Minus(i32),
}

/// What white animal `a` is (`None` outside `0..52`).
pub fn white(a: u8) -> Option<White> {
    if a < FIRST_CONNECT {
        let mut rest = a;
        for (i, &n) in PER_CATEGORY.iter().enumerate() {
            if rest < n {
                return CATEGORIES.get(i).map(|&c| White::Category(c));
            }
            rest -= n;
        }
        None
    } else if a < FIRST_MINUS {
        CATEGORIES
            .get(usize::from(a - FIRST_CONNECT))
            .map(|&c| White::Connect(c))
    } else {
        MINUS
            .get(usize::from(a.wrapping_sub(FIRST_MINUS)))
            .map(|&m| White::Minus(m))
    }
}

/// The animal of white card or black kind `n < 60`.
pub fn animal(n: u8) -> Animal {
    ANIMALS.get(usize::from(n)).copied().unwrap_or(Animal::Bear)
}

/// The white card or black kind of `animal` (the inverse of [`animal`]).
pub fn index_of(animal: Animal) -> u8 {
    ANIMALS
        .iter()
        .position(|&a| a == animal)
        .and_then(|i| u8::try_from(i).ok())
        .unwrap_or(u8::MAX)
}

/// The Side Bonus kind of `category` (`None` for MAMMAL and MARSUPIAL).
pub fn bonus_kind(category: Category) -> Option<u8> {
    BONUS_CATEGORIES
        .iter()
        .position(|&c| c == category)
        .and_then(|i| u8::try_from(i).ok())
        .map(|i| FIRST_BONUS + i)
}

/// The category of Side Bonus kind `k`.
pub fn bonus_category(k: u8) -> Option<Category> {
    BONUS_CATEGORIES
        .get(usize::from(k.checked_sub(FIRST_BONUS)?))
        .copied()
}

/// Copies of black kind `k` in the deck.
pub fn copies(k: u8) -> u8 {
    match k {
        BEAST => 4,
        MOLE => 6,
        k if k < KINDS => 1,
        _ => 0,
    }
}

/// A task card (HYENA, RACCOON, EARTHWORM).
pub fn is_task(k: u8) -> bool {
    matches!(k, HYENA | RACCOON | EARTHWORM)
}

/// A wild card.
pub fn is_wild(k: u8) -> bool {
    matches!(k, BEAST | BEST_BEAST)
}

/// White card `a` as printed.
pub fn white_card(a: u8) -> Card {
    let animal = animal(a);
    match white(a) {
        Some(White::Category(category)) => Card::Category {
            animal,
            category,
            value: value(category),
        },
        Some(White::Connect(_)) => Card::LowerHalf {
            animal,
            value: CONNECTED,
        },
        Some(White::Minus(m)) => Card::Minus { animal, value: -m },
        None => Card::Beast,
    }
}

/// Black kind `k` as printed.
pub fn black_card(k: u8) -> Card {
    match k {
        BEAST => Card::Beast,
        BEST_BEAST => Card::BestBeast,
        MOLE => Card::Mole,
        HYENA => Card::Hyena,
        RACCOON => Card::Raccoon,
        EARTHWORM => Card::Earthworm,
        k if k >= FIRST_BONUS => {
            let category = bonus_category(k).unwrap_or(Category::Ocean);
            Card::SideBonus {
                animal: animal(k),
                category,
                value: value(category),
            }
        }
        k => {
            let animal = animal(k);
            match white(k) {
                Some(White::Category(category)) => Card::Points {
                    animal,
                    category,
                    value: value(category),
                },
                Some(White::Connect(category)) => Card::UpperHalf {
                    animal,
                    category,
                    value: CONNECTED,
                },
                Some(White::Minus(m)) => Card::AntiMinus { animal, value: m },
                None => Card::Beast,
            }
        }
    }
}

/// The full black deck as counts per kind.
pub fn full_pile() -> [u8; KINDS as usize] {
    let mut pile = [0; KINDS as usize];
    for (k, n) in (0..KINDS).zip(pile.iter_mut()) {
        *n = copies(k);
    }
    pile
}

/// The full white deck as a set of animals.
pub const ALL_WHITE: u64 = (1 << WHITE) - 1;
