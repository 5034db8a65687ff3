//! Hidden information in sichuan: the worlds consistent with what a seat observes
//! ([`fill_unknown`]), for information-set search. What a seat observes is
//! [`Game::observe`](alea::kernel::Game::observe) on [`Sichuan`].

use crate::games::mahjong::HandTable;
use bevy_ecs::prelude::*;
use rand::{Rng, RngExt};

use super::Sichuan;
use super::legal::{self, SUITS};
use super::state::{Battle, Claim, SEATS, Stage, Standings};
use crate::dealer::DealConfig;
use crate::games::mahjong::fill::{self, Concealed, FillTable, KindMask, concealed_size};
use crate::games::mahjong::meld_tiles;
use crate::mount::Mount;
use crate::tiles::{Suit, TileCounts, TileKind, TileSet};
use alea::kernel::Seat;

/// True when `seat` has discarded a tile outside its missing suit: it holds none of that suit
/// since (but for a tile it has just drawn, which it must discard next).
pub fn past_missing_suit(battle: &Battle, seat: Seat) -> bool {
    battle.missing[seat.index()].is_some_and(|suit| {
        battle
            .river
            .iter()
            .any(|&(s, tile, _)| s == seat && tile.suit() != suit)
    })
}

/// What the fill ([`fill_unknown`](super::fill_unknown)) resamples for `viewer`: the concealed
/// tiles of the other seats still playing (their sizes kept: 13 − 3 × melds, + 1 for the seat
/// holding a drawn or called tile, the dealer while the seats declare) and the whole undrawn
/// stock, from the 108-tile set minus the viewer's tiles, every meld, every uncalled discard
/// (a tile won on by ron stays in its river) and the hands of the seats that have left (shown
/// when they won, kept as they are). An opponent's last drawn tile becomes a tile of its new
/// hand; in a claim window the seats still to answer after `viewer` get the options of their
/// new hands.
///
/// The deal is consistent with what the table has shown ([`Inference::Constrained`](fill::Inference::Constrained)): a seat
/// must discard its missing suit first, so one that has discarded another suit holds none of
/// its missing suit (its drawn tile aside), dealt exactly; when `viewer` is Toki, the slots she
/// collapsed stay. Missing suits declared by others are kept once every seat has declared
/// (they are public then); while the seats still declare, a declaration `viewer` cannot see
/// yet is the suit the new hand holds fewest of (every shipped player declares so; `Uniform`
/// draws it uniformly from the three suits). On an error the world is unchanged.
impl FillTable for Sichuan {
    /// The seat holding a drawn or called tile: the seat on turn, the dealer while the seats
    /// declare.
    type Before = Option<Seat>;

    fn before(world: &World, _: Seat, _: bool) -> Option<Seat> {
        let dealer = world.resource::<Standings>().dealer();
        match world.resource::<Battle>().stage {
            Stage::Turn { seat, .. } => Some(seat),
            Stage::Declare { .. } => Some(dealer),
            _ => None,
        }
    }

    fn holder(before: &Option<Seat>) -> Option<Seat> {
        *before
    }

    /// A seat past its missing suit holds none of it (its drawn tile aside), dealt exactly.
    fn concealed(
        world: &World,
        holder: &Option<Seat>,
        (seat, viewer): (Seat, Seat),
        constrained: bool,
    ) -> Concealed {
        let battle = world.resource::<Battle>();
        let s = seat.index();
        let clean = constrained && seat != viewer && past_missing_suit(battle, seat);
        Concealed {
            tiles: battle.hands[s],
            size: concealed_size(battle.meld_count[s], *holder == Some(seat)),
            playing: battle.in_play(seat),
            drawn: battle.drawn[s],
            forbidden: match (clean, battle.missing[s]) {
                (true, Some(suit)) => KindMask::suit(suit),
                _ => KindMask::NONE,
            },
            ready: false,
        }
    }

    fn meld_tiles(world: &World, seat: Seat, seen: &mut TileCounts) {
        for meld in world.resource::<Battle>().melds_of(seat) {
            seen.add(&meld_tiles(&meld.meld));
        }
    }

    /// A discard of the missing suit was forced (it goes first): no evidence; nor is a discard
    /// before an added kan being robbed.
    fn evidence(world: &World, seat: Seat) -> Option<TileKind> {
        let battle = world.resource::<Battle>();
        let robbed = matches!(
            battle.stage,
            Stage::Claims { from, robbing: true, .. } if from == seat
        );
        if robbed {
            return None;
        }
        battle
            .river
            .iter()
            .rev()
            .find(|d| d.0 == seat)
            .filter(|d| Some(d.1.suit()) != battle.missing[seat.index()])
            .map(|&(_, tile, _)| tile.kind())
    }

    fn public_tiles(world: &World, _: &Mount, seen: &mut TileCounts) {
        for &(_, tile, called) in &world.resource::<Battle>().river {
            if !called {
                seen[tile] += 1;
            }
        }
    }

    fn tile_set(&self) -> TileSet {
        DealConfig::sichuan().set
    }

    /// While the seats declare, a declaration `viewer` cannot see yet is the suit the new hand
    /// holds fewest of (uniform: one of the three at random).
    fn write_back<R: Rng + ?Sized>(
        world: &mut World,
        viewer: Seat,
        seats: &[Concealed; SEATS],
        constrained: bool,
        rng: &mut R,
    ) {
        let mut battle = world.resource_mut::<Battle>();
        let declared = battle.missing.iter().all(Option::is_some);
        for (s, concealed) in seats.iter().enumerate() {
            if s == viewer.index() || !concealed.playing {
                continue;
            }
            battle.hands[s] = concealed.tiles;
            battle.drawn[s] = concealed.drawn;
            if !declared && battle.missing[s].is_some() {
                battle.missing[s] = Some(match constrained {
                    true => fewest_suit(&concealed.tiles),
                    false => SUITS[rng.random_range(0..SUITS.len())],
                });
            }
        }
    }

    fn refresh_claims(&self, world: &mut World, mount: &Mount, viewer: Seat) {
        let Stage::Claims {
            from,
            tile,
            robbing,
            after_kan,
        } = world.resource::<Battle>().stage
        else {
            return;
        };
        let can = legal::claim_options(
            self,
            world.resource::<Battle>(),
            mount,
            from,
            tile,
            robbing,
            after_kan,
        );
        let mut battle = world.resource_mut::<Battle>();
        let battle = &mut *battle;
        fill::refresh_claims(
            from,
            viewer,
            &can,
            &mut battle.can,
            &mut battle.claims,
            (Claim::None, Claim::Pass),
        );
    }
}

/// The suit `hand` holds fewest of (the first of a tie): what a player declares missing.
pub fn fewest_suit(hand: &TileCounts) -> Suit {
    SUITS
        .into_iter()
        .min_by_key(|&suit| {
            hand.iter()
                .filter(|(t, _)| t.suit() == suit)
                .map(|(_, n)| u32::from(n))
                .sum::<u32>()
        })
        .unwrap_or(SUITS[0])
}

/// `event` as `viewer` sees it: another seat's drawn tile unknown; another seat's missing-suit
/// declaration and its answer to a claim window unseen (a call or win is its own event);
/// everything else is public.
pub(super) fn seen_by(event: &super::SichuanEvent, viewer: Seat) -> Option<super::SichuanEvent> {
    use super::SichuanEvent;
    match *event {
        SichuanEvent::Draw { seat, exit, .. } if seat != viewer => Some(SichuanEvent::Draw {
            seat,
            exit,
            tile: None,
        }),
        SichuanEvent::Declare { seat, .. } | SichuanEvent::Answer { seat, .. }
            if seat != viewer =>
        {
            None
        }
        SichuanEvent::Deal { number, ref hands } => Some(SichuanEvent::Deal {
            number,
            hands: crate::games::mahjong::own_hand_only(hands, viewer),
        }),
        _ => Some(event.clone()),
    }
}
