//! Sichuan as numbers ([`Encode`]): the shared tile planes
//! ([`mahjong::encode`](crate::games::mahjong::encode)) and 113 action ids.
//!
//! What each id names is [`Encode::action_layout`] (the book's table and `alea games --json`
//! are made from it).

use super::{Battle, Sichuan, SichuanAction, Stage, Standings};
use crate::games::mahjong::encode::{TableView, kind_id, layout, shape, tile_id, write_planes};
use crate::games::mahjong::{HandTable, SeatPlayer};
use crate::mount::{Exit, Mount};
use crate::tiles::{Suit, TileCounts};
use alea::encode::{Encode, Part, parts};
use alea::kernel::{Seat, Sim};

impl Encode for Sichuan {
    fn player(
        &self,
        name: &str,
        seed: u64,
    ) -> Result<Box<dyn alea::search::Policy<Sichuan>>, alea::search::UnknownPlayer> {
        let player = SeatPlayer::named(name, seed, super::choose, false)?;
        Ok(Box::new(player))
    }

    fn measures(sim: &Sim<Sichuan>) -> Vec<alea::encode::Measure> {
        use crate::games::mahjong::Ruleset;
        let world = sim.world();
        crate::games::mahjong::encode::measures(Sichuan::scores(world), 0, &Sichuan::tally(world))
    }

    fn observation_layout(&self) -> Vec<Part> {
        layout()
    }

    fn action_layout(&self) -> Vec<Part> {
        parts([
            (3, "declare the missing suit (m, p, s)"),
            (37, "discard the tile (Tile::index)"),
            (34, "closed kan of the kind"),
            (34, "added kan of the kind"),
            (1, "tsumo"),
            (1, "ron"),
            (1, "pon"),
            (1, "kan"),
            (1, "pass"),
        ])
    }

    fn num_actions(&self) -> u32 {
        113
    }

    fn action_id(&self, action: &SichuanAction) -> u32 {
        match *action {
            SichuanAction::Declare(suit) => match suit {
                Suit::Man => 0,
                Suit::Pin => 1,
                _ => 2,
            },
            SichuanAction::Discard(t) => tile_id(3, t),
            SichuanAction::ClosedKan(t) => kind_id(40, t),
            SichuanAction::AddedKan(t) => kind_id(74, t),
            SichuanAction::Tsumo => 108,
            SichuanAction::Ron => 109,
            SichuanAction::Pon => 110,
            SichuanAction::Kan => 111,
            SichuanAction::Pass => 112,
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        shape()
    }

    fn observation(sim: &Sim<Sichuan>, seat: Seat, out: &mut [f32]) {
        let world = sim.world();
        let (battle, standings, mount) = (
            world.resource::<Battle>(),
            world.resource::<Standings>(),
            world.resource::<Mount>(),
        );
        let mut rivers = [TileCounts::new(); 4];
        for &(from, tile, _) in &battle.river {
            rivers[from.index()][tile] += 1;
        }
        let mut melds = [TileCounts::new(); 4];
        for (s, counts) in melds.iter_mut().enumerate() {
            for meld in battle.melds_of(Seat(s as u8)) {
                counts.add(&crate::games::mahjong::meld_tiles(&meld.meld));
            }
        }
        let focus = match battle.stage {
            Stage::Turn { seat: mover, .. } if mover == seat => battle.drawn[seat.index()],
            Stage::Claims { tile, .. } => Some(tile),
            _ => None,
        };
        let view = TableView {
            viewer: seat,
            hand: &battle.hands[seat.index()],
            rivers,
            melds,
            indicators: &[],
            focus,
            flags: battle.won.map(|w| w.is_some()),
            scores: standings.scores,
            dealer: standings.dealer(),
            wall_left: u32::from(mount.slots_left(Exit::Pii)),
            missing: battle.missing[seat.index()],
        };
        write_planes(&view, out);
    }

    crate::games::mahjong::encode_items!();
}
