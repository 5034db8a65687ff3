//! `--profile FILE`: a Chrome trace with the `trace` feature, a usage error (exit 2) without.

use std::path::PathBuf;

use crate::cli;

fn trace_path(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("profile");
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(format!("{}-{name}", std::process::id()))
}

#[cfg(not(feature = "trace"))]
#[test]
fn profile_without_the_trace_feature_is_a_usage_error() {
    for command in ["simulate mahjong --games 1 --length kyoku", "play pig"] {
        let path = trace_path("refused.json");
        let error = cli(&format!("alea {command} --profile {}", path.display())).unwrap_err();
        assert!(
            matches!(error, alea::cli::CliError::NoTrace(_)),
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
            e["name"] == "system"
                && e["args"]["name"]
                    .as_str()
                    .is_some_and(|n| n.contains("alea::kernel::step"))
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
