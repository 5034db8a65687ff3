//! The determinization and view checks of hidden-information games: one seat's information
//! key, the events it is shown, its observation and what it holds and sees must tell the same
//! story.

use std::hash::{Hash, Hasher};

use super::conformance::{Conformance, observation};
use super::report::{At, Failure, Property, Report};
use crate::chance::sub_seed;
use crate::kernel::{CardId, DieFace, Game, Seat, Sim, Turn, Zone};
use crate::snapshot::{Snapshot, StableHasher};

/// What one seat has of the world: its information key, the cards and dice it sees, its
/// observation tensor (empty without the encoding checks).
#[derive(Debug, PartialEq)]
struct SeatView {
    key: u64,
    visible: u64,
    observation: Vec<f32>,
}

impl SeatView {
    fn of<G: Game>(conformance: &Conformance<G>, sim: &mut Sim<G>, seat: Seat) -> SeatView {
        SeatView {
            key: sim.info_key(seat),
            visible: visible(sim, seat, conformance.sees),
            observation: observation(conformance, sim, seat),
        }
    }
}

/// For each seat, from the position `start` (where `action` is the mover's next choice):
/// determinizing for the seat keeps its view and, when it moves, its choices; the same action
/// in that world and the real one shows it equal events exactly as far as its keys are equal;
/// re-dealing for the next seat, when it changes what this seat sees, changes its key and its
/// observation. `sim` is left anywhere: the caller restores `start`.
pub(super) fn check<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    start: &Snapshot,
    action: G::Action,
    at: At,
    report: &mut Report,
) -> Result<(), Failure> {
    let seats = sim.rules().game.seats();
    let (turn, legal) = (sim.turn(), sim.legal_actions().to_vec());
    for seat in (0..seats).map(Seat) {
        restore(sim, start, at)?;
        let real = SeatView::of(conformance, sim, seat);
        let seed = sub_seed(
            at.seed,
            u64::from(at.decision.unwrap_or(0)) << 8 | u64::from(seat.0),
        );
        if !sim.try_determinize(seat, seed) {
            report.failed_determinizations += 1;
            continue;
        }
        report.determinizations += 1;
        if turn == Turn::Player(seat) {
            // `try_determinize` keeps the mover's decision as it was: ask it again.
            sim.refresh_decision();
        }
        let dealt = SeatView::of(conformance, sim, seat);
        kept(&real, &dealt, seat, at)?;
        if sim.turn() != turn || (turn == Turn::Player(seat) && sim.legal_actions() != legal) {
            return Err(at.fail(
                Property::Determinize,
                format!(
                    "determinized for {seat}, the game asks {:?} for {:?}, not {turn:?} for {legal:?}",
                    sim.turn(),
                    sim.legal_actions()
                ),
            ));
        }
        if sim.legal_actions().contains(&action) {
            same_action(conformance, sim, start, seat, action, sub_seed(seed, 1), at)?;
            report.views += 1;
        }
        other_deal(conformance, sim, start, seat, &real, sub_seed(seed, 2), at)?;
    }
    Ok(())
}

/// Determinizing for `seat` kept its key, what it sees and its observation.
fn kept(real: &SeatView, dealt: &SeatView, seat: Seat, at: At) -> Result<(), Failure> {
    let changed = if real.key != dealt.key {
        "its information key (observe)"
    } else if real.visible != dealt.visible {
        "the cards or dice it holds or sees"
    } else if real.observation != dealt.observation {
        "its observation tensor"
    } else {
        return Ok(());
    };
    Err(at.fail(
        Property::Determinize,
        format!("determinizing for {seat} changed {changed}"),
    ))
}

/// `action` in three worlds `seat` cannot tell apart: the one determinized for it (where
/// `sim` is) and the real one with the same streams, and the real one with other streams.
/// Whenever two of them end in different positions that leave `seat` equal keys, they show it
/// equal events, observations, visible zones and, when it moves in both, choices. (Equal
/// positions may differ in the public events that led there — a random hit on a defeated
/// character — which a key of the position need not keep; who moves next is public in alea's
/// model, see [`Sim::try_determinize`].)
fn same_action<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    start: &Snapshot,
    seat: Seat,
    action: G::Action,
    seed: u64,
    at: At,
) -> Result<(), Failure> {
    let dealt = step(conformance, sim, seat, action, seed, at)?;
    restore(sim, start, at)?;
    let real = step(conformance, sim, seat, action, seed, at)?;
    restore(sim, start, at)?;
    let other = step(conformance, sim, seat, action, sub_seed(seed, 1), at)?;
    agree(&real, &dealt, seat, action, "one determinized for it", at)?;
    agree(
        &real,
        &other,
        seat,
        action,
        "the real one with other random streams",
        at,
    )
}

/// Equal keys for `seat` after `action` in two worlds come with equal views.
fn agree<A: PartialEq + std::fmt::Debug>(
    real: &After<A>,
    dealt: &After<A>,
    seat: Seat,
    action: A,
    other: &str,
    at: At,
) -> Result<(), Failure> {
    if real.view.key != dealt.view.key || real.position == dealt.position {
        return Ok(());
    }
    let both_move = real.choices.is_some() && dealt.choices.is_some();
    let differs = if real.shown != dealt.shown {
        "the events it is shown (seen_by)"
    } else if real.view.visible != dealt.view.visible {
        "the cards or dice it holds or sees"
    } else if real.view.observation != dealt.view.observation {
        "its observation tensor"
    } else if both_move && real.choices != dealt.choices {
        "its legal actions"
    } else {
        return Ok(());
    };
    Err(at.fail(
        Property::ViewsAgree,
        format!(
            "after {action:?} in the real world and in {other}, {seat}'s information keys are \
             equal but {differs} differ: observe misses what it shows, or it shows what {seat} \
             cannot know"
        ),
    ))
}

/// Re-dealing for the seat after `seat`: if that changes what `seat` sees, its key and its
/// observation change too.
fn other_deal<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    start: &Snapshot,
    seat: Seat,
    real: &SeatView,
    seed: u64,
    at: At,
) -> Result<(), Failure> {
    restore(sim, start, at)?;
    let other = seat.next(sim.rules().game.seats());
    if other == seat || !sim.try_determinize(other, seed) {
        return Ok(());
    }
    let now = SeatView::of(conformance, sim, seat);
    if now.visible == real.visible {
        return Ok(());
    }
    let unchanged = if now.key == real.key {
        "its information key (observe)"
    } else if conformance.encoded.is_some() && now.observation == real.observation {
        "its observation tensor"
    } else {
        return Ok(());
    };
    Err(at.fail(
        Property::ViewsAgree,
        format!(
            "determinizing for {other} changed the cards or dice {seat} holds or sees, but not \
             {unchanged}"
        ),
    ))
}

/// A seat's view after an action, with the events it was shown and, when it moves, its
/// choices.
struct After<A> {
    position: u64,
    view: SeatView,
    shown: u64,
    choices: Option<Vec<A>>,
}

/// Re-seeds the streams with `seed`, applies `action` and returns `seat`'s view after it.
fn step<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    seat: Seat,
    action: G::Action,
    seed: u64,
    at: At,
) -> Result<After<G::Action>, Failure> {
    sim.reseed(seed);
    sim.take_events();
    sim.apply(action).map_err(|e| {
        at.fail(
            Property::Ends,
            format!(
                "{action:?} is legal but fails in a world {seat} cannot tell from the real one: {e}"
            ),
        )
    })?;
    let mut h = StableHasher::new();
    for logged in sim.take_events() {
        match G::seen_by(&logged.event, seat) {
            Some(event) => (1u8, event, logged.depth, logged.cancelled).hash(&mut h),
            None => 0u8.hash(&mut h),
        }
    }
    let choices = (sim.turn() == Turn::Player(seat)).then(|| sim.legal_actions().to_vec());
    Ok(After {
        position: sim.position_key(),
        view: SeatView::of(conformance, sim, seat),
        shown: h.finish(),
        choices,
    })
}

fn restore<G: Game>(sim: &mut Sim<G>, start: &Snapshot, at: At) -> Result<(), Failure> {
    sim.restore(start)
        .map_err(|e| at.fail(Property::Determinize, format!("the restore fails: {e}")))
}

/// The cards and dice `seat` sees (in the zones `sees` says it sees), as a multiset of (zone,
/// card, face).
fn visible<G: Game>(sim: &Sim<G>, seat: Seat, sees: fn(Seat, Zone) -> bool) -> u64 {
    let world = sim.world();
    let mut seen: Vec<(Zone, Option<CardId>, Option<DieFace>)> = sim
        .rules()
        .entities
        .iter()
        .filter_map(|&e| {
            let zone = *world.get::<Zone>(e)?;
            let (card, face) = (world.get::<CardId>(e), world.get::<DieFace>(e));
            sees(seat, zone).then(|| (zone, card.copied(), face.copied()))
        })
        .collect();
    seen.sort_unstable();
    let mut h = StableHasher::new();
    seen.hash(&mut h);
    h.finish()
}
