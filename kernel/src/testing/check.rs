//! The suite's driver: one random game per seed, the checks at each decision, the replay.

use super::conformance::{Conformance, Encoded};
use super::mark::Mark;
use super::recall::Recall;
use super::report::{At, Property, Report};
use super::views;
use crate::encode::{Encode, action_of, check_measures, check_position, legal_ids, size};
use crate::kernel::playout::{random_action, random_choice, random_player_rng};
use crate::kernel::{Game, Seat, Sim, SimBuilder, Turn};
use crate::pipeline::LoggedEvent;
use crate::search::{Evaluator, Ismcts, Mcts, SearchError, Values, apply_outcome, chance_outcomes};

/// A probability's tolerance (sums of a few hundred floating-point terms).
const EPSILON: f64 = 1e-9;

impl<G: Encode> Encoded<G> {
    pub(super) fn of() -> Self {
        Encoded {
            position: encoded_position::<G>,
            observe: observe::<G>,
            max_chance_outcomes: |game| game.bounds().max_chance_outcomes,
            restart: restarts::<G>,
            measures: |sim| {
                let seats = sim.rules().game.seats() as usize;
                check_measures(&G::measures(sim), seats).map_err(|e| format!("measures: {e}"))
            },
        }
    }
}

/// Plays the game of `seed`, checking every decision, then replays it.
pub(super) fn game<G: Game>(
    conformance: &Conformance<G>,
    seed: u64,
    recall: &mut Recall,
    report: &mut Report,
) -> Result<(), super::Failure> {
    let name = conformance.game.name();
    let mut at = At {
        game: name,
        seed,
        decision: None,
    };
    let builder = SimBuilder::new(conformance.game.clone())
        .seed(seed)
        .record_events(true);
    let mut sim = build(&builder, at)?;
    let recalls = conformance.perfect_recall && G::HIDDEN_INFORMATION;
    let dealt_before = (report.determinizations, report.failed_determinizations);
    let mut checked = 0;
    recall.start(&mut sim, at)?;
    let mut rng = random_player_rng(seed);
    let mut actions = Vec::new();
    while let Turn::Player(mover) = sim.turn() {
        let decision = actions.len() as u32;
        at.decision = Some(decision);
        if decision >= conformance.max_actions {
            let detail = format!("still running after {decision} actions");
            return Err(at.fail(Property::Ends, detail));
        }
        if recalls {
            recall.check(&mut sim, at)?;
        }
        let Some(action) = random_action(&sim, &mut rng) else {
            let detail = format!("{mover} is asked to choose among no legal action");
            return Err(at.fail(Property::Ends, detail));
        };
        let events = caught(at, || decide(conformance, &mut sim, action, at, report))?;
        checked += u64::from(G::HIDDEN_INFORMATION && decision.is_multiple_of(conformance.every));
        recall.saw::<G>(mover, action, &events);
        actions.push(action);
        report.decisions += 1;
    }
    at.decision = None;
    caught(at, || replay(&builder, &actions, sim.checksum(), at))?;
    if let Some(encoded) = &conformance.encoded {
        caught(at, || {
            (encoded.measures)(&sim).map_err(|e| at.fail(Property::Encoding, e))
        })?;
        caught(at, || {
            (encoded.restart)(&builder, &mut sim, seed).map_err(|e| at.fail(Property::Restart, e))
        })?;
    }
    // The mover's own determinizations always succeed (one deal): weigh the others'.
    let others = report.determinizations - dealt_before.0 - checked;
    let failed = report.failed_determinizations - dealt_before.1;
    if failed >= 2 && failed > others {
        let detail = format!(
            "{failed} of {} determinizations for seats not to move found no deal that asks \
             the mover again",
            failed + others
        );
        return Err(at.fail(Property::Determinize, detail));
    }
    Ok(())
}

/// Runs `check`, turning a panic in it (the game's code, or a check's own) into a failure
/// that names where it happened.
fn caught<R>(
    at: At,
    check: impl FnOnce() -> Result<R, super::Failure>,
) -> Result<R, super::Failure> {
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(check)).unwrap_or_else(|panic| {
        let message = panic
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| panic.downcast_ref::<&str>().copied())
            .unwrap_or("(no message)");
        Err(at.fail(Property::Ends, format!("the game panics: {message}")))
    })
}

/// Builds the game twice: the same checksum both times.
fn build<G: Game>(builder: &SimBuilder<G>, at: At) -> Result<Sim<G>, super::Failure> {
    let built = |_| {
        builder
            .try_build()
            .map_err(|e| at.fail(Property::Setup, e.to_string()))
    };
    let (mut sim, mut again) = (built(0)?, built(1)?);
    let (one, two) = (sim.checksum(), again.checksum());
    if one != two {
        let detail = format!("two builds with the seed differ: {one:016x} and {two:016x}");
        return Err(at.fail(Property::Setup, detail));
    }
    Ok(sim)
}

/// The checks at one decision, then `action` applied: the events it resolved.
fn decide<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    action: G::Action,
    at: At,
    report: &mut Report,
) -> Result<Vec<LoggedEvent<G::Event>>, super::Failure> {
    if let Some(encoded) = &conformance.encoded {
        (encoded.position)(sim).map_err(|e| at.fail(Property::Encoding, e))?;
    }
    let start = sim.snapshot();
    let mark = Mark::new(sim);
    round_trip(sim, &start, &mark, action, at)?;
    chance(conformance, sim, &mark, action, at, report)?;
    if at.decision.unwrap_or(0).is_multiple_of(conformance.every) {
        search(conformance, sim, &mark, at, report)?;
        if G::HIDDEN_INFORMATION {
            views::check(conformance, sim, &start, action, at, report)?;
            restored(sim, &start, &mark, Property::Determinize, at)?;
        }
    }
    sim.take_events();
    sim.apply(action).map_err(|e| {
        at.fail(
            Property::Ends,
            format!("{action:?} is legal but fails: {e}"),
        )
    })?;
    Ok(sim.take_events())
}

/// Restores `start` and checks the world is the marked one (`property` names what changed it).
fn restored<G: Game>(
    sim: &mut Sim<G>,
    start: &crate::snapshot::Snapshot,
    mark: &Mark,
    property: Property,
    at: At,
) -> Result<(), super::Failure> {
    sim.restore(start)
        .map_err(|e| at.fail(property, format!("the restore fails: {e}")))?;
    mark.same(sim)
        .map_err(|e| at.fail(property, format!("after the restore, {e}")))
}

/// Snapshot, `action`, restore: the world as it was.
fn round_trip<G: Game>(
    sim: &mut Sim<G>,
    start: &crate::snapshot::Snapshot,
    mark: &Mark,
    action: G::Action,
    at: At,
) -> Result<(), super::Failure> {
    sim.apply(action).map_err(|e| {
        at.fail(
            Property::Ends,
            format!("{action:?} is legal but fails: {e}"),
        )
    })?;
    restored(sim, start, mark, Property::RoundTrip, at)
}

/// The chance node `action` leads to: its outcomes sum to 1 and each applies, forced, with
/// its probability.
fn chance<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    mark: &Mark,
    action: G::Action,
    at: At,
    report: &mut Report,
) -> Result<(), super::Failure> {
    let fail = |detail: String| at.fail(Property::ChanceOutcomes, detail);
    let outcomes = chance_outcomes(sim, action).map_err(|e| fail(e.to_string()))?;
    if outcomes.is_empty() {
        return Ok(());
    }
    report.chance_nodes += 1;
    let total: f64 = outcomes.iter().map(|&(_, p)| p).sum();
    let sums_to_one = (total - 1.0).abs() <= EPSILON; // false for a NaN (every weight 0)
    if !sums_to_one {
        return Err(fail(format!("the outcomes of {action:?} sum to {total}")));
    }
    if let Some(encoded) = &conformance.encoded {
        let most = (encoded.max_chance_outcomes)(&conformance.game);
        if outcomes.len() > most as usize {
            return Err(fail(format!(
                "{action:?} lists {} outcomes; the bounds say at most {most}",
                outcomes.len()
            )));
        }
    }
    let start = sim.snapshot();
    for &(case, p) in outcomes.iter().filter(|&&(_, p)| p > 0.0) {
        let applied = apply_outcome(sim, action, case);
        sim.restore(&start).map_err(|e| fail(e.to_string()))?;
        match applied {
            Ok(q) if (q - p).abs() <= EPSILON => report.outcomes += 1,
            Ok(q) => {
                return Err(fail(format!(
                    "outcome {case} of {action:?} is listed with probability {p} but applies \
                     with {q}"
                )));
            }
            Err(e) => {
                return Err(fail(format!(
                    "outcome {case} of {action:?} is listed but does not apply: {e}"
                )));
            }
        }
    }
    mark.same(sim)
        .map_err(|e| fail(format!("after listing the outcomes, {e}")))
}

/// A short search from here (ISMCTS for hidden information, MCTS otherwise), then the world
/// as it was.
fn search<G: Game>(
    conformance: &Conformance<G>,
    sim: &mut Sim<G>,
    mark: &Mark,
    at: At,
    report: &mut Report,
) -> Result<(), super::Failure> {
    let seed = at.seed ^ u64::from(at.decision.unwrap_or(0)) << 32;
    let simulations = conformance.simulations;
    // A game that never ends fails "games end" in the playout, not in a rollout.
    let evaluator = Capped {
        rng: random_player_rng(seed),
        cap: conformance.max_actions,
    };
    let result = match G::HIDDEN_INFORMATION {
        true => Ismcts::new(2.0, evaluator)
            .search(sim, simulations, seed)
            .map(|_| ()),
        false => Mcts::new(2.0, evaluator)
            .search(sim, simulations, seed)
            .map(|_| ()),
    };
    match result {
        Ok(()) => report.searches += 1,
        Err(SearchError::TooManySeats { .. }) => {}
        Err(e @ SearchError::NoChoices { .. }) => {
            return Err(at.fail(Property::Ends, e.to_string()));
        }
        Err(SearchError::InconsistentActions) => {
            return Err(at.fail(
                Property::Determinize,
                "a determinized world of the mover's information set offers other legal actions",
            ));
        }
        Err(e) => return Err(at.fail(Property::Search, format!("the search fails: {e}"))),
    }
    mark.same(sim)
        .map_err(|e| at.fail(Property::Search, format!("after the search, {e}")))
}

/// Replays `actions` on a fresh build: the same final checksum.
fn replay<G: Game>(
    builder: &SimBuilder<G>,
    actions: &[G::Action],
    checksum: u64,
    at: At,
) -> Result<(), super::Failure> {
    let fail = |detail: String| at.fail(Property::Replay, detail);
    let builder = builder.clone().record_events(false);
    let mut sim = builder.try_build().map_err(|e| fail(e.to_string()))?;
    for (i, &action) in actions.iter().enumerate() {
        sim.apply(action)
            .map_err(|e| fail(format!("action {i}, {action:?}, fails in the replay: {e}")))?;
    }
    let replayed = sim.checksum();
    if replayed != checksum {
        return Err(fail(format!(
            "the replay ends at checksum {replayed:016x}, the game at {checksum:016x}"
        )));
    }
    Ok(())
}

/// [`Encode::restart`] of `sim` (a game played to its end) with `seed`, from the start of
/// another seed's game: the world a fresh build with `seed` makes (the same checksum). A game
/// that does not restart (`false`) passes.
fn restarts<G: Encode>(builder: &SimBuilder<G>, sim: &mut Sim<G>, seed: u64) -> Result<(), String> {
    let other = seed.wrapping_add(1);
    let mut start = builder
        .clone()
        .seed(other)
        .try_build()
        .map_err(|e| e.to_string())?;
    let start = start.snapshot();
    sim.forget_chance();
    if !G::restart(sim, &start, seed).map_err(|e| format!("the restart fails: {e}"))? {
        return Ok(());
    }
    let mut fresh = builder.try_build().map_err(|e| e.to_string())?;
    let (restarted, built) = (sim.checksum(), fresh.checksum());
    if restarted != built {
        return Err(format!(
            "a restart with the seed gives checksum {restarted:016x}, a build {built:016x}"
        ));
    }
    if sim.legal_actions() != fresh.legal_actions() {
        return Err("a restart with the seed asks another decision than a build".into());
    }
    Ok(())
}

/// The encoding's promises at `sim`'s position: [`check_position`], every legal id found
/// again, no id past the last, words for every action and the position.
fn encoded_position<G: Encode>(sim: &Sim<G>) -> Result<(), String> {
    check_position(sim)?;
    let game = &sim.rules().game;
    let mut ids = Vec::new();
    legal_ids(sim, &mut ids);
    for &id in &ids {
        let found = action_of(sim, id).ok_or_else(|| format!("legal id {id} names no action"))?;
        if game.action_id(&found) != id {
            return Err(format!("id {id} names {found:?}, whose id is another"));
        }
        if G::action_string(sim, &found).is_empty() {
            return Err(format!("{found:?} has no words"));
        }
    }
    if action_of(sim, game.num_actions()).is_some() {
        return Err("an id past num_actions names an action".into());
    }
    if G::describe(sim).is_empty() {
        return Err("the position has no description".into());
    }
    for seat in (0..game.seats()).map(Seat) {
        let tensor = observe(sim, seat);
        if let Some(x) = tensor.iter().find(|x| !x.is_finite()) {
            return Err(format!("{seat}'s observation holds {x}"));
        }
    }
    Ok(())
}

/// `seat`'s observation tensor, of the game's shape.
fn observe<G: Encode>(sim: &Sim<G>, seat: Seat) -> Vec<f32> {
    let mut tensor = vec![0.0; size(&sim.rules().game.observation_shape())];
    G::observation(sim, seat, &mut tensor);
    tensor
}

/// Random rollouts of at most `cap` actions: a rollout cut short values 0 for everyone.
struct Capped {
    rng: rand_chacha::ChaCha8Rng,
    cap: u32,
}

impl<G: Game> Evaluator<G> for Capped {
    fn evaluate(&mut self, sim: &mut Sim<G>, out: &mut Values) -> Result<(), SearchError> {
        *out = [0.0; crate::search::MAX_SEATS];
        let mut left = self.cap;
        sim.play(|decision| {
            left = left.checked_sub(1)?;
            random_choice(decision, &mut self.rng)
        })?;
        if sim.is_terminal() {
            for (o, r) in out.iter_mut().zip(sim.returns()) {
                *o = r;
            }
        }
        Ok(())
    }
}
