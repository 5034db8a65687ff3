//! What the suite reports: a passing run's counts ([`Report`]), or the first broken
//! [`Property`] as a [`Failure`] naming the game, the seed and the decision.

/// What a passing run checked.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Report {
    /// Games played.
    pub seeds: u64,
    /// Decisions taken (each with the per-decision checks).
    pub decisions: u64,
    /// Chance nodes the actions taken led to.
    pub chance_nodes: u64,
    /// Outcomes of those nodes applied.
    pub outcomes: u64,
    /// Searches run.
    pub searches: u64,
    /// Determinizations that found a deal and were checked (at most one per seat per checked
    /// decision).
    pub determinizations: u64,
    /// Determinizations for seats not to move that found no deal asking the mover again
    /// ([`Sim::try_determinize`](crate::kernel::Sim::try_determinize) gave up). A game fails
    /// when at least two of its own fail and they outnumber those that found a deal.
    pub failed_determinizations: u64,
    /// Pairs of worlds whose views were compared.
    pub views: u64,
}

/// A property the suite checks.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Property {
    /// The game builds (its setup passes the snapshot coverage check), and again alike.
    Setup,
    /// Games end, and legal actions apply.
    Ends,
    /// Snapshot, play, restore: the same checksum and the same world.
    RoundTrip,
    /// Every listed chance outcome applies, with probabilities summing to 1.
    ChanceOutcomes,
    /// A search leaves the world as it found it.
    Search,
    /// Determinize keeps what the viewer knows, holds and may do.
    Determinize,
    /// Information keys, `seen_by` events, observations and visible zones agree.
    ViewsAgree,
    /// Action ids, observations and the finished game's measures keep their promises.
    Encoding,
    /// Replaying the actions from the seed gives the same game.
    Replay,
    /// A game restarted in place with a seed is the game built with it.
    Restart,
}

impl std::fmt::Display for Property {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            Property::Setup => "the game builds alike from its seed",
            Property::Ends => "games end and legal actions apply",
            Property::RoundTrip => "snapshot, play, restore gives the same world",
            Property::ChanceOutcomes => "every listed chance outcome applies",
            Property::Search => "a search leaves the world as it found it",
            Property::Determinize => "determinize keeps the viewer's information",
            Property::ViewsAgree => "the views of a seat agree",
            Property::Encoding => "encode ids, observations and measures keep their promises",
            Property::Replay => "replaying the actions from the seed gives the same game",
            Property::Restart => "a restart with a seed gives the game built with it",
        })
    }
}

/// A broken property: where and what.
#[derive(Clone, Debug, PartialEq)]
pub struct Failure {
    /// The game's name.
    pub game: &'static str,
    /// The seed of the game that broke it.
    pub seed: u64,
    /// The index of the action (0: the first) at whose decision it broke; `None` before the
    /// first or after the last.
    pub action: Option<u32>,
    /// The property.
    pub property: Property,
    /// What was seen, in words.
    pub detail: String,
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "conformance of {}: seed {}", self.game, self.seed)?;
        if let Some(action) = self.action {
            write!(f, ", action {action}")?;
        }
        write!(f, ": {}: {}", self.property, self.detail)
    }
}

impl std::error::Error for Failure {}

/// Where the suite is: which game, seed and decision, to name in a failure.
#[derive(Clone, Copy)]
pub(super) struct At {
    pub(super) game: &'static str,
    pub(super) seed: u64,
    pub(super) decision: Option<u32>,
}

impl At {
    pub(super) fn fail(self, property: Property, detail: impl Into<String>) -> Failure {
        Failure {
            game: self.game,
            seed: self.seed,
            action: self.decision,
            property,
            detail: detail.into(),
        }
    }
}
