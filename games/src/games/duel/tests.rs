use super::catalog::Cost;
use super::*;
use crate::dice::Face::*;

fn faces(list: &[Face]) -> [Option<Face>; MAX_DICE] {
    let mut out = [None; MAX_DICE];
    for (o, f) in out.iter_mut().zip(list) {
        *o = Some(*f);
    }
    out
}

#[test]
fn payment_prefers_matching_dice_then_omni_and_spends_off_element_dice_on_any() {
    let dice = faces(&[Omni, Pyro, Geo, Pyro, Hydro]);
    let normal = Cost {
        matching: 1,
        any: 2,
        same: 0,
    };
    // matching: pyro (slot 1); any: geo, hydro (off-element first)
    assert_eq!(zones::payment(&dice, normal, Pyro), Some(0b10110));
    let skill = Cost {
        matching: 3,
        ..Cost::default()
    };
    assert_eq!(zones::payment(&dice, skill, Pyro), Some(0b01011));
    assert_eq!(zones::payment(&dice, skill, Cryo), None);
    let same = Cost {
        same: 2,
        ..Cost::default()
    };
    // the element with most dice (pyro twice) before omni
    assert_eq!(zones::payment(&dice, same, Geo), Some(0b01010));
    let three = Cost {
        same: 3,
        ..Cost::default()
    };
    assert_eq!(zones::payment(&dice, three, Geo), Some(0b01011));
}

#[test]
fn reactions_add_damage_and_clear_or_keep_the_aura() {
    let r = reaction(None, Pyro);
    assert_eq!((r.bonus, r.aura), (0, Some(Pyro)));
    assert_eq!(reaction(None, Anemo).aura, None);
    let melt = reaction(Some(Cryo), Pyro);
    assert_eq!((melt.bonus, melt.aura), (2, None));
    assert_eq!(
        reaction(Some(Pyro), Electro).effect,
        ReactionEffect::ForceSwitch
    );
    assert_eq!(
        reaction(Some(Hydro), Electro).effect,
        ReactionEffect::Pierce
    );
    assert_eq!(
        reaction(Some(Hydro), Anemo).effect,
        ReactionEffect::Swirl(Hydro)
    );
    assert_eq!(reaction(Some(Electro), Geo).effect, ReactionEffect::Shield);
    assert_eq!(reaction(Some(Dendro), Anemo).aura, Some(Dendro));
    assert_eq!(reaction(Some(Cryo), Dendro).aura, Some(Dendro));
    assert_eq!(reaction(Some(Hydro), Hydro).aura, Some(Hydro));
}

#[test]
fn a_seat_s_rows_are_found_only_when_its_ids_are_there_in_order() {
    use alea::kernel::StableId;
    let ids = |v: &[u32]| v.iter().map(|&i| StableId(i)).collect::<Vec<_>>();
    assert_eq!(
        zones::rows_of(&ids(&[10, 11, 12, 13, 14]), 12, 2),
        Some(2..4)
    );
    assert_eq!(
        zones::rows_of(&ids(&[10, 11, 12, 13, 14]), 10, 5),
        Some(0..5)
    );
    // Swapped rows, a table cut short, ids before the table, an empty table.
    assert_eq!(zones::rows_of(&ids(&[10, 11, 13, 12, 14]), 12, 2), None);
    assert_eq!(zones::rows_of(&ids(&[10, 11, 12]), 12, 2), None);
    assert_eq!(zones::rows_of(&ids(&[12, 13]), 10, 2), None);
    assert_eq!(zones::rows_of(&[], 0, 0), None);
}

/// The pipeline's census of enabled listeners matches the listeners after every action of
/// random games, across snapshot restores (it lets the pipeline read only enabled listeners).
#[test]
fn the_enabled_listener_census_follows_the_listeners() {
    use alea::kernel::SimBuilder;
    use alea::kernel::playout::{random_action, random_player_rng};
    use alea::testing::check_census;
    let mut sim = SimBuilder::new(Duel::default()).build();
    let start = sim.snapshot();
    let mut seen_on = 0;
    for g in 0..60u64 {
        sim.restore(&start).unwrap();
        sim.reseed(g);
        super::redeal(&mut sim).unwrap();
        let mut rng = random_player_rng(g);
        let mut mid = None;
        while let Some(action) = random_action(&sim, &mut rng) {
            sim.apply(action).unwrap();
            seen_on += check_census::<Duel>(sim.world());
            if mid.is_none() && sim.state().round == 4 {
                mid = Some(sim.snapshot());
            }
        }
        if let Some(mid) = mid {
            sim.restore(&mid).unwrap();
            check_census::<Duel>(sim.world());
        }
    }
    assert!(seen_on > 1000, "pieces were in play: {seen_on}");
}

/// Another seat's mulligan shows how many cards it put back, not which; its own seat sees the
/// mask as it is, and every other event is shown to both as it is.
#[test]
fn a_mulligan_shows_the_other_seat_how_many_cards_not_which() {
    let redrawn = DuelEvent::Redrawn {
        seat: Seat(1),
        mask: 0b1_0110,
    };
    assert_eq!(Duel::seen_by(&redrawn, Seat(1)), Some(redrawn));
    let seen = Duel::seen_by(&redrawn, Seat(0));
    let low = DuelEvent::Redrawn {
        seat: Seat(1),
        mask: 0b111,
    };
    assert_eq!(seen, Some(low));
    let all = DuelEvent::Redrawn {
        seat: Seat(0),
        mask: u16::MAX,
    };
    let shown = Duel::seen_by(&all, Seat(1));
    assert_eq!(shown, Some(all), "sixteen bits stay sixteen bits");
    let hit = DuelEvent::Defeated {
        seat: Seat(0),
        target: 1,
    };
    assert_eq!(Duel::seen_by(&hit, Seat(1)), Some(hit));
}
