//! Liar's Dice on alea, written with the public API only: the worked example of the
//! "Writing your own game" guide (`docs/src/tutorial.md`).
//!
//! Two players each roll `dice` hidden six-sided dice. They bid in turn on how many dice on
//! the whole table show one face ("three 5s"): each bid names more dice, or as many dice of a
//! higher face. Instead of bidding, the player to move may call the last bid a lie: the dice
//! are shown, and the bid wins if at least that many dice show its face. An optional *loaded*
//! seat turns every 1 it rolls into a 6: an ability, as a listener entity.
//!
//! `cargo run --release --example liars_dice` plays ISMCTS against a random player, then one
//! game in a headless Bevy `App` with an ISMCTS seat. Its tests run the conformance suite.

use alea::kernel::playout::{random_action, random_player_rng};
use alea::plugin::{AleaPlugin, RandomPlayer, Resolved, outcome, random_player};
use alea::prelude::*;
use alea::registry::{GameInfo, OptionDefault, OptionKind, OptionSpec, erase};
use alea::search::{Ismcts, RandomRollouts};
use bevy_app::{App, Update};
use bevy_ecs::prelude::{IntoScheduleConfigs, MessageReader, ResMut, Resource};
use rand::RngExt;
use serde::{Deserialize, Serialize};

/// The most dice a seat rolls.
pub const MAX_DICE: u8 = 5;

/// The game's options.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct LiarsDice {
    /// Dice per seat (1 to [`MAX_DICE`]).
    pub dice: u8,
    /// The seat whose 1s turn into 6s, if any.
    pub loaded: Option<Seat>,
}

impl Default for LiarsDice {
    fn default() -> Self {
        LiarsDice {
            dice: 2,
            loaded: None,
        }
    }
}

/// A player's choice.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Move {
    /// At least `count` dice on the table show `face`.
    Bid {
        /// How many dice.
        count: u8,
        /// Which face, 1 to 6.
        face: u8,
    },
    /// The last bid is a lie.
    Liar,
}

/// What happens. The derive numbers the kinds (`Event::ROLLED`, ...) for listeners.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, GameEvent)]
pub enum Event {
    /// `seat` rolls its dice.
    Roll {
        /// Who rolls.
        seat: Seat,
    },
    /// Die `die` of `seat` shows `pips` (0 when another seat sees it: unknown).
    Rolled {
        /// Whose die.
        seat: Seat,
        /// Which of its dice.
        die: u8,
        /// The pips, 1 to 6.
        pips: u8,
    },
    /// `seat` bids.
    Bid {
        /// Who bids.
        seat: Seat,
        /// How many dice.
        count: u8,
        /// Which face.
        face: u8,
    },
    /// `seat` calls the last bid a lie; the dice are shown.
    Liar {
        /// Who calls.
        seat: Seat,
        /// The dice showing the bid's face.
        found: u8,
    },
}

/// The game's own state: the bids so far and the winner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Bids {
    /// Every bid made, one bit per bid (`bid_index`): bids only go up, so the set is the
    /// sequence, and whose bid each was follows from it.
    pub bids: u64,
    /// The last bid and its bidder.
    pub last: Option<(u8, u8, Seat)>,
    /// Who won, once someone called.
    pub winner: Option<Seat>,
}

/// A bid's place in the order of bids: more dice, or as many of a higher face.
fn bid_index(count: u8, face: u8) -> u32 {
    u32::from(count - 1) * 6 + u32::from(face - 1)
}

impl LiarsDice {
    /// The dice entities of `seat`, in order.
    fn dice_of(rules: &Rules<Self>, seat: Seat) -> &[Entity] {
        let n = usize::from(rules.game.dice);
        &rules.dice()[seat.index() * n..(seat.index() + 1) * n]
    }

    /// The pips `seat`'s dice show.
    fn pips(rules: &Rules<Self>, world: &World, seat: Seat) -> Vec<u8> {
        Self::dice_of(rules, seat)
            .iter()
            .map(|&die| world.get::<DieFace>(die).map_or(0, |f| f.0 + 1))
            .collect()
    }
}

/// The loaded seat's listener: before a die of its seat shows, a 1 becomes a 6.
fn loaded(ctx: &mut Ctx<'_, LiarsDice>, event: &mut Event) -> Flow {
    let owner = ctx.game().loaded;
    if let Event::Rolled { seat, pips, .. } = event
        && Some(*seat) == owner
        && *pips == 1
    {
        *pips = 6;
    }
    Flow::Continue
}

impl Game for LiarsDice {
    type Action = Move;
    type Event = Event;
    type State = Bids;

    fn name(&self) -> &'static str {
        "liars_dice"
    }

    fn seats(&self) -> u8 {
        2
    }

    fn setup(&self, setup: &mut Setup<'_, Self>) {
        let dice = self.dice.clamp(1, MAX_DICE);
        if dice != self.dice {
            setup.fail(format!(
                "a seat rolls 1 to {MAX_DICE} dice, not {}",
                self.dice
            ));
        }
        for seat in [Seat(0), Seat(1)] {
            setup.spawn_player(seat, ());
        }
        for seat in [Seat(0), Seat(1)] {
            for _ in 0..dice {
                // The kernel snapshots DieFace itself: nothing to register.
                setup.spawn_die(6, Zone::Dice(seat), ());
            }
        }
        if let Some(seat) = self.loaded {
            let handler = setup.handler("loaded", loaded);
            let listener = Listener::new(Event::ROLLED, Timing::Before, handler).seat(seat, 0);
            setup.spawn_listener(listener, ());
        }
        // The opening rolls resolve like any event: chance points, listeners, messages.
        setup.emit(Event::Roll { seat: Seat(0) });
        setup.emit(Event::Roll { seat: Seat(1) });
    }

    fn translate(
        _: &Rules<Self>,
        _: &World,
        _: &Table,
        _: &Bids,
        seat: Seat,
        action: Move,
        out: &mut RootEvents<'_, Event>,
    ) {
        out.push(match action {
            Move::Bid { count, face } => Event::Bid { seat, count, face },
            // The rules count the dice the bid names.
            Move::Liar => Event::Liar { seat, found: 0 },
        });
    }

    fn apply(ctx: &mut Ctx<'_, Self>, event: &mut Event) -> Flow {
        match *event {
            Event::Roll { seat } => {
                for die in 0..ctx.game().dice {
                    let pips = ctx.chance(&Die::D6);
                    ctx.emit(Event::Rolled { seat, die, pips });
                }
            }
            Event::Rolled { seat, die, pips } => {
                let entity = LiarsDice::dice_of(ctx.rules(), seat)[usize::from(die)];
                ctx.set_face(entity, pips - 1);
            }
            Event::Bid { seat, count, face } => {
                let bids = ctx.state();
                bids.bids |= 1 << bid_index(count, face);
                bids.last = Some((count, face, seat));
                ctx.table().pass_turn();
            }
            Event::Liar {
                seat,
                ref mut found,
            } => {
                let rules = ctx.rules();
                let Some((count, face, bidder)) = ctx.state().last else {
                    return Flow::Cancel;
                };
                let world = ctx.world();
                let all = [Seat(0), Seat(1)].map(|s| LiarsDice::pips(rules, world, s));
                *found = all.iter().flatten().filter(|&&p| p == face).count() as u8;
                let bid_holds = *found >= count;
                ctx.state().winner = Some(if bid_holds { bidder } else { seat });
            }
        }
        Flow::Continue
    }

    fn next_decision(
        rules: &Rules<Self>,
        _: &World,
        table: &Table,
        state: &Bids,
        decision: &mut Decision<Move>,
    ) {
        if state.winner.is_some() {
            return decision.finish();
        }
        let total = 2 * rules.game.dice;
        let above = state.last.map_or(0, |(c, f, _)| bid_index(c, f) + 1);
        let bids = (1..=total)
            .flat_map(|count| (1..=6).map(move |face| (count, face)))
            .filter(|&(count, face)| bid_index(count, face) >= above)
            .map(|(count, face)| Move::Bid { count, face });
        let liar = state.last.map(|_| Move::Liar);
        decision.ask(table.active, liar.into_iter().chain(bids));
    }

    fn returns(_: &Rules<Self>, _: &World, _: &Table, state: &Bids, out: &mut Vec<f64>) {
        out.clear();
        out.extend([Seat(0), Seat(1)].map(|s| match state.winner {
            Some(w) if w == s => 1.0,
            Some(_) => -1.0,
            None => 0.0,
        }));
    }

    const HIDDEN_INFORMATION: bool = true;

    /// What `seat` knows: its own dice (as a multiset) and the bids.
    fn observe(
        rules: &Rules<Self>,
        world: &World,
        _: &Table,
        state: &Bids,
        seat: Seat,
        hasher: &mut dyn Hasher,
    ) {
        // Die by die, as the rolls were shown to the seat (`seen_by`).
        hasher.write(&LiarsDice::pips(rules, world, seat));
        hasher.write_u64(state.bids);
        // Once called, the dice are shown: everyone knows them.
        if state.winner.is_some() {
            hasher.write(&LiarsDice::pips(rules, world, seat.next(2)));
        }
    }

    /// Another seat's rolls are unknown to `viewer`; the call shows them.
    fn seen_by(event: &Event, viewer: Seat) -> Option<Event> {
        match *event {
            Event::Rolled { seat, die, .. } if seat != viewer => {
                Some(Event::Rolled { seat, die, pips: 0 })
            }
            other => Some(other),
        }
    }

    /// Rolls the other seat's dice again (the bids say nothing certain about them), the way
    /// the rules roll them: a loaded seat shows no 1.
    fn determinize(
        rules: &Rules<Self>,
        world: &mut World,
        _: &Table,
        state: &mut Bids,
        viewer: Seat,
        rng: &mut ChaCha8Rng,
    ) {
        let other = viewer.next(2);
        if state.winner.is_some() {
            return; // the dice are on the table
        }
        let dice = LiarsDice::dice_of(rules, other);
        for index in 0..dice.len() {
            let mut pips = rng.random_range(1..=6u8);
            if rules.game.loaded == Some(other) && pips == 1 {
                pips = 6;
            }
            // Checked (a face the die lacks changes nothing); these dice have six.
            let _ = alea::determinize::set_die_face(world, dice, index, pips - 1);
        }
    }
}

/// Liar's Dice as numbers: id 0 is "liar", id `1 + bid_index` a bid; the observation is the
/// seat's dice by face, the bids made, and whether the seat moves.
impl Encode for LiarsDice {
    fn num_actions(&self) -> u32 {
        1 + u32::from(2 * MAX_DICE) * 6
    }

    fn action_id(&self, action: &Move) -> u32 {
        match *action {
            Move::Liar => 0,
            Move::Bid { count, face } => 1 + bid_index(count, face),
        }
    }

    fn observation_shape(&self) -> Vec<usize> {
        vec![6 + 2 * usize::from(MAX_DICE) * 6 + 1]
    }

    fn observation(sim: &Sim<Self>, seat: Seat, out: &mut [f32]) {
        for pips in LiarsDice::pips(sim.rules(), sim.world(), seat) {
            out[usize::from(pips) - 1] += 1.0;
        }
        let bids = sim.state().bids;
        for (i, x) in out[6..6 + 2 * usize::from(MAX_DICE) * 6]
            .iter_mut()
            .enumerate()
        {
            *x = ((bids >> i) & 1) as f32;
        }
        out[out.len() - 1] = f32::from(u8::from(sim.turn() == Turn::Player(seat)));
    }

    fn bounds(&self) -> Bounds {
        Bounds {
            min_utility: -1.0,
            max_utility: 1.0,
            zero_sum: true,
            max_chance_outcomes: 6,
            max_game_length: 1 + u32::from(2 * self.dice) * 6,
        }
    }

    fn describe(sim: &Sim<Self>) -> String {
        let dice = [Seat(0), Seat(1)].map(|s| LiarsDice::pips(sim.rules(), sim.world(), s));
        format!(
            "P0 {:?} P1 {:?}, last bid {:?}",
            dice[0],
            dice[1],
            sim.state().last
        )
    }
}

/// Liar's Dice in a registry: its name, typed options and builder. Python reaches the game
/// through it (`examples/liars_dice_python`: `import liars_dice`, then
/// `alea.load_game("liars_dice", dice=3)`).
pub const ENTRY: GameInfo = GameInfo {
    name: "liars_dice",
    description: "Liar's Dice for two: bid on the dice of the whole table, or call the last bid a lie.",
    options: &[
        OptionSpec {
            name: "dice",
            kind: OptionKind::Int {
                min: 1,
                max: MAX_DICE as i64,
            },
            default: OptionDefault::Int(2),
            description: "Dice per seat.",
        },
        OptionSpec {
            name: "loaded",
            kind: OptionKind::Int { min: 0, max: 1 },
            default: OptionDefault::Absent,
            description: "The seat whose 1s turn into 6s (none by default).",
        },
    ],
    players: &[],
    build: |options| {
        Ok(erase(LiarsDice {
            dice: options.int("dice").unwrap_or(2) as u8,
            loaded: options.int("loaded").map(|seat| Seat(seat as u8)),
        }))
    },
};

/// ISMCTS with `simulations` per move (seat `ai`) against a random player: +1 per AI win.
pub fn ai_vs_random(seed: u64, ai: Seat, simulations: u64) -> f64 {
    let mut sim = SimBuilder::new(LiarsDice::default()).seed(seed).build();
    let mut search = Ismcts::new(2.0, RandomRollouts::new(1, seed));
    let mut rng = random_player_rng(seed);
    while let Turn::Player(seat) = sim.turn() {
        let action = if seat == ai {
            search.search(&mut sim, simulations, seed).unwrap().action
        } else {
            random_action(&sim, &mut rng).unwrap()
        };
        sim.apply(action).unwrap();
    }
    sim.returns()[ai.index()]
}

/// What a client showed seat 0: every message as seat 0 may see it.
#[derive(Resource, Default)]
pub struct Shown(pub Vec<String>);

fn show(mut messages: MessageReader<Resolved<LiarsDice>>, mut shown: ResMut<Shown>) {
    for message in messages.read() {
        if let Some(seen) = message.seen_by(Seat(0)) {
            shown.0.push(format!("{:?}", seen.event));
        }
    }
}

/// An ISMCTS seat in a Bevy app: it searches a `Sim` copied from the app's world.
fn ismcts_seat(world: &mut bevy_ecs::world::World) {
    let to_move = world
        .resource::<alea::pipeline::Resolution<LiarsDice>>()
        .decision
        .turn;
    if to_move != Turn::Player(Seat(1)) {
        return;
    }
    let mut sim = Sim::<LiarsDice>::from_world(world).expect("the app holds the game");
    let mut search = Ismcts::new(2.0, RandomRollouts::new(1, 7));
    let best = search.search(&mut sim, 200, 7).expect("seat 1 is to move");
    world
        .resource_mut::<alea::kernel::Inbox<LiarsDice>>()
        .action = Some(best.action);
}

/// One game in a headless Bevy `App`: seat 0 random, seat 1 ISMCTS. Returns the returns and
/// what seat 0 was shown.
pub fn bevy_game(seed: u64) -> (Vec<f64>, Vec<String>) {
    let mut app = App::new();
    app.add_plugins(AleaPlugin::new(
        SimBuilder::new(LiarsDice::default()).seed(seed),
    ))
    .insert_resource(RandomPlayer::new([Seat(0)], random_player_rng(seed)))
    .init_resource::<Shown>()
    .add_systems(
        Update,
        (random_player::<LiarsDice>, ismcts_seat).before(PipelineSystems::Accept),
    )
    .add_systems(Update, show.after(PipelineSystems::Resolve));
    let returns = loop {
        if let Some(returns) = outcome::<LiarsDice>(app.world()) {
            break returns;
        }
        app.update();
    };
    let shown = std::mem::take(&mut app.world_mut().resource_mut::<Shown>().0);
    (returns, shown)
}

#[cfg_attr(test, allow(dead_code))]
fn main() {
    let games = 200;
    let wins = (0..games)
        .filter(|&seed| ai_vs_random(seed, Seat((seed % 2) as u8), 300) > 0.0)
        .count();
    println!("ISMCTS (300 simulations) won {wins} of {games} games against a random player");
    let (returns, shown) = bevy_game(1);
    println!("In a Bevy app, seat 0 saw:");
    for line in &shown {
        println!("  {line}");
    }
    println!("returns {returns:?}");
    // The registry entry builds the game from typed options, as Python does.
    let (_, three) = ENTRY
        .load([("dice".to_string(), alea::registry::OptionValue::Int(3))])
        .expect("dice=3 is an option of the game");
    let first = three
        .play_random(0, alea::registry::Record::Log)
        .expect("a random game plays to its end");
    println!("Through the registry (3 dice): {}", first.log.join(", "));
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn it_passes_the_conformance_suite() {
        let report = alea::testing::conformance_encoded(LiarsDice::default(), 0..20);
        // The rolls happen at setup: no action leads to a chance node, but every view is
        // checked.
        assert!(report.chance_nodes == 0 && report.views > 0);
        // A loaded seat, checks at every decision, and perfect recall: the key remembers
        // every bid.
        let loaded = LiarsDice {
            dice: 3,
            loaded: Some(Seat(1)),
        };
        let suite = alea::testing::Conformance::new(loaded).seeds(0..50);
        suite.every(1).perfect_recall().encoded().assert();
    }

    /// The trap the kernel closes: a search on the real world leaves the real dice alone
    /// (nothing registered by hand).
    #[test]
    fn a_search_leaves_the_real_dice_as_they_were() {
        for seed in 0..20 {
            let mut sim = SimBuilder::new(LiarsDice::default()).seed(seed).build();
            let before = [Seat(0), Seat(1)].map(|s| LiarsDice::pips(sim.rules(), sim.world(), s));
            Ismcts::new(2.0, RandomRollouts::new(1, seed))
                .search(&mut sim, 200, seed)
                .unwrap();
            let after = [Seat(0), Seat(1)].map(|s| LiarsDice::pips(sim.rules(), sim.world(), s));
            assert_eq!(before, after, "seed {seed}");
        }
    }

    /// The registry entry checks its options and builds the game they describe.
    #[test]
    fn the_registry_entry_builds_from_typed_options() {
        use alea::registry::OptionValue::Int;
        let (options, game) = ENTRY.load([("loaded".to_string(), Int(1))]).unwrap();
        assert_eq!(options.int("dice"), Some(2));
        assert_eq!(game.num_actions(), 61);
        let played = game
            .play_random(4, alea::registry::Record::Actions)
            .unwrap();
        assert!(played.terminal && played.returns.iter().sum::<f64>() == 0.0);
        assert_eq!(
            game.replay(4, &played.actions).unwrap().checksum,
            played.checksum
        );
        let error = ENTRY.load([("dice".to_string(), Int(6))]).err().unwrap();
        assert_eq!(
            error.to_string(),
            "option dice = 6: expected an integer from 1 to 5"
        );
    }

    #[test]
    fn a_loaded_seat_never_shows_a_one() {
        let game = LiarsDice {
            dice: 5,
            loaded: Some(Seat(1)),
        };
        for seed in 0..50 {
            let sim = SimBuilder::new(game.clone()).seed(seed).build();
            let pips = LiarsDice::pips(sim.rules(), sim.world(), Seat(1));
            assert!(!pips.contains(&1), "seed {seed}: {pips:?}");
        }
    }

    #[test]
    fn a_call_decides_by_the_dice_on_the_table() {
        let mut sim = SimBuilder::new(LiarsDice::default()).seed(3).build();
        let all: Vec<u8> = [Seat(0), Seat(1)]
            .iter()
            .flat_map(|&s| LiarsDice::pips(sim.rules(), sim.world(), s))
            .collect();
        let fives = all.iter().filter(|&&p| p == 5).count() as u8;
        sim.apply(Move::Bid { count: 1, face: 5 }).unwrap();
        sim.apply(Move::Liar).unwrap();
        let bidder_wins = fives >= 1;
        assert_eq!(sim.returns()[0], if bidder_wins { 1.0 } else { -1.0 });
    }

    #[test]
    fn ismcts_beats_a_random_player() {
        // 100 games, seats alternating. A random player against itself wins half; the bound
        // 70 is 4 standard deviations above 50 (binomial, p = 1/2: sd 5), so a fair coin
        // passes with probability below 1e-4.
        let wins: usize = (0..100)
            .filter(|&seed| ai_vs_random(seed, Seat((seed % 2) as u8), 200) > 0.0)
            .count();
        assert!(wins >= 70, "ISMCTS won {wins} of 100");
    }

    #[test]
    fn a_headless_bevy_game_shows_seat_0_its_own_dice_only() {
        let (returns, shown) = bevy_game(1);
        assert_eq!(returns.iter().sum::<f64>(), 0.0);
        assert_eq!(returns.iter().map(|r| r.abs()).sum::<f64>(), 2.0);
        let rolled = |seat: u8| {
            shown
                .iter()
                .filter(|line| line.starts_with(&format!("Rolled {{ seat: Seat({seat})")))
                .cloned()
                .collect::<Vec<_>>()
        };
        assert_eq!(rolled(0).len(), 2);
        assert!(rolled(0).iter().all(|line| !line.ends_with("pips: 0 }")));
        assert_eq!(rolled(1).len(), 2);
        assert!(rolled(1).iter().all(|line| line.ends_with("pips: 0 }")));
    }
}
