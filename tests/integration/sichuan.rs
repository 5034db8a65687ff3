//! Sichuan bloody battle: the fan table (every fan and total worked out by hand), the missing
//! suit and honors rule, the best wait (查大叫), the presets.

use alea::games::mahjong::sichuan::presets;
use alea::scoring::meld::{Meld, MeldKind};
use alea::scoring::sichuan::{
    Fan, FanTable, SelfDrawBonus, SichuanHand, SichuanWin, best_wait, evaluate, is_win,
};
use alea::tiles::{KindCounts, Suit, Tile, TileCounts, TileKind, parse_tiles};

fn table() -> FanTable {
    presets()["sichuan"].scoring.clone()
}

fn kinds(tiles: &str) -> KindCounts {
    TileCounts::from_tiles(parse_tiles(tiles).unwrap()).kinds()
}

fn meld(kind: MeldKind, tile: &str) -> Meld {
    let tile: Tile = tile.parse().unwrap();
    Meld::new(kind, &vec![tile; kind.size()]).unwrap()
}

/// (concealed, melds, missing suit, win, expected fans, expected fan total, expected per payer;
/// 0 when the hand does not win).
type Case = (
    &'static str,
    Vec<Meld>,
    Suit,
    SichuanWin,
    Vec<(Fan, u8)>,
    u8,
    i32,
);

/// The cases under the `sichuan` preset (cap 3, base 1, self-draw adds a base).
#[test]
fn fan_table_cases() {
    let ron = SichuanWin::default();
    let tsumo = SichuanWin {
        self_draw: true,
        ..ron
    };
    let rinshan = SichuanWin {
        self_draw: true,
        after_kan: true,
        ..ron
    };
    let pon = |t| meld(MeldKind::Pon, t);
    let kan = |t| meld(MeldKind::OpenKan, t);
    #[rustfmt::skip]
    let cases: Vec<Case> = vec![
        // plain: 0 fan = 1 base; self-drawn: + 1 base
        ("123456789m234p55p", vec![], Suit::Sou, ron, vec![], 0, 1),
        ("123456789m234p55p", vec![], Suit::Sou, tsumo, vec![], 0, 2),
        // all pungs 1 = 2
        ("111222m333444p55p", vec![], Suit::Sou, ron, vec![(Fan::AllPungs, 1)], 1, 2),
        // full flush 2 = 4
        ("112233456789m99m", vec![], Suit::Sou, ron, vec![(Fan::FullFlush, 2)], 2, 4),
        // 13 tiles: no win
        ("1111m223344556p", vec![], Suit::Sou, ron, vec![], 0, 0),
        // seven pairs 2 + a root 1 (龙七对) = 8
        ("1111m22334455p66p", vec![], Suit::Sou, ron, vec![(Fan::SevenPairs, 2), (Fan::Root, 1)], 3, 8),
        // full flush seven pairs with a root: 5 fan, capped at 3 = 8
        ("11112233445566m", vec![], Suit::Sou, ron,
            vec![(Fan::FullFlush, 2), (Fan::SevenPairs, 2), (Fan::Root, 1)], 5, 8),
        // four melds, won on the pair: all pungs 1 + full flush 2 + root (the kan) 1 + golden 1
        ("55m", vec![pon("1m"), pon("2m"), kan("3m"), pon("4m")], Suit::Sou, ron,
            vec![(Fan::AllPungs, 1), (Fan::FullFlush, 2), (Fan::Root, 1), (Fan::GoldenSingle, 1)], 5, 8),
        // won on a kan's replacement: 1 fan = 2, + 1 base self-drawn = 3
        ("123456789m234p55p", vec![], Suit::Sou, rinshan, vec![(Fan::WinAfterKan, 1)], 1, 3),
    ];
    for (tiles, melds, missing, win, fans, fan, per_payer) in cases {
        let hand = SichuanHand {
            concealed: kinds(tiles),
            melds: &melds,
            missing,
        };
        let score = evaluate(&hand, &win, &table());
        if per_payer == 0 {
            assert_eq!(score, None, "{tiles} does not win");
            assert!(!is_win(&hand), "{tiles}");
            continue;
        }
        let score = score.unwrap_or_else(|| panic!("{tiles} wins"));
        assert!(is_win(&hand), "{tiles}");
        assert_eq!(score.fans, fans, "{tiles}");
        assert_eq!(score.fan, fan, "{tiles}");
        assert_eq!(score.per_payer, per_payer, "{tiles}");
    }
}

#[test]
fn pon_plus_fourth_tile_is_a_root() {
    // 111m 222m 345p 99m + a pon of 5p: the fourth 5p is concealed, a root (not all pungs)
    let melds = [meld(MeldKind::Pon, "5p")];
    let hand = SichuanHand {
        concealed: kinds("111222m99m345p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    let score = evaluate(&hand, &SichuanWin::default(), &table()).unwrap();
    assert_eq!(score.fans, vec![(Fan::Root, 1)]);
    assert_eq!(score.per_payer, 2);
    // 11 concealed tiles that are no four sets and a pair beside the meld
    let hand = SichuanHand {
        concealed: kinds("111222m99m346p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    assert!(!is_win(&hand));
}

#[test]
fn missing_suit_and_honors_never_win() {
    let plain = kinds("123456789m234p55p");
    for (missing, wins) in [(Suit::Sou, true), (Suit::Pin, false), (Suit::Man, false)] {
        let hand = SichuanHand {
            concealed: plain,
            melds: &[],
            missing,
        };
        assert_eq!(is_win(&hand), wins, "missing {missing:?}");
    }
    let melds = [meld(MeldKind::Pon, "9s")];
    let hand = SichuanHand {
        concealed: kinds("123456789m55p"),
        melds: &melds,
        missing: Suit::Sou,
    };
    assert!(!is_win(&hand), "a melded missing-suit tile");
    let honors = SichuanHand {
        concealed: kinds("123456789m111z55p"),
        melds: &[],
        missing: Suit::Sou,
    };
    assert!(!is_win(&honors));
}

#[test]
fn self_draw_in_fan_and_the_cap() {
    let mut table = presets()["sichuan-4fan"].scoring.clone();
    assert_eq!(table.self_draw, SelfDrawBonus::Fan(1));
    let hand = SichuanHand {
        concealed: kinds("11112233445566m"),
        melds: &[],
        missing: Suit::Sou,
    };
    let tsumo = SichuanWin {
        self_draw: true,
        ..SichuanWin::default()
    };
    let score = evaluate(&hand, &tsumo, &table).unwrap();
    assert_eq!(score.fan, 6); // flush 2 + pairs 2 + root 1 + self-draw 1
    assert_eq!(score.per_payer, 16); // capped at 4
    table.cap = 10;
    table.base = 2;
    assert_eq!(evaluate(&hand, &tsumo, &table).unwrap().per_payer, 128); // 2 << 6
}

#[test]
fn best_wait_is_the_highest_paying() {
    // 123m×2, 456p×2 and 7p: waits on 7p only, as seven pairs (2 fan) or plain (0)
    let hand = SichuanHand {
        concealed: kinds("112233m445566p7p"),
        melds: &[],
        missing: Suit::Sou,
    };
    let (kind, score) = best_wait(&hand, &table()).unwrap();
    assert_eq!(kind, "7p".parse::<Tile>().unwrap().kind());
    assert_eq!((score.fan, score.per_payer), (2, 4));
    // 2345m waits on 2m and 5m (plain) — the first of equals is kept
    let hand = SichuanHand {
        concealed: kinds("2345m456789p111p"),
        melds: &[],
        missing: Suit::Sou,
    };
    let (kind, score) = best_wait(&hand, &table()).unwrap();
    assert_eq!(kind, TileKind::new(1).unwrap());
    assert_eq!(score.per_payer, 1);
    // not ready
    let hand = SichuanHand {
        concealed: kinds("1357m2468p13579p"),
        melds: &[],
        missing: Suit::Sou,
    };
    assert_eq!(best_wait(&hand, &table()), None);
}

#[test]
fn presets_parse() {
    let presets = presets();
    assert_eq!(
        presets.keys().collect::<Vec<_>>(),
        ["sichuan", "sichuan-4fan"]
    );
    assert_eq!(presets["sichuan"].scoring.cap, 3);
}
