//! Riichi scoring: a table of hands with known han, fu, points and yaku; rule options; errors;
//! the `alea score` line protocol.
//!
//! Points follow the standard tables: basic = fu × 2^(2 + han) below mangan; non-dealer ron 4×,
//! dealer ron 6×, tsumo 1× from non-dealers and 2× from the dealer (2× from each when the
//! dealer wins), every payment rounded up to 100. Unless a case says otherwise the winner sits
//! South (non-dealer) in an East round.
//!
//! Every han, fu and total of the table was derived by hand (the comments show the tricky
//! sums); all of them also agree with the independent Python scorer `mahjong` 2.1.0, and so do
//! thousands of seeded random hands: `benches/peers/riichi_crosscheck.sh` (it needs Python and
//! a package download, so it is not part of this suite).

use std::collections::BTreeSet;
use std::ops::ControlFlow;

use alea_cli::cli::{score_line, score_lines};
use alea_games::scoring::riichi::{
    Hand, HandError, Meld, MeldKind, RiichiRules, Score, WinContext, Wind, Yaku, evaluate, is_agari,
};
use alea_games::scoring::shape::{Set, for_each_standard};
use alea_games::tiles::{TileCounts, TileKind};
use proptest::prelude::*;

/// One hand: the JSON line, then han, fu, total points, and the yaku as "name han, ...".
struct Case {
    line: &'static str,
    han: u32,
    fu: u32,
    total: u32,
    yaku: &'static str,
}

const fn case(line: &'static str, han: u32, fu: u32, total: u32, yaku: &'static str) -> Case {
    Case {
        line,
        han,
        fu,
        total,
        yaku,
    }
}

#[rustfmt::skip]
const CASES: &[Case] = &[
    // --- Pinfu, fu of waits, tsumo, basic payments ---
    // 123m 456p 789s 234s 66s, 2s completes 34s on its low side: ryanmen. 20 + 10 closed ron.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"seat_wind":"S"}"#, 2, 30, 2000, "riichi 1, pinfu 1"),
    // Same tiles, 3s fills 2_4s: kanchan, no pinfu. 20 + 10 + 2 = 32 → 40; 1/40 = 1300.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"3s","riichi":true,"seat_wind":"S"}"#, 1, 40, 1300, "riichi 1"),
    // Pinfu tsumo is 20 fu flat: basic 20 × 2^5 = 640 → 700 / 1300.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"tsumo":true,"seat_wind":"S"}"#, 3, 20, 2700, "riichi 1, menzen tsumo 1, pinfu 1"),
    case(r#"{"tiles":"234m456p678s23466s","win_tile":"2s","riichi":true,"tsumo":true,"seat_wind":"S"}"#, 4, 20, 5200, "riichi 1, menzen tsumo 1, pinfu 1, tanyao 1"),
    // Kanchan tsumo: 20 + 2 + 2 = 24 → 30; 4/30 tsumo: basic 1920 → 2000 / 3900.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"3s","double_riichi":true,"ippatsu":true,"tsumo":true,"seat_wind":"S"}"#, 4, 30, 7900, "double riichi 2, ippatsu 1, menzen tsumo 1"),
    // Open tanyao (kuitan): 20 + open simple pon 2 = 22 → 30.
    case(r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m","seat_wind":"S"}"#, 1, 30, 1000, "tanyao 1"),
    // Open hand with no fu at all on ron: 20 becomes 30.
    case(r#"{"tiles":"234m567p22s","melds":[{"kind":"chi","tiles":"678s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m","seat_wind":"S"}"#, 1, 30, 1000, "tanyao 1"),
    // Dealer tsumo of the open tanyao: 20 + 2 tsumo + 2 pon = 24 → 30; 1/30: 500 from each.
    case(r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m","tsumo":true,"dealer":true}"#, 1, 30, 1500, "tanyao 1"),
    // --- Yakuhai and pair fu ---
    // Open chun pon 4, kanchan 2: 26 → 30.
    case(r#"{"tiles":"123m456p789s11s","melds":[{"kind":"pon","tiles":"777z"}],"win_tile":"2m","seat_wind":"S"}"#, 1, 30, 1000, "yakuhai: chun 1"),
    // Dealer East in East round: 111z is seat and round wind (2 han). 20 + 10 + closed honor
    // triplet 8 + tanki 2 = 40; dealer ron 2/40: 640 × 6 = 3840 → 3900.
    case(r#"{"tiles":"111z234m567p678s99m","win_tile":"9m","dealer":true}"#, 2, 40, 3900, "yakuhai: seat wind 1, yakuhai: round wind 1"),
    case(r#"{"tiles":"222z234m567p678s99m","win_tile":"9m","seat_wind":"S"}"#, 1, 40, 1300, "yakuhai: seat wind 1"),
    // Double-wind pair (East seat, East round) is 4 fu: 20 + 10 + 111m closed terminal 8 + 4
    // = 42 → 50; dealer ron 1/50: 400 × 6 = 2400.
    case(r#"{"tiles":"111m567p678s345s11z","win_tile":"5s","riichi":true,"dealer":true}"#, 1, 50, 2400, "riichi 1"),
    // The same pair as round wind only (South seat): 2 fu, 20 + 10 + 8 + 2 = 40.
    case(r#"{"tiles":"111m567p678s345s11z","win_tile":"5s","riichi":true,"seat_wind":"S"}"#, 1, 40, 1300, "riichi 1"),
    // --- Seven pairs, peikou ---
    // Chiitoitsu: 25 fu, no rounding; 3/25: 800 × 4 = 3200.
    case(r#"{"tiles":"1133m5577p2299s66z","win_tile":"6z","riichi":true,"seat_wind":"S"}"#, 3, 25, 3200, "riichi 1, chiitoitsu 2"),
    // 4/25 dealer tsumo: basic 1600 → 3200 from each.
    case(r#"{"tiles":"2244m557788p3366s","win_tile":"8p","tsumo":true,"dealer":true}"#, 4, 25, 9600, "menzen tsumo 1, tanyao 1, chiitoitsu 2"),
    // Also seven pairs (riichi + chiitoitsu = 3/25 = 3200), but 234m 234m 567p 567p 99s with a
    // ryanmen 4m is riichi + pinfu + ryanpeikou = 5 han: mangan.
    case(r#"{"tiles":"223344m556677p99s","win_tile":"4m","riichi":true,"seat_wind":"S"}"#, 5, 30, 8000, "riichi 1, pinfu 1, ryanpeikou 3"),
    case(r#"{"tiles":"223344m556677p99s","win_tile":"4m","riichi":true,"dealer":true}"#, 5, 30, 12000, "riichi 1, pinfu 1, ryanpeikou 3"),
    // 123m 123m 456p 678s 99s, 7s kanchan: 24 → 30; 2/30 tsumo 500 / 1000.
    case(r#"{"tiles":"112233m456p67899s","win_tile":"7s","tsumo":true,"seat_wind":"S"}"#, 2, 30, 2000, "menzen tsumo 1, iipeikou 1"),
    // --- Sanshoku, ittsu, chanta, junchan, and their open reductions ---
    case(r#"{"tiles":"123m123p123s456m99p","win_tile":"4m","seat_wind":"S"}"#, 3, 30, 3900, "pinfu 1, sanshoku doujun 2"),
    case(r#"{"tiles":"123m123p456m99p","melds":[{"kind":"chi","tiles":"123s"}],"win_tile":"4m","seat_wind":"S"}"#, 1, 30, 1000, "sanshoku doujun 1"),
    // 9m completes 78m (waiting 6m-9m): ryanmen. 4/20 tsumo: 1280 → 1300 / 2600.
    case(r#"{"tiles":"123456789m234p55s","win_tile":"9m","tsumo":true,"seat_wind":"S"}"#, 4, 20, 5200, "menzen tsumo 1, pinfu 1, ittsu 2"),
    case(r#"{"tiles":"123456m234p55s","melds":[{"kind":"chi","tiles":"789m"}],"win_tile":"1m","seat_wind":"S"}"#, 1, 30, 1000, "ittsu 1"),
    // North triplet (no yakuhai for a South seat in East): 20 + 10 + 8 = 38 → 40.
    case(r#"{"tiles":"123m789p789s444z99m","win_tile":"1m","seat_wind":"S"}"#, 2, 40, 2600, "chanta 2"),
    case(r#"{"tiles":"123m789s444z99m","melds":[{"kind":"chi","tiles":"789p"}],"win_tile":"1m","seat_wind":"S"}"#, 1, 30, 1000, "chanta 1"),
    // 3p completes 12p: penchan 2. 20 + 10 + 2 = 32 → 40; 3/40 = 5200.
    case(r#"{"tiles":"123m789m123p789s11s","win_tile":"3p","seat_wind":"S"}"#, 3, 40, 5200, "junchan 3"),
    case(r#"{"tiles":"123m789m123p11s","melds":[{"kind":"chi","tiles":"789s"}],"win_tile":"3p","seat_wind":"S"}"#, 2, 30, 2000, "junchan 2"),
    // --- Triplets and kans ---
    // Shanpon ron on 8s makes 888s open: 20 + 2 + 2 + 444s closed 4 + 2 = 30.
    case(r#"{"tiles":"444888s66m","melds":[{"kind":"pon","tiles":"222m"},{"kind":"pon","tiles":"777p"}],"win_tile":"8s","seat_wind":"S"}"#, 3, 30, 3900, "tanyao 1, toitoi 2"),
    // Tanki on haku keeps three concealed triplets: 20 + 999p open 4 + 3 × 4 + haku pair 2 +
    // tanki 2 = 40; 4/40: basic 2560 > 2000 → mangan.
    case(r#"{"tiles":"222m444s777s55z","melds":[{"kind":"pon","tiles":"999p"}],"win_tile":"5z","seat_wind":"S"}"#, 4, 40, 8000, "toitoi 2, sanankou 2"),
    // Ron on the 7s shanpon opens 777s: two concealed triplets only. 20 + 10 + 4 + 4 + 2 = 40.
    case(r#"{"tiles":"222m444s777s567p99m","win_tile":"7s","riichi":true,"seat_wind":"S"}"#, 1, 40, 1300, "riichi 1"),
    // The same by tsumo: sanankou. 20 + 2 + 3 × 4 = 34 → 40; 4/40 → mangan 2000 / 4000.
    case(r#"{"tiles":"222m444s777s567p99m","win_tile":"7s","riichi":true,"tsumo":true,"seat_wind":"S"}"#, 4, 40, 8000, "riichi 1, menzen tsumo 1, sanankou 2"),
    // Kans: closed simple 16, open simple 8, added (open) simple 8: 20 + 32 = 52 → 60; the
    // open kan makes the hand open (no closed-ron 10). 2/60: 960 × 4 = 3840 → 3900.
    case(r#"{"tiles":"456s99m","melds":[{"kind":"closed_kan","tiles":"2222m"},{"kind":"open_kan","tiles":"7777p"},{"kind":"added_kan","tiles":"3333s"}],"win_tile":"6s","seat_wind":"S"}"#, 2, 60, 3900, "sankantsu 2"),
    // 20 + 999s open terminal 4 + 111m, 999p closed terminals 8 + 8 + 222z opened by ron 4 +
    // chun pair 2 = 46 → 50 (West seat: 222z is no yakuhai). 4/50 → mangan.
    case(r#"{"tiles":"111m999p222z77z","melds":[{"kind":"pon","tiles":"999s"}],"win_tile":"2z","seat_wind":"W"}"#, 4, 50, 8000, "toitoi 2, honroutou 2"),
    case(r#"{"tiles":"222m222s456m88s","melds":[{"kind":"pon","tiles":"222p"}],"win_tile":"6m","seat_wind":"S"}"#, 3, 30, 3900, "tanyao 1, sanshoku doukou 2"),
    // 20 + 10 + 8 + 8 + chun pair 2 + penchan 2 = 50; 4 han → mangan.
    case(r#"{"tiles":"555z666z77z123m456p","win_tile":"3m","seat_wind":"S"}"#, 4, 50, 8000, "yakuhai: haku 1, yakuhai: hatsu 1, shousangen 2"),
    // --- Flushes and limits ---
    case(r#"{"tiles":"123m345m678m333z99m","win_tile":"8m","seat_wind":"S"}"#, 3, 40, 5200, "honitsu 3"),
    case(r#"{"tiles":"123m345m678m99m","melds":[{"kind":"pon","tiles":"333z"}],"win_tile":"8m","seat_wind":"S"}"#, 2, 30, 2000, "honitsu 2"),
    // Only reading: 123p 234p 456p 777p 99p (tanki): 20 + 10 + 4 + 2 = 36 → 40. 6 han: haneman.
    case(r#"{"tiles":"12233445677799p","win_tile":"9p","seat_wind":"S"}"#, 6, 40, 12000, "chinitsu 6"),
    case(r#"{"tiles":"234p456p777p99p","melds":[{"kind":"chi","tiles":"123p"}],"win_tile":"9p","seat_wind":"S"}"#, 5, 30, 8000, "chinitsu 5"),
    // Indicator 8p makes 9p dora (two in hand): 1 + 6 + 2 = 9 han: baiman.
    case(r#"{"tiles":"12233445677799p","win_tile":"9p","riichi":true,"dora_indicators":"8p","seat_wind":"S"}"#, 9, 40, 16000, "riichi 1, chinitsu 6, dora 2"),
    // Only reading: 123p 123p 456p 789p 99p, 6p ryanmen. 1+1+1+1+1+2+6 = 13: kazoe yakuman
    // (basic 8000: 8000 / 16000).
    case(r#"{"tiles":"11223345678999p","win_tile":"6p","riichi":true,"ippatsu":true,"tsumo":true,"seat_wind":"S"}"#, 13, 20, 32000, "riichi 1, ippatsu 1, menzen tsumo 1, pinfu 1, iipeikou 1, ittsu 2, chinitsu 6"),
    // 12 han: sanbaiman 6000 / 12000.
    case(r#"{"tiles":"11223345678999p","win_tile":"6p","riichi":true,"tsumo":true,"seat_wind":"S"}"#, 12, 20, 24000, "riichi 1, menzen tsumo 1, pinfu 1, iipeikou 1, ittsu 2, chinitsu 6"),
    // --- Situational yaku ---
    // Closed kan 16: 20 + 2 + 16 = 38 → 40; 2/40 tsumo: 640 → 700 / 1300.
    case(r#"{"tiles":"345p678s567s99s","melds":[{"kind":"closed_kan","tiles":"2222m"}],"win_tile":"3p","tsumo":true,"rinshan":true,"seat_wind":"S"}"#, 2, 40, 2700, "menzen tsumo 1, rinshan kaihou 1"),
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"3s","chankan":true,"seat_wind":"S"}"#, 1, 40, 1300, "chankan 1"),
    // 20 + 2 tsumo + 777p open 2 + tanki 2 = 26 → 30; 1/30 tsumo 300 / 500.
    case(r#"{"tiles":"234m456s678s99s","melds":[{"kind":"pon","tiles":"777p"}],"win_tile":"9s","tsumo":true,"haitei":true,"seat_wind":"S"}"#, 1, 30, 1100, "haitei raoyue 1"),
    case(r#"{"tiles":"234m456s678s99s","melds":[{"kind":"pon","tiles":"777p"}],"win_tile":"9s","houtei":true,"seat_wind":"S"}"#, 1, 30, 1000, "houtei raoyui 1"),
    // --- Dora, honba, riichi sticks ---
    // Dora 2m (indicator 1m), ura 2s (indicator 1s), red 0p: 2 + 3 = 5 han → mangan.
    case(r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m","ura_indicators":"1s","seat_wind":"S"}"#, 5, 30, 8000, "riichi 1, pinfu 1, dora 1, ura dora 1, aka dora 1"),
    // 4/30: basic 1920 → 7680 → 7700 (no kiriage mangan by default).
    case(r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m","seat_wind":"S"}"#, 4, 30, 7700, "riichi 1, pinfu 1, dora 1, aka dora 1"),
    // Dealer 4/30 ron: 1920 × 6 = 11520 → 11600.
    case(r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m","dealer":true}"#, 4, 30, 11600, "riichi 1, pinfu 1, dora 1, aka dora 1"),
    // 2000 + 2 honba × 300, + 1 riichi stick 1000 = 3600.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"seat_wind":"S","honba":2,"riichi_sticks":1}"#, 2, 30, 3600, "riichi 1, pinfu 1"),
    // 700 / 1300 + 100 per payer: 800 + 800 + 1400 = 3000.
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"tsumo":true,"seat_wind":"S","honba":1}"#, 3, 20, 3000, "riichi 1, menzen tsumo 1, pinfu 1"),
    // Indicators wrap: 4z (north) → 1z (east, three in hand), 7z (chun) → 5z (haku, two):
    // 2 + 5 = 7 han, haneman. 20 + 10 + 8 + haku pair 2 + tanki 2 = 42 → 50.
    case(r#"{"tiles":"111z234m567p678s55z","win_tile":"5z","dealer":true,"dora_indicators":"4z7z"}"#, 7, 50, 18000, "yakuhai: seat wind 1, yakuhai: round wind 1, dora 5"),
    // --- Readings: the best decomposition wins ---
    // 111222333m: three triplets or three 123m. Ron on 1m: 123m reading is a ryanmen pinfu with
    // iipeikou (3/30 = 3900); the triplet reading would be riichi only (111m opened by ron,
    // 20 + 10 + 4 + 4 + 4 = 42 → 50: 1600).
    case(r#"{"tiles":"111222333m45699s","win_tile":"1m","riichi":true,"seat_wind":"S"}"#, 3, 30, 3900, "riichi 1, pinfu 1, iipeikou 1"),
    // Tsumo on 3m: the sequence reading is a penchan (riichi + tsumo + iipeikou, 3/30 = 4000);
    // the triplets give sanankou: 4 han, 20 + 2 + 8 + 4 + 4 = 38 → 40: mangan.
    case(r#"{"tiles":"111222333m45699s","win_tile":"3m","riichi":true,"tsumo":true,"seat_wind":"S"}"#, 4, 40, 8000, "riichi 1, menzen tsumo 1, sanankou 2"),
    // 23444s: ryanmen 4s on 23s (pinfu, 2/30 = 2000) beats tanki on 4s (1/40 = 1300).
    case(r#"{"tiles":"123m567p678s23444s","win_tile":"4s","riichi":true,"seat_wind":"S"}"#, 2, 30, 2000, "riichi 1, pinfu 1"),
    // 34555s is 345s + 55s; the 5s completes 34s (ryanmen, pinfu: 2/30 = 2000) or the pair
    // (tanki: riichi only, 20 + 10 + 2 = 32 → 40: 1300).
    case(r#"{"tiles":"123m567p789p34555s","win_tile":"5s","riichi":true,"seat_wind":"S"}"#, 2, 30, 2000, "riichi 1, pinfu 1"),
    // --- Yakuman ---
    case(r#"{"tiles":"19m19p19s12345677z","win_tile":"1m","seat_wind":"S"}"#, 13, 0, 32000, "kokushi musou 13"),
    // Thirteen-sided wait counts single by default; dealer tsumo 16000 from each.
    case(r#"{"tiles":"19m19p19s12345677z","win_tile":"7z","tsumo":true,"dealer":true}"#, 13, 0, 48000, "kokushi musou 13-sided wait 13"),
    // 20 + 2 + 4 × 4 = 38 → 40.
    case(r#"{"tiles":"222m444p666s888s99m","win_tile":"8s","tsumo":true,"seat_wind":"S"}"#, 13, 40, 32000, "suuankou 13"),
    // Ron on the shanpon: 888s opened, toitoi + sanankou; 20 + 10 + 12 + 2 = 44 → 50: mangan.
    case(r#"{"tiles":"222m444p666s888s99m","win_tile":"8s","seat_wind":"S"}"#, 4, 50, 8000, "toitoi 2, sanankou 2"),
    // Ron on the pair wait keeps all four concealed: suuankou tanki.
    case(r#"{"tiles":"222m444p666s888s99m","win_tile":"9m","seat_wind":"S"}"#, 13, 50, 32000, "suuankou tanki 13"),
    case(r#"{"tiles":"666z777z123m99p","melds":[{"kind":"pon","tiles":"555z"}],"win_tile":"3m","seat_wind":"S"}"#, 13, 50, 32000, "daisangen 13"),
    case(r#"{"tiles":"111z222z333z44z123m","win_tile":"3m","seat_wind":"S"}"#, 13, 60, 32000, "shousuushii 13"),
    case(r#"{"tiles":"222z333z444z99m","melds":[{"kind":"pon","tiles":"111z"}],"win_tile":"9m","seat_wind":"S"}"#, 13, 50, 32000, "daisuushii 13"),
    case(r#"{"tiles":"222z555z666z77z","melds":[{"kind":"pon","tiles":"111z"}],"win_tile":"7z","seat_wind":"W"}"#, 13, 60, 32000, "tsuuiisou 13"),
    // Two yakuman add up: 26 han, 64000.
    case(r#"{"tiles":"111z222z555z666z77z","win_tile":"7z","seat_wind":"W"}"#, 26, 70, 64000, "suuankou tanki 13, tsuuiisou 13"),
    case(r#"{"tiles":"11223344556677z","win_tile":"7z","seat_wind":"S"}"#, 13, 25, 32000, "tsuuiisou 13"),
    case(r#"{"tiles":"999m111p999p99s","melds":[{"kind":"pon","tiles":"111m"}],"win_tile":"9s","seat_wind":"S"}"#, 13, 50, 32000, "chinroutou 13"),
    case(r#"{"tiles":"234s234s666s888s66z","win_tile":"8s","seat_wind":"S"}"#, 13, 40, 32000, "ryuuiisou 13"),
    // Open ryuuiisou without hatsu: 222s 234s 888s 44s + pon 666s, tanki on 4s.
    // 20 + 2 + 4 + 4 + 2 = 32 → 40.
    case(r#"{"tiles":"22223444888s","melds":[{"kind":"pon","tiles":"666s"}],"win_tile":"4s","seat_wind":"S"}"#, 13, 40, 32000, "ryuuiisou 13"),
    // 1112345678999m + 5m: 111 234 678 999 + 55. Won on 2m: plain chuuren.
    case(r#"{"tiles":"11123455678999m","win_tile":"2m","seat_wind":"S"}"#, 13, 50, 32000, "chuuren poutou 13"),
    // Won on 5m: the nine-sided wait; dealer ron 48000.
    case(r#"{"tiles":"11123455678999m","win_tile":"5m","dealer":true}"#, 13, 50, 48000, "junsei chuuren poutou 13"),
    case(r#"{"tiles":"77z","melds":[{"kind":"closed_kan","tiles":"1111m"},{"kind":"open_kan","tiles":"2222p"},{"kind":"added_kan","tiles":"3333s"},{"kind":"closed_kan","tiles":"4444z"}],"win_tile":"7z","seat_wind":"S"}"#, 13, 110, 32000, "suukantsu 13"),
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","tsumo":true,"dealer":true,"tenhou":true}"#, 13, 20, 48000, "tenhou 13"),
    case(r#"{"tiles":"123m456p789s23466s","win_tile":"2s","tsumo":true,"chiihou":true,"seat_wind":"S"}"#, 13, 20, 32000, "chiihou 13"),
];

fn score(line: &str, rules: &RiichiRules) -> Score {
    score_line(line, rules).unwrap_or_else(|error| panic!("{line}: {error}"))
}

fn yaku_text(score: &Score) -> String {
    let parts: Vec<String> = score
        .yaku
        .iter()
        .map(|(yaku, han)| format!("{yaku} {han}"))
        .collect();
    parts.join(", ")
}

#[test]
fn the_table_scores_exactly() {
    assert!(CASES.len() >= 60, "{} cases", CASES.len());
    let rules = RiichiRules::default();
    let mut failures = Vec::new();
    for case in CASES {
        let score = score(case.line, &rules);
        let got = (score.han, score.fu, score.points.total, yaku_text(&score));
        let want = (case.han, case.fu, case.total, case.yaku.to_string());
        if got != want {
            failures.push(format!("{}\n  got  {got:?}\n  want {want:?}", case.line));
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_table_covers_every_yaku() {
    let rules = RiichiRules::default();
    let seen: BTreeSet<Yaku> = CASES
        .iter()
        .flat_map(|case| score(case.line, &rules).yaku.into_iter().map(|(y, _)| y))
        .collect();
    let missing: Vec<&Yaku> = Yaku::ALL.iter().filter(|y| !seen.contains(y)).collect();
    assert!(missing.is_empty(), "not covered: {missing:?}");
}

#[test]
fn payments_say_who_pays_what() {
    let rules = RiichiRules::default();
    let ron = score(CASES[0].line, &rules).points;
    assert_eq!(
        (ron.ron, ron.dealer, ron.non_dealer),
        (Some(2000), None, None)
    );
    // Non-dealer mangan tsumo: 4000 from the dealer, 2000 from each other player.
    let tsumo = score(
        r#"{"tiles":"222m444s777s567p99m","win_tile":"7s","riichi":true,"tsumo":true,"seat_wind":"S","honba":1,"riichi_sticks":2}"#,
        &rules,
    )
    .points;
    assert_eq!((tsumo.dealer, tsumo.non_dealer), (Some(4100), Some(2100)));
    assert_eq!(tsumo.riichi_sticks, 2000);
    assert_eq!(tsumo.total, 4100 + 2 * 2100 + 2000);
    let dealer = score(
        r#"{"tiles":"19m19p19s12345677z","win_tile":"7z","tsumo":true,"dealer":true}"#,
        &rules,
    )
    .points;
    assert_eq!((dealer.dealer, dealer.non_dealer), (None, Some(16000)));
}

#[test]
fn rule_options_change_the_score() {
    let defaults = RiichiRules::default();
    assert!(defaults.kuitan && defaults.red_fives && !defaults.double_yakuman);
    let double = RiichiRules {
        double_yakuman: true,
        ..defaults
    };
    // (line, han with double yakuman, total)
    for (line, han, total) in [
        (
            r#"{"tiles":"19m19p19s12345677z","win_tile":"7z","tsumo":true,"dealer":true}"#,
            26,
            96000,
        ),
        (
            r#"{"tiles":"222m444p666s888s99m","win_tile":"9m","seat_wind":"S"}"#,
            26,
            64000,
        ),
        (
            r#"{"tiles":"11123455678999m","win_tile":"5m","dealer":true}"#,
            26,
            96000,
        ),
        (
            r#"{"tiles":"222z333z444z99m","melds":[{"kind":"pon","tiles":"111z"}],"win_tile":"9m","seat_wind":"S"}"#,
            26,
            64000,
        ),
        // Plain kokushi stays single.
        (
            r#"{"tiles":"19m19p19s12345677z","win_tile":"1m","seat_wind":"S"}"#,
            13,
            32000,
        ),
    ] {
        let score = score(line, &double);
        assert_eq!((score.han, score.points.total), (han, total), "{line}");
    }
    // Kuitan off: the open tanyao hand has no yaku.
    let no_kuitan = RiichiRules {
        kuitan: false,
        ..defaults
    };
    let open_tanyao = r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m","seat_wind":"S"}"#;
    assert!(
        score_line(open_tanyao, &no_kuitan)
            .unwrap_err()
            .contains("no yaku")
    );
    // Closed tanyao still counts without kuitan.
    let closed = r#"{"tiles":"234m456p678s23466s","win_tile":"2s","riichi":true,"tsumo":true,"seat_wind":"S"}"#;
    assert_eq!(score(closed, &no_kuitan).han, 4);
    // Red fives off: a red five is refused.
    let no_reds = RiichiRules {
        red_fives: false,
        ..defaults
    };
    let red = r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"seat_wind":"S"}"#;
    assert_eq!(
        score_line(red, &no_reds).unwrap_err(),
        "red five 0p in a game without red fives"
    );
    // Kazoe yakuman off: 13 han stays sanbaiman (6000 / 12000).
    let no_kazoe = RiichiRules {
        kazoe_yakuman: false,
        ..defaults
    };
    let thirteen = r#"{"tiles":"11223345678999p","win_tile":"6p","riichi":true,"ippatsu":true,"tsumo":true,"seat_wind":"S"}"#;
    assert_eq!(score(thirteen, &no_kazoe).points.total, 24000);
    // Kiriage mangan: 4/30 rounds up to mangan.
    let kiriage = RiichiRules {
        kiriage_mangan: true,
        ..defaults
    };
    let four_thirty = r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m","seat_wind":"S"}"#;
    assert_eq!(score(four_thirty, &kiriage).points.total, 8000);
    // Tenhou with suuankou: two yakuman as on Tenhou; alone (libriichi), tenhou only.
    let tenhou = r#"{"tiles":"111m222p333s444s55z","win_tile":"5z","tsumo":true,"dealer":true,"tenhou":true}"#;
    let both = score(tenhou, &defaults);
    assert_eq!((both.han, both.points.total), (26, 96000));
    assert_eq!(yaku_text(&both), "suuankou tanki 13, tenhou 13");
    let alone = RiichiRules {
        first_turn_yakuman_alone: true,
        ..defaults
    };
    let single = score(tenhou, &alone);
    assert_eq!((single.han, single.points.total), (13, 48000));
    assert_eq!(yaku_text(&single), "tenhou 13");
    // Rules read from JSON with defaults for what is left out.
    let parsed: RiichiRules = serde_json::from_str(r#"{"double_yakuman": true}"#).unwrap();
    assert_eq!(parsed, double);
    assert!(serde_json::from_str::<RiichiRules>(r#"{"kuitna": false}"#).is_err());
}

#[test]
fn bad_hands_are_errors_that_say_why() {
    let rules = RiichiRules::default();
    for (line, message) in [
        (
            r#"{"tiles":"123m456p789s2346x6s","win_tile":"2s"}"#,
            "tiles: unexpected character 'x' at column 17",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"22s"}"#,
            "win_tile: expected exactly one tile, found 2",
        ),
        (
            r#"{"tiles":"11111m456p789s266s","win_tile":"1m"}"#,
            "5 copies of 1m in the hand, melds and indicators: at most 4 exist",
        ),
        (
            r#"{"tiles":"1111m456p789s23466s","win_tile":"1m","dora_indicators":"1m"}"#,
            "15 concealed tiles with 0 melds: expected 14",
        ),
        (
            r#"{"tiles":"111m456p789s23466s","win_tile":"1m","dora_indicators":"1m1m"}"#,
            "5 copies of 1m in the hand, melds and indicators: at most 4 exist",
        ),
        (
            r#"{"tiles":"123m456p789s2346s","win_tile":"2s"}"#,
            "13 concealed tiles with 0 melds: expected 14",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","melds":[{"kind":"pon","tiles":"111z"}],"win_tile":"2s"}"#,
            "14 concealed tiles with 1 melds: expected 11",
        ),
        (
            r#"{"tiles":"123m456p789s23467s","win_tile":"2s","riichi":true}"#,
            "not a winning hand: no standard, seven-pairs or thirteen-orphans reading",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"5s","riichi":true}"#,
            "the winning tile 5s is not among the concealed tiles",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"3s"}"#,
            "no yaku: the hand has a winning shape but no yaku (dora are not yaku)",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"3s","dora_indicators":"1s"}"#,
            "no yaku: the hand has a winning shape but no yaku (dora are not yaku)",
        ),
        (
            r#"{"tiles":"123m400p789s23466s","win_tile":"2s","riichi":true}"#,
            "2 copies of the red five 0p: only one exists",
        ),
        (
            r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"889s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m"}"#,
            "melds[0]: a pon needs copies of one tile",
        ),
        (
            r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"346s"}],"win_tile":"4m"}"#,
            "melds[1]: a chi needs three consecutive numbers of one suit",
        ),
        (
            r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"open_kan","tiles":"333s"}],"win_tile":"4m"}"#,
            "melds[1]: open_kan needs 4 tiles, got 3",
        ),
        (
            r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m","riichi":true}"#,
            "riichi needs a closed hand (closed kans only)",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","ippatsu":true}"#,
            "ippatsu needs riichi or double riichi",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","haitei":true}"#,
            "haitei is a tsumo win",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","tsumo":true,"rinshan":true}"#,
            "rinshan kaihou needs a kan among the melds",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","tsumo":true,"tenhou":true}"#,
            "tenhou is the dealer's win",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","ura_indicators":"1m"}"#,
            "ura dora indicators need riichi",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","tsmo":true}"#,
            "unknown field `tsmo`",
        ),
        (
            r#"{"tiles":"123m456p789s23466s"}"#,
            "missing field `win_tile`",
        ),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","seat_wind":"X"}"#,
            "unknown variant `X`",
        ),
        ("not json", "expected ident"),
        (
            r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m1m2m2m3m3m"}"#,
            "at most 5 dora and 5 ura dora indicators",
        ),
    ] {
        let error = score_line(line, &rules).expect_err(line);
        assert!(
            error.starts_with(message),
            "{line}\n  got  {error}\n  want {message}"
        );
    }
    // Counters beyond any table are refused, naming the field, instead of wrapping (the same
    // in debug and release builds); the largest accepted still pays exactly.
    let counters = r#"{"tiles":"19m19p19s12345677z","win_tile":"1m","dealer":true,"#;
    for (field, value) in [("honba", u32::MAX), ("riichi_sticks", 100_001)] {
        let line = format!(r#"{counters}"{field}":{value}}}"#);
        assert_eq!(
            score_line(&line, &rules).unwrap_err(),
            format!("{field} {value} is more than 100000")
        );
    }
    let line = format!(r#"{counters}"honba":100000,"riichi_sticks":100000}}"#);
    assert_eq!(
        score_line(&line, &rules).unwrap().points.total,
        48_000 + 300 * 100_000 + 1000 * 100_000
    );
    // 300 tiles: refused before anything is counted (no per-tile count can overflow).
    let huge = format!(r#"{{"tiles":"{}m","win_tile":"1m"}}"#, "1".repeat(300));
    assert_eq!(
        score_line(&huge, &rules).unwrap_err(),
        "300 concealed tiles with 0 melds: expected 14"
    );
}

#[test]
fn the_cli_answers_every_line_and_goes_on_after_errors() {
    let input = concat!(
        r#"{"tiles": "123m456p789s23466s", "win_tile": "2s", "riichi": true, "seat_wind": "S"}"#,
        "\n",
        r#"{"tiles": "123m456p789s23467s", "win_tile": "2s"}"#,
        "\n\n",
        "{broken\n",
        r#"{"tiles": "19m19p19s12345677z", "win_tile": "1m", "tsumo": true, "dealer": true, "honba": 1}"#,
        "\n",
    );
    let mut out = Vec::new();
    let (scored, errors) =
        score_lines(input.as_bytes(), &mut out, &RiichiRules::default()).unwrap();
    assert_eq!((scored, errors), (2, 2));
    let text = String::from_utf8(out).unwrap();
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 4);
    assert_eq!(
        lines[0],
        r#"{"han":2,"fu":30,"points":{"total":2000,"ron":2000,"riichi_sticks":0},"yaku":[["riichi",1],["pinfu",1]]}"#
    );
    assert_eq!(
        lines[1],
        r#"{"error":"not a winning hand: no standard, seven-pairs or thirteen-orphans reading"}"#
    );
    assert!(
        lines[2].starts_with(r#"{"error":"key must be a string"#),
        "{}",
        lines[2]
    );
    assert_eq!(
        lines[3],
        r#"{"han":13,"fu":0,"points":{"total":48300,"non_dealer":16100,"riichi_sticks":0},"yaku":[["kokushi musou",13]]}"#
    );
}

/// A group of a generated hand: a sequence (from a suited kind whose number is at most 7) or a
/// triplet, and whether it is declared as a meld.
fn group() -> impl Strategy<Value = (bool, u8)> {
    (any::<bool>(), 0..34u8).prop_map(|(sequence, kind)| {
        let sequence = sequence && kind < 27 && kind % 9 < 7;
        (sequence, kind)
    })
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 512, ..ProptestConfig::default() })]

    /// Any hand built from four sets and a pair has its building among its readings, is agari,
    /// and evaluates to a score or to "no yaku" (never "not winning"); a score's payments add
    /// up to its total in multiples of 100.
    #[test]
    fn hands_built_from_sets_always_win(
        groups in prop::array::uniform4(group()),
        pair in 0..34u8,
        melds in 0..=4usize,
        win_at in 0..14usize,
        tsumo in any::<bool>(),
        riichi in any::<bool>(),
        dealer in any::<bool>(),
    ) {
        let kind = |index: u8| TileKind::new(index).unwrap();
        let mut all = TileCounts::new();
        let mut concealed = TileCounts::new();
        let mut declared = Vec::new();
        let mut built = Vec::new();
        for (at, &(sequence, low)) in groups.iter().enumerate() {
            let tiles: Vec<_> = if sequence {
                (0..3).map(|i| kind(low + i).tile()).collect()
            } else {
                vec![kind(low).tile(); 3]
            };
            tiles.iter().for_each(|&t| all[t] += 1);
            if at < melds {
                let meld_kind = if sequence { MeldKind::Chi } else { MeldKind::Pon };
                declared.push(Meld::new(meld_kind, &tiles).unwrap());
            } else {
                tiles.iter().for_each(|&t| concealed[t] += 1);
                built.push(if sequence { Set::Sequence(kind(low)) } else { Set::Triplet(kind(low)) });
            }
        }
        all[kind(pair).tile()] += 2;
        concealed[kind(pair).tile()] += 2;
        prop_assume!(all.0.iter().all(|&c| c <= 4));
        let kinds = concealed.kinds();
        prop_assert!(is_agari(&kinds, melds));
        built.sort();
        let mut found = false;
        let _ = for_each_standard(&kinds, |reading| {
            let mut sets = reading.sets().to_vec();
            sets.sort();
            found |= reading.pair() == kind(pair) && sets == built;
            ControlFlow::Continue(())
        });
        prop_assert!(found);
        let tiles: Vec<_> = concealed.tiles().collect();
        let hand = Hand { concealed, melds: declared, win_tile: tiles[win_at % tiles.len()] };
        let context = WinContext {
            tsumo,
            riichi: riichi && melds == 0,
            dealer,
            seat_wind: if dealer { Wind::East } else { Wind::South },
            ..WinContext::default()
        };
        match evaluate(&hand, &context, &RiichiRules::default()) {
            Ok(score) => {
                prop_assert!(score.han >= 1);
                prop_assert!(score.fu == 25 || (score.fu >= 20 && score.fu % 10 == 0));
                let p = score.points;
                let paid = p.ron.unwrap_or(0)
                    + p.dealer.unwrap_or(0)
                    + p.non_dealer.unwrap_or(0) * if dealer { 3 } else { 2 };
                prop_assert_eq!(paid, p.total);
                prop_assert_eq!(p.total % 100, 0);
            }
            Err(error) => prop_assert_eq!(error, HandError::NoYaku),
        }
    }
}

#[test]
fn a_line_that_is_not_utf8_is_an_error_line_and_the_rest_is_scored() {
    let mut input = br#"{"tiles": "123m456p789s23466s", "win_tile": "2s"}"#.to_vec();
    input.extend_from_slice(b"\n\xff\xfe\n");
    input.extend_from_slice(br#"{"tiles": "123m456p789s23466s", "win_tile": "2s"}"#);
    let mut out = Vec::new();
    let (scored, errors) = score_lines(&input[..], &mut out, &RiichiRules::default()).unwrap();
    assert_eq!((scored, errors), (2, 1));
    let text = String::from_utf8(out).unwrap();
    assert_eq!(
        text.lines().nth(1),
        Some(r#"{"error":"line 2 is not UTF-8"}"#)
    );
}

/// A reader that goes away (`alea ... | head`) is a broken pipe, which the command line ends
/// quietly with status 0; any other write error is reported.
#[test]
fn a_closed_output_is_a_broken_pipe() {
    struct Closed(std::io::ErrorKind);
    impl std::io::Write for Closed {
        fn write(&mut self, _: &[u8]) -> std::io::Result<usize> {
            Err(self.0.into())
        }
        fn flush(&mut self) -> std::io::Result<()> {
            Ok(())
        }
    }
    use clap::Parser;
    for (kind, quiet) in [
        (std::io::ErrorKind::BrokenPipe, true),
        (std::io::ErrorKind::PermissionDenied, false),
    ] {
        for args in [
            "alea play pig --seed 1",
            "alea simulate pig --games 10 --json",
        ] {
            let cli = alea_cli::cli::Cli::try_parse_from(args.split_whitespace()).unwrap();
            let error = alea_cli::cli::run(cli, &mut Closed(kind)).unwrap_err();
            assert_eq!(error.is_broken_pipe(), quiet, "{args}: {error}");
        }
    }
}
