//! Replay files: `simulate --out` then `alea replay`, tampering and malformed lines.

use std::path::PathBuf;

use alea::kernel::SimBuilder;
use alea_cli::cli::{CliError, REPLAY_VERSION, ReplayError};
use alea_games::games::mahjong::riichi::{Riichi, RiichiAction, RiichiConfig};
use serde_json::Value;

use crate::{cli, cli_argv};

/// A fresh path in the test binary's temporary folder.
fn temp_file(name: &str) -> PathBuf {
    crate::scratch("replay").join(name)
}

/// Simulates with `args` plus `--out FILE` and returns the file's lines as JSON values.
fn simulate_out(args: &str, name: &str) -> (PathBuf, Vec<Value>) {
    let path = temp_file(name);
    cli(&format!("{args} --out {}", path.display())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    let lines = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    (path, lines)
}

/// Writes `lines` to a new file and replays it.
fn replay_lines(lines: &[Value], name: &str) -> Result<String, CliError> {
    let path = temp_file(name);
    let text: String = lines.iter().map(|v| format!("{v}\n")).collect();
    std::fs::write(&path, text).unwrap();
    replay_path(&path)
}

fn replay_path(path: &std::path::Path) -> Result<String, CliError> {
    cli_argv(["alea", "replay", path.to_str().unwrap()])
}

const MAHJONG: &str =
    "alea simulate mahjong --games 5 --length kyoku --players random,greedy --seed 11";

#[test]
fn simulated_mahjong_matches_replay_to_their_checksums() {
    let (path, lines) = simulate_out(&format!("{MAHJONG} --threads 2"), "mahjong2.jsonl");
    assert_eq!(lines.len(), 5);
    for (index, line) in lines.iter().enumerate() {
        assert_eq!(line["version"], REPLAY_VERSION);
        assert_eq!(line["game"], "mahjong");
        assert_eq!(line["index"], index as u64);
        assert_eq!(line["rules"]["length"], "kyoku");
        assert_eq!(line["rules"]["start_points"], 25_000);
        assert_eq!(line["players"][0], "random");
        assert_eq!(line["players"][3], "greedy");
        assert!(!line["actions"].as_array().unwrap().is_empty());
        assert_eq!(line["checksum"].as_str().unwrap().len(), 16);
        let points: i64 = line["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .sum();
        assert!(
            points <= 100_000 && (100_000 - points) % 1000 == 0,
            "{points}"
        );
    }
    assert_eq!(replay_path(&path).unwrap(), "5 games, all verified\n");
    let json: Value = serde_json::from_str(
        &cli_argv(["alea", "replay", path.to_str().unwrap(), "--json"]).unwrap(),
    )
    .unwrap();
    assert_eq!(json["games"], 5);
    assert_eq!(json["verified"], 5);
    assert_eq!(json["failed"], Value::Array(vec![]));
    // The same lines, in match order, for any thread count; writing changes no result.
    let (_, one_thread) = simulate_out(&format!("{MAHJONG} --threads 1"), "mahjong1.jsonl");
    assert_eq!(lines, one_thread);
    let summary = |out: &str| {
        let mut v: Value =
            serde_json::from_str(&cli(&format!("{MAHJONG} --json{out}")).unwrap()).unwrap();
        v["games_per_second"] = 0.into();
        v["threads"] = 0.into();
        v
    };
    let other = temp_file("mahjong-summary.jsonl");
    assert_eq!(summary(""), summary(&format!(" --out {}", other.display())));
}

#[test]
fn simulated_pig_games_replay() {
    let (path, lines) = simulate_out(
        "alea simulate pig --games 30 --players 3 --target 30 --seed 4",
        "pig.jsonl",
    );
    assert_eq!(lines.len(), 30);
    assert_eq!(lines[0]["rules"]["players"], 3);
    assert_eq!(lines[0]["rules"]["win_score"], 30);
    // A pig game ends when a seat banks the target (or at the horizon, with no winner).
    for line in &lines {
        let best = line["scores"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s.as_i64().unwrap())
            .max()
            .unwrap();
        assert!(best >= 30 || line["actions"].as_array().unwrap().len() >= 1000);
    }
    assert_eq!(replay_path(&path).unwrap(), "30 games, all verified\n");
    let nowhere = temp_file("no-such-folder").join("games.jsonl");
    let refused = cli(&format!(
        "alea simulate pig --games 3 --out {}",
        nowhere.display()
    ));
    assert!(
        matches!(&refused, Err(CliError::File { path, .. }) if *path == nowhere),
        "{refused:?}"
    );
}

/// The duel's records name its decks and replay to their checksums; the same file for any
/// thread count; a record whose action or deck is changed is caught.
#[test]
fn simulated_duel_games_replay_to_their_checksums() {
    let args = "alea simulate duel --games 12 --seed 3";
    let (path, lines) = simulate_out(&format!("{args} --threads 2"), "duel.jsonl");
    let (_, one) = simulate_out(&format!("{args} --threads 1"), "duel-1.jsonl");
    assert_eq!(lines, one);
    assert_eq!(lines.len(), 12);
    assert_eq!(lines[0]["game"], "duel");
    assert_eq!(lines[0]["rules"]["decks"][0]["characters"][0], "Ember");
    assert_eq!(lines[0]["rules"]["round_limit"], 15);
    assert_eq!(replay_path(&path).unwrap(), "12 games, all verified\n");
    // The game opens with the mulligan: ending the round there is illegal, and named.
    let mut changed = lines[0].clone();
    changed["actions"][0] = serde_json::json!("end_round");
    let refused = replay_lines(&[changed], "duel-changed.jsonl");
    assert!(
        matches!(
            &refused,
            Err(CliError::Replay(ReplayError::Illegal {
                line: 1,
                index: 0,
                ..
            }))
        ),
        "{refused:?}"
    );
    let mut unknown = lines[0].clone();
    unknown["rules"]["decks"][1]["cards"][0] = serde_json::json!("Wand of Wishes");
    let refused = replay_lines(&[unknown], "duel-unknown.jsonl");
    assert!(
        matches!(&refused, Err(CliError::Replay(ReplayError::BadRules { line: 1, reason }))
            if reason.contains("Wand of Wishes")),
        "{refused:?}"
    );
}

#[test]
fn tampered_replays_are_detected() {
    let (_, lines) = simulate_out(MAHJONG, "tamper.jsonl");
    // A changed checksum: the game replays but differs.
    let mut changed = lines.clone();
    let checksum = changed[1]["checksum"].as_str().unwrap().to_string();
    let flipped = if checksum.starts_with('0') { "1" } else { "0" };
    changed[1]["checksum"] = format!("{flipped}{}", &checksum[1..]).into();
    let result = replay_lines(&changed, "tamper-checksum.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::ReplayFailed {
                failed: 1,
                games: 5
            })
        ),
        "{result:?}"
    );
    // Changed scores.
    let mut changed = lines.clone();
    changed[3]["scores"][0] = (changed[3]["scores"][0].as_i64().unwrap() + 100).into();
    let result = replay_lines(&changed, "tamper-scores.jsonl");
    assert!(
        matches!(result, Err(CliError::ReplayFailed { failed: 1, .. })),
        "{result:?}"
    );
    // One action changed: the dealer cannot ron its own draw.
    let mut changed = lines.clone();
    changed[2]["actions"][0] = "ron".into();
    let result = replay_lines(&changed, "tamper-action.jsonl");
    match result {
        Err(CliError::Replay(ReplayError::Illegal { line, index, .. })) => {
            assert_eq!((line, index), (3, 0));
        }
        other => panic!("{other:?}"),
    }
    let message = replay_lines(&changed, "tamper-action.jsonl")
        .unwrap_err()
        .to_string();
    assert_eq!(
        message,
        "line 3, action 0 (\"ron\"): not a legal action of P0"
    );
    // One action changed for another legal one: the match goes another way.
    let mut changed = lines.clone();
    let config: RiichiConfig = serde_json::from_value(lines[0]["rules"].clone()).unwrap();
    let sim = SimBuilder::new(Riichi::new(config))
        .seed(lines[0]["seed"].as_u64().unwrap())
        .build();
    let recorded: RiichiAction = serde_json::from_value(lines[0]["actions"][0].clone()).unwrap();
    let other = sim
        .legal_actions()
        .iter()
        .find(|&&a| a != recorded)
        .unwrap();
    changed[0]["actions"][0] = serde_json::to_value(other).unwrap();
    let result = replay_lines(&changed, "tamper-legal.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::ReplayFailed { failed: 1, .. }
                | CliError::Replay(ReplayError::Illegal { line: 1, .. }))
        ),
        "{result:?}"
    );
    // The last action dropped: the match is not over.
    let mut changed = lines;
    changed[4]["actions"].as_array_mut().unwrap().pop();
    let result = replay_lines(&changed, "tamper-truncated.jsonl");
    assert!(
        matches!(result, Err(CliError::ReplayFailed { failed: 1, .. })),
        "{result:?}"
    );
}

#[test]
fn malformed_replay_lines_are_typed_errors_naming_the_line() {
    let (path, lines) = simulate_out(
        "alea simulate pig --games 3 --seed 2",
        "malformed-source.jsonl",
    );
    let good = std::fs::read_to_string(&path).unwrap();
    let first = good.lines().next().unwrap();
    let write = |text: String, name: &str| {
        let path = temp_file(name);
        std::fs::write(&path, text).unwrap();
        replay_path(&path)
    };
    let result = write(format!("{first}\n{{\"version\": 1,\n"), "bad-json.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::Replay(ReplayError::Json { line: 2, .. }))
        ),
        "{result:?}"
    );
    let mut newer = lines[0].clone();
    newer["version"] = (REPLAY_VERSION + 1).into();
    let result = replay_lines(&[lines[1].clone(), newer], "bad-version.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::Replay(ReplayError::Version { line: 2, found })) if found == REPLAY_VERSION + 1
        ),
        "{result:?}"
    );
    let mut chess = lines[0].clone();
    chess["game"] = "chess".into();
    let result = replay_lines(&[chess], "bad-game.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::Replay(ReplayError::UnknownGame { line: 1, ref game })) if game == "chess"
        ),
        "{result:?}"
    );
    let mut unknown_action = lines[2].clone();
    unknown_action["actions"][1] = "fold".into();
    let result = replay_lines(&[unknown_action], "bad-action.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::Replay(ReplayError::Json { line: 1, .. }))
        ),
        "{result:?}"
    );
    let mut bad_rules = lines[0].clone();
    bad_rules["rules"]["players"] = 0.into();
    let result = replay_lines(&[bad_rules], "bad-rules.jsonl");
    assert!(
        matches!(
            result,
            Err(CliError::Replay(ReplayError::BadRules { line: 1, .. }))
        ),
        "{result:?}"
    );
    let missing = temp_file("does-not-exist.jsonl");
    let result = replay_path(&missing);
    assert!(
        matches!(result, Err(CliError::Replay(ReplayError::Read { .. }))),
        "{result:?}"
    );
    // Blank lines are skipped; lines keep their numbers.
    assert_eq!(
        write(format!("\n{first}\n\n"), "blank.jsonl").unwrap(),
        "1 game, all verified\n"
    );
}

/// Sichuan and riichi with abilities in play: Koromo's draws are rules (replayed by seating
/// her again), Toki's collapses happen between actions (replayed from the file's
/// `collapses`: without them the games no longer verify).
#[test]
fn sichuan_and_ability_games_replay() {
    for (args, game) in [
        (
            "alea simulate mahjong --rules sichuan --games 6 --seed 4 --players greedy --abilities toki@0,koromo@2 --threads 2",
            "sichuan",
        ),
        (
            "alea simulate mahjong --games 3 --length kyoku --seed 4 --players greedy --abilities kuro@1,koromo@2,toki@3",
            "mahjong",
        ),
    ] {
        let (path, lines) = simulate_out(args, &format!("{game}-abilities.jsonl"));
        assert!(lines.iter().all(|l| l["game"] == game), "{args}");
        assert!(!lines[0]["abilities"].as_array().unwrap().is_empty());
        let collapses: usize = lines
            .iter()
            .map(|l| l["collapses"].as_array().map_or(0, Vec::len))
            .sum();
        assert!(collapses > 0, "Toki collapsed slots in {args}");
        let out = replay_path(&path).unwrap();
        assert!(out.contains("all verified"), "{out}");
        // Without Toki's collapses the recorded games cannot be replayed.
        let stripped: Vec<Value> = lines
            .iter()
            .map(|l| {
                let mut l = l.clone();
                l.as_object_mut().unwrap().remove("collapses");
                l
            })
            .collect();
        let broken = match replay_lines(&stripped, &format!("{game}-stripped.jsonl")) {
            Ok(out) => out,
            Err(error) => error.to_string(),
        };
        assert!(!broken.contains("all verified"), "{broken}");
        // Collapses in a line without Toki are refused.
        let mut bad = lines[0].clone();
        bad["abilities"] = serde_json::json!(["koromo@2"]);
        let error = replay_lines(&[bad], &format!("{game}-notoki.jsonl")).unwrap_err();
        assert!(error.to_string().contains("without Toki"), "{error}");
        // Sichuan rules whose payments could overflow are refused.
        if game == "sichuan" {
            let mut bad = lines[0].clone();
            bad["rules"]["scoring"]["base"] = serde_json::json!(1_000_000);
            let error = replay_lines(&[bad], "sichuan-base.jsonl").unwrap_err();
            assert!(error.to_string().contains("base 1000000"), "{error}");
        }
        // A seat taken twice is a typed error naming the line.
        let mut bad = lines[0].clone();
        bad["abilities"] = serde_json::json!(["koromo@1", "toki@1"]);
        let error = replay_lines(&[bad], &format!("{game}-bad.jsonl")).unwrap_err();
        assert!(error.to_string().contains("line 1"), "{error}");
    }
}

#[test]
fn sichuan_plays_from_the_command_line() {
    let log = cli("alea play mahjong --rules sichuan --length kyoku --seed 3 --abilities toki@2")
        .unwrap();
    assert!(
        log.starts_with("Sichuan mahjong (sichuan, 1 hands), seed 3"),
        "{log}"
    );
    assert!(
        log.contains("declares") && log.contains("abilities toki@2"),
        "{log}"
    );
    assert_eq!(
        log,
        cli("alea play mahjong --rules sichuan --length kyoku --seed 3 --abilities toki@2")
            .unwrap(),
        "same seed, same log"
    );
    let error = cli("alea play mahjong --rules sichuan --abilities awai@0").unwrap_err();
    assert!(
        error.to_string().contains("does not apply to sichuan"),
        "{error}"
    );
    assert_eq!(error.exit_code(), 2);
}

/// `-` is stdin for `alea replay`; the lines replay the same from any reader.
#[test]
fn replay_reads_any_reader_and_dash_names_stdin() {
    let dir = crate::scratch("replay-dash");
    let file = dir.join("pig.jsonl");
    crate::cli(&format!(
        "alea simulate pig --games 5 --out {}",
        file.display()
    ))
    .unwrap();
    let text = std::fs::read(&file).unwrap();
    let summary = alea_cli::cli::replay_lines(&text[..], std::path::Path::new("-")).unwrap();
    assert_eq!((summary.games, summary.verified), (5, 5));
    let cli =
        <alea_cli::cli::Cli as clap::Parser>::try_parse_from(["alea", "replay", "-"]).unwrap();
    let alea_cli::cli::Command::Replay(args) = cli.command else {
        panic!("a replay command");
    };
    assert_eq!(args.files, vec![std::path::PathBuf::from("-")]);
    std::fs::remove_dir_all(&dir).ok();
}

/// `simulate --out -` writes the records to stdout (the summary to stderr), byte for byte the
/// file `--out FILE` writes, and `alea replay -` verifies them from a pipe.
#[test]
fn out_dash_streams_records_through_a_pipe() {
    use std::process::{Command, Stdio};
    let alea = env!("CARGO_BIN_EXE_alea");
    let dir = crate::scratch("out-dash");
    let file = dir.join("pig.jsonl");
    let args = ["simulate", "pig", "--games", "7", "--seed", "3", "--json"];
    let to_file = Command::new(alea)
        .args(args)
        .arg("--out")
        .arg(&file)
        .output()
        .unwrap();
    let to_stdout = Command::new(alea)
        .args(args)
        .args(["--out", "-"])
        .output()
        .unwrap();
    assert!(to_stdout.status.success());
    assert_eq!(to_stdout.stdout, std::fs::read(&file).unwrap());
    // The summary moved to stderr, the same as the file run's stdout but for the timing.
    let summary = |bytes: &[u8]| {
        let mut v: serde_json::Value = serde_json::from_slice(bytes).unwrap();
        v.as_object_mut().unwrap().remove("games_per_second");
        v
    };
    assert_eq!(summary(&to_stdout.stderr), summary(&to_file.stdout));
    let mut replay = Command::new(alea)
        .args(["replay", "-"])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    replay
        .stdin
        .take()
        .unwrap()
        .write_all(&to_stdout.stdout)
        .unwrap();
    let replayed = replay.wait_with_output().unwrap();
    assert!(replayed.status.success());
    assert_eq!(
        String::from_utf8(replayed.stdout).unwrap(),
        "7 games, all verified\n"
    );
    std::fs::remove_dir_all(&dir).ok();
}

/// The summary's `length` is the replay file's: riichi's length name, sichuan's hand count.
#[test]
fn the_summary_length_is_the_replay_files() {
    for (args, key, expected) in [
        ("--length east", "length", serde_json::json!("east")),
        (
            "--rules sichuan --length east",
            "hands",
            serde_json::json!(4),
        ),
    ] {
        let path = temp_file(&format!("length-{key}.jsonl"));
        let command = format!(
            "alea simulate mahjong --games 1 --players random {args} --json --out {}",
            path.display()
        );
        let summary: Value = serde_json::from_str(&cli(&command).unwrap()).unwrap();
        let text = std::fs::read_to_string(&path).unwrap();
        let line: Value = serde_json::from_str(text.lines().next().unwrap()).unwrap();
        assert_eq!(summary["length"], expected, "{args}");
        assert_eq!(line["rules"][key], expected, "{args}");
    }
}

/// Pig lines replay on one kept simulator per rules: lines of two rule sets interleaved, and
/// a changed line between good ones, each replay as they would alone.
#[test]
fn pig_lines_of_mixed_rules_replay_on_kept_simulators() {
    let (_, short) = simulate_out(
        "alea simulate pig --games 6 --target 30 --seed 2",
        "short.jsonl",
    );
    let (_, long) = simulate_out(
        "alea simulate pig --games 6 --players 3 --seed 3",
        "long.jsonl",
    );
    let mut mixed: Vec<Value> = short
        .into_iter()
        .zip(long)
        .flat_map(|(a, b)| [a, b])
        .collect();
    assert_eq!(
        replay_lines(&mixed, "mixed.jsonl").unwrap(),
        "12 games, all verified\n"
    );
    mixed[5]["checksum"] = Value::from("0000000000000000");
    match replay_lines(&mixed, "mixed-bad.jsonl") {
        Err(CliError::ReplayFailed { failed, games }) => assert_eq!((failed, games), (1, 12)),
        other => panic!("{other:?}"),
    }
}

#[test]
fn format_1_lines_verify_unless_their_game_changed_since() {
    // Pig's randomness is what it was in format 1: its old lines still verify.
    let (_, mut pig) = simulate_out("alea simulate pig --games 3 --seed 2", "v1-pig.jsonl");
    for line in &mut pig {
        line["version"] = 1.into();
    }
    let verified = replay_lines(&pig, "v1-pig-replay.jsonl").unwrap();
    assert!(verified.contains("all verified"), "{verified}");
    // Leduc's deal moved to chance points in format 2: an old line is refused as such, not
    // reported as a mismatch.
    let (_, mut leduc) = simulate_out("alea simulate leduc --games 2 --seed 2", "v1-leduc.jsonl");
    let current = replay_lines(&leduc, "v2-leduc-replay.jsonl");
    assert!(current.is_ok(), "{current:?}");
    leduc[1]["version"] = 1.into();
    let result = replay_lines(&leduc, "v1-leduc-replay.jsonl");
    assert!(
        matches!(
            &result,
            Err(CliError::Replay(ReplayError::Outdated { line: 2, game, found: 1, .. })) if game == "leduc"
        ),
        "{result:?}"
    );
    let message = result.unwrap_err().to_string();
    assert!(
        message.starts_with("line 2: a leduc record of replay format 1 no longer verifies"),
        "{message}"
    );
}
