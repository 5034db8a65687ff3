//! The suite's settings ([`Conformance`]) and what a seat sees by default.

use crate::kernel::{Game, Seat, Sim, SimBuilder, Zone};

/// The suite's settings: the game, the seeds, how long a game may last and how often the
/// costly checks run.
pub struct Conformance<G: Game> {
    pub(super) game: G,
    pub(super) seeds: Vec<u64>,
    pub(super) max_actions: u32,
    pub(super) every: u32,
    pub(super) simulations: u64,
    pub(super) perfect_recall: bool,
    pub(super) sees: fn(Seat, Zone) -> bool,
    pub(super) encoded: Option<Encoded<G>>,
}

impl<G: Game> Conformance<G> {
    /// The suite for `game`: seeds 0 to 4, games of at most 20 000 actions, the costly checks
    /// every 8 decisions with searches of 24 simulations.
    pub fn new(game: G) -> Self {
        Conformance {
            game,
            seeds: (0..5).collect(),
            max_actions: 20_000,
            every: 8,
            simulations: 24,
            perfect_recall: false,
            sees: sees_by_default,
            encoded: None,
        }
    }

    /// Plays one game from each of `seeds`.
    pub fn seeds(mut self, seeds: impl IntoIterator<Item = u64>) -> Self {
        self.seeds = seeds.into_iter().collect();
        self
    }

    /// A game still running after `actions` decisions fails "games end".
    pub fn max_actions(mut self, actions: u32) -> Self {
        self.max_actions = actions;
        self
    }

    /// Runs the search, determinization and view checks at every `n`-th decision (1: at each).
    pub fn every(mut self, n: u32) -> Self {
        self.every = n.max(1);
        self
    }

    /// The simulations of each search the suite runs.
    pub fn simulations(mut self, simulations: u64) -> Self {
        self.simulations = simulations.max(1);
        self
    }

    /// Checks perfect recall too (hidden-information games): a seat's information key is
    /// never the same after two different histories of the actions it saw (another seat's
    /// private answer counts as "that seat acted"), over all the games of the run. OpenSpiel's
    /// information states have it (Leduc's and sgs's keys here too); a key that keeps the
    /// position only (the duel's, riichi's, sichuan's: a pass in a claim window changes no key)
    /// does not, and search then pools positions reached differently. A game whose `observe`
    /// is meant to remember the history — the bids, the bets — turns it on: forgetting a
    /// public action or a public value the rules keep is the bug it catches.
    pub fn perfect_recall(mut self) -> Self {
        self.perfect_recall = true;
        self
    }

    /// Which zones a seat sees the cards and dice of, for the determinization and view
    /// checks (default [`sees_by_default`]): a game with face-down cards on the table, or
    /// open hands, says so here.
    pub fn sees(mut self, sees: fn(Seat, Zone) -> bool) -> Self {
        self.sees = sees;
        self
    }
}

/// A check of a game at its end against its builder and seed.
pub(super) type Restarts<G> = fn(&SimBuilder<G>, &mut Sim<G>, u64) -> Result<(), String>;

/// The [`Encode`] checks of a game, as plain functions (set by
/// [`Conformance::encoded`](super::Conformance::encoded)).
pub(super) struct Encoded<G: Game> {
    /// Ids, words and the description at the position.
    pub(super) position: fn(&Sim<G>) -> Result<(), String>,
    /// A seat's observation tensor.
    pub(super) observe: fn(&Sim<G>, Seat) -> Vec<f32>,
    /// The most outcomes a chance node may list.
    pub(super) max_chance_outcomes: fn(&G) -> u32,
    /// [`Encode::restart`](crate::encode::Encode::restart) of the game at its end, checked
    /// against a fresh build.
    pub(super) restart: Restarts<G>,
    /// [`Encode::measures`](crate::encode::Encode::measures) of the game at its end, checked by
    /// [`check_measures`](crate::encode::check_measures).
    pub(super) measures: fn(&Sim<G>) -> Result<(), String>,
}

/// A seat's observation tensor, when the suite checks encodings.
pub(super) fn observation<G: Game>(
    conformance: &Conformance<G>,
    sim: &Sim<G>,
    seat: Seat,
) -> Vec<f32> {
    conformance
        .encoded
        .as_ref()
        .map_or_else(Vec::new, |encoded| (encoded.observe)(sim, seat))
}

/// The zones a seat sees by default ([`Conformance::sees`]): its own
/// hand, dice and private zone, and the face-up zones (melds, discards, equipment, judgement,
/// field, the table, the shared discard pile). Draw piles, the stock, pools and removed cards
/// are hidden from all.
pub fn sees_by_default(seat: Seat, zone: Zone) -> bool {
    match zone {
        Zone::Hand(s) | Zone::Dice(s) | Zone::Private(s) => s == seat,
        Zone::Meld(_)
        | Zone::Discard(_)
        | Zone::Equipment(_)
        | Zone::Judge(_)
        | Zone::Field(_)
        | Zone::Table
        | Zone::DiscardPile => true,
        Zone::Pool | Zone::Stock | Zone::Pile(_) | Zone::Removed => false,
    }
}
