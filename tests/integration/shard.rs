//! `simulate` split into shards: merged totals give the command line's summary.

use alea_cli::cli::shard::{Totals, simulate_totals, summary_json};
use alea_cli::cli::{Cli, CliError, Command, SimulateArgs};
use clap::Parser;

use super::cli;

/// The arguments of `line` (`alea simulate ...`).
fn args(line: &str) -> SimulateArgs {
    match Cli::try_parse_from(line.split_whitespace())
        .unwrap()
        .command
    {
        Command::Simulate(args) => args,
        other => panic!("not simulate: {other:?}"),
    }
}

/// A summary without the fields that depend on the machine, read back from its JSON text.
fn comparable(text: &str) -> serde_json::Value {
    let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
    let object = value.as_object_mut().unwrap();
    for field in ["games_per_second", "threads", "seconds"] {
        object.remove(field);
    }
    value
}

/// Plays `line`'s run as shards of `sizes` (in order, from game 0), merges them in the order
/// `order`, and checks the merged summary is the command line's; returns the shards.
fn check_shards(line: &str, sizes: &[u64], order: &[usize]) -> Vec<Totals> {
    let args = args(line);
    let mut first = 0;
    let shards: Vec<Totals> = sizes
        .iter()
        .enumerate()
        .map(|(i, &count)| {
            let threads = 1 + (i % 2) as u16;
            let totals = simulate_totals(&args, first, count, threads).unwrap();
            first += count;
            totals
        })
        .collect();
    let mut merged = shards[order[0]].clone();
    for &i in &order[1..] {
        merged.merge(&shards[i]).unwrap();
    }
    // Another order gives the same totals.
    let mut forward = shards[0].clone();
    for shard in &shards[1..] {
        forward.merge(shard).unwrap();
    }
    assert_eq!(forward, merged, "{line}");
    let ours = summary_json(&args, &merged, 3, 1.5).unwrap();
    assert_eq!(ours["threads"], 3);
    let theirs = cli(&format!("{line} --json")).unwrap();
    assert_eq!(comparable(&ours.to_string()), comparable(&theirs), "{line}");
    // A round trip through JSON keeps the totals.
    let text = serde_json::to_string(&merged).unwrap();
    assert_eq!(serde_json::from_str::<Totals>(&text).unwrap(), merged);
    shards
}

/// Merging a shard twice, or a shard of another seed, is refused and changes nothing; a
/// summary of shards that miss some games is refused.
fn check_refusals(line: &str, shards: &[Totals]) {
    let args = args(line);
    let mut merged = shards[0].clone();
    merged.merge(&shards[1]).unwrap();
    let before = merged.clone();
    let twice = merged.merge(&shards[1]).unwrap_err();
    assert!(matches!(twice, CliError::Shards(_)), "{twice}");
    assert!(twice.to_string().contains("twice"), "{twice}");
    assert_eq!(merged, before);
    // Games 0..first+second of the run: not all of them.
    let short = summary_json(&args, &merged, 1, 1.0).unwrap_err();
    assert!(short.to_string().contains("of the run's"), "{short}");
    // A gap.
    let mut gap = shards[0].clone();
    gap.merge(&shards[2]).unwrap();
    let error = summary_json(&args, &gap, 1, 1.0).unwrap_err();
    assert!(error.to_string().contains("not one range"), "{error}");
    // Another seed.
    let mut reseeded = self::args(line);
    reseeded.seed += 1;
    let other = simulate_totals(&reseeded, shards[0].covered[0].end, 1, 1).unwrap();
    let error = merged.clone().merge(&other).unwrap_err();
    assert!(error.to_string().contains("seeds"), "{error}");
    let error = summary_json(&args, &other, 1, 1.0).unwrap_err();
    assert!(error.to_string().contains("another run"), "{error}");
}

#[test]
fn pig_shards_merge_into_the_cli_summary() {
    let line = "alea simulate pig --players 3 --games 700 --seed 7 --target 40";
    let shards = check_shards(line, &[300, 17, 383], &[2, 0, 1]);
    check_refusals(line, &shards);
    // Another target is another run.
    let other = simulate_totals(
        &args("alea simulate pig --players 3 --games 700 --seed 7"),
        0,
        5,
        1,
    )
    .unwrap();
    let error = shards[1].clone().merge(&other).unwrap_err();
    assert!(error.to_string().contains("setups"), "{error}");
}

#[test]
fn duel_shards_merge_into_the_cli_summary() {
    let line = "alea simulate duel --games 30 --seed 3";
    let shards = check_shards(line, &[11, 4, 15], &[1, 2, 0]);
    check_refusals(line, &shards);
}

#[test]
fn riichi_shards_merge_into_the_cli_summary() {
    let line = "alea simulate mahjong --games 8 --length kyoku --players greedy --seed 4";
    let shards = check_shards(line, &[3, 1, 4], &[2, 0, 1]);
    check_refusals(line, &shards);
    let abilities = "alea simulate mahjong --games 4 --length kyoku --players greedy,random --seed 1 --abilities koromo@2,toki@0";
    check_shards(abilities, &[1, 2, 1], &[1, 2, 0]);
}

#[test]
fn sichuan_shards_merge_into_the_cli_summary() {
    let line =
        "alea simulate mahjong --rules sichuan --games 6 --length kyoku --players greedy --seed 5";
    let shards = check_shards(line, &[2, 3, 1], &[1, 0, 2]);
    check_refusals(line, &shards);
    // By its registry name: the same table, in shards too.
    let by_name = "alea simulate sichuan --games 6 --length kyoku --players greedy --seed 5";
    let named = check_shards(by_name, &[2, 3, 1], &[1, 0, 2]);
    assert_eq!(named, shards);
}

#[test]
fn shards_of_a_game_of_random_players_merge_into_the_cli_summary() {
    let line = "alea simulate leduc --games 400 --seed 6";
    let shards = check_shards(line, &[150, 1, 249], &[2, 0, 1]);
    check_refusals(line, &shards);
}

#[test]
fn sgs_shards_merge_into_the_cli_summary() {
    let line = "alea simulate sgs --games 120 --seed 2";
    let shards = check_shards(line, &[50, 1, 69], &[2, 1, 0]);
    check_refusals(line, &shards);
    let identity = "alea simulate sgs --mode identity4 --games 90 --seed 3 --max-rounds 20";
    check_shards(identity, &[40, 49, 1], &[1, 2, 0]);
}

#[test]
fn shards_refuse_what_does_not_apply() {
    let refused = |line: &str, first: u64, count: u64, wanted: &str| {
        let error = simulate_totals(&args(line), first, count, 1).unwrap_err();
        assert!(matches!(error, CliError::Usage(_)), "{line}: {error}");
        assert!(error.to_string().contains(wanted), "{line}: {error}");
    };
    refused("alea simulate pig --games 10 --out x.jsonl", 0, 5, "--out");
    refused(
        "alea simulate mahjong --games 2 --out-mjai dir",
        0,
        1,
        "--out-mjai",
    );
    refused(
        "alea simulate pig --games 10 --max-seconds 5",
        0,
        5,
        "--max-seconds",
    );
    refused(
        "alea simulate pig --games 10 --profile t.json",
        0,
        5,
        "--profile",
    );
    refused("alea simulate pig --games 10", 0, 0, "at least one game");
    refused(
        "alea simulate pig --games 10",
        u64::MAX,
        2,
        "pass the last game",
    );
    refused(
        "alea simulate pig --games 10",
        8,
        3,
        "not all in the run's 10 games",
    );
    // The options of another game, as the command line refuses them.
    let error = simulate_totals(&args("alea simulate pig --rules riichi"), 0, 1, 1).unwrap_err();
    assert!(error.to_string().contains("--rules"), "{error}");
    // Without --games, the run is the command line's default.
    let totals = simulate_totals(
        &args("alea simulate mahjong --players random --length kyoku"),
        23,
        1,
        1,
    )
    .unwrap();
    assert_eq!(totals.run.games, 24);
    assert_eq!(totals.covered, vec![23..24]);
}
