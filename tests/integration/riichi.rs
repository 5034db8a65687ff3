//! Riichi mahjong: invariants over random games, scenarios built by forcing tiles, determinism.

use alea::games::mahjong::riichi::{
    Answer, Kyoku, Length, Match, Phase, PlayerKind, Riichi, RiichiAction, RiichiEvent, SEATS,
    choose, is_furiten, presets,
};
use alea::kernel::playout::random_player_rng;
use alea::kernel::{Seat, Sim, SimBuilder, Turn};
use alea::mount::{Exit, Mount};
use alea::scoring::riichi::MeldKind;
use alea::tiles::{Tile, TileCounts, parse_tiles};

fn game(length: Length) -> Riichi {
    Riichi::preset("riichi").unwrap().with_length(length)
}

fn tile(text: &str) -> Tile {
    text.parse().unwrap()
}

fn counts(text: &str) -> TileCounts {
    parse_tiles(text).unwrap().into_iter().collect()
}

/// Every tile is in exactly one place: a hand, a meld, a river (uncalled), an indicator or
/// the mount's undrawn stock.
fn check_conservation(sim: &Sim<Riichi>) {
    let world = sim.world();
    let kyoku = world.resource::<Kyoku>();
    let mount = world.resource::<Mount>();
    let mut all = mount.undrawn();
    for s in 0..SEATS as u8 {
        all.add(&kyoku.seat_tiles(Seat(s)));
    }
    for (_, t) in &kyoku.river {
        if !t.called {
            all[t.tile] += 1;
        }
    }
    for t in mount.dora_indicators().iter().chain(mount.ura_indicators()) {
        all[*t] += 1;
    }
    assert_eq!(all, *mount.tile_set().counts(), "tile conservation");
}

/// Concealed tiles + 3 per meld: 14 for the seat on turn, 13 for the others.
fn check_hand_sizes(sim: &Sim<Riichi>) {
    let kyoku = sim.world().resource::<Kyoku>();
    let on_turn = match kyoku.phase {
        Phase::Turn { seat, .. } => Some(seat),
        Phase::Claims { .. } => None,
        Phase::Over => return,
    };
    for s in 0..SEATS as u8 {
        let size = kyoku.hands[usize::from(s)].total() + 3 * u32::from(kyoku.meld_count[usize::from(s)]);
        let expected = if on_turn == Some(Seat(s)) { 14 } else { 13 };
        assert_eq!(size, expected, "seat {s} holds {size} tiles in {:?}", kyoku.phase);
    }
}

/// Each call in `events` is legal where it happened: chi only from the seat before, no call
/// by a seat in riichi, the called tile is the last discard of `from`.
fn check_calls(before: &Kyoku, events: &[alea::pipeline::LoggedEvent<RiichiEvent>]) {
    for e in events {
        if let RiichiEvent::Call {
            seat, from, kind, tile, ..
        } = &e.event
        {
            assert!(!before.riichi[seat.index()], "a call in riichi");
            assert_ne!(seat, from);
            if *kind == MeldKind::Chi {
                assert_eq!(seat.0, (from.0 + 1) % 4, "chi from the seat before only");
            }
            let last = before.river.last().expect("a discard to call");
            assert_eq!((last.0, last.1.tile), (*from, *tile));
        }
    }
}

#[test]
fn random_games_keep_the_invariants() {
    let builder = SimBuilder::new(game(Length::Kyoku));
    let mut wins = 0;
    let mut calls = 0;
    let mut kans = 0;
    let mut riichis = 0;
    for seed in 0..500u64 {
        let mut sim = builder.clone().seed(seed).build();
        sim.record_events(true);
        let mut rng = random_player_rng(seed);
        check_conservation(&sim);
        check_hand_sizes(&sim);
        while let Some(action) = choose(&sim, &[PlayerKind::Random; 4], &mut rng) {
            let before = sim.world().resource::<Kyoku>().clone();
            sim.apply(action).unwrap();
            let events = sim.take_events();
            check_calls(&before, &events);
            for e in &events {
                match e.event {
                    RiichiEvent::Win { .. } => wins += 1,
                    RiichiEvent::Call { .. } => calls += 1,
                    RiichiEvent::Kan { .. } => kans += 1,
                    RiichiEvent::RiichiStick { .. } => riichis += 1,
                    _ => {}
                }
            }
            check_conservation(&sim);
            check_hand_sizes(&sim);
            let table = sim.world().resource::<Match>();
            let total: i32 = table.scores.iter().sum::<i32>() + 1000 * i32::from(table.sticks);
            assert_eq!(total, 100_000, "points are conserved");
        }
        assert!(sim.is_terminal());
    }
    // Random play reaches every part of the flow.
    assert!(wins > 0 && calls > 0 && kans > 0 && riichis > 0, "{wins} {calls} {kans} {riichis}");
}
