//! The rules of each event.

use super::catalog::{Effect, Outcome};
use super::state::{Attached, DuelControl, DuelState, NONE, Phase, SummonSlot, SupportSlot, TEAM};
use super::{
    Duel, DuelEvent, EffectCases, ReactionEffect, damage_outcome, pass_turn, reaction, start_round,
    state, team, use_support, zones,
};
use rand::RngExt;

use crate::chance::{Purpose, Streams};
use crate::dice::{DiceExpr, DiceGenerator, Face, GeneratorKind, MAX_DICE};
use crate::kernel::{Seat, Zone};
use crate::pipeline::{Ctx, Flow, Property};

fn st(ctx: &mut Ctx<'_, Duel>) -> DuelState {
    *state(ctx.world())
}

fn put(ctx: &mut Ctx<'_, Duel>, st: DuelState) {
    *ctx.world().resource_mut::<DuelState>() = st;
}

/// Pays `cost` for `seat` (the legal-action check guarantees it can).
fn pay(ctx: &mut Ctx<'_, Duel>, seat: Seat, cost: super::catalog::Cost) {
    let rules = ctx.rules();
    let world = ctx.world();
    let side = state(world).sides[seat.index()];
    let element = rules.game.element(side.active());
    let faces = zones::faces(world, seat);
    if let Some(mask) = zones::payment(&faces, cost, element) {
        zones::spend(world, seat, mask);
    }
}

pub(super) fn apply(ctx: &mut Ctx<'_, Duel>, event: &mut DuelEvent) -> Flow {
    let mut s = st(ctx);
    if s.phase == Phase::Over {
        return Flow::Continue;
    }
    let rules = ctx.rules();
    let game = &rules.game;
    match *event {
        DuelEvent::RoundStarted { round } => {
            if round > game.round_limit {
                ctx.emit(DuelEvent::GameOver { winner: None });
                return Flow::Continue;
            }
            ctx.world().resource_mut::<Streams>().start_round(round);
            start_round(rules, ctx.world(), round);
        }
        DuelEvent::Rerolled { seat, reroll } => {
            s.moves += 1;
            if reroll {
                let side = s.sides[seat.index()];
                let world = ctx.world();
                let usable = team(rules, &side).living;
                let mut faces = zones::faces(world, seat);
                for f in faces.iter_mut().flatten() {
                    if *f != Face::Omni && usable & (1 << *f as u8) == 0 {
                        let rng = world
                            .resource_mut::<Streams>()
                            .into_inner()
                            .rng(Purpose::Dice);
                        *f = Face::ALL[rng.random_range(0..Face::ALL.len())];
                    }
                }
                let kept: Vec<Face> = faces.iter().flatten().copied().collect();
                zones::set_faces(world, seat, &kept);
            }
            let control = ctx.world().resource::<DuelControl>();
            s.phase = if seat == Seat(0) && control.roll[1].is_none() {
                Phase::Reroll(Seat(1))
            } else {
                Phase::Action
            };
            put(ctx, s);
        }
        DuelEvent::SkillUsed { seat, skill } => {
            s.moves += 1;
            let side = s.sides[seat.index()];
            let active = *side.active();
            let character = &game.catalog.characters[usize::from(active.character)];
            let sk = &character.skills[usize::from(skill.min(2))];
            pay(ctx, seat, sk.cost);
            let fighter = &mut s.sides[seat.index()].fighters[usize::from(side.active)];
            if skill == 2 {
                fighter.energy = 0;
            } else {
                fighter.energy = (fighter.energy + 1 + fighter.energy_bonus).min(character.energy);
            }
            fighter.shield += sk.shield;
            pass_turn(&mut s, seat);
            put(ctx, s);
            let other = seat.next(2);
            if sk.damage > 0 {
                ctx.emit(DuelEvent::Damage {
                    seat: other,
                    target: s.sides[other.index()].active,
                    amount: sk.damage + active.bonus,
                    element: sk.element,
                    piercing: false,
                });
            }
            if sk.heal > 0 {
                ctx.emit(DuelEvent::Healed {
                    seat,
                    target: side.active,
                    amount: sk.heal,
                });
            }
            if let Some(name) = &sk.summon
                && let Ok(summon) = game.catalog.summon(name)
            {
                ctx.emit(DuelEvent::Summoned { seat, summon });
            }
        }
        DuelEvent::CardPlayed { seat, card } => {
            s.moves += 1;
            let Some(entity) = zones::hand_card(rules, ctx.world(), seat, card.0) else {
                return Flow::Cancel;
            };
            let def = &game.catalog.cards[usize::from(card.0)];
            pay(ctx, seat, def.cost);
            let active = s.sides[seat.index()].active;
            let to = match def.tag {
                super::catalog::CardTag::Equipment => Zone::Equipment(seat),
                super::catalog::CardTag::Support => Zone::Meld(seat),
                _ => Zone::Discard(seat),
            };
            ctx.move_to(entity, to);
            let side = &mut s.sides[seat.index()];
            let fighter = &mut side.fighters[usize::from(active)];
            let max_energy = game.catalog.characters[usize::from(fighter.character)].energy;
            match &def.effect {
                Effect::Nothing => {}
                Effect::Heal { amount, all } => {
                    for i in 0..TEAM as u8 {
                        if side.fighters[usize::from(i)].alive && (*all || i == active) {
                            ctx.emit(DuelEvent::Healed {
                                seat,
                                target: i,
                                amount: *amount,
                            });
                        }
                    }
                }
                Effect::Draw { count, tag } => ctx.emit(DuelEvent::Drawn {
                    seat,
                    count: *count,
                    tag: *tag,
                }),
                Effect::Damage(outcome) => {
                    put(ctx, s);
                    damage_outcome(ctx, seat, *outcome);
                    return Flow::Continue;
                }
                Effect::Random(options) => {
                    let mut cases = EffectCases::uniform("random_card", options.len());
                    for (w, o) in cases.weights.iter_mut().zip(options) {
                        *w = o.0;
                    }
                    put(ctx, s);
                    let k = ctx.chance(&cases) as usize;
                    damage_outcome(ctx, seat, options[k.min(options.len() - 1)].1);
                    return Flow::Continue;
                }
                Effect::Energy(n) => fighter.energy = (fighter.energy + n).min(max_energy),
                Effect::Shield(n) => fighter.shield += n,
                Effect::SwitchNext => {
                    if let Some(next) = side.next_alive(active) {
                        side.active = next;
                    }
                }
                Effect::Omni(n) => {
                    // The first `n` dice that are not omni yet, in dice order.
                    let world = ctx.world();
                    let mut turn = 0u16;
                    let faces = zones::faces(world, seat);
                    let not_omni = faces
                        .iter()
                        .enumerate()
                        .filter(|(_, f)| f.is_some_and(|f| f != Face::Omni))
                        .map(|(slot, _)| slot);
                    for slot in not_omni.take(usize::from(*n)) {
                        turn |= 1 << slot;
                    }
                    zones::edit_dice(world, seat, |slot, _, face| {
                        if turn & (1 << slot) != 0 {
                            *face = Face::Omni as u8;
                        }
                    });
                }
                Effect::CreateDice(n) => ctx.emit(DuelEvent::DiceCreated { seat, count: *n }),
                Effect::Summon(name) => {
                    if let Ok(summon) = game.catalog.summon(name) {
                        ctx.emit(DuelEvent::Summoned { seat, summon });
                    }
                }
                Effect::DamageBonus(n) => fighter.bonus += n,
                Effect::Guard(n) => fighter.guard += n,
                Effect::EnergyBonus(n) => fighter.energy_bonus += n,
                Effect::RoundOmni { rounds, .. }
                | Effect::EndDraw { rounds, .. }
                | Effect::EndHeal { rounds, .. } => {
                    let index = zones::cards(rules, seat)
                        .iter()
                        .position(|&e| e == entity)
                        .unwrap_or(0) as u8;
                    if let Some(slot) = side.supports.iter_mut().find(|x| x.card == NONE) {
                        *slot = SupportSlot {
                            card: index,
                            usages: *rounds,
                        };
                    }
                }
            }
            if to == Zone::Equipment(seat)
                && let Some(mut a) = ctx.world().get_mut::<Attached>(entity)
            {
                a.0 = active;
            }
            put(ctx, s);
        }
        DuelEvent::CardTuned { seat, card } => {
            s.moves += 1;
            let world = ctx.world();
            let Some(entity) = zones::hand_card(rules, world, seat, card.0) else {
                return Flow::Cancel;
            };
            let element = game.element(s.sides[seat.index()].active());
            // The first die that is neither omni nor of the element, in dice order.
            let die = zones::faces(world, seat)
                .iter()
                .position(|f| f.is_some_and(|f| f != Face::Omni && f != element));
            let Some(die) = die else {
                return Flow::Cancel;
            };
            zones::edit_dice(world, seat, |slot, _, face| {
                if slot == die {
                    *face = element as u8;
                }
            });
            ctx.move_to(entity, Zone::Discard(seat));
            put(ctx, s);
        }
        DuelEvent::Switched { seat, to, action } => {
            if action {
                s.moves += 1;
                pay(
                    ctx,
                    seat,
                    super::catalog::Cost {
                        any: 1,
                        ..Default::default()
                    },
                );
                pass_turn(&mut s, seat);
            } else {
                s.moves += 1;
                s.sides[seat.index()].must_switch = false;
            }
            if s.sides[seat.index()].fighters[usize::from(to % TEAM as u8)].alive {
                s.sides[seat.index()].active = to % TEAM as u8;
            }
            put(ctx, s);
        }
        DuelEvent::Damage {
            seat,
            target,
            amount,
            element,
            piercing,
        } => {
            let side = &mut s.sides[seat.index()];
            let mut f = side.fighters[usize::from(target)];
            if !f.alive {
                return Flow::Continue;
            }
            let mut amount = amount;
            let mut effect = ReactionEffect::None;
            if !piercing {
                if let Some(e) = element {
                    let r = reaction(f.aura, e);
                    amount += r.bonus;
                    f.aura = r.aura;
                    effect = r.effect;
                }
                amount = amount.saturating_sub(f.guard);
                let absorbed = amount.min(f.shield);
                f.shield -= absorbed;
                amount -= absorbed;
            }
            let before = f.hp;
            f.hp = f.hp.saturating_sub(amount);
            side.fighters[usize::from(target)] = f;
            let others: Vec<u8> = (0..TEAM as u8)
                .filter(|&i| i != target && side.fighters[usize::from(i)].alive)
                .collect();
            match effect {
                ReactionEffect::ForceSwitch if side.active == target && f.hp > 0 => {
                    if let Some(next) = side.next_alive(target) {
                        side.active = next;
                    }
                }
                ReactionEffect::Shield => {
                    let attacker = &mut s.sides[seat.next(2).index()];
                    let a = usize::from(attacker.active);
                    attacker.fighters[a].shield += 1;
                }
                _ => {}
            }
            put(ctx, s);
            if ctx.is_recording() {
                let player = rules.player(seat);
                ctx.changed(player, Property::HP, before.into(), f.hp.into());
            }
            for &i in &others {
                match effect {
                    ReactionEffect::Pierce => ctx.emit(DuelEvent::Damage {
                        seat,
                        target: i,
                        amount: 1,
                        element: None,
                        piercing: true,
                    }),
                    ReactionEffect::Swirl(e) => ctx.emit(DuelEvent::Damage {
                        seat,
                        target: i,
                        amount: 1,
                        element: Some(e),
                        piercing: false,
                    }),
                    _ => {}
                }
            }
            if f.hp == 0 {
                ctx.emit(DuelEvent::Defeated { seat, target });
            }
        }
        DuelEvent::Healed {
            seat,
            target,
            amount,
        } => {
            let f = &mut s.sides[seat.index()].fighters[usize::from(target)];
            if f.alive {
                let max = game.catalog.characters[usize::from(f.character)].hp;
                f.hp = (f.hp + amount).min(max);
                put(ctx, s);
            }
        }
        DuelEvent::Defeated { seat, target } => {
            let side = &mut s.sides[seat.index()];
            let f = &mut side.fighters[usize::from(target)];
            f.alive = false;
            f.energy = 0;
            f.aura = None;
            f.shield = 0;
            f.bonus = 0;
            f.guard = 0;
            f.energy_bonus = 0;
            for &e in zones::live(rules, ctx.world(), seat) {
                let world = ctx.world();
                if zones::zone(world, e) == Zone::Equipment(seat)
                    && world.get::<Attached>(e).is_some_and(|a| a.0 == target)
                {
                    ctx.move_to(e, Zone::Discard(seat));
                }
            }
            if side.defeated() {
                put(ctx, s);
                ctx.emit(DuelEvent::GameOver {
                    winner: Some(seat.next(2)),
                });
                return Flow::Continue;
            }
            if side.active == target {
                side.must_switch = true;
            }
            put(ctx, s);
        }
        DuelEvent::Drawn { seat, count, tag } => {
            let world = ctx.world();
            if world.resource::<DuelControl>().no_draw[seat.index()] {
                world.resource_mut::<DuelControl>().draw_buffer[seat.index()]
                    .push(super::state::Draw { tag, count });
            } else {
                zones::draw(rules, world, seat, count, tag);
            }
        }
        DuelEvent::DiceCreated { seat, count } => {
            let world = ctx.world();
            let free = MAX_DICE - zones::dice_count(world, seat);
            let n = usize::from(count).min(free).min(7);
            let expr = world.resource::<DuelControl>().black[seat.index()].clone();
            let side = s.sides[seat.index()];
            let generator = DiceGenerator::new(
                expr.as_ref().unwrap_or(&DiceExpr::Random),
                n,
                GeneratorKind::Black,
                &team(rules, &side),
            );
            let generator = generator.or_else(|_| {
                DiceGenerator::new(
                    &DiceExpr::Random,
                    n,
                    GeneratorKind::Black,
                    &team(rules, &side),
                )
            });
            if let Ok(g) = generator {
                let mut out = [Face::Omni; MAX_DICE];
                let n = g.sample_into(world.resource_mut::<Streams>().rng(Purpose::Dice), &mut out);
                zones::add_dice(world, seat, &out[..n]);
            }
        }
        DuelEvent::Summoned { seat, summon } => {
            let usages = game.catalog.summons[usize::from(summon)].usages;
            let slots = &mut s.sides[seat.index()].summons;
            let slot = slots
                .iter()
                .position(|x| x.summon == summon)
                .or_else(|| slots.iter().position(|x| x.summon == NONE));
            if let Some(i) = slot {
                slots[i] = SummonSlot { summon, usages };
                put(ctx, s);
            }
        }
        DuelEvent::SummonActed { seat, slot } => {
            let x = s.sides[seat.index()].summons[usize::from(slot)];
            if x.summon == NONE {
                return Flow::Continue;
            }
            let def = &game.catalog.summons[usize::from(x.summon)];
            let k = if def.end_phase.len() > 1 {
                ctx.chance(&EffectCases::uniform(
                    "summon_end_phase",
                    def.end_phase.len(),
                )) as usize
            } else {
                0
            };
            let outcome: Outcome = def.end_phase.get(k).copied().unwrap_or_default();
            let slot_state = &mut s.sides[seat.index()].summons[usize::from(slot)];
            slot_state.usages = slot_state.usages.saturating_sub(1);
            if slot_state.usages == 0 {
                *slot_state = SummonSlot {
                    summon: NONE,
                    usages: 0,
                };
            }
            put(ctx, s);
            damage_outcome(ctx, seat, outcome);
        }
        DuelEvent::RoundEnded { seat } => {
            s.moves += 1;
            let other = seat.next(2);
            s.sides[seat.index()].ended = true;
            if s.sides[other.index()].ended {
                put(ctx, s);
                ctx.emit(DuelEvent::EndPhase);
            } else {
                s.first = seat;
                s.turn = other;
                put(ctx, s);
            }
        }
        DuelEvent::EndPhase => {
            let order = [s.first, s.first.next(2)];
            for seat in order {
                for slot in 0..s.sides[seat.index()].summons.len() as u8 {
                    if s.sides[seat.index()].summons[usize::from(slot)].summon != NONE {
                        ctx.emit(DuelEvent::SummonActed { seat, slot });
                    }
                }
            }
            for seat in order {
                for slot in 0..s.sides[seat.index()].supports.len() {
                    let support = s.sides[seat.index()].supports[slot];
                    if support.card == NONE {
                        continue;
                    }
                    let entity = zones::cards(rules, seat)[usize::from(support.card)];
                    let card = zones::card_id(ctx.world(), entity);
                    match game.catalog.cards[usize::from(card)].effect {
                        Effect::EndDraw { count, .. } => {
                            ctx.emit(DuelEvent::Drawn {
                                seat,
                                count,
                                tag: None,
                            });
                        }
                        Effect::EndHeal { amount, .. } => ctx.emit(DuelEvent::Healed {
                            seat,
                            target: s.sides[seat.index()].active,
                            amount,
                        }),
                        _ => continue,
                    }
                    use_support(rules, ctx.world(), &mut s, seat, slot);
                }
            }
            put(ctx, s);
            for seat in order {
                zones::set_faces(ctx.world(), seat, &[]);
            }
            for seat in order {
                ctx.emit(DuelEvent::Drawn {
                    seat,
                    count: 2,
                    tag: None,
                });
            }
            ctx.emit(DuelEvent::RoundStarted { round: s.round + 1 });
        }
        DuelEvent::GameOver { winner } => {
            s.winner = winner;
            s.phase = Phase::Over;
            put(ctx, s);
        }
    }
    Flow::Continue
}
