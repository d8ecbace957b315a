//! Mix-the-Mutts: hands are hidden (only their owner sees the cards), the
//! pile's order is never stored, and answers in an open window stay secret
//! until it closes. A card is known to a viewer when it is in the viewer's
//! own hand or face up in a scoring stack; every other card is a secret.

use std::collections::{BTreeSet, HashSet};

use parlor_games::AnyGame;
use parlor_protocol::mix_the_mutts::{Action, Card, CardId, ClaimSpec, Hex, Options, Phase, View};
use parlor_protocol::{AnyAction, AnyView, GameKind, GameOptions, Seat, Viewer};
use rand::rngs::StdRng;
use rand::Rng;
use serde_json::Value;

use super::{GamePlayer, Probe};

pub const PLAYER: GamePlayer = GamePlayer {
    kind: GameKind::MixTheMutts,
    seats: &[2, 4, 3],
    options,
    decide: decide_any,
    garbage,
    secrets,
    mentions,
    probes,
    hidden: "every hand's cards (only the owner sees them; never revealed, cards leave \
             a hand only face up to a scoring stack), the pile, and open windows' answers",
};

/// Number of cards (ids 0..72).
const CARDS: u8 = 72;

fn options(variant: u64) -> GameOptions {
    GameOptions::MixTheMutts(Options {
        junior: variant % 2 == 1,
        first_player: if variant % 3 == 2 {
            Some(Seat(1))
        } else {
            None
        },
        response_timer_secs: None,
    })
}

fn decide_any(me: Seat, view: &AnyView) -> Option<AnyAction> {
    match view {
        AnyView::MixTheMutts(v) => decide(me, v).map(AnyAction::MixTheMutts),
        _ => None,
    }
}

/// Picks claims for `me` from its own view: the active player as many combos
/// as its hand allows (no card twice), everyone else at most one.
pub fn answer(me: Seat, view: &View) -> Vec<ClaimSpec> {
    let Phase::Window(w) = &view.phase else {
        return Vec::new();
    };
    let hand: Vec<Card> = view.hand.clone().unwrap_or_default();
    let mut used = HashSet::new();
    let mut claims = Vec::new();
    for combo in &w.combos {
        let head = hand
            .iter()
            .find(|c| c.breed == combo.head && !used.contains(&c.id));
        let Some(head) = head else { continue };
        let tail = hand
            .iter()
            .find(|c| c.breed == combo.tail && c.id != head.id && !used.contains(&c.id));
        let Some(tail) = tail else { continue };
        used.insert(head.id);
        used.insert(tail.id);
        claims.push(ClaimSpec {
            combo: combo.index,
            cards: vec![head.id, tail.id],
        });
        if w.active != me {
            break;
        }
    }
    claims
}

/// On its turn: draw until the hand is big (big hands make windows with
/// several claimants near certain), then connect at the first open hex.
/// In a window it owes: claim what its hand allows.
pub fn decide(me: Seat, view: &View) -> Option<Action> {
    match &view.phase {
        Phase::Turn { active } if *active == me => {
            let hand = view.hand.as_ref().map_or(0, Vec::len);
            if view.pile > 0 && hand < 12 {
                return Some(Action::DrawTwo);
            }
            let at = *view.open_hexes.first()?;
            Some(Action::Connect { at, rotation: 0 })
        }
        Phase::Window(w) if !w.answered[me.index()] => Some(Action::Answer {
            claims: answer(me, view),
        }),
        _ => None,
    }
}

fn garbage(rng: &mut StdRng, view: &AnyView) -> AnyAction {
    let open: Vec<Hex> = match view {
        AnyView::MixTheMutts(v) => v.open_hexes.clone(),
        _ => Vec::new(),
    };
    let action = match rng.random_range(0..7) {
        0 => Action::Connect {
            at: Hex {
                q: rng.random(),
                r: rng.random(),
            },
            rotation: rng.random_range(0..8),
        },
        1 => Action::Connect {
            at: open
                .get(rng.random_range(0..open.len().max(1)))
                .copied()
                .unwrap_or(Hex { q: 0, r: 0 }),
            rotation: if rng.random() { 1 } else { rng.random() },
        },
        2 => Action::DrawTwo,
        3 => Action::Answer { claims: Vec::new() },
        _ => Action::Answer {
            claims: (0..rng.random_range(1..4))
                .map(|_| ClaimSpec {
                    combo: if rng.random_bool(0.8) {
                        rng.random_range(0..4)
                    } else {
                        rng.random()
                    },
                    cards: (0..rng.random_range(0..4))
                        .map(|_| CardId(rng.random_range(0..CARDS + 8)))
                        .collect(),
                })
                .collect(),
        },
    };
    AnyAction::MixTheMutts(action)
}

fn view_of(game: &AnyGame, viewer: Viewer) -> View {
    match game.view(viewer) {
        AnyView::MixTheMutts(v) => v,
        other => panic!("not a Mix-the-Mutts game: {other:?}"),
    }
}

/// Each seat's hand, from the truth.
pub fn hands(game: &AnyGame) -> Vec<Vec<CardId>> {
    (0..game.seats())
        .map(|s| {
            view_of(game, Viewer::Seat(Seat(s)))
                .hand
                .unwrap_or_default()
                .iter()
                .map(|c| c.id)
                .collect()
        })
        .collect()
}

/// Cards face up in scoring stacks.
fn scored(game: &AnyGame) -> Vec<CardId> {
    view_of(game, Viewer::Spectator)
        .players
        .iter()
        .flat_map(|p| p.scoring.iter().map(|c| c.id))
        .collect()
}

fn name(id: CardId) -> String {
    format!("card:{}", id.0)
}

fn secrets(game: &AnyGame, viewer: Viewer) -> BTreeSet<String> {
    let mut known: HashSet<CardId> = scored(game).into_iter().collect();
    if let Viewer::Seat(s) = viewer {
        known.extend(hands(game)[s.index()].iter().copied());
    }
    (0..CARDS)
        .map(CardId)
        .filter(|c| !known.contains(c))
        .map(name)
        .collect()
}

fn mentions(msg: &Value) -> BTreeSet<String> {
    let mut out = BTreeSet::new();
    walk(msg, &mut out);
    out
}

fn walk(v: &Value, out: &mut BTreeSet<String>) {
    match v {
        Value::Object(map) => {
            // A card: {"id": n, "breed": "..."}.
            if let (Some(Value::Number(id)), Some(Value::String(_))) =
                (map.get("id"), map.get("breed"))
            {
                out.insert(format!("card:{id}"));
            }
            // A claim: {"combo": n, "cards": [ids]}.
            if let Some(Value::Array(cards)) = map.get("cards") {
                for c in cards {
                    if let Value::Number(id) = c {
                        out.insert(format!("card:{id}"));
                    }
                }
            }
            for child in map.values() {
                walk(child, out);
            }
        }
        Value::Array(items) => items.iter().for_each(|i| walk(i, out)),
        _ => {}
    }
}

fn probes(game: &AnyGame, seat: Seat) -> Vec<Probe> {
    let hands = hands(game);
    let held_anywhere: HashSet<CardId> = hands.iter().flatten().copied().collect();
    let scored: HashSet<CardId> = scored(game).into_iter().collect();
    let free: Vec<CardId> = (0..CARDS)
        .map(CardId)
        .filter(|c| !held_anywhere.contains(c) && !scored.contains(c))
        .collect();
    let mine = hands[seat.index()].clone();
    let mut out = Vec::new();
    for (other, hand) in hands.iter().enumerate() {
        if other == seat.index() {
            continue;
        }
        for (i, held) in hand.iter().enumerate() {
            let Some(free) = free.get(i % free.len().max(1)).copied() else {
                break;
            };
            let claim = |card: CardId, shape: usize| {
                let cards = match (shape, mine.first()) {
                    (0, Some(own)) => vec![*own, card],
                    (1, Some(own)) => vec![card, *own],
                    (2, _) => vec![card, card],
                    _ => vec![card],
                };
                AnyAction::MixTheMutts(Action::Answer {
                    claims: vec![ClaimSpec {
                        combo: u8::try_from(i % 2).unwrap_or(0),
                        cards,
                    }],
                })
            };
            let shape = i % 4;
            out.push(Probe {
                held: claim(*held, shape),
                held_name: held.0.to_string(),
                free: claim(free, shape),
                free_name: free.0.to_string(),
            });
        }
    }
    out
}
