//! Pig inside a Bevy `App` plays exactly the game the headless `Sim` plays.

use alea::kernel::playout::{random_player_rng, random_playout};
use alea::kernel::{Inbox, PipelineSystems, Seat, SimBuilder, Turn};
use alea::pipeline::Resolution;
use alea::plugin::{AleaPlugin, RandomPlayer, random_player};
use alea_games::games::pig::Pig;
use bevy_app::{App, Update};
use bevy_ecs::prelude::*;

/// How many frames a `resource_changed::<Resolution<Pig>>` system ran.
#[derive(Resource, Default)]
struct ChangedFrames(u32);

fn count_changes(mut frames: ResMut<ChangedFrames>) {
    frames.0 += 1;
}

#[test]
fn an_app_plays_the_same_game_as_the_sim() {
    let builder = SimBuilder::new(Pig::default()).seed(21);
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(builder.clone()))
        .insert_resource(RandomPlayer::new([Seat(0), Seat(1)], random_player_rng(21)))
        .init_resource::<ChangedFrames>()
        .add_systems(Update, random_player::<Pig>.before(PipelineSystems::Accept))
        .add_systems(
            Update,
            count_changes
                .run_if(resource_changed::<Resolution<Pig>>)
                .after(PipelineSystems::Resolve),
        );
    let mut frames = 0;
    while app.world().resource::<Resolution<Pig>>().decision.turn != Turn::Terminal {
        app.update();
        assert_eq!(app.world().resource::<Inbox<Pig>>().result, Some(Ok(())));
        frames += 1;
        assert!(frames < 10_000);
    }
    let mut sim = builder.build();
    let moves = random_playout(&mut sim, &mut random_player_rng(21)).unwrap();
    assert_eq!(frames, moves);
    // Bevy systems see the Resolution change on every move.
    assert_eq!(app.world().resource::<ChangedFrames>().0, frames);
    assert_eq!(
        app.world().resource::<Resolution<Pig>>().state,
        *sim.state()
    );
}

/// `random_player` answers for the seats of its `RandomPlayer` only, and only when nothing
/// else did; with the deprecated `PlayerRng` alone it answers for every seat, as it used to.
#[test]
fn the_random_player_plays_the_seats_it_is_given() {
    use alea::plugin::outcome;
    use alea_games::games::leduc::Leduc;
    let frame = |seats: Option<&[Seat]>| {
        let mut app = App::new();
        app.add_plugins(AleaPlugin::new(SimBuilder::new(Leduc).seed(4)))
            .add_systems(
                Update,
                random_player::<Leduc>.before(PipelineSystems::Accept),
            );
        match seats {
            Some(seats) => {
                app.insert_resource(RandomPlayer::new(seats.to_vec(), random_player_rng(4)))
            }
            #[allow(deprecated)]
            None => app.insert_resource(alea::plugin::PlayerRng(random_player_rng(4))),
        };
        app
    };
    // Seat 1 only: seat 0, to move first, is left waiting.
    let mut app = frame(Some(&[Seat(1)]));
    for _ in 0..5 {
        app.update();
    }
    let resolution = app.world().resource::<Resolution<Leduc>>();
    assert_eq!(resolution.decision.turn, Turn::Player(Seat(0)));
    assert_eq!(app.world().resource::<Inbox<Leduc>>().result, None);
    // Both seats, or the deprecated generator: the game is played to its end.
    for seats in [Some(&[Seat(0), Seat(1)][..]), None] {
        let mut app = frame(seats);
        let mut frames = 0;
        while outcome::<Leduc>(app.world()).is_none() && frames < 100 {
            app.update();
            frames += 1;
        }
        let returns = outcome::<Leduc>(app.world()).expect("the game ends");
        assert_eq!(returns.iter().sum::<f64>(), 0.0, "{returns:?}");
        assert!(frames >= 2);
    }
}

mod embedding {
    //! A client's view: messages per resolved event, client components on alea's entities,
    //! snapshots and search from a live App (DESIGN §15).

    use alea::kernel::playout::random_player_rng;
    use alea::kernel::{Game, GameRules, Inbox, PipelineSystems, Seat, Sim, SimBuilder, Zone};
    use alea::pipeline::{Listener, Origin, Resolution, Timing};
    use alea_games::games::duel::Duel;
    use alea_games::games::mahjong::riichi::{Length, Riichi, RiichiEvent};
    use alea_games::games::sgs::Sgs;

    use crate::probe::{Does, Probe, ProbeAction, Spec};
    use alea::plugin::{AleaPlugin, RandomPlayer, Resolved, random_player};
    use alea::search::{Ismcts, RandomRollouts};
    use alea::snapshot::{restore_world, world_checksum, world_snapshot};
    use bevy_app::{App, Update};
    use bevy_ecs::prelude::*;

    /// A client's own component (a sprite, say).
    #[derive(Component)]
    struct Sprite;

    /// What the client saw: the actions taken (with the seat taking each) and the messages.
    #[derive(Resource)]
    struct Log<G: Game> {
        actions: Vec<(Seat, G::Action)>,
        messages: Vec<Resolved<G>>,
    }

    fn log_action<G: Game>(
        inbox: Res<Inbox<G>>,
        resolution: Res<Resolution<G>>,
        mut log: ResMut<Log<G>>,
    ) {
        if let (Some(action), alea::kernel::Turn::Player(seat)) =
            (inbox.action, resolution.decision.turn)
        {
            log.actions.push((seat, action));
        }
    }

    fn collect<G: Game>(mut reader: MessageReader<Resolved<G>>, mut log: ResMut<Log<G>>) {
        log.messages.extend(reader.read().cloned());
    }

    /// An App playing `builder`'s game with a random player, a client component on every
    /// card and die, and a client entity holding a registered component.
    fn client_app<G: Game>(builder: &SimBuilder<G>, seed: u64) -> App {
        let mut app = App::new();
        app.add_plugins(AleaPlugin::new(builder.clone()))
            .insert_resource(RandomPlayer::new(
                (0..builder.game().seats()).map(Seat),
                random_player_rng(seed),
            ))
            .insert_resource(Log::<G> {
                actions: Vec::new(),
                messages: Vec::new(),
            })
            .add_systems(
                Update,
                (random_player::<G>, log_action::<G>)
                    .chain()
                    .before(PipelineSystems::Accept),
            )
            .add_systems(Update, collect::<G>.after(PipelineSystems::Resolve));
        let rules = app.world().resource::<GameRules<G>>().0.clone();
        for &entity in rules.cards().iter().chain(rules.dice()) {
            app.world_mut().entity_mut(entity).insert(Sprite);
        }
        app.world_mut().spawn((Sprite, Zone::Stock));
        app
    }

    fn frames<G: Game>(app: &mut App, n: usize) {
        for _ in 0..n {
            if app
                .world()
                .resource::<Resolution<G>>()
                .decision
                .is_terminal()
            {
                return;
            }
            app.update();
            assert_eq!(app.world().resource::<Inbox<G>>().result, Some(Ok(())));
        }
    }

    /// A `Sim` driven by the App's actions.
    fn replayed<G: Game>(builder: &SimBuilder<G>, app: &App) -> Sim<G> {
        let mut sim = builder.build();
        for &(_, action) in &app.world().resource::<Log<G>>().actions {
            sim.apply(action).unwrap();
        }
        sim
    }

    /// Messages arrive once per resolved event, in order, with the acting seat and the
    /// producing listener, the setup's first (no seat acting); the App's checksum,
    /// `from_world`'s and the replayed Sim's agree.
    fn messages_match_the_sim<G: Game>(builder: SimBuilder<G>, seed: u64) {
        let mut app = client_app(&builder, seed);
        frames::<G>(&mut app, 400);
        let mut sim = builder.clone().record_events(true).build();
        let log = app.world().resource::<Log<G>>();
        let rules = app.world().resource::<GameRules<G>>().0.clone();
        let setup = sim.take_events();
        for (message, logged) in log.messages.iter().zip(&setup) {
            assert_eq!(
                format!("{:?}", (&message.event, message.depth, message.seat)),
                format!("{:?}", (&logged.event, logged.depth, None::<Seat>))
            );
        }
        let mut next = setup.len();
        for &(seat, action) in &log.actions {
            sim.apply(action).unwrap();
            for logged in sim.take_events() {
                let message = &log.messages[next];
                next += 1;
                assert_eq!(
                    format!("{:?}", (&message.event, message.depth, message.cancelled)),
                    format!("{:?}", (&logged.event, logged.depth, logged.cancelled))
                );
                assert_eq!(message.origin, logged.origin);
                assert_eq!(message.seat, Some(seat));
                if let Origin::Listener { id, timing } = message.origin {
                    assert_eq!(message.listener, rules.entity(id));
                    assert_eq!(message.timing, Some(timing));
                } else {
                    assert_eq!((message.listener, message.timing), (None, None));
                }
            }
        }
        assert_eq!(next, log.messages.len(), "no message without an event");
        assert!(next > 0);
        let checksum = sim.checksum();
        assert_eq!(world_checksum::<G>(app.world()), checksum);
        assert_eq!(
            Sim::<G>::from_world(app.world()).unwrap().checksum(),
            checksum
        );
    }

    #[test]
    fn messages_arrive_once_per_resolved_event_in_order() {
        messages_match_the_sim(SimBuilder::new(Duel::default()).seed(5), 5);
        messages_match_the_sim(SimBuilder::new(Sgs::default()).seed(3), 3);
        // Listeners that emit, a question to seat 1 mid-resolution, and a failing action.
        let probe = Probe {
            seats: 2,
            listeners: vec![
                Spec::new('e', Timing::After, 0, None, 0)
                    .does(Does::Emit9)
                    .on(1),
                Spec::new('q', Timing::Before, 0, Some(1), 0)
                    .does(Does::Ask)
                    .on(2),
            ],
            children: vec![vec![1, 2], vec![], vec![]],
        };
        let builder = SimBuilder::new(probe).seed(1);
        let mut app = App::new();
        app.add_plugins(AleaPlugin::new(builder.clone()))
            .insert_resource(Log::<Probe> {
                actions: Vec::new(),
                messages: Vec::new(),
            })
            .add_systems(Update, log_action::<Probe>.before(PipelineSystems::Accept))
            .add_systems(Update, collect::<Probe>.after(PipelineSystems::Resolve));
        let actions = [
            ProbeAction::Fire(0),
            ProbeAction::Yes,
            ProbeAction::Loop,
            ProbeAction::Fire(1),
        ];
        for action in actions {
            app.world_mut().resource_mut::<Inbox<Probe>>().action = Some(action);
            app.update();
        }
        let failed = app.world().resource::<Inbox<Probe>>().result.clone();
        assert!(failed.unwrap().is_ok());
        let log = app.world().resource::<Log<Probe>>();
        let mut sim = builder.clone().record_events(true).build();
        let mut expected: Vec<_> = sim.take_events().into_iter().map(|e| (None, e)).collect();
        for action in actions {
            let seat = match sim.turn() {
                alea::kernel::Turn::Player(seat) => seat,
                alea::kernel::Turn::Terminal => unreachable!(),
            };
            if sim.apply(action).is_ok() {
                expected.extend(sim.take_events().into_iter().map(|e| (Some(seat), e)));
            } else {
                sim.take_events();
            }
        }
        let rules = app.world().resource::<GameRules<Probe>>().0.clone();
        assert_eq!(log.messages.len(), expected.len());
        let mut from_listeners = 0;
        for (message, (seat, logged)) in log.messages.iter().zip(&expected) {
            assert_eq!(message.event, logged.event);
            assert_eq!(
                (message.depth, message.origin),
                (logged.depth, logged.origin)
            );
            assert_eq!(message.seat, *seat);
            if let Origin::Listener { id, timing } = message.origin {
                let entity = message.listener.expect("a listener's event names it");
                assert_eq!(rules.entity(id), Some(entity));
                assert!(app.world().get::<Listener>(entity).is_some());
                assert_eq!(message.timing, Some(timing));
                from_listeners += 1;
            }
        }
        assert!(from_listeners > 0);
        // Seat 1 answered the question: the events after it are reported as its action's.
        assert!(log.messages.iter().any(|m| m.seat == Some(Seat(1))));
    }

    /// What a client system saw of the duel's pieces (summons, supports, statuses).
    #[derive(Resource, Default)]
    struct Pieces {
        summons: usize,
        statuses: usize,
        wrong: usize,
    }

    fn watch_pieces(
        query: Query<(
            &alea_games::games::duel::pieces::Piece,
            &Zone,
            &Listener,
            &Seat,
        )>,
        mut seen: ResMut<Pieces>,
    ) {
        use alea_games::games::duel::pieces::PieceKind;
        for (piece, zone, listener, seat) in &query {
            let on = *zone == Zone::Field(*seat);
            seen.wrong += usize::from(on != listener.is_enabled() || piece.seat != *seat);
            seen.summons += usize::from(on && piece.kind == PieceKind::Summon);
            let status = piece.kind != PieceKind::Summon && !piece.kind.is_support();
            seen.statuses += usize::from(on && status);
        }
    }

    #[test]
    fn a_client_system_queries_the_duel_s_summons_and_statuses() {
        let mut seen = (0, 0);
        for seed in 0..4 {
            let mut app = client_app(&SimBuilder::new(Duel::default()).seed(seed), seed);
            app.init_resource::<Pieces>()
                .add_systems(Update, watch_pieces.after(PipelineSystems::Resolve));
            frames::<Duel>(&mut app, 2_000);
            let pieces = app.world().resource::<Pieces>();
            assert_eq!(
                pieces.wrong, 0,
                "a piece in play is an enabled listener of its seat"
            );
            seen.0 += pieces.summons;
            seen.1 += pieces.statuses;
        }
        assert!(seen.0 > 0 && seen.1 > 0, "{seen:?}");
    }

    #[test]
    fn a_client_component_between_snapshot_and_restore_does_not_stop_it() {
        let builder = SimBuilder::new(Duel::default()).seed(9);
        let mut app = client_app(&builder, 9);
        frames::<Duel>(&mut app, 4);
        let saved = world_checksum::<Duel>(app.world());
        let snapshot = world_snapshot::<Duel>(app.world());
        frames::<Duel>(&mut app, 3);
        assert_ne!(world_checksum::<Duel>(app.world()), saved);
        let player = app.world().resource::<GameRules<Duel>>().players()[0];
        app.world_mut().entity_mut(player).insert(Sprite);
        restore_world::<Duel>(app.world_mut(), &snapshot).unwrap();
        assert_eq!(world_checksum::<Duel>(app.world()), saved);
        // The restored App plays on: a Sim from it equals the snapshot restored into a Sim.
        let mut sim = builder.build();
        sim.restore(&snapshot).unwrap();
        assert_eq!(sim.checksum(), saved);
        assert_eq!(
            Sim::<Duel>::from_world(app.world()).unwrap().checksum(),
            saved
        );
        // A plain Sim forks whatever client components its world holds.
        let mut with_sprite = builder.build();
        let card = with_sprite.rules().cards()[0];
        with_sprite.world_mut().entity_mut(card).insert(Sprite);
        assert_eq!(with_sprite.fork().checksum(), with_sprite.checksum());
    }

    #[test]
    fn from_world_searches_like_a_sim_in_the_same_position() {
        let duel = SimBuilder::new(Duel::default()).seed(12);
        let mut app = client_app(&duel, 12);
        frames::<Duel>(&mut app, 6);
        let search = || Ismcts::new(2.0, RandomRollouts::new(1, 5));
        let mut live = Sim::<Duel>::from_world(app.world()).unwrap();
        let mut driven = replayed(&duel, &app);
        assert_eq!(live.checksum(), driven.checksum());
        let a = search().search(&mut live, 200, 7).unwrap();
        let b = search().search(&mut driven, 200, 7).unwrap();
        assert_eq!(format!("{a:?}"), format!("{b:?}"));

        let riichi =
            SimBuilder::new(Riichi::preset("riichi").unwrap().with_length(Length::Kyoku)).seed(4);
        let mut table = client_app(&riichi, 4);
        frames::<Riichi>(&mut table, 9);
        let mut live = Sim::<Riichi>::from_world(table.world()).unwrap();
        let mut driven = replayed(&riichi, &table);
        assert_eq!(live.checksum(), driven.checksum());
        let a = alea_games::games::mahjong::riichi::ismcts()
            .search(&mut live, 40, 3)
            .unwrap();
        let b = alea_games::games::mahjong::riichi::ismcts()
            .search(&mut driven, 40, 3)
            .unwrap();
        assert_eq!(format!("{a:?}"), format!("{b:?}"));
    }

    #[test]
    fn seen_by_does_not_tell_who_answered_privately() {
        let builder =
            SimBuilder::new(Riichi::preset("riichi").unwrap().with_length(Length::Kyoku)).seed(6);
        let mut app = client_app(&builder, 6);
        frames::<Riichi>(&mut app, 300);
        let log = app.world().resource::<Log<Riichi>>();
        let mut sim = builder.clone().record_events(true).build();
        let (mut next, mut private_answers) = (sim.take_events().len(), 0);
        for &(seat, action) in &log.actions {
            sim.apply(action).unwrap();
            let batch = &log.messages[next..next + sim.take_events().len()];
            next += batch.len();
            let private = batch.iter().any(|m| {
                m.origin == Origin::Action && matches!(m.event, RiichiEvent::Answer { .. })
            });
            private_answers += usize::from(private);
            for viewer in (0..4).map(Seat) {
                for seen in batch.iter().filter_map(|m| m.seen_by(viewer)) {
                    let shown = (!private || viewer == seat).then_some(seat);
                    assert_eq!(seen.seat, shown);
                }
            }
        }
        assert!(private_answers > 0, "some seat answered a claim window");
    }

    /// The events the setup resolves (sgs deals through them) reach the client as messages of
    /// no seat, before the first action's.
    #[test]
    fn the_setup_s_events_are_messages_too() {
        let builder = SimBuilder::new(Sgs::default()).seed(4);
        let mut app = client_app(&builder, 4);
        frames::<Sgs>(&mut app, 1);
        let mut sim = builder.clone().record_events(true).build();
        let setup = sim.take_events();
        assert!(setup.len() > 8, "the setup deals through events");
        let log = app.world().resource::<Log<Sgs>>();
        for (message, logged) in log.messages.iter().zip(&setup) {
            assert_eq!(message.seat, None);
            assert_eq!(message.event, logged.event);
        }
        assert!(log.messages.len() > setup.len(), "then the first action's");
        assert!(log.messages[setup.len()].seat.is_some());
    }

    #[test]
    fn from_world_refuses_a_world_without_the_game() {
        let world = World::new();
        let error = Sim::<Duel>::from_world(&world).err().unwrap();
        assert!(
            matches!(error, alea::kernel::SimError::NotAGameWorld { .. }),
            "{error}"
        );
    }
}

#[path = "../../examples/bevy_ai_seat.rs"]
mod ai_seat_example;

/// The AI-seat example plays a whole duel, its searches running while frames go on.
#[test]
fn the_ai_seat_example_thinks_off_the_frame() {
    let mut log = Vec::new();
    let outcome = ai_seat_example::run(3, 5_000_000, &mut log);
    assert!(outcome.over, "the game ends");
    assert!(outcome.searches > 0);
    assert!(outcome.waited > 0, "frames ran while the AI thought");
    assert!(outcome.shown > 0 && log.iter().any(|l| l.contains("GameOver")));
}
