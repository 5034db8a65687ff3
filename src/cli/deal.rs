//! `alea deal`: many deals with abilities seated, and per-ability statistics (or one JSON line
//! per deal). Deal `i` is round `i` of the seed's deal stream, so any deal replays alone.

use std::collections::BTreeMap;
use std::time::Instant;

use serde::Serialize;

use super::{CliError, DealArgs, DealRules};
use alea::kernel::Seat;
use alea_games::dealer::{AbilityHooks, DealConfig, DealRound, DealTable, Dealer};
use alea_games::games::mahjong::sichuan::Sichuan;
use alea_games::tiles::{Tile, TileCounts, TileKind, shanten};

/// One deal as printed by `--json`.
#[derive(Serialize)]
struct DealLine<'a> {
    /// The hand dealt (`E1`) and whether it is all-last.
    round: String,
    all_last: bool,
    hands: Vec<Vec<Tile>>,
    dora_indicators: &'a [Tile],
    plans: BTreeMap<&'a str, Option<&'a str>>,
}

fn line(table: &DealTable, round: DealRound) -> DealLine<'_> {
    DealLine {
        round: DealRound {
            all_last: false,
            ..round
        }
        .to_string(),
        all_last: round.all_last,
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

/// One statistic of an ability's deals: its label and its value in one deal (`None`: not
/// counted in that deal).
struct Stat {
    label: &'static str,
    value: fn(&Seen<'_>) -> Option<f64>,
}

/// One deal as a statistic sees it from an ability's seat.
struct Seen<'a> {
    table: &'a DealTable,
    seat: usize,
    plan: Option<u16>,
}

impl Seen<'_> {
    fn hand(&self) -> &TileCounts {
        &self.table.hands[self.seat]
    }

    fn others(&self) -> impl Iterator<Item = &TileCounts> {
        let seat = self.seat;
        self.table
            .hands
            .iter()
            .enumerate()
            .filter(move |&(s, _)| s != seat)
            .map(|(_, h)| h)
    }

    /// Copies of the kinds `pick` chooses in `hand`.
    fn count(hand: &TileCounts, pick: impl Fn(TileKind) -> bool) -> f64 {
        TileKind::all()
            .filter(|&k| pick(k))
            .map(|k| f64::from(hand.of_kind(k)))
            .sum()
    }

    /// The dora kind: the first indicator's, else Kuro's plan.
    fn dora(&self) -> Option<TileKind> {
        match self.table.dora_indicators.first() {
            Some(i) => Some(i.kind().dora()),
            None => self.plan.and_then(|p| TileKind::new(p as u8)),
        }
    }

    fn in_plan_suit(&self, kind: TileKind) -> bool {
        self.plan
            .is_some_and(|suit| !kind.is_honor() && kind.index() / 9 == usize::from(suit))
    }
}

/// The statistics `deal` reports for the ability called `name`.
fn stats_of(name: &str) -> &'static [Stat] {
    match name {
        "kuro" => &[
            Stat {
                label: "doras at start",
                value: |s| s.dora().map(|d| f64::from(s.hand().of_kind(d))),
            },
            Stat {
                label: "reds at start",
                value: |s| {
                    Some(
                        s.hand()
                            .iter()
                            .filter(|(t, _)| t.is_red())
                            .map(|(_, n)| f64::from(n))
                            .sum(),
                    )
                },
            },
            Stat {
                label: "dora copies held by others",
                value: |s| {
                    s.dora()
                        .map(|d| s.others().map(|h| f64::from(h.of_kind(d))).sum())
                },
            },
        ],
        "kasumi" => &[
            Stat {
                label: "her suit's tiles held by others",
                value: |s| {
                    s.plan?;
                    Some(
                        s.others()
                            .map(|h| Seen::count(h, |k| s.in_plan_suit(k)))
                            .sum(),
                    )
                },
            },
            Stat {
                label: "honors in her hand",
                value: |s| Some(Seen::count(s.hand(), TileKind::is_honor)),
            },
        ],
        "awai" => &[Stat {
            label: "rivals' shanten",
            value: |s| {
                let rivals: Vec<f64> = s.others().map(|h| f64::from(shanten(&h.kinds()))).collect();
                Some(rivals.iter().sum::<f64>() / rivals.len().max(1) as f64)
            },
        }],
        "hatsumi" => &[
            Stat {
                label: "east and north in her hand",
                value: |s| {
                    Some(Seen::count(s.hand(), |k| {
                        k == TileKind::wind(0) || k == TileKind::wind(3)
                    }))
                },
            },
            Stat {
                label: "rivals with an east or north pair",
                value: |s| {
                    let pair = |h: &TileCounts| {
                        h.of_kind(TileKind::wind(0)) >= 2 || h.of_kind(TileKind::wind(3)) >= 2
                    };
                    Some(s.others().filter(|h| pair(h)).count() as f64)
                },
            },
        ],
        "sawaya" => &[
            Stat {
                label: "souzu in her hand",
                value: |s| {
                    Some(Seen::count(s.hand(), |k| {
                        k.suit() == alea_games::tiles::Suit::Sou
                    }))
                },
            },
            Stat {
                label: "honors in her hand",
                value: |s| Some(Seen::count(s.hand(), TileKind::is_honor)),
            },
            Stat {
                label: "honors held by others",
                value: |s| Some(s.others().map(|h| Seen::count(h, TileKind::is_honor)).sum()),
            },
        ],
        _ => &[],
    }
}

/// Per-ability statistics gathered over the deals.
struct AbilityStats {
    label: String,
    seat: usize,
    own_shanten: Mean,
    attempts: Mean,
    stats: &'static [Stat],
    means: Vec<Mean>,
}

impl AbilityStats {
    fn add(&mut self, table: &DealTable, plan: Option<u16>) {
        let hand = &table.hands[self.seat];
        self.own_shanten.add(f64::from(shanten(&hand.kinds())));
        self.attempts
            .add(f64::from(table.monkey_attempts[self.seat]));
        let seen = Seen {
            table,
            seat: self.seat,
            plan,
        };
        for (stat, mean) in self.stats.iter().zip(&mut self.means) {
            if let Some(x) = (stat.value)(&seen) {
                mean.add(x);
            }
        }
    }

    fn report(&self) -> String {
        let mut line = format!(
            "{:<10} own shanten {:.2}, monkey attempts {:.1}",
            self.label,
            self.own_shanten.get(),
            self.attempts.get()
        );
        for (i, (stat, mean)) in self.stats.iter().zip(&self.means).enumerate() {
            line.push_str(if i == 0 { "; " } else { ", " });
            line.push_str(&format!("{} {:.2}", stat.label, mean.get()));
        }
        line
    }
}

/// Per-seat counts of what `deal --plot` draws: starting shanten, dora tiles (riichi) and
/// honors in hand.
struct Histograms {
    shanten: Vec<Vec<u64>>,
    doras: Option<Vec<Vec<u64>>>,
    honors: Vec<Vec<u64>>,
}

impl Histograms {
    fn new(doras: bool) -> Histograms {
        let seats = |values: usize| vec![vec![0; values]; 4];
        Histograms {
            shanten: seats(9),
            doras: doras.then(|| seats(5)),
            honors: seats(15),
        }
    }

    fn add(&mut self, table: &DealTable) {
        let dora = table.dora_indicators.first().map(|i| i.kind().dora());
        for (s, hand) in table.hands.iter().enumerate() {
            let shanten = usize::try_from(i32::from(shanten(&hand.kinds())).max(0)).unwrap_or(0);
            self.shanten[s][shanten.min(8)] += 1;
            if let (Some(doras), Some(dora)) = (&mut self.doras, dora) {
                doras[s][usize::from(hand.of_kind(dora)).min(4)] += 1;
            }
            let honors = Seen::count(hand, TileKind::is_honor) as usize;
            self.honors[s][honors.min(14)] += 1;
        }
    }

    fn panels(self) -> Vec<super::plot::Histogram> {
        use super::plot::Histogram;
        let mut panels = vec![Histogram {
            title: "starting shanten",
            counts: self.shanten,
        }];
        if let Some(doras) = self.doras {
            panels.push(Histogram {
                title: "dora tiles in the starting hand",
                counts: doras,
            });
        }
        panels.push(Histogram {
            title: "honor tiles in the starting hand",
            counts: self.honors,
        });
        panels
    }
}

/// `P0`, `P1 kuro`, ...: each seat with its ability.
fn seat_labels(args: &DealArgs) -> Vec<String> {
    (0..4u8)
        .map(|s| match args.abilities.iter().find(|a| a.seat.0 == s) {
            Some(a) => format!("P{s} {}", a.hooks.name),
            None => format!("P{s}"),
        })
        .collect()
}

/// Runs `alea deal`.
pub fn run(args: &DealArgs, out: &mut impl std::io::Write) -> Result<(), CliError> {
    let config = match args.rules {
        DealRules::Riichi => DealConfig::riichi(),
        DealRules::Sichuan => DealConfig::sichuan(),
    };
    if args.rules == DealRules::Sichuan
        && let Some((name, why)) = args
            .abilities
            .iter()
            .find_map(|a| Sichuan::refuses(a.hooks.name).map(|why| (a.hooks.name, why)))
    {
        return Err(CliError::BadArgument(format!(
            "--abilities: {name} does not apply to sichuan: {why}"
        )));
    }
    if let Some(path) = &args.plot {
        super::plot::writable(path)?;
    }
    let seated: Vec<(Seat, &'static AbilityHooks)> =
        args.abilities.iter().map(|a| (a.seat, a.hooks)).collect();
    let mut dealer = Dealer::new(config, &seated, args.seed)?;
    let round_played = DealRound {
        all_last: args.all_last,
        ..args.round
    };
    dealer.set_round(round_played);
    let mut stats: Vec<AbilityStats> = args
        .abilities
        .iter()
        .map(|a| {
            let stats = stats_of(a.hooks.name);
            AbilityStats {
                label: a.to_string(),
                seat: usize::from(a.seat.0),
                own_shanten: Mean::default(),
                attempts: Mean::default(),
                stats,
                means: vec![Mean::default(); stats.len()],
            }
        })
        .collect();
    let mut seat_shanten = [Mean::default(); 4];
    let mut histograms = Histograms::new(args.rules == DealRules::Riichi);
    alea_games::tiles::warm_up_shanten();
    let started = Instant::now();
    let bar = match args.deals >= 20_000 {
        true => super::run::counter(u64::from(args.deals), "deals"),
        false => indicatif::ProgressBar::hidden(),
    };
    for round in 0..args.deals {
        bar.inc(1);
        // Every deal is the same hand of a fresh match: nothing carries over.
        dealer.forget();
        let table = dealer.deal(round)?;
        if args.plot.is_some() {
            histograms.add(table);
        }
        if args.json {
            serde_json::to_writer(&mut *out, &line(table, round_played))?;
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
    bar.finish_and_clear();
    let seconds = started.elapsed().as_secs_f64();
    let rules = match args.rules {
        DealRules::Riichi => "riichi",
        DealRules::Sichuan => "sichuan",
    };
    if let Some(path) = &args.plot {
        let caption = format!(
            "{} {rules} deals, seed {}, round {}",
            args.deals, args.seed, args.round
        );
        super::plot::deal(path, &caption, &seat_labels(args), &histograms.panels())?;
    }
    if args.json {
        return Ok(());
    }
    let all_last = if args.all_last { ", all-last" } else { "" };
    writeln!(
        out,
        "{} {rules} deals, seed {}, round {}{all_last}",
        args.deals, args.seed, args.round
    )?;
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
