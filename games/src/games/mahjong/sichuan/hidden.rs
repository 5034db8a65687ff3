//! Hidden information in sichuan: the worlds consistent with what a seat observes
//! ([`fill_unknown`]), for information-set search. What a seat observes is
//! [`Game::observe`](alea::kernel::Game::observe) on [`Sichuan`].

use bevy_ecs::prelude::*;
use rand::{Rng, RngExt};

use super::Sichuan;
use super::legal::{self, SUITS};
use super::state::{Battle, Claim, SEATS, Stage, Standings};
use crate::dealer::DealConfig;
use crate::games::mahjong::fill::{
    self, Concealed, FillError, Inference, KindMask, concealed_size,
};
use crate::games::mahjong::riichi::meld_tiles;
use crate::mount::Mount;
use crate::tiles::{Suit, TileCounts};
use alea::chance::{Purpose, derive_stream};
use alea::kernel::Seat;

/// The round of the `Purpose::Ai` stream [`fill_unknown`] draws from.
const FILL_ROUND: u32 = 7;

/// Resamples everything `viewer` cannot see, from `seed` alone: the concealed
/// tiles of the other seats still playing (their sizes kept: 13 − 3 × melds, + 1 for the seat
/// holding a drawn or called tile, the dealer while the seats declare) and the whole undrawn
/// stock, from the 108-tile set minus the viewer's tiles, every meld, every uncalled discard
/// (a tile won on by ron stays in its river) and the hands of the seats that have left (shown
/// when they won, kept as they are). An opponent's last drawn tile becomes a tile of its new
/// hand; in a claim window the seats still to answer after `viewer` get the options of their
/// new hands.
///
/// The deal is consistent with what the table has shown ([`Inference::Constrained`]): a seat
/// must discard its missing suit first, so one that has discarded another suit holds none of
/// its missing suit (its drawn tile aside), dealt exactly; when `viewer` is Toki, the slots she
/// collapsed stay. Missing suits declared by others are kept once every seat has declared
/// (they are public then); while the seats still declare, a declaration `viewer` cannot see
/// yet is the suit the new hand holds fewest of (every shipped player declares so; `Uniform`
/// draws it uniformly from the three suits). On an error the world is unchanged.
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
pub fn fill_unknown(
    game: &Sichuan,
    world: &mut World,
    viewer: Seat,
    seed: u64,
) -> Result<(), FillError> {
    fill_unknown_with(game, world, viewer, seed, Inference::Constrained)
}

/// [`fill_unknown`] with another [`Inference`]: `Uniform` ignores what the table has shown,
/// `Posterior` also weights the deals by the opponents' last discards
/// ([`posterior`](crate::games::mahjong::fill::posterior)).
pub fn fill_unknown_with(
    game: &Sichuan,
    world: &mut World,
    viewer: Seat,
    seed: u64,
    inference: Inference,
) -> Result<(), FillError> {
    let mut rng = derive_stream(seed, Purpose::Ai.key(), FILL_ROUND);
    fill_with(game, world, viewer, &mut rng, inference)
}

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

/// [`fill_unknown_with`] drawing from `rng`.
pub(super) fn fill_with<R: Rng + ?Sized>(
    game: &Sichuan,
    world: &mut World,
    viewer: Seat,
    rng: &mut R,
    inference: Inference,
) -> Result<(), FillError> {
    let constrained = inference != Inference::Uniform;
    let dealer = world.resource::<Standings>().dealer();
    world.resource_scope(|world, mut mount: Mut<Mount>| {
        let battle = world.resource::<Battle>();
        let holder = match battle.stage {
            Stage::Turn { seat, .. } => Some(seat),
            Stage::Declare { .. } => Some(dealer),
            _ => None,
        };
        let mut seats = [Concealed::default(); SEATS];
        let mut seen = TileCounts::new();
        let mut last = [None; SEATS];
        for (s, concealed) in seats.iter_mut().enumerate() {
            let seat = Seat(s as u8);
            let clean = constrained && seat != viewer && past_missing_suit(battle, seat);
            *concealed = Concealed {
                tiles: battle.hands[s],
                size: concealed_size(battle.meld_count[s], holder == Some(seat)),
                playing: battle.in_play(seat),
                drawn: battle.drawn[s],
                forbidden: match (clean, battle.missing[s]) {
                    (true, Some(suit)) => KindMask::suit(suit),
                    _ => KindMask::NONE,
                },
                ready: false,
            };
            for meld in battle.melds_of(seat) {
                seen.add(&meld_tiles(&meld.meld));
            }
            let robbed = matches!(
                battle.stage,
                Stage::Claims { from, robbing: true, .. } if from == seat
            );
            if seat != viewer && holder != Some(seat) && !robbed {
                // A discard of the missing suit was forced (it goes first): no evidence.
                last[s] = battle
                    .river
                    .iter()
                    .rev()
                    .find(|d| d.0 == seat)
                    .filter(|d| Some(d.1.suit()) != battle.missing[s]);
            }
        }
        let last = last.map(|d| d.map(|&(_, tile, _)| tile.kind()));
        for &(_, tile, called) in &battle.river {
            if !called {
                seen[tile] += 1;
            }
        }
        let set = DealConfig::sichuan().set;
        let keep = constrained && game.has_toki(viewer);
        let view = fill::View {
            set: &set,
            viewer,
            seen: &seen,
            keep_collapses: keep,
        };
        fill::fill_inferred(inference, view, &mut seats, &mut mount, &last, rng)?;
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
        if let Stage::Claims {
            from,
            tile,
            robbing,
            after_kan,
        } = battle.stage
        {
            let can = legal::claim_options(
                game,
                world.resource::<Battle>(),
                &mount,
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
        Ok(())
    })
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
