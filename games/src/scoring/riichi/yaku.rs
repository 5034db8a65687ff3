//! [`Yaku`]: the yaku, yakuman and dora entries of a score, with their han; [`YakuSet`].

use serde::{Serialize, Serializer};

use super::RiichiRules;
use super::reading::{Reading, Shape, Wait};
use crate::tiles::TileKind;

/// What every reading of the hand shares.
pub(super) struct Facts {
    /// Yaku that do not depend on the reading (situation and tile-set yaku).
    pub hand_yaku: YakuSet,
    pub seat: TileKind,
    pub round: TileKind,
    /// Any open meld.
    pub open: bool,
    /// No melds at all (not even closed kans).
    pub no_melds: bool,
    pub has_honor: bool,
}

macro_rules! yaku_table {
    ($( $(#[$doc:meta])* $name:ident = $text:literal, $closed:literal, $open:literal; )*) => {
        /// A yaku, a yakuman, or a dora entry of a score (dora are listed but are not yaku).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
        #[repr(u8)]
        pub enum Yaku {
            $( $(#[$doc])* $name, )*
        }

        impl Yaku {
            /// Every entry, in display order.
            pub const ALL: &'static [Yaku] = &[$(Yaku::$name),*];

            /// The usual romanized name (`"riichi"`, `"yakuhai: chun"`, `"kokushi musou"`).
            pub const fn name(self) -> &'static str {
                match self { $(Yaku::$name => $text,)* }
            }

            /// Han in a closed hand (yakuman: 0, see [`Yaku::yakuman_units`]; dora: per tile).
            const fn closed_han(self) -> u8 {
                match self { $(Yaku::$name => $closed,)* }
            }

            /// Han in an open hand (0: closed hands only).
            const fn open_han(self) -> u8 {
                match self { $(Yaku::$name => $open,)* }
            }
        }
    };
}

yaku_table! {
    /// Riichi.
    Riichi = "riichi", 1, 0;
    /// Double riichi (counts instead of riichi).
    DoubleRiichi = "double riichi", 2, 0;
    /// Ippatsu.
    Ippatsu = "ippatsu", 1, 0;
    /// Menzen tsumo: self-drawn win with a closed hand.
    MenzenTsumo = "menzen tsumo", 1, 0;
    /// Pinfu: four sequences, a non-value pair, a two-sided wait, closed.
    Pinfu = "pinfu", 1, 0;
    /// Tanyao: simples only.
    Tanyao = "tanyao", 1, 1;
    /// Iipeikou: two identical sequences, closed.
    Iipeikou = "iipeikou", 1, 0;
    /// Ryanpeikou: two pairs of identical sequences, closed.
    Ryanpeikou = "ryanpeikou", 3, 0;
    /// Yakuhai: a triplet of the seat wind.
    SeatWind = "yakuhai: seat wind", 1, 1;
    /// Yakuhai: a triplet of the round wind.
    RoundWind = "yakuhai: round wind", 1, 1;
    /// Yakuhai: a triplet of white dragons.
    Haku = "yakuhai: haku", 1, 1;
    /// Yakuhai: a triplet of green dragons.
    Hatsu = "yakuhai: hatsu", 1, 1;
    /// Yakuhai: a triplet of red dragons.
    Chun = "yakuhai: chun", 1, 1;
    /// Haitei raoyue: tsumo on the last wall tile.
    Haitei = "haitei raoyue", 1, 1;
    /// Houtei raoyui: ron on the last discard.
    Houtei = "houtei raoyui", 1, 1;
    /// Rinshan kaihou: tsumo on a kan's replacement tile.
    Rinshan = "rinshan kaihou", 1, 1;
    /// Chankan: robbing a kan.
    Chankan = "chankan", 1, 1;
    /// Sanshoku doujun: the same sequence in the three suits.
    SanshokuDoujun = "sanshoku doujun", 2, 1;
    /// Sanshoku doukou: the same triplet in the three suits.
    SanshokuDoukou = "sanshoku doukou", 2, 2;
    /// Ittsu: 123, 456 and 789 of one suit.
    Ittsu = "ittsu", 2, 1;
    /// Chanta: every set and the pair hold a terminal or an honor, with honors and a sequence.
    Chanta = "chanta", 2, 1;
    /// Junchan: every set and the pair hold a terminal, no honors, a sequence.
    Junchan = "junchan", 3, 2;
    /// Toitoi: four triplets or kans.
    Toitoi = "toitoi", 2, 2;
    /// Sanankou: three concealed triplets or kans.
    Sanankou = "sanankou", 2, 2;
    /// Sankantsu: three kans.
    Sankantsu = "sankantsu", 2, 2;
    /// Chiitoitsu: seven pairs.
    Chiitoitsu = "chiitoitsu", 2, 0;
    /// Honroutou: terminals and honors only.
    Honroutou = "honroutou", 2, 2;
    /// Shousangen: two dragon triplets and a dragon pair.
    Shousangen = "shousangen", 2, 2;
    /// Honitsu: one suit and honors.
    Honitsu = "honitsu", 3, 2;
    /// Chinitsu: one suit only.
    Chinitsu = "chinitsu", 6, 5;
    /// Kokushi musou: thirteen orphans.
    Kokushi = "kokushi musou", 0, 0;
    /// Kokushi musou on the thirteen-sided wait.
    Kokushi13 = "kokushi musou 13-sided wait", 0, 0;
    /// Suuankou: four concealed triplets.
    Suuankou = "suuankou", 0, 0;
    /// Suuankou on a pair wait.
    SuuankouTanki = "suuankou tanki", 0, 0;
    /// Daisangen: three dragon triplets.
    Daisangen = "daisangen", 0, 0;
    /// Shousuushii: three wind triplets and a wind pair.
    Shousuushii = "shousuushii", 0, 0;
    /// Daisuushii: four wind triplets.
    Daisuushii = "daisuushii", 0, 0;
    /// Tsuuiisou: honors only.
    Tsuuiisou = "tsuuiisou", 0, 0;
    /// Chinroutou: terminals only.
    Chinroutou = "chinroutou", 0, 0;
    /// Ryuuiisou: green tiles only (23468s and hatsu).
    Ryuuiisou = "ryuuiisou", 0, 0;
    /// Chuuren poutou: 1112345678999 of one suit plus one, closed.
    Chuuren = "chuuren poutou", 0, 0;
    /// Chuuren poutou on the nine-sided wait.
    JunseiChuuren = "junsei chuuren poutou", 0, 0;
    /// Suukantsu: four kans.
    Suukantsu = "suukantsu", 0, 0;
    /// Tenhou: the dealer wins on the dealt hand.
    Tenhou = "tenhou", 0, 0;
    /// Chiihou: a non-dealer wins on the first draw.
    Chiihou = "chiihou", 0, 0;
    /// Dora (not a yaku): one han per dora tile.
    Dora = "dora", 1, 1;
    /// Ura dora (not a yaku).
    UraDora = "ura dora", 1, 1;
    /// Red fives (not a yaku).
    AkaDora = "aka dora", 1, 1;
}

impl Yaku {
    /// True for the yakuman.
    pub const fn is_yakuman(self) -> bool {
        (self as u8) >= (Yaku::Kokushi as u8) && (self as u8) <= (Yaku::Chiihou as u8)
    }

    /// True for the dora entries, which add han but are not yaku.
    pub const fn is_dora(self) -> bool {
        (self as u8) >= (Yaku::Dora as u8)
    }

    /// Han of an ordinary yaku in an open or closed hand (0 when it needs a closed hand, and for
    /// yakuman); a dora entry's han per tile.
    pub const fn han(self, open: bool) -> u8 {
        if open {
            self.open_han()
        } else {
            self.closed_han()
        }
    }

    /// How many yakuman this counts as: 2 for the double forms when
    /// [`RiichiRules::double_yakuman`] is on, 1 for the other yakuman, 0 for the rest.
    pub const fn yakuman_units(self, rules: &RiichiRules) -> u8 {
        match self {
            Yaku::Kokushi13 | Yaku::SuuankouTanki | Yaku::JunseiChuuren | Yaku::Daisuushii
                if rules.double_yakuman =>
            {
                2
            }
            _ if self.is_yakuman() => 1,
            _ => 0,
        }
    }
}

impl Serialize for Yaku {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.name())
    }
}

impl std::fmt::Display for Yaku {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(self.name())
    }
}

/// A set of yaku (dora entries excluded), one bit each.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct YakuSet(u64);

impl YakuSet {
    /// No yaku.
    pub const EMPTY: YakuSet = YakuSet(0);

    /// Adds `yaku`.
    #[inline]
    pub fn insert(&mut self, yaku: Yaku) {
        self.0 |= 1 << yaku as u8;
    }

    /// Adds `yaku` when `condition` holds.
    #[inline]
    pub fn insert_if(&mut self, condition: bool, yaku: Yaku) {
        self.0 |= u64::from(condition) << yaku as u8;
    }

    /// Removes `yaku`.
    #[inline]
    pub fn remove(&mut self, yaku: Yaku) {
        self.0 &= !(1 << yaku as u8);
    }

    /// True when `yaku` is in.
    #[inline]
    pub fn contains(&self, yaku: Yaku) -> bool {
        self.0 & (1 << yaku as u8) != 0
    }

    /// Both sets' yaku.
    #[inline]
    pub fn union(self, other: YakuSet) -> YakuSet {
        YakuSet(self.0 | other.0)
    }

    /// True when empty.
    pub fn is_empty(&self) -> bool {
        self.0 == 0
    }

    /// The yakuman only.
    pub fn yakuman(self) -> YakuSet {
        let first = Yaku::Kokushi as u8;
        let last = Yaku::Chiihou as u8;
        let mask = ((1u64 << (last + 1)) - 1) & !((1u64 << first) - 1);
        YakuSet(self.0 & mask)
    }

    /// The yaku in display order.
    pub fn iter(self) -> impl Iterator<Item = Yaku> {
        // Bits are discriminants, and `Yaku::ALL` lists the variants in discriminant order.
        let mut bits = self.0;
        std::iter::from_fn(move || {
            let at = bits.trailing_zeros();
            if at == 64 {
                return None;
            }
            bits &= bits - 1;
            Some(Yaku::ALL[at as usize])
        })
    }

    /// Total han of ordinary yaku in an open or closed hand.
    pub fn han(self, open: bool) -> u32 {
        self.iter().map(|yaku| u32::from(yaku.han(open))).sum()
    }

    /// Total yakuman units.
    pub fn yakuman_units(self, rules: &RiichiRules) -> u32 {
        self.iter()
            .map(|yaku| u32::from(yaku.yakuman_units(rules)))
            .sum()
    }
}

/// The yaku of a standard reading (the hand-wide ones come from `facts`).
pub(super) fn reading_yaku(facts: &Facts, reading: &Reading) -> YakuSet {
    let mut yaku = facts.hand_yaku;
    let (mut sequences, mut concealed_triplets, mut dragons, mut winds) = (0, 0, 0, 0);
    let mut outside = reading.pair.is_terminal_or_honor();
    // Per number 1..9: a bit per suit holding a sequence (triplet) starting at that number.
    let mut sequence_suits = [0u8; 9];
    let mut triplet_suits = [0u8; 9];
    let mut sequence_kinds = [u8::MAX; 4];
    let mut peikou = 0;
    for group in &reading.groups {
        outside &= group.has_terminal_or_honor();
        let kind = group.kind;
        if group.shape == Shape::Sequence {
            let index = kind.index() as u8;
            // A sequence equal to an odd number of earlier ones completes a new pair.
            let earlier = sequence_kinds[..sequences]
                .iter()
                .filter(|&&k| k == index)
                .count();
            peikou += earlier % 2;
            sequence_kinds[sequences] = index;
            sequences += 1;
            sequence_suits[usize::from(kind.number() - 1)] |= 1 << (kind.suit() as u8);
            continue;
        }
        concealed_triplets += usize::from(group.concealed);
        if kind.is_honor() {
            if kind.index() >= 31 {
                dragons += 1;
            } else {
                winds += 1;
            }
            yaku.insert_if(kind == facts.seat, Yaku::SeatWind);
            yaku.insert_if(kind == facts.round, Yaku::RoundWind);
            yaku.insert_if(kind.index() == 31, Yaku::Haku);
            yaku.insert_if(kind.index() == 32, Yaku::Hatsu);
            yaku.insert_if(kind.index() == 33, Yaku::Chun);
        } else {
            triplet_suits[usize::from(kind.number() - 1)] |= 1 << (kind.suit() as u8);
        }
    }
    let pair = reading.pair;
    let value_pair = pair.index() >= 31 || pair == facts.seat || pair == facts.round;
    yaku.insert_if(
        facts.no_melds && sequences == 4 && !value_pair && reading.wait == Wait::Ryanmen,
        Yaku::Pinfu,
    );
    if !facts.open {
        yaku.insert_if(peikou == 1, Yaku::Iipeikou);
        yaku.insert_if(peikou == 2, Yaku::Ryanpeikou);
    }
    yaku.insert_if(sequence_suits.contains(&0b111), Yaku::SanshokuDoujun);
    yaku.insert_if(triplet_suits.contains(&0b111), Yaku::SanshokuDoukou);
    let ittsu = (0..3).any(|suit| {
        [0, 3, 6]
            .iter()
            .all(|&n| sequence_suits[n] & (1 << suit) != 0)
    });
    yaku.insert_if(ittsu, Yaku::Ittsu);
    if outside && sequences > 0 {
        yaku.insert(if facts.has_honor {
            Yaku::Chanta
        } else {
            Yaku::Junchan
        });
    }
    yaku.insert_if(sequences == 0, Yaku::Toitoi);
    match concealed_triplets {
        3 => yaku.insert(Yaku::Sanankou),
        4 if reading.wait == Wait::Tanki => yaku.insert(Yaku::SuuankouTanki),
        4 => yaku.insert(Yaku::Suuankou),
        _ => {}
    }
    let dragon_pair = pair.index() >= 31;
    let wind_pair = pair.is_honor() && !dragon_pair;
    yaku.insert_if(dragons == 3, Yaku::Daisangen);
    yaku.insert_if(dragons == 2 && dragon_pair, Yaku::Shousangen);
    yaku.insert_if(winds == 4, Yaku::Daisuushii);
    yaku.insert_if(winds == 3 && wind_pair, Yaku::Shousuushii);
    yaku
}
