//! What is legal in sichuan: the missing suit first, wins without it, pon and kan (never of the
//! missing suit), no chi.

use super::state::{Battle, SEATS, Stage};
use super::{Sichuan, SichuanAction};
use crate::games::mahjong::HandTable;
use crate::mount::{Exit, Mount};
use crate::scoring::meld::MeldKind;
use crate::scoring::sichuan::{SichuanHand, SichuanScore, SichuanWin, evaluate};
use crate::tiles::{Suit, Tile};
use alea::kernel::Seat;

use crate::games::mahjong::claims::{self, CAN_KAN, CAN_PON, CAN_RON};

/// The suits a seat may declare missing, in order.
pub const SUITS: [Suit; 3] = [Suit::Man, Suit::Pin, Suit::Sou];

/// The score of `seat` winning on `tile` (already in the hand for a self-draw), or `None`
/// when the hand does not win (shape, missing suit).
pub(super) fn win_score(
    game: &Sichuan,
    battle: &Battle,
    seat: Seat,
    tile: Tile,
    win: SichuanWin,
) -> Option<SichuanScore> {
    let s = seat.index();
    let mut concealed = battle.hands[s];
    if !win.self_draw {
        concealed[tile] += 1;
    }
    let melds = battle.seat_melds(seat);
    let hand = SichuanHand {
        concealed: concealed.kinds(),
        melds: &melds,
        missing: battle.missing[s]?,
    };
    evaluate(&hand, &win, &game.config.scoring)
}

/// The claim options of every playing seat but `from` on `tile` (bits `CAN_*`).
pub(super) fn claim_options(
    game: &Sichuan,
    battle: &Battle,
    mount: &Mount,
    from: Seat,
    tile: Tile,
    robbing: bool,
    after_kan: bool,
) -> [u8; SEATS] {
    let mut can = [0u8; SEATS];
    let last = mount.slots_left(Exit::Pii) == 0;
    for seat in battle.playing().filter(|&s| s != from) {
        let s = seat.index();
        let win = SichuanWin {
            robbing_kan: robbing,
            discard_after_kan: after_kan && !robbing,
            last_tile: last && !robbing,
            ..SichuanWin::default()
        };
        if win_score(game, battle, seat, tile, win).is_some() {
            can[s] |= CAN_RON;
        }
        if robbing || last || Some(tile.suit()) == battle.missing[s] {
            continue;
        }
        let copies = battle.hands[s][tile];
        if copies >= 2 {
            can[s] |= CAN_PON;
        }
        if copies >= 3 && mount.slots_left(Exit::Rinshan) > 0 {
            can[s] |= CAN_KAN;
        }
    }
    can
}

/// Fills `out` with the legal actions of the seat the hand waits on and returns that seat
/// (`None` when the match is over).
pub(super) fn legal_actions(
    game: &Sichuan,
    battle: &Battle,
    mount: &Mount,
    out: &mut Vec<SichuanAction>,
) -> Option<Seat> {
    out.clear();
    match battle.stage {
        Stage::Over => None,
        Stage::Declare { seat } => {
            out.extend(SUITS.map(SichuanAction::Declare));
            Some(seat)
        }
        Stage::Turn {
            seat,
            called,
            after_kan,
        } => {
            turn_actions(game, battle, mount, seat, called, after_kan, out);
            Some(seat)
        }
        Stage::Claims { from, .. } => {
            let seat = claims::next_to_answer(&battle.can, &battle.claims, from)?;
            let can = battle.can[seat.index()];
            if can & CAN_RON != 0 {
                out.push(SichuanAction::Ron);
            }
            if can & CAN_KAN != 0 {
                out.push(SichuanAction::Kan);
            }
            if can & CAN_PON != 0 {
                out.push(SichuanAction::Pon);
            }
            out.push(SichuanAction::Pass);
            Some(seat)
        }
    }
}

fn turn_actions(
    game: &Sichuan,
    battle: &Battle,
    mount: &Mount,
    seat: Seat,
    called: bool,
    after_kan: bool,
    out: &mut Vec<SichuanAction>,
) {
    let s = seat.index();
    let hand = &battle.hands[s];
    let missing = battle.missing[s];
    if !called {
        if let Some(tile) = battle.drawn[s] {
            let win = SichuanWin {
                self_draw: true,
                after_kan,
                last_tile: mount.slots_left(Exit::Pii) == 0,
                ..SichuanWin::default()
            };
            if win_score(game, battle, seat, tile, win).is_some() {
                out.push(SichuanAction::Tsumo);
            }
        }
        if mount.slots_left(Exit::Rinshan) > 0 {
            for (tile, n) in hand.iter() {
                if Some(tile.suit()) == missing {
                    continue;
                }
                if n == 4 {
                    out.push(SichuanAction::ClosedKan(tile));
                } else if n >= 1
                    && battle
                        .melds_of(seat)
                        .any(|m| m.meld.kind() == MeldKind::Pon && m.meld.low() == tile.kind())
                {
                    out.push(SichuanAction::AddedKan(tile));
                }
            }
        }
    }
    // The missing suit goes first.
    let must = battle.holds_missing(seat);
    for (tile, n) in hand.iter() {
        if n > 0 && (!must || Some(tile.suit()) == missing) {
            out.push(SichuanAction::Discard(tile));
        }
    }
}

/// True when `seat`'s concealed tiles (13 − 3 × melds) wait on a win: the missing suit gone
/// and some tile completes the hand.
pub fn is_ready(game: &Sichuan, battle: &Battle, seat: Seat) -> bool {
    ready_score(game, battle, seat).is_some()
}

/// The best win `seat` waits on, as 查大叫 pays it (`None` when not ready).
pub(super) fn ready_score(game: &Sichuan, battle: &Battle, seat: Seat) -> Option<SichuanScore> {
    let melds = battle.seat_melds(seat);
    let hand = SichuanHand {
        concealed: battle.hands[seat.index()].kinds(),
        melds: &melds,
        missing: battle.missing[seat.index()]?,
    };
    crate::scoring::sichuan::best_wait(&hand, &game.config.scoring).map(|(_, score)| score)
}
