//! Dealer and shanten benchmarks: `cargo bench --bench dealer`.
//!
//! - `dealer/deal_plain`: one riichi deal (136 tiles, one indicator) without abilities.
//! - `dealer/deal_four_abilities`: one riichi deal with Kuro, Kasumi, Awai and Koromo seated
//!   (bargain, B loads, beg, monkey with their presence and checks). Successive iterations deal
//!   successive rounds, so the figure is the mean over many different deals.
//! - `shanten/hand14`: the shanten (all three forms) of a 14-tile hand, cycling over 1024
//!   random hands.

use std::hint::black_box;

use alea::chance::derive_stream;
use alea::kernel::Seat;
use alea_games::dealer::{DealConfig, Dealer};
use alea_games::games::mahjong::abilities::{AWAI, KASUMI, KOROMO, KURO};
use alea_games::tiles::{KindCounts, TileKind, shanten, warm_up_shanten};
use criterion::{Criterion, criterion_group, criterion_main};
use rand::RngExt;

fn deals(c: &mut Criterion) {
    warm_up_shanten();
    let mut group = c.benchmark_group("dealer");
    let mut plain = Dealer::new(DealConfig::riichi(), &[], 1).unwrap();
    let mut round = 0u32;
    group.bench_function("deal_plain", |b| {
        b.iter(|| {
            round = round.wrapping_add(1);
            black_box(plain.deal(round).unwrap().hands.len())
        })
    });
    let seated = [
        (Seat(0), &KURO),
        (Seat(1), &KASUMI),
        (Seat(2), &AWAI),
        (Seat(3), &KOROMO),
    ];
    let mut four = Dealer::new(DealConfig::riichi(), &seated, 1).unwrap();
    group.bench_function("deal_four_abilities", |b| {
        b.iter(|| {
            round = round.wrapping_add(1);
            black_box(four.deal(round).unwrap().hands.len())
        })
    });
    group.finish();
}

fn shantens(c: &mut Criterion) {
    warm_up_shanten();
    let mut rng = derive_stream(5, 9, 0);
    let hands: Vec<KindCounts> = (0..1024)
        .map(|_| {
            let mut counts = [0u8; TileKind::COUNT];
            let mut placed = 0;
            while placed < 14 {
                let k = rng.random_range(0..TileKind::COUNT);
                if counts[k] < 4 {
                    counts[k] += 1;
                    placed += 1;
                }
            }
            KindCounts(counts)
        })
        .collect();
    let mut at = 0;
    let mut group = c.benchmark_group("shanten");
    group.bench_function("hand14", |b| {
        b.iter(|| {
            at = (at + 1) & 1023;
            black_box(shanten(black_box(&hands[at])))
        })
    });
    group.finish();
}

criterion_group!(benches, deals, shantens);
criterion_main!(benches);
