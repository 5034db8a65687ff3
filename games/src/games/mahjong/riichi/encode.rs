//! Riichi as numbers ([`Encode`]): the shared tile planes
//! ([`mahjong::encode`](crate::games::mahjong::encode)) and 385 action ids.
//!
//! What each id names is [`Encode::action_layout`] (the book's table and `alea games --json`
//! are made from it).

use super::{Kyoku, Match, Phase, Riichi, RiichiAction};
use crate::games::mahjong::encode::{TableView, kind_id, layout, shape, tile_id, write_planes};
use crate::games::mahjong::{HandTable, SeatPlayer};
use crate::mount::{Exit, Mount};
use crate::tiles::{Tile, TileCounts};
use alea::encode::{Encode, Part, parts};
use alea::kernel::{Seat, Sim};

impl Encode for Riichi {
    fn player(
        &self,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn alea::search::Policy<Riichi>>, alea::search::UnknownPlayer> {
        let player = SeatPlayer::named(name, seed, super::choose, true)?;
        Ok(Box::new(player))
    }

    fn measures(sim: &Sim<Riichi>) -> Vec<alea::encode::Measure> {
        use crate::games::mahjong::Ruleset;
        let world = sim.world();
        crate::games::mahjong::encode::measures(
            Riichi::scores(world),
            sim.rules().game.config.start_points,
            &Riichi::tally(world),
        )
    }

    fn observation_layout(&self) -> Vec<Part> {
        layout()
    }

    fn action_layout(&self) -> Vec<Part> {
        parts([
            (
                37,
                "discard the tile (Tile::index: 34 kinds, then the red fives)",
            ),
            (37, "riichi, discarding the tile"),
            (34, "closed kan of the kind"),
            (34, "added kan of the kind"),
            (102, "pon: kind × 3 + red fives among the two tiles"),
            (
                136,
                "chi: (lower kind of the two tiles × 2 + gap − 1) × 2 + a red five among them",
            ),
            (1, "tsumo"),
            (1, "ron"),
            (1, "open kan"),
            (1, "pass"),
            (1, "nine terminals"),
        ])
    }

    fn num_actions(&self) -> u32 {
        385
    }

    fn action_id(&self, action: &RiichiAction) -> u32 {
        let reds = |a: Tile, b: Tile| u32::from(a.is_red()) + u32::from(b.is_red());
        match *action {
            RiichiAction::Discard(t) => tile_id(0, t),
            RiichiAction::Riichi(t) => tile_id(37, t),
            RiichiAction::ClosedKan(t) => kind_id(74, t),
            RiichiAction::AddedKan(t) => kind_id(108, t),
            RiichiAction::Pon(a, b) => kind_id(0, a) * 3 + 142 + reds(a, b).min(2),
            RiichiAction::Chi(a, b) => {
                let (low, high) = (
                    a.kind().index().min(b.kind().index()),
                    a.kind().index().max(b.kind().index()),
                );
                let gap = (high - low).clamp(1, 2) as u32;
                244 + ((low as u32 * 2 + gap - 1) * 2) + reds(a, b).min(1)
            }
            RiichiAction::Tsumo => 380,
            RiichiAction::Ron => 381,
            RiichiAction::Kan => 382,
            RiichiAction::Pass => 383,
            RiichiAction::NineTerminals => 384,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        shape()
    }

    fn observation(sim: &Sim<Riichi>, seat: Seat, out: &mut [f32]) {
        let world = sim.world();
        let (kyoku, table, mount) = (
            world.resource::<Kyoku>(),
            world.resource::<Match>(),
            world.resource::<Mount>(),
        );
        let mut rivers = [TileCounts::new(); 4];
        for (from, discard) in &kyoku.river {
            rivers[from.index()][discard.tile] += 1;
        }
        let mut melds = [TileCounts::new(); 4];
        for (s, counts) in melds.iter_mut().enumerate() {
            for meld in kyoku.melds_of(Seat(s as u8)) {
                counts.add(&meld.tiles());
            }
        }
        let focus = match kyoku.phase {
            Phase::Turn { seat: mover, .. } if mover == seat => kyoku.drawn[seat.index()],
            Phase::Claims { tile, .. } => Some(tile),
            _ => None,
        };
        let view = TableView {
            viewer: seat,
            hand: &kyoku.hands[seat.index()],
            rivers,
            melds,
            indicators: mount.dora_indicators(),
            focus,
            flags: kyoku.riichi,
            scores: table.scores,
            dealer: table.dealer(),
            wall_left: u32::from(mount.slots_left(Exit::Pii)),
            missing: None,
        };
        write_planes(&view, out);
    }

    crate::games::mahjong::encode_items!();
}
