//! [`Suit`], [`TileKind`] (the 34 kinds) and [`Tile`] (the 37 identities: kinds plus red fives).

/// A tile's suit: characters (`m`), dots (`p`), bamboo (`s`) or honors (`z`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Suit {
    /// Characters, `1m..9m`.
    Man,
    /// Dots, `1p..9p`.
    Pin,
    /// Bamboo, `1s..9s`.
    Sou,
    /// Honors, `1z..7z`: east, south, west, north, white, green, red.
    Honor,
}

impl Suit {
    /// The four suits, in kind order.
    pub const ALL: [Suit; 4] = [Suit::Man, Suit::Pin, Suit::Sou, Suit::Honor];

    /// The notation letter (`m`, `p`, `s`, `z`).
    pub const fn letter(self) -> char {
        match self {
            Suit::Man => 'm',
            Suit::Pin => 'p',
            Suit::Sou => 's',
            Suit::Honor => 'z',
        }
    }

    /// The suit of a notation letter.
    pub const fn from_letter(letter: char) -> Option<Suit> {
        match letter {
            'm' => Some(Suit::Man),
            'p' => Some(Suit::Pin),
            's' => Some(Suit::Sou),
            'z' => Some(Suit::Honor),
            _ => None,
        }
    }

    /// How many numbers the suit has: 9, or 7 for honors.
    pub const fn numbers(self) -> u8 {
        match self {
            Suit::Honor => 7,
            _ => 9,
        }
    }

    /// The kind index of this suit's number 1.
    const fn first(self) -> u8 {
        self as u8 * 9
    }
}

/// One of the 34 tile kinds (T34): `1m..9m` = 0..8, `1p..9p` = 9..17, `1s..9s` = 18..26,
/// `1z..7z` = 27..33. Red and black fives are the same kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct TileKind(u8);

impl TileKind {
    /// The number of kinds.
    pub const COUNT: usize = 34;

    /// The kind with this index (`< 34`).
    pub const fn new(index: u8) -> Option<TileKind> {
        if (index as usize) < Self::COUNT {
            Some(TileKind(index))
        } else {
            None
        }
    }

    /// The kind `number` of `suit` (1-based), if it exists.
    pub const fn from_suit(suit: Suit, number: u8) -> Option<TileKind> {
        if number >= 1 && number <= suit.numbers() {
            Some(TileKind(suit.first() + number - 1))
        } else {
            None
        }
    }

    /// Every kind, in index order.
    pub fn all() -> impl Iterator<Item = TileKind> {
        (0..Self::COUNT as u8).map(TileKind)
    }

    /// The index, `0..34`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        Suit::ALL[(self.0 / 9) as usize]
    }

    /// The number within the suit (1–9, honors 1–7).
    pub const fn number(self) -> u8 {
        self.0 % 9 + 1
    }

    /// True for winds and dragons.
    pub const fn is_honor(self) -> bool {
        self.0 >= 27
    }

    /// True for the ones and nines of the three suits.
    pub const fn is_terminal(self) -> bool {
        !self.is_honor() && (self.number() == 1 || self.number() == 9)
    }

    /// True for terminals and honors (yaochuuhai).
    pub const fn is_terminal_or_honor(self) -> bool {
        self.is_honor() || self.is_terminal()
    }

    /// True for the fives of the three suits (the kinds that have red copies).
    pub const fn is_five(self) -> bool {
        !self.is_honor() && self.number() == 5
    }

    /// The dora this kind indicates: the next number of its suit (9 → 1), the next wind
    /// (north → east), the next dragon (red → white).
    pub const fn dora(self) -> TileKind {
        let (first, len) = match self.0 {
            0..=26 => (self.0 / 9 * 9, 9),
            27..=30 => (27, 4),
            _ => (31, 3),
        };
        TileKind(first + (self.0 - first + 1) % len)
    }

    /// The indicator of this kind as a dora (the inverse of [`TileKind::dora`]).
    pub const fn indicator(self) -> TileKind {
        let (first, len) = match self.0 {
            0..=26 => (self.0 / 9 * 9, 9),
            27..=30 => (27, 4),
            _ => (31, 3),
        };
        TileKind(first + (self.0 - first + len - 1) % len)
    }

    /// The wind `index` (0 East, 1 South, 2 West, 3 North; taken mod 4) as an honor kind.
    pub const fn wind(index: u8) -> TileKind {
        TileKind(27 + index % 4)
    }

    /// The black tile of this kind.
    pub const fn tile(self) -> Tile {
        Tile(self.0)
    }

    /// The red five of this kind, if it is a five.
    pub const fn red(self) -> Option<Tile> {
        if self.is_five() {
            Some(Tile(Tile::FIRST_RED + self.0 / 9))
        } else {
            None
        }
    }
}

/// One of the 37 tile identities (T37): the 34 kinds with their black copies (index = kind
/// index), then the red fives `0m`, `0p`, `0s` (34, 35, 36).
///
/// Ordered by kind, a red five right after the black five of its kind, so sorted hands read
/// naturally (`4p 5p 0p 6p`). Written in the usual notation: `5p`, `0p`, `7z`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Tile(u8);

impl Tile {
    /// The number of identities.
    pub const COUNT: usize = 37;
    /// The index of the first red five (`0m`).
    const FIRST_RED: u8 = 34;

    /// Every identity, in tile order (`1m 2m 3m 4m 5m 0m 6m … 7z`).
    pub const ALL: [Tile; Tile::COUNT] = {
        let mut all = [Tile(0); Tile::COUNT];
        let (mut kind, mut at) = (0u8, 0usize);
        while kind < TileKind::COUNT as u8 {
            all[at] = Tile(kind);
            at += 1;
            if let Some(red) = TileKind(kind).red() {
                all[at] = red;
                at += 1;
            }
            kind += 1;
        }
        all
    };

    /// The identity with this index (`< 37`).
    pub const fn new(index: u8) -> Option<Tile> {
        if (index as usize) < Self::COUNT {
            Some(Tile(index))
        } else {
            None
        }
    }

    /// The tile written `digit` + `suit` in notation: `0` is the red five, honors take 1–7.
    pub const fn from_digit(suit: Suit, digit: u8) -> Option<Tile> {
        match (suit, digit) {
            (Suit::Honor, 0) => None,
            (_, 0) => TileKind(suit.first() + 4).red(),
            _ => match TileKind::from_suit(suit, digit) {
                Some(kind) => Some(kind.tile()),
                None => None,
            },
        }
    }

    /// The index, `0..37`.
    pub const fn index(self) -> usize {
        self.0 as usize
    }

    /// The kind (a red five's kind is the five).
    pub const fn kind(self) -> TileKind {
        if self.0 >= Self::FIRST_RED {
            TileKind((self.0 - Self::FIRST_RED) * 9 + 4)
        } else {
            TileKind(self.0)
        }
    }

    /// True for the red fives.
    pub const fn is_red(self) -> bool {
        self.0 >= Self::FIRST_RED
    }

    /// The same tile without the red colour (a red five becomes a black five).
    pub const fn black(self) -> Tile {
        self.kind().tile()
    }

    /// The notation digit: 0 for a red five, else the number.
    pub const fn digit(self) -> u8 {
        if self.is_red() { 0 } else { self.number() }
    }

    /// The suit.
    pub const fn suit(self) -> Suit {
        self.kind().suit()
    }

    /// The number within the suit (a red five is 5).
    pub const fn number(self) -> u8 {
        self.kind().number()
    }

    /// True for winds and dragons.
    pub const fn is_honor(self) -> bool {
        self.kind().is_honor()
    }

    /// True for the ones and nines of the three suits.
    pub const fn is_terminal(self) -> bool {
        self.kind().is_terminal()
    }

    /// The position in [`Tile::ALL`] (the sort key).
    const fn order(self) -> u8 {
        // Before kind k come k black tiles plus the red fives of earlier suits.
        let kind = self.kind().0;
        let reds_before = if kind > 22 {
            3
        } else if kind > 13 {
            2
        } else if kind > 4 {
            1
        } else {
            0
        };
        kind + reds_before + self.is_red() as u8
    }
}

impl PartialOrd for Tile {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Tile {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        self.order().cmp(&other.order())
    }
}

impl From<TileKind> for Tile {
    fn from(kind: TileKind) -> Tile {
        kind.tile()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn kinds_have_suits_numbers_and_classes() {
        let kinds: Vec<TileKind> = TileKind::all().collect();
        assert_eq!(kinds.len(), 34);
        assert_eq!(TileKind::from_suit(Suit::Pin, 5), TileKind::new(13));
        assert_eq!(TileKind::from_suit(Suit::Honor, 8), None);
        assert_eq!(TileKind::from_suit(Suit::Man, 0), None);
        let east = TileKind::from_suit(Suit::Honor, 1).unwrap();
        assert!(east.is_honor() && east.is_terminal_or_honor() && !east.is_terminal());
        let nine_sou = TileKind::from_suit(Suit::Sou, 9).unwrap();
        assert!(nine_sou.is_terminal() && !nine_sou.is_honor());
        assert_eq!(
            kinds.iter().filter(|k| k.is_terminal_or_honor()).count(),
            13
        );
        assert_eq!(kinds.iter().filter(|k| k.is_five()).count(), 3);
        assert_eq!(TileKind::new(34), None);
    }

    #[test]
    fn dora_follows_its_indicator() {
        let k = |t: &str| t.parse::<Tile>().unwrap().kind();
        for (indicator, dora) in [
            ("9m", "1m"),
            ("4p", "5p"),
            ("4z", "1z"),
            ("7z", "5z"),
            ("5z", "6z"),
        ] {
            assert_eq!(k(indicator).dora(), k(dora));
            assert_eq!(k(dora).indicator(), k(indicator));
        }
        assert!(TileKind::all().all(|t| t.dora().indicator() == t));
    }

    #[test]
    fn red_fives_are_their_own_identities_of_the_five_kind() {
        let red = Tile::from_digit(Suit::Sou, 0).unwrap();
        assert_eq!(red.index(), 36);
        assert!(red.is_red());
        assert_eq!(red.kind(), TileKind::from_suit(Suit::Sou, 5).unwrap());
        assert_eq!(red.black(), Tile::from_digit(Suit::Sou, 5).unwrap());
        assert_eq!((red.digit(), red.number(), red.suit()), (0, 5, Suit::Sou));
        assert_eq!(red.kind().red(), Some(red));
        assert_eq!(Tile::from_digit(Suit::Honor, 0), None);
        assert_eq!(TileKind::from_suit(Suit::Pin, 4).unwrap().red(), None);
    }

    #[test]
    fn tiles_sort_by_kind_with_red_after_black() {
        // ALL is sorted, holds every identity once, and order() is its position.
        for (at, tile) in Tile::ALL.iter().enumerate() {
            assert_eq!(usize::from(tile.order()), at, "{tile:?}");
        }
        let mut indices: Vec<usize> = Tile::ALL.iter().map(|t| t.index()).collect();
        indices.sort_unstable();
        assert_eq!(indices, (0..37).collect::<Vec<_>>());
        let five = Tile::from_digit(Suit::Man, 5).unwrap();
        let red = Tile::from_digit(Suit::Man, 0).unwrap();
        let six = Tile::from_digit(Suit::Man, 6).unwrap();
        assert!(five < red && red < six);
    }
}
