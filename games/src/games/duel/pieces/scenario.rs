//! Positions for the pieces' scenario tests: a duel past the mulligan and the starting
//! characters (both start with character 0), seat 0 to act with eight omni dice.

use bevy_ecs::prelude::*;

use super::{Piece, PieceKind};
use crate::dice::Face;
use crate::games::duel::determinize as det;
use crate::games::duel::state::{DuelState, Fighter, Phase};
use crate::games::duel::{Duel, DuelAction, board};
use alea::kernel::{Seat, Sim, SimBuilder, Zone};

/// Seat 0 to act in round 1 with an empty hand and eight omni dice.
pub fn position(seed: u64) -> Sim<Duel> {
    let mut sim = SimBuilder::new(Duel::default()).seed(seed).build();
    let start = [DuelAction::Redraw(0), DuelAction::Redraw(0)];
    let choose = [DuelAction::Start(0), DuelAction::Start(0)];
    for action in start.into_iter().chain(choose) {
        sim.apply(action).unwrap();
    }
    while matches!(sim.state().phase, Phase::Reroll(_)) {
        sim.apply(DuelAction::Keep).unwrap();
    }
    set_hand(&mut sim, Seat(0), &[]);
    pass_to(&mut sim, Seat(0));
    sim
}

/// Changes the public state.
pub fn edit(sim: &mut Sim<Duel>, f: impl FnOnce(&mut DuelState)) {
    f(sim.state_mut());
    sim.refresh_decision();
}

/// `seat` to act in the action phase with eight omni dice.
pub fn pass_to(sim: &mut Sim<Duel>, seat: Seat) {
    det::set_dice(sim, seat, &[Face::Omni; 8]).unwrap();
    edit(sim, |s| {
        s.phase = Phase::Action;
        s.turn = seat;
    });
}

/// Makes character `c` of `seat` active.
pub fn switch_to(sim: &mut Sim<Duel>, seat: Seat, c: u8) {
    edit(sim, |s| s.sides[seat.index()].active = c);
}

/// Replaces `seat`'s hand.
pub fn set_hand(sim: &mut Sim<Duel>, seat: Seat, names: &[&str]) {
    det::set_hand(sim, seat, names).unwrap();
}

/// The catalog index of card `name`.
pub fn card(sim: &Sim<Duel>, name: &str) -> u16 {
    sim.rules().game.catalog.card(name).unwrap()
}

/// The seat to move plays card `name`.
pub fn play(sim: &mut Sim<Duel>, name: &str) {
    let card = card(sim, name);
    sim.apply(DuelAction::Play(card)).unwrap();
}

/// `seat`, to move, uses skill `skill`.
pub fn attack(sim: &mut Sim<Duel>, seat: Seat, skill: u8) {
    assert_eq!(sim.state().turn, seat);
    sim.apply(DuelAction::Skill(skill)).unwrap();
}

/// Both seats end the round; the next round's dice are kept.
pub fn end_round(sim: &mut Sim<Duel>) {
    let round = sim.state().round;
    while sim.state().round == round {
        sim.apply(DuelAction::EndRound).unwrap();
    }
    while matches!(sim.state().phase, Phase::Reroll(_)) {
        sim.apply(DuelAction::Keep).unwrap();
    }
}

/// Character `c` of `seat`.
pub fn fighter(sim: &Sim<Duel>, seat: Seat, c: u8) -> Fighter {
    board::fighter(sim.rules(), sim.world(), seat, c)
}

/// `seat`'s active character.
pub fn active(sim: &Sim<Duel>, seat: Seat) -> Fighter {
    board::active(sim.rules(), sim.world(), sim.state(), seat)
}

fn edit_fighter(sim: &mut Sim<Duel>, seat: Seat, c: u8, f: impl FnOnce(&mut Fighter)) {
    board::edit_fighter(&sim.shared_rules(), sim.world_mut(), seat, c, f);
    sim.refresh_decision();
}

/// Sets the hit points of character `c` of `seat`.
pub fn set_hp(sim: &mut Sim<Duel>, seat: Seat, c: u8, hp: u8) {
    edit_fighter(sim, seat, c, |f| f.hp = hp);
}

/// Sets the energy of character `c` of `seat`.
pub fn set_energy(sim: &mut Sim<Duel>, seat: Seat, c: u8, energy: u8) {
    edit_fighter(sim, seat, c, |f| f.energy = energy);
}

/// Sets the element applied to character `c` of `seat`.
pub fn set_aura(sim: &mut Sim<Duel>, seat: Seat, c: u8, aura: Option<Face>) {
    edit_fighter(sim, seat, c, |f| f.aura = aura);
}

/// Puts a piece in play (see [`super::place`]).
pub fn place(
    sim: &mut Sim<Duel>,
    seat: Seat,
    kind: PieceKind,
    owner: u8,
    value: u8,
    usages: u8,
) -> Entity {
    super::place(sim, seat, kind, owner, value, usages).unwrap()
}

/// A piece's state.
pub fn piece(sim: &Sim<Duel>, entity: Entity) -> Piece {
    *sim.world().get::<Piece>(entity).unwrap()
}

/// Changes a piece's state.
pub fn piece_mut(sim: &mut Sim<Duel>, entity: Entity, f: impl FnOnce(&mut Piece)) {
    f(&mut sim.world_mut().get_mut::<Piece>(entity).unwrap());
}

/// Where an entity is.
pub fn zone(sim: &Sim<Duel>, entity: Entity) -> Zone {
    *sim.world().get::<Zone>(entity).unwrap()
}

/// The status of `kind` of character `c` of `seat`, if in play.
pub fn status(sim: &Sim<Duel>, seat: Seat, c: u8, kind: PieceKind) -> Option<(Entity, Piece)> {
    super::find(sim.rules(), sim.world(), seat, kind, c)
}

/// `seat`'s supports in play.
pub fn supports(sim: &Sim<Duel>, seat: Seat) -> Vec<(Entity, Piece)> {
    let all = super::in_play(sim.rules(), sim.world(), seat);
    all.into_iter()
        .filter(|(_, p)| p.kind.is_support())
        .collect()
}
