//! A ruleset's table as the fill reads and writes it ([`FillTable`]: riichi's `Kyoku`,
//! sichuan's `Battle`), and the one fill both rulesets run through it ([`fill_table`]).

use alea::chance::{Purpose, derive_stream};
use bevy_ecs::prelude::*;
use rand::Rng;

use super::{Concealed, FillError, Inference, MAX_SEATS, View, fill_inferred};
use crate::games::mahjong::abilities::Foresee;
use crate::mount::Mount;
use crate::tiles::{TileCounts, TileKind, TileSet};
use alea::kernel::Seat;

/// What a fill needs of a ruleset's table. The seat read or written is never the viewer's
/// unless said.
pub trait FillTable: Foresee {
    /// What is read while the mount is still in the world (riichi: Kasumi's kept suit) and
    /// the seat holding a drawn or called tile, if any.
    type Before;
    /// Reads it (`constrained`: the deal respects what the table has shown).
    fn before(world: &World, viewer: Seat, constrained: bool) -> Self::Before;
    /// The seat holding one tile more than its melds leave (a drawn or called tile).
    fn holder(before: &Self::Before) -> Option<Seat>;
    /// `seats.0`'s concealed part as the fill starts from it, for the viewer `seats.1` (the
    /// viewer's own too).
    fn concealed(
        world: &World,
        before: &Self::Before,
        seats: (Seat, Seat),
        constrained: bool,
    ) -> Concealed;
    /// Adds the tiles of `seat`'s melds to `seen`.
    fn meld_tiles(world: &World, seat: Seat, seen: &mut TileCounts);
    /// `seat`'s last discard, when it says something of its hand (not forced, not before a
    /// change the table cannot see); the holder's is never asked for.
    fn evidence(world: &World, seat: Seat) -> Option<TileKind>;
    /// Adds the public tiles outside the melds (uncalled discards, revealed indicators).
    fn public_tiles(world: &World, mount: &Mount, seen: &mut TileCounts);
    /// The tile set in play.
    fn tile_set(&self) -> TileSet;
    /// Writes the other seats' new concealed parts (and what hangs on them).
    fn write_back<R: Rng + ?Sized>(
        world: &mut World,
        viewer: Seat,
        seats: &[Concealed; MAX_SEATS],
        constrained: bool,
        rng: &mut R,
    );
    /// In a claim window, gives the seats still to answer after `viewer` the options of their
    /// new hands.
    fn refresh_claims(&self, world: &mut World, mount: &Mount, viewer: Seat);
}

/// The round of the `Purpose::Ai` stream [`fill_world`] draws from.
const FILL_ROUND: u32 = 7;

/// Resamples everything `viewer` cannot see, from `seed` alone: the other seats' concealed
/// tiles (their sizes kept: 13 − 3 × melds, + 1 for the seat holding a drawn or called tile)
/// and the whole undrawn stock, B zone and other seats' collapsed slots included. The deal is
/// consistent with what the table has shown ([`Inference::Constrained`]: each ruleset's
/// [`FillTable`] impl says what that is). An opponent's drawn tile becomes a tile of its new
/// hand, and in a claim window the seats still to answer after `viewer` get the options of
/// their new hands. On an error the world is unchanged. Riichi's and sichuan's `fill_unknown`.
///
/// ```
/// use alea_games::games::mahjong::riichi::{Kyoku, Length, Riichi, fill_unknown};
/// use alea::kernel::{Seat, SimBuilder};
///
/// let game = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
/// let mut sim = SimBuilder::new(game.clone()).seed(1).build();
/// let mine = sim.world().resource::<Kyoku>().hands[0];
/// fill_unknown(&game, sim.world_mut(), Seat(0), 99).unwrap();
/// let kyoku = sim.world().resource::<Kyoku>();
/// assert_eq!(kyoku.hands[0], mine);
/// assert_eq!(kyoku.hands[1].total(), 13);
/// ```
///
/// ```
/// use alea_games::games::mahjong::sichuan::{Battle, Sichuan, fill_unknown};
/// use alea::kernel::{Seat, SimBuilder};
///
/// let game = Sichuan::preset("sichuan").unwrap().with_hands(1);
/// let mut sim = SimBuilder::new(game.clone()).seed(1).build();
/// let mine = sim.world().resource::<Battle>().hands[1];
/// fill_unknown(&game, sim.world_mut(), Seat(1), 99).unwrap();
/// let battle = sim.world().resource::<Battle>();
/// assert_eq!(battle.hands[1], mine);
/// assert_eq!(battle.hands[0].total(), 14); // the dealer has drawn
/// assert_eq!(battle.hands[2].total(), 13);
/// ```
pub fn fill_world<T: FillTable>(
    game: &T,
    world: &mut World,
    viewer: Seat,
    seed: u64,
) -> Result<(), FillError> {
    fill_world_with(game, world, viewer, seed, Inference::Constrained)
}

/// [`fill_world`] with another [`Inference`]: `Uniform` ignores what the table has shown,
/// `Posterior` also weights the deals by the opponents' last discards
/// ([`posterior`](super::posterior)). Riichi's and sichuan's `fill_unknown_with`.
pub fn fill_world_with<T: FillTable>(
    game: &T,
    world: &mut World,
    viewer: Seat,
    seed: u64,
    inference: Inference,
) -> Result<(), FillError> {
    let mut rng = derive_stream(seed, Purpose::Ai.key(), FILL_ROUND);
    fill_table(game, world, viewer, &mut rng, inference)
}

/// Resamples everything `viewer` cannot see in `game`'s table with `inference`, drawing from
/// `rng`: the other seats' concealed tiles (their sizes kept) and the mount's undrawn stock.
/// On an error the world is unchanged.
pub fn fill_table<T: FillTable, R: Rng + ?Sized>(
    game: &T,
    world: &mut World,
    viewer: Seat,
    rng: &mut R,
    inference: Inference,
) -> Result<(), FillError> {
    let constrained = inference != Inference::Uniform;
    let before = T::before(world, viewer, constrained);
    world.resource_scope(|world, mut mount: Mut<Mount>| {
        let mut seats = [Concealed::default(); MAX_SEATS];
        let mut seen = TileCounts::new();
        let mut last = [None; MAX_SEATS];
        for (s, concealed) in seats.iter_mut().enumerate() {
            let seat = Seat(s as u8);
            *concealed = T::concealed(world, &before, (seat, viewer), constrained);
            T::meld_tiles(world, seat, &mut seen);
            if seat != viewer && T::holder(&before) != Some(seat) {
                last[s] = T::evidence(world, seat);
            }
        }
        T::public_tiles(world, &mount, &mut seen);
        let set = game.tile_set();
        let view = View {
            set: &set,
            viewer,
            seen: &seen,
            // The wall slots Toki collapsed at the viewer's own seat stay.
            keep_collapses: constrained && game.has_toki(viewer),
        };
        fill_inferred(inference, view, &mut seats, &mut mount, &last, rng)?;
        T::write_back(world, viewer, &seats, constrained, rng);
        game.refresh_claims(world, &mount, viewer);
        Ok(())
    })
}
