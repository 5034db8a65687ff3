//! Snapshots: restore equals the saved state, forks, client components, no allocation per cycle.

use alea::chance::Streams;
use alea::kernel::{DieFace, SimBuilder, SimError, Zone};
use alea::snapshot::SnapshotError;
use alea_games::games::leduc::{Leduc, LeducAction};
use alea_games::games::pig::{Pig, PigAction};
use bevy_ecs::prelude::Component;
use proptest::prelude::*;

use crate::alloc_count::allocations_during;
use crate::probe::{Does, Probe, ProbeAction, Spec, probe};

/// Applies `steps` to a Pig game: each step picks a legal action and a die case (6 = random).
fn play(sim: &mut alea::kernel::Sim<Pig>, steps: &[(u8, u8)]) {
    for &(pick, case) in steps {
        if sim.is_terminal() {
            return;
        }
        let choices = sim.legal_actions();
        let action = choices[usize::from(pick) % choices.len()];
        sim.set_case(Some(u32::from(case)));
        sim.apply(action).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 64, ..ProptestConfig::default() })]

    #[test]
    fn restore_gives_back_the_snapshot_state(
        seed in any::<u64>(),
        before in prop::collection::vec((0u8..2, 0u8..7), 0..60),
        after in prop::collection::vec((0u8..2, 0u8..7), 1..60),
    ) {
        let mut sim = SimBuilder::new(Pig::default()).seed(seed).build();
        play(&mut sim, &before);
        let snapshot = sim.snapshot();
        let saved = sim.checksum();
        play(&mut sim, &after);
        let continued = sim.checksum();
        sim.restore(&snapshot).unwrap();
        prop_assert_eq!(sim.checksum(), saved);
        // The restored world has the same future, random streams included.
        play(&mut sim, &after);
        prop_assert_eq!(sim.checksum(), continued);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `exchange` trades two games without copying: the `Sim` plays the parked one (its
    /// future the same as a restore's, random streams included) while the snapshot holds the
    /// `Sim`'s, and trading back gives each its own game.
    #[test]
    fn exchange_trades_games_and_twice_is_nothing(
        seeds in (any::<u64>(), any::<u64>()),
        before in prop::collection::vec((0u8..2, 0u8..7), 0..40),
        after in prop::collection::vec((0u8..2, 0u8..7), 1..40),
    ) {
        let mut parked_game = SimBuilder::new(Pig::default()).seed(seeds.0).build();
        play(&mut parked_game, &before);
        let mut worker = SimBuilder::new(Pig::default()).seed(seeds.1).build();
        play(&mut worker, &after);
        let (parked_sum, worker_sum) = (parked_game.checksum(), worker.checksum());
        // Parked by the worker (its registry, its layout): restored there, then saved.
        let own = worker.snapshot();
        let mut parked = worker.snapshot();
        worker.restore(&parked_game.snapshot()).unwrap();
        worker.snapshot_into(&mut parked);
        worker.restore(&own).unwrap();
        play(&mut parked_game, &after);
        let parked_after = parked_game.checksum();

        prop_assert!(worker.exchange(&mut parked));
        prop_assert_eq!(worker.checksum(), parked_sum);
        play(&mut worker, &after);
        prop_assert_eq!(worker.checksum(), parked_after);
        prop_assert!(worker.exchange(&mut parked));
        prop_assert_eq!(worker.checksum(), worker_sum);
        worker.restore(&parked).unwrap();
        prop_assert_eq!(worker.checksum(), parked_after);
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 48, ..ProptestConfig::default() })]

    /// `trade` is an exchange with the snapshot whose game the `Sim` holds, then one with the
    /// next: the first takes back its game as played, the `Sim` plays the second's, and the
    /// second holds the `Sim`'s own, which an exchange brings back.
    #[test]
    fn trade_gives_one_game_back_and_takes_the_next(
        seed in any::<u64>(),
        first in prop::collection::vec((0u8..2, 0u8..7), 0..30),
        second in prop::collection::vec((0u8..2, 0u8..7), 0..30),
        own in prop::collection::vec((0u8..2, 0u8..7), 1..30),
        played in prop::collection::vec((0u8..2, 0u8..7), 1..30),
    ) {
        let mut worker = SimBuilder::new(Pig::default()).seed(seed).build();
        play(&mut worker, &first);
        let (mut a, a_sum) = (worker.snapshot(), worker.checksum());
        play(&mut worker, &second);
        let (mut b, b_sum) = (worker.snapshot(), worker.checksum());
        play(&mut worker, &own);
        let own_sum = worker.checksum();
        prop_assert!(worker.exchange(&mut a));
        prop_assert_eq!(worker.checksum(), a_sum);
        play(&mut worker, &played);
        let a_played = worker.checksum();

        prop_assert!(worker.trade(&mut a, &mut b));
        prop_assert_eq!(worker.checksum(), b_sum);
        prop_assert!(worker.exchange(&mut b));
        prop_assert_eq!(worker.checksum(), own_sum);
        prop_assert!(worker.exchange(&mut a));
        prop_assert_eq!(worker.checksum(), a_played);
    }
}

/// A snapshot another `Sim` saved, or one saved before the tables changed, is not exchanged:
/// `exchange` says so and changes neither side (a restore copies it instead).
#[test]
fn exchange_refuses_a_snapshot_it_did_not_save_in_its_layout() {
    let mut sim = SimBuilder::new(Leduc).seed(3).build();
    let mut other = SimBuilder::new(Leduc).seed(4).build();
    let mut foreign = other.snapshot();
    let (mine, theirs) = (sim.checksum(), other.checksum());
    assert!(!sim.exchange(&mut foreign));
    assert_eq!(sim.checksum(), mine);
    other.restore(&foreign).unwrap();
    assert_eq!(other.checksum(), theirs);
    // Saved by `sim`, then its cards' rows change: refused, then exchanged once saved again.
    let mut own = sim.snapshot();
    reverse_card_rows(&mut sim);
    assert!(!sim.exchange(&mut own));
    assert_eq!(sim.checksum(), mine);
    sim.snapshot_into(&mut own);
    assert!(sim.exchange(&mut own));
    assert_eq!(sim.checksum(), mine);
}

/// A resource registered after the kernel's resources and components, removed since the
/// save (its entity keeps its table and row): the exchange finds out only when it reaches
/// that part, after trading the ones before it, and trades those back, so it changes
/// neither side.
#[test]
fn an_exchange_refused_at_a_late_part_trades_the_earlier_ones_back() {
    use alea_games::games::duel::Duel;
    use alea_games::games::duel::history::DiceHistory;
    let mut sim = SimBuilder::new(Duel::default()).seed(5).build();
    // The resource's entity without it: an archetype that exists before the save.
    let history = sim.world_mut().remove_resource::<DiceHistory>().unwrap();
    sim.world_mut().insert_resource(history);
    let mut parked = sim.snapshot();
    let parked_sum = sim.checksum();
    let mut rng = alea::kernel::playout::random_player_rng(5);
    for _ in 0..6 {
        let action = alea::kernel::playout::random_action(&sim, &mut rng).unwrap();
        sim.apply(action).unwrap();
    }
    let played_sum = sim.checksum();
    assert_ne!(played_sum, parked_sum, "the moves changed nothing");
    let history = sim.world_mut().remove_resource::<DiceHistory>().unwrap();
    let without = sim.checksum();
    assert!(!sim.exchange(&mut parked));
    assert_eq!(sim.checksum(), without);
    sim.world_mut().insert_resource(history);
    assert_eq!(sim.checksum(), played_sum);
    // The snapshot still holds the game it was saved with.
    assert!(sim.exchange(&mut parked));
    assert_eq!(sim.checksum(), parked_sum);
}

/// A trade refused at a late part (a resource removed from the world since the snapshots
/// were saved) trades the earlier parts back: the world and both snapshots keep what they
/// held, and the trade goes through once the resource is back.
#[test]
fn a_trade_refused_at_a_late_part_trades_the_earlier_ones_back() {
    use alea_games::games::duel::Duel;
    use alea_games::games::duel::history::DiceHistory;
    let mut sim = SimBuilder::new(Duel::default()).seed(5).build();
    // The resource's entity without it: an archetype that exists before the saves.
    let history = sim.world_mut().remove_resource::<DiceHistory>().unwrap();
    sim.world_mut().insert_resource(history);
    let mut rng = alea::kernel::playout::random_player_rng(5);
    let mut moves = |sim: &mut alea::kernel::Sim<Duel>| {
        for _ in 0..6 {
            let action = alea::kernel::playout::random_action(sim, &mut rng).unwrap();
            sim.apply(action).unwrap();
        }
        sim.checksum()
    };
    let (mut a, a_sum) = (sim.snapshot(), sim.checksum());
    let b_sum = moves(&mut sim);
    let mut b = sim.snapshot();
    let own_sum = moves(&mut sim);
    assert!(
        a_sum != b_sum && b_sum != own_sum,
        "the moves changed nothing"
    );
    assert!(sim.exchange(&mut a));
    let history = sim.world_mut().remove_resource::<DiceHistory>().unwrap();
    let without = sim.checksum();
    assert!(!sim.trade(&mut a, &mut b));
    assert_eq!(sim.checksum(), without);
    sim.world_mut().insert_resource(history);
    assert_eq!(sim.checksum(), a_sum);
    assert!(sim.trade(&mut a, &mut b));
    assert_eq!(sim.checksum(), b_sum);
    assert!(sim.exchange(&mut b));
    assert_eq!(sim.checksum(), own_sum);
    assert!(sim.exchange(&mut a));
    assert_eq!(sim.checksum(), a_sum);
}

/// What the pipeline records is the world's setting, not the game's: a `Sim` that trades
/// its game keeps its own (as a restore does).
#[test]
fn exchange_keeps_the_sims_own_recording() {
    let mut sim = SimBuilder::new(Leduc).seed(3).build();
    let mut parked = sim.snapshot();
    sim.record_events(true);
    assert!(sim.exchange(&mut parked));
    sim.apply(LeducAction::Call).unwrap();
    assert!(
        !sim.events().is_empty(),
        "the exchange switched recording off"
    );
}

#[test]
fn fork_is_an_independent_copy() {
    let mut sim = SimBuilder::new(Pig::default()).seed(8).build();
    play(&mut sim, &[(0, 6), (0, 6), (1, 6), (0, 3)]);
    let mut fork = sim.fork();
    assert_eq!(fork.checksum(), sim.checksum());
    let handle = std::thread::spawn(move || {
        play(&mut fork, &[(0, 4), (0, 6)]);
        fork.checksum()
    });
    play(&mut sim, &[(0, 4), (0, 6)]);
    assert_eq!(handle.join().unwrap(), sim.checksum());
}

#[test]
fn client_components_and_entities_do_not_stop_a_restore() {
    let mut sim = SimBuilder::new(Pig::default()).seed(2).build();
    let saved = sim.checksum();
    let snapshot = sim.snapshot();
    sim.apply(PigAction::Roll).unwrap();
    // A client's own entity holding a registered component is not game state.
    sim.world_mut().spawn((Zone::Stock, Sprite));
    assert_eq!(sim.checksum(), {
        let mut fresh = SimBuilder::new(Pig::default()).seed(2).build();
        fresh.apply(PigAction::Roll).unwrap();
        fresh.checksum()
    });
    // A client component moves the die and a player to other tables.
    let die = sim.rules().dice()[0];
    let player = sim.rules().players()[1];
    sim.world_mut().entity_mut(die).insert(Sprite);
    sim.world_mut().entity_mut(player).insert(Sprite);
    sim.restore(&snapshot).unwrap();
    assert_eq!(sim.checksum(), saved);
    // The next snapshot is taken in the new layout and restores by whole columns again.
    let again = sim.snapshot();
    sim.apply(PigAction::Roll).unwrap();
    sim.restore(&again).unwrap();
    assert_eq!(sim.checksum(), saved);
    assert!(sim.world().get::<Sprite>(die).is_some());
}

/// A client's component: an entity given one moves to another table.
#[derive(Component)]
struct Sprite;

/// Every Leduc card leaves its table and comes back in the reverse order (the dealt cards,
/// in hands, and the stock's swap rows): the same tables, other rows. Returns the cards.
fn reverse_card_rows(sim: &mut alea::kernel::Sim<Leduc>) -> Vec<bevy_ecs::entity::Entity> {
    let cards = sim.rules().cards().to_vec();
    for &card in cards.iter().rev() {
        sim.world_mut().entity_mut(card).insert(Sprite);
    }
    for &card in cards.iter().rev() {
        sim.world_mut().entity_mut(card).remove::<Sprite>();
    }
    cards
}

/// A snapshot remembers the table layout it was saved in: saving into it again, or restoring
/// it, after entities moved to another table and back (the same tables, other rows) copies
/// the values by the new layout, not by the remembered one.
#[test]
fn a_snapshot_saved_again_after_the_tables_changed_follows_them() {
    let mut sim = SimBuilder::new(Leduc).seed(3).build();
    let mut snapshot = sim.snapshot();
    let cards = reverse_card_rows(&mut sim);
    sim.apply(LeducAction::Call).unwrap();
    let saved = sim.checksum();
    sim.snapshot_into(&mut snapshot);
    sim.apply(LeducAction::Raise).unwrap();
    sim.apply(LeducAction::Call).unwrap();
    assert_ne!(sim.checksum(), saved);
    sim.restore(&snapshot).unwrap();
    assert_eq!(sim.checksum(), saved);
    // A card moves to another table after the save: the restore finds each by its id.
    sim.apply(LeducAction::Raise).unwrap();
    sim.world_mut().entity_mut(cards[2]).insert(Sprite);
    sim.restore(&snapshot).unwrap();
    assert_eq!(sim.checksum(), saved);
    // Saved again in that layout and restored after more play: whole columns again.
    sim.snapshot_into(&mut snapshot);
    sim.apply(LeducAction::Call).unwrap();
    sim.restore(&snapshot).unwrap();
    assert_eq!(sim.checksum(), saved);
}

/// Two snapshots saved in two layouts of the same world (the cards' rows reversed between
/// them) each restore their own state, in any order and again after the other: the registry
/// records the layout it last saved in, and a snapshot saved in an earlier one is checked
/// part by part (copied back by its entities' ids when its rows are not the world's), never
/// copied by the rows the registry has now.
#[test]
fn snapshots_saved_in_two_layouts_restore_each_its_own_state() {
    let mut sim = SimBuilder::new(Leduc).seed(5).build();
    sim.apply(LeducAction::Call).unwrap();
    let first = sim.snapshot();
    let first_sum = sim.checksum();
    reverse_card_rows(&mut sim);
    sim.apply(LeducAction::Raise).unwrap();
    let second = sim.snapshot();
    let second_sum = sim.checksum();
    assert_ne!(first_sum, second_sum);
    for (snapshot, sum) in [
        (&first, first_sum),
        (&second, second_sum),
        (&first, first_sum),
        (&first, first_sum),
        (&second, second_sum),
    ] {
        sim.apply(LeducAction::Call).unwrap();
        sim.restore(snapshot).unwrap();
        assert_eq!(sim.checksum(), sum);
    }
    // The first saved again in the layout of now restores as one saved there.
    let mut first = first;
    sim.restore(&first).unwrap();
    sim.snapshot_into(&mut first);
    sim.apply(LeducAction::Raise).unwrap();
    sim.restore(&first).unwrap();
    assert_eq!(sim.checksum(), first_sum);
}

/// A registered resource removed after the save (its entity keeps its table and row) is
/// refused by a restore, whatever the snapshot remembers of the tables, and nothing changes.
#[test]
fn a_resource_removed_since_the_save_is_refused_and_nothing_changes() {
    let mut sim = SimBuilder::new(Pig::default()).seed(6).build();
    // The resource's entity without it: an archetype that exists before the save.
    let streams = sim.world_mut().remove_resource::<Streams>().unwrap();
    sim.world_mut().insert_resource(streams);
    let snapshot = sim.snapshot();
    sim.apply(PigAction::Roll).unwrap();
    sim.world_mut().remove_resource::<Streams>().unwrap();
    let err = refused(&mut sim, &snapshot);
    assert!(matches!(err, SnapshotError::LayoutChanged { .. }), "{err}");
}

/// The error of a restore of `snapshot` that must fail, once checked to change nothing.
fn refused(sim: &mut alea::kernel::Sim<Pig>, snapshot: &alea::snapshot::Snapshot) -> SnapshotError {
    let before = sim.checksum();
    let err = sim.restore(snapshot).unwrap_err();
    assert_eq!(sim.checksum(), before);
    match err {
        SimError::Snapshot(err) => err,
        other => panic!("not a snapshot error: {other}"),
    }
}

#[test]
fn a_missing_game_component_is_refused_and_nothing_changes() {
    let mut sim = SimBuilder::new(Pig::default()).seed(2).build();
    let snapshot = sim.snapshot();
    sim.apply(PigAction::Roll).unwrap();
    let die = sim.rules().dice()[0];
    sim.world_mut().entity_mut(die).remove::<DieFace>();
    let err = refused(&mut sim, &snapshot);
    assert!(matches!(err, SnapshotError::MissingEntity { .. }), "{err}");

    let mut other = probe(Probe {
        seats: 2,
        ..Default::default()
    });
    let err = other.restore(&snapshot).unwrap_err();
    assert_eq!(err, SimError::Snapshot(SnapshotError::OtherRegistry));
}

/// Every reference game saves and restores two of its positions in turn without allocating
/// once the snapshots exist: each registered resource is copied in place (`clone_from`), so
/// a resource holding a list (a river, a deal's record, a buffer of draws) reuses the
/// world's and the snapshot's buffers instead of cloning a new one.
#[test]
fn every_game_restores_two_positions_in_turn_without_allocating() {
    use alea_games::games::duel::Duel;
    use alea_games::games::mahjong::riichi::{Length, Riichi};
    use alea_games::games::mahjong::sichuan::Sichuan;
    use alea_games::games::sgs::Sgs;
    let riichi = Riichi::preset("riichi").unwrap().with_length(Length::Kyoku);
    let sichuan = Sichuan::preset("sichuan").unwrap();
    let allocations = [
        ("riichi", two_positions_in_turn(SimBuilder::new(riichi))),
        ("sichuan", two_positions_in_turn(SimBuilder::new(sichuan))),
        (
            "duel",
            two_positions_in_turn(SimBuilder::new(Duel::default())),
        ),
        (
            "sgs",
            two_positions_in_turn(SimBuilder::new(Sgs::default())),
        ),
        ("leduc", two_positions_in_turn(SimBuilder::new(Leduc))),
        (
            "pig",
            two_positions_in_turn(SimBuilder::new(Pig::default())),
        ),
    ];
    for (game, count) in allocations {
        assert_eq!(count, 0, "{game}");
    }
}

/// Allocations of 100 rounds of restoring and saving again an early and a later position of
/// the game `builder` deals from seed 3 (random legal moves between them), after a warm-up.
fn two_positions_in_turn<G: alea::kernel::Game>(builder: SimBuilder<G>) -> u64 {
    let mut sim = builder.seed(3).build();
    let mut rng = alea::kernel::playout::random_player_rng(3);
    let mut advance = |sim: &mut alea::kernel::Sim<G>, moves: usize| {
        for _ in 0..moves {
            match alea::kernel::playout::random_action(sim, &mut rng) {
                Some(action) => sim.apply(action).unwrap(),
                None => return,
            }
        }
    };
    advance(&mut sim, 8);
    let mut early = sim.snapshot();
    advance(&mut sim, 24);
    let mut later = sim.snapshot();
    let mut round = |sim: &mut alea::kernel::Sim<G>| {
        sim.restore(&early).unwrap();
        sim.snapshot_into(&mut early);
        sim.restore(&later).unwrap();
        sim.snapshot_into(&mut later);
    };
    for _ in 0..3 {
        round(&mut sim);
    }
    allocations_during(|| {
        for _ in 0..100 {
            round(&mut sim);
        }
    })
}

#[test]
fn snapshot_restore_cycles_allocate_nothing_after_warm_up() {
    let mut pig = SimBuilder::new(Pig::default()).seed(4).build();
    play(&mut pig, &[(0, 3), (0, 4), (1, 6), (0, 6)]);
    let mut snap = pig.snapshot();
    let mut probe_sim = probe(Probe {
        seats: 3,
        listeners: vec![
            Spec::new('a', alea::pipeline::Timing::Before, 0, Some(1), 0),
            Spec::new('q', alea::pipeline::Timing::Before, 0, None, 0)
                .does(Does::Ask)
                .on(2),
        ],
        children: vec![vec![1, 2], vec![]],
    });
    probe_sim.apply(ProbeAction::Fire(0)).unwrap(); // stops mid-resolution at the question
    let mut probe_snap = probe_sim.snapshot();
    for _ in 0..3 {
        pig.snapshot_into(&mut snap);
        pig.restore(&snap).unwrap();
        probe_sim.snapshot_into(&mut probe_snap);
        probe_sim.restore(&probe_snap).unwrap();
    }
    let allocations = allocations_during(|| {
        for _ in 0..100 {
            pig.snapshot_into(&mut snap);
            pig.restore(&snap).unwrap();
            probe_sim.snapshot_into(&mut probe_snap);
            probe_sim.restore(&probe_snap).unwrap();
        }
    });
    assert_eq!(allocations, 0);
}
