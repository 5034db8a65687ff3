//! `alea deal`: many deals with abilities seated, and per-ability statistics (or one JSON line
//! per deal). Deal `i` is round `i` of the seed's deal stream, so any deal replays alone.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use super::{CliError, DealArgs, DealRules};
use crate::dealer::{AbilityHooks, DealConfig, DealTable, Dealer};
use crate::kernel::Seat;
use crate::tiles::{Tile, TileCounts, TileKind, shanten};

/// One deal as printed by `--json`.
#[derive(Serialize)]
struct DealLine<'a> {
    hands: Vec<Vec<Tile>>,
    dora_indicators: &'a [Tile],
    plans: BTreeMap<&'a str, Option<&'a str>>,
}

fn line(table: &DealTable) -> DealLine<'_> {
    DealLine {
        hands: table.hands.iter().map(|h| h.tiles().collect()).collect(),
        dora_indicators: &table.dora_indicators,
        plans: table
            .plans
            .iter()
            .map(|p| (p.ability.as_str(), p.describe.as_deref()))
            .collect(),
    }
}

/// Running sums of one statistic.
#[derive(Default, Clone, Copy)]
struct Mean {
    sum: f64,
    n: u64,
}

impl Mean {
    fn add(&mut self, x: f64) {
        self.sum += x;
        self.n += 1;
    }
    fn get(&self) -> f64 {
        if self.n == 0 {
            0.0
        } else {
            self.sum / self.n as f64
        }
    }
}

/// Per-ability statistics gathered over the deals.
struct AbilityStats {
    label: String,
    name: &'static str,
    seat: usize,
    own_shanten: Mean,
    attempts: Mean,
    /// Kuro: doras and reds in her hand; copies of the dora kind in the others' hands.
    /// Kasumi: her suit's tiles in the others' hands; honors in hers.
    /// Awai: rivals' shanten (mean) and the lowest seen.
    a: Mean,
    b: Mean,
    c: Mean,
    low: i8,
}

fn others(table: &DealTable, seat: usize) -> impl Iterator<Item = &TileCounts> {
    table
        .hands
        .iter()
        .enumerate()
        .filter(move |&(s, _)| s != seat)
        .map(|(_, h)| h)
}

impl AbilityStats {
    fn add(&mut self, table: &DealTable, plan: Option<u16>) {
        let hand = &table.hands[self.seat];
        self.own_shanten.add(f64::from(shanten(&hand.kinds())));
        self.attempts
            .add(f64::from(table.monkey_attempts[self.seat]));
        match self.name {
            "kuro" => {
                let dora = match table.dora_indicators.first() {
                    Some(i) => Some(i.kind().dora()),
                    None => plan.and_then(|p| TileKind::new(p as u8)),
                };
                if let Some(dora) = dora {
                    self.a.add(f64::from(hand.of_kind(dora)));
                    let elsewhere: u32 = others(table, self.seat)
                        .map(|h| u32::from(h.of_kind(dora)))
                        .sum();
                    self.c.add(f64::from(elsewhere));
                }
                let reds: u8 = TileKind::all()
                    .filter_map(|k| k.red())
                    .map(|r| hand[r])
                    .sum();
                self.b.add(f64::from(reds));
            }
            "kasumi" => {
                if let Some(suit) = plan {
                    let in_suit = |k: TileKind| !k.is_honor() && k.index() / 9 == usize::from(suit);
                    let elsewhere: u32 = others(table, self.seat)
                        .map(|h| {
                            TileKind::all()
                                .filter(|&k| in_suit(k))
                                .map(|k| u32::from(h.of_kind(k)))
                                .sum::<u32>()
                        })
                        .sum();
                    self.a.add(f64::from(elsewhere));
                }
                let honors: u32 = TileKind::all()
                    .filter(|k| k.is_honor())
                    .map(|k| u32::from(hand.of_kind(k)))
                    .sum();
                self.b.add(f64::from(honors));
            }
            "awai" => {
                for h in others(table, self.seat) {
                    let s = shanten(&h.kinds());
                    self.a.add(f64::from(s));
                    self.low = self.low.min(s);
                }
            }
            _ => {}
        }
    }

    fn report(&self) -> String {
        let common = format!(
            "own shanten {:.2}, monkey attempts {:.1}",
            self.own_shanten.get(),
            self.attempts.get()
        );
        let extra = match self.name {
            "kuro" => format!(
                "; doras at start {:.2}, reds at start {:.2}, dora copies held by others {:.2}",
                self.a.get(),
                self.b.get(),
                self.c.get()
            ),
            "kasumi" => format!(
                "; her suit's tiles held by others {:.2}, honors in her hand {:.2}",
                self.a.get(),
                self.b.get()
            ),
            "awai" => format!(
                "; rivals' shanten {:.2} (lowest {})",
                self.a.get(),
                self.low
            ),
            _ => String::new(),
        };
        format!("{:<10} {common}{extra}", self.label)
    }
}

/// Runs `alea deal`.
pub fn run(args: &DealArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let config = match args.rules {
        DealRules::Riichi => DealConfig::riichi(),
        DealRules::Sichuan => DealConfig::sichuan(),
    };
    let seated: Vec<(Seat, &'static AbilityHooks)> =
        args.abilities.iter().map(|a| (a.seat, a.hooks)).collect();
    let mut dealer = Dealer::new(config, &seated, args.seed)?;
    let mut stats: Vec<AbilityStats> = args
        .abilities
        .iter()
        .map(|a| AbilityStats {
            label: format!("{}@{}", a.hooks.name, a.seat.0),
            name: a.hooks.name,
            seat: usize::from(a.seat.0),
            own_shanten: Mean::default(),
            attempts: Mean::default(),
            a: Mean::default(),
            b: Mean::default(),
            c: Mean::default(),
            low: i8::MAX,
        })
        .collect();
    let mut seat_shanten = [Mean::default(); 4];
    crate::tiles::warm_up_shanten();
    let started = Instant::now();
    for round in 0..args.deals {
        let table = dealer.deal(round)?;
        if args.json {
            serde_json::to_writer(&mut *out, &line(table))?;
            writeln!(out)?;
            continue;
        }
        for (s, hand) in table.hands.iter().enumerate() {
            seat_shanten[s].add(f64::from(shanten(&hand.kinds())));
        }
        for (st, plan) in stats.iter_mut().zip(&table.plans) {
            st.add(table, plan.plan);
        }
    }
    let seconds = started.elapsed().as_secs_f64();
    if args.json {
        return Ok(());
    }
    let rules = match args.rules {
        DealRules::Riichi => "riichi",
        DealRules::Sichuan => "sichuan",
    };
    writeln!(out, "{} {rules} deals, seed {}", args.deals, args.seed)?;
    let means: Vec<String> = seat_shanten
        .iter()
        .map(|m| format!("{:.2}", m.get()))
        .collect();
    writeln!(out, "mean shanten by seat: {}", means.join(" "))?;
    for st in &stats {
        writeln!(out, "{}", st.report())?;
    }
    writeln!(
        out,
        "{:.3} s = {:.0} deals/s",
        seconds,
        f64::from(args.deals) / seconds.max(1e-9)
    )?;
    Ok(())
}
