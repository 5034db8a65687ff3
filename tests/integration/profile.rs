//! `--profile FILE`: a Chrome trace with the `trace` feature, a usage error (exit 2) without.

use std::path::PathBuf;

use crate::cli;

fn trace_path(name: &str) -> PathBuf {
    crate::scratch("profile").join(name)
}

#[cfg(not(feature = "trace"))]
#[test]
fn profile_without_the_trace_feature_is_a_usage_error() {
    for command in ["simulate mahjong --games 1 --length kyoku", "play pig"] {
        let path = trace_path("refused.json");
        let error = cli(&format!("alea {command} --profile {}", path.display())).unwrap_err();
        assert!(
            matches!(error, alea_cli::cli::CliError::NoTrace(_)),
            "{error:?}"
        );
        assert_eq!(error.exit_code(), 2);
        assert!(error.to_string().contains("`trace` feature"), "{error}");
        assert!(!path.exists(), "no file is written");
    }
}

#[cfg(feature = "trace")]
#[test]
fn profile_writes_a_chrome_trace_of_system_spans() {
    for (command, name) in [
        (
            "simulate mahjong --games 2 --length kyoku --threads 2",
            "simulate.json",
        ),
        ("play mahjong --length kyoku --seed 1", "play.json"),
    ] {
        let path = trace_path(name);
        cli(&format!("alea {command} --profile {}", path.display())).unwrap();
        let trace: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
        let events = trace.as_array().expect("a Chrome trace is a JSON array");
        let system = |e: &&serde_json::Value| {
            e["name"]
                .as_str()
                .is_some_and(|n| n.starts_with("system: alea::kernel::step::"))
        };
        assert!(
            events.iter().any(|e| system(&e)),
            "{command}: no system span"
        );
    }
    // Running through the schedule plays the same matches: the same replay lines.
    let lines = |profile: &str| {
        let out = trace_path(&format!("games{profile}.jsonl"));
        let profile = match profile {
            "" => String::new(),
            _ => format!(" --profile {}", trace_path(profile).display()),
        };
        cli(&format!(
            "alea simulate mahjong --games 3 --length kyoku --seed 5 --out {}{profile}",
            out.display()
        ))
        .unwrap();
        std::fs::read_to_string(out).unwrap()
    };
    assert_eq!(lines(""), lines("same.json"));
}

/// The trace a profile of `command` writes, as its JSON events. The binary runs in a process
/// of its own: tracing's callsite cache is global, and other tests run the pipeline without a
/// subscriber meanwhile.
#[cfg(feature = "trace")]
fn profiled(command: &str, name: &str) -> (Vec<serde_json::Value>, u64) {
    let path = trace_path(name);
    let status = std::process::Command::new(env!("CARGO_BIN_EXE_alea"))
        .args(command.split_whitespace())
        .arg("--profile")
        .arg(&path)
        .stdout(std::process::Stdio::null())
        .status()
        .unwrap();
    assert!(status.success(), "alea {command}");
    let text = std::fs::read_to_string(&path).unwrap();
    let trace: serde_json::Value = serde_json::from_str(&text).unwrap();
    let events = trace.as_array().expect("a Chrome trace is a JSON array");
    (events.clone(), text.len() as u64)
}

/// The names of the spans a profile of `command` recorded.
#[cfg(feature = "trace")]
fn span_names(command: &str, name: &str) -> std::collections::BTreeSet<String> {
    profiled(command, name)
        .0
        .iter()
        .filter_map(|e| e["name"].as_str().map(str::to_owned))
        .collect()
}

#[cfg(feature = "trace")]
#[test]
fn a_duel_profile_has_a_span_per_event_kind() {
    use alea::kernel::playout::{random_player_rng, random_playout};
    use alea_games::games::duel::Duel;
    let names = span_names("play duel --seed 4 --players random,random", "duel.json");
    // The same game, headless: the kinds of the events it resolved.
    let mut sim = alea::kernel::SimBuilder::new(Duel::default())
        .seed(4)
        .build();
    sim.record_events(true);
    random_playout(&mut sim, &mut random_player_rng(4)).unwrap();
    let kinds: std::collections::BTreeSet<String> = sim
        .events()
        .iter()
        .map(|e| {
            let text = format!("{:?}", e.event);
            let end = text.find([' ', '{', '(']).unwrap_or(text.len());
            format!("rules: {}", &text[..end])
        })
        .collect();
    assert!(kinds.len() >= 10, "{kinds:?}");
    let missing: Vec<_> = kinds.difference(&names).collect();
    assert!(missing.is_empty(), "no span for {missing:?}");
    assert!(
        !names.iter().any(|n| n.contains('"')),
        "names carry no quotes"
    );
}

#[cfg(feature = "trace")]
#[test]
fn an_sgs_profile_has_a_span_per_listener_handler() {
    let names = span_names(
        "play sgs --position assets/sgs/positions/shield.json --seed 8",
        "sgs.json",
    );
    // The shield cancels the black slash; the turn-start listener runs every turn.
    for handler in ["listener: nioh_shield", "listener: turn_horizon"] {
        assert!(names.contains(handler), "no span {handler} in {names:?}");
    }
    assert!(names.contains("rules: SlashEffect"), "{names:?}");
}

/// How many times the profile of `command` entered a span named `span`, and the trace's size
/// in bytes.
#[cfg(feature = "trace")]
fn entries(command: &str, name: &str, span: &str) -> (usize, u64) {
    let (events, bytes) = profiled(command, name);
    let entered = events
        .iter()
        .filter(|e| e["name"] == span && e["ph"] == "B")
        .count();
    (entered, bytes)
}

/// `--profile-games N` records games 0..N (default 1), and a player's decision is one
/// `player` span unless `--profile-thinking`: the book's example (`docs/src/bevy.md`) stays small.
#[cfg(feature = "trace")]
#[test]
fn a_profile_samples_games_and_leaves_the_players_searches_out() {
    let command = "simulate mahjong --games 4 --length kyoku";
    // The book's example (`docs/src/bevy.md`): one match of one hand is recorded, whose ISMCTS player's
    // playouts (each a whole match) stay out.
    let (ends, bytes) = entries(command, "sampled.json", "rules: MatchEnd");
    assert_eq!(ends, 1, "one match recorded");
    assert!(bytes < 50 << 20, "{bytes} bytes");
    let (players, _) = entries(command, "players.json", "player: ismcts");
    assert!(players > 0, "the ISMCTS seat's decisions are spans");
    let (ends, _) = entries(
        &format!("{command} --profile-games 3"),
        "three.json",
        "rules: MatchEnd",
    );
    assert_eq!(ends, 3);
    let thinking =
        format!("{command} --profile-games 1 --profile-thinking --players ismcts:2,random");
    let (ends, _) = entries(&thinking, "thinking.json", "rules: MatchEnd");
    assert!(ends > 1, "the search's playouts are recorded too: {ends}");
}

#[test]
fn sampling_options_need_a_profile() {
    for args in [
        "alea simulate pig --games 2 --profile-games 1",
        "alea play pig --profile-thinking",
    ] {
        let error = cli(args).unwrap_err();
        assert_eq!(error.exit_code(), 2, "{args}");
        assert!(error.to_string().contains("with --profile FILE"), "{error}");
    }
}
