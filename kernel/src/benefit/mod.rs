//! Benefit simulation (after FreeKill's AI): an AI values an action by running
//! the real rules on a snapshot in [`Mode::Benefit`](crate::pipeline::Mode::Benefit) and
//! reading a [`Ledger`] of weighted changes; the world is restored afterwards, bit for bit.
//!
//! - **The ledger** scores every card move and property change the pipeline records, with the
//!   [`Weights`] of `assets/benefit.ron` (FreeKill's numbers), from the deciding seat's side:
//!   a friend's changes count as its own, an enemy's with the opposite sign. The benefit stage
//!   that scores them is a named system in [`BenefitSystems::Score`]; a Bevy app orders it after
//!   the pipeline with [`add_stages`].
//! - **AI hooks**: a listener's `ai_hook` runs instead of its handler in benefit mode; it may
//!   change the event, [`adjust`] the ledger or [`stop`] the simulation. Events nested deeper
//!   than the benefit cap (default 30, [`Watch::benefit_cap`](crate::pipeline::Watch)) are
//!   *prevented*: that branch adds nothing, and it is not an error.
//! - **Questions inside a simulation** ([`Answers`]): `Optimistic` (FreeKill's: nobody answers)
//!   or `Sampled { worlds }` (the deciding seat's unknowns determinized `worlds` times, every
//!   question answered by TrustAI's policy in each world; the mean). Chance: a small case
//!   generator met by the simulated action is enumerated exactly; the rest is sampled.
//! - A game opts in by implementing [`BenefitGame`]: who is a friend of whom (from what the
//!   deciding seat knows), TrustAI's answers, and how to decline a question.

mod ledger;
mod simulate;
mod stage;
mod weights;

pub use ledger::{Ledger, adjust, score, score_system, stop};
pub use simulate::{Answers, BenefitGame, Simulator};
pub use stage::{BenefitSystems, add_stages};
pub use weights::{WEIGHTS_RON, Weights, WeightsError};
