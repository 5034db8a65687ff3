//! The conformance suite (`alea::testing`) catches what it promises to catch: a game with one
//! bug at a time fails with the property it breaks, and setup refuses game state no snapshot
//! covers. (Every shipped game calls the suite in its own folder.)

use alea::encode::Encode;
use alea::testing::{Conformance, Property};

/// A small hidden-information game with a bug to order: each seat holds one hidden die,
/// rolled at setup; in turn each seat rerolls its die (a chance node) or stays; the higher
/// die wins. Each bug breaks one property the suite must name. (`seen_by` takes no
/// configuration, so its leak is the const parameter.)
mod faulty {
    use std::sync::atomic::{AtomicU32, Ordering};

    use alea::prelude::*;
    use bevy_ecs::prelude::Component;
    use serde::{Deserialize, Serialize};

    /// What is wrong with the game.
    #[derive(Clone, Copy, Debug, PartialEq, Eq)]
    pub enum Bug {
        /// Nothing: the game conforms.
        None,
        /// Each player keeps a mutable `Score` component no snapshot covers.
        UnregisteredScore,
        /// `observe` hashes the other seat's die.
        LeakyObserve,
        /// `observe` leaves out the seat's own die.
        LossyObserve,
        /// `observe` forgets who decided what (public actions).
        ForgetfulObserve,
        /// `determinize` rerolls the viewer's own die too.
        DeterminizeOwnDie,
        /// The observation tensor carries the other seat's die.
        LeakyObservation,
        /// Staying inserts a component into the player: the world's structure changes.
        InsertDuringPlay,
        /// Nobody ever wins.
        NeverEnds,
        /// Staying stamps the state from a counter outside the world.
        StateOutsideWorld,
        /// A reroll to six fails.
        NoSixes,
        /// `determinize` for the mover takes away its reroll (a flag `observe` skips).
        DeterminizeLimitsMover,
        /// `determinize` for a seat not to move ends the game: no deal asks the mover again.
        DeterminizeBreaksDeals,
        /// Deciding spawns an entity.
        SpawnDuringPlay,
        /// The second decision panics.
        Panics,
        /// The second seat is asked with no choice.
        NoChoice,
        /// An opening roll (an event setup emits) inserts a mutable resource.
        SetupEventInserts,
        /// The opening rolls are also announced to everyone (`Opened`), which no key holds.
        LeakySetupView,
        /// `Encode::restart` restores the start it is given but deals nothing: the game of
        /// another seed.
        StaleRestart,
        /// `Encode::measures` holds a value that is not a number.
        NanMeasure,
    }

    #[derive(Clone, Debug)]
    pub struct HighDie<const LEAKY_SEEN_BY: bool = false>(pub Bug);

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
    pub enum Choice {
        Reroll,
        Stay,
    }

    #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, GameEvent)]
    pub enum Event {
        Roll { seat: Seat },
        Rolled { seat: Seat, pips: u8 },
        Decided { seat: Seat },
        Opened { seat: Seat, pips: u8 },
    }

    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct State {
        pub rolls: u8,
        pub decided: u8,
        /// Bit `s`: seat `s` rerolled (a public action).
        pub rerolled: u8,
        pub stamp: u32,
        pub locked: bool,
    }

    #[derive(Component, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
    pub struct Score(pub u8);

    #[derive(Component)]
    pub struct Marker;

    #[derive(bevy_ecs::prelude::Resource)]
    pub struct Pot;

    static STAMPS: AtomicU32 = AtomicU32::new(0);

    fn pips<G: Game>(rules: &Rules<G>, world: &World, seat: Seat) -> u8 {
        world
            .get::<DieFace>(rules.dice()[seat.index()])
            .map_or(0, |f| f.0 + 1)
    }

    impl<const L: bool> Game for HighDie<L> {
        type Action = Choice;
        type Event = Event;
        type State = State;
        const HIDDEN_INFORMATION: bool = true;

        fn name(&self) -> &'static str {
            "high_die"
        }

        fn seats(&self) -> u8 {
            2
        }

        fn setup(&self, setup: &mut Setup<'_, Self>) {
            for seat in [Seat(0), Seat(1)] {
                match self.0 {
                    Bug::UnregisteredScore => setup.spawn_player(seat, Score(0)),
                    _ => setup.spawn_player(seat, ()),
                };
            }
            for seat in [Seat(0), Seat(1)] {
                setup.spawn_die(6, Zone::Dice(seat), ());
                setup.emit(Event::Roll { seat });
            }
        }

        fn translate(
            _: &Rules<Self>,
            _: &World,
            _: &Table,
            _: &State,
            seat: Seat,
            action: Choice,
            out: &mut RootEvents<'_, Event>,
        ) {
            if action == Choice::Reroll {
                out.push(Event::Roll { seat });
            }
            out.push(Event::Decided { seat });
        }

        fn apply(ctx: &mut Ctx<'_, Self>, event: &mut Event) -> Flow {
            let bug = ctx.game().0;
            match *event {
                Event::Roll { seat } => {
                    let die = ctx.rules().dice()[seat.index()];
                    let pips = ctx.roll(die).expect("a die");
                    let state = ctx.state();
                    state.rolls += 1;
                    if state.rolls > 2 {
                        state.rerolled |= 1 << seat.0;
                    } else if bug == Bug::LeakySetupView {
                        ctx.emit(Event::Opened { seat, pips });
                    } else if bug == Bug::SetupEventInserts {
                        ctx.world().insert_resource(Pot);
                    }
                    if bug == Bug::NoSixes && pips == 6 && ctx.state().rolls > 2 {
                        return ctx.fail("no sixes on a reroll");
                    }
                    ctx.emit(Event::Rolled { seat, pips });
                }
                Event::Rolled { .. } | Event::Opened { .. } => {}
                Event::Decided { seat } => {
                    let state = ctx.state();
                    state.decided += 1;
                    if bug == Bug::Panics && state.decided == 2 {
                        panic!("the second decision");
                    }
                    if bug == Bug::StateOutsideWorld {
                        state.stamp = STAMPS.fetch_add(1, Ordering::Relaxed);
                    }
                    let player = ctx.rules().player(seat);
                    match bug {
                        Bug::InsertDuringPlay => {
                            ctx.world().entity_mut(player).insert(Marker);
                        }
                        Bug::UnregisteredScore => {
                            if let Some(mut score) = ctx.world().get_mut::<Score>(player) {
                                score.0 += 1;
                            }
                        }
                        Bug::SpawnDuringPlay => {
                            ctx.world().spawn(Marker);
                        }
                        _ => {}
                    }
                    ctx.table().pass_turn();
                }
            }
            Flow::Continue
        }

        fn next_decision(
            rules: &Rules<Self>,
            _: &World,
            table: &Table,
            state: &State,
            decision: &mut Decision<Choice>,
        ) {
            match rules.game.0 {
                Bug::NeverEnds => {}
                _ if state.decided >= 2 => return decision.finish(),
                Bug::NoChoice if state.decided == 1 => return decision.ask(table.active, []),
                _ => {}
            }
            match state.locked {
                true => decision.ask(table.active, [Choice::Stay]),
                false => decision.ask(table.active, [Choice::Reroll, Choice::Stay]),
            }
        }

        fn returns(rules: &Rules<Self>, world: &World, _: &Table, _: &State, out: &mut Vec<f64>) {
            let (a, b) = (pips(rules, world, Seat(0)), pips(rules, world, Seat(1)));
            out.clear();
            out.extend(match a.cmp(&b) {
                std::cmp::Ordering::Greater => [1.0, -1.0],
                std::cmp::Ordering::Less => [-1.0, 1.0],
                std::cmp::Ordering::Equal => [0.0, 0.0],
            });
        }

        fn observe(
            rules: &Rules<Self>,
            world: &World,
            _: &Table,
            state: &State,
            seat: Seat,
            hasher: &mut dyn Hasher,
        ) {
            if rules.game.0 != Bug::ForgetfulObserve {
                hasher.write_u8(state.decided);
                hasher.write_u8(state.rerolled);
            }
            if rules.game.0 != Bug::LossyObserve {
                hasher.write_u8(pips(rules, world, seat));
            }
            if rules.game.0 == Bug::LeakyObserve {
                hasher.write_u8(pips(rules, world, seat.next(2)));
            }
        }

        fn seen_by(event: &Event, viewer: Seat) -> Option<Event> {
            match *event {
                Event::Rolled { seat, .. } if seat != viewer && !L => {
                    Some(Event::Rolled { seat, pips: 0 })
                }
                other => Some(other),
            }
        }

        fn determinize(
            rules: &Rules<Self>,
            world: &mut World,
            table: &Table,
            state: &mut State,
            viewer: Seat,
            rng: &mut ChaCha8Rng,
        ) {
            use rand::RngExt;
            let moves = table.active == viewer;
            match rules.game.0 {
                Bug::DeterminizeLimitsMover if moves => state.locked = true,
                Bug::DeterminizeBreaksDeals if !moves => state.decided = 2,
                _ => {}
            }
            let mut seats = vec![viewer.next(2)];
            if rules.game.0 == Bug::DeterminizeOwnDie {
                seats.push(viewer);
            }
            for seat in seats {
                let die = rules.dice()[seat.index()];
                if let Some(mut face) = world.get_mut::<DieFace>(die) {
                    face.0 = rng.random_range(0..6);
                }
            }
        }
    }

    impl<const L: bool> Encode for HighDie<L> {
        fn num_actions(&self) -> u32 {
            2
        }

        fn action_id(&self, action: &Choice) -> u32 {
            *action as u32
        }

        fn observation_shape(&self) -> Vec<usize> {
            vec![2]
        }

        fn observation(sim: &Sim<Self>, seat: Seat, out: &mut [f32]) {
            out[0] = f32::from(pips(sim.rules(), sim.world(), seat));
            if sim.rules().game.0 == Bug::LeakyObservation {
                out[1] = f32::from(pips(sim.rules(), sim.world(), seat.next(2)));
            }
        }

        fn bounds(&self) -> Bounds {
            Bounds {
                min_utility: -1.0,
                max_utility: 1.0,
                zero_sum: true,
                max_chance_outcomes: 6,
                max_game_length: 4,
            }
        }

        fn describe(sim: &Sim<Self>) -> String {
            format!("{:?}", sim.state())
        }

        fn measures(sim: &Sim<Self>) -> Vec<alea::encode::Measure> {
            let won = |seat: Seat| f64::from(sim.returns()[seat.index()] > 0.0);
            let mut wins = vec![won(Seat(0)), won(Seat(1))];
            if sim.rules().game.0 == Bug::NanMeasure {
                wins[1] = f64::NAN;
            }
            vec![alea::encode::Measure {
                name: "win_rate",
                seats: wins,
            }]
        }

        fn restart(
            sim: &mut Sim<Self>,
            start: &alea::snapshot::Snapshot,
            seed: u64,
        ) -> Result<bool, SimError> {
            if sim.rules().game.0 != Bug::StaleRestart {
                return Ok(false);
            }
            let _ = seed;
            sim.restore(start)?;
            Ok(true)
        }
    }
}

/// The property `game` breaks (every check at each decision), or `None`.
fn broken<G: Encode>(game: G) -> Option<(Property, String)> {
    broken_in(Conformance::new(game))
}

/// The property the suite `conformance` breaks, or `None`.
fn broken_in<G: Encode>(conformance: Conformance<G>) -> Option<(Property, String)> {
    conformance
        .seeds(0..10)
        .every(1)
        .max_actions(50)
        .encoded()
        .run()
        .err()
        .map(|failure| (failure.property, failure.to_string()))
}

#[test]
fn the_suite_names_the_property_each_bug_breaks() {
    use faulty::{Bug, HighDie};
    assert_eq!(broken(HighDie::<false>(Bug::None)), None);
    let cases = [
        (Bug::UnregisteredScore, Property::Setup, "Score"),
        (Bug::SetupEventInserts, Property::Setup, "Pot"),
        (Bug::LeakyObserve, Property::Determinize, "information key"),
        (
            Bug::LossyObserve,
            Property::ViewsAgree,
            "observe misses what it shows",
        ),
        (
            Bug::DeterminizeOwnDie,
            Property::Determinize,
            "determinizing for P0 changed",
        ),
        (Bug::LeakyObservation, Property::Determinize, "observation"),
        (
            Bug::InsertDuringPlay,
            Property::RoundTrip,
            "other components",
        ),
        (Bug::NeverEnds, Property::Ends, "still running after 50"),
        (
            Bug::StaleRestart,
            Property::Restart,
            "a restart with the seed gives checksum",
        ),
        (Bug::StateOutsideWorld, Property::Replay, "checksum"),
        (
            Bug::NanMeasure,
            Property::Encoding,
            "measures: measure win_rate holds [",
        ),
        (Bug::NoSixes, Property::ChanceOutcomes, "outcome 5"),
        (
            Bug::DeterminizeLimitsMover,
            Property::Determinize,
            "[Stay], not",
        ),
        (
            Bug::DeterminizeBreaksDeals,
            Property::Determinize,
            "found no deal",
        ),
        (Bug::SpawnDuringPlay, Property::RoundTrip, "entity spawned"),
        (Bug::Panics, Property::Ends, "panics: the second decision"),
        (Bug::NoChoice, Property::Ends, "no legal action"),
        (
            Bug::LeakySetupView,
            Property::ViewsAgree,
            "information key after setup",
        ),
    ];
    for (bug, property, words) in cases {
        let (found, message) =
            broken(HighDie::<false>(bug)).unwrap_or_else(|| panic!("{bug:?} passes"));
        assert_eq!(found, property, "{bug:?}: {message}");
        assert!(message.contains(words), "{bug:?}: {message}");
        assert!(
            message.starts_with("conformance of high_die: seed "),
            "{message}"
        );
    }
    let (found, message) = broken(HighDie::<true>(Bug::None)).expect("the leak is found");
    assert_eq!(found, Property::ViewsAgree, "{message}");
    assert!(message.contains("the events it is shown"), "{message}");
    // Forgetting a public action is what perfect recall is for.
    let forgetful = HighDie::<false>(Bug::ForgetfulObserve);
    assert_eq!(broken(forgetful.clone()), None);
    let recall = broken_in(Conformance::new(forgetful).perfect_recall());
    let (found, message) = recall.expect("perfect recall finds it");
    assert_eq!(found, Property::ViewsAgree, "{message}");
    assert!(message.contains("(perfect recall)"), "{message}");
    assert_eq!(
        broken_in(Conformance::new(HighDie::<false>(Bug::None)).perfect_recall()),
        None
    );
}

/// A game whose setup is a function: to try what the end-of-setup check accepts.
mod custom {
    use alea::prelude::*;

    #[derive(Clone)]
    pub struct Custom(pub fn(&mut Setup<'_, Custom>));

    #[derive(Clone, Copy, Debug, Hash, serde::Serialize, GameEvent)]
    pub enum Nothing {}

    impl Game for Custom {
        type Action = u8;
        type Event = Nothing;
        type State = ();

        fn name(&self) -> &'static str {
            "custom"
        }
        fn seats(&self) -> u8 {
            1
        }
        fn setup(&self, setup: &mut Setup<'_, Self>) {
            setup.spawn_player(Seat(0), ());
            (self.0)(setup);
        }
        fn translate(
            _: &Rules<Self>,
            _: &World,
            _: &Table,
            _: &(),
            _: Seat,
            _: u8,
            _: &mut RootEvents<'_, Nothing>,
        ) {
        }
        fn apply(_: &mut Ctx<'_, Self>, _: &mut Nothing) -> Flow {
            Flow::Continue
        }
        fn next_decision(_: &Rules<Self>, _: &World, _: &Table, _: &(), d: &mut Decision<u8>) {
            d.finish();
        }
        fn returns(_: &Rules<Self>, _: &World, _: &Table, _: &(), out: &mut Vec<f64>) {
            out.clear();
            out.push(0.0);
        }
    }
}

/// A seat asked with no choice is an error of every search, not a panic.
#[test]
fn searches_refuse_a_decision_without_choices() {
    use alea::kernel::{Seat, SimBuilder};
    use alea::search::{Expectimax, Ismcts, Mcts, RandomRollouts, SearchError};
    use faulty::{Bug, Choice, HighDie};
    let mut sim = SimBuilder::new(HighDie::<false>(Bug::NoChoice)).build();
    let before = sim.checksum();
    let refused = SearchError::NoChoices { seat: Seat(1) };
    let mut mcts = Mcts::new(2.0, RandomRollouts::new(1, 0));
    assert_eq!(mcts.search(&mut sim, 50, 0).err(), Some(refused.clone()));
    let mut ismcts = Ismcts::new(2.0, RandomRollouts::new(1, 0));
    assert_eq!(ismcts.search(&mut sim, 50, 0).err(), Some(refused.clone()));
    assert_eq!(sim.checksum(), before);
    sim.apply(Choice::Stay).unwrap();
    let mut expectimax = Expectimax::new(2, RandomRollouts::new(1, 0));
    assert_eq!(expectimax.search(&mut sim, 0).err(), Some(refused));
}

#[test]
fn setup_refuses_mutable_game_state_no_snapshot_covers() {
    use alea::kernel::{SimBuilder, SimError, Zone};
    use alea::snapshot::SnapshotError;
    use bevy_ecs::prelude::{Component, Resource};
    use custom::Custom;

    #[derive(Component, Clone, Copy, Hash, PartialEq, Eq, Debug)]
    struct Hp(u8);
    #[derive(Component, Clone, Copy)]
    #[component(immutable)]
    struct Tag;
    #[derive(Resource, Clone, Copy, Hash, PartialEq, Eq, Debug)]
    struct Pot(u32);
    #[derive(Component)]
    struct Sprite;

    let refused =
        |setup: fn(&mut alea::kernel::Setup<'_, Custom>)| match SimBuilder::new(Custom(setup))
            .try_build()
            .err()
        {
            Some(SimError::Snapshot(SnapshotError::Unregistered { type_name, holder })) => {
                Some((type_name, holder))
            }
            Some(other) => panic!("another error: {other}"),
            None => None,
        };
    // A mutable component on a game entity, and a mutable resource, are refused by name.
    let (name, holder) = refused(|s| {
        s.spawn_card(alea::kernel::CardId(0), Zone::Stock, Hp(3));
    })
    .unwrap();
    assert!(name.ends_with("Hp"), "{name}");
    assert_eq!(holder, "game entity 1 (Card)");
    let (name, holder) = refused(|s| s.insert_resource(Pot(0))).unwrap();
    assert!(
        name.ends_with("Pot") && holder.contains("resource"),
        "{name} {holder}"
    );
    // Registered, immutable or declared not game state: accepted. Kernel components (the
    // die's face, the card's id, the zone) need nothing.
    assert_eq!(
        refused(|s| {
            s.spawn_card(alea::kernel::CardId(0), Zone::Stock, (Hp(3), Tag, Sprite));
            s.spawn_die(6, Zone::Table, ());
            s.insert_resource(Pot(0));
            s.snapshot_component::<Hp>();
            s.snapshot_resource::<Pot>();
            s.not_game_state::<Sprite>();
        }),
        None
    );
}

#[test]
fn the_one_call_runs_the_suite_and_reports_what_it_checked() {
    use faulty::{Bug, HighDie};
    let report = alea::testing::conformance(HighDie::<false>(Bug::None), 0..10);
    assert_eq!(report.seeds, 10);
    assert!(report.decisions >= 20 && report.views > 0, "{report:?}");
}

#[test]
#[should_panic(expected = "conformance of high_die: seed 0, action 0: games end")]
fn the_one_call_panics_with_the_failure() {
    use faulty::{Bug, HighDie};
    alea::testing::conformance(HighDie::<false>(Bug::NoChoice), 0..10);
}

#[test]
fn what_a_seat_sees_is_the_game_s_to_say() {
    use faulty::{Bug, HighDie};
    // Dice on the table for all to see: a determinization that rerolls the other seat's die
    // changes what the viewer sees.
    let open = Conformance::new(HighDie::<false>(Bug::None)).sees(|_, _| true);
    let (found, message) = broken_in(open).expect("an open die may not be re-dealt");
    assert_eq!(found, Property::Determinize, "{message}");
}
