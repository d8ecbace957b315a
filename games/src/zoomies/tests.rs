//! Scenario tests. Flows run through chance steps and actions from a chosen
//! setup; scoring and token rules are checked on boards laid directly
//! (`lay`, `put`), then through `apply` (every refusal with its own error)
//! and the final scorecard.
//!
//! The standard start row (Z01, Z03, Z05 unflipped), `y` growing south:
//!
//! ```text
//!   x:   0      1     2      3     4      5
//! y=0: CHI+b  CHI  POO+b  POO  BEA+b  BEA
//! ```

use parlor_protocol::zoomies::{
    Action, Breed, Cell, Dir, Options, Phase, Scorecard, Side, StepView, TileId, TokenKind,
    TokenRefusal, View, TILES,
};
use parlor_protocol::{Seat, ToAct, Viewer};

use super::board::Placed;
use super::state::{Left, Stage, Token};
use super::tiles::{self, step, tile_bit, ALL_TILES, BREEDS, DIRS, TILE_COUNT};
use super::{Awaiting, Chance, Illegal, Zoomies};
use crate::game::{Game, SetupError, Step};

const STANDARD: [(u8, bool); 3] = [(1, false), (3, false), (5, false)];

fn c(x: i8, y: i8) -> Cell {
    Cell { x, y }
}

fn opts(first: Option<u8>) -> Options {
    Options {
        first_player: first.map(Seat),
    }
}

fn chance(g: &mut Zoomies, outcome: Chance) {
    g.apply(&Step::Chance { outcome })
        .unwrap_or_else(|e| panic!("{outcome:?} refused: {e}"));
}

fn act(g: &mut Zoomies, seat: u8, action: Action) {
    g.apply(&Step::Act {
        seat: Seat(seat),
        action: action.clone(),
    })
    .unwrap_or_else(|e| panic!("seat {seat} {action:?} refused: {e}"));
}

/// Asserts the step is refused with `want` and changes nothing.
fn refused(g: &Zoomies, step: Step<Action, Chance>, want: Illegal) {
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

fn refused_act(g: &Zoomies, seat: u8, action: Action, want: Illegal) {
    refused(
        g,
        Step::Act {
            seat: Seat(seat),
            action,
        },
        want,
    );
}

fn place(tile: u8, x: i8, y: i8, dir: Dir) -> Action {
    Action::PlaceTile {
        tile: TileId(tile),
        at: c(x, y),
        dir,
    }
}

fn token(side: Side, x: i8, y: i8, arrow: Option<Dir>) -> Action {
    Action::PlaceToken {
        side,
        at: c(x, y),
        arrow,
    }
}

fn end_turn(discard: bool) -> Action {
    Action::EndTurn { discard }
}

/// A match through its chance steps: `start` laid in the row, `hands`
/// dealt (one tile per step, round the table from seat 0), `first` to play.
fn dealt(start: [(u8, bool); 3], hands: &[[u8; 2]], first: u8) -> Zoomies {
    let seats = u8::try_from(hands.len()).expect("seats");
    let mut g = Zoomies::new(&opts(Some(first)), seats).expect("setup");
    for (tile, flipped) in start {
        chance(
            &mut g,
            Chance::StartTile {
                tile: TileId(tile),
                flipped,
            },
        );
    }
    for round in 0..2 {
        for hand in hands {
            chance(&mut g, Chance::Tile(TileId(hand[round])));
        }
    }
    assert_eq!(to_act(&g), first);
    g
}

/// An empty table for `seats` players with seat 0 to play and no hands, to
/// lay boards on directly.
fn bare(seats: u8) -> Zoomies {
    let mut g = Zoomies::new(&opts(Some(0)), seats).expect("setup");
    g.stage = Stage::PlaceTile { active: Seat(0) };
    g
}

/// Lays tile `id` with dog A on `(x, y)` and dog B towards `dir`, without
/// any rule. Returns its index (placement order).
fn lay(g: &mut Zoomies, id: u8, x: i8, y: i8, dir: Dir) -> usize {
    let (a, b) = tiles::dogs(TileId(id)).expect("a tile");
    let b_at = step(c(x, y), dir).expect("on the grid");
    for at in [c(x, y), b_at] {
        assert_eq!(g.board.square_at(at), None, "Z{id:02}: {at:?} is taken");
    }
    g.board.place(
        Placed {
            tile: TileId(id),
            at: c(x, y),
            dir,
            by: None,
        },
        a,
        b,
    );
    g.board.tiles.len() - 1
}

/// Puts a token of `seat` on the dog at `(x, y)`, without any rule.
fn put(g: &mut Zoomies, seat: u8, side: Side, x: i8, y: i8, arrow: Option<Dir>) {
    let square = g.board.square_at(c(x, y)).expect("a dog");
    let frens = arrow.map(|d| {
        g.board
            .dog_at(step(c(x, y), d).expect("on the grid"))
            .expect("a dog to point at")
            .breed
    });
    g.tokens.push(Token {
        seat: Seat(seat),
        side,
        square,
        arrow,
        frens,
    });
}

/// `seat` is to put a token on tile number `tile`.
fn on_token(g: &mut Zoomies, seat: u8, tile: usize) {
    g.stage = Stage::Token {
        active: Seat(seat),
        tile: Some(tile),
    };
}

/// Ends the game where it stands and returns the scorecard.
fn finish(g: &mut Zoomies) -> Scorecard {
    for left in &mut g.left {
        *left = Left {
            round: 0,
            square: 0,
        };
    }
    g.stage = Stage::Finished;
    g.outcome().expect("finished").scorecard
}

/// Each token's points of `seat` on the scorecard, in the order placed.
fn points(card: &Scorecard, seat: u8) -> Vec<u32> {
    card.players[usize::from(seat)]
        .tokens
        .iter()
        .map(|t| t.points)
        .collect()
}

fn view(g: &Zoomies, seat: u8) -> View {
    g.view(Viewer::Seat(Seat(seat)))
}

fn hand(g: &Zoomies, seat: u8) -> Vec<u8> {
    view(g, seat)
        .hand
        .unwrap_or_default()
        .iter()
        .map(|t| t.0)
        .collect()
}

fn to_act(g: &Zoomies) -> u8 {
    match g.to_act() {
        ToAct::Seats { seats } => seats[0].0,
        other => panic!("no seat to act: {other:?}"),
    }
}

/// Draws the given tiles for whoever is drawing.
fn draw(g: &mut Zoomies, tiles: &[u8]) {
    for t in tiles {
        assert_eq!(g.to_act(), ToAct::Chance);
        chance(g, Chance::Tile(TileId(*t)));
    }
}

/// A token choice shown in the view: side, dog, arrow, refusal.
type Shown = (Side, Cell, Option<Dir>, Option<TokenRefusal>);

/// The token step's `must_discard` and choices, as seat 0 sees them.
fn choices(g: &Zoomies) -> (bool, Vec<Shown>) {
    match view(g, 0).phase {
        Phase::Token {
            must_discard,
            choices,
            ..
        } => (
            must_discard,
            choices
                .iter()
                .map(|c| (c.side, c.at, c.arrow, c.refused))
                .collect(),
        ),
        other => panic!("not the token step: {other:?}"),
    }
}

#[test]
fn the_components_match_the_rulings() {
    assert_eq!(TILES.len(), usize::from(TILE_COUNT));
    let (mut dogs, mut bones, mut zoomies) = ([0u32; 5], [0u32; 5], [0u32; 5]);
    let mut doubles = [0u32; 5];
    let mut pairs = std::collections::BTreeMap::new();
    for (i, face) in TILES.iter().enumerate() {
        assert_eq!(
            usize::from(face.tile.0),
            i + 1,
            "Z{:02} out of place",
            i + 1
        );
        assert_eq!(tiles::face(face.tile), Some(*face));
        let idx = |b: Breed| BREEDS.iter().position(|x| *x == b).expect("a breed");
        for dog in [face.a, face.b] {
            dogs[idx(dog.breed)] += 1;
            bones[idx(dog.breed)] += u32::from(dog.bone);
            zoomies[idx(dog.breed)] += u32::from(dog.zoomies);
            assert!(!(dog.bone && dog.zoomies), "a dog carries at most one icon");
        }
        // Exactly one bone per tile; a Zoomies dog is the non-bone dog.
        assert!(face.a.bone != face.b.bone, "Z{:02}", i + 1);
        if face.a.breed == face.b.breed {
            doubles[idx(face.a.breed)] += 1;
            assert!(
                !face.a.zoomies && !face.b.zoomies,
                "doubles have no Zoomies"
            );
        } else {
            let key = (idx(face.a.breed), idx(face.b.breed));
            assert!(key.0 < key.1, "A is the earlier breed");
            pairs.entry(key).or_insert_with(Vec::new).push((
                face.a.bone,
                face.a.zoomies,
                face.b.zoomies,
            ));
        }
    }
    assert_eq!(dogs, [20; 5]);
    assert_eq!(bones, [10; 5]);
    assert_eq!(zoomies, [4; 5]);
    assert_eq!(doubles, [2; 5]);
    // Each of the 10 breed pairs: bone A + zoomies B, bone A, bone B +
    // zoomies A, bone B.
    assert_eq!(pairs.len(), 10);
    for kinds in pairs.values() {
        assert_eq!(
            kinds,
            &vec![
                (true, false, true),
                (true, false, false),
                (false, true, false),
                (false, false, false)
            ]
        );
    }
    assert_eq!(tiles::dogs(TileId(0)), None);
    assert_eq!(tiles::dogs(TileId(51)), None);
    assert_eq!(tile_bit(TileId(51)), 0);
    assert_eq!(ALL_TILES.count_ones(), 50);
}

#[test]
fn setup_lays_the_start_row_deals_two_each_and_draws_the_first_player() {
    assert!(matches!(
        Zoomies::new(&opts(None), 1),
        Err(SetupError::PlayerCount { got: 1, .. })
    ));
    assert!(Zoomies::new(&opts(None), 5).is_err());
    assert_eq!(
        Zoomies::new(&opts(Some(3)), 3),
        Err(SetupError::FirstPlayer {
            seat: Seat(3),
            seats: 3
        })
    );
    let mut g = Zoomies::new(&opts(None), 3).expect("setup");
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(view(&g, 0).phase, Phase::Setup);
    // Any of the 50 tiles, either way round.
    assert_eq!(g.chance_outcomes().len(), 100);
    for (tile, flipped) in [(1, false), (3, true), (5, false)] {
        chance(
            &mut g,
            Chance::StartTile {
                tile: TileId(tile),
                flipped,
            },
        );
    }
    let board: Vec<(u8, Cell, Dir, Option<Seat>)> = view(&g, 0)
        .board
        .iter()
        .map(|t| (t.tile.0, t.at, t.dir, t.by))
        .collect();
    assert_eq!(
        board,
        vec![
            (1, c(0, 0), Dir::East, None),
            (3, c(3, 0), Dir::West, None),
            (5, c(4, 0), Dir::East, None),
        ]
    );
    assert_eq!(g.board.dog_at(c(2, 0)).map(|d| d.bone), Some(false));
    assert_eq!(g.board.dog_at(c(3, 0)).map(|d| d.bone), Some(true));
    // The deal: 47 tiles on offer, seat 0, 1, 2, 0, 1, 2.
    assert_eq!(g.chance_outcomes().len(), 47);
    assert!(g
        .chance_outcomes()
        .iter()
        .all(|(o, w)| *w == 1 && matches!(o, Chance::Tile(_))));
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Tile(TileId(3)),
        },
        Illegal::ImpossibleOutcome,
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::StartTile {
                tile: TileId(7),
                flipped: false,
            },
        },
        Illegal::ImpossibleOutcome,
    );
    for (i, tile) in [10u8, 20, 30, 11, 21, 31].into_iter().enumerate() {
        let step = Step::Chance {
            outcome: Chance::Tile(TileId(tile)),
        };
        let to = Seat(u8::try_from(i % 3).expect("seat"));
        for viewer in [
            Viewer::Spectator,
            Viewer::Seat(Seat(0)),
            Viewer::Seat(Seat(1)),
        ] {
            let shown = (viewer == Viewer::Seat(to)).then_some(TileId(tile));
            assert_eq!(
                g.step_view(&step, viewer),
                StepView::TileTo {
                    seat: to,
                    tile: shown
                }
            );
        }
        g.apply(&step).expect("deal");
    }
    assert_eq!(hand(&g, 0), vec![10, 11]);
    assert_eq!(hand(&g, 1), vec![20, 21]);
    assert_eq!(hand(&g, 2), vec![30, 31]);
    assert_eq!(g.view(Viewer::Spectator).hand, None);
    // No first player chosen: the server draws one.
    assert_eq!(g.to_act(), ToAct::Chance);
    assert_eq!(
        g.chance_outcomes(),
        (0..3)
            .map(|s| (Chance::FirstPlayer(Seat(s)), 1))
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
    assert_eq!(to_act(&g), 2);
    let v = view(&g, 1);
    assert_eq!(v.first_player, Some(Seat(2)));
    assert_eq!(v.phase, Phase::PlaceTile { active: Seat(2) });
    assert_eq!(v.pile, 50 - 3 - 6);
    assert!(v
        .players
        .iter()
        .all(|p| (p.hand_size, p.round_left, p.square_left) == (2, 4, 4)));
    // The host's choice skips the draw.
    let g = dealt(STANDARD, &[[12, 7], [40, 9]], 1);
    assert_eq!(view(&g, 0).first_player, Some(Seat(1)));
}

#[test]
fn a_tile_must_share_a_side_and_match_a_breed() {
    // Seat 0: Z12 (CHI+b | POO), Z07 (HUS+b | HUS). Seat 1: Z40, Z09.
    let g = dealt(STANDARD, &[[12, 7], [40, 9]], 0);
    refused_act(&g, 1, place(40, 4, -1, Dir::East), Illegal::NotYourTurn);
    refused_act(
        &g,
        0,
        place(12, 0, 0, Dir::East),
        Illegal::CellTaken { x: 0, y: 0 },
    );
    refused_act(
        &g,
        0,
        place(12, 0, -1, Dir::South),
        Illegal::CellTaken { x: 0, y: 0 },
    );
    // Corner to corner only.
    refused_act(&g, 0, place(12, -1, -1, Dir::North), Illegal::NotTouching);
    // Touching, but a chihuahua over a beagle and a poodle over nothing.
    refused_act(&g, 0, place(12, 5, -1, Dir::East), Illegal::NoMatch);
    // The two huskies of Z07 touch each other, which doesn't count.
    refused_act(&g, 0, place(7, 0, -1, Dir::East), Illegal::NoMatch);
    refused_act(
        &g,
        0,
        place(40, 4, -1, Dir::East),
        Illegal::NotInHand(TileId(40)),
    );
    refused_act(&g, 0, place(0, 4, -1, Dir::East), Illegal::NoSuchTile(0));
    refused_act(&g, 0, place(51, 4, -1, Dir::East), Illegal::NoSuchTile(51));
    refused_act(&g, 0, place(12, 127, 0, Dir::East), Illegal::OffTheGrid);
    refused_act(&g, 0, Action::CannotPlace, Illegal::TileFits);
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, 0, None),
        Illegal::NotNow(Awaiting::Tile),
    );
    refused_act(&g, 0, end_turn(false), Illegal::NotNow(Awaiting::Tile));
    refused_act(
        &g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Round,
        },
        Illegal::NotNow(Awaiting::Tile),
    );
    refused(
        &g,
        Step::Chance {
            outcome: Chance::Tile(TileId(50)),
        },
        Illegal::UnexpectedChance,
    );
    let legal = g.legal_actions(Seat(0));
    assert!(g.legal_actions(Seat(1)).is_empty());
    // Every orientation: dog A on (0,-1) over the chihuahua at (0,0), dog B
    // north, east or west of it.
    for dir in [Dir::North, Dir::East, Dir::West] {
        assert!(legal.contains(&place(12, 0, -1, dir)), "{dir:?}");
    }
    // Only dog B matches: the poodle on (3,-1) over the poodle at (3,0),
    // the chihuahua on (3,-2) touching nothing.
    assert!(legal.contains(&place(12, 3, -2, Dir::South)));
    // Below the row too.
    assert!(legal.contains(&place(12, 1, 1, Dir::South)));
    // Z07 fits nowhere: there is no husky on the table.
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::PlaceTile {
            tile: TileId(12),
            ..
        }
    )));
    let mut g = g;
    let step = Step::Act {
        seat: Seat(0),
        action: place(12, 3, -2, Dir::South),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::TilePlaced {
            seat: Seat(0),
            tile: parlor_protocol::zoomies::PlacedTile {
                tile: TileId(12),
                at: c(3, -2),
                dir: Dir::South,
                by: Some(Seat(0)),
            },
            extra: false,
        }
    );
    g.apply(&step).expect("legal");
    assert_eq!(hand(&g, 0), vec![7]);
    assert_eq!(view(&g, 1).players[0].hand_size, 1);
    assert_eq!(
        g.board.dog_at(c(3, -1)).map(|d| d.breed),
        Some(Breed::Poodle)
    );
    assert!(matches!(
        view(&g, 1).phase,
        Phase::Token {
            active: Seat(0),
            tile: Some(TileId(12)),
            must_discard: false,
            ..
        }
    ));
    refused_act(
        &g,
        0,
        place(7, 0, -1, Dir::East),
        Illegal::NotNow(Awaiting::Token),
    );
}

#[test]
fn an_unplayable_hand_is_discarded_and_redrawn_until_one_fits() {
    // No husky or greyhound on the table: seat 0's husky doubles don't fit.
    let mut g = dealt(STANDARD, &[[7, 8], [12, 14]], 0);
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::CannotPlace]);
    let step = Step::Act {
        seat: Seat(0),
        action: Action::CannotPlace,
    };
    let seen = StepView::CannotPlace {
        seat: Seat(0),
        discarded: 2,
        extra: false,
    };
    assert_eq!(g.step_view(&step, Viewer::Seat(Seat(1))), seen);
    assert_eq!(g.step_view(&step, Viewer::Seat(Seat(0))), seen);
    g.apply(&step).expect("stuck");
    assert_eq!(hand(&g, 0), Vec::<u8>::new());
    assert_eq!(view(&g, 1).discarded, 2);
    assert_eq!(view(&g, 1).phase, Phase::Drawing { active: Seat(0) });
    // The discarded tiles are out of the game: never drawn again.
    assert!(!g
        .chance_outcomes()
        .iter()
        .any(|(o, _)| matches!(o, Chance::Tile(TileId(7 | 8)))));
    refused_act(&g, 0, Action::CannotPlace, Illegal::NotYourTurn);
    // Greyhound doubles: still nothing fits; discard and redraw again.
    draw(&mut g, &[9, 10]);
    assert_eq!(view(&g, 1).phase, Phase::PlaceTile { active: Seat(0) });
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::CannotPlace]);
    act(&mut g, 0, Action::CannotPlace);
    draw(&mut g, &[11, 47]);
    assert_eq!(hand(&g, 0), vec![11, 47]);
    refused_act(&g, 0, Action::CannotPlace, Illegal::TileFits);
    let v = view(&g, 1);
    assert_eq!((v.discarded, v.pile), (4, 50 - 3 - 4 - 4));
    assert!(g.legal_actions(Seat(0)).iter().all(|a| matches!(
        a,
        Action::PlaceTile {
            tile: TileId(11),
            ..
        }
    )));
    act(&mut g, 0, place(11, 0, -1, Dir::East));
    assert_eq!(to_act(&g), 0);
}

#[test]
fn with_an_empty_pile_nothing_is_drawn_and_a_stuck_player_discards_a_token() {
    let mut g = dealt(STANDARD, &[[7, 8], [12, 14]], 0);
    // Empty the pile: every tile left goes out of the game.
    g.discarded |= g.pile();
    assert_eq!(view(&g, 0).pile, 0);
    // Nothing to draw: the hand is kept and no tile is played.
    let step = Step::Act {
        seat: Seat(0),
        action: Action::CannotPlace,
    };
    assert_eq!(
        g.step_view(&step, Viewer::Spectator),
        StepView::CannotPlace {
            seat: Seat(0),
            discarded: 0,
            extra: false
        }
    );
    g.apply(&step).expect("stuck");
    assert_eq!(hand(&g, 0), vec![7, 8]);
    assert_eq!(
        view(&g, 1).phase,
        Phase::Token {
            active: Seat(0),
            tile: None,
            must_discard: true,
            choices: Vec::new(),
        }
    );
    let discards = [
        Action::DiscardToken {
            kind: TokenKind::Round,
        },
        Action::DiscardToken {
            kind: TokenKind::Square,
        },
    ];
    assert_eq!(g.legal_actions(Seat(0)), discards.to_vec());
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, 0, None),
        Illegal::NoTilePlayed,
    );
    act(&mut g, 0, discards[0].clone());
    let p = view(&g, 1).players[0];
    assert_eq!((p.round_left, p.square_left, p.tokens_discarded), (3, 4, 1));
    // The kept hand may still be discarded; nothing is drawn.
    assert_eq!(view(&g, 0).phase, Phase::EndTurn { active: Seat(0) });
    act(&mut g, 0, end_turn(false));
    assert_eq!(to_act(&g), 1);
    // Seat 1 plays Z12, puts a Leader on it and discards Z14: its hand is
    // empty and stays so.
    act(&mut g, 1, place(12, 0, -1, Dir::East));
    act(&mut g, 1, token(Side::Leader, 0, -1, None));
    act(&mut g, 1, end_turn(true));
    assert_eq!(view(&g, 0).players[1].hand_size, 0);
    // Seat 0: still stuck (no husky).
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::CannotPlace]);
    act(&mut g, 0, Action::CannotPlace);
    act(
        &mut g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Square,
        },
    );
    act(&mut g, 0, end_turn(true));
    // Seat 1 has no tile: its turn starts at the token, which it discards.
    assert_eq!(
        view(&g, 1).phase,
        Phase::Token {
            active: Seat(1),
            tile: None,
            must_discard: true,
            choices: Vec::new(),
        }
    );
    assert_eq!(g.legal_actions(Seat(1)), discards.to_vec());
    act(&mut g, 1, discards[1].clone());
    // Both hands are empty now: turns are token discards only.
    assert_eq!(to_act(&g), 0);
    assert_eq!(g.legal_actions(Seat(0)), discards.to_vec());
}

#[test]
fn a_zoomies_token_plays_the_other_tile_without_a_token() {
    // Seat 0: Z13 (CHI+z | POO+b), Z14 (CHI | POO+b).
    let mut g = dealt(STANDARD, &[[13, 14], [12, 20]], 0);
    act(&mut g, 0, place(13, 0, -1, Dir::East));
    act(&mut g, 0, token(Side::Zoomies, 0, -1, None));
    assert_eq!(view(&g, 1).phase, Phase::ExtraTile { active: Seat(0) });
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, -1, None),
        Illegal::NotNow(Awaiting::ExtraTile),
    );
    refused_act(&g, 0, end_turn(true), Illegal::NotNow(Awaiting::ExtraTile));
    refused_act(&g, 0, Action::CannotPlace, Illegal::TileFits);
    refused_act(
        &g,
        0,
        place(13, 0, -3, Dir::East),
        Illegal::NotInHand(TileId(13)),
    );
    let legal = g.legal_actions(Seat(0));
    assert!(legal.iter().all(|a| matches!(
        a,
        Action::PlaceTile {
            tile: TileId(14),
            ..
        }
    )));
    // Anywhere legal: here over the Zoomies chihuahua.
    let step = Step::Act {
        seat: Seat(0),
        action: place(14, 0, -2, Dir::East),
    };
    assert!(matches!(
        g.step_view(&step, Viewer::Spectator),
        StepView::TilePlaced { extra: true, .. }
    ));
    g.apply(&step).expect("extra tile");
    // No token on it, no tile left to discard: straight to drawing two.
    assert_eq!(view(&g, 1).phase, Phase::Drawing { active: Seat(0) });
    assert_eq!(view(&g, 1).tokens.len(), 1);
    let p = view(&g, 1).players[0];
    assert_eq!((p.hand_size, p.round_left, p.square_left), (0, 3, 4));
    draw(&mut g, &[30, 31]);
    assert_eq!(hand(&g, 0), vec![30, 31]);
    assert_eq!(to_act(&g), 1);

    // An extra tile that fits nowhere stays in hand (and may be discarded).
    let mut g = dealt(STANDARD, &[[13, 7], [12, 20]], 0);
    act(&mut g, 0, place(13, 0, -1, Dir::East));
    act(&mut g, 0, token(Side::Zoomies, 0, -1, None));
    assert_eq!(g.legal_actions(Seat(0)), vec![Action::CannotPlace]);
    let step = Step::Act {
        seat: Seat(0),
        action: Action::CannotPlace,
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::CannotPlace {
            seat: Seat(0),
            discarded: 0,
            extra: true
        }
    );
    g.apply(&step).expect("kept");
    assert_eq!(hand(&g, 0), vec![7]);
    assert_eq!(view(&g, 1).phase, Phase::EndTurn { active: Seat(0) });
    act(&mut g, 0, end_turn(true));
    assert_eq!(view(&g, 1).discarded, 1);
    draw(&mut g, &[30, 31]);
    assert_eq!(hand(&g, 0), vec![30, 31]);

    // With no other tile in hand, a Zoomies token has no extra tile.
    let mut g = dealt(STANDARD, &[[13, 7], [12, 20]], 0);
    g.hands[0] = tile_bit(TileId(13));
    act(&mut g, 0, place(13, 0, -1, Dir::East));
    act(&mut g, 0, token(Side::Zoomies, 0, -1, None));
    assert_eq!(view(&g, 1).phase, Phase::Drawing { active: Seat(0) });
}

#[test]
fn the_turn_ends_with_an_optional_discard_and_a_draw_up_to_two() {
    let mut g = dealt(STANDARD, &[[12, 14], [16, 20]], 0);
    act(&mut g, 0, place(12, 0, -1, Dir::East));
    act(&mut g, 0, token(Side::Leader, 0, -1, None));
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![end_turn(false), end_turn(true)]
    );
    refused_act(
        &g,
        0,
        place(14, 1, -2, Dir::East),
        Illegal::NotNow(Awaiting::EndTurn),
    );
    // Keeping: one tile drawn.
    let step = Step::Act {
        seat: Seat(0),
        action: end_turn(false),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::TurnEnded {
            seat: Seat(0),
            discarded: false
        }
    );
    g.apply(&step).expect("keep");
    draw(&mut g, &[30]);
    assert_eq!(hand(&g, 0), vec![14, 30]);
    // Discarding: two drawn; which tile went is never shown.
    act(&mut g, 1, place(16, 1, 1, Dir::South));
    refused_act(
        &g,
        1,
        token(Side::Leader, 1, 1, None),
        Illegal::PackHasLeader,
    );
    act(&mut g, 1, token(Side::Bones, 1, 1, None));
    let step = Step::Act {
        seat: Seat(1),
        action: end_turn(true),
    };
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
    ] {
        assert_eq!(
            g.step_view(&step, viewer),
            StepView::TurnEnded {
                seat: Seat(1),
                discarded: true
            }
        );
    }
    g.apply(&step).expect("discard");
    assert_eq!(view(&g, 0).discarded, 1);
    draw(&mut g, &[31, 32]);
    assert_eq!(hand(&g, 1), vec![31, 32]);
    assert_eq!(to_act(&g), 0);
    // Whatever the pile holds, no more: one tile left, one drawn.
    g.discarded |= g.pile() & !tile_bit(TileId(50));
    act(&mut g, 0, place(14, -1, 0, Dir::West)); // CHI (-1,0), POO+b (-2,0)
    refused_act(
        &g,
        0,
        token(Side::Leader, -1, 0, None),
        Illegal::PackHasLeader,
    );
    refused_act(
        &g,
        0,
        token(Side::Bones, -1, 0, None),
        Illegal::PackHasBones,
    );
    act(&mut g, 0, token(Side::Bones, -2, 0, None));
    act(&mut g, 0, end_turn(true));
    assert_eq!(g.chance_outcomes(), vec![(Chance::Tile(TileId(50)), 1)]);
    draw(&mut g, &[50]);
    assert_eq!(hand(&g, 0), vec![50]);
    assert_eq!(view(&g, 0).pile, 0);
    assert_eq!(to_act(&g), 1);
}

#[test]
fn a_token_goes_on_the_new_tile_with_the_right_side() {
    // CHI+b (0,0) CHI (1,0) from Z01; Z12 just played: CHI+b (0,1), POO (1,1).
    let mut g = bare(2);
    lay(&mut g, 1, 0, 0, Dir::East);
    let new = lay(&mut g, 12, 0, 1, Dir::East);
    on_token(&mut g, 0, new);
    refused_act(&g, 1, token(Side::Leader, 0, 1, None), Illegal::NotYourTurn);
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, 0, None),
        Illegal::NotOnNewTile,
    );
    refused_act(
        &g,
        0,
        token(Side::Leader, 9, 9, None),
        Illegal::NotOnNewTile,
    );
    refused_act(
        &g,
        0,
        token(Side::Frens, 1, 1, None),
        Illegal::FrensNeedsArrow,
    );
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, 1, Some(Dir::East)),
        Illegal::ArrowOnlyForFrens,
    );
    refused_act(
        &g,
        0,
        token(Side::Frens, 1, 1, Some(Dir::East)),
        Illegal::ArrowToEmpty,
    );
    refused_act(
        &g,
        0,
        token(Side::Frens, 0, 1, Some(Dir::North)),
        Illegal::ArrowToSameBreed,
    );
    refused_act(
        &g,
        0,
        token(Side::Zoomies, 0, 1, None),
        Illegal::NotZoomiesDog,
    );
    refused_act(&g, 0, Action::CannotPlace, Illegal::NotNow(Awaiting::Token));
    refused_act(
        &g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Square,
        },
        Illegal::MustPlaceToken,
    );
    // A poodle's arrow to its own tile's chihuahua, or to the one above.
    let legal = g.legal_actions(Seat(0));
    let want = vec![
        token(Side::Leader, 0, 1, None),
        token(Side::Bones, 0, 1, None),
        token(Side::Frens, 0, 1, Some(Dir::East)),
        token(Side::Leader, 1, 1, None),
        token(Side::Bones, 1, 1, None),
        token(Side::Frens, 1, 1, Some(Dir::North)),
        token(Side::Frens, 1, 1, Some(Dir::West)),
    ];
    assert_eq!(legal, want);
    let (must_discard, shown) = choices(&g);
    assert!(!must_discard);
    let not_zoomies = Some(TokenRefusal::NotZoomiesDog);
    assert_eq!(
        shown,
        vec![
            (Side::Leader, c(0, 1), None, None),
            (Side::Zoomies, c(0, 1), None, not_zoomies),
            (Side::Bones, c(0, 1), None, None),
            (
                Side::Frens,
                c(0, 1),
                Some(Dir::North),
                Some(TokenRefusal::ArrowToSameBreed)
            ),
            (Side::Frens, c(0, 1), Some(Dir::East), None),
            (Side::Leader, c(1, 1), None, None),
            (Side::Zoomies, c(1, 1), None, not_zoomies),
            (Side::Bones, c(1, 1), None, None),
            (Side::Frens, c(1, 1), Some(Dir::North), None),
            (Side::Frens, c(1, 1), Some(Dir::West), None),
        ]
    );
    // Out of a shape: its sides are refused.
    g.left[0].round = 0;
    refused_act(&g, 0, token(Side::Leader, 0, 1, None), Illegal::NoRoundLeft);
    refused_act(
        &g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Round,
        },
        Illegal::NoRoundLeft,
    );
    g.left[0] = Left {
        round: 4,
        square: 0,
    };
    refused_act(
        &g,
        0,
        token(Side::Frens, 1, 1, Some(Dir::West)),
        Illegal::NoSquareLeft,
    );
    refused_act(&g, 0, token(Side::Bones, 1, 1, None), Illegal::NoSquareLeft);
    let (_, shown) = choices(&g);
    assert!(shown
        .iter()
        .filter(|c| matches!(c.0, Side::Bones | Side::Frens))
        .all(|c| c.3 == Some(TokenRefusal::NoSquareLeft)));
    // The Frens arrow: placed, it records the breed pointed at.
    g.left[0] = Left {
        round: 4,
        square: 4,
    };
    act(&mut g, 0, token(Side::Frens, 1, 1, Some(Dir::West)));
    let placed = view(&g, 1).tokens;
    assert_eq!(placed.len(), 1);
    assert_eq!(
        (
            placed[0].seat,
            placed[0].side,
            placed[0].at,
            placed[0].arrow
        ),
        (Seat(0), Side::Frens, c(1, 1), Some(Dir::West))
    );
    assert_eq!(g.tokens[0].frens, Some(Breed::Chihuahua));
    assert_eq!(view(&g, 1).players[0].square_left, 3);
}

#[test]
fn one_leader_and_one_bones_per_pack() {
    // A chihuahua Pack of Z01 (0,0)-(1,0) and Z12's (0,1); poodle (1,1).
    let mut g = bare(2);
    lay(&mut g, 1, 0, 0, Dir::East);
    let new = lay(&mut g, 12, 0, 1, Dir::East);
    put(&mut g, 1, Side::Leader, 0, 0, None);
    put(&mut g, 1, Side::Bones, 1, 0, None);
    on_token(&mut g, 0, new);
    refused_act(
        &g,
        0,
        token(Side::Leader, 0, 1, None),
        Illegal::PackHasLeader,
    );
    refused_act(&g, 0, token(Side::Bones, 0, 1, None), Illegal::PackHasBones);
    // The poodle is a Pack of its own.
    let legal = g.legal_actions(Seat(0));
    assert!(legal.contains(&token(Side::Leader, 1, 1, None)));
    assert!(legal.contains(&token(Side::Bones, 1, 1, None)));
    let (_, shown) = choices(&g);
    assert_eq!(shown[0].3, Some(TokenRefusal::PackHasLeader));
    assert_eq!(shown[2].3, Some(TokenRefusal::PackHasBones));
    // Nothing left to place: Leader and Bones taken on both Packs, no
    // Zoomies dog, only round tokens left. Then discarding is the move.
    put(&mut g, 1, Side::Leader, 1, 1, None);
    g.left[0] = Left {
        round: 2,
        square: 0,
    };
    assert_eq!(
        g.legal_actions(Seat(0)),
        vec![Action::DiscardToken {
            kind: TokenKind::Round
        }]
    );
    let (must_discard, _) = choices(&g);
    assert!(must_discard);
    refused_act(
        &g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Square,
        },
        Illegal::NoSquareLeft,
    );
    act(
        &mut g,
        0,
        Action::DiscardToken {
            kind: TokenKind::Round,
        },
    );
    assert_eq!(g.left[0].round, 1);
    assert_eq!(g.token_discards[0], 1);
}

#[test]
fn zoomies_go_on_a_zoomies_dog_one_per_group() {
    // Z13: CHI+z (0,0), POO+b (1,0). Z17: CHI+z (0,1), BEA+b (1,1).
    let mut g = bare(2);
    lay(&mut g, 13, 0, 0, Dir::East);
    let new = lay(&mut g, 17, 0, 1, Dir::East);
    put(&mut g, 1, Side::Zoomies, 0, 0, None);
    on_token(&mut g, 0, new);
    refused_act(
        &g,
        0,
        token(Side::Zoomies, 0, 1, None),
        Illegal::GroupHasZoomies,
    );
    refused_act(
        &g,
        0,
        token(Side::Zoomies, 1, 1, None),
        Illegal::NotZoomiesDog,
    );
    assert_eq!(choices(&g).1[1].3, Some(TokenRefusal::GroupHasZoomies));

    // One chihuahua Pack, two Zoomies groups that don't touch: a Zoomies
    // token on each.
    let mut g = bare(2);
    lay(&mut g, 13, 0, 0, Dir::East); // CHI+z (0,0)
    lay(&mut g, 1, 0, 1, Dir::South); // CHI+b (0,1), CHI (0,2)
    let new = lay(&mut g, 21, 0, 3, Dir::East); // CHI+z (0,3), HUS+b (1,3)
    put(&mut g, 1, Side::Zoomies, 0, 0, None);
    on_token(&mut g, 0, new);
    act(&mut g, 0, token(Side::Zoomies, 0, 3, None));
    let card = finish(&mut g);
    assert_eq!(points(&card, 1), vec![1]);
    assert_eq!(points(&card, 0), vec![1]);
}

#[test]
fn frens_point_at_another_breed_once_per_base_pack_and_breed() {
    // Chihuahua Pack: Z01 (0,0)-(1,0). Poodles: Z12's (1,1) under (1,0);
    // Z03 POO+b (-1,0)... laid as (-2,0)-(-1,0) with A west.
    let mut g = bare(3);
    lay(&mut g, 1, 0, 0, Dir::East);
    lay(&mut g, 3, -2, 0, Dir::East); // POO+b (-2,0), POO (-1,0)
    let new = lay(&mut g, 12, 0, 1, Dir::East); // CHI+b (0,1), POO (1,1)
    put(&mut g, 1, Side::Frens, 1, 0, Some(Dir::South)); // chihuahuas ~ poodles
    on_token(&mut g, 0, new);
    // The same Base Pack with the same breed: taken, whichever poodle.
    refused_act(
        &g,
        0,
        token(Side::Frens, 0, 1, Some(Dir::East)),
        Illegal::FrensTaken,
    );
    assert_eq!(choices(&g).1[4].3, Some(TokenRefusal::FrensTaken));
    // The poodle Pack as a Base, Frens with chihuahuas: another Base.
    act(&mut g, 0, token(Side::Frens, 1, 1, Some(Dir::North)));

    // One Pack may be the Base of Frens with two breeds.
    let mut g = bare(3);
    lay(&mut g, 1, 0, 0, Dir::East); // CHI+b (0,0), CHI (1,0)
    lay(&mut g, 14, 1, -1, Dir::North); // CHI (1,-1), POO+b (1,-2)
    let new = lay(&mut g, 20, 0, 1, Dir::South); // CHI+b (0,1), HUS (0,2)
    put(&mut g, 1, Side::Frens, 1, -1, Some(Dir::North)); // CHI ~ POO
    on_token(&mut g, 0, new);
    act(&mut g, 0, token(Side::Frens, 0, 1, Some(Dir::South))); // CHI ~ HUS
                                                                // The same two breeds again, from a Base Pack of their own.
    let new = lay(&mut g, 18, 5, 0, Dir::East); // CHI (5,0), BEA+b (6,0)
    lay(&mut g, 4, 5, 1, Dir::East); // POO+b (5,1) under it
    on_token(&mut g, 2, new);
    act(&mut g, 2, token(Side::Frens, 5, 0, Some(Dir::South))); // CHI ~ POO
    let card = finish(&mut g);
    // (1,-2) over (1,-1): 1 side; (0,2) under (0,1): 1 side; (5,1) under
    // (5,0): 1 side. No splits.
    assert_eq!(points(&card, 1), vec![2]);
    assert_eq!(points(&card, 0), vec![2]);
    assert_eq!(points(&card, 2), vec![2]);
}

/// The rulebook's Leader example: Red's Leader on a Pack of 5 chihuahuas
/// scores 5. Z01 (0,0)-(1,0), Z02 (0,1)-(1,1), Z24 CHI+b (2,0) | GRE (3,0).
#[test]
fn a_leader_on_a_pack_of_five_scores_five() {
    let mut g = bare(2);
    lay(&mut g, 1, 0, 0, Dir::East);
    lay(&mut g, 2, 0, 1, Dir::East);
    lay(&mut g, 24, 2, 0, Dir::East);
    put(&mut g, 0, Side::Leader, 1, 1, None);
    // The greyhound is a Pack of one.
    put(&mut g, 1, Side::Leader, 3, 0, None);
    assert_eq!(
        view(&g, 1)
            .tokens
            .iter()
            .map(|t| t.points)
            .collect::<Vec<_>>(),
        vec![5, 1],
        "projected"
    );
    assert_eq!(view(&g, 1).players[0].score, 5);
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!(
        (line.counted, line.raw, line.shared, line.points),
        (5, 5, 1, 5)
    );
    let mut cells = line.cells.clone();
    cells.sort();
    assert_eq!(cells, vec![c(0, 0), c(0, 1), c(1, 0), c(1, 1), c(2, 0)]);
    assert_eq!(points(&card, 1), vec![1]);
}

/// The rulebook's Bones example: Purple's Bones on a Pack with 4 Bone
/// icons scores 8, even on a dog without a bone.
#[test]
fn bones_on_a_pack_with_four_bone_icons_scores_eight() {
    let mut g = bare(2);
    lay(&mut g, 1, 0, 0, Dir::East); // CHI+b, CHI
    lay(&mut g, 2, 0, 1, Dir::East); // CHI+b, CHI
    lay(&mut g, 24, 2, 0, Dir::East); // CHI+b, GRE
    lay(&mut g, 16, 2, 1, Dir::East); // CHI+b, BEA
    put(&mut g, 0, Side::Bones, 1, 1, None);
    // A beagle alone, no bone: 0.
    put(&mut g, 1, Side::Bones, 3, 1, None);
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!((line.counted, line.raw, line.points), (4, 8, 8));
    assert_eq!(line.cells.len(), 6);
    assert_eq!(points(&card, 1), vec![0]);
}

/// The rulebook's Frens example: Orange's Frens on a beagle pointing at a
/// poodle scores 10 for 5 unique sides between the beagle Pack and
/// poodles — every poodle, not only the one pointed at:
///
/// ```text
///        x=0    1     2     3
/// y=-1: POO+b  POO
/// y= 0: BEA+b  BEA   POO  BEA+b
/// y= 1: POO+b  POO
/// ```
#[test]
fn frens_with_five_unique_sides_scores_ten() {
    let mut g = bare(2);
    lay(&mut g, 5, 0, 0, Dir::East); // BEA+b, BEA: the Base Pack
    lay(&mut g, 3, 0, -1, Dir::East); // POO+b, POO above
    lay(&mut g, 4, 0, 1, Dir::East); // POO+b, POO below
    lay(&mut g, 30, 2, 0, Dir::East); // POO (2,0), BEA+b (3,0)
    put(&mut g, 0, Side::Frens, 0, 0, Some(Dir::North));
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!(line.frens, Some(Breed::Poodle));
    assert_eq!((line.counted, line.raw, line.points), (5, 10, 10));
    assert_eq!(line.sides.len(), 5);
    assert!(line
        .sides
        .iter()
        .all(|s| line.cells.contains(&s.base) && !line.cells.contains(&s.fren)));
    // The beagle at (3,0) is another Pack: not part of the Base.
    assert_eq!(line.cells, vec![c(0, 0), c(1, 0)]);
}

/// The FAQ's Frens example: 3 unique connections score 6. One poodle next
/// to two beagles of the Base counts twice (two sides).
#[test]
fn frens_with_three_sides_scores_six_a_dog_counting_once_per_side() {
    // BEA (0,0)-(1,0) and BEA (0,1) under (0,0); a poodle at (1,1) touches
    // (1,0) and (0,1).
    let mut g = bare(2);
    lay(&mut g, 6, 0, 0, Dir::East); // BEA+b (0,0), BEA (1,0)
    lay(&mut g, 46, 0, 1, Dir::South); // BEA (0,1), GRE+b (0,2)
    lay(&mut g, 14, 2, 1, Dir::West); // CHI (2,1), POO+b (1,1)
    lay(&mut g, 36, 0, -1, Dir::North); // POO+b (0,-1), GRE (0,-2)
    put(&mut g, 0, Side::Frens, 0, 0, Some(Dir::North));
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!((line.counted, line.points), (3, 6));
    let fren_cells: Vec<Cell> = line.sides.iter().map(|s| s.fren).collect();
    assert_eq!(fren_cells.iter().filter(|f| **f == c(1, 1)).count(), 2);
}

/// The side inside a tile counts like any other.
#[test]
fn frens_count_the_tiles_own_inner_side() {
    let mut g = bare(2);
    lay(&mut g, 29, 0, 0, Dir::East); // POO+z (0,0), BEA+b (1,0)
    put(&mut g, 0, Side::Frens, 1, 0, Some(Dir::West));
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!((line.counted, line.points), (1, 2));
    assert_eq!(
        line.sides,
        vec![parlor_protocol::zoomies::FrensSide {
            base: c(1, 0),
            fren: c(0, 0)
        }]
    );
}

/// The rulebook's Zoomies example: Teal connects 4 Zoomies dogs (of
/// different breeds) and scores 10; the ladder is 1/3/6/10/15.
#[test]
fn zoomies_with_four_connected_zoomies_dogs_scores_ten() {
    let mut g = bare(2);
    lay(&mut g, 11, 0, 0, Dir::East); // CHI+b (0,0), POO+z (1,0)
    lay(&mut g, 13, 1, 1, Dir::East); // CHI+z (1,1), POO+b (2,1)
    lay(&mut g, 17, 1, 2, Dir::East); // CHI+z (1,2), BEA+b (2,2)
    lay(&mut g, 21, 1, 3, Dir::East); // CHI+z (1,3), HUS+b (2,3)
    put(&mut g, 0, Side::Zoomies, 1, 0, None);
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!((line.counted, line.raw, line.points), (4, 10, 10));
    assert_eq!(line.cells, vec![c(1, 0), c(1, 1), c(1, 2), c(1, 3)]);

    // The ladder, one Zoomies dog more at a time.
    let mut g = bare(2);
    let mut want = Vec::new();
    for (n, (id, x)) in [(11u8, 0i8), (13, 1), (17, 2), (21, 3), (25, 4), (29, 5)]
        .into_iter()
        .enumerate()
    {
        // Each tile stands upright with its Zoomies dog in row 0.
        let dir = if tiles::dogs(TileId(id)).expect("tile").0.zoomies {
            Dir::South
        } else {
            Dir::North
        };
        let at_y = if dir == Dir::South { 0 } else { 1 };
        lay(&mut g, id, x, at_y, dir);
        let mut probe = g.clone();
        put(&mut probe, 0, Side::Zoomies, 0, 0, None);
        let card = finish(&mut probe);
        assert_eq!(
            card.players[0].tokens[0].counted,
            u32::try_from(n + 1).expect("n")
        );
        want.push(card.players[0].total);
    }
    assert_eq!(want, vec![1, 3, 6, 10, 15, 15]);
}

/// Two Leaders that end up in one Pack split its points, rounded down —
/// two tokens of the same player too (RULINGS §1(c)).
#[test]
fn leaders_in_merged_packs_split_rounded_down() {
    let mut g = bare(3);
    lay(&mut g, 1, 0, 0, Dir::East); // CHI+b, CHI
    lay(&mut g, 2, 0, 1, Dir::East); // CHI+b, CHI
    lay(&mut g, 24, 2, 0, Dir::East); // CHI+b, GRE: a Pack of 5
    put(&mut g, 0, Side::Leader, 0, 0, None);
    put(&mut g, 1, Side::Leader, 2, 0, None);
    assert_eq!(
        view(&g, 2)
            .tokens
            .iter()
            .map(|t| t.points)
            .collect::<Vec<_>>(),
        vec![2, 2]
    );
    let mut same = g.clone();
    let card = finish(&mut g);
    assert_eq!(points(&card, 0), vec![2]);
    assert_eq!(points(&card, 1), vec![2]);
    let line = &card.players[0].tokens[0];
    assert_eq!((line.raw, line.shared), (5, 2));
    // One player's two Leaders split as well; three tokens share by three.
    same.tokens[1].seat = Seat(0);
    put(&mut same, 2, Side::Leader, 1, 1, None);
    let card = finish(&mut same);
    assert_eq!(points(&card, 0), vec![1, 1]);
    assert_eq!(points(&card, 2), vec![1]);
    assert_eq!(card.players[0].tokens[0].shared, 3);
    // Bones split the same way: 3 bones → 6, by two → 3.
    let mut g = bare(2);
    lay(&mut g, 1, 0, 0, Dir::East);
    lay(&mut g, 2, 0, 1, Dir::East);
    lay(&mut g, 24, 2, 0, Dir::East);
    put(&mut g, 0, Side::Bones, 0, 0, None);
    put(&mut g, 1, Side::Bones, 1, 1, None);
    let card = finish(&mut g);
    assert_eq!((points(&card, 0), points(&card, 1)), (vec![3], vec![3]));
}

/// A Zoomies group of more than 5 scores 15 in all, split between its
/// tokens: 15 / 2 = 7 each.
#[test]
fn a_zoomies_group_over_five_scores_fifteen_split() {
    let mut g = bare(2);
    lay(&mut g, 11, 0, 0, Dir::East); // POO+z (1,0)
    lay(&mut g, 13, 1, 1, Dir::East); // CHI+z (1,1)
    lay(&mut g, 17, 1, 2, Dir::East); // CHI+z (1,2)
    lay(&mut g, 21, 1, 3, Dir::East); // CHI+z (1,3)
    lay(&mut g, 25, 1, 4, Dir::East); // CHI+z (1,4)
    lay(&mut g, 29, 1, 5, Dir::East); // POO+z (1,5)
    put(&mut g, 0, Side::Zoomies, 1, 0, None);
    put(&mut g, 1, Side::Zoomies, 1, 5, None);
    let card = finish(&mut g);
    let line = &card.players[0].tokens[0];
    assert_eq!(
        (line.counted, line.raw, line.shared, line.points),
        (6, 15, 2, 7)
    );
    assert_eq!(points(&card, 1), vec![7]);
}

/// Frens tokens with the same Base Pack and breed (after a merge) split.
#[test]
fn frens_with_the_same_base_and_breed_split() {
    let mut g = bare(2);
    lay(&mut g, 5, 0, 0, Dir::East); // BEA+b, BEA
    lay(&mut g, 3, 0, -1, Dir::East); // POO+b, POO above
    lay(&mut g, 4, 0, 1, Dir::East); // POO+b, POO below
    put(&mut g, 0, Side::Frens, 0, 0, Some(Dir::North));
    put(&mut g, 1, Side::Frens, 1, 0, Some(Dir::South));
    let card = finish(&mut g);
    // 4 sides → 8, split → 4 each.
    assert_eq!((points(&card, 0), points(&card, 1)), (vec![4], vec![4]));
}

/// Ties go to the highest single token, then the win is shared.
#[test]
fn a_tie_goes_to_the_best_token_then_is_shared() {
    // Seat 0: Leader 5 + Bones 2 = 7 (best 5). Seat 1: Leader 3 + Bones 4
    // = 7 (best 4). Seat 2: Leader 3 + Bones 4 = 7 (best 4).
    let mut g = bare(3);
    lay(&mut g, 1, 0, 0, Dir::East);
    lay(&mut g, 2, 0, 1, Dir::East);
    lay(&mut g, 24, 2, 0, Dir::East); // CHI Pack of 5
    lay(&mut g, 44, 10, 0, Dir::East); // BEA+b (10,0) alone, GRE (11,0)
    lay(&mut g, 3, 20, 0, Dir::East); // POO Pack of 4 with 2 bones
    lay(&mut g, 4, 20, 1, Dir::East);
    lay(&mut g, 9, 30, 0, Dir::East); // GRE+b, GRE
    lay(&mut g, 48, 33, 0, Dir::West); // HUS+b (33,0), GRE (32,0): 3 GRE
    lay(&mut g, 7, 40, 0, Dir::East); // HUS+b, HUS
    lay(&mut g, 8, 40, 1, Dir::East); // HUS+b, HUS: 4 HUS, 2 bones
    lay(&mut g, 10, 50, 0, Dir::East); // GRE+b, GRE
    lay(&mut g, 47, 53, 0, Dir::West); // HUS+b (53,0), GRE+z (52,0): 3 GRE
    put(&mut g, 0, Side::Leader, 0, 0, None);
    put(&mut g, 0, Side::Bones, 10, 0, None);
    put(&mut g, 1, Side::Leader, 30, 0, None);
    put(&mut g, 1, Side::Bones, 20, 0, None);
    put(&mut g, 2, Side::Leader, 50, 0, None);
    put(&mut g, 2, Side::Bones, 40, 0, None);
    let outcome = {
        let mut end = g.clone();
        finish(&mut end);
        end.outcome().expect("finished")
    };
    let card = &outcome.scorecard;
    let summary: Vec<(u32, u32, u8)> = card
        .players
        .iter()
        .map(|p| (p.total, p.best, p.rank))
        .collect();
    assert_eq!(summary, vec![(7, 5, 1), (7, 4, 2), (7, 4, 2)]);
    assert_eq!(outcome.ranks, vec![1, 2, 2]);
    // Without seat 0's Leader (discarded instead), seat 0 has 2: seats 1
    // and 2 share the win.
    g.tokens.remove(0);
    g.token_discards[0] = 1;
    let mut end = g.clone();
    let card = finish(&mut end);
    assert_eq!(end.outcome().expect("finished").ranks, vec![3, 1, 1]);
    assert_eq!(card.players[0].discarded, 1);
    assert_eq!(card.players[0].tokens.len(), 1);
}

/// The rulebook's sample scoring, each token on its own corner of the
/// table: Orange (seat 0) Frens 4 + Zoomies 6 = 10; Red (1) Bones 4 +
/// Frens 8 = 12; Teal (2) Leader 3 + Frens 10 = 13; Purple (3) Bones 4 +
/// Leader 3 = 7. Teal wins, then Red, Orange, Purple.
#[test]
fn the_rulebooks_sample_scoring() {
    let mut g = bare(4);
    // Orange's Frens: beagles under two poodles.
    lay(&mut g, 5, 0, 0, Dir::East);
    lay(&mut g, 3, 0, -1, Dir::East);
    put(&mut g, 0, Side::Frens, 0, 0, Some(Dir::North));
    // Orange's Zoomies: three Zoomies dogs in a column.
    lay(&mut g, 11, 0, 10, Dir::East); // POO+z (1,10)
    lay(&mut g, 13, 1, 11, Dir::East); // CHI+z (1,11)
    lay(&mut g, 17, 1, 12, Dir::East); // CHI+z (1,12)
    put(&mut g, 0, Side::Zoomies, 1, 12, None);
    // Red's Bones: 4 chihuahuas, 2 bones, on a dog without one.
    lay(&mut g, 1, 10, 0, Dir::East);
    lay(&mut g, 2, 10, 1, Dir::East);
    put(&mut g, 1, Side::Bones, 11, 1, None);
    // Red's Frens: two beagles between four poodles.
    lay(&mut g, 6, 10, 10, Dir::East);
    lay(&mut g, 4, 10, 9, Dir::East);
    lay(&mut g, 36, 10, 11, Dir::South); // POO+b (10,11), GRE (10,12)
    lay(&mut g, 38, 11, 11, Dir::South); // POO (11,11), GRE+b (11,12)
    put(&mut g, 1, Side::Frens, 10, 10, Some(Dir::North));
    // Teal's Leader: a column of 3 chihuahuas.
    lay(&mut g, 20, 20, 0, Dir::West); // CHI+b (20,0), HUS (19,0)
    lay(&mut g, 22, 20, 1, Dir::East); // CHI (20,1), HUS+b (21,1)
    lay(&mut g, 24, 20, 2, Dir::East); // CHI+b (20,2), GRE (21,2)
    put(&mut g, 2, Side::Leader, 20, 1, None);
    // Teal's Frens: two beagles with 5 poodle sides, one inside Z29.
    lay(&mut g, 29, 19, 10, Dir::East); // POO+z (19,10), BEA+b (20,10)
    lay(&mut g, 44, 21, 10, Dir::East); // BEA+b (21,10), GRE (22,10)
    lay(&mut g, 28, 20, 9, Dir::North); // POO+b (20,9), BEA (20,8)
    lay(&mut g, 30, 21, 9, Dir::North); // POO (21,9), BEA+b (21,8)
    lay(&mut g, 32, 20, 11, Dir::South); // POO+b (20,11), HUS (20,12)
    lay(&mut g, 34, 21, 11, Dir::South); // POO (21,11), HUS+b (21,12)
    put(&mut g, 2, Side::Frens, 20, 10, Some(Dir::West));
    // Purple's Bones: 2 poodles, 2 bones.
    lay(&mut g, 35, 30, 0, Dir::West); // POO+b (30,0), GRE+z (29,0)
    lay(&mut g, 31, 30, 1, Dir::East); // POO+b (30,1), HUS+z (31,1)
    put(&mut g, 3, Side::Bones, 30, 0, None);
    // Purple's Leader: 3 greyhounds.
    lay(&mut g, 9, 30, 10, Dir::East);
    lay(&mut g, 48, 33, 10, Dir::West); // HUS+b (33,10), GRE (32,10)
    put(&mut g, 3, Side::Leader, 31, 10, None);
    let mut end = g.clone();
    let card = finish(&mut end);
    assert_eq!(points(&card, 0), vec![4, 6]);
    assert_eq!(points(&card, 1), vec![4, 8]);
    assert_eq!(points(&card, 2), vec![3, 10]);
    assert_eq!(points(&card, 3), vec![4, 3]);
    let totals: Vec<u32> = card.players.iter().map(|p| p.total).collect();
    assert_eq!(totals, vec![10, 12, 13, 7]);
    assert_eq!(end.outcome().expect("finished").ranks, vec![3, 2, 1, 4]);
    // The same numbers are projected during play.
    let scores: Vec<u32> = view(&g, 0).players.iter().map(|p| p.score).collect();
    assert_eq!(scores, totals);
}

/// Plays whole matches with the first legal action (the lowest tile drawn
/// each time): the game ends when every token is used, after exactly 8
/// turns per player, and only then has an outcome.
#[test]
fn the_game_ends_when_every_token_is_used() {
    for seats in 2..=4u8 {
        let mut g = Zoomies::new(&opts(None), seats).expect("setup");
        let mut tokens_used = vec![0u32; usize::from(seats)];
        while g.to_act() != ToAct::Finished {
            assert_eq!(g.outcome(), None);
            let step = match g.to_act() {
                ToAct::Chance => Step::Chance {
                    outcome: g.chance_outcomes()[0].0,
                },
                _ => {
                    let seat = Seat(to_act(&g));
                    Step::Act {
                        seat,
                        action: g.legal_actions(seat).remove(0),
                    }
                }
            };
            if let Step::Act { seat, action } = &step {
                if matches!(
                    action,
                    Action::PlaceToken { .. } | Action::DiscardToken { .. }
                ) {
                    tokens_used[seat.index()] += 1;
                }
            }
            g.apply(&step).expect("legal");
        }
        assert_eq!(tokens_used, vec![8; usize::from(seats)]);
        let outcome = g.outcome().expect("finished");
        for line in &outcome.scorecard.players {
            assert_eq!(line.tokens.len() + usize::from(line.discarded), 8);
            assert_eq!(
                line.total,
                line.tokens.iter().map(|t| t.points).sum::<u32>()
            );
        }
        assert_eq!(view(&g, 0).phase, Phase::Finished);
        assert!(g.legal_actions(Seat(0)).is_empty());
        assert!(g.chance_outcomes().is_empty());
        refused_act(&g, 0, end_turn(false), Illegal::GameOver);
        refused(
            &g,
            Step::Chance {
                outcome: Chance::Tile(TileId(1)),
            },
            Illegal::GameOver,
        );
    }
}

/// What `legal_actions` lists is exactly what the rules accept: every
/// tile of the hand on every cell near the table in every direction, and
/// every side on every dog with every arrow, checked over random playouts.
#[test]
fn legal_actions_list_every_legal_placement_and_token() {
    use rand::{Rng, SeedableRng};
    let (mut placements, mut tokens) = (0u32, 0u32);
    for seed in 0..12u64 {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
        let seats = 2 + u8::try_from(seed % 3).expect("seats");
        let mut g = Zoomies::new(&opts(None), seats).expect("setup");
        let mut n = 0u32;
        while g.to_act() != ToAct::Finished {
            n += 1;
            if let (Some(active), true) = (g.active(), n & 3 == 0 || seed == 0) {
                let mut listed = g.legal_actions(active);
                let mut accepted: Vec<Action> = candidates(&g, active)
                    .into_iter()
                    .filter(|a| g.plan(active, a).is_ok())
                    .collect();
                let key = |a: &Action| format!("{a:?}");
                listed.sort_by_key(key);
                accepted.sort_by_key(key);
                accepted.dedup();
                assert_eq!(listed, accepted, "seed {seed}, {:?}", g.stage);
                placements += u32::from(matches!(g.stage, Stage::PlaceTile { .. }));
                tokens += u32::from(matches!(g.stage, Stage::Token { .. }));
            }
            let step = match g.to_act() {
                ToAct::Chance => {
                    let outcomes = g.chance_outcomes();
                    Step::Chance {
                        outcome: outcomes[rng.random_range(0..outcomes.len())].0,
                    }
                }
                _ => {
                    let seat = Seat(to_act(&g));
                    let legal = g.legal_actions(seat);
                    Step::Act {
                        seat,
                        action: legal[rng.random_range(0..legal.len())].clone(),
                    }
                }
            };
            g.apply(&step).expect("legal");
        }
    }
    assert!(placements > 50, "{placements}");
    assert!(tokens > 50, "{tokens}");
}

/// Every action worth trying for `seat` now: each tile of the hand (and
/// one it does not hold) on each cell within 2 of the table, each way;
/// each side on each dog of the newest tile (and a dog beside it) with no
/// arrow and each arrow; the rest.
fn candidates(g: &Zoomies, seat: Seat) -> Vec<Action> {
    let (x0, x1, y0, y1) = g
        .board
        .squares
        .iter()
        .fold((i8::MAX, i8::MIN, i8::MAX, i8::MIN), |(a, b, c0, d), s| {
            (a.min(s.at.x), b.max(s.at.x), c0.min(s.at.y), d.max(s.at.y))
        });
    let mut out = Vec::new();
    for tile in tiles::tiles_of(g.hand(seat)).chain([TileId(1)]) {
        for x in x0 - 2..=x1 + 2 {
            for y in y0 - 2..=y1 + 2 {
                for dir in DIRS {
                    out.push(Action::PlaceTile {
                        tile,
                        at: c(x, y),
                        dir,
                    });
                }
            }
        }
    }
    let newest = g.board.tiles.len().saturating_sub(1);
    if let Some((a, b)) = g.board.cells_of(newest) {
        for at in [a, b, c(a.x, a.y.saturating_sub(1))] {
            for side in [Side::Leader, Side::Zoomies, Side::Bones, Side::Frens] {
                for arrow in [None].into_iter().chain(DIRS.map(Some)) {
                    out.push(Action::PlaceToken { side, at, arrow });
                }
            }
        }
    }
    out.extend([
        Action::CannotPlace,
        Action::DiscardToken {
            kind: TokenKind::Round,
        },
        Action::DiscardToken {
            kind: TokenKind::Square,
        },
        end_turn(false),
        end_turn(true),
    ]);
    out
}

/// Each viewer sees their own hand only; tiles going to a hand are shown to
/// that hand's owner; discarded tiles are never shown; refusals name only
/// the submitter's own tiles and public facts.
#[test]
fn hands_and_discards_stay_hidden() {
    let mut g = dealt(STANDARD, &[[12, 14], [16, 20], [30, 31]], 0);
    assert_eq!(hand(&g, 1), vec![16, 20]);
    assert_eq!(g.view(Viewer::Spectator).hand, None);
    assert_eq!(g.view(Viewer::Seat(Seat(7))).hand, None);
    // Views differ only in the hand.
    let mut a = view(&g, 0);
    let mut b = view(&g, 2);
    a.hand = None;
    b.hand = None;
    assert_eq!(a, b);
    assert_eq!(a, g.view(Viewer::Spectator));
    // Naming a tile held by another seat reads like naming one in the pile.
    let theirs = g
        .apply(&Step::Act {
            seat: Seat(0),
            action: place(16, 0, -1, Dir::East),
        })
        .expect_err("not held");
    let piled = g
        .clone()
        .apply(&Step::Act {
            seat: Seat(0),
            action: place(40, 0, -1, Dir::East),
        })
        .expect_err("not held");
    assert_eq!(theirs.to_string(), "you don't hold tile Z16");
    assert_eq!(piled.to_string(), "you don't hold tile Z40");
    act(&mut g, 0, place(12, 0, -1, Dir::East));
    act(&mut g, 0, token(Side::Leader, 0, -1, None));
    act(&mut g, 0, end_turn(true));
    // Z14 is gone from seat 0's hand and shown nowhere.
    assert_eq!(hand(&g, 0), Vec::<u8>::new());
    for viewer in [
        Viewer::Spectator,
        Viewer::Seat(Seat(0)),
        Viewer::Seat(Seat(1)),
    ] {
        let json = serde_json::to_string(&g.view(viewer)).expect("json");
        assert!(!json.contains("\"tile\":14"), "{json}");
        assert_eq!(g.view(viewer).discarded, 1);
    }
    let step = Step::Chance {
        outcome: Chance::Tile(TileId(33)),
    };
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(1))),
        StepView::TileTo {
            seat: Seat(0),
            tile: None
        }
    );
    assert_eq!(
        g.step_view(&step, Viewer::Seat(Seat(0))),
        StepView::TileTo {
            seat: Seat(0),
            tile: Some(TileId(33))
        }
    );
}

#[test]
fn refused_garbage_changes_nothing() {
    let mut g = dealt(STANDARD, &[[13, 14], [16, 20]], 0);
    let mut states = vec![g.clone()];
    act(&mut g, 0, place(13, 0, -1, Dir::East));
    states.push(g.clone());
    act(&mut g, 0, token(Side::Zoomies, 0, -1, None));
    states.push(g.clone());
    act(&mut g, 0, place(14, 0, -2, Dir::East));
    states.push(g.clone());
    draw(&mut g, &[30, 31]);
    act(&mut g, 1, place(16, 1, 1, Dir::South));
    act(&mut g, 1, token(Side::Leader, 1, 1, None));
    states.push(g.clone());
    let coords = [-128i8, -2, -1, 0, 1, 2, 127];
    let sides = [Side::Leader, Side::Zoomies, Side::Bones, Side::Frens];
    for state in &states {
        for seat in [0u8, 1, 2, 255] {
            let mut actions = vec![
                Action::CannotPlace,
                end_turn(false),
                end_turn(true),
                Action::DiscardToken {
                    kind: TokenKind::Round,
                },
                Action::DiscardToken {
                    kind: TokenKind::Square,
                },
            ];
            for x in coords {
                for y in coords {
                    for dir in DIRS {
                        for tile in [0u8, 13, 14, 16, 30, 51, 255] {
                            actions.push(place(tile, x, y, dir));
                        }
                    }
                    for side in sides {
                        for arrow in [None, Some(Dir::West), Some(Dir::South)] {
                            actions.push(token(side, x, y, arrow));
                        }
                    }
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
                    Ok(()) => assert!(listed, "{step:?} accepted but not listed"),
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
            Chance::Tile(TileId(13)),
            Chance::Tile(TileId(200)),
            Chance::FirstPlayer(Seat(9)),
            Chance::StartTile {
                tile: TileId(51),
                flipped: true,
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

#[test]
fn refusals_say_why_without_secrets() {
    assert_eq!(
        Illegal::NotNow(Awaiting::Token).to_string(),
        "not now: place a token on the tile you played (or discard one)"
    );
    assert_eq!(
        Illegal::CellTaken { x: -1, y: 2 }.to_string(),
        "cell (-1, 2) already holds a dog"
    );
    assert_eq!(
        Illegal::NotInHand(TileId(7)).to_string(),
        "you don't hold tile Z07"
    );
    for (e, r) in [
        (Illegal::PackHasLeader, TokenRefusal::PackHasLeader),
        (Illegal::FrensTaken, TokenRefusal::FrensTaken),
        (Illegal::GroupHasZoomies, TokenRefusal::GroupHasZoomies),
    ] {
        assert_eq!(e.token_refusal(), Some(r));
    }
    assert_eq!(Illegal::NoMatch.token_refusal(), None);
}
