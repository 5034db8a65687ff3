//! Which rule resolves each event: one arm per event kind, to the stage's file.

use super::{card, combat, damage, dice, round, state};
use crate::games::duel::state::Phase;
use crate::games::duel::{Duel, DuelEvent, pieces};
use alea::pipeline::{Ctx, Flow};

pub(in crate::games::duel) fn apply(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    if state(ctx).phase == Phase::Over {
        // The game ended mid-resolution: what was still queued does not happen.
        return Flow::Cancel;
    }
    match *event {
        DuelEvent::Redrawn { seat, mask } => round::redrawn(ctx, seat, mask),
        DuelEvent::StartChosen { seat, character } => round::start_chosen(ctx, seat, character),
        DuelEvent::RoundStarted { round } => round::round_started(ctx, round),
        DuelEvent::Rerolled { seat, reroll } => round::rerolled(ctx, seat, reroll),
        DuelEvent::RoundEnded { seat } => round::round_ended(ctx, seat),
        DuelEvent::EndPhase => Flow::Continue,
        DuelEvent::RoundFinished => round::round_finished(ctx),
        DuelEvent::GameOver { winner } => round::game_over(ctx, winner),
        DuelEvent::SkillUsed { seat, skill } => combat::skill_used(ctx, seat, skill),
        DuelEvent::Switched { seat, to, action } => combat::switched(ctx, seat, to, action),
        DuelEvent::Summoned { seat, summon } => combat::summoned(ctx, seat, summon),
        DuelEvent::SummonActed { seat, summon } => pieces::summon::acted(ctx, seat, summon),
        DuelEvent::CardPlayed { seat, card } => card::played(ctx, seat, card.0),
        DuelEvent::CardTuned { seat, card } => card::tuned(ctx, seat, card.0),
        DuelEvent::Drawn { seat, count, tag } => card::drawn(ctx, seat, count, tag),
        DuelEvent::DiceCreated { seat, count } => dice::created(ctx, seat, count),
        DuelEvent::Damage { .. } => damage::damage(ctx, event),
        DuelEvent::Hit { .. } => damage::hit(ctx, event),
        DuelEvent::Healed {
            seat,
            target,
            amount,
        } => damage::healed(ctx, seat, target, amount),
        DuelEvent::Defeated { seat, target } => damage::defeated(ctx, seat, target),
    }
}
