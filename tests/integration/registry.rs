//! The registry (`alea_games::games::REGISTRY`): every game is built from typed options,
//! plays, replays and searches through it, and the command line lists and serves it.

use alea::registry::{OptionDefault, OptionKind, OptionValue, Record, find, names};
use alea::search::{Algorithm, SearchRequest};
use alea_games::games::REGISTRY;

use crate::{cli, cli_argv};

/// The games' options at their defaults, riichi and sichuan one hand long (so a test plays
/// quickly).
fn small(name: &str) -> Vec<(String, OptionValue)> {
    match name {
        "riichi" | "sichuan" => vec![("length".into(), OptionValue::Text("kyoku".into()))],
        _ => Vec::new(),
    }
}

#[test]
fn the_registry_holds_the_six_games_once_each() {
    assert_eq!(
        names(REGISTRY),
        ["pig", "leduc", "riichi", "sichuan", "duel", "sgs"]
    );
    for info in REGISTRY {
        assert_eq!(find(REGISTRY, info.name).unwrap().name, info.name);
        // Every default is a value its own option takes.
        for spec in info.options {
            if let Some(value) = spec.default.value() {
                let given = [(spec.name.to_string(), value.clone())];
                assert_eq!(info.options(given).unwrap().get(spec.name), Some(&value));
            }
            assert!(!spec.description.is_empty(), "{}.{}", info.name, spec.name);
        }
    }
    let error = find(REGISTRY, "chess").err().unwrap();
    assert_eq!(
        error.to_string(),
        "unknown game \"chess\": expected one of pig, leduc, riichi, sichuan, duel, sgs"
    );
}

#[test]
fn every_game_plays_replays_and_restarts_through_its_entry() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        for seed in [0, 9] {
            let played = game.play_random(seed, Record::Log).unwrap();
            assert!(played.terminal, "{} seed {seed}", info.name);
            assert_eq!(played.actions.len(), played.moves as usize);
            assert_eq!(played.log.len(), played.actions.len());
            // The record replays to the same world, on the same game and on a new one.
            let replayed = game.replay(seed, &played.actions).unwrap();
            assert_eq!(replayed.checksum, played.checksum, "{}", info.name);
            let (_, fresh) = info.load(small(info.name)).unwrap();
            assert_eq!(fresh.play_random(seed, Record::Nothing).unwrap(), replayed);
        }
        // A record cut short is not a finished game; a wrong id is refused.
        let played = game.play_random(3, Record::Actions).unwrap();
        let cut = game.replay(3, &played.actions[..1]).unwrap();
        assert!(!cut.terminal || played.actions.len() == 1);
        assert!(game.replay(3, &[u32::MAX]).is_err());
    }
}

/// Every game says what each observation index and action id holds: its parts lie end to
/// end from 0 and cover the flattened tensor and the ids exactly, with the default options
/// and with others that change the sizes (Pig's players, sgs's seats).
#[test]
fn every_game_s_layout_covers_its_observation_and_its_action_ids() {
    let check = |what: &str, parts: &[alea::encode::Part], size: usize| {
        assert!(!parts.is_empty(), "{what}: no parts");
        let mut next = 0;
        for part in parts {
            assert_eq!(part.start, next, "{what}: {part:?} does not follow on");
            assert!(part.end > part.start, "{what}: {part:?} is empty");
            assert!(!part.meaning.is_empty(), "{what}: {part:?}");
            next = part.end;
        }
        assert_eq!(
            next, size,
            "{what}: the parts end at {next}, the size is {size}"
        );
    };
    let others: [(&str, Vec<(String, OptionValue)>); 2] = [
        ("pig", vec![("players".into(), OptionValue::Int(4))]),
        (
            "sgs",
            vec![("mode".into(), OptionValue::Text("identity4".into()))],
        ),
    ];
    let defaults = REGISTRY.iter().map(|info| (info.name, Vec::new()));
    for (name, options) in defaults.chain(others) {
        let (_, game) = find(REGISTRY, name).unwrap().load(options).unwrap();
        let size = alea::encode::size(&game.shape());
        check(
            &format!("{name} observation"),
            &game.observation_layout(),
            size,
        );
        let ids = game.num_actions() as usize;
        check(&format!("{name} actions"), &game.action_layout(), ids);
        let listed = find(REGISTRY, name).unwrap().listing().encoding;
        assert!(listed.is_some(), "{name} lists its encoding");
    }
}

/// Random play through the registry's states that picks *any* listed chance outcome, however
/// unlikely (uniformly among them), never fails; mahjong's draws are chance nodes listed by
/// the mount's cells, in words.
#[test]
fn any_listed_chance_outcome_applies_in_every_game() {
    use alea::registry::{CHANCE, TERMINAL};
    use rand::RngExt;
    let mut rng = alea::chance::derive_stream(5, 0, 0);
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let mut nodes = 0;
        for seed in 0..2 {
            let mut state = game.clone().new_state(seed).unwrap();
            let mut steps = 0;
            while state.current_player() != TERMINAL {
                steps += 1;
                assert!(steps < 100_000, "{} seed {seed} does not end", info.name);
                if state.current_player() == CHANCE {
                    nodes += 1;
                    let outcomes = state.chance_outcomes().unwrap();
                    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
                    assert!((total - 1.0).abs() < 1e-9, "{}: {outcomes:?}", info.name);
                    assert!(outcomes.iter().all(|&(_, p)| p > 0.0));
                    let (id, _) = outcomes[rng.random_range(0..outcomes.len())];
                    if matches!(info.name, "riichi" | "sichuan") {
                        assert!(id < 74, "{id}");
                        let words = state.action_string(id);
                        assert!(
                            words.starts_with("the ") && words.contains(" is "),
                            "{words}"
                        );
                    }
                    state.apply(id).unwrap();
                } else {
                    let legal = state.legal().unwrap().to_vec();
                    state
                        .apply(legal[rng.random_range(0..legal.len())])
                        .unwrap();
                }
            }
        }
        assert!(nodes > 0, "{} met no chance node", info.name);
    }
}

#[test]
fn bad_options_name_the_option_and_what_it_takes() {
    for info in REGISTRY {
        for spec in info.options {
            let bad = match spec.kind {
                OptionKind::Int { max, .. } => OptionValue::Int(max + 1),
                OptionKind::Choice(_) => OptionValue::Text("no-such-thing".into()),
                OptionKind::Text | OptionKind::List => OptionValue::Int(1),
            };
            let error = info
                .load([(spec.name.to_string(), bad)])
                .err()
                .unwrap_or_else(|| panic!("{}.{} took a bad value", info.name, spec.name));
            let text = error.to_string();
            assert!(
                text.starts_with(&format!("option {} = ", spec.name))
                    && text.contains(&spec.kind.expected()),
                "{text}"
            );
        }
        let error = info
            .load([("no_such_option".to_string(), OptionValue::Int(1))])
            .err()
            .unwrap();
        assert!(error.to_string().contains("no_such_option"), "{error}");
    }
    // Text the builder reads is checked by the builder, naming the option.
    let sgs = find(REGISTRY, "sgs").unwrap();
    let missing = [("position".into(), OptionValue::Text("/no/such/file".into()))];
    let error = sgs.load(missing).err().unwrap().to_string();
    assert!(
        error.starts_with("option position = \"/no/such/file\""),
        "{error}"
    );
    let riichi = find(REGISTRY, "riichi").unwrap();
    let seated = [("abilities".into(), OptionValue::List(vec!["saki@0".into()]))];
    let error = riichi.load(seated).err().unwrap().to_string();
    assert!(error.contains("unknown ability \"saki\""), "{error}");
    assert!(matches!(
        find(REGISTRY, "duel").unwrap().options[0].default,
        OptionDefault::Empty
    ));
}

#[test]
fn every_game_searches_through_its_entry() {
    for info in REGISTRY {
        let (_, game) = info.load(small(info.name)).unwrap();
        let request = SearchRequest {
            algorithm: Some(Algorithm::Ismcts),
            simulations: 20,
            threads: 1,
            seed: 4,
            ..SearchRequest::default()
        };
        let report = game.search(&[], &request).unwrap();
        assert_eq!(report.simulations, 20, "{}", info.name);
        assert_eq!(report.stats.iter().map(|s| s.visits).sum::<u64>(), 20);
        assert!(report.stats.iter().any(|s| s.action == report.action));
        // The same request, the same answer.
        assert_eq!(game.search(&[], &request).unwrap(), report);
    }
}

#[test]
fn alea_games_lists_the_registry() {
    let listed: serde_json::Value =
        serde_json::from_str(&cli("alea games --json").unwrap()).unwrap();
    let games = listed["games"].as_array().unwrap();
    let listed_names: Vec<&str> = games.iter().map(|g| g["name"].as_str().unwrap()).collect();
    assert_eq!(listed_names, names(REGISTRY));
    let pig = &games[0];
    assert_eq!(
        pig["options"][1],
        serde_json::json!({
            "name": "target", "type": "int", "default": 100,
            "allowed": "an integer from 1 to 100000", "range": [1, 100000],
            "description": "The score that wins."
        })
    );
    assert_eq!(games[5]["options"][1]["default"], serde_json::Value::Null);
    let text = cli("alea games").unwrap();
    assert!(text.contains("riichi: ") && text.contains("  --max-rounds   an integer"));
}

#[test]
fn leduc_plays_simulates_replays_and_searches_on_the_command_line() {
    let log: serde_json::Value =
        serde_json::from_str(&cli("alea play leduc --seed 3 --json").unwrap()).unwrap();
    let moves = log["moves"].as_array().unwrap();
    assert!(!moves.is_empty() && moves[0].as_str().unwrap().starts_with("P0 "));
    assert_eq!(log["returns"].as_array().unwrap().len(), 2);
    // The totals do not depend on the threads; every game has a winner or is a draw.
    let run = |threads: u16| -> serde_json::Value {
        let line = format!("alea simulate leduc --games 300 --seed 2 --threads {threads} --json");
        serde_json::from_str(&cli(&line).unwrap()).unwrap()
    };
    let (one, two) = (run(1), run(2));
    for field in ["game", "games", "seed", "wins", "draws", "mean_moves"] {
        assert_eq!(one[field], two[field], "{field}");
    }
    let wins: u64 = one["wins"]
        .as_array()
        .unwrap()
        .iter()
        .map(|w| w.as_u64().unwrap())
        .sum();
    assert_eq!(wins + one["draws"].as_u64().unwrap(), 300);
    // Recorded games replay; a changed action is caught.
    let dir = crate::scratch("registry");
    let file = dir.join("leduc.jsonl");
    let path = file.to_str().unwrap();
    cli_argv(["alea", "simulate", "leduc", "--games", "40", "--out", path]).unwrap();
    let replayed = cli_argv(["alea", "replay", path, "--json"]).unwrap();
    assert!(replayed.contains("\"verified\":40"), "{replayed}");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<serde_json::Value> = text
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let actions = lines[0]["actions"].as_array_mut().unwrap();
    actions.pop();
    let changed: Vec<String> = lines.iter().map(|l| l.to_string()).collect();
    std::fs::write(&file, changed.join("\n") + "\n").unwrap();
    let error = cli_argv(["alea", "replay", path]).err().unwrap();
    assert_eq!(
        error.to_string(),
        "1 of 40 replayed games differ from their records"
    );
    std::fs::remove_dir_all(&dir).unwrap();
    let report = cli("alea search leduc --algo ismcts --sims 100 --seed 5 --json").unwrap();
    assert!(report.contains("\"game\":\"leduc\""), "{report}");
}

#[test]
fn riichi_and_sichuan_are_mahjong_with_their_preset() {
    let by_name = cli("alea simulate sichuan --games 1 --length kyoku --threads 1 --json").unwrap();
    let by_rules =
        cli("alea simulate mahjong --rules sichuan --games 1 --length kyoku --threads 1 --json")
            .unwrap();
    let strip = |text: &str| {
        let mut value: serde_json::Value = serde_json::from_str(text).unwrap();
        value.as_object_mut().unwrap().remove("games_per_second");
        value
    };
    assert_eq!(strip(&by_name), strip(&by_rules));
    let error = cli("alea simulate riichi --rules sichuan --games 1")
        .err()
        .unwrap();
    assert_eq!(error.exit_code(), 2);
    assert!(
        error
            .to_string()
            .starts_with("--rules \"sichuan\": expected one of riichi"),
        "{error}"
    );
}

#[test]
fn options_of_the_wrong_game_are_usage_errors() {
    for line in [
        "alea play leduc --option dice=3",
        "alea play leduc --option nothing",
        "alea play pig --option target=5",
        "alea simulate leduc --players 3",
        "alea play pig --target 0",
        "alea search mahjong --algo mcts --sims 2",
        "alea search leduc --algo mcts --sims 2 --target 5",
        "alea search pig --algo mcts --sims 2 --target 5 --option target=6",
    ] {
        let argv: Vec<&str> = line.split_whitespace().collect();
        match <alea_cli::cli::Cli as clap::Parser>::try_parse_from(&argv) {
            Err(_) => continue, // clap's own usage error (exit 2)
            Ok(_) => {
                let error = cli(line).err().unwrap_or_else(|| panic!("{line} ran"));
                assert_eq!(error.exit_code(), 2, "{line}: {error}");
            }
        }
    }
    let pig = cli("alea search pig --algo mcts --sims 50 --option target=5 --json").unwrap();
    assert!(pig.contains("\"simulations\":50"), "{pig}");
}

/// sgs's and the duel's deals are chance nodes from the chance root: one node per card dealt
/// (sgs four a seat and the lord's first two, the duel five a seat), each naming the card drawn. sgs's first node lists the
/// whole deck, each card once and equally likely; a duel node weighs a card by its copies.
#[test]
fn sgs_and_duel_deals_are_chance_nodes_from_the_chance_root() {
    use alea::registry::CHANCE;
    for (name, per_seat, first_turn) in [("sgs", 4, 2), ("duel", 5, 0)] {
        let info = REGISTRY.iter().find(|i| i.name == name).unwrap();
        let (_, game) = info.load(small(name)).unwrap();
        let mut root = game.clone().new_chance_root(7).unwrap();
        let mut nodes = 0;
        while root.current_player() == CHANCE {
            let outcomes = root.chance_outcomes().unwrap();
            let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
            assert!((total - 1.0).abs() < 1e-9, "{name}: {outcomes:?}");
            if name == "sgs" && nodes == 0 {
                let deck = outcomes.len();
                let ids: Vec<u32> = outcomes.iter().map(|&(id, _)| id).collect();
                assert_eq!(ids, (0..deck as u32).collect::<Vec<_>>());
                assert!(outcomes.iter().all(|&(_, p)| p == 1.0 / deck as f64));
            }
            let ids: Vec<u32> = outcomes.iter().map(|&(id, _)| id).collect();
            assert!(
                ids.windows(2).all(|w| w[0] < w[1]),
                "{name}: distinct cards {ids:?}"
            );
            let (id, _) = outcomes[outcomes.len() / 2];
            let words = root.action_string(id);
            assert!(words.starts_with("the card drawn is "), "{name}: {words}");
            root.apply(id).unwrap();
            nodes += 1;
        }
        assert_eq!(nodes, per_seat * game.seats() + first_turn, "{name}");
        assert!(
            root.current_player() >= 0,
            "{name}: a player moves after the deal"
        );
    }
}
