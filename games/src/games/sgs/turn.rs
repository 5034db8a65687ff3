//! The flow of the game: the deal, turns and phases, drawing and the discard phase.

use rand::seq::SliceRandom;

use super::board::{self, CardListeners, move_card};
use super::deck::MAX_CARDS;
use super::position::Position;
use super::state::{DRAW_PHASE, Outcome, Phase, Role, START_HAND, SeatState, SgsState};
use super::{Sgs, SgsAction, SgsEvent};
use alea::chance::{Purpose, Streams};
use alea::kernel::{Seat, Setup, Sim, SimError, Table, Zone};
use alea::pipeline::{Ctx, Flow, Listener, Timing};
use alea::snapshot::Snapshot;

/// [`SgsEvent::GameStarted`]: sets out the position, or deals: roles and the draw pile from the
/// deal stream, four cards each from the lord on, then the lord's turn.
pub(super) fn game_started(ctx: &mut Ctx<'_, Sgs>) -> Flow {
    if let Some(position) = ctx.game().position.clone() {
        set_out(ctx, &position);
        return Flow::Continue;
    }
    let mode = ctx.game().mode;
    let seats = mode.seats();
    let mut roles = [Role::Lord; 4];
    let roles = &mut roles[..usize::from(seats)];
    roles.copy_from_slice(mode.roles());
    let mut deck = [0u8; MAX_CARDS];
    let deck = &mut deck[..ctx.game().deck.len()];
    for (i, card) in deck.iter_mut().enumerate() {
        *card = i as u8;
    }
    {
        let rng = ctx
            .world()
            .resource_mut::<Streams>()
            .into_inner()
            .rng(Purpose::Deal);
        roles.shuffle(rng);
        deck.shuffle(rng);
    }
    let state = ctx.state();
    for (s, &role) in roles.iter().enumerate() {
        let seat = &mut state.seats[s];
        *seat = Default::default();
        seat.alive = true;
        seat.role = role;
        seat.revealed = role == Role::Lord;
        if role == Role::Lord {
            state.lord = Seat(s as u8);
        }
    }
    state.put_under_pile(deck);
    let lord = state.lord;
    for k in 0..seats {
        ctx.emit(SgsEvent::Draw {
            seat: Seat((lord.0 + k) % seats),
            count: START_HAND,
        });
    }
    ctx.emit(SgsEvent::TurnStarted { seat: lord });
    Flow::Continue
}

/// Benefit simulation looks no further than the turn it starts in: a rules listener on
/// [`SgsEvent::TurnStarted`] whose AI hook stops the simulation there (in play, its handler
/// does nothing). Without it, valuing the end of a play phase would count the next seat's
/// draws.
pub(super) fn spawn_horizon(setup: &mut Setup<'_, Sgs>) {
    let nothing = setup.handler("turn_horizon", nothing);
    let stop = setup.handler("turn_horizon_ai", stop_at_new_turn);
    let listener = Listener::new(SgsEvent::TURN_STARTED, Timing::Before, nothing).ai_hook(stop);
    setup.spawn_listener(listener, ());
}

fn nothing(_: &mut Ctx<'_, Sgs>, _: &mut SgsEvent) -> Flow {
    Flow::Continue
}

fn stop_at_new_turn(ctx: &mut Ctx<'_, Sgs>, _: &mut SgsEvent) -> Flow {
    alea::benefit::stop(ctx);
    Flow::Continue
}

/// [`SgsEvent::TurnStarted`]: a new round starts with the lord's turn (after `max_rounds`
/// rounds the game is a draw instead, and the turn does not start: the event is cancelled);
/// per-turn counters reset; the start, judge, draw and play phases are queued.
pub(super) fn turn_started(ctx: &mut Ctx<'_, Sgs>, seat: Seat) -> Flow {
    let max_rounds = ctx.game().max_rounds;
    ctx.table().active = seat;
    let state = ctx.state();
    if seat == state.lord {
        state.round += 1;
        if state.round > max_rounds {
            state.outcome = Outcome::Draw;
            return Flow::Cancel;
        }
    }
    state.current = seat;
    state.turns += 1;
    state.analeptic_used = false;
    state.drunk = 0;
    state.slashes = 0;
    for phase in [Phase::Start, Phase::Judge, Phase::Draw, Phase::Play] {
        ctx.emit(SgsEvent::Phase { seat, phase });
    }
    Flow::Continue
}

/// [`SgsEvent::Phase`]: what each phase does (a turn starts with the start, judge, draw and
/// play phases queued; in this deck only drawing happens before the play phase). The play
/// phase waits for the player; the discard phase waits while the hand is over the limit.
pub(super) fn phase(ctx: &mut Ctx<'_, Sgs>, seat: Seat, phase: Phase) -> Flow {
    ctx.state().phase = phase;
    match phase {
        Phase::Start | Phase::Judge => {}
        Phase::Draw => ctx.emit(SgsEvent::Draw {
            seat,
            count: DRAW_PHASE,
        }),
        Phase::Play => ctx.state().slashes = 0,
        Phase::Discard => {
            if !over_limit(ctx, seat) {
                ctx.emit(SgsEvent::Phase {
                    seat,
                    phase: Phase::Finish,
                });
            }
        }
        Phase::Finish => {
            let seats = ctx.table().seats;
            let state = ctx.state();
            state.drunk = 0;
            let seat = state.next_alive(seat, seats);
            ctx.emit(SgsEvent::TurnStarted { seat });
        }
    }
    Flow::Continue
}

/// True when `seat` holds more cards than its hand limit (its hp, at least 0).
fn over_limit(ctx: &mut Ctx<'_, Sgs>, seat: Seat) -> bool {
    let state = ctx.state();
    state.holdings.hand(seat).len() > state.seat(seat).hp.max(0) as usize
}

/// [`SgsEvent::PlayEnded`]: the discard phase follows.
pub(super) fn play_ended(ctx: &mut Ctx<'_, Sgs>, seat: Seat) -> Flow {
    ctx.state().remember(seat, SgsAction::End);
    ctx.emit(SgsEvent::Phase {
        seat,
        phase: Phase::Discard,
    });
    Flow::Continue
}

/// [`SgsEvent::Draw`]: draws from the pile; when both piles run short the game is a draw.
pub(super) fn draw(ctx: &mut Ctx<'_, Sgs>, seat: Seat, count: u8) -> Flow {
    if ctx.state().alive(seat) && !board::draw(ctx, seat, count) {
        ctx.state().outcome = Outcome::Draw;
    }
    Flow::Continue
}

/// [`SgsEvent::Discard`]: one card of the discard phase; the turn ends once the hand fits.
pub(super) fn discard(ctx: &mut Ctx<'_, Sgs>, seat: Seat, card: u8) -> Flow {
    ctx.state().remember(seat, SgsAction::Discard { card });
    move_card(ctx, card, Zone::DiscardPile);
    if !over_limit(ctx, seat) {
        ctx.emit(SgsEvent::Phase {
            seat,
            phase: Phase::Finish,
        });
    }
    Flow::Continue
}

/// Clears the table of `sim`: every card back in the draw pile, the listeners off, the state
/// and the table as at setup (before [`SgsEvent::GameStarted`]).
fn clear(sim: &mut Sim<Sgs>) {
    let seats = sim.rules().game.mode.seats();
    let rules = sim.shared_rules();
    let world = sim.world_mut();
    for &card in rules.cards() {
        if let Some(mut zone) = world.get_mut::<Zone>(card) {
            *zone = Zone::Stock;
        }
    }
    let listeners = world.resource::<CardListeners>().0.clone();
    for (_, entity) in listeners {
        if let Some(mut listener) = world.get_mut::<Listener>(entity) {
            listener.seat = None;
        }
        alea::pipeline::set_enabled::<Sgs>(world, entity, false);
    }
    sim.abandon_resolution();
    *sim.state_mut() = SgsState::default();
    *sim.table_mut() = Table::new(seats);
}

/// Deals the game of `seed` on a cleared table, its first chance points forced to `cases`.
fn start(sim: &mut Sim<Sgs>, seed: u64, cases: &[u32]) -> Result<(), SimError> {
    sim.reseed(seed);
    if !cases.is_empty() {
        sim.set_cases(cases)?;
    }
    sim.emit([SgsEvent::GameStarted])
}

/// [`Sgs::restart`]: clears the table, then the game of `seed` starts.
pub(super) fn restart(sim: &mut Sim<Sgs>, seed: u64) {
    restart_forced(sim, seed, &[]).expect("a new game starts without error");
}

/// [`restart`] with the deal's first chance points forced to `cases` (the registry's chance
/// root and fixed deals).
pub(super) fn restart_forced(sim: &mut Sim<Sgs>, seed: u64, cases: &[u32]) -> Result<(), SimError> {
    clear(sim);
    start(sim, seed, cases)
}

/// Starts many games in one `Sim`, each as a fresh build with its seed would (the same
/// checksum as [`Sgs::restart`]), faster: the cleared table is kept as a snapshot and
/// restored in place before each deal. Use it with a `Sim` of the same game (a fork, or the
/// one it was made from).
pub struct Restarter {
    blank: Snapshot,
}

impl Restarter {
    /// Clears `sim`'s table and keeps it (`sim` waits for [`restart`](Self::restart)).
    pub fn new(sim: &mut Sim<Sgs>) -> Restarter {
        clear(sim);
        Restarter {
            blank: sim.snapshot(),
        }
    }

    /// The game of `seed` in `sim`. Fails, changing nothing, for a `sim` of another game.
    pub fn restart(&self, sim: &mut Sim<Sgs>, seed: u64) -> Result<(), SimError> {
        sim.restore(&self.blank)?;
        start(sim, seed, &[])
    }
}

impl Sgs {
    /// Starts a new game in `sim`'s world, as if built with `seed`: the same checksum as a
    /// fresh build, without rebuilding the world, from anywhere (a question may be pending:
    /// it is abandoned). A [`Restarter`] does the same faster.
    pub fn restart(sim: &mut Sim<Sgs>, seed: u64) {
        restart(sim, seed);
    }
}

/// Sets out `position` ([`SgsEvent::GameStarted`] of a game that has one): seats, cards
/// (equipment through the usual move, so its listeners switch on), the draw pile (the named
/// top, then the rest shuffled by the deal stream), then the current seat enters its phase.
fn set_out(ctx: &mut Ctx<'_, Sgs>, position: &Position) {
    let state = ctx.state();
    for (s, seat) in position.seats.iter().enumerate() {
        state.seats[s] = SeatState {
            hp: seat.hp,
            max_hp: seat.max_hp,
            role: seat.role,
            alive: seat.alive,
            revealed: seat.role == Role::Lord || !seat.alive,
            ..SeatState::default()
        };
        if seat.role == Role::Lord {
            state.lord = Seat(s as u8);
        }
    }
    state.current = position.current;
    state.turns = 1;
    state.round = 1;
    ctx.table().active = position.current;
    for (s, seat) in (0u8..).zip(&position.seats) {
        for &card in &seat.hand {
            move_card(ctx, card, Zone::Hand(Seat(s)));
        }
        for &card in &seat.equip {
            move_card(ctx, card, Zone::Equipment(Seat(s)));
        }
    }
    for &card in &position.discard {
        move_card(ctx, card, Zone::DiscardPile);
    }
    set_out_pile(ctx, &position.pile);
    // The current seat's turn goes on from its phase.
    let seat = position.current;
    let mut phase = Some(position.phase);
    while let Some(p) = phase.filter(|&p| p != Phase::Discard && p != Phase::Finish) {
        ctx.emit(SgsEvent::Phase { seat, phase: p });
        phase = (p != Phase::Play).then(|| p.next()).flatten();
    }
    if let Some(p @ (Phase::Discard | Phase::Finish)) = phase {
        ctx.emit(SgsEvent::Phase { seat, phase: p });
    }
}

/// The draw pile: every card still in the stock that `top` does not name, shuffled, under
/// `top` (top first, its order set: drawn as named).
fn set_out_pile(ctx: &mut Ctx<'_, Sgs>, top: &[u8]) {
    use rand::seq::SliceRandom;
    let deck_len = ctx.game().deck.len();
    let mut named = [false; MAX_CARDS];
    for &card in top {
        named[usize::from(card)] = true;
    }
    let board = super::board::Board::read(ctx.rules(), ctx.world());
    let mut rest = [0u8; MAX_CARDS];
    let mut n = 0;
    for (card, zone) in board.cards().take(deck_len) {
        if zone == Zone::Stock && !named[usize::from(card)] {
            rest[n] = card;
            n += 1;
        }
    }
    let rest = &mut rest[..n];
    rest.shuffle(
        ctx.world()
            .resource_mut::<Streams>()
            .into_inner()
            .rng(Purpose::Deal),
    );
    let state = ctx.state();
    state.put_under_pile(rest);
    for &card in top.iter().rev() {
        let len = usize::from(state.pile_len);
        state.pile[len] = card;
        state.pile_len += 1;
    }
    state.pile_set = top.len() as u8;
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::sgs::Mode;
    use alea::kernel::SimBuilder;
    use alea::kernel::playout::random_playout;

    /// The deal's draws are chance points: forcing the first (the lord's first card) to card
    /// `k` puts card `k` in the lord's hand; unforced, the deal is the seed's.
    #[test]
    fn a_forced_deal_draw_takes_the_card_it_names() {
        use alea::chance::Forced;
        let sgs = Sgs::new(Mode::OneVsOne);
        let plain = SimBuilder::new(sgs.clone()).seed(2).build();
        let lord = plain.state().lord;
        let other = Seat(1 - lord.0);
        let k = plain.state().holdings.hand(other).next().unwrap();
        let forced = SimBuilder::new(sgs.clone())
            .seed(2)
            .setup_cases(Forced::path(&[u32::from(k)]).unwrap())
            .build();
        assert!(forced.state().holdings.hand(lord).any(|c| c == k));
        assert!(!forced.state().holdings.hand(other).any(|c| c == k));
        let log = forced.chance_log();
        assert_eq!(log.len(), 10, "four cards each, then the lord's first two");
        assert!(
            log.iter().all(|p| p.generator == "draw" && p.wide),
            "{log:?}"
        );
        let mut again = SimBuilder::new(sgs).seed(2).build();
        let mut plain = plain;
        assert_eq!(again.checksum(), plain.checksum());
    }

    #[test]
    fn a_restart_is_a_fresh_build() {
        for mode in [Mode::OneVsOne, Mode::Identity4] {
            let mut sim = SimBuilder::new(Sgs::new(mode)).seed(1).build();
            let mut rng = alea::kernel::playout::random_player_rng(1);
            // After finished games, and in the middle of one (a question may be pending).
            for seed in 0..120 {
                if seed % 2 == 0 {
                    random_playout(&mut sim, &mut rng).unwrap();
                } else {
                    for _ in 0..seed % 23 {
                        let a = alea::kernel::playout::random_action(&sim, &mut rng);
                        if let Some(a) = a {
                            sim.apply(a).unwrap();
                        }
                    }
                }
                Sgs::restart(&mut sim, seed);
                let mut fresh = SimBuilder::new(Sgs::new(mode)).seed(seed).build();
                assert_eq!(sim.checksum(), fresh.checksum(), "{mode} seed {seed}");
                assert_eq!(sim.legal_actions(), fresh.legal_actions());
            }
            let restarter = Restarter::new(&mut sim);
            for seed in 0..60 {
                random_playout(&mut sim, &mut rng).unwrap();
                restarter.restart(&mut sim, seed).unwrap();
                let mut fresh = SimBuilder::new(Sgs::new(mode)).seed(seed).build();
                assert_eq!(sim.checksum(), fresh.checksum(), "{mode} seed {seed}");
            }
            let other_mode = match mode {
                Mode::OneVsOne => Mode::Identity4,
                Mode::Identity4 => Mode::OneVsOne,
            };
            let mut other = SimBuilder::new(Sgs::new(other_mode)).build();
            let before = other.checksum();
            assert!(restarter.restart(&mut other, 1).is_err());
            assert_eq!(other.checksum(), before);
        }
    }
}
