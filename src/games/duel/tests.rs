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
    use crate::kernel::StableId;
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
