//! `alea view`: a page for a game of every recorded kind; a seat's page holds only what that
//! seat was shown (no other seat's concealed tiles), and bad arguments are usage errors.

use std::path::PathBuf;

use alea_cli::cli::{CliError, PageData, ReplayError, page_data};
use serde_json::Value;

use crate::cli;

/// A fresh folder in the test binary's temporary folder.
fn scratch(name: &str) -> PathBuf {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR"))
        .join("view")
        .join(format!("{}-{name}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// The lines `alea simulate ARGS --out FILE` writes.
fn simulated(args: &str, name: &str) -> (PathBuf, Vec<String>) {
    let path = scratch(name).join("games.jsonl");
    cli(&format!("alea simulate {args} --out {}", path.display())).unwrap();
    let text = std::fs::read_to_string(&path).unwrap();
    (path, text.lines().map(str::to_string).collect())
}

fn events(page: &PageData) -> impl Iterator<Item = &Value> {
    page.steps.iter().flat_map(|s| &s.events)
}

/// Every tile of another seat's concealed hand the full page shows (its deals and draws), as
/// `(seat, tiles)`.
fn concealed(full: &PageData, viewer: usize) -> Vec<(usize, String)> {
    let mut found = Vec::new();
    for e in events(full) {
        match e["event"].as_str() {
            Some("deal") => {
                for (s, hand) in e["hands"].as_array().unwrap().iter().enumerate() {
                    if s != viewer {
                        found.push((s, hand.as_str().unwrap().to_string()));
                    }
                }
            }
            Some("draw") if e["seat"].as_u64() != Some(viewer as u64) => {
                found.push((e["seat"].as_u64().unwrap() as usize, e["tile"].to_string()));
            }
            _ => {}
        }
    }
    found
}

/// No other seat's dealt hand appears in the source of `seat`'s page `view` (`full`: the
/// full page of the same game).
fn assert_hides_other_hands(full: &PageData, view: &PageData, seat: u8) {
    let source = alea_cli::cli::page(view).unwrap();
    for (other, hand) in concealed(full, usize::from(seat)) {
        if hand.len() > 4 {
            assert!(
                !source.contains(&hand),
                "seat {seat} sees P{other}'s {hand}"
            );
        }
    }
}

/// The done-when's run: three riichi matches, each seat's page. Every deal shows the seat its
/// own hand and no other (`null`), every other seat's draw is hidden, other seats' actions are
/// absent, and no other seat's dealt hand appears anywhere in the page's source.
#[test]
fn a_seat_s_page_holds_no_other_seat_s_concealed_tiles() {
    let (_, lines) = simulated("mahjong --games 3", "riichi");
    for (index, line) in lines.iter().enumerate() {
        let full = page_data(line, index + 1, None).unwrap();
        assert!(
            concealed(&full, 0).len() > 100,
            "a match deals and draws many tiles"
        );
        for seat in 0..4u8 {
            let view = page_data(line, index + 1, Some(seat)).unwrap();
            // Another seat's claim answers join the step before: no step says who was asked.
            assert!(view.steps.len() < full.steps.len());
            for step in &view.steps[1..] {
                let other = step.actor != Some(seat);
                assert!(!other || !step.events.is_empty(), "seat {seat}: {step:?}");
            }
            let viewer = usize::from(seat);
            let mut deals = 0;
            for e in events(&view) {
                if e["event"] == "deal" {
                    deals += 1;
                    for (s, hand) in e["hands"].as_array().unwrap().iter().enumerate() {
                        assert_eq!(hand.is_null(), s != viewer, "{e}");
                    }
                }
                if e["event"] == "draw" && e["seat"].as_u64() != Some(seat.into()) {
                    assert!(e["tile"].is_null(), "{e}");
                }
            }
            assert!(deals >= 4, "a hanchan deals every hand");
            for step in &view.steps {
                assert_eq!(step.action.is_some(), step.actor == Some(seat), "{step:?}");
            }
            assert_hides_other_hands(&full, &view, seat);
        }
    }
}

/// `--seat all` writes the full page, one per seat and an index linking them, for a game of
/// every kind `simulate --out` records; each page carries its data and the player script.
#[test]
fn every_recorded_game_is_viewable_seat_by_seat() {
    for (args, seats) in [
        ("mahjong --length kyoku --games 2", 4),
        ("mahjong --rules sichuan --games 1", 4),
        ("sgs --games 2", 2),
        ("duel --games 2", 2),
        ("pig --games 2", 2),
    ] {
        let name = args.split(' ').take(3).collect::<Vec<_>>().join("-");
        let (path, _) = simulated(args, &name);
        let out = path.parent().unwrap().join("pages");
        let said = cli(&format!(
            "alea view {} --game 1 --seat all --out {}",
            path.display(),
            out.display()
        ));
        let said = match (args, said) {
            ("mahjong --rules sichuan --games 1", Err(CliError::Usage(m))) => {
                assert!(m.contains("holds 1 games (0 to 0)"), "{m}");
                cli(&format!(
                    "alea view {} --seat all --out {}",
                    path.display(),
                    out.display()
                ))
                .unwrap()
            }
            (_, said) => said.unwrap(),
        };
        assert!(said.contains("full.html, seat-0.html"), "{said}");
        let index = std::fs::read_to_string(out.join("index.html")).unwrap();
        for seat in 0..seats {
            assert!(
                index.contains(&format!("href=\"seat-{seat}.html\"")),
                "{index}"
            );
            let page = std::fs::read_to_string(out.join(format!("seat-{seat}.html"))).unwrap();
            assert!(page.contains("<script id=\"data\" type=\"application/json\">"));
            assert!(page.contains("#selftest"), "the player script is embedded");
        }
        assert!(!out.join(format!("seat-{seats}.html")).exists());
    }
}

#[test]
fn bad_arguments_are_usage_errors_naming_them() {
    let (path, _) = simulated("pig --games 2", "errors");
    let out = path.parent().unwrap().join("pages");
    let view = |extra: &str| {
        cli(&format!(
            "alea view {} --out {} {extra}",
            path.display(),
            out.display()
        ))
    };
    let usage = |extra: &str| match view(extra) {
        Err(CliError::Usage(message)) => message,
        other => panic!("{extra}: {other:?}"),
    };
    assert!(usage("--game 2").contains("holds 2 games (0 to 1)"));
    assert!(usage("--seat 2").contains("seats 0 to 1"));
    assert!(usage("--seat west").contains("expected a seat number or all"));
    let missing = cli(&format!(
        "alea view {} --out {}",
        out.join("none.jsonl").display(),
        out.display()
    ));
    assert!(
        matches!(missing, Err(CliError::Replay(ReplayError::Read { .. }))),
        "{missing:?}"
    );
    let (leduc, _) = simulated("leduc --games 1", "leduc");
    let refused = cli(&format!(
        "alea view {} --out {}",
        leduc.display(),
        out.display()
    ));
    assert!(
        matches!(&refused, Err(CliError::Usage(m)) if m.contains("not \"leduc\"")),
        "{refused:?}"
    );
    assert!(view("").unwrap().contains("pig: "));
}

/// An identity4 page tells a seat its own role and the lord's, every role in the full page,
/// and every seat's hit points.
#[test]
fn an_sgs_seat_s_page_names_only_the_roles_it_knows() {
    let (_, lines) = simulated("sgs --mode identity4 --games 1", "sgs-roles");
    let full = page_data(&lines[0], 1, None).unwrap();
    let roles = |page: &PageData| -> Vec<Value> {
        page.setup["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["role"].clone())
            .collect()
    };
    let all = roles(&full);
    assert!(all.iter().all(|r| r.is_string()), "{all:?}");
    let lord = all.iter().position(|r| r == "lord").unwrap();
    for seat in 0..4u8 {
        let view = page_data(&lines[0], 1, Some(seat)).unwrap();
        for (s, role) in roles(&view).iter().enumerate() {
            let known = s == usize::from(seat) || s == lord;
            assert_eq!(
                role,
                if known { &all[s] } else { &Value::Null },
                "seat {seat} sees {s}"
            );
        }
        assert_eq!(view.setup["seats"][0]["hp"], full.setup["seats"][0]["hp"]);
    }
}

/// An mjai log (the fixtures: libriichi's RulebaseBot at every seat) is replayed through
/// alea's rules and shown like a record: a step per hand's deal, and a seat's page hides the
/// other hands and draws and names no other seat's dealt hand.
#[test]
fn mjai_logs_are_viewable_seat_by_seat() {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/fixtures/mjai");
    let log = dir.join("kan_seed218.json.gz");
    let out = scratch("mjai").join("pages");
    let said = cli(&format!(
        "alea view {} --seat all --out {}",
        log.display(),
        out.display()
    ));
    assert!(said.unwrap().starts_with("mahjong: "));
    let full = alea_cli::cli::view_mjai(&log, 0, None).unwrap();
    let deals = |page: &PageData| events(page).filter(|e| e["event"] == "deal").count();
    assert_eq!(deals(&full), 11, "the log's 11 hands");
    assert_eq!(full.players, ["0", "1", "2", "3"]);
    for seat in 0..4u8 {
        let view = alea_cli::cli::view_mjai(&log, 0, Some(seat)).unwrap();
        assert_eq!(deals(&view), 11);
        for e in events(&view) {
            if e["event"] == "draw" && e["seat"].as_u64() != Some(seat.into()) {
                assert!(e["tile"].is_null(), "{e}");
            }
        }
        assert_hides_other_hands(&full, &view, seat);
    }
    let refused = cli(&format!(
        "alea view {} --game 1 --out {}",
        log.display(),
        out.display()
    ));
    assert!(
        matches!(&refused, Err(CliError::Usage(m)) if m.contains("holds 1 games")),
        "{refused:?}"
    );
}
