//! What players and spectators see: the table view, how each step reads in
//! the log, and the final scorecard. Everything is public in Doozy Dice
//! (RULINGS §5(d) 12), so none of this depends on the viewer.

use parlor_protocol::doozy_dice::{
    Action, CardId, CardInfo, ComboRecord, DieKind, DieView, Phase, PlayerView, RollOffView,
    ScoreLine, Scorecard, StepView, TurnView, View,
};
use parlor_protocol::Seat;

use super::cards;
use super::state::{is_white, DoozyDice, Stage, BONUS_ROLLS, DICE, MAX_ROLLS};
use super::Chance;
use crate::game::{ranks_by, GameOutcome, Step};

/// A card as shown; an unknown id (only in a refused step) gets a blank.
fn card_info(id: u8) -> CardInfo {
    cards::card(CardId(id)).map_or_else(
        || CardInfo {
            id: CardId(id),
            name: String::from("Unknown card"),
            dice: 0,
            faces: 0,
            rule: String::new(),
        },
        |c| c.info(),
    )
}

impl DoozyDice {
    fn total_rolls(&self, seat: usize) -> u32 {
        self.players
            .get(seat)
            .map_or(0, |p| p.records.iter().map(|r| u32::from(r.rolls)).sum())
    }

    fn dealt_infos(&self) -> Vec<CardInfo> {
        self.cards.iter().map(|&id| card_info(id)).collect()
    }

    /// The table as everyone sees it.
    pub(super) fn public_view(&self) -> View {
        let players = (0..self.seats)
            .zip(&self.players)
            .map(|(seat, p)| PlayerView {
                seat: Seat(seat),
                dots: p.dots,
                combos: p.records.clone(),
                total_rolls: self.total_rolls(usize::from(seat)),
            })
            .collect();
        let phase = match &self.stage {
            Stage::Dealing => Phase::Dealing,
            Stage::RollOff { contenders, rolls } => Phase::RollOff(RollOffView {
                contenders: contenders.clone(),
                rolls: rolls.clone(),
            }),
            Stage::Turn(turn) => {
                let dice = (0..DICE)
                    .zip(turn.dice)
                    .map(|(i, value)| DieView {
                        kind: if is_white(i) {
                            DieKind::Doozy
                        } else {
                            DieKind::Blue
                        },
                        value: (value != 0).then_some(value),
                        face: turn.is_face(i),
                        locked: turn.locked & (1 << i) != 0,
                    })
                    .collect();
                let satisfied = self.satisfied_mask(turn);
                Phase::Turn(TurnView {
                    seat: turn.seat,
                    round: u8::try_from(
                        self.players
                            .get(turn.seat.index())
                            .map_or(0, |p| p.records.len())
                            + 1,
                    )
                    .unwrap_or(u8::MAX),
                    roll_count: turn.roll_count,
                    dice,
                    rolling: turn.in_air != 0,
                    satisfied: self
                        .cards
                        .iter()
                        .map(|&id| CardId(id))
                        .filter(|&c| satisfied & cards::bit(c) != 0)
                        .collect(),
                })
            }
            Stage::Finished => Phase::Finished,
        };
        View {
            options: self.options,
            cards: self.dealt_infos(),
            players,
            first_player: self.first_player,
            phase,
        }
    }

    /// How a step reads in the log, from the state before it. A refused
    /// step still gets a best-effort description (and never a panic).
    pub(super) fn public_step_view(&self, step: &Step<Action, Chance>) -> StepView {
        let turn = self.turn();
        let roller = turn.map_or(Seat(0), |t| t.seat);
        let roll_count = turn.map_or(0, |t| t.roll_count);
        match step {
            Step::Chance {
                outcome: Chance::Card(id),
            } => StepView::CardDealt {
                card: card_info(*id),
            },
            Step::Chance {
                outcome: Chance::Die(value),
            } => match (self.next_roll_off_seat(), turn) {
                (Some(seat), _) => StepView::RollOffDie {
                    seat,
                    value: *value,
                },
                (None, t) => {
                    let die = t.and_then(|t| t.next_landing()).unwrap_or(0);
                    StepView::DieLanded {
                        seat: roller,
                        die,
                        value: *value,
                        face: is_white(die) && *value == 1,
                    }
                }
            },
            Step::Act { seat, action } => match action {
                Action::Roll { dice } => {
                    let mut dice = dice.clone();
                    dice.sort_unstable();
                    dice.dedup();
                    StepView::Rolled {
                        seat: *seat,
                        dice,
                        roll_count: roll_count.saturating_add(1),
                    }
                }
                Action::Adjust { die, to } => {
                    let from = turn
                        .and_then(|t| t.dice.get(usize::from(*die)))
                        .copied()
                        .unwrap_or(0);
                    StepView::Adjusted {
                        seat: *seat,
                        die: *die,
                        from,
                        to: *to,
                        cost: from.abs_diff(*to),
                    }
                }
                Action::Claim { card } => StepView::Claimed {
                    seat: *seat,
                    record: ComboRecord {
                        card: *card,
                        rolls: roll_count,
                        bonus: roll_count <= BONUS_ROLLS,
                        cutoff: false,
                    },
                },
                Action::Cutoff { card } => StepView::CutOff {
                    seat: *seat,
                    record: ComboRecord {
                        card: *card,
                        rolls: MAX_ROLLS,
                        bonus: false,
                        cutoff: true,
                    },
                },
            },
        }
    }

    /// Ranks and scorecard, once every player has five records.
    /// Score = total rolls − dots, lowest best; ties on score go to fewer
    /// total rolls; still tied, the rank is shared (RULINGS §5(c)).
    pub(super) fn final_outcome(&self) -> Option<GameOutcome<Scorecard>> {
        if self.stage != Stage::Finished {
            return None;
        }
        let keys: Vec<(i64, u32)> = (0..self.players.len())
            .map(|i| {
                let total = self.total_rolls(i);
                let dots = self.players.get(i).map_or(0, |p| p.dots);
                (i64::from(total) - i64::from(dots), total)
            })
            .collect();
        let ranks = ranks_by(&keys);
        let players = (0..self.seats)
            .zip(&self.players)
            .zip(&ranks)
            .map(|((seat, p), &rank)| {
                let total_rolls = self.total_rolls(usize::from(seat));
                let combos = self
                    .cards
                    .iter()
                    .filter_map(|&id| p.records.iter().find(|r| r.card.0 == id).cloned())
                    .collect();
                ScoreLine {
                    seat: Seat(seat),
                    combos,
                    total_rolls,
                    dots: p.dots,
                    score: i32::try_from(i64::from(total_rolls) - i64::from(p.dots))
                        .unwrap_or(i32::MAX),
                    rank,
                }
            })
            .collect();
        Some(GameOutcome {
            ranks,
            scorecard: Scorecard {
                cards: self.dealt_infos(),
                players,
            },
        })
    }
}
