//! Shanten (向听): how many tile exchanges a concealed hand is from ready, for the standard form
//! (four melds and a pair), seven pairs and thirteen orphans. `-1` means complete.
//!
//! The standard form is table-based: each suit's count vector (base 5, 9 digits) indexes a
//! table, built once on first use, that gives for every (pair used as head?, melds) the most
//! partial blocks (pairs and two-tile waits) the suit can hold: a *row*. Honors (triplets and
//! pairs only) are counted directly, and shanten = 2·B − max(2·melds + blocks + head) with
//! melds + blocks ≤ B, B = ⌊tiles / 3⌋ (4 for 13 or 14 tiles).
//!
//! Blocks beyond 4 never count (B ≤ 4), so a row's blocks are capped at 4. Capped, the rows of
//! every suit and of every combination of suits are few (150 for one suit, 332 in all), so the
//! table gives each count vector a row *id*, and combining two suits' rows (a max-plus
//! convolution) is one look-up in a table of every pair of ids, built with the rest.

use std::sync::OnceLock;

use super::{KindCounts, TileKind};

/// Melds tracked per suit (a 14-tile hand holds at most 4).
const MAX_MELDS: usize = 4;
/// Partial blocks tracked (more than 4 never count).
const MAX_BLOCKS: u32 = 4;

/// A table cell packed in a u32: 3 bits per (head, melds), holding `blocks + 1` (0 = impossible).
#[derive(Clone, Copy, Default)]
struct Cell(u32);

impl Cell {
    const EMPTY_HAND: Cell = Cell(1); // head 0, melds 0, blocks 0

    #[inline]
    fn get(self, head: usize, melds: usize) -> Option<u32> {
        let v = (self.0 >> (3 * (head * (MAX_MELDS + 1) + melds))) & 7;
        v.checked_sub(1)
    }

    #[inline]
    fn raise(&mut self, head: usize, melds: usize, blocks: u32) {
        if head > 1 || melds > MAX_MELDS {
            return;
        }
        let shift = 3 * (head * (MAX_MELDS + 1) + melds);
        let new = blocks.min(MAX_BLOCKS) + 1;
        if new > (self.0 >> shift) & 7 {
            self.0 = (self.0 & !(7 << shift)) | (new << shift);
        }
    }

    /// Every reachable (head, melds, blocks) shifted by the given amounts.
    fn merge_shifted(&mut self, from: Cell, d_head: usize, d_melds: usize, d_blocks: u32) {
        for head in 0..2 {
            for melds in 0..=MAX_MELDS {
                if let Some(blocks) = from.get(head, melds) {
                    self.raise(head + d_head, melds + d_melds, blocks + d_blocks);
                }
            }
        }
    }
}

/// The per-suit table and the rows it reaches (honors need no count table: see [`Honors`]).
struct Tables {
    /// Per count vector of a suit (its base-5 index), the id of its row. The rows of one suit
    /// come first among the ids, and are fewer than 256.
    suit: Vec<u8>,
    /// How many rows suits and their combinations reach, capped (see [`Row::capped`]).
    rows: usize,
    /// `joined[a * rows + b]`: the id of rows `a` and `b` combined.
    joined: Vec<RowId>,
    /// The standard-form shanten of each row with each honors' share and hand size, where
    /// [`standard_at`] says.
    standard: Vec<i8>,
}

/// Honor kinds: each of an [`Honors`]' counts is at most this.
const HONOR_KINDS: usize = 7;
/// The hand sizes that differ for the standard form: B = ⌊tiles / 3⌋ up to [`MAX_MELDS`].
const SIZES: usize = MAX_MELDS + 1;

/// Where [`field@Tables::standard`] keeps the shanten of row `row` with `honors` and B =
/// `blocks`.
#[inline(always)]
fn standard_at(row: RowId, honors: Honors, blocks: usize) -> usize {
    let (melds, pairs) = (honors.melds as usize, honors.pairs as usize);
    debug_assert!(melds <= HONOR_KINDS && pairs <= HONOR_KINDS && blocks < SIZES);
    ((usize::from(row) * (HONOR_KINDS + 1) + melds) * (HONOR_KINDS + 1) + pairs) * SIZES + blocks
}

/// The id of a row: its place among the rows met while the tables were built ([`Rows::all`];
/// [`Tables::rows`] of them).
type RowId = u16;

/// The rows met while the tables are built, each with its id.
#[derive(Default)]
struct Rows {
    /// The rows by id.
    all: Vec<Row>,
    /// A capped cell's row id.
    ids: std::collections::HashMap<u32, RowId>,
}

impl Rows {
    /// The id of `cell`'s row, a new one the first time it is met.
    fn id(&mut self, cell: Cell) -> RowId {
        *self.ids.entry(cell.0).or_insert_with(|| {
            self.all.push(Row::unpack(cell));
            RowId::try_from(self.all.len() - 1).expect("a few hundred rows")
        })
    }

    /// The row id of each suit cell (in one byte: a suit has fewer than 256 rows).
    fn suit_ids(&mut self, cells: &[Cell]) -> Vec<u8> {
        let mut last = None;
        cells
            .iter()
            .map(|&cell| {
                // Neighbouring count vectors often share a cell (those over 14 tiles: none).
                let id = match last {
                    Some((seen, id)) if seen == cell.0 => id,
                    _ => self.id(cell),
                };
                last = Some((cell.0, id));
                u8::try_from(id).expect("fewer than 256 rows of one suit")
            })
            .collect()
    }

    /// Combines every pair of rows until no new row appears; returns the table of
    /// combinations (`[a * rows + b]`). Combining is commutative: each pair is combined once,
    /// and each round only the pairs with a row the last round added.
    fn close(&mut self) -> Vec<RowId> {
        let mut pairs = Vec::new();
        let (mut done, mut n) = (0, self.all.len());
        while done < n {
            for b in done..n {
                for a in 0..=b {
                    let joined = self.all[a].combine(&self.all[b]).capped();
                    pairs.push((a, b, self.id(joined)));
                }
            }
            (done, n) = (n, self.all.len());
        }
        let mut joined = vec![0; n * n];
        for (a, b, id) in pairs {
            (joined[a * n + b], joined[b * n + a]) = (id, id);
        }
        joined
    }

    /// The standard-form shanten of every row with every honors' share and hand size.
    fn standard(&self) -> Vec<i8> {
        let mut standard = vec![0; standard_at(self.all.len() as RowId, Honors::default(), 0)];
        for (id, row) in self.all.iter().enumerate() {
            for melds in 0..=HONOR_KINDS as i32 {
                for pairs in 0..=HONOR_KINDS as i32 {
                    for blocks in 0..SIZES {
                        let honors = Honors { melds, pairs };
                        let at = standard_at(id as RowId, honors, blocks);
                        standard[at] = standard_of(row, honors, 3 * blocks as u32);
                    }
                }
            }
        }
        standard
    }
}

impl Tables {
    /// Gives each suit cell its row's id, closes the rows under combining, and tabulates the
    /// combinations and the shanten.
    fn new(cells: &[Cell]) -> Tables {
        let mut rows = Rows::default();
        let suit = rows.suit_ids(cells);
        let joined = rows.close();
        Tables {
            suit,
            rows: rows.all.len(),
            joined,
            standard: rows.standard(),
        }
    }

    /// The row id of a suit's count vector (its base-5 index).
    #[inline(always)]
    fn id(&self, index: usize) -> RowId {
        RowId::from(self.suit[index])
    }

    /// The id of rows `a` and `b` combined.
    #[inline(always)]
    fn join(&self, a: RowId, b: RowId) -> RowId {
        self.joined[usize::from(a) * self.rows + usize::from(b)]
    }

    /// The standard-form shanten of a hand of `total` tiles whose suits combine into row
    /// `row`, with `honors`.
    #[inline(always)]
    fn standard(&self, row: RowId, honors: Honors, total: u32) -> i8 {
        let blocks = (total / 3).min(MAX_MELDS as u32) as usize;
        self.standard[standard_at(row, honors, blocks)]
    }
}

const POW5: [usize; 10] = [1, 5, 25, 125, 625, 3125, 15625, 78125, 390625, 1953125];

fn build(digits: usize) -> Vec<Cell> {
    let size = POW5[digits];
    let mut table = vec![Cell::default(); size];
    table[0] = Cell::EMPTY_HAND;
    let mut counts = [0usize; 9];
    for index in 1..size {
        // Decode (digit i has weight 5^i).
        let mut rest = index;
        let mut total = 0;
        for c in counts.iter_mut().take(digits) {
            *c = rest % 5;
            rest /= 5;
            total += *c;
        }
        if total > 14 {
            continue;
        }
        let i = counts.iter().position(|&c| c > 0).expect("index > 0");
        let at = |k: usize| POW5[k];
        let mut cell = table[index - at(i)]; // tile i left alone
        let c = counts[i];
        if c >= 3 {
            cell.merge_shifted(table[index - 3 * at(i)], 0, 1, 0);
        }
        if c >= 2 {
            let pair = table[index - 2 * at(i)];
            cell.merge_shifted(pair, 1, 0, 0);
            cell.merge_shifted(pair, 0, 0, 1);
        }
        {
            let has = |k: usize| k < digits && counts[k] > 0;
            if has(i + 1) && has(i + 2) {
                cell.merge_shifted(table[index - at(i) - at(i + 1) - at(i + 2)], 0, 1, 0);
            }
            if has(i + 1) {
                cell.merge_shifted(table[index - at(i) - at(i + 1)], 0, 0, 1);
            }
            if has(i + 2) {
                cell.merge_shifted(table[index - at(i) - at(i + 2)], 0, 0, 1);
            }
        }
        table[index] = cell;
    }
    table
}

fn tables() -> &'static Tables {
    static TABLES: OnceLock<Tables> = OnceLock::new();
    TABLES.get_or_init(|| Tables::new(&build(9)))
}

/// Builds the shanten tables now (they are otherwise built on first use, 0.06–0.09 s).
pub fn warm_up_shanten() {
    tables();
}

#[inline]
fn index(counts: &[u8]) -> usize {
    counts
        .iter()
        .rev()
        .fold(0, |acc, &c| acc * 5 + usize::from(c.min(4)))
}

/// Impossible (head, melds) entries: low enough that any sum with them stays negative.
const NONE: i32 = -1000;

/// A cell unpacked: the most blocks per melds, without a head (`free`) and with one (`head`),
/// [`NONE`] where impossible.
#[derive(Clone, Copy)]
struct Row {
    free: [i32; MAX_MELDS + 1],
    head: [i32; MAX_MELDS + 1],
    /// The most melds with a possible entry.
    top: usize,
}

impl Row {
    fn unpack(cell: Cell) -> Row {
        let field = |at: usize| {
            let v = ((cell.0 >> (3 * at)) & 7) as i32;
            if v == 0 { NONE } else { v - 1 }
        };
        // The highest field set, free or head (the head fields folded onto the free ones).
        let set = (cell.0 | cell.0 >> (3 * (MAX_MELDS + 1))) & 0x7FFF;
        let top = ((31 - (set | 1).leading_zeros()) / 3) as usize;
        Row {
            free: [field(0), field(1), field(2), field(3), field(4)],
            head: [field(5), field(6), field(7), field(8), field(9)],
            top,
        }
    }

    /// The row as a cell, its blocks capped at [`MAX_BLOCKS`]: exact for the shanten, whose
    /// blocks count up to B − melds ≤ 4 (`min(a + b, 4) = min(min(a, 4) + b, 4)` for b ≥ 0,
    /// so capping before or after combining gives the same rows).
    fn capped(&self) -> Cell {
        let mut cell = Cell(0);
        for melds in 0..=MAX_MELDS {
            for (head, blocks) in [(0, self.free[melds]), (1, self.head[melds])] {
                if let Ok(blocks) = u32::try_from(blocks) {
                    cell.raise(head, melds, blocks);
                }
            }
        }
        cell
    }

    /// The best blocks for each (head, melds) of two suits together (max-plus).
    fn combine(&self, b: &Row) -> Row {
        let mut out = Row {
            free: [NONE; MAX_MELDS + 1],
            head: [NONE; MAX_MELDS + 1],
            top: (self.top + b.top).min(MAX_MELDS),
        };
        for ma in 0..=self.top.min(MAX_MELDS) {
            let (fa, ha) = (self.free[ma], self.head[ma]);
            let end = ma + b.top.min(MAX_MELDS - ma);
            let outs = out.free[ma..=end].iter_mut().zip(&mut out.head[ma..=end]);
            for ((free, head), (&fb, &hb)) in outs.zip(b.free.iter().zip(&b.head)) {
                *free = (*free).max(fa + fb);
                *head = (*head).max((ha + fb).max(fa + hb));
            }
        }
        out
    }
}

/// Standard-form shanten of a concealed hand of `n` tiles (`n % 3` is 1 or 2; melds called
/// elsewhere reduce n). Counts above 4 are read as 4.
pub fn shanten_standard(hand: &KindCounts) -> i8 {
    standard(hand, hand.total())
}

#[inline(always)]
fn standard(hand: &KindCounts, total: u32) -> i8 {
    let (c, t) = (&hand.0, tables());
    let [m, p, s] = [&c[0..9], &c[9..18], &c[18..27]].map(|suit| t.id(index(suit)));
    let row = t.join(t.join(m, p), s);
    t.standard(row, Honors::of(&c[27..34]), total)
}

/// The honors' share of the standard form. Honors form no sequences: every triplet is a meld
/// and every pair a block or the head (breaking a triplet into a head or a block never gains: it
/// frees one block slot for at most one point and loses the meld's two).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Honors {
    melds: i32,
    pairs: i32,
}

impl Honors {
    #[inline(always)]
    fn of(counts: &[u8]) -> Honors {
        counts
            .iter()
            .fold(Honors::default(), |h, &n| h.changed(0, n))
    }

    /// After one honor kind's count went from `before` to `after`.
    #[inline(always)]
    fn changed(self, before: u8, after: u8) -> Honors {
        let meld = |n: u8| i32::from(n >= 3);
        let pair = |n: u8| i32::from(n == 2);
        Honors {
            melds: self.melds + meld(after) - meld(before),
            pairs: self.pairs + pair(after) - pair(before),
        }
    }
}

/// Standard-form shanten from the three suits' combined row, the honors and the hand's size
/// (tabulated for every row by [`Rows::standard`]).
fn standard_of(row: &Row, honors: Honors, total: u32) -> i8 {
    let Honors {
        melds: honor_melds,
        pairs: honor_pairs,
    } = honors;
    let blocks_needed = (total / 3).min(MAX_MELDS as u32) as i32;
    let mut best = 0i32;
    for melds in 0..=MAX_MELDS {
        let all_melds = melds as i32 + honor_melds;
        let room = blocks_needed - all_melds;
        if room < 0 {
            break;
        }
        let free = row.free[melds] + honor_pairs;
        let mut value = free.min(room);
        if honor_pairs > 0 {
            value = value.max((free - 1).min(room) + 1);
        }
        value = value.max((row.head[melds] + honor_pairs).min(room) + 1);
        best = best.max(2 * all_melds + value);
    }
    (2 * blocks_needed - best) as i8
}

/// Seven-pairs shanten of a 13- or 14-tile concealed hand: 6 − pairs, plus the kinds missing
/// to have seven different ones.
pub fn shanten_seven_pairs(hand: &KindCounts) -> i8 {
    let (mut pairs, mut kinds) = (0i8, 0i8);
    for &c in &hand.0 {
        pairs += i8::from(c >= 2);
        kinds += i8::from(c >= 1);
    }
    seven_pairs(pairs, kinds)
}

/// Seven-pairs shanten from the kinds held twice or more and the kinds held.
#[inline]
fn seven_pairs(pairs: i8, kinds: i8) -> i8 {
    6 - pairs + (7 - kinds).max(0)
}

/// Thirteen-orphans shanten of a 13- or 14-tile concealed hand: 13 − different terminals and
/// honors held, − 1 if one of them is paired.
pub fn shanten_thirteen_orphans(hand: &KindCounts) -> i8 {
    const ORPHANS: [usize; 13] = [0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33];
    let (mut kinds, mut pair) = (0i8, 0i8);
    for at in ORPHANS {
        let c = hand.0[at];
        kinds += i8::from(c >= 1);
        pair |= i8::from(c >= 2);
    }
    13 - kinds - pair
}

/// The shanten of a concealed hand: the minimum over the standard form, seven pairs and
/// thirteen orphans (the last two only for 13 or 14 tiles). `-1` = complete, `0` = ready.
///
/// ```
/// use alea_games::tiles::{KindCounts, parse_tiles, shanten};
/// let hand: KindCounts = parse_tiles("123m456p789s1122z").unwrap().into_iter().collect();
/// assert_eq!(shanten(&hand), 0); // ready: waits on 1z or 2z
/// ```
pub fn shanten(hand: &KindCounts) -> i8 {
    let (mut total, mut pairs, mut kinds) = (0u32, 0i8, 0i8);
    for &c in &hand.0 {
        total += u32::from(c);
        pairs += i8::from(c >= 2);
        kinds += i8::from(c >= 1);
    }
    let standard = standard(hand, total);
    if total >= 13 {
        standard
            .min(seven_pairs(pairs, kinds))
            .min(shanten_thirteen_orphans(hand))
    } else {
        standard
    }
}

/// A hand ready to give the shanten of the hands one tile away from it ([`ShantenProbe::with`],
/// [`ShantenProbe::lowered_by`]) or one trade away ([`ShantenProbe::traded`]) at a fraction of
/// [`shanten`]'s cost: the suits a change does not touch keep their table rows, combined
/// ahead, and the counts seven pairs and thirteen orphans read are updated rather than
/// recounted. [`ShantenProbe::trade`] moves the probe to a traded hand the same way. Same
/// values as [`shanten`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ShantenProbe {
    hand: KindCounts,
    total: u32,
    /// Per suit, its table index.
    index: [usize; 3],
    /// Per suit, its row's id.
    rows: [RowId; 3],
    /// Per suit, the other two suits' rows combined.
    others: [RowId; 3],
    /// The three suits' rows combined.
    all: RowId,
    honors: Honors,
    forms: Forms,
    /// Bit per kind held.
    held: u64,
    /// Bit per kind: held, or (suits) within two of a held tile of its suit — the only kinds
    /// whose draw can form a meld, a pair or a partial block.
    near: u64,
    /// The hand's own shanten.
    now: i8,
}

/// Bit per kind of the terminals and honors.
const ORPHAN_BITS: u64 = 1 | 1 << 8 | 1 << 9 | 1 << 17 | 1 << 18 | 1 << 26 | 0x7F << 27;

/// What seven pairs and thirteen orphans read of a hand.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Forms {
    /// Kinds held twice or more, and kinds held.
    pairs: i8,
    kinds: i8,
    /// Terminal and honor kinds held, and those held twice or more.
    orphans: i8,
    orphan_pairs: i8,
}

impl Forms {
    fn of(counts: &[u8; 34]) -> Forms {
        let mut forms = Forms::default();
        for (k, &n) in counts.iter().enumerate() {
            forms = forms.changed(k, 0, n);
        }
        forms
    }

    /// After kind `k`'s count went from `before` to `after`.
    #[inline(always)]
    fn changed(self, k: usize, before: u8, after: u8) -> Forms {
        let paired = i8::from(after >= 2) - i8::from(before >= 2);
        let held = i8::from(after >= 1) - i8::from(before >= 1);
        let orphan = i8::from(ORPHAN_BITS >> k & 1 == 1);
        Forms {
            pairs: self.pairs + paired,
            kinds: self.kinds + held,
            orphans: self.orphans + orphan * held,
            orphan_pairs: self.orphan_pairs + orphan * paired,
        }
    }

    /// The better of seven pairs and thirteen orphans (for 13 tiles or more).
    #[inline(always)]
    fn shanten(self) -> i8 {
        let thirteen = 13 - self.orphans - i8::from(self.orphan_pairs > 0);
        seven_pairs(self.pairs, self.kinds).min(thirteen)
    }
}

/// The index of a suit whose kind at `digit` went from `before` to `after` copies (counts
/// above 4 read as 4).
#[inline(always)]
fn shifted(index: usize, digit: usize, before: u8, after: u8) -> usize {
    let step = POW5[digit];
    index + usize::from(after.min(4)) * step - usize::from(before.min(4)) * step
}

/// The kinds near the `held` ones (bit per kind): a held honor, and the suits' kinds within
/// two of a held one of their suit (the probe's `near`).
fn near_of(held: u64) -> u64 {
    const SUIT: u64 = (1 << 9) - 1;
    (0..3).fold(held & !((1 << 27) - 1), |near, s| {
        let h = held >> (9 * s) & SUIT;
        near | ((h | h << 1 | h << 2 | h >> 1 | h >> 2) & SUIT) << (9 * s)
    })
}

impl ShantenProbe {
    /// The probe of `hand`.
    pub fn new(hand: &KindCounts) -> ShantenProbe {
        let c = &hand.0;
        let index = [index(&c[0..9]), index(&c[9..18]), index(&c[18..27])];
        let rows = index.map(|i| tables().id(i));
        let held = (0..34).fold(0, |held, k| held | u64::from(c[k] > 0) << k);
        let mut probe = ShantenProbe {
            hand: *hand,
            total: hand.total(),
            index,
            rows,
            others: rows,
            all: rows[0],
            honors: Honors::of(&c[27..34]),
            forms: Forms::of(c),
            held,
            near: near_of(held),
            now: 0,
        };
        probe.combine_rows();
        probe
    }

    /// Combines the suits' rows ahead (`others`, `all`) and sets the hand's shanten.
    fn combine_rows(&mut self) {
        let t = tables();
        let [m, p, s] = self.rows;
        self.others = [t.join(p, s), t.join(m, s), t.join(m, p)];
        self.all = t.join(self.others[2], s);
        self.now = t.standard(self.all, self.honors, self.total);
        if self.total >= 13 {
            self.now = self.now.min(self.forms.shanten());
        }
    }

    /// The hand's shanten.
    pub fn shanten(&self) -> i8 {
        self.now
    }

    /// The lowest shanten after discarding one tile of the hand (`None` for an empty hand):
    /// what a call leaves, once its discard is chosen well.
    pub fn best_discard(&self) -> Option<i8> {
        TileKind::all()
            .filter(|&k| self.hand[k] > 0)
            .map(|k| self.with(k, false))
            .min()
    }

    /// True when a draw of `kind` lowers the shanten (kinds no meld, pair or block can use are
    /// answered without a look-up).
    #[inline]
    pub fn lowered_by(&self, kind: TileKind) -> bool {
        let k = kind.index();
        // Seven pairs and thirteen orphans count from 13 tiles on: a 13th tile may start them.
        let forms = match self.total + 1 {
            13 => true,
            n => n > 13 && (self.forms.kinds < 7 || ORPHAN_BITS >> k & 1 == 1),
        };
        (self.near >> k & 1 == 1 || forms) && self.with(kind, true) < self.now
    }

    /// The shanten of the hand with one more tile of `kind` (`add`) or one fewer (not `add`;
    /// the hand's own shanten when it holds none).
    #[inline]
    pub fn with(&self, kind: TileKind, add: bool) -> i8 {
        let k = kind.index();
        let n = self.hand.0[k];
        let (total, new) = match add {
            true => (self.total + 1, n.saturating_add(1)),
            false if n == 0 => return self.now,
            false => (self.total - 1, n - 1),
        };
        let t = tables();
        let (row, honors) = match k {
            27.. => (self.all, self.honors.changed(n, new)),
            _ => {
                let (suit, digit) = (k / 9, k % 9);
                let index = shifted(self.index[suit], digit, n, new);
                (t.join(t.id(index), self.others[suit]), self.honors)
            }
        };
        let standard = t.standard(row, honors, total);
        match total {
            ..13 => standard,
            _ => standard.min(self.forms.changed(k, n, new).shanten()),
        }
    }

    /// The shanten of the hand with one tile of `give` traded for one of `take`, the hand's
    /// size kept (a `give` the hand does not hold is only an addition: [`ShantenProbe::with`]).
    /// At most two suits' rows are looked up; the rest is combined ahead.
    #[inline]
    pub fn traded(&self, give: TileKind, take: TileKind) -> i8 {
        let (g, t) = (give.index(), take.index());
        let (ng, nt) = (self.hand.0[g], self.hand.0[t]);
        if ng == 0 {
            return self.with(take, true);
        }
        if g == t {
            return self.now;
        }
        let changes = [(g, ng, ng - 1), (t, nt, nt.saturating_add(1))];
        let (mut index, mut honors) = (self.index, self.honors);
        for (k, before, after) in changes {
            match k {
                27.. => honors = honors.changed(before, after),
                _ => index[k / 9] = shifted(index[k / 9], k % 9, before, after),
            }
        }
        let tab = tables();
        let suit = |k: usize| (k < 27).then_some(k / 9);
        let row = match (suit(g), suit(t)) {
            (None, None) => self.all,
            (Some(a), Some(b)) if a != b => {
                let two = tab.join(tab.id(index[a]), tab.id(index[b]));
                tab.join(two, self.rows[3 - a - b])
            }
            (Some(s), _) | (None, Some(s)) => tab.join(tab.id(index[s]), self.others[s]),
        };
        let standard = tab.standard(row, honors, self.total);
        if self.total < 13 {
            return standard;
        }
        let forms = changes.iter().fold(self.forms, |f, &(k, before, after)| {
            f.changed(k, before, after)
        });
        standard.min(forms.shanten())
    }

    /// Makes the trade [`ShantenProbe::traded`] values: the probe becomes the new hand's,
    /// exactly as [`ShantenProbe::new`] would build it, looking up the row ids of the suits
    /// that changed only (the combinations are four look-ups).
    pub fn trade(&mut self, give: TileKind, take: TileKind) {
        if self.hand[give] > 0 {
            self.set(give.index(), self.hand[give] - 1);
        }
        self.set(take.index(), self.hand[take].saturating_add(1));
        self.near = near_of(self.held);
        self.combine_rows();
    }

    /// Sets kind `k`'s count, keeping the counts, indexes, rows and forms that follow from it.
    fn set(&mut self, k: usize, after: u8) {
        let before = self.hand.0[k];
        self.hand.0[k] = after;
        self.total = self.total + u32::from(after) - u32::from(before);
        self.forms = self.forms.changed(k, before, after);
        self.held = self.held & !(1 << k) | u64::from(after > 0) << k;
        match k {
            27.. => self.honors = self.honors.changed(before, after),
            _ => {
                let suit = k / 9;
                self.index[suit] = shifted(self.index[suit], k % 9, before, after);
                self.rows[suit] = tables().id(self.index[suit]);
            }
        }
    }
}

/// The kinds whose draw lowers the shanten of a 13-tile (or 3n+1) hand: its effective tiles.
/// Kinds already held four times are skipped.
pub fn effective_kinds(hand: &KindCounts) -> Vec<TileKind> {
    let probe = ShantenProbe::new(hand);
    TileKind::all()
        .filter(|&kind| hand[kind] < 4 && probe.lowered_by(kind))
        .collect()
}

/// Unseen copies of the kinds that lower `hand`'s shanten (its ukeire), `seen` counting the
/// copies visible to the player (its own tiles included).
pub fn ukeire(hand: &KindCounts, seen: &KindCounts) -> u32 {
    let probe = ShantenProbe::new(hand);
    let mut total = 0;
    for kind in TileKind::all() {
        let left = 4u8.saturating_sub(seen[kind]);
        if left > 0 && probe.lowered_by(kind) {
            total += u32::from(left);
        }
    }
    total
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tiles::parse_tiles;

    fn hand(text: &str) -> KindCounts {
        parse_tiles(text).unwrap().into_iter().collect()
    }

    /// A slow reference for the standard form: every decomposition, recursively.
    fn reference(
        counts: &mut [u8; 34],
        from: usize,
        melds: i8,
        blocks: i8,
        head: bool,
        b: i8,
    ) -> i8 {
        let Some(i) = (from..34).find(|&i| counts[i] > 0) else {
            let partial = blocks.min(b - melds);
            return 2 * b - (2 * melds + partial + i8::from(head));
        };
        let suited = i < 27;
        let pos = i % 9;
        let mut best = {
            counts[i] -= 1;
            let r = reference(counts, i, melds, blocks, head, b);
            counts[i] += 1;
            r
        };
        let mut try_take = |take: &[usize], dm: i8, db: i8, dh: bool, counts: &mut [u8; 34]| {
            if take.iter().any(|&k| counts[k] == 0) {
                return;
            }
            if take.len() >= 2 && take[0] == take[1] && counts[take[0]] < take.len() as u8 {
                return;
            }
            for &k in take {
                counts[k] -= 1;
            }
            if melds + dm <= b && !(head && dh) {
                best = best.min(reference(counts, i, melds + dm, blocks + db, head || dh, b));
            }
            for &k in take {
                counts[k] += 1;
            }
        };
        try_take(&[i, i, i], 1, 0, false, counts);
        try_take(&[i, i], 0, 0, true, counts);
        try_take(&[i, i], 0, 1, false, counts);
        if suited && pos <= 6 {
            try_take(&[i, i + 1, i + 2], 1, 0, false, counts);
        }
        if suited && pos <= 7 {
            try_take(&[i, i + 1], 0, 1, false, counts);
        }
        if suited && pos <= 6 {
            try_take(&[i, i + 2], 0, 1, false, counts);
        }
        best
    }

    /// `n` random tiles, at most 4 of a kind, drawn often from the first suit (dense suits:
    /// their rows hold the most blocks) or the honors.
    fn random_counts(rng: &mut rand_chacha::ChaCha8Rng, n: usize) -> [u8; 34] {
        use rand::RngExt;
        let mut counts = [0u8; 34];
        let mut placed = 0;
        while placed < n {
            let k = match rng.random_range(0..3) {
                0 => rng.random_range(0..9),
                1 => rng.random_range(27..34),
                _ => rng.random_range(0..34),
            };
            if counts[k] < 4 {
                counts[k] += 1;
                placed += 1;
            }
        }
        counts
    }

    #[test]
    fn known_hands() {
        let table: [(&str, i8); 14] = [
            ("123m456p789s11222z", -1),
            ("123m456p789s1122z", 0),
            ("19m19p19s1234567z", 0),
            ("19m19p19s12345677z", -1),
            ("1m19p19s12345677z", 0),
            ("1133557799m11p2s", 0),
            ("11335577m1199p22s", -1),
            ("1111222233334m", 0),
            ("147m258p369s1234z", 6),
            ("1m4m7m2p5p8p3s6s9s1z2z3z4z", 6),
            ("2345678m234p5678s", 0),
            ("12m45p78s1z2z3z4z5z6z", 5),
            ("11112222333444m", -1),
            ("1112345678999m", 0),
        ];
        for (text, expected) in table {
            assert_eq!(shanten(&hand(text)), expected, "{text}");
        }
        assert_eq!(shanten_standard(&hand("1133557799m11p2s")), 3);
        assert_eq!(shanten_seven_pairs(&hand("1133557799m11p2s")), 0);
        assert_eq!(shanten_thirteen_orphans(&hand("19m19p19s1234567z")), 0);
        // Effective tiles of the nine gates: every manzu kind.
        let gates = effective_kinds(&hand("1112345678999m"));
        assert_eq!(gates.len(), 9);
        assert!(gates.iter().all(|k| k.suit() == crate::tiles::Suit::Man));
    }

    #[test]
    fn a_probe_gives_every_neighbour_its_shanten() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(11);
        for n in [13usize, 14, 12, 11, 10, 7, 4, 1] {
            for _ in 0..200 {
                let counts = random_counts(&mut rng, n);
                let hand = KindCounts(counts);
                let probe = ShantenProbe::new(&hand);
                assert_eq!(probe.shanten(), shanten(&hand));
                for kind in TileKind::all() {
                    for add in [true, false] {
                        let mut next = hand;
                        match add {
                            // A fifth copy too: counts above 4 read as 4.
                            true if next[kind] < 5 => next[kind] += 1,
                            false if next[kind] > 0 => next[kind] -= 1,
                            _ => continue,
                        }
                        assert_eq!(probe.with(kind, add), shanten(&next), "{counts:?} {kind:?}");
                        if add {
                            let lower = shanten(&next) < shanten(&hand);
                            assert_eq!(probe.lowered_by(kind), lower, "{counts:?} {kind:?}");
                        }
                    }
                }
                let best = TileKind::all()
                    .filter(|&k| hand[k] > 0)
                    .map(|k| {
                        let mut less = hand;
                        less[k] -= 1;
                        shanten(&less)
                    })
                    .min();
                assert_eq!(probe.best_discard(), best, "{counts:?}");
                for give in TileKind::all().filter(|&k| hand[k] > 0) {
                    for take in TileKind::all().filter(|&k| hand[k] < 5) {
                        let mut next = hand;
                        next[give] -= 1;
                        next[take] += 1;
                        let traded = probe.traded(give, take);
                        assert_eq!(traded, shanten(&next), "{counts:?} {give:?} {take:?}");
                        let mut moved = probe;
                        moved.trade(give, take);
                        assert_eq!(
                            moved,
                            ShantenProbe::new(&next),
                            "{counts:?} {give:?} {take:?}"
                        );
                    }
                }
                let missing = TileKind::all().find(|&k| hand[k] == 0);
                if let Some(kind) = missing {
                    assert_eq!(probe.with(kind, false), probe.shanten());
                    let first = TileKind::all().next().expect("34 kinds");
                    assert_eq!(probe.traded(kind, first), probe.with(first, true));
                    let (mut moved, mut more) = (probe, hand);
                    moved.trade(kind, first);
                    more[first] += 1;
                    assert_eq!(moved, ShantenProbe::new(&more));
                }
            }
        }
    }

    #[test]
    fn any_three_suits_join_in_any_order_as_their_uncapped_combination_capped() {
        let mut rows = Rows::default();
        rows.suit_ids(&build(9));
        let singles = rows.all.len();
        let joined = rows.close();
        let n = rows.all.len();
        assert_eq!((singles, n), (150, 332));
        let join = |a: usize, b: usize| usize::from(joined[a * n + b]);
        for a in 0..singles {
            for b in a..singles {
                for c in b..singles {
                    let (ra, rb, rc) = (&rows.all[a], &rows.all[b], &rows.all[c]);
                    let want = ra.combine(rb).combine(rc).capped().0;
                    for id in [
                        join(join(a, b), c),
                        join(a, join(b, c)),
                        join(join(a, c), b),
                    ] {
                        assert_eq!(rows.all[id].capped().0, want, "rows {a} {b} {c}");
                    }
                }
            }
        }
    }

    #[test]
    fn row_ids_give_what_combining_the_uncapped_rows_gives() {
        use rand::{RngExt, SeedableRng};
        let cells = build(9);
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(5);
        for _ in 0..20_000 {
            let n = rng.random_range(1..=14usize);
            let counts = random_counts(&mut rng, n);
            let row = |s: usize| Row::unpack(cells[index(&counts[9 * s..9 * s + 9])]);
            let uncapped = row(0).combine(&row(1)).combine(&row(2));
            let honors = Honors::of(&counts[27..34]);
            let hand = KindCounts(counts);
            let expected = standard_of(&uncapped, honors, n as u32);
            assert_eq!(shanten_standard(&hand), expected, "{counts:?}");
        }
    }

    #[test]
    fn table_matches_the_reference_on_random_hands() {
        use rand::{RngExt, SeedableRng};
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
        for n in [13usize, 14, 10, 8, 7, 5, 4, 2, 1] {
            for _ in 0..300 {
                let mut counts = [0u8; 34];
                let mut placed = 0;
                while placed < n {
                    // Bias to one suit sometimes, so dense suit vectors are covered too.
                    let k = if rng.random_bool(0.5) {
                        rng.random_range(0..9)
                    } else {
                        rng.random_range(0..34)
                    };
                    if counts[k] < 4 {
                        counts[k] += 1;
                        placed += 1;
                    }
                }
                let hand = KindCounts(counts);
                let b = (n / 3) as i8;
                let expected = reference(&mut counts.clone(), 0, 0, 0, false, b);
                assert_eq!(shanten_standard(&hand), expected, "{counts:?}");
            }
        }
    }
}
