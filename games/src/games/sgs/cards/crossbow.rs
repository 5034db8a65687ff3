//! Crossbow (weapon, range 1): its wearer's slashes are unlimited. A *before* listener of
//! [`SgsEvent::Limits`], enabled while worn: when the wearer's limits are worked out again (it
//! was equipped or lost), it lifts the slash limit. Losing it mid-phase brings the limit back
//! to one, counting the slashes already used.

use super::handler::ListenerSpec;
use crate::games::sgs::board::wearer;
use crate::games::sgs::state::UNLIMITED;
use crate::games::sgs::{Sgs, SgsEvent};
use alea::pipeline::{Ctx, Flow, Timing};

pub(super) const LISTENERS: [ListenerSpec; 1] = [ListenerSpec {
    event: SgsEvent::LIMITS,
    timing: Timing::Before,
    priority: 0,
    name: "crossbow",
    run: crossbow,
}];

fn crossbow(ctx: &mut Ctx<'_, Sgs>, event: &mut SgsEvent) -> Flow {
    let wearer = wearer(ctx);
    if let SgsEvent::Limits {
        seat, slash_limit, ..
    } = event
        && Some(*seat) == wearer
    {
        *slash_limit = UNLIMITED;
    }
    Flow::Continue
}

#[cfg(test)]
mod tests {
    use super::super::scenario::*;
    use crate::games::sgs::SgsAction;

    #[test]
    fn the_crossbow_slashes_again_and_again() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["crossbow/CA", "slash/S7", "slash/S8", "slash/S9"]},
            {"role": "rebel", "hp": 4}]}"#,
        );
        apply(&mut sim, use_self("crossbow/CA"));
        apply(&mut sim, use_on("slash/S7", 1));
        apply(&mut sim, use_on("slash/S8", 1));
        assert!(sim.legal_actions().contains(&use_on("slash/S9", 1)));
        assert_eq!(hp(&sim, 1), 2);
    }

    #[test]
    fn without_it_the_second_slash_is_refused() {
        let mut sim = scenario(
            r#"{"mode": "1v1", "current": 0, "phase": "play", "seats": [
            {"role": "lord", "hp": 4, "hand": ["slash/S7", "slash/S8"]},
            {"role": "rebel", "hp": 4}]}"#,
        );
        apply(&mut sim, use_on("slash/S7", 1));
        assert_eq!(sim.legal_actions(), &[SgsAction::End]);
        assert!(sim.apply(use_on("slash/S8", 1)).is_err());
    }
}
