//! The rules of each [`SichuanEvent`]: dealing, declaring, drawing, discarding, the claim
//! window (several seats may win on one discard), kans and their payments, wins and
//! departures, the exhaustive draw's settlements and the end of a hand.

use bevy_ecs::prelude::*;

use super::legal;
use super::state::{Battle, Claim, SEATS, SichuanMeld, Stage, Standings};
use super::{Settlement, SettlementKind, Sichuan, SichuanEvent};
use crate::dealer::DealError;
use crate::games::mahjong::claims::{self, Resolution};
use crate::games::mahjong::deal_hand;
use crate::games::mahjong::{draw_into, draw_into_at_point};
use crate::mount::{Exit, Mount};
use crate::scoring::meld::{Meld, MeldKind};
use crate::scoring::sichuan::SichuanWin;
use crate::tiles::Tile;
use alea::kernel::{Seat, Table};
use alea::pipeline::Ctx;

/// Deals the next hand: the starting hands into [`Battle`], the dealer on turn (its first draw
/// is the caller's). `table` is the kernel's (its round becomes the hand counter).
pub(super) fn start_hand(
    world: &mut World,
    table: &mut Table,
    match_hands: u32,
) -> Result<(), DealError> {
    let dealt = world.resource::<Standings>().dealt;
    let dealer = Seat((dealt % SEATS as u32) as u8);
    // Sichuan has no winds: every hand is East, numbered by its dealer.
    let round = crate::dealer::DealRound {
        wind: 0,
        number: dealer.0,
        dealer,
        all_last: dealt.saturating_add(1) >= match_hands,
    };
    let hands = deal_hand(world, table, round, dealt)?;
    crate::games::mahjong::deal_into::<Battle>(world, &hands);
    let mut standings = world.resource_mut::<Standings>();
    standings.dealt += 1;
    standings.tally.hands += 1;
    Ok(())
}

/// The dealer draws its 14th tile, then every seat declares its missing suit from the dealer on.
pub(super) fn first_draw(world: &mut World, table: &mut Table) {
    let dealer = world.resource::<Standings>().dealer();
    draw_into::<Battle>(world, table, dealer, Exit::Pii);
    world.resource_mut::<Battle>().stage = Stage::Declare { seat: dealer };
}

/// Resolves one event.
pub(super) fn apply(ctx: &mut Ctx<'_, Sichuan>, event: &mut SichuanEvent) {
    match event {
        SichuanEvent::Deal { hands, .. } => {
            let match_hands = ctx.game().config.hands;
            let (world, table) = ctx.world_and_table();
            if let Err(error) = start_hand(world, table, match_hands) {
                ctx.fail(error);
                return;
            }
            *hands = crate::games::mahjong::dealt_hands(world);
            first_draw(world, table);
        }
        SichuanEvent::Declare { seat, suit } => {
            let world = ctx.world();
            let dealer = world.resource::<Standings>().dealer();
            let mut battle = world.resource_mut::<Battle>();
            battle.missing[seat.index()] = Some(*suit);
            let next = Seat((seat.0 + 1) % SEATS as u8);
            battle.stage = if next == dealer {
                Stage::Turn {
                    seat: dealer,
                    called: false,
                    after_kan: false,
                }
            } else {
                Stage::Declare { seat: next }
            };
        }
        SichuanEvent::Draw { seat, exit, tile } => {
            *tile = draw_into_at_point::<Sichuan, Battle>(ctx, *seat, *exit);
        }
        SichuanEvent::Discard { seat, tile } => discard(ctx, *seat, *tile),
        SichuanEvent::Answer { seat, claim } => answer(ctx, *seat, *claim),
        SichuanEvent::Call {
            seat,
            from,
            kind,
            tile,
            paid,
        } => call(ctx, *seat, *from, *kind, *tile, paid),
        SichuanEvent::Kan {
            seat,
            kind,
            tile,
            paid,
        } => kan(ctx, *seat, *kind, *tile, paid),
        SichuanEvent::Win { .. } => win(ctx, event),
        SichuanEvent::ExhaustiveDraw { settlements } => exhaustive_draw(ctx, settlements),
        SichuanEvent::HandEnd => hand_end(ctx),
        SichuanEvent::MatchEnd { scores } => {
            let world = ctx.world();
            let mut standings = world.resource_mut::<Standings>();
            standings.over = true;
            *scores = standings.scores;
            world.resource_mut::<Battle>().stage = Stage::Over;
        }
    }
}

fn discard(ctx: &mut Ctx<'_, Sichuan>, seat: Seat, tile: Tile) {
    let world = ctx.world();
    let after_kan = {
        let mut battle = world.resource_mut::<Battle>();
        let after_kan = matches!(
            battle.stage,
            Stage::Turn {
                after_kan: true,
                ..
            }
        );
        battle.hands[seat.index()][tile] -= 1;
        battle.river.push((seat, tile, false));
        battle.drawn[seat.index()] = None;
        after_kan
    };
    crate::games::mahjong::abilities_on_discard(world, seat, tile, |world| {
        let river = &world.resource::<Battle>().river;
        river.iter().filter(|(s, ..)| *s == seat).count()
    });
    open_window(ctx, seat, tile, false, after_kan);
}

/// Opens the claim window on `tile` from `from`, or goes on when nobody can claim.
fn open_window(ctx: &mut Ctx<'_, Sichuan>, from: Seat, tile: Tile, robbing: bool, after_kan: bool) {
    let game = ctx.game();
    let world = ctx.world();
    let can = legal::claim_options(
        game,
        world.resource::<Battle>(),
        world.resource::<Mount>(),
        from,
        tile,
        robbing,
        after_kan,
    );
    let mut battle = world.resource_mut::<Battle>();
    battle.can = can;
    battle.claims = [Claim::None; SEATS];
    if can.iter().any(|&c| c != 0) {
        battle.stage = Stage::Claims {
            from,
            tile,
            robbing,
            after_kan,
        };
    } else if robbing {
        replacement(ctx, from);
    } else {
        next_draw(ctx, from);
    }
}

/// The seat after `from` still playing draws, or the hand ends: one seat left, or no tile.
fn next_draw(ctx: &mut Ctx<'_, Sichuan>, from: Seat) {
    let world = ctx.world();
    let battle = world.resource::<Battle>();
    if battle.playing().count() <= 1 {
        ctx.emit(SichuanEvent::HandEnd);
    } else if world.resource::<Mount>().slots_left(Exit::Pii) == 0 {
        ctx.emit(SichuanEvent::ExhaustiveDraw {
            settlements: Vec::new(),
        });
    } else {
        let seat = battle.next_playing(from);
        ctx.emit(SichuanEvent::Draw {
            seat,
            exit: Exit::Pii,
            tile: None,
        });
    }
}

/// A kan stands: the replacement draw from the end of the wall.
fn replacement(ctx: &mut Ctx<'_, Sichuan>, seat: Seat) {
    ctx.emit(SichuanEvent::Draw {
        seat,
        exit: Exit::Rinshan,
        tile: None,
    });
}

fn answer(ctx: &mut Ctx<'_, Sichuan>, seat: Seat, claim: Claim) {
    let world = ctx.world();
    let Stage::Claims {
        from,
        tile,
        robbing,
        after_kan,
    } = world.resource::<Battle>().stage
    else {
        return;
    };
    world.resource_mut::<Battle>().claims[seat.index()] = claim;
    let battle = world.resource::<Battle>();
    // Everyone answered: every ron wins (一炮多响), in turn order from the discarder.
    match claims::resolve(&battle.can, &battle.claims, from) {
        Resolution::Waiting => {}
        Resolution::Rons(winners) => {
            for seat in winners {
                ctx.emit(SichuanEvent::Win {
                    seat,
                    from: Some(from),
                    tile,
                    robbing,
                    after_kan,
                    fan: 0,
                    per_payer: 0,
                    points: 0,
                    fans: String::new(),
                });
            }
        }
        Resolution::Passed if robbing => replacement(ctx, from),
        Resolution::Passed => next_draw(ctx, from),
        Resolution::Call { seat, answer } => {
            let kind = match answer {
                Claim::Kan => MeldKind::OpenKan,
                _ => MeldKind::Pon,
            };
            ctx.emit(SichuanEvent::Call {
                seat,
                from,
                kind,
                tile,
                paid: 0,
            });
        }
    }
}

/// Each playing seat but `seat` (or only `from`) pays `seat` `points` for a kan; returns the total.
fn pay_kan(world: &mut World, seat: Seat, from: Option<Seat>, points: i32) -> i32 {
    let payers: Vec<Seat> = match from {
        Some(from) => vec![from],
        None => world
            .resource::<Battle>()
            .playing()
            .filter(|&s| s != seat)
            .collect(),
    };
    let total = points * payers.len() as i32;
    let mut battle = world.resource_mut::<Battle>();
    for payer in &payers {
        battle.kan_paid[payer.index()][seat.index()] += points;
    }
    let mut standings = world.resource_mut::<Standings>();
    for payer in payers {
        standings.scores[payer.index()] -= points;
    }
    standings.scores[seat.index()] += total;
    total
}

fn call(
    ctx: &mut Ctx<'_, Sichuan>,
    seat: Seat,
    from: Seat,
    kind: MeldKind,
    tile: Tile,
    paid: &mut i32,
) {
    let world = ctx.world();
    let s = seat.index();
    let mut battle = world.resource_mut::<Battle>();
    let Ok(meld) = Meld::new(kind, &vec![tile; kind.size()]) else {
        return;
    };
    battle.hands[s][tile] -= kind.size() as u8 - 1;
    if let Some(last) = battle.river.last_mut() {
        last.2 = true;
    }
    let at = usize::from(battle.meld_count[s]);
    battle.melds[s][at] = Some(SichuanMeld {
        meld,
        from: Some(from),
    });
    battle.meld_count[s] += 1;
    battle.stage = Stage::Turn {
        seat,
        called: true,
        after_kan: false,
    };
    ctx.table().active = seat;
    if kind == MeldKind::OpenKan {
        // 直杠: the discarder pays two bases.
        let base = ctx.game().config.scoring.base;
        *paid = pay_kan(ctx.world(), seat, Some(from), 2 * base);
        replacement(ctx, seat);
    }
}

fn kan(ctx: &mut Ctx<'_, Sichuan>, seat: Seat, kind: MeldKind, tile: Tile, paid: &mut i32) {
    let base = ctx.game().config.scoring.base;
    let world = ctx.world();
    let s = seat.index();
    let mut battle = world.resource_mut::<Battle>();
    battle.drawn[s] = None;
    if kind == MeldKind::ClosedKan {
        let Ok(meld) = Meld::new(MeldKind::ClosedKan, &[tile; 4]) else {
            return;
        };
        battle.hands[s][tile] -= 4;
        let at = usize::from(battle.meld_count[s]);
        battle.melds[s][at] = Some(SichuanMeld { meld, from: None });
        battle.meld_count[s] += 1;
        // 暗杠: every playing seat pays two bases.
        *paid = pay_kan(world, seat, None, 2 * base);
        replacement(ctx, seat);
        return;
    }
    // Added kan: the fourth tile joins the pon, open to robbing; paid once it stands.
    let Some(at) = battle.melds[s].iter().position(|m| {
        m.is_some_and(|m| m.meld.kind() == MeldKind::Pon && m.meld.low() == tile.kind())
    }) else {
        return;
    };
    let Ok(meld) = Meld::new(MeldKind::AddedKan, &[tile; 4]) else {
        return;
    };
    let pon = battle.melds[s][at].expect("found above");
    battle.hands[s][tile] -= 1;
    battle.melds[s][at] = Some(SichuanMeld { meld, ..pon });
    // 巴杠: every playing seat pays one base (paid before the robbing window; a robbed kan
    // refunds it).
    *paid = pay_kan(world, seat, None, base);
    open_window(ctx, seat, tile, true, false);
}

fn win(ctx: &mut Ctx<'_, Sichuan>, event: &mut SichuanEvent) {
    let SichuanEvent::Win {
        seat,
        from,
        tile,
        robbing,
        after_kan,
        fan,
        per_payer,
        points,
        fans,
    } = event
    else {
        return;
    };
    let game = ctx.game();
    let world = ctx.world();
    let live_empty = world.resource::<Mount>().slots_left(Exit::Pii) == 0;
    let how = SichuanWin {
        self_draw: from.is_none(),
        after_kan: from.is_none() && *after_kan,
        discard_after_kan: from.is_some() && *after_kan && !*robbing,
        robbing_kan: *robbing,
        last_tile: live_empty && !*robbing,
    };
    let Some(score) = legal::win_score(game, world.resource::<Battle>(), *seat, *tile, how) else {
        return;
    };
    *fan = score.fan;
    *per_payer = score.per_payer;
    *fans = score
        .fans
        .iter()
        .map(|(pattern, fan)| format!("{} {fan}", super::fan_name(*pattern)))
        .collect::<Vec<_>>()
        .join(", ");
    let payers: Vec<Seat> = match from {
        Some(from) => vec![*from],
        None => world
            .resource::<Battle>()
            .playing()
            .filter(|s| s != seat)
            .collect(),
    };
    if *robbing && let Some(from) = from {
        undo_added_kan(world, *from, *tile, game.config.scoring.base);
    }
    {
        // A ron's tile stays where it is (the river, or the robbed seat's river): several
        // seats may win on it. `won` records it.
        let mut battle = world.resource_mut::<Battle>();
        battle.won[seat.index()] = Some(*tile);
        battle.drawn[seat.index()] = None;
    }
    let mut standings = world.resource_mut::<Standings>();
    for payer in &payers {
        standings.scores[payer.index()] -= score.per_payer;
    }
    *points = score.per_payer * payers.len() as i32;
    standings.scores[seat.index()] += *points;
    standings.tally.wins[seat.index()] += 1;
    if let Some(from) = from {
        standings.tally.deal_ins[from.index()] += 1;
    }
    // The last winner of a discard decides what follows: after a ron the seat after the
    // winners draws; after a self-draw the seat after the winner.
    let last_of_discard = match from {
        Some(from) => {
            let answers = &world.resource::<Battle>().claims;
            claims::rons(answers, *from).last() == Some(*seat)
        }
        None => true,
    };
    if last_of_discard {
        world.resource_mut::<Battle>().can = [0; SEATS];
        next_draw(ctx, *seat);
    }
}

/// `seat`'s added kan of `tile` is robbed (once, however many seats rob it): back to a pon,
/// the tile into `seat`'s river (the winners hold it as their winning tile), the kan's payments
/// returned.
fn undo_added_kan(world: &mut World, seat: Seat, tile: Tile, base: i32) {
    let mut battle = world.resource_mut::<Battle>();
    let s = seat.index();
    let Some(at) = battle.melds[s].iter().position(|m| {
        m.is_some_and(|m| m.meld.kind() == MeldKind::AddedKan && m.meld.low() == tile.kind())
    }) else {
        return;
    };
    let Ok(pon) = Meld::new(MeldKind::Pon, &[tile; 3]) else {
        return;
    };
    let record = battle.melds[s][at].expect("found above");
    battle.melds[s][at] = Some(SichuanMeld {
        meld: pon,
        ..record
    });
    battle.river.push((seat, tile, false));
    let payers: Vec<Seat> = battle.playing().filter(|&p| p != seat).collect();
    for payer in &payers {
        battle.kan_paid[payer.index()][s] -= base;
    }
    let mut standings = world.resource_mut::<Standings>();
    for payer in payers {
        standings.scores[payer.index()] += base;
        standings.scores[s] -= base;
    }
}

fn exhaustive_draw(ctx: &mut Ctx<'_, Sichuan>, settlements: &mut Vec<Settlement>) {
    let game = ctx.game();
    let config = &game.config;
    let world = ctx.world();
    let battle = world.resource::<Battle>();
    let playing: Vec<Seat> = battle.playing().collect();
    let pig: Vec<bool> = (0..SEATS)
        .map(|s| battle.holds_missing(Seat(s as u8)))
        .collect();
    let ready: Vec<Option<i32>> = (0..SEATS as u8)
        .map(|s| {
            if pig[usize::from(s)] {
                None
            } else {
                legal::ready_score(game, battle, Seat(s)).map(|score| score.per_payer)
            }
        })
        .collect();
    let cap = config.scoring.points(config.scoring.cap, false);
    for &payer in &playing {
        let p = payer.index();
        for &receiver in playing.iter().filter(|&&r| r != payer) {
            let r = receiver.index();
            let (kind, points) = if config.settle_missing_suit && pig[p] && !pig[r] {
                (SettlementKind::MissingSuit, cap)
            } else if config.settle_unready
                && ready[p].is_none()
                && !(config.settle_missing_suit && pig[p])
            {
                match ready[r] {
                    Some(points) => (SettlementKind::Unready, points),
                    None => continue,
                }
            } else {
                continue;
            };
            settlements.push(Settlement {
                kind,
                payer,
                receiver,
                points,
            });
        }
        if config.refund_kans && ready[p].is_none() {
            for other in 0..SEATS {
                let points = battle.kan_paid[other][p];
                if points > 0 {
                    settlements.push(Settlement {
                        kind: SettlementKind::KanRefund,
                        payer,
                        receiver: Seat(other as u8),
                        points,
                    });
                }
            }
        }
    }
    let mut standings = world.resource_mut::<Standings>();
    for settlement in settlements.iter() {
        standings.scores[settlement.payer.index()] -= settlement.points;
        standings.scores[settlement.receiver.index()] += settlement.points;
    }
    standings.tally.draws += 1;
    ctx.emit(SichuanEvent::HandEnd);
}

fn hand_end(ctx: &mut Ctx<'_, Sichuan>) {
    let hands = ctx.game().config.hands;
    let world = ctx.world();
    world.resource_mut::<Battle>().stage = Stage::Over;
    let standings = *world.resource::<Standings>();
    if standings.dealt >= hands {
        ctx.emit(SichuanEvent::MatchEnd {
            scores: standings.scores,
        });
    } else {
        ctx.emit(SichuanEvent::Deal {
            number: standings.dealt,
            hands: Vec::new(),
        });
    }
}
