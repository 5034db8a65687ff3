//! [`evaluate`]: checks a hand and its context, reads it every possible way and scores the best
//! reading.

use std::ops::ControlFlow;

use serde::Serialize;

use super::RiichiRules;
use super::fu::{CHIITOITSU_FU, standard_fu};
use super::hand::{Hand, HandError, WinContext};
use super::points::{Limit, Payments, basic_points};
use super::reading::for_each_reading;
use super::yaku::{Facts, Yaku, YakuSet, reading_yaku};
use crate::scoring::shape::{for_each_standard, is_seven_pairs, is_thirteen_orphans};
use crate::tiles::{KindCounts, Suit, Tile, TileKind};

/// The score of a winning hand. Serializes as `alea score` prints it:
/// `{"han", "fu", "points", "yaku": [[name, han], ...]}`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Score {
    /// Han: ordinary yaku plus dora, or 13 per yakuman.
    pub han: u32,
    /// Fu of the chosen reading (seven pairs 25; thirteen orphans, which has no reading, 0).
    pub fu: u32,
    /// Who pays what.
    pub points: Payments,
    /// The yaku with their han (13 per yakuman), then the dora entries (dora are not yaku).
    pub yaku: Vec<(Yaku, u32)>,
    /// The limit reached.
    #[serde(skip)]
    pub limit: Limit,
}

/// The best reading so far.
#[derive(Clone, Copy)]
struct Candidate {
    yaku: YakuSet,
    fu: u32,
    han: u32,
    yakuman: u32,
    basic: u32,
    limit: Limit,
}

impl Candidate {
    fn better_than(&self, other: &Candidate) -> bool {
        (self.basic, self.han, self.fu) > (other.basic, other.han, other.fu)
    }
}

/// Scores a winning hand: checks the hand and context (tile counts, copies, red fives, melds,
/// flags that contradict each other), finds every reading (standard with each placement of the
/// winning tile, seven pairs, thirteen orphans) and returns the one worth most (then most han,
/// then most fu). Errors: [`HandError::NotWinning`] when no reading exists,
/// [`HandError::NoYaku`] when none has a yaku.
pub fn evaluate(
    hand: &Hand,
    context: &WinContext,
    rules: &RiichiRules,
) -> Result<Score, HandError> {
    check_count(hand)?;
    let concealed = hand.concealed.kinds();
    let all = check(hand, &concealed, context, rules)?;
    let facts = facts(hand, context, rules, &all);
    let dora = DoraCount::of(hand, context, rules, &all);
    let win = hand.win_tile.kind();
    let mut best: Option<Candidate> = None;
    let mut shaped = false;
    let mut offer = |yaku: YakuSet, fu: u32| {
        if let Some(candidate) = candidate(yaku, fu, facts.open, dora.total(), rules)
            && best.is_none_or(|b| candidate.better_than(&b))
        {
            best = Some(candidate);
        }
    };
    if facts.no_melds && is_thirteen_orphans(&concealed) {
        shaped = true;
        let thirteen = concealed[win] == 2;
        let mut yaku = facts.hand_yaku;
        yaku.insert(if thirteen {
            Yaku::Kokushi13
        } else {
            Yaku::Kokushi
        });
        // Thirteen orphans has no sets, pair or wait to count fu on.
        offer(yaku, 0);
    }
    if facts.no_melds && is_seven_pairs(&concealed, true) {
        shaped = true;
        let mut yaku = facts.hand_yaku;
        yaku.insert(Yaku::Chiitoitsu);
        offer(yaku, CHIITOITSU_FU);
    }
    let _ = for_each_standard(&concealed, |arrangement| {
        for_each_reading(arrangement, &hand.melds, win, context.tsumo, |reading| {
            shaped = true;
            let yaku = reading_yaku(&facts, reading);
            let fu = standard_fu(
                reading,
                !facts.open,
                context.tsumo,
                yaku.contains(Yaku::Pinfu),
                facts.seat,
                facts.round,
            );
            offer(yaku, fu);
        });
        ControlFlow::Continue(())
    });
    if !shaped {
        return Err(HandError::NotWinning);
    }
    let best = best.ok_or(HandError::NoYaku)?;
    let payments = Payments::new(
        best.basic,
        context.dealer,
        context.tsumo,
        context.honba,
        context.riichi_sticks,
    );
    let yaku = if best.yakuman > 0 {
        best.yaku
            .iter()
            .map(|y| (y, 13 * u32::from(y.yakuman_units(rules))))
            .collect()
    } else {
        let mut list: Vec<(Yaku, u32)> = best
            .yaku
            .iter()
            .map(|y| (y, u32::from(y.han(facts.open))))
            .collect();
        for (entry, count) in [
            (Yaku::Dora, dora.dora),
            (Yaku::UraDora, dora.ura),
            (Yaku::AkaDora, dora.aka),
        ] {
            if count > 0 {
                list.push((entry, count));
            }
        }
        list
    };
    Ok(Score {
        han: best.han,
        fu: best.fu,
        points: payments,
        yaku,
        limit: best.limit,
    })
}

/// The candidate of a reading's yaku and fu, or `None` without yaku.
fn candidate(
    yaku: YakuSet,
    fu: u32,
    open: bool,
    dora: u32,
    rules: &RiichiRules,
) -> Option<Candidate> {
    let mut yakuman = yaku.yakuman();
    if rules.first_turn_yakuman_alone {
        for first in [Yaku::Tenhou, Yaku::Chiihou] {
            if yakuman.contains(first) {
                yakuman = YakuSet::EMPTY;
                yakuman.insert(first);
            }
        }
    }
    let (yaku, han, units) = if yakuman.is_empty() {
        if yaku.is_empty() {
            return None;
        }
        (yaku, yaku.han(open) + dora, 0)
    } else {
        let units = yakuman.yakuman_units(rules);
        (yakuman, 13 * units, units)
    };
    let (basic, limit) = basic_points(han, fu, units, rules);
    Some(Candidate {
        yaku,
        fu,
        han,
        yakuman: units,
        basic,
        limit,
    })
}

/// Dora, ura dora and red fives in the hand.
struct DoraCount {
    dora: u32,
    ura: u32,
    aka: u32,
}

impl DoraCount {
    fn of(hand: &Hand, context: &WinContext, rules: &RiichiRules, all: &KindCounts) -> DoraCount {
        let count = |indicators: &[Tile]| -> u32 {
            indicators
                .iter()
                .map(|i| u32::from(all[dora_of(i.kind())]))
                .sum()
        };
        let aka = if rules.red_fives {
            let concealed: u32 = Tile::ALL
                .iter()
                .filter(|t| t.is_red())
                .map(|&t| u32::from(hand.concealed[t]))
                .sum();
            concealed + hand.melds.iter().map(|m| u32::from(m.reds())).sum::<u32>()
        } else {
            0
        };
        DoraCount {
            dora: count(&context.dora_indicators),
            ura: count(&context.ura_indicators),
            aka,
        }
    }

    fn total(&self) -> u32 {
        self.dora + self.ura + self.aka
    }
}

/// The dora an indicator shows: the next number of its suit (9 → 1), the next wind
/// (north → east), the next dragon (chun → haku).
pub fn dora_of(indicator: TileKind) -> TileKind {
    let index = indicator.index() as u8;
    let next = match indicator.suit() {
        Suit::Honor if index == 30 => 27,
        Suit::Honor if index == 33 => 31,
        Suit::Honor => index + 1,
        _ if indicator.number() == 9 => index - 8,
        _ => index + 1,
    };
    TileKind::new(next).expect("the next kind exists")
}

/// Checks the number of concealed tiles (first: the other checks count in bytes).
fn check_count(hand: &Hand) -> Result<(), HandError> {
    let melds = hand.melds.len();
    let concealed = hand.concealed.total();
    let expected = 14u32.saturating_sub(3 * melds as u32);
    if melds > 4 || concealed != expected {
        return Err(HandError::TileCount {
            concealed,
            melds,
            expected: if melds > 4 { 0 } else { expected },
        });
    }
    Ok(())
}

/// Checks the hand (its tile count already checked) and the context; returns every tile of the
/// hand (melds included) by kind.
fn check(
    hand: &Hand,
    concealed_kinds: &KindCounts,
    context: &WinContext,
    rules: &RiichiRules,
) -> Result<KindCounts, HandError> {
    if context.dora_indicators.len() > 5 || context.ura_indicators.len() > 5 {
        return Err(HandError::Context(
            "at most 5 dora and 5 ura dora indicators",
        ));
    }
    if hand.concealed[hand.win_tile] == 0 {
        return Err(HandError::WinTileMissing {
            tile: hand.win_tile,
        });
    }
    let mut all = *concealed_kinds;
    for meld in &hand.melds {
        meld.add_kinds(&mut all);
    }
    let mut seen = all;
    let indicators = context
        .dora_indicators
        .iter()
        .chain(&context.ura_indicators);
    for tile in indicators.clone() {
        seen[tile.kind()] += 1;
    }
    // Red fives per suit: concealed, in melds, and among the indicators.
    let mut reds = [0u8; 3];
    for (suit, count) in reds.iter_mut().enumerate() {
        let red = TileKind::from_suit(Suit::ALL[suit], 5)
            .and_then(TileKind::red)
            .expect("suits have red fives");
        *count = hand.concealed[red] + indicators.clone().filter(|&&t| t == red).count() as u8;
    }
    for meld in hand.melds.iter().filter(|m| m.reds() > 0) {
        reds[meld.low().suit() as usize] += meld.reds();
    }
    if let Some(kind) = TileKind::all().find(|&k| seen[k] > 4) {
        return Err(HandError::TooManyCopies {
            tile: kind.tile(),
            copies: seen[kind],
        });
    }
    for (suit, &copies) in reds.iter().enumerate() {
        let tile = TileKind::from_suit(Suit::ALL[suit], 5)
            .and_then(TileKind::red)
            .expect("suits have red fives");
        if copies > 0 && !rules.red_fives {
            return Err(HandError::RedFivesOff { tile });
        }
        if copies > 1 {
            return Err(HandError::TooManyReds { tile, copies });
        }
    }
    check_context(hand, context)?;
    Ok(all)
}

/// The largest `honba` and `riichi_sticks` accepted: far beyond any table, and small enough that
/// every payment fits in a `u32` (a limit of 8 yakuman with both counters at the maximum stays
/// below 2^31).
pub const MAX_COUNTER: u32 = 100_000;

fn check_context(hand: &Hand, c: &WinContext) -> Result<(), HandError> {
    for (field, value) in [("honba", c.honba), ("riichi_sticks", c.riichi_sticks)] {
        if value > MAX_COUNTER {
            return Err(HandError::Counter {
                field,
                value,
                max: MAX_COUNTER,
            });
        }
    }
    let open = hand.melds.iter().any(|m| m.kind().is_open());
    let has_kan = hand.melds.iter().any(|m| m.kind().is_kan());
    let riichi = c.riichi || c.double_riichi;
    let rules: [(bool, &'static str); 13] = [
        (
            riichi && open,
            "riichi needs a closed hand (closed kans only)",
        ),
        (
            c.ippatsu && !riichi,
            "ippatsu needs riichi or double riichi",
        ),
        (
            !c.ura_indicators.is_empty() && !riichi,
            "ura dora indicators need riichi",
        ),
        (c.haitei && !c.tsumo, "haitei is a tsumo win"),
        (c.houtei && c.tsumo, "houtei is a ron win"),
        (c.rinshan && !c.tsumo, "rinshan kaihou is a tsumo win"),
        (
            c.rinshan && !has_kan,
            "rinshan kaihou needs a kan among the melds",
        ),
        (c.chankan && c.tsumo, "chankan is a ron win"),
        (
            c.haitei && c.rinshan,
            "a replacement tile is not the last wall tile (haitei with rinshan)",
        ),
        (
            c.tenhou && c.chiihou,
            "tenhou and chiihou exclude each other",
        ),
        (
            (c.tenhou || c.chiihou) && (!c.tsumo || !hand.melds.is_empty() || riichi),
            "tenhou and chiihou are tsumo wins with no melds and no riichi",
        ),
        (c.tenhou && !c.dealer, "tenhou is the dealer's win"),
        (c.chiihou && c.dealer, "chiihou is a non-dealer's win"),
    ];
    if let Some((_, message)) = rules.iter().find(|(broken, _)| *broken) {
        return Err(HandError::Context(message));
    }
    if c.chankan && c.houtei {
        return Err(HandError::Context(
            "chankan is not a discard (houtei with chankan)",
        ));
    }
    Ok(())
}

/// The reading-independent facts and yaku.
fn facts(hand: &Hand, c: &WinContext, rules: &RiichiRules, all: &KindCounts) -> Facts {
    let open = hand.melds.iter().any(|m| m.kind().is_open());
    let no_melds = hand.melds.is_empty();
    let mut yaku = YakuSet::EMPTY;
    if c.double_riichi {
        yaku.insert(Yaku::DoubleRiichi);
    } else if c.riichi {
        yaku.insert(Yaku::Riichi);
    }
    yaku.insert_if(c.ippatsu, Yaku::Ippatsu);
    yaku.insert_if(c.tsumo && !open, Yaku::MenzenTsumo);
    yaku.insert_if(c.haitei, Yaku::Haitei);
    yaku.insert_if(c.houtei, Yaku::Houtei);
    yaku.insert_if(c.rinshan, Yaku::Rinshan);
    yaku.insert_if(c.chankan, Yaku::Chankan);
    yaku.insert_if(c.tenhou, Yaku::Tenhou);
    yaku.insert_if(c.chiihou, Yaku::Chiihou);

    let present = |kind: TileKind| all[kind] > 0;
    let mut suits = 0u8;
    let (mut simples, mut terminals, mut honors, mut green) = (true, 0, 0, true);
    for kind in TileKind::all().filter(|&k| present(k)) {
        if kind.is_honor() {
            honors += 1;
        } else {
            suits |= 1 << (kind.suit() as u8);
        }
        terminals += u32::from(kind.is_terminal());
        simples &= !kind.is_terminal_or_honor();
        green &= matches!(kind.index(), 19 | 20 | 21 | 23 | 25 | 32);
    }
    let one_suit = suits.count_ones() == 1;
    yaku.insert_if(simples && (!open || rules.kuitan), Yaku::Tanyao);
    yaku.insert_if(one_suit && honors == 0, Yaku::Chinitsu);
    yaku.insert_if(one_suit && honors > 0, Yaku::Honitsu);
    yaku.insert_if(suits == 0, Yaku::Tsuuiisou);
    let outside_only = TileKind::all()
        .filter(|&k| present(k))
        .all(|k| k.is_terminal_or_honor());
    yaku.insert_if(
        outside_only && honors == 0 && terminals > 0,
        Yaku::Chinroutou,
    );
    yaku.insert_if(outside_only && honors > 0 && suits != 0, Yaku::Honroutou);
    yaku.insert_if(green, Yaku::Ryuuiisou);
    if no_melds && one_suit && honors == 0 {
        // Chuuren: 1112345678999 of the suit plus any one more of it; nine-sided when the
        // tiles without the winning tile are exactly 1112345678999.
        let first = TileKind::all()
            .find(|&k| present(k))
            .expect("tiles")
            .index();
        let start = first - (first % 9);
        let counts = &all.0[start..start + 9];
        let base = [3u8, 1, 1, 1, 1, 1, 1, 1, 3];
        if counts.iter().zip(base).all(|(&c, b)| c >= b) {
            let win = hand.win_tile.kind().index() - start;
            let junsei = counts
                .iter()
                .enumerate()
                .all(|(at, &c)| c - u8::from(at == win) == base[at]);
            yaku.insert(if junsei {
                Yaku::JunseiChuuren
            } else {
                Yaku::Chuuren
            });
        }
    }
    let kans = hand.melds.iter().filter(|m| m.kind().is_kan()).count();
    yaku.insert_if(kans == 3, Yaku::Sankantsu);
    yaku.insert_if(kans == 4, Yaku::Suukantsu);
    Facts {
        hand_yaku: yaku,
        seat: c.seat_wind.kind(),
        round: c.round_wind.kind(),
        open,
        no_melds,
        has_honor: honors > 0,
    }
}
