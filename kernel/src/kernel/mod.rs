//! The kernel: the entity model, the [`Game`] trait, [`SimBuilder`] and [`Sim`], and the
//! schedule labels and system sets of the rules stages.

mod builder;
mod cards;
mod entity;
mod game;
mod journal;
pub mod playout;
mod rules;
mod setup;
mod sim;
mod slot;
pub mod step;
mod table;

pub use alea_derive::GameEvent;
pub use builder::{Rollback, RunMode, SimBuilder, SimSource};
pub use cards::CardZones;
pub use entity::{
    CardId, DieFace, Faces, Group, Kind, Pool, Seat, StableId, Zone, return_to_pool, take_from_pool,
};
pub use game::{Decision, EventKind, Game, GameEvent, Turn};
pub use rules::{DEFAULT_DEPTH_LIMIT, GameRules, Handler, HandlerFn, Inspector, Rules};
pub use setup::Setup;
pub use sim::{DETERMINIZE_TRIES, Sim};
pub(crate) use slot::{ComponentCell, KernelSlots};
pub use slot::{ComponentSlot, ResourceSlot};
pub use step::{DecisionSchedule, Inbox, PipelineSystems, SimError, Undo};
pub use table::{Table, start_round};
