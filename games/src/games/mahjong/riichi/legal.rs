//! What is legal: wins (shape, yaku, furiten), calls, kans and riichi.

use super::state::{Kyoku, Match, Phase, SEATS};
use super::{Riichi, RiichiAction};
use crate::games::mahjong::HandTable;
use crate::games::mahjong::claims;
use crate::mount::{Exit, Mount};
use crate::scoring::riichi::{Hand, MeldKind, Score, WinContext, evaluate, is_agari};
use crate::tiles::{KindCounts, Tile, TileKind, shanten};
use alea::kernel::Seat;

pub(super) use crate::games::mahjong::claims::{CAN_KAN, CAN_PON, CAN_RON};
/// Claim-window option bit (in [`Kyoku::can`]) beside the shared ones: chi.
pub(super) const CAN_CHI: u8 = 8;

/// How a win happens.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct WinHow {
    pub tsumo: bool,
    pub rinshan: bool,
    pub chankan: bool,
}

/// The kinds that complete `seat`'s concealed tiles (3n+1 of them) beside its melds, as a bit
/// mask over the 34 kinds.
pub fn waits(concealed: &KindCounts, melds: usize) -> u64 {
    let mut probe = *concealed;
    let mut mask = 0;
    for kind in TileKind::all() {
        if probe[kind] >= 4 {
            continue;
        }
        probe[kind] += 1;
        if is_agari(&probe, melds) {
            mask |= 1 << kind.index();
        }
        probe[kind] -= 1;
    }
    mask
}

/// True when `seat` may not ron: temporary, riichi or permanent furiten (one of its waits is
/// among its own discards).
pub fn is_furiten(kyoku: &Kyoku, seat: Seat) -> bool {
    let s = seat.index();
    if kyoku.temporary_furiten[s] || kyoku.riichi_furiten[s] {
        return true;
    }
    let melds = usize::from(kyoku.meld_count[s]);
    waits(&kyoku.hands[s].kinds(), melds) & kyoku.discarded_kinds[s] != 0
}

/// The score of `seat` winning on `tile` (for a tsumo, already in the hand), or `None` when it
/// is not a win with a yaku. `ura` adds the ura indicators (a riichi winner's, at payout).
#[allow(clippy::too_many_arguments)]
pub(super) fn win_score(
    game: &Riichi,
    kyoku: &Kyoku,
    table: &Match,
    mount: &Mount,
    seat: Seat,
    tile: Tile,
    how: WinHow,
    ura: &[Tile],
) -> Option<Score> {
    let s = seat.index();
    let mut concealed = kyoku.hands[s];
    if !how.tsumo {
        concealed[tile] += 1;
    }
    let melds = usize::from(kyoku.meld_count[s]);
    if !is_agari(&concealed.kinds(), melds) {
        return None;
    }
    let hand = Hand {
        concealed,
        melds: kyoku.scoring_melds(seat),
        win_tile: tile,
    };
    let live_empty = mount.slots_left(Exit::Pii) == 0;
    let first = kyoku.first_turn[s] && kyoku.uninterrupted && how.tsumo && !how.rinshan;
    let dealer = seat == table.dealer();
    let context = WinContext {
        tsumo: how.tsumo,
        riichi: kyoku.riichi[s] && !kyoku.double_riichi[s],
        double_riichi: kyoku.double_riichi[s],
        ippatsu: kyoku.ippatsu[s],
        seat_wind: table.seat_wind(seat),
        round_wind: table.round_wind(),
        dealer,
        dora_indicators: mount.dora_indicators().to_vec(),
        ura_indicators: ura.to_vec(),
        haitei: how.tsumo && !how.rinshan && live_empty,
        houtei: !how.tsumo && !how.chankan && live_empty,
        rinshan: how.rinshan,
        chankan: how.chankan,
        tenhou: first && dealer,
        chiihou: first && !dealer,
        honba: u32::from(table.honba),
        riichi_sticks: u32::from(table.sticks),
    };
    evaluate(&hand, &context, &game.config.scoring).ok()
}

/// The claim options of every seat but `from` on `tile` (bits `CAN_*`), and which seats'
/// hands `tile` completes (in shape, with or without a yaku or furiten).
pub(super) fn claim_options(
    game: &Riichi,
    kyoku: &Kyoku,
    table: &Match,
    mount: &Mount,
    from: Seat,
    tile: Tile,
    chankan: bool,
) -> ([u8; SEATS], [bool; SEATS]) {
    let mut can = [0u8; SEATS];
    let mut completes = [false; SEATS];
    let live = mount.slots_left(Exit::Pii);
    let kind = tile.kind();
    for d in 1..SEATS as u8 {
        let seat = Seat((from.0 + d) % SEATS as u8);
        let s = seat.index();
        let hand = &kyoku.hands[s];
        let mut bits = 0;
        let how = WinHow {
            chankan,
            ..WinHow::default()
        };
        let mut probe = hand.kinds();
        probe[kind] += 1;
        completes[s] = is_agari(&probe, usize::from(kyoku.meld_count[s]));
        if completes[s]
            && !is_furiten(kyoku, seat)
            && win_score(game, kyoku, table, mount, seat, tile, how, &[]).is_some()
        {
            bits |= CAN_RON;
        }
        if !chankan && live > 0 && !kyoku.riichi[s] {
            let held = hand.of_kind(kind);
            if held >= 2 {
                bits |= CAN_PON;
            }
            if held >= 3 && kyoku.kans < 4 && mount.slots_left(Exit::Rinshan) > 0 {
                bits |= CAN_KAN;
            }
            if d == 1 && has_chi(&probe, kind) {
                bits |= CAN_CHI;
            }
        }
        can[s] = bits;
    }
    (can, completes)
}

/// True when `kinds` (the hand with the discard added) holds a sequence through `kind`.
fn has_chi(kinds: &KindCounts, kind: TileKind) -> bool {
    if kind.is_honor() {
        return false;
    }
    let n = kind.number();
    let i = kind.index();
    let has = |d: isize| kinds.0[(i as isize + d) as usize] > 0;
    (n >= 3 && has(-2) && has(-1))
        || ((2..=8).contains(&n) && has(-1) && has(1))
        || (n <= 7 && has(1) && has(2))
}

/// The pairs of hand tiles that make a chi with `kind` (each identity choice: red or black),
/// lower pattern first.
pub(super) fn chi_pairs(
    hand: &crate::tiles::TileCounts,
    kind: TileKind,
) -> impl Iterator<Item = (Tile, Tile)> + '_ {
    let n = kind.number() as i8;
    let base = kind.index() as i8 - (n - 1);
    let suited = move |number: i8| {
        (1..=9)
            .contains(&number)
            .then(|| TileKind::new((base + number - 1) as u8).expect("a suited kind"))
    };
    // The other two tiles' offsets from the called kind: it ends, sits inside or starts the
    // run (no run for an honor).
    const OFFSETS: [(i8, i8); 3] = [(-2, -1), (-1, 1), (1, 2)];
    let offsets: &[(i8, i8)] = if kind.is_honor() { &[] } else { &OFFSETS };
    offsets
        .iter()
        .copied()
        .filter_map(move |(a, b)| Some((suited(n + a)?, suited(n + b)?)))
        .flat_map(move |(ka, kb)| {
            identities(hand, ka).flat_map(move |ta| identities(hand, kb).map(move |tb| (ta, tb)))
        })
}

/// The identities of `kind` the hand holds: its black tile, then its red five.
fn identities(hand: &crate::tiles::TileCounts, kind: TileKind) -> impl Iterator<Item = Tile> {
    let black = kind.tile();
    let red = kind.red();
    let has_black = hand[black] > 0;
    let has_red = red.is_some_and(|r| hand[r] > 0);
    [has_black.then_some(black), red.filter(|_| has_red)]
        .into_iter()
        .flatten()
}

/// The pon choices: two blacks, or a red and a black.
pub(super) fn pon_pairs(
    hand: &crate::tiles::TileCounts,
    kind: TileKind,
) -> impl Iterator<Item = (Tile, Tile)> {
    let black = kind.tile();
    let blacks = (hand[black] >= 2).then_some((black, black));
    let red_and_black = kind
        .red()
        .filter(|&red| hand[red] >= 1 && hand[black] >= 1)
        .map(|red| (red, black));
    blacks.into_iter().chain(red_and_black)
}

/// The legal actions of the pending decision, in a stable order, into `out`; returns the seat
/// that must choose (`None` once the match is over).
pub(super) fn legal_actions(
    game: &Riichi,
    kyoku: &Kyoku,
    table: &Match,
    mount: &Mount,
    out: &mut Vec<RiichiAction>,
) -> Option<Seat> {
    out.clear();
    match kyoku.phase {
        Phase::Over => None,
        Phase::Turn {
            seat,
            called,
            rinshan,
        } => {
            turn_actions(game, kyoku, table, mount, seat, called, rinshan, out);
            Some(seat)
        }
        Phase::Claims { from, tile, .. } => {
            let seat = claims::next_to_answer(&kyoku.can, &kyoku.answers, from)?;
            let bits = kyoku.can[seat.index()];
            let hand = &kyoku.hands[seat.index()];
            if bits & CAN_RON != 0 {
                out.push(RiichiAction::Ron);
            }
            if bits & CAN_KAN != 0 {
                out.push(RiichiAction::Kan);
            }
            let kuikae = game.config.kuikae;
            let leaves_a_discard = |a: Tile, b: Tile, chi: bool| {
                let mut rest = hand.kinds();
                rest[a.kind()] -= 1;
                rest[b.kind()] -= 1;
                let low = [a.kind(), b.kind(), tile.kind()]
                    .into_iter()
                    .min_by_key(|k| k.index())
                    .expect("three kinds");
                let banned = if chi {
                    swap_kinds(MeldKind::Chi, low, tile.kind())
                } else {
                    swap_kinds(MeldKind::Pon, low, tile.kind())
                };
                !kuikae || TileKind::all().any(|k| rest[k] > 0 && banned & (1 << k.index()) == 0)
            };
            if bits & CAN_PON != 0 {
                for (a, b) in pon_pairs(hand, tile.kind()) {
                    if leaves_a_discard(a, b, false) {
                        out.push(RiichiAction::Pon(a, b));
                    }
                }
            }
            if bits & CAN_CHI != 0 {
                for (a, b) in chi_pairs(hand, tile.kind()) {
                    if leaves_a_discard(a, b, true) {
                        out.push(RiichiAction::Chi(a, b));
                    }
                }
            }
            out.push(RiichiAction::Pass);
            Some(seat)
        }
    }
}

#[allow(clippy::too_many_arguments)]
fn turn_actions(
    game: &Riichi,
    kyoku: &Kyoku,
    table: &Match,
    mount: &Mount,
    seat: Seat,
    called: bool,
    rinshan: bool,
    out: &mut Vec<RiichiAction>,
) {
    let s = seat.index();
    let hand = &kyoku.hands[s];
    let drawn = kyoku.drawn[s];
    let in_riichi = kyoku.riichi[s];
    if !called && let Some(tile) = drawn {
        let how = WinHow {
            tsumo: true,
            rinshan,
            chankan: false,
        };
        if win_score(game, kyoku, table, mount, seat, tile, how, &[]).is_some() {
            out.push(RiichiAction::Tsumo);
        }
    }
    let kinds = hand.kinds();
    if game.config.abortive.nine_terminals
        && !called
        && !rinshan
        && kyoku.first_turn[s]
        && kyoku.uninterrupted
        && nine_terminals(&kinds)
    {
        out.push(RiichiAction::NineTerminals);
    }
    let can_kan = !called
        && kyoku.kans < 4
        && mount.slots_left(Exit::Rinshan) > 0
        && mount.slots_left(Exit::Pii) > 0;
    if can_kan {
        if kinds.0.contains(&4) {
            for kind in TileKind::all() {
                if kinds[kind] == 4 && (!in_riichi || riichi_kan_keeps_waits(kyoku, seat, kind)) {
                    out.push(RiichiAction::ClosedKan(kind.tile()));
                }
            }
        }
        if !in_riichi {
            for meld in kyoku.melds_of(seat) {
                let kind = meld.meld.low();
                if meld.meld.kind() == MeldKind::Pon && kinds[kind] >= 1 {
                    out.push(RiichiAction::AddedKan(kind.tile()));
                }
            }
        }
    }
    if in_riichi {
        if let Some(tile) = drawn {
            out.push(RiichiAction::Discard(tile));
        }
        return;
    }
    let can_riichi = !called
        && kyoku.is_closed(seat)
        && table.scores[s] >= 1000
        && mount.slots_left(Exit::Pii) >= 4
        && shanten(&kinds) <= 0;
    // The identities held, as bits in tile order (branch-free), then walked bit by bit.
    let mut held = 0u64;
    for (at, &tile) in Tile::ALL.iter().enumerate() {
        held |= u64::from(hand[tile] > 0) << at;
    }
    let tiles = || {
        let mut bits = held;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let at = bits.trailing_zeros() as usize;
                bits &= bits - 1;
                Tile::ALL[at]
            })
        })
    };
    if can_riichi {
        for tile in tiles() {
            let mut probe = kinds;
            probe[tile.kind()] -= 1;
            if shanten(&probe) == 0 {
                out.push(RiichiAction::Riichi(tile));
            }
        }
    }
    // Kuikae: after a chi or pon, not the called kind nor (chi) the other end of the run.
    let banned = match kyoku.melds_of(seat).last() {
        Some(call) if called && game.config.kuikae => {
            swap_kinds(call.meld.kind(), call.meld.low(), call.called.kind())
        }
        _ => 0,
    };
    out.reserve(held.count_ones() as usize);
    out.extend(
        tiles()
            .filter(|t| banned & (1 << t.kind().index()) == 0)
            .map(RiichiAction::Discard),
    );
}

/// The kinds (a bit per kind) kuikae forbids discarding right after calling `called` into a
/// chi or pon whose lowest kind is `low`: the called kind and, for a chi called at one end,
/// the kind that would extend the run at the other end.
pub(super) fn swap_kinds(meld: MeldKind, low: TileKind, called: TileKind) -> u64 {
    let mut banned = 1 << called.index();
    if meld == MeldKind::Chi {
        let suit = low.suit();
        let other = if called == low {
            TileKind::from_suit(suit, low.number() + 3)
        } else if called.number() == low.number() + 2 && low.number() > 1 {
            TileKind::from_suit(suit, low.number() - 1)
        } else {
            None
        };
        if let Some(other) = other {
            banned |= 1 << other.index();
        }
    }
    banned
}

/// True when `kinds` holds nine or more kinds of terminals and honors (kyuushu kyuuhai).
pub fn nine_terminals(kinds: &KindCounts) -> bool {
    TileKind::all()
        .filter(|&k| k.is_terminal_or_honor() && kinds[k] > 0)
        .count()
        >= 9
}

/// In riichi, a closed kan is allowed only with the tile just drawn and when it keeps the
/// waits exactly.
fn riichi_kan_keeps_waits(kyoku: &Kyoku, seat: Seat, kind: TileKind) -> bool {
    let s = seat.index();
    let Some(drawn) = kyoku.drawn[s] else {
        return false;
    };
    if drawn.kind() != kind {
        return false;
    }
    let melds = usize::from(kyoku.meld_count[s]);
    let mut before = kyoku.hands[s].kinds();
    before[kind] -= 1;
    let mut after = before;
    after[kind] -= 3;
    waits(&before, melds) == waits(&after, melds + 1)
}

/// True when `seat`'s concealed tiles (3n+1) are ready.
pub fn is_tenpai(kyoku: &Kyoku, seat: Seat) -> bool {
    shanten(&kyoku.hands[seat.index()].kinds()) == 0
}
