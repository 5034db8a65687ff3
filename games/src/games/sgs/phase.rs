//! Where play stands, as everyone sees it: the phase of the turn and the question pending, and
//! the seat bound every per-seat table is sized by. The game's state, the evidence and the
//! holdings all build on it.

use serde::{Deserialize, Serialize};

use alea::kernel::Seat;

/// The most seats (identity4).
pub const MAX_SEATS: usize = 4;

/// The phases of a turn, in order.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Phase {
    /// Turn start (nothing happens in this deck).
    Start,
    /// Judgement of delayed tricks (none in this deck).
    Judge,
    /// Draw 2.
    Draw,
    /// Use cards until the player ends the phase.
    Play,
    /// Discard down to hp.
    Discard,
    /// Turn end.
    Finish,
}

impl Phase {
    /// Every phase, in turn order.
    pub const ALL: [Phase; 6] = [
        Phase::Start,
        Phase::Judge,
        Phase::Draw,
        Phase::Play,
        Phase::Discard,
        Phase::Finish,
    ];

    /// The phase as written (`play`).
    pub fn as_str(self) -> &'static str {
        match self {
            Phase::Start => "start",
            Phase::Judge => "judge",
            Phase::Draw => "draw",
            Phase::Play => "play",
            Phase::Discard => "discard",
            Phase::Finish => "finish",
        }
    }

    /// The phase after this one (`None` after finish).
    pub fn next(self) -> Option<Phase> {
        let i = Phase::ALL.iter().position(|&p| p == self)?;
        Phase::ALL.get(i + 1).copied()
    }
}

/// The question being asked mid-resolution, as everyone sees it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Question {
    /// None (the play or discard phase, or nothing pending).
    #[default]
    None,
    /// `to` may answer `from`'s slash with a jink.
    Jink {
        /// Who slashed.
        from: Seat,
        /// Who is asked.
        to: Seat,
    },
    /// Someone may save `dying` with a peach (the dying seat with an analeptic too).
    Peach {
        /// Who is dying.
        dying: Seat,
    },
    /// Someone may nullify the trick in `state.trick` (`chain` 0) or the last of the `chain`
    /// nullifications played against it so far (the trick is cancelled when `chain` is odd).
    Nullify {
        /// Nullifications played so far in this trick's window.
        chain: u8,
    },
    /// The trick's user chooses which card of the target to take or discard.
    Choose,
}
