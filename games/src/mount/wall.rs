//! [`Mount`]: the dual-space wall as one plain struct, usable on its own or as a World resource.

use bevy_ecs::prelude::*;
use rand::Rng;
use serde::Serialize;

use super::point::{DrawPick, NextDraw, Rule, Source};
use super::presence::{Deltas, HandFill, Presence, Weights, sample_copy};
use super::{Exit, MountError, MountSlot, MountZone, Odds, WallLayout};
use crate::tiles::{Tile, TileCounts, TileSet};

/// A presence delta on one slot.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
struct Edit {
    slot: MountSlot,
    zone: MountZone,
    /// A black tile names its kind; a red five names the red copies.
    tile: Tile,
    mk: i32,
}

/// A slot fixed to a tile by [`Mount::early_collapse`]: the copy left `from` at that moment.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
struct Collapse {
    slot: MountSlot,
    tile: Tile,
    from: MountZone,
}

/// The dual-space wall: the stock is counts per identity in zone A (normal) and
/// zone B (reserved), not an order; tiles leave it through four [`Exit`]s, each a queue of slots
/// that abilities bend with presence deltas or fix with an early collapse.
///
/// Randomness comes only from the generator passed to [`Mount::draw`], so a seeded stream
/// (`alea::chance::derive_stream`, or the game's `Purpose::Draw` stream) replays exactly.
/// Every operation either succeeds or returns a [`MountError`] and changes nothing.
///
/// ```
/// use alea::chance::{Purpose, derive_stream};
/// use alea_games::mount::{Exit, Mount, WallLayout};
/// use alea_games::tiles::{TileSet, parse_tiles};
///
/// let set = TileSet::from_counts(parse_tiles("7p 8p8p 9p9p9p")?.into_iter().collect())?;
/// let mut mount = Mount::new(set, WallLayout { pii: 6, rinshan: 0, dorahyou: 0, urahyou: 0 });
/// let seven = "7p".parse()?;
/// assert_eq!(mount.probabilities(Exit::Pii)?.probability(seven), 1.0 / 6.0);
/// mount.light_a(seven, 100)?; // +100 mk on 7p for the next normal draw
/// assert_eq!(mount.probabilities(Exit::Pii)?.probability(seven), 11.0 / 16.0);
/// let mut rng = derive_stream(42, Purpose::Draw.key(), 0);
/// let tile = mount.draw(Exit::Pii, &mut rng)?;
/// assert_eq!(mount.undrawn().total(), 5);
/// # let _ = tile;
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Resource, Debug, PartialEq, Eq, Hash, Serialize)]
pub struct Mount {
    set: TileSet,
    layout: WallLayout,
    /// Stock per zone, indexed by [`MountZone`]; changed only by `take` and `put`.
    zones: [TileCounts; 2],
    /// Copies per zone (the totals of `zones`).
    totals: [u32; 2],
    /// Tiles that have left through each exit, indexed by [`Exit`].
    taken: [u16; 4],
    edits: Vec<Edit>,
    collapses: Vec<Collapse>,
    dora: Vec<Tile>,
    ura: Vec<Tile>,
}

impl Clone for Mount {
    fn clone(&self) -> Self {
        Mount {
            set: self.set,
            layout: self.layout,
            zones: self.zones,
            totals: self.totals,
            taken: self.taken,
            edits: self.edits.clone(),
            collapses: self.collapses.clone(),
            dora: self.dora.clone(),
            ura: self.ura.clone(),
        }
    }

    /// Field by field, reusing the buffers (snapshots restore without allocating).
    fn clone_from(&mut self, source: &Self) {
        self.set = source.set;
        self.layout = source.layout;
        self.zones = source.zones;
        self.totals = source.totals;
        self.taken = source.taken;
        self.edits.clone_from(&source.edits);
        self.collapses.clone_from(&source.collapses);
        self.dora.clone_from(&source.dora);
        self.ura.clone_from(&source.ura);
    }
}

impl Mount {
    /// A mount holding all of `set` in zone A, with `layout`'s slots and no presence edits.
    pub fn new(set: TileSet, layout: WallLayout) -> Mount {
        Mount {
            set,
            layout,
            zones: [*set.counts(), TileCounts::new()],
            totals: [set.len(), 0],
            taken: [0; 4],
            edits: Vec::new(),
            collapses: Vec::new(),
            dora: Vec::new(),
            ura: Vec::new(),
        }
    }

    /// The tile set the mount was built from.
    pub fn tile_set(&self) -> &TileSet {
        &self.set
    }

    /// The slots each exit started with.
    pub fn layout(&self) -> WallLayout {
        self.layout
    }

    /// Copies of `tile` in zone A, read as presence names it: a black tile names its kind (for
    /// a five, red and black copies), a red five the red copies. There is no `remain_b`:
    /// nobody may read zone B.
    pub fn remain_a(&self, tile: Tile) -> u8 {
        if tile.is_red() {
            self.zones[0][tile]
        } else {
            self.zones[0].of_kind(tile.kind())
        }
    }

    /// Copies of exactly `tile` in zone A (libsaki's T37 reading): a black five counts the
    /// black copies only, a red five the red ones.
    pub fn remain_a_exact(&self, tile: Tile) -> u8 {
        self.zones[0][tile]
    }

    /// Every copy in zone A.
    pub fn stock_a(&self) -> &TileCounts {
        &self.zones[0]
    }

    /// Every copy that has not left the mount: zone A + zone B + collapsed slots. The tile set
    /// minus this is exactly what was drawn. (B alone cannot be read.)
    pub fn undrawn(&self) -> TileCounts {
        let mut counts = self.zones[0];
        counts.add(&self.zones[1]);
        for c in &self.collapses {
            counts[c.tile] += 1;
        }
        counts
    }

    /// Tiles that have left through `exit`.
    pub fn drawn_from(&self, exit: Exit) -> u16 {
        self.taken[exit.index()]
    }

    /// Slots left at `exit`. For [`Exit::Pii`] this is the live wall: each normal and each
    /// replacement draw shortens it. A replacement draw needs a live tile to shorten.
    #[inline]
    pub fn slots_left(&self, exit: Exit) -> u16 {
        let live = self
            .layout
            .pii
            .saturating_sub(self.taken[Exit::Pii.index()] + self.taken[Exit::Rinshan.index()]);
        let left = self
            .layout
            .slots(exit)
            .saturating_sub(self.taken[exit.index()]);
        match exit {
            Exit::Pii => live,
            Exit::Rinshan => left.min(live),
            Exit::Dorahyou | Exit::Urahyou => left,
        }
    }

    /// The tile the slot at `pos` of `exit` is collapsed to, if it is.
    pub fn collapsed(&self, exit: Exit, pos: u16) -> Option<Tile> {
        let slot = self.slot(exit, pos).ok()?;
        self.collapse_at(slot).map(|c| c.tile)
    }

    /// The slots collapsed and not drawn yet, with their tiles, in the order collapsed.
    pub fn collapsed_slots(&self) -> impl Iterator<Item = (MountSlot, Tile)> + '_ {
        self.collapses.iter().map(|c| (c.slot, c.tile))
    }

    /// The dora indicators flipped so far (draws from [`Exit::Dorahyou`]), in order.
    pub fn dora_indicators(&self) -> &[Tile] {
        &self.dora
    }

    /// The ura-dora indicators flipped so far (draws from [`Exit::Urahyou`]), in order.
    pub fn ura_indicators(&self) -> &[Tile] {
        &self.ura
    }

    /// Adds `mk` of presence for `tile` in `zone` to the slot at `pos` of `exit` (slot 0 is the
    /// next out). A black tile names its 34-kind — for a five, red and black copies share the
    /// kind's presence by count — and a red five names the red copies only. Deltas add up; on a
    /// collapsed slot they are ignored. Reports no success: abilities try.
    pub fn inc_mk(
        &mut self,
        exit: Exit,
        pos: u16,
        tile: Tile,
        mk: i32,
        zone: MountZone,
    ) -> Result<(), MountError> {
        let named = if tile.is_red() {
            self.set.contains(tile)
        } else {
            self.set.counts().of_kind(tile.kind()) > 0
        };
        if !named {
            return Err(MountError::NotInTileSet { tile });
        }
        let slot = self.slot(exit, pos)?;
        if self.collapse_at(slot).is_some() {
            return Ok(());
        }
        let same = |e: &Edit| e.slot == slot && e.zone == zone && e.tile == tile;
        match self.edits.iter().position(same) {
            Some(at) => {
                let total = self.edits[at].mk.saturating_add(mk);
                if total == 0 {
                    // Deltas that cancel leave the slot unedited (the plain uniform draw).
                    self.edits.swap_remove(at);
                } else {
                    self.edits[at].mk = total;
                }
            }
            None if mk != 0 => self.edits.push(Edit {
                slot,
                zone,
                tile,
                mk,
            }),
            None => {}
        }
        Ok(())
    }

    /// The presence added to the slot at `pos` of `exit` (slot 0 is the next out), per zone and
    /// tile, as [`inc_mk`](Mount::inc_mk) left it (no slot: none).
    pub fn mk_at(&self, exit: Exit, pos: u16) -> Vec<(MountZone, Tile, i32)> {
        let Ok(slot) = self.slot(exit, pos) else {
            return Vec::new();
        };
        let edits = self.edits.iter().filter(|e| e.slot == slot);
        edits.map(|e| (e.zone, e.tile, e.mk)).collect()
    }

    /// `inc_mk` on the next normal draw, zone A.
    pub fn light_a(&mut self, tile: Tile, mk: i32) -> Result<(), MountError> {
        self.inc_mk(Exit::Pii, 0, tile, mk, MountZone::A)
    }

    /// `inc_mk` on the next normal draw, zone B.
    pub fn light_b(&mut self, tile: Tile, mk: i32) -> Result<(), MountError> {
        self.inc_mk(Exit::Pii, 0, tile, mk, MountZone::B)
    }

    /// Moves `min(n, copies of tile in A)` copies of `tile` from A to B. Nothing ever returns
    /// from B to A (there is no `load_a`).
    pub fn load_b(&mut self, tile: Tile, n: u8) -> Result<(), MountError> {
        self.check_in_set(tile)?;
        let moved = n.min(self.zones[0][tile]);
        self.take(MountZone::A, tile, moved);
        self.put(MountZone::B, tile, moved);
        Ok(())
    }

    /// Fixes the slot at `pos` of `exit` to `tile`, taking the copy from A, else from B (nothing
    /// happens when neither holds one). The first collapse of a slot wins; deltas on a collapsed
    /// slot are ignored. Future sight uses it so the wall is the same in every timeline.
    pub fn early_collapse(&mut self, exit: Exit, pos: u16, tile: Tile) -> Result<(), MountError> {
        self.check_in_set(tile)?;
        let slot = self.slot(exit, pos)?;
        if self.collapse_at(slot).is_some() {
            return Ok(());
        }
        let Some(from) = [MountZone::A, MountZone::B]
            .into_iter()
            .find(|z| self.zones[z.index()][tile] > 0)
        else {
            return Ok(());
        };
        self.take(from, tile, 1);
        self.edits.retain(|e| e.slot != slot);
        self.collapses.push(Collapse { slot, tile, from });
        Ok(())
    }

    /// Replaces every undrawn copy (zones A and B, collapsed slots) with `stock`, all in
    /// zone A: a determinization returns what a viewer cannot see to the stock, so that future
    /// draws are resampled. Presence deltas stay (they are the abilities' rules, not tiles).
    /// `stock` must hold as many copies as [`Mount::undrawn`] and fit in the tile set.
    pub fn restock(&mut self, stock: &TileCounts) -> Result<(), MountError> {
        self.replace_stock(stock, false)
    }

    /// [`restock`](Self::restock) that keeps the collapsed slots as they are: a viewer who
    /// collapsed them knows their tiles. `stock` replaces zones A and B and must hold as many
    /// copies as they do, and fit in the tile set beside the collapsed tiles.
    pub fn restock_keeping_collapses(&mut self, stock: &TileCounts) -> Result<(), MountError> {
        self.replace_stock(stock, true)
    }

    /// `stock` in zone A in place of zones A and B, and of the collapsed slots unless `keep`.
    fn replace_stock(&mut self, stock: &TileCounts, keep: bool) -> Result<(), MountError> {
        let collapsed = self.collapses.len() as u32;
        let undrawn = self.totals[0] + self.totals[1] + if keep { 0 } else { collapsed };
        let given = stock.total();
        if given != undrawn {
            return Err(MountError::RestockSize { undrawn, given });
        }
        let mut all = *stock;
        if keep {
            for c in &self.collapses {
                all[c.tile] += 1;
            }
        }
        if let Some(tile) = Tile::ALL
            .into_iter()
            .find(|&t| all[t] > self.set.counts()[t])
        {
            return Err(MountError::NotInTileSet { tile });
        }
        self.zones = [*stock, TileCounts::new()];
        self.totals = [given, 0];
        if !keep {
            self.collapses.clear();
        }
        Ok(())
    }

    /// Trades with a hand: one copy of `take` leaves zone A and one of `give` enters it (a
    /// determinization that learns a hidden hand held `take`).
    pub fn exchange(&mut self, give: Tile, take: Tile) -> Result<(), MountError> {
        self.check_in_set(give)?;
        if self.zones[0][take] == 0 {
            return Err(MountError::NotInZoneA { tile: take });
        }
        self.take(MountZone::A, take, 1);
        self.put(MountZone::A, give, 1);
        Ok(())
    }

    /// Makes the `index`-th dora indicator flipped `tile`, taken from zone A; the indicator it
    /// was goes back to zone A (a determinization that learns the indicator). Returns it.
    pub fn replace_indicator(&mut self, index: usize, tile: Tile) -> Result<Tile, MountError> {
        let Some(&old) = self.dora.get(index) else {
            return Err(MountError::NoIndicator { index });
        };
        self.exchange(old, tile)?;
        self.dora[index] = tile;
        Ok(old)
    }

    /// Deals one copy of `tile` out of zone A into a starting hand (raid and beg stages of the
    /// dealer). Returns false, changing nothing, when A holds none. Dealt tiles count as drawn:
    /// they leave [`Mount::undrawn`].
    pub fn deal_tile(&mut self, tile: Tile) -> bool {
        if self.zones[0][tile] == 0 {
            return false;
        }
        self.take(MountZone::A, tile, 1);
        true
    }

    /// Deals one copy out of zone A into a starting hand (the dealer's monkey stage), chosen by
    /// the draw rule restricted to zone A with the seat's `presence` deltas; without deltas,
    /// uniformly by count. Zone B and the exits' slots are not involved.
    pub fn deal_from_a<R: Rng + ?Sized>(
        &mut self,
        presence: &Presence,
        rng: &mut R,
    ) -> Result<Tile, MountError> {
        let mut fill = self.hand_fill(presence);
        self.deal_filling(&mut fill, presence, rng)
    }

    /// The dealing weights of `presence` for the current zone A (see [`Mount::deal_filling`]).
    pub(crate) fn hand_fill(&self, presence: &Presence) -> HandFill {
        HandFill::new(&self.zones[0], presence)
    }

    /// [`Mount::deal_from_a`] with weights kept up to date across the deals of one hand: `fill`
    /// must come from [`Mount::hand_fill`] with the same `presence`, on this zone A, and only
    /// this method may have changed A since.
    pub(crate) fn deal_filling<R: Rng + ?Sized>(
        &mut self,
        fill: &mut HandFill,
        presence: &Presence,
        rng: &mut R,
    ) -> Result<Tile, MountError> {
        let total = self.totals[0];
        if total == 0 {
            return Err(MountError::EmptyA);
        }
        let tile = if presence.is_none() {
            sample_copy(&self.zones[0], total, rng)
        } else if let Some(tile) = fill.sample(rng) {
            tile
        } else {
            let zones = [self.zones[0], TileCounts::new()];
            let weights = Weights::new(&zones, &presence.deltas()).ok_or(MountError::EmptyA)?;
            weights.sample(rng).1
        };
        self.take(MountZone::A, tile, 1);
        if !presence.is_none() {
            fill.update(&self.zones[0], presence, tile.kind());
        }
        Ok(tile)
    }

    /// The exact distribution of the next tile out of `exit`.
    pub fn probabilities(&self, exit: Exit) -> Result<Odds, MountError> {
        self.next_draw(exit).map(|next| next.odds())
    }

    /// What a draw from `exit` would give, without drawing (the mount is unchanged): many
    /// samples from one state estimate [`Mount::probabilities`].
    pub fn sample<R: Rng + ?Sized>(&self, exit: Exit, rng: &mut R) -> Result<Tile, MountError> {
        self.next_draw(exit).map(|next| next.sample(rng).tile())
    }

    /// Draws the next tile out of `exit` by the mount's rule: a collapsed slot gives its
    /// tile; a slot without deltas draws uniformly by count from A (from B if A is empty);
    /// otherwise presence decides (see [the module docs](crate::mount)). Draws from [`Exit::Dorahyou`] and
    /// [`Exit::Urahyou`] flip indicators; a draw from [`Exit::Rinshan`] shortens the live wall.
    pub fn draw<R: Rng + ?Sized>(&mut self, exit: Exit, rng: &mut R) -> Result<Tile, MountError> {
        let pick = self.next_draw(exit)?.sample(rng);
        self.draw_picked(exit, pick)
    }

    /// The next draw out of `exit` as a chance point (see [`NextDraw`]); the mount is
    /// unchanged. Draw what it produces with [`Mount::draw_picked`] (a game's rules do both in
    /// one step: `mount::draw_at_point`).
    pub fn next_draw(&self, exit: Exit) -> Result<NextDraw, MountError> {
        let slot = self.slot(exit, 0)?;
        if let Some(c) = self.collapse_at(slot) {
            return Ok(NextDraw {
                exit,
                rule: Rule::Collapsed(c.tile),
            });
        }
        // A replacement draw first returns the copy collapsed on the live slot it cuts off.
        let (mut zones, mut totals) = (self.zones, self.totals);
        if let Some(c) = self.cut_by(exit).and_then(|cut| self.collapse_at(cut)) {
            zones[c.from.index()][c.tile] += 1;
            totals[c.from.index()] += 1;
        }
        let rule = if self.edits.iter().any(|e| e.slot == slot) {
            Weights::new(&zones, &self.deltas(slot))
                .map(Rule::Weighted)
                .ok_or(MountError::EmptyStock { exit })?
        } else {
            let zone = [MountZone::A, MountZone::B]
                .into_iter()
                .find(|zone| totals[zone.index()] > 0)
                .ok_or(MountError::EmptyStock { exit })?;
            Rule::ByCount {
                zone,
                counts: zones[zone.index()],
                total: totals[zone.index()],
            }
        };
        Ok(NextDraw { exit, rule })
    }

    /// Draws `pick` — what [`Mount::next_draw`] of `exit` produced for this mount — out of
    /// `exit`. A pick this mount cannot give there ([`MountError::CannotDraw`]) changes
    /// nothing.
    pub fn draw_picked(&mut self, exit: Exit, pick: DrawPick) -> Result<Tile, MountError> {
        let slot = self.slot(exit, 0)?;
        let tile = pick.tile();
        // A replacement cuts the last live slot off: a tile collapsed there goes back to the
        // stock first, so it can be drawn (when every live slot is collapsed, the stock would
        // otherwise be empty). On an error it is put back: nothing changes.
        let uncollapsed = self.cut_by(exit).and_then(|cut| {
            let at = self.collapses.iter().position(|c| c.slot == cut)?;
            let c = self.collapses.swap_remove(at);
            self.put(c.from, c.tile, 1);
            Some((at, c))
        });
        let drawable = match pick.source {
            Source::Zone(zone) => {
                self.collapse_at(slot).is_none() && self.zones[zone.index()][tile] > 0
            }
            Source::Collapsed => self.collapse_at(slot).is_some_and(|c| c.tile == tile),
        };
        if !drawable {
            if let Some((at, c)) = uncollapsed {
                self.take(c.from, c.tile, 1);
                // Undoes the swap_remove exactly: the collapses keep their order.
                self.collapses.push(c);
                let last = self.collapses.len() - 1;
                self.collapses.swap(at, last);
            }
            return Err(MountError::CannotDraw { exit, tile });
        }
        match pick.source {
            Source::Zone(zone) => self.take(zone, tile, 1),
            Source::Collapsed => self.collapses.retain(|c| c.slot != slot),
        }
        self.edits.retain(|e| e.slot != slot);
        self.taken[exit.index()] += 1;
        match exit {
            Exit::Pii => {}
            Exit::Rinshan => {
                let index = self.layout.pii - self.taken[Exit::Rinshan.index()];
                self.release(MountSlot {
                    exit: Exit::Pii,
                    index,
                });
            }
            Exit::Dorahyou => self.dora.push(tile),
            Exit::Urahyou => self.ura.push(tile),
        }
        Ok(tile)
    }

    /// The live slot a draw from `exit` cuts off (a replacement draw's), if any.
    fn cut_by(&self, exit: Exit) -> Option<MountSlot> {
        (exit == Exit::Rinshan).then(|| MountSlot {
            exit: Exit::Pii,
            index: self.layout.pii - self.taken[Exit::Rinshan.index()] - 1,
        })
    }

    /// The slot at `pos` of `exit`.
    #[inline]
    fn slot(&self, exit: Exit, pos: u16) -> Result<MountSlot, MountError> {
        let left = self.slots_left(exit);
        if pos < left {
            Ok(MountSlot {
                exit,
                index: self.taken[exit.index()] + pos,
            })
        } else {
            Err(MountError::NoSlot { exit, pos, left })
        }
    }

    #[inline]
    fn collapse_at(&self, slot: MountSlot) -> Option<&Collapse> {
        self.collapses.iter().find(|c| c.slot == slot)
    }

    fn check_in_set(&self, tile: Tile) -> Result<(), MountError> {
        if self.set.contains(tile) {
            Ok(())
        } else {
            Err(MountError::NotInTileSet { tile })
        }
    }

    /// The deltas of one slot, gathered per zone.
    #[inline]
    fn deltas(&self, slot: MountSlot) -> Deltas {
        let mut deltas = Deltas::ZERO;
        for e in self.edits.iter().filter(|e| e.slot == slot) {
            deltas.add(e.zone, e.tile, e.mk);
        }
        deltas
    }

    /// Removes `n` copies of `tile` from `zone` (which holds them).
    fn take(&mut self, zone: MountZone, tile: Tile, n: u8) {
        self.zones[zone.index()][tile] -= n;
        self.totals[zone.index()] -= u32::from(n);
    }

    /// Adds `n` copies of `tile` to `zone`.
    fn put(&mut self, zone: MountZone, tile: Tile, n: u8) {
        self.zones[zone.index()][tile] += n;
        self.totals[zone.index()] += u32::from(n);
    }

    /// Forgets a slot that no longer exists: its deltas go, a collapsed copy returns to the zone
    /// it came from.
    fn release(&mut self, slot: MountSlot) {
        self.edits.retain(|e| e.slot != slot);
        if let Some(at) = self.collapses.iter().position(|c| c.slot == slot) {
            let c = self.collapses.swap_remove(at);
            self.put(c.from, c.tile, 1);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alea::chance::{Purpose, derive_stream};
    use rand_chacha::ChaCha8Rng;

    fn tile(text: &str) -> Tile {
        text.parse().unwrap()
    }

    fn rng(seed: u64) -> ChaCha8Rng {
        derive_stream(seed, Purpose::Draw.key(), 0)
    }

    fn small(tiles: &str, layout: WallLayout) -> Mount {
        Mount::new(
            TileSet::from_counts(tiles.parse().unwrap()).unwrap(),
            layout,
        )
    }

    const LAYOUT: WallLayout = WallLayout {
        pii: 3,
        rinshan: 1,
        dorahyou: 1,
        urahyou: 1,
    };

    #[test]
    fn exchanges_trade_with_zone_a_and_fail_without_changing_anything() {
        let mut mount = small("1m 2m 3m3m", LAYOUT);
        // A hand gives 1m's copy back and takes 3m: the stock's totals stay.
        assert!(mount.deal_tile(tile("1m")));
        mount.exchange(tile("1m"), tile("3m")).unwrap();
        assert_eq!(
            (mount.remain_a(tile("1m")), mount.remain_a(tile("3m"))),
            (1, 1)
        );
        assert_eq!(mount.undrawn().total(), 3);
        let before = mount.clone();
        assert_eq!(
            mount.exchange(tile("1m"), tile("9p")),
            Err(MountError::NotInZoneA { tile: tile("9p") })
        );
        assert_eq!(
            mount.replace_indicator(0, tile("2m")),
            Err(MountError::NoIndicator { index: 0 })
        );
        assert_eq!(mount, before);
        // The flipped indicator becomes 3m; the one it was returns to zone A.
        mount.early_collapse(Exit::Dorahyou, 0, tile("2m")).unwrap();
        mount.draw(Exit::Dorahyou, &mut rng(1)).unwrap();
        assert_eq!(mount.replace_indicator(0, tile("3m")), Ok(tile("2m")));
        assert_eq!(mount.dora_indicators(), [tile("3m")]);
        assert_eq!(
            (mount.remain_a(tile("2m")), mount.remain_a(tile("3m"))),
            (1, 0)
        );
    }

    #[test]
    fn reading_a_five_agrees_with_lighting_it() {
        // 3 black and 1 red 5p: the kind form reads (and lights) all four, the exact forms
        // name the black or the red copies only.
        let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        assert_eq!(mount.remain_a(tile("5p")), 4);
        assert_eq!(mount.remain_a_exact(tile("5p")), 3);
        assert_eq!(mount.remain_a(tile("0p")), 1);
        assert_eq!(mount.remain_a_exact(tile("0p")), 1);
        assert!(mount.deal_tile(tile("0p")));
        assert_eq!(
            (mount.remain_a(tile("5p")), mount.remain_a(tile("0p"))),
            (3, 0)
        );
        // Lighting the kind moves all three remaining fives together.
        mount.light_a(tile("5p"), 10_000).unwrap();
        let odds = mount.probabilities(Exit::Pii).unwrap();
        assert!(odds.probability(tile("5p")) > 0.5);
        assert_eq!(odds.probability(tile("0p")), 0.0);
    }

    #[test]
    fn replacement_draws_shorten_the_live_wall() {
        let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let mut rng = rng(1);
        assert_eq!(mount.slots_left(Exit::Pii), 70);
        mount.draw(Exit::Rinshan, &mut rng).unwrap();
        mount.draw(Exit::Pii, &mut rng).unwrap();
        assert_eq!(
            (mount.slots_left(Exit::Pii), mount.slots_left(Exit::Rinshan)),
            (68, 3)
        );
        assert_eq!(mount.drawn_from(Exit::Rinshan), 1);
        for _ in 0..68 {
            mount.draw(Exit::Pii, &mut rng).unwrap();
        }
        // No live tile left to shorten: no replacement draw either.
        let before = mount.clone();
        for exit in [Exit::Pii, Exit::Rinshan] {
            assert_eq!(
                mount.draw(exit, &mut rng),
                Err(MountError::NoSlot {
                    exit,
                    pos: 0,
                    left: 0
                })
            );
        }
        assert_eq!(mount, before);
        assert_eq!(mount.undrawn().total(), 136 - 70);
    }

    #[test]
    fn indicator_draws_flip_indicators() {
        let mut mount = Mount::new(TileSet::riichi(false), WallLayout::riichi());
        let mut rng = rng(2);
        let dora: Vec<Tile> = (0..5)
            .map(|_| mount.draw(Exit::Dorahyou, &mut rng).unwrap())
            .collect();
        let ura = mount.draw(Exit::Urahyou, &mut rng).unwrap();
        assert_eq!(mount.dora_indicators(), dora.as_slice());
        assert_eq!(mount.ura_indicators(), &[ura]);
        assert!(mount.draw(Exit::Dorahyou, &mut rng).is_err());
        assert_eq!(mount.slots_left(Exit::Pii), 70);
    }

    #[test]
    fn a_collapsed_live_slot_cut_off_by_a_replacement_draw_returns_its_copy() {
        let mut mount = small("1234m", LAYOUT);
        mount.early_collapse(Exit::Pii, 2, tile("4m")).unwrap();
        mount.early_collapse(Exit::Rinshan, 0, tile("1m")).unwrap();
        assert_eq!(mount.remain_a(tile("4m")), 0);
        assert_eq!(mount.draw(Exit::Rinshan, &mut rng(3)), Ok(tile("1m")));
        assert_eq!(mount.slots_left(Exit::Pii), 2);
        assert_eq!(mount.remain_a(tile("4m")), 1);
        assert_eq!(mount.undrawn(), "234m".parse().unwrap());
    }

    #[test]
    fn misuse_is_an_error_and_changes_nothing() {
        let mut sichuan = Mount::new(TileSet::sichuan(), WallLayout::sichuan());
        sichuan.light_a(tile("5s"), 50).unwrap();
        let before = sichuan.clone();
        let honor = tile("1z");
        let not_in_set = Err(MountError::NotInTileSet { tile: honor });
        assert_eq!(sichuan.light_a(honor, 100), not_in_set);
        assert_eq!(sichuan.load_b(honor, 1), not_in_set);
        assert_eq!(sichuan.early_collapse(Exit::Pii, 0, honor), not_in_set);
        assert_eq!(
            sichuan.inc_mk(Exit::Dorahyou, 0, tile("1m"), 5, MountZone::A),
            Err(MountError::NoSlot {
                exit: Exit::Dorahyou,
                pos: 0,
                left: 0
            })
        );
        assert_eq!(sichuan, before);
        // Red fives exist only in sets that have them, yet a black five names its kind.
        let mut plain = Mount::new(TileSet::riichi(false), WallLayout::riichi());
        assert!(plain.load_b(tile("0p"), 1).is_err());
        let mut reds_only = small("0p1m", LAYOUT);
        assert!(reds_only.light_a(tile("5p"), 10).is_ok());
        assert!(reds_only.load_b(tile("5p"), 1).is_err());
        // An empty stock with slots left.
        let mut empty = small("1m", LAYOUT);
        empty.draw(Exit::Pii, &mut rng(4)).unwrap();
        let before = empty.clone();
        assert_eq!(
            empty.draw(Exit::Pii, &mut rng(4)),
            Err(MountError::EmptyStock { exit: Exit::Pii })
        );
        assert_eq!(
            empty.probabilities(Exit::Pii),
            Err(MountError::EmptyStock { exit: Exit::Pii })
        );
        assert_eq!(empty, before);
    }

    #[test]
    fn cancelling_deltas_leave_the_slot_unedited() {
        let fresh = small("788999p", LAYOUT);
        let mut mount = fresh.clone();
        mount.light_a(tile("7p"), 100).unwrap();
        mount.light_a(tile("7p"), -60).unwrap();
        mount.light_a(tile("7p"), -40).unwrap();
        mount.light_b(tile("9p"), 0).unwrap();
        assert_eq!(mount, fresh);
    }

    #[test]
    fn sample_is_the_draw_without_the_change() {
        let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        mount.light_a(tile("1z"), 300).unwrap();
        for seed in 0..50 {
            let mut drawn = mount.clone();
            let sampled = mount.sample(Exit::Pii, &mut rng(seed)).unwrap();
            assert_eq!(drawn.draw(Exit::Pii, &mut rng(seed)), Ok(sampled));
            assert_ne!(drawn, mount);
        }
    }

    #[test]
    fn restock_replaces_zones_and_collapses_or_changes_nothing() {
        let mut mount = small("1234m", LAYOUT);
        mount.load_b(tile("2m"), 1).unwrap();
        mount.early_collapse(Exit::Pii, 1, tile("3m")).unwrap();
        mount.draw(Exit::Pii, &mut rng(6)).unwrap();
        let before = mount.clone();
        assert_eq!(
            mount.restock(&"11m".parse().unwrap()),
            Err(MountError::RestockSize {
                undrawn: 3,
                given: 2
            })
        );
        assert_eq!(
            mount.restock(&"111m".parse().unwrap()),
            Err(MountError::NotInTileSet { tile: tile("1m") })
        );
        assert_eq!(mount, before);
        let stock: TileCounts = "124m".parse().unwrap();
        mount.restock(&stock).unwrap();
        assert_eq!(mount.undrawn(), stock);
        assert_eq!(mount.stock_a(), &stock);
        assert_eq!(mount.collapsed(Exit::Pii, 0), None);
        assert_eq!(mount.slots_left(Exit::Pii), 2);
    }

    #[test]
    fn clone_from_restores_every_field() {
        let start = Mount::new(TileSet::riichi(true), WallLayout::riichi());
        let mut mount = start.clone();
        let mut rng = rng(5);
        mount.early_collapse(Exit::Pii, 3, tile("0s")).unwrap();
        mount
            .inc_mk(Exit::Rinshan, 1, tile("7z"), -30, MountZone::B)
            .unwrap();
        mount.draw(Exit::Dorahyou, &mut rng).unwrap();
        let mut restored = start.clone();
        restored.clone_from(&mount);
        assert_eq!(restored, mount);
        restored.clone_from(&start);
        assert_eq!(restored, start);
    }
}
