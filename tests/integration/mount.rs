//! The mount (DESIGN §7): the worked examples exactly and by sampling, zone B, early collapse,
//! red fives by count, the invariant under random operations, the CLI, and the mount in a World.

use crate::chi_square;
use alea::chance::{Purpose, derive_stream};
use alea_games::mount::{Exit, Mount, MountError, MountZone, WallLayout};
use alea_games::tiles::{Tile, TileCounts, TileSet};
use proptest::prelude::*;
use rand_chacha::ChaCha8Rng;

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn rng(seed: u64) -> ChaCha8Rng {
    derive_stream(seed, Purpose::Draw.key(), 0)
}

const SMALL: WallLayout = WallLayout {
    pii: 6,
    rinshan: 1,
    dorahyou: 1,
    urahyou: 1,
};

/// The worked example: 1×7p, 2×8p, 3×9p in zone A.
fn example() -> Mount {
    Mount::new(
        TileSet::from_counts("7p 8p8p 9p9p9p".parse().unwrap()).unwrap(),
        SMALL,
    )
}

/// Asserts that the next normal draw has `P(tile) = num / den` exactly.
fn assert_exact(mount: &Mount, text: &str, num: u64, den: u64) {
    let odds = mount.probabilities(Exit::Pii).unwrap();
    assert_eq!(
        odds.weight(tile(text)) * den,
        odds.total() * num,
        "P({text}) should be {num}/{den}"
    );
}

/// Counts per identity of `draws` independent samples of the next normal draw.
fn sample(mount: &Mount, draws: u32, seed: u64) -> Seen {
    let mut rng = rng(seed);
    let mut seen = [0u64; Tile::COUNT];
    for _ in 0..draws {
        seen[mount.sample(Exit::Pii, &mut rng).unwrap().index()] += 1;
    }
    Seen(seen)
}

struct Seen([u64; Tile::COUNT]);

impl Seen {
    fn of(&self, text: &str) -> u64 {
        self.0[tile(text).index()]
    }
}

// Critical values of the chi-square distribution at the 0.1 % significance level.
const CHI2_1DOF: f64 = 10.828;
const CHI2_2DOF: f64 = 13.816;
const DRAWS: u32 = 20_000;

#[test]
fn worked_examples_are_exact() {
    let plain = example();
    assert_exact(&plain, "7p", 1, 6);
    let mut lit = example();
    lit.light_a(tile("7p"), 100).unwrap();
    assert_exact(&lit, "7p", 11, 16);
    assert_exact(&lit, "8p", 2, 16);
    let mut dimmed = example();
    dimmed.light_a(tile("8p"), -100).unwrap(); // 8p at 20 - 100 = -80 mk
    assert_exact(&dimmed, "7p", 1, 4);
    assert_exact(&dimmed, "8p", 0, 1);
    assert_exact(&dimmed, "9p", 3, 4);
}

#[test]
fn worked_examples_hold_by_sampling() {
    // 20 000 draws each from the same state, fixed seeds; chi-square at the 0.1 % level over
    // the tiles that can come out (8p at -80 mk must never come out).
    type Case = (Option<(&'static str, i32)>, [f64; 3], f64);
    let cases: [Case; 3] = [
        (None, [1.0 / 6.0, 2.0 / 6.0, 3.0 / 6.0], CHI2_2DOF),
        (
            Some(("7p", 100)),
            [11.0 / 16.0, 2.0 / 16.0, 3.0 / 16.0],
            CHI2_2DOF,
        ),
        (Some(("8p", -100)), [0.25, 0.0, 0.75], CHI2_1DOF),
    ];
    for (seed, (light, expected, critical)) in cases.into_iter().enumerate() {
        let mut mount = example();
        if let Some((t, mk)) = light {
            mount.light_a(tile(t), mk).unwrap();
        }
        let seen = sample(&mount, DRAWS, seed as u64);
        let cells: Vec<(u64, f64)> = ["7p", "8p", "9p"]
            .iter()
            .zip(expected)
            .map(|(t, p)| (seen.of(t), p))
            .filter(|&(observed, p)| {
                assert!(
                    p > 0.0 || observed == 0,
                    "{light:?}: a tile at p = 0 came out"
                );
                p > 0.0
            })
            .collect();
        let chi2 = chi_square(&cells);
        assert!(chi2 < critical, "{light:?}: chi2 {chi2}");
    }
}

#[test]
fn zone_b_needs_positive_presence_or_the_tie() {
    let mut mount = example();
    mount.load_b(tile("9p"), 1).unwrap(); // A: 7p 8p8p 9p9p, B: 9p
    // B's copy has presence 0: only A's copies count (9p: 20 of 50 mk).
    assert_exact(&mount, "9p", 2, 5);
    for seed in 0..200 {
        let mut m = mount.clone();
        if m.draw(Exit::Pii, &mut rng(seed)).unwrap() == tile("9p") {
            assert_eq!(m.remain_a(tile("9p")), 1, "a 9p left A, not B");
        }
    }
    // Drawing the whole of A never touches B; then A is empty and B comes out.
    let mut drained = mount.clone();
    let mut r = rng(7);
    for _ in 0..5 {
        drained.draw(Exit::Pii, &mut r).unwrap();
    }
    assert_eq!(drained.stock_a().total(), 0);
    assert_eq!(drained.undrawn(), "9p".parse().unwrap());
    assert_eq!(drained.draw(Exit::Pii, &mut r), Ok(tile("9p")));

    // Positive B presence competes by weight: A 10 + 20 + 20, B +30 on 9p.
    let mut lit_b = mount.clone();
    lit_b.light_b(tile("9p"), 30).unwrap();
    assert_exact(&lit_b, "9p", 50, 80);

    // All of A non-positive (every A presence exactly 0) ties B's 0: ties go to B.
    let mut dark = mount.clone();
    for (t, mk) in [("7p", -10), ("8p", -20), ("9p", -20)] {
        dark.light_a(tile(t), mk).unwrap();
    }
    assert_exact(&dark, "9p", 1, 1);
    let mut d = dark.clone();
    assert_eq!(d.draw(Exit::Pii, &mut rng(8)), Ok(tile("9p")));
    assert_eq!(d.remain_a(tile("9p")), 2, "the 9p came from B");
    // B strictly lower: A's maximum (0) wins, every copy at it equally likely.
    dark.light_b(tile("9p"), -1).unwrap();
    assert_exact(&dark, "7p", 1, 5);
    assert_exact(&dark, "9p", 2, 5);
}

#[test]
fn load_b_moves_at_most_what_a_holds() {
    let mut mount = example();
    mount.load_b(tile("7p"), 5).unwrap();
    assert_eq!(mount.remain_a(tile("7p")), 0);
    assert_eq!(mount.undrawn(), example().undrawn());
    mount.load_b(tile("8p"), 1).unwrap();
    assert_eq!(mount.remain_a(tile("8p")), 1);
    let before = mount.clone();
    mount.load_b(tile("7p"), 3).unwrap();
    assert_eq!(mount, before, "nothing left in A to move");
    // 7p and one 8p are in B with presence 0: never drawn while A is positive.
    assert_exact(&mount, "7p", 0, 1);
    assert_exact(&mount, "8p", 10, 40);
}

#[test]
fn early_collapse_fixes_the_slot_whatever_else_happens() {
    let mut mount = example();
    mount.early_collapse(Exit::Pii, 2, tile("8p")).unwrap();
    assert_eq!(mount.remain_a(tile("8p")), 1, "the copy left A");
    assert_eq!(mount.collapsed(Exit::Pii, 2), Some(tile("8p")));
    for seed in 0..100 {
        let mut m = mount.clone();
        let mut r = rng(seed);
        // Abilities push hard against 8p on every slot, and for it in B.
        for pos in 0..3 {
            m.inc_mk(Exit::Pii, pos, tile("8p"), -1000, MountZone::A)
                .unwrap();
            m.inc_mk(Exit::Pii, pos, tile("9p"), 500, MountZone::A)
                .unwrap();
        }
        m.load_b(tile("8p"), 1).unwrap();
        let third = (0..3).map(|_| m.draw(Exit::Pii, &mut r).unwrap()).last();
        assert_eq!(third, Some(tile("8p")));
    }
    // Taken from B when A has none.
    let mut from_b = example();
    from_b.load_b(tile("7p"), 1).unwrap();
    from_b.early_collapse(Exit::Pii, 1, tile("7p")).unwrap();
    assert_eq!(from_b.undrawn(), "88999p7p".parse().unwrap());
    assert_exact(&from_b, "7p", 0, 1);
    // No copy anywhere: the attempt changes nothing.
    let before = from_b.clone();
    from_b.early_collapse(Exit::Pii, 3, tile("7p")).unwrap();
    assert_eq!(from_b, before);
}

#[test]
fn the_first_collapse_wins_and_deltas_on_a_collapsed_slot_are_ignored() {
    let mut mount = example();
    mount.light_a(tile("9p"), 700).unwrap();
    mount.early_collapse(Exit::Pii, 0, tile("7p")).unwrap();
    let after_first = mount.clone();
    mount.early_collapse(Exit::Pii, 0, tile("9p")).unwrap();
    mount.light_a(tile("8p"), 1000).unwrap();
    mount.light_b(tile("9p"), 1000).unwrap();
    assert_eq!(mount, after_first, "second collapse and deltas ignored");
    assert_eq!(mount.remain_a(tile("9p")), 3);
    assert_exact(&mount, "7p", 1, 1);
    assert_eq!(mount.draw(Exit::Pii, &mut rng(9)), Ok(tile("7p")));
    // The deltas made before the collapse are gone with it: the next slot is plain.
    assert_exact(&mount, "9p", 3, 5);
}

#[test]
fn red_fives_are_decided_by_count_under_kind_operations() {
    // A riichi set with reds: 5p is 3 black + 1 red. +1000 mk on the kind 5p.
    let mut mount = Mount::new(TileSet::riichi(true), WallLayout::riichi());
    mount.light_a(tile("5p"), 1000).unwrap();
    let odds = mount.probabilities(Exit::Pii).unwrap();
    assert_eq!(odds.weight(tile("5p")), 3 * odds.weight(tile("0p")));
    // By sampling: among the fives drawn, a quarter red (chi-square, 1 dof, 0.1 %).
    let seen = sample(&mount, DRAWS, 11);
    let (black, red) = (seen.of("5p"), seen.of("0p"));
    assert!(black + red > 5_000, "the kind is strongly lit");
    let chi2 = chi_square(&[(red, 0.25), (black, 0.75)]);
    assert!(
        chi2 < CHI2_1DOF,
        "red {red} of {} fives: chi2 {chi2}",
        black + red
    );

    // One black five moved to B: 2 black + 1 red left in A, so a third red.
    let mut fewer = Mount::new(TileSet::riichi(true), WallLayout::riichi());
    fewer.load_b(tile("5p"), 1).unwrap();
    fewer.light_a(tile("5p"), 1000).unwrap();
    let odds = fewer.probabilities(Exit::Pii).unwrap();
    assert_eq!(odds.weight(tile("5p")), 2 * odds.weight(tile("0p")));

    // A negative kind delta that leaves only the five non-positive: still by count.
    let mut dark = Mount::new(
        TileSet::from_counts("5550p".parse().unwrap()).unwrap(),
        SMALL,
    );
    dark.light_a(tile("5p"), -100).unwrap();
    assert_exact(&dark, "0p", 1, 4);

    // In B too: one red and one black loaded, the kind lit in B shares 1 : 1.
    let mut b = Mount::new(
        TileSet::from_counts("50p1m".parse().unwrap()).unwrap(),
        SMALL,
    );
    b.load_b(tile("5p"), 1).unwrap();
    b.load_b(tile("0p"), 1).unwrap();
    b.light_b(tile("5p"), 100).unwrap();
    let odds = b.probabilities(Exit::Pii).unwrap();
    assert_eq!(odds.weight(tile("5p")), odds.weight(tile("0p")));
    assert_exact(&b, "1m", 10, 110);

    // Only naming the red five favours it: kind 40 mk shared 30 / 10, then +1000 on red.
    let mut named = dark.clone();
    named.light_a(tile("5p"), 100).unwrap(); // back to the plain 40 mk
    named.light_a(tile("0p"), 1000).unwrap();
    assert_exact(&named, "0p", 1010, 1040);
}

#[derive(Clone, Debug)]
enum Op {
    Inc(Exit, u16, Tile, i32, MountZone),
    LoadB(Tile, u8),
    Collapse(Exit, u16, Tile),
    Draw(Exit),
}

fn exit() -> impl Strategy<Value = Exit> {
    prop::sample::select(Exit::ALL.to_vec())
}

fn any_tile() -> impl Strategy<Value = Tile> {
    prop::sample::select(Tile::ALL.to_vec())
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        2 => (exit(), 0..8u16, any_tile(), -150..150i32, any::<bool>()).prop_map(
            |(e, pos, t, mk, b)| Op::Inc(e, pos, t, mk, if b { MountZone::B } else { MountZone::A })
        ),
        1 => (any_tile(), 0..6u8).prop_map(|(t, n)| Op::LoadB(t, n)),
        1 => (exit(), 0..8u16, any_tile()).prop_map(|(e, pos, t)| Op::Collapse(e, pos, t)),
        3 => exit().prop_map(Op::Draw),
    ]
}

fn tile_set(which: u8) -> TileSet {
    match which {
        0 => TileSet::riichi(true),
        1 => TileSet::riichi(false),
        2 => TileSet::sichuan(),
        _ => TileSet::from_counts("5550p19m77z".parse().unwrap()).unwrap(),
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    /// After every operation: A + B + collapsed + drawn = the tile set (no count wrapped
    /// negative), A ⊆ the undrawn tiles, the next draw's odds sum to one, the live wall and the
    /// indicators match what was drawn; a refused operation changes nothing.
    #[test]
    fn the_tile_set_is_conserved_under_any_operations(
        which in 0..4u8,
        seed in any::<u64>(),
        ops in prop::collection::vec(op(), 1..150),
    ) {
        let set = tile_set(which);
        let layout = WallLayout { pii: 20, rinshan: 4, dorahyou: 3, urahyou: 3 };
        let mut mount = Mount::new(set, layout);
        let mut rng = rng(seed);
        let mut drawn = TileCounts::new();
        let (mut dora, mut ura) = (Vec::new(), Vec::new());
        for op in ops {
            let before = mount.clone();
            let result = match op {
                Op::Inc(exit, pos, t, mk, zone) => mount.inc_mk(exit, pos, t, mk, zone),
                Op::LoadB(t, n) => {
                    let result = mount.load_b(t, n);
                    prop_assert_eq!(result.is_ok(), set.contains(t));
                    result
                }
                Op::Collapse(exit, pos, t) => mount.early_collapse(exit, pos, t),
                Op::Draw(exit) => mount.draw(exit, &mut rng).map(|t| {
                    drawn[t] += 1;
                    match exit {
                        Exit::Dorahyou => dora.push(t),
                        Exit::Urahyou => ura.push(t),
                        _ => {}
                    }
                }),
            };
            if let Err(error) = result {
                prop_assert_eq!(&mount, &before, "{} changed the mount", error);
            }
            let undrawn = mount.undrawn();
            let mut all = undrawn;
            all.add(&drawn);
            prop_assert_eq!(&all, set.counts());
            for t in Tile::ALL {
                prop_assert!(mount.remain_a_exact(t) <= undrawn[t]);
            }
            prop_assert_eq!(mount.dora_indicators(), dora.as_slice());
            prop_assert_eq!(mount.ura_indicators(), ura.as_slice());
            prop_assert_eq!(
                mount.slots_left(Exit::Pii),
                layout.pii - mount.drawn_from(Exit::Pii) - mount.drawn_from(Exit::Rinshan)
            );
            match mount.probabilities(Exit::Pii) {
                Ok(odds) => {
                    let sum: u64 = Tile::ALL.iter().map(|&t| odds.weight(t)).sum();
                    prop_assert_eq!(sum, odds.total());
                }
                Err(MountError::EmptyStock { .. }) => prop_assert_eq!(mount.stock_a().total(), 0),
                Err(MountError::NoSlot { .. }) => prop_assert_eq!(mount.slots_left(Exit::Pii), 0),
                Err(other) => prop_assert!(false, "unexpected {}", other),
            }
        }
    }
}

mod cli {
    use alea_cli::cli::{Cli, CliError};
    use clap::Parser;

    fn run_cli(args: &[&str]) -> Result<String, CliError> {
        crate::cli_argv(["alea", "mount"].into_iter().chain(args.iter().copied()))
    }

    #[test]
    fn json_reports_exact_odds_and_observed_counts() {
        let args = [
            "--tiles",
            "7p 8p8p 9p9p9p",
            "--light",
            "7p:+100",
            "--draws",
            "4000",
            "--seed",
            "3",
            "--json",
        ];
        let text = run_cli(&args).unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        assert_eq!(json["draws"], 4000);
        assert_eq!(json["exact"]["7p"], 0.6875);
        assert_eq!(json["exact"]["8p"], 0.125);
        assert_eq!(json["exact"]["9p"], 0.1875);
        let observed = json["observed"].as_object().unwrap();
        assert_eq!(observed.keys().collect::<Vec<_>>(), ["7p", "8p", "9p"]);
        let total: u64 = observed.values().map(|v| v.as_u64().unwrap()).sum();
        assert_eq!(total, 4000);
        assert!(json["observed"]["7p"].as_u64().unwrap() > 2_500);
        assert_eq!(run_cli(&args).unwrap(), text, "same seed, same output");
    }

    #[test]
    fn operations_apply_to_the_next_normal_draw() {
        let text = run_cli(&[
            "--tiles",
            "7p 8p8p 9p9p9p",
            "--load-b",
            "9p:1",
            "--collapse",
            "dorahyou:0:8p",
            "--light",
            "8p:-10",
            "--light",
            "7p:-10",
            "--light",
            "9p:-20",
            "--draws",
            "50",
            "--json",
        ])
        .unwrap();
        let json: serde_json::Value = serde_json::from_str(&text).unwrap();
        // A: 7p 8p 9p9p, all at presence 0 → tie with B's 9p at 0 → B.
        assert_eq!(json["exact"]["9p"], 1.0);
        assert_eq!(json["observed"]["9p"], 50);
    }

    #[test]
    fn errors_name_the_value() {
        let refused = run_cli(&["--tiles", "7p 8p8p 9p9p9p", "--light", "1z:+100"]).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "--light 1z:+100: 1z is not in this mount's tile set"
        );
        assert_eq!(refused.exit_code(), 2);
        let no_slot = run_cli(&["--tiles", "7p", "--collapse", "pii:3:7p"]).unwrap_err();
        assert!(
            no_slot
                .to_string()
                .starts_with("--collapse pii:3:7p: exit pii has no slot")
        );

        // A collapse the mount would not apply is refused rather than echoed.
        let twice = [
            "--tiles",
            "1m2m3m",
            "--collapse",
            "pii:0:1m",
            "--collapse",
            "pii:0:2m",
        ];
        let error = run_cli(&twice).unwrap_err();
        assert_eq!(
            error.to_string(),
            "--collapse pii:0:2m: the slot is already collapsed to 1m"
        );
        assert_eq!(error.exit_code(), 2);
        let gone = [
            "--tiles",
            "1m2m3m",
            "--collapse",
            "pii:0:1m",
            "--collapse",
            "pii:1:1m",
        ];
        assert_eq!(
            run_cli(&gone).unwrap_err().to_string(),
            "--collapse pii:1:1m: no copy of 1m is left in zones A and B"
        );

        for (args, needle) in [
            (["--tiles", "7p 8q"], "column 5"),
            (["--light", "7x:+1"], "7x:+1"),
            (["--light", "7p+1"], "expected TILE:NUMBER"),
            (["--load-b", "9p:-1"], "9p:-1"),
            (["--collapse", "wall:0:7p"], "unknown exit \"wall\""),
            (["--tiles", "55550p"], "5 copies of 5p"),
        ] {
            let mut argv = vec!["alea", "mount"];
            if args[0] != "--tiles" {
                argv.extend(["--tiles", "7p 8p8p 9p9p9p"]);
            }
            argv.extend(args);
            let error = Cli::try_parse_from(argv).unwrap_err().to_string();
            assert!(error.contains(needle), "{args:?}: {error}");
            assert!(error.contains(args[1]), "{args:?} names the value: {error}");
        }
    }
}

mod in_world {
    use alea::kernel::{
        Decision, EventKind, Game, GameEvent, Kind, Rules, Seat, Setup, SimBuilder, Table,
    };
    use alea::pipeline::{Ctx, Flow, RootEvents};
    use alea_games::mount::{Exit, Mount, MountSlot, WallLayout, draw_in_world, install};
    use alea_games::tiles::{Tile, TileCounts, TileSet};
    use bevy_ecs::prelude::*;
    use serde::{Deserialize, Serialize};

    /// One seat drawing from a riichi mount until the live wall is empty.
    #[derive(Clone)]
    struct Drawing;

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    struct DrawAction;

    #[derive(Clone, Copy, Debug, Hash, Serialize)]
    struct DrawEvent;

    impl GameEvent for DrawEvent {
        fn kind(&self) -> EventKind {
            0
        }
    }

    #[derive(Resource, Clone, Default, Hash)]
    struct Hand(Vec<Tile>);

    impl Game for Drawing {
        type Action = DrawAction;
        type Event = DrawEvent;
        type State = ();

        fn name(&self) -> &'static str {
            "drawing"
        }

        fn seats(&self) -> u8 {
            1
        }

        fn setup(&self, setup: &mut Setup<'_, Self>) {
            install(
                setup,
                Mount::new(TileSet::riichi(true), WallLayout::riichi()),
            );
            setup.insert_resource(Hand::default());
            setup.snapshot_resource::<Hand>();
        }

        fn translate(
            _: &Rules<Self>,
            _: &World,
            _: &Table,
            _: &(),
            _: Seat,
            _: DrawAction,
            out: &mut RootEvents<'_, DrawEvent>,
        ) {
            out.push(DrawEvent);
        }

        fn apply(ctx: &mut Ctx<'_, Self>, _: &mut DrawEvent) -> Flow {
            let world = ctx.world();
            let tile = draw_in_world(world, Exit::Pii).expect("the game stops at an empty wall");
            world.resource_mut::<Hand>().0.push(tile);
            Flow::Continue
        }

        fn next_decision(
            _: &Rules<Self>,
            world: &World,
            _: &Table,
            _: &(),
            decision: &mut Decision<DrawAction>,
        ) {
            if world.resource::<Mount>().slots_left(Exit::Pii) > 0 {
                decision.ask(Seat(0), [DrawAction]);
            } else {
                decision.finish();
            }
        }

        fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
            out.clear();
            out.push(0.0);
        }
    }

    fn hand_after(sim: &mut alea::kernel::Sim<Drawing>, draws: usize) -> Vec<Tile> {
        for _ in 0..draws {
            sim.apply(DrawAction).unwrap();
        }
        sim.world().resource::<Hand>().0.clone()
    }

    #[test]
    fn the_mount_in_a_world_is_snapshotted_and_replays_from_the_seed() {
        let mut sim = SimBuilder::new(Drawing).seed(11).build();
        let start = sim.snapshot();
        let first = hand_after(&mut sim, 10);
        let checksum = sim.checksum();
        sim.restore(&start).unwrap();
        assert_eq!(
            sim.world().resource::<Mount>().slots_left(Exit::Pii),
            70,
            "the mount resource is restored"
        );
        assert_eq!(hand_after(&mut sim, 10), first);
        assert_eq!(sim.checksum(), checksum);
        let mut other = SimBuilder::new(Drawing).seed(12).build();
        assert_ne!(hand_after(&mut other, 10), first);

        // An ability's collapse in the World's mount fixes the next draw.
        let mut mount = sim.world_mut().resource_mut::<Mount>();
        let target = Tile::ALL
            .into_iter()
            .rev()
            .find(|&t| mount.remain_a_exact(t) > 0)
            .unwrap();
        mount.early_collapse(Exit::Pii, 0, target).unwrap();
        assert_eq!(hand_after(&mut sim, 1)[10], target);

        // Play to the end: hand + undrawn = the tile set.
        let hand = hand_after(&mut sim, 59);
        assert!(sim.is_terminal());
        let mut all: TileCounts = hand.into_iter().collect();
        all.add(&sim.world().resource::<Mount>().undrawn());
        assert_eq!(&all, TileSet::riichi(true).counts());
    }

    #[test]
    fn every_slot_is_an_entity_spawned_at_setup() {
        let mut sim = SimBuilder::new(Drawing).build();
        let world = sim.world_mut();
        let mut slots: Vec<(Exit, u16)> = world
            .query::<(&MountSlot, &Kind)>()
            .iter(world)
            .map(|(slot, kind)| {
                assert_eq!(*kind, Kind::MountSlot);
                (slot.exit, slot.index)
            })
            .collect();
        slots.sort_unstable();
        let expected: Vec<(Exit, u16)> = Exit::ALL
            .into_iter()
            .flat_map(|e| (0..WallLayout::riichi().slots(e)).map(move |i| (e, i)))
            .collect();
        assert_eq!(slots, expected);
    }
}
