//! Scoring benchmarks: `cargo bench --bench scoring`.
//!
//! - `scoring/agari`: the win-shape test (`riichi::is_agari`) on each of the hands below.
//! - `scoring/evaluate`: full riichi evaluation (checks, every reading, yaku, fu, points) of
//!   each hand, parsed beforehand.
//!
//! Each iteration runs over all `HANDS` (closed and open, pinfu, seven pairs, thirteen orphans,
//! flushes with many readings, kans, yakuman); the reported time is per batch, so divide by the
//! batch size (criterion also prints the throughput in hands per second).

use std::hint::black_box;

use alea_games::scoring::riichi::{Hand, HandRequest, RiichiRules, WinContext, evaluate, is_agari};
use criterion::{Criterion, Throughput, criterion_group, criterion_main};

const HANDS: &[&str] = &[
    r#"{"tiles":"123m456p789s23466s","win_tile":"2s","riichi":true,"seat_wind":"S"}"#,
    r#"{"tiles":"234m456p678s23466s","win_tile":"2s","riichi":true,"tsumo":true,"dora_indicators":"3m"}"#,
    r#"{"tiles":"234m567p22s","melds":[{"kind":"pon","tiles":"888s"},{"kind":"chi","tiles":"345s"}],"win_tile":"4m"}"#,
    r#"{"tiles":"1133m5577p2299s66z","win_tile":"6z","riichi":true}"#,
    r#"{"tiles":"223344m556677p99s","win_tile":"4m","riichi":true}"#,
    r#"{"tiles":"111222333m45699s","win_tile":"3m","riichi":true,"tsumo":true}"#,
    r#"{"tiles":"123m406p789s23466s","win_tile":"2s","riichi":true,"dora_indicators":"1m","ura_indicators":"1s"}"#,
    r#"{"tiles":"555z666z77z123m456p","win_tile":"3m","seat_wind":"S"}"#,
    r#"{"tiles":"12233445677799p","win_tile":"9p","riichi":true}"#,
    r#"{"tiles":"11223345678999p","win_tile":"6p","riichi":true,"tsumo":true}"#,
    r#"{"tiles":"11123455678999m","win_tile":"5m","dealer":true}"#,
    r#"{"tiles":"22233344455566s","win_tile":"6s","tsumo":true}"#,
    r#"{"tiles":"19m19p19s12345677z","win_tile":"7z","tsumo":true,"dealer":true}"#,
    r#"{"tiles":"456s99m","melds":[{"kind":"closed_kan","tiles":"2222m"},{"kind":"open_kan","tiles":"7777p"},{"kind":"added_kan","tiles":"3333s"}],"win_tile":"6s"}"#,
    r#"{"tiles":"222m444p666s888s99m","win_tile":"9m"}"#,
    r#"{"tiles":"123m789p789s444z99m","win_tile":"1m","seat_wind":"S"}"#,
];

fn hands() -> Vec<(Hand, WinContext)> {
    HANDS
        .iter()
        .map(|line| {
            let request: HandRequest = serde_json::from_str(line).expect("valid JSON");
            request.parse().expect("valid hand")
        })
        .collect()
}

fn scoring(c: &mut Criterion) {
    let hands = hands();
    let rules = RiichiRules::default();
    for (hand, context) in &hands {
        evaluate(hand, context, &rules).expect("every bench hand wins");
    }
    let shapes: Vec<_> = hands
        .iter()
        .map(|(hand, _)| (hand.concealed.kinds(), hand.melds.len()))
        .collect();
    let mut group = c.benchmark_group("scoring");
    group.throughput(Throughput::Elements(hands.len() as u64));
    group.bench_function("agari", |b| {
        b.iter(|| {
            for (counts, melds) in &shapes {
                black_box(is_agari(black_box(counts), *melds));
            }
        })
    });
    group.bench_function("evaluate", |b| {
        b.iter(|| {
            for (hand, context) in &hands {
                let _ = black_box(evaluate(black_box(hand), context, &rules));
            }
        })
    });
    group.finish();
}

criterion_group!(benches, scoring);
criterion_main!(benches);
