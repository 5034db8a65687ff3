//! Pig, with OpenSpiel's rules: players take turns; on a turn a player *rolls* a die — a 1
//! loses the turn total and passes the turn, 2–6 add to it — or *stops*, banking the turn total
//! and passing. Whoever banks the target score first wins. When banking would reach the target,
//! only *stop* is legal. The game also ends after `horizon` player moves (everyone gets 0).
//!
//! The roll is a chance point with one case per face (the kernel's fair
//! [`Die`]), so search can enumerate it.

mod encode;
mod entry;
mod players;
pub mod solve;

pub use entry::{ENTRY, from_options};
pub use players::{DEFAULT_HOLD, Exact, Hold};
pub use solve::{Solution, SolveError};

use bevy_ecs::prelude::*;
use serde::{Deserialize, Serialize};

use alea::chance::Die;
use alea::kernel::{Decision, Game, GameEvent, Rules, Seat, Setup, Table, Zone};
use alea::pipeline::{Ctx, Flow, Property, RootEvents};

/// Pig's configuration (OpenSpiel's parameters and defaults).
///
/// # Panics
/// Building a game with `players` outside 2 to [`MAX_PLAYERS`] panics (the CLI and replay
/// files check the range first and refuse it with an error).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Pig {
    /// Number of players (2 to [`MAX_PLAYERS`]).
    pub players: u8,
    /// The score that wins.
    pub win_score: u32,
    /// The game ends after this many player moves.
    pub horizon: u32,
    /// Faces of the die.
    pub faces: u8,
}

impl Default for Pig {
    fn default() -> Self {
        Pig {
            players: 2,
            win_score: 100,
            horizon: 1000,
            faces: 6,
        }
    }
}

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum PigAction {
    /// Roll the die.
    Roll,
    /// Bank the turn total and pass.
    Stop,
}

/// What happens in Pig. Its kinds (`PigEvent::ROLL`, ...) are numbered by the derive.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, GameEvent)]
#[serde(tag = "event", rename_all = "snake_case")]
pub enum PigEvent {
    /// `seat` rolls the die (the chance point).
    Roll {
        /// Who rolls.
        seat: Seat,
    },
    /// The die shows `face` (1-based).
    Rolled {
        /// Who rolled.
        seat: Seat,
        /// The face shown.
        face: u8,
    },
    /// `seat` rolled a 1 and loses `lost` points of turn total.
    Bust {
        /// Who busted.
        seat: Seat,
        /// The turn total lost.
        lost: u32,
    },
    /// `seat` banks `points`.
    Bank {
        /// Who banks.
        seat: Seat,
        /// The points banked (listeners may change them).
        points: u32,
    },
    /// The turn passes from `from` to the next seat.
    TurnPassed {
        /// Whose turn ended.
        from: Seat,
    },
}

impl std::fmt::Display for PigEvent {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PigEvent::Roll { seat } => write!(f, "{seat} rolls"),
            PigEvent::Rolled { seat, face } => write!(f, "{seat} rolled a {face}"),
            PigEvent::Bust { seat, lost } => write!(f, "{seat} busts and loses {lost}"),
            PigEvent::Bank { seat, points } => write!(f, "{seat} banks {points}"),
            PigEvent::TurnPassed { from } => write!(f, "{from}'s turn ends"),
        }
    }
}

/// The most players a game of Pig seats.
pub const MAX_PLAYERS: usize = 10;

/// Pig's state ([`Game::State`]): the scores and the current turn, in one value the rules
/// reach without a world lookup.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PigState {
    /// Each seat's banked score, by seat (seats past the player count stay 0).
    pub banked: [u32; MAX_PLAYERS],
    /// Points accumulated this turn.
    pub turn_total: u32,
    /// Player moves made so far (for the horizon).
    pub moves: u32,
    /// The seat that banked the winning score, once someone has.
    pub winner: Option<Seat>,
}

/// The roll of a die with `faces` faces: case `k` shows face `k + 1`.
#[deprecated(note = "the kernel's fair die: use `alea::chance::Die`")]
pub type DieRoll = alea::chance::Die;

impl Pig {
    /// Pig to `win_score` (other settings default).
    pub fn to(win_score: u32) -> Self {
        Pig {
            win_score,
            ..Pig::default()
        }
    }
}

impl Game for Pig {
    type Action = PigAction;
    type Event = PigEvent;
    type State = PigState;

    fn name(&self) -> &'static str {
        "pig"
    }

    fn seats(&self) -> u8 {
        self.players
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        assert!(
            (2..=MAX_PLAYERS).contains(&usize::from(self.players)),
            "pig seats 2 to {MAX_PLAYERS} players, not {}",
            self.players
        );
        for s in 0..self.players {
            setup.spawn_player(Seat(s), ());
        }
        setup.spawn_die(self.faces, Zone::Table, ());
    }

    fn translate(
        _: &Rules<Pig>,
        _: &World,
        _: &Table,
        state: &PigState,
        seat: Seat,
        action: PigAction,
        out: &mut RootEvents<'_, PigEvent>,
    ) {
        out.push(match action {
            PigAction::Roll => PigEvent::Roll { seat },
            PigAction::Stop => PigEvent::Bank {
                seat,
                points: state.turn_total,
            },
        });
    }

    #[inline(always)]
    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut PigEvent) -> Flow {
        match *event {
            PigEvent::Roll { seat } => {
                let die = ctx.rules().dice()[0];
                let face = ctx.chance(&Die {
                    faces: ctx.game().faces,
                });
                ctx.set_face(die, face - 1);
                ctx.emit(PigEvent::Rolled { seat, face });
            }
            PigEvent::Rolled { seat, face } => {
                let turn = ctx.state();
                turn.moves += 1;
                let before = turn.turn_total;
                if face == 1 {
                    ctx.emit(PigEvent::Bust { seat, lost: before });
                } else {
                    turn.turn_total += u32::from(face);
                    let after = turn.turn_total;
                    if ctx.is_recording() {
                        let player = ctx.rules().player(seat);
                        ctx.changed(player, Property::TURN_TOTAL, before.into(), after.into());
                    }
                }
            }
            PigEvent::Bust { seat, lost } => {
                ctx.state().turn_total = 0;
                if ctx.is_recording() {
                    let player = ctx.rules().player(seat);
                    ctx.changed(player, Property::TURN_TOTAL, lost.into(), 0);
                }
                ctx.emit(PigEvent::TurnPassed { from: seat });
            }
            PigEvent::Bank { seat, points } => {
                let (player, win_score) = (ctx.rules().player(seat), ctx.game().win_score);
                let turn = ctx.state();
                let score = &mut turn.banked[seat.index()];
                let before = *score;
                *score = score.saturating_add(points);
                let after = *score;
                turn.moves += 1;
                turn.turn_total = 0;
                if after >= win_score && turn.winner.is_none() {
                    turn.winner = Some(seat);
                }
                ctx.changed(player, Property::SCORE, before.into(), after.into());
                ctx.emit(PigEvent::TurnPassed { from: seat });
            }
            PigEvent::TurnPassed { .. } => {
                ctx.table().pass_turn();
            }
        }
        Flow::Continue
    }

    #[inline(always)]
    fn next_decision(
        rules: &Rules<Pig>,
        _: &World,
        table: &Table,
        turn: &PigState,
        decision: &mut Decision<PigAction>,
    ) {
        let config = &rules.game;
        if turn.winner.is_some() || turn.moves >= config.horizon {
            decision.finish();
            return;
        }
        let seat = table.active;
        let mine = turn.banked[seat.index()];
        if mine.saturating_add(turn.turn_total) >= config.win_score {
            decision.ask(seat, [PigAction::Stop]);
        } else {
            decision.ask(seat, [PigAction::Roll, PigAction::Stop]);
        }
    }

    fn returns(rules: &Rules<Pig>, _: &World, _: &Table, turn: &PigState, out: &mut Vec<f64>) {
        let n = rules.players().len();
        out.clear();
        out.resize(n, 0.0);
        if let Some(winner) = turn.winner {
            out.fill(-1.0 / (n as f64 - 1.0));
            out[winner.index()] = 1.0;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alea::kernel::SimBuilder;

    #[test]
    fn a_forced_six_then_stop_banks_six_and_passes() {
        let mut sim = SimBuilder::new(Pig::default()).seed(1).build();
        sim.set_case(Some(5));
        sim.apply(PigAction::Roll).unwrap();
        assert_eq!(sim.state().turn_total, 6);
        sim.apply(PigAction::Stop).unwrap();
        assert_eq!(sim.state().banked, [6, 0, 0, 0, 0, 0, 0, 0, 0, 0]);
        assert_eq!(sim.table().active, Seat(1));
        sim.set_case(Some(0));
        sim.apply(PigAction::Roll).unwrap();
        assert_eq!(sim.table().active, Seat(0));
        assert_eq!(sim.state().moves, 3);
    }

    #[test]
    fn the_die_can_be_set_to_any_of_its_faces_and_no_other() {
        use alea::determinize::DeterminizeError;
        use alea::kernel::DieFace;
        let mut sim = SimBuilder::new(Pig::default()).seed(1).build();
        let die = sim.rules().dice()[0];
        let before = sim.checksum();
        assert_eq!(
            sim.set_die_face(0, 6),
            Err(DeterminizeError::NoFace {
                index: 0,
                face: 6,
                faces: 6
            })
        );
        assert_eq!(
            sim.set_die_face(1, 0),
            Err(DeterminizeError::NoDie { index: 1, dice: 1 })
        );
        assert_eq!(sim.checksum(), before);
        sim.set_die_face(0, 4).unwrap();
        assert_eq!(sim.world().get::<DieFace>(die), Some(&DieFace(4)));
        assert_ne!(sim.checksum(), before);
    }

    /// The kernel's default `set_dice`: one face per die in the zone, checked whole.
    #[test]
    fn the_table_s_dice_are_set_whole_one_face_each() {
        use alea::determinize::DeterminizeError;
        use alea::kernel::{DieFace, Seat, Zone};
        let mut sim = SimBuilder::new(Pig::default()).seed(1).build();
        let die = sim.rules().dice()[0];
        let before = sim.checksum();
        let refused = [
            (
                sim.set_dice(Zone::Table, &[1, 2]),
                DeterminizeError::WrongSize {
                    zone: Zone::Table,
                    asked: 2,
                    holds: 1,
                },
            ),
            (
                sim.set_dice(Zone::Table, &[6]),
                DeterminizeError::NoFace {
                    index: 0,
                    face: 6,
                    faces: 6,
                },
            ),
            (
                sim.set_dice(Zone::Dice(Seat(0)), &[1]),
                DeterminizeError::WrongSize {
                    zone: Zone::Dice(Seat(0)),
                    asked: 1,
                    holds: 0,
                },
            ),
        ];
        for (got, error) in refused {
            assert_eq!(got, Err(error));
        }
        assert_eq!(sim.checksum(), before);
        sim.set_dice(Zone::Table, &[5]).unwrap();
        assert_eq!(sim.world().get::<DieFace>(die), Some(&DieFace(5)));
    }

    #[test]
    fn only_stop_is_legal_when_banking_wins() {
        let mut sim = SimBuilder::new(Pig::to(6)).build();
        sim.set_case(Some(5));
        sim.apply(PigAction::Roll).unwrap();
        assert_eq!(sim.legal_actions(), &[PigAction::Stop]);
        sim.apply(PigAction::Stop).unwrap();
        assert!(sim.is_terminal());
        assert_eq!(sim.returns(), vec![1.0, -1.0]);
    }
}

/// The conformance suite (`alea::testing`), in one call.
#[cfg(test)]
#[test]
fn conforms() {
    let report = alea::testing::conformance_encoded(Pig::default(), 0..200);
    assert_eq!(report.seeds, 200);
    // Every roll is a chance node whose six outcomes are applied.
    assert!(report.chance_nodes > 0 && report.outcomes == 6 * report.chance_nodes);
    alea::testing::conformance_encoded(
        Pig {
            players: 4,
            ..Pig::default()
        },
        0..50,
    );
}
