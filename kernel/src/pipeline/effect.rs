//! Observable effects: every card move and property change the rules make, for benefit
//! simulation, logs and tests.

use bevy_ecs::entity::Entity;
use serde::{Deserialize, Serialize};

use crate::kernel::Zone;

/// A numeric property of an entity whose changes are observable (hp, shield, score...).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Property(pub u16);

impl Property {
    /// Hit points.
    pub const HP: Property = Property(0);
    /// Shield points.
    pub const SHIELD: Property = Property(1);
    /// Armor points.
    pub const ARMOR: Property = Property(2);
    /// Chained (0/1).
    pub const CHAINED: Property = Property(3);
    /// Turned over (0/1).
    pub const TURNED_OVER: Property = Property(4);
    /// A game score (Pig's banked points).
    pub const SCORE: Property = Property(5);
    /// Points accumulated this turn (Pig's turn total).
    pub const TURN_TOTAL: Property = Property(6);
    /// The face a die shows.
    pub const FACE: Property = Property(7);
    /// The first number free for rulesets' own properties.
    pub const FIRST_CUSTOM: u16 = 64;
}

/// One observable change.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// A card or die changed zone.
    Moved {
        /// What moved.
        entity: Entity,
        /// Where it was.
        from: Zone,
        /// Where it is now.
        to: Zone,
    },
    /// A property changed value.
    Changed {
        /// Whose property.
        entity: Entity,
        /// Which property.
        property: Property,
        /// The old value.
        before: i64,
        /// The new value.
        after: i64,
    },
}

/// Whether the pipeline runs for real or inside an AI's benefit simulation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Mode {
    /// Normal play: listeners run their handlers.
    #[default]
    Play,
    /// Benefit simulation: listeners with an AI hook run the hook instead.
    Benefit,
}
