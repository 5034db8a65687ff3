//! Hidden information in riichi: what a seat observes ([`observe`]) and the worlds consistent
//! with it ([`fill_unknown`]), for information-set search.

use crate::games::mahjong::HandTable;
use std::hash::{Hash, Hasher};

use bevy_ecs::prelude::*;
use rand::Rng;

use super::state::{Answer, Kyoku, Match, Phase, SEATS};
use super::{Riichi, legal};
use crate::games::mahjong::abilities::kept_from_rivals;
use crate::games::mahjong::fill::{self, Concealed, FillTable, KindMask, concealed_size};
use crate::mount::{Exit, Mount};
use crate::tiles::{TileCounts, TileKind, TileSet};
use alea::kernel::Seat;

/// What riichi's fill reads before the mount leaves the world: the kinds Kasumi's ability
/// keeps from the viewer's rivals, and the seat on turn.
pub struct FillStart {
    kept: KindMask,
    on_turn: Option<Seat>,
}

/// What the fill ([`fill_unknown`](super::fill_unknown)) resamples for `viewer`: the other seats'
/// concealed tiles (their sizes kept: 13 − 3 × melds, + 1 for the seat on turn) and the whole
/// undrawn stock, B zone and other seats' collapsed slots included. The deal is consistent
/// with what the table has shown ([`Inference::Constrained`](fill::Inference::Constrained)): a seat that declared riichi is
/// ready (its drawn tile aside); when `viewer` is Kasumi, the others hold none of her plan's
/// suit while her ability keeps it from them; when `viewer` is Toki, the slots she collapsed
/// stay. An opponent's drawn tile is a tile of its new hand, its temporary and riichi furiten
/// (which hang on its hidden hand) are cleared, and in a claim window the seats still to
/// answer after `viewer` get the options of their new hands. On an error the world is
/// unchanged.
impl FillTable for Riichi {
    type Before = FillStart;

    fn before(world: &World, viewer: Seat, constrained: bool) -> FillStart {
        let kyoku = world.resource::<Kyoku>();
        let kept = match constrained {
            true => {
                let mine = kyoku.river.iter().filter(|(s, _)| *s == viewer).count();
                // A kan's replacement draw is not steered by Kasumi's ability.
                match kyoku.kans {
                    0 => kept_from_rivals(world, viewer, mine),
                    _ => KindMask::NONE,
                }
            }
            false => KindMask::NONE,
        };
        let on_turn = match kyoku.phase {
            Phase::Turn { seat, .. } => Some(seat),
            _ => None,
        };
        FillStart { kept, on_turn }
    }

    fn holder(before: &FillStart) -> Option<Seat> {
        before.on_turn
    }

    /// A seat that declared riichi is ready (its drawn tile aside); Kasumi's kept suit is
    /// forbidden to the others.
    fn concealed(
        world: &World,
        before: &FillStart,
        (seat, viewer): (Seat, Seat),
        constrained: bool,
    ) -> Concealed {
        let kyoku = world.resource::<Kyoku>();
        let s = seat.index();
        Concealed {
            tiles: kyoku.hands[s],
            size: concealed_size(kyoku.meld_count[s], before.on_turn == Some(seat)),
            playing: true,
            drawn: kyoku.drawn[s],
            forbidden: if seat == viewer {
                KindMask::NONE
            } else {
                before.kept
            },
            ready: constrained && (kyoku.riichi[s] || kyoku.riichi_pending == Some(seat)),
        }
    }

    fn meld_tiles(world: &World, seat: Seat, seen: &mut TileCounts) {
        for meld in world.resource::<Kyoku>().melds_of(seat) {
            seen.add(&meld.tiles());
        }
    }

    /// A declarer's discards after its riichi are forced: no evidence; nor is a discard
    /// before an added kan being robbed.
    fn evidence(world: &World, seat: Seat) -> Option<TileKind> {
        let kyoku = world.resource::<Kyoku>();
        if robbing(kyoku.phase, seat) {
            return None;
        }
        kyoku
            .river
            .iter()
            .rev()
            .find(|(d, _)| *d == seat)
            .filter(|(_, t)| !kyoku.riichi[seat.index()] || t.riichi)
            .map(|(_, t)| t.tile.kind())
    }

    fn public_tiles(world: &World, mount: &Mount, seen: &mut TileCounts) {
        let kyoku = world.resource::<Kyoku>();
        for (_, t) in kyoku.river.iter().filter(|(_, t)| !t.called) {
            seen[t.tile] += 1;
        }
        for &t in mount.dora_indicators().iter().chain(mount.ura_indicators()) {
            seen[t] += 1;
        }
    }

    fn tile_set(&self) -> TileSet {
        Riichi::tile_set(self)
    }

    /// An opponent's temporary and riichi furiten hang on its hidden hand: cleared.
    fn write_back<R: Rng + ?Sized>(
        world: &mut World,
        viewer: Seat,
        seats: &[Concealed; SEATS],
        _: bool,
        _: &mut R,
    ) {
        let mut kyoku = world.resource_mut::<Kyoku>();
        for (s, concealed) in seats.iter().enumerate() {
            if s == viewer.index() {
                continue;
            }
            kyoku.hands[s] = concealed.tiles;
            kyoku.drawn[s] = concealed.drawn;
            kyoku.temporary_furiten[s] = false;
            kyoku.riichi_furiten[s] = false;
        }
    }

    fn refresh_claims(&self, world: &mut World, mount: &Mount, viewer: Seat) {
        let Phase::Claims {
            from,
            tile,
            chankan,
        } = world.resource::<Kyoku>().phase
        else {
            return;
        };
        let (can, _) = legal::claim_options(
            self,
            world.resource::<Kyoku>(),
            world.resource::<Match>(),
            mount,
            from,
            tile,
            chankan,
        );
        let mut kyoku = world.resource_mut::<Kyoku>();
        let kyoku = &mut *kyoku;
        fill::refresh_claims(
            from,
            viewer,
            &can,
            &mut kyoku.can,
            &mut kyoku.answers,
            (Answer::None, Answer::Pass),
        );
    }
}

/// True in a window on `seat`'s added kan (its hand changed since its last discard).
fn robbing(phase: Phase, seat: Seat) -> bool {
    matches!(phase, Phase::Claims { from, chankan: true, .. } if from == seat)
}

/// Feeds `hasher` everything `seat` has seen: its concealed tiles and last draw, its claim
/// options and answer, its furiten flags, and the public state — melds, rivers with riichi and
/// call markers, riichi flags, indicators, the live wall's length, the phase, scores, round,
/// honba and sticks. Other seats' concealed tiles and the stock's contents are not fed.
pub(super) fn observe(world: &World, seat: Seat, hasher: &mut dyn Hasher) {
    let mut h = hasher;
    let kyoku = world.resource::<Kyoku>();
    let s = seat.index();
    kyoku.hands[s].hash(&mut h);
    kyoku.drawn[s].hash(&mut h);
    kyoku.can[s].hash(&mut h);
    kyoku.answers[s].hash(&mut h);
    kyoku.temporary_furiten[s].hash(&mut h);
    kyoku.riichi_furiten[s].hash(&mut h);
    kyoku.melds.hash(&mut h);
    kyoku.meld_count.hash(&mut h);
    kyoku.river.hash(&mut h);
    kyoku.riichi.hash(&mut h);
    kyoku.double_riichi.hash(&mut h);
    kyoku.ippatsu.hash(&mut h);
    kyoku.first_turn.hash(&mut h);
    kyoku.uninterrupted.hash(&mut h);
    kyoku.riichi_pending.hash(&mut h);
    kyoku.kans.hash(&mut h);
    kyoku.indicator_pending.hash(&mut h);
    kyoku.phase.hash(&mut h);
    // Whether each seat holds a drawn tile is public; which tile is not.
    kyoku.drawn.map(|d| d.is_some()).hash(&mut h);
    let mount = world.resource::<Mount>();
    mount.dora_indicators().hash(&mut h);
    mount.ura_indicators().hash(&mut h);
    for exit in [Exit::Pii, Exit::Rinshan, Exit::Dorahyou, Exit::Urahyou] {
        mount.slots_left(exit).hash(&mut h);
    }
    world.resource::<Match>().hash(&mut h);
}

/// `event` as `viewer` sees it: another seat's drawn tile unknown, another seat's answer to a
/// claim window unseen (a call or win it makes is its own event); everything else is public.
pub(super) fn seen_by(event: &super::RiichiEvent, viewer: Seat) -> Option<super::RiichiEvent> {
    use super::RiichiEvent;
    match *event {
        RiichiEvent::Draw { seat, exit, .. } if seat != viewer => Some(RiichiEvent::Draw {
            seat,
            exit,
            tile: None,
        }),
        RiichiEvent::Answer { seat, .. } if seat != viewer => None,
        RiichiEvent::Deal {
            wind,
            number,
            honba,
            sticks,
            ref hands,
            indicator,
        } => Some(RiichiEvent::Deal {
            wind,
            number,
            honba,
            sticks,
            hands: crate::games::mahjong::own_hand_only(hands, viewer),
            indicator,
        }),
        _ => Some(event.clone()),
    }
}
