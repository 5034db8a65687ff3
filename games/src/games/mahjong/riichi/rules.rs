//! The rules of each [`RiichiEvent`]: dealing, drawing, discarding, the claim window, kans,
//! wins, exhaustive and abortive draws and the end of a hand.

use crate::games::mahjong::HandTable;
use bevy_ecs::prelude::*;

use super::legal::{self, CAN_RON, WinHow};
use super::state::{Answer, Kyoku, Length, Match, MeldRecord, Phase, RiverTile, SEATS};
use super::{Abort, Riichi, RiichiEvent};

use crate::dealer::DealError;
use crate::games::mahjong::claims::{self, Resolution};
use crate::games::mahjong::draw_into_at_point;
use crate::mount::{Exit, Mount, draw_at_point};
use crate::scoring::riichi::{Meld, MeldKind};
use crate::tiles::Tile;
use alea::kernel::{Seat, Table};
use alea::pipeline::Ctx;

/// Deals the hand `Match` says is next: a fresh mount, the streams keyed to the hand counter,
/// the dealer's stages, then the starting hands into [`Kyoku`]. The dealer is on turn (its
/// first draw is the caller's). `table` is the kernel's (its round becomes the hand counter).
pub(super) fn start_hand(
    world: &mut World,
    table: &mut Table,
    length: Length,
) -> Result<(), DealError> {
    let state = *world.resource::<Match>();
    let round = state.deal_round(length);
    let hands = crate::games::mahjong::deal_hand(world, table, round, state.dealt)?;
    crate::games::mahjong::deal_into::<Kyoku>(world, &hands);
    let mut kyoku = world.resource_mut::<Kyoku>();
    kyoku.first_turn = [true; SEATS];
    kyoku.uninterrupted = true;
    let mut state = world.resource_mut::<Match>();
    state.dealt += 1;
    state.tally.hands += 1;
    Ok(())
}

fn next_seat(seat: Seat) -> Seat {
    Seat((seat.0 + 1) % SEATS as u8)
}

/// Resolves one event.
pub(super) fn apply(ctx: &mut Ctx<'_, Riichi>, event: &mut RiichiEvent) {
    match event {
        RiichiEvent::Deal {
            hands, indicator, ..
        } => {
            let length = ctx.game().config.length;
            let (world, table) = ctx.world_and_table();
            if let Err(error) = start_hand(world, table, length) {
                ctx.fail(error);
                return;
            }
            *hands = crate::games::mahjong::dealt_hands(world);
            *indicator = world.resource::<Mount>().dora_indicators().first().copied();
            let dealer = world.resource::<Match>().dealer();
            ctx.emit(RiichiEvent::Draw {
                seat: dealer,
                exit: Exit::Pii,
                tile: None,
            });
        }
        RiichiEvent::Draw { seat, exit, tile } => {
            *tile = draw_into_at_point::<Riichi, Kyoku>(ctx, *seat, *exit);
        }
        RiichiEvent::Discard { seat, tile, riichi } => discard(ctx, *seat, *tile, *riichi),
        RiichiEvent::Answer { seat, answer } => answer_claim(ctx, *seat, *answer),
        RiichiEvent::RiichiStick { seat } => {
            let world = ctx.world();
            let mut table = world.resource_mut::<Match>();
            table.scores[seat.index()] -= 1000;
            table.sticks = table.sticks.saturating_add(1);
            let mut kyoku = world.resource_mut::<Kyoku>();
            kyoku.riichi[seat.index()] = true;
            kyoku.ippatsu[seat.index()] = true;
            if kyoku.riichi_pending == Some(*seat) {
                kyoku.riichi_pending = None;
            }
        }
        RiichiEvent::Call {
            seat,
            from,
            kind,
            tile,
            with,
        } => call(ctx, *seat, *from, *kind, *tile, *with),
        RiichiEvent::Kan { seat, kind, tile } => kan(ctx, *seat, *kind, *tile),
        RiichiEvent::Indicator { tile } => {
            ctx.world().resource_mut::<Kyoku>().indicator_pending = false;
            *tile = draw_at_point(ctx, Exit::Dorahyou).ok();
        }
        RiichiEvent::Win { .. } => win(ctx, event),
        RiichiEvent::ExhaustiveDraw {
            tenpai,
            nagashi,
            deltas,
        } => exhaustive_draw(ctx, tenpai, nagashi, deltas),
        RiichiEvent::AbortiveDraw { .. } => {
            let world = ctx.world();
            world.resource_mut::<Match>().tally.aborts += 1;
            world.resource_mut::<Kyoku>().phase = Phase::Over;
            ctx.emit(RiichiEvent::HandEnd {
                repeat: true,
                draw: true,
                abortive: true,
            });
        }
        RiichiEvent::HandEnd {
            repeat,
            draw,
            abortive,
        } => hand_end(ctx, *repeat, *draw, *abortive),
        RiichiEvent::MatchEnd { scores } => {
            let world = ctx.world();
            let mut table = world.resource_mut::<Match>();
            // Sticks left on the table go to the first place.
            let top = super::state::first_place(&table.scores).index();
            table.scores[top] += 1000 * i32::from(table.sticks);
            table.sticks = 0;
            table.over = true;
            *scores = table.scores;
            world.resource_mut::<Kyoku>().phase = Phase::Over;
        }
    }
}

fn discard(ctx: &mut Ctx<'_, Riichi>, seat: Seat, tile: Tile, riichi: bool) {
    flip_pending_indicator(ctx);
    let world = ctx.world();
    let s = seat.index();
    {
        let mut kyoku = world.resource_mut::<Kyoku>();
        kyoku.hands[s][tile] -= 1;
        kyoku.river.push((
            seat,
            RiverTile {
                tile,
                riichi,
                called: false,
            },
        ));
        kyoku.discarded_kinds[s] |= 1 << tile.kind().index();
        kyoku.temporary_furiten[s] = false;
        kyoku.drawn[s] = None;
        kyoku.ippatsu[s] = false;
        if riichi {
            kyoku.double_riichi[s] = kyoku.first_turn[s] && kyoku.uninterrupted;
            kyoku.riichi_pending = Some(seat);
        }
        kyoku.first_turn[s] = false;
    }
    crate::games::mahjong::abilities_on_discard(world, seat, tile, |world| {
        let river = &world.resource::<Kyoku>().river;
        river.iter().filter(|(s, _)| *s == seat).count()
    });
    let abortive = ctx.game().config.abortive;
    let world = ctx.world();
    if abortive.four_winds && four_winds(world.resource::<Kyoku>()) {
        // Nobody can call the fourth copy of a wind: the pending riichi stands.
        if let Some(seat) = world.resource::<Kyoku>().riichi_pending {
            ctx.emit(RiichiEvent::RiichiStick { seat });
        }
        ctx.emit(RiichiEvent::AbortiveDraw {
            reason: Abort::FourWinds,
        });
        return;
    }
    open_window(ctx, seat, tile, false);
}

/// The first four discards, with no call before them, are the same wind.
fn four_winds(kyoku: &Kyoku) -> bool {
    let [first, rest @ ..] = kyoku.river.as_slice() else {
        return false;
    };
    kyoku.uninterrupted
        && rest.len() == SEATS - 1
        && first.1.tile.kind().is_honor()
        && first.1.tile.kind().number() <= 4
        && rest
            .iter()
            .all(|(_, t)| t.tile.kind() == first.1.tile.kind())
}

/// The abortive draw due when a discard passes without a ron: the pending riichi is
/// the fourth, or the fourth kan was not all one seat's.
fn abort_on_pass(game: &Riichi, kyoku: &Kyoku) -> Option<Abort> {
    let abortive = game.config.abortive;
    let riichi = kyoku.riichi.iter().filter(|&&r| r).count();
    if abortive.four_riichi && kyoku.riichi_pending.is_some() && riichi == SEATS - 1 {
        return Some(Abort::FourRiichi);
    }
    let kans_of = |s: u8| {
        kyoku
            .melds_of(Seat(s))
            .filter(|m| m.meld.kind().size() == 4)
            .count()
    };
    if abortive.four_kans && kyoku.kans == 4 && (0..SEATS as u8).all(|s| kans_of(s) < 4) {
        return Some(Abort::FourKans);
    }
    None
}

/// Ends the hand in `reason`'s abortive draw after a discard passed (the pending riichi
/// stands first).
fn abort_after_pass(ctx: &mut Ctx<'_, Riichi>, reason: Abort) {
    if let Some(seat) = ctx.world().resource::<Kyoku>().riichi_pending {
        ctx.emit(RiichiEvent::RiichiStick { seat });
    }
    ctx.emit(RiichiEvent::AbortiveDraw { reason });
}

/// Opens the claim window on `tile` from `from`, or goes on when nobody can call.
fn open_window(ctx: &mut Ctx<'_, Riichi>, from: Seat, tile: Tile, chankan: bool) {
    let game = ctx.game();
    let world = ctx.world();
    let (can, completes) = legal::claim_options(
        game,
        world.resource::<Kyoku>(),
        world.resource::<Match>(),
        world.resource::<Mount>(),
        from,
        tile,
        chankan,
    );
    let mut kyoku = world.resource_mut::<Kyoku>();
    kyoku.can = can;
    kyoku.answers = [Answer::None; SEATS];
    // A seat whose hand the tile completes but who cannot ron on it (no yaku, furiten)
    // lets it pass all the same: furiten as if it had passed.
    for s in 0..SEATS {
        if completes[s] && can[s] & CAN_RON == 0 {
            kyoku.temporary_furiten[s] = true;
            if kyoku.riichi[s] {
                kyoku.riichi_furiten[s] = true;
            }
        }
    }
    if can.iter().any(|&c| c != 0) {
        kyoku.phase = Phase::Claims {
            from,
            tile,
            chankan,
        };
    } else if chankan {
        after_kan(ctx, from, false);
    } else {
        proceed(ctx, from);
    }
}

/// Nobody called `from`'s discard: the pending riichi stands, then the next seat draws or the
/// hand ends in an exhaustive draw.
fn proceed(ctx: &mut Ctx<'_, Riichi>, from: Seat) {
    if let Some(reason) = abort_on_pass(ctx.game(), ctx.world().resource::<Kyoku>()) {
        abort_after_pass(ctx, reason);
        return;
    }
    let world = ctx.world();
    if let Some(seat) = world.resource::<Kyoku>().riichi_pending {
        ctx.emit(RiichiEvent::RiichiStick { seat });
    }
    if ctx.world().resource::<Mount>().slots_left(Exit::Pii) == 0 {
        ctx.emit(RiichiEvent::ExhaustiveDraw {
            tenpai: [false; SEATS],
            nagashi: [false; SEATS],
            deltas: [0; SEATS],
        });
    } else {
        ctx.emit(RiichiEvent::Draw {
            seat: next_seat(from),
            exit: Exit::Pii,
            tile: None,
        });
    }
}

/// A kan stands: a new indicator, then the replacement draw. With delayed kan dora an open or
/// added kan's indicator waits for the kan's discard (or the next kan).
fn after_kan(ctx: &mut Ctx<'_, Riichi>, seat: Seat, closed: bool) {
    if ctx.game().config.delayed_kan_dora && !closed {
        ctx.world().resource_mut::<Kyoku>().indicator_pending = true;
    } else {
        ctx.emit(RiichiEvent::Indicator { tile: None });
    }
    ctx.emit(RiichiEvent::Draw {
        seat,
        exit: Exit::Rinshan,
        tile: None,
    });
}

fn answer_claim(ctx: &mut Ctx<'_, Riichi>, seat: Seat, answer: Answer) {
    let world = ctx.world();
    let Phase::Claims {
        from,
        tile,
        chankan,
    } = world.resource::<Kyoku>().phase
    else {
        return;
    };
    {
        let mut kyoku = world.resource_mut::<Kyoku>();
        let s = seat.index();
        kyoku.answers[s] = answer;
        if answer != Answer::Ron && kyoku.can[s] & CAN_RON != 0 {
            kyoku.temporary_furiten[s] = true;
            if kyoku.riichi[s] {
                kyoku.riichi_furiten[s] = true;
            }
        }
    }
    let kyoku = world.resource::<Kyoku>();
    // Everyone answered: ron (the first in turn order), then pon/kan, then chi.
    let pending = kyoku.riichi_pending;
    let (caller, answer) = match claims::resolve(&kyoku.can, &kyoku.answers, from) {
        Resolution::Waiting => return,
        Resolution::Rons(rons) => {
            win_on_discard(ctx, rons, from, tile, chankan);
            return;
        }
        Resolution::Passed if chankan => {
            after_kan(ctx, from, false);
            return;
        }
        Resolution::Passed => {
            proceed(ctx, from);
            return;
        }
        Resolution::Call { seat, answer } => (seat, answer),
    };
    if let Some(reason) = abort_on_pass(ctx.game(), ctx.world().resource::<Kyoku>()) {
        abort_after_pass(ctx, reason);
        return;
    }
    if let Some(seat) = pending {
        ctx.emit(RiichiEvent::RiichiStick { seat });
    }
    let (kind, with) = match answer {
        Answer::Pon(a, b) => (MeldKind::Pon, [a, b]),
        Answer::Chi(a, b) => (MeldKind::Chi, [a, b]),
        _ => (MeldKind::OpenKan, [tile.kind().tile(); 2]),
    };
    ctx.emit(RiichiEvent::Call {
        seat: caller,
        from,
        kind,
        tile,
        with,
    });
}

fn call(
    ctx: &mut Ctx<'_, Riichi>,
    seat: Seat,
    from: Seat,
    kind: MeldKind,
    tile: Tile,
    with: [Tile; 2],
) {
    let world = ctx.world();
    let mut kyoku = world.resource_mut::<Kyoku>();
    let s = seat.index();
    // The called tile and the hand's, on the stack (a meld has at most four).
    let mut tiles = arrayvec::ArrayVec::<Tile, 4>::new();
    tiles.push(tile);
    if kind == MeldKind::OpenKan {
        // The three copies of the hand, reds included (more is no meld).
        for t in [tile.kind().tile()].into_iter().chain(tile.kind().red()) {
            let n = kyoku.hands[s][t];
            for _ in 0..n {
                if tiles.try_push(t).is_err() {
                    return;
                }
            }
        }
    } else {
        tiles.extend(with);
    }
    let Ok(meld) = Meld::new(kind, &tiles) else {
        return;
    };
    for &t in &tiles[1..] {
        kyoku.hands[s][t] -= 1;
    }
    if let Some((_, last)) = kyoku.river.last_mut() {
        last.called = true;
    }
    let at = usize::from(kyoku.meld_count[s]);
    kyoku.melds[s][at] = Some(MeldRecord {
        meld,
        from: Some(from),
        called: tile,
    });
    kyoku.meld_count[s] += 1;
    kyoku.uninterrupted = false;
    kyoku.ippatsu = [false; SEATS];
    kyoku.phase = Phase::Turn {
        seat,
        called: true,
        rinshan: false,
    };
    ctx.table().active = seat;
    if kind == MeldKind::OpenKan {
        ctx.world().resource_mut::<Kyoku>().kans += 1;
        after_kan(ctx, seat, false);
    }
}

/// A delayed kan indicator is flipped (before the discard's claims or the next kan's own).
fn flip_pending_indicator(ctx: &mut Ctx<'_, Riichi>) {
    if ctx.world().resource::<Kyoku>().indicator_pending {
        ctx.emit(RiichiEvent::Indicator { tile: None });
    }
}

fn kan(ctx: &mut Ctx<'_, Riichi>, seat: Seat, kind: MeldKind, tile: Tile) {
    flip_pending_indicator(ctx);
    let world = ctx.world();
    let s = seat.index();
    let mut kyoku = world.resource_mut::<Kyoku>();
    let tk = tile.kind();
    let copies: Vec<Tile> = [tk.tile()]
        .into_iter()
        .chain(tk.red())
        .flat_map(|t| std::iter::repeat_n(t, usize::from(kyoku.hands[s][t])))
        .collect();
    kyoku.uninterrupted = false;
    kyoku.ippatsu = [false; SEATS];
    kyoku.drawn[s] = None;
    kyoku.kans += 1;
    if kind == MeldKind::ClosedKan {
        let Ok(meld) = Meld::new(MeldKind::ClosedKan, &copies) else {
            return;
        };
        for &t in &copies {
            kyoku.hands[s][t] -= 1;
        }
        let at = usize::from(kyoku.meld_count[s]);
        kyoku.melds[s][at] = Some(MeldRecord {
            meld,
            from: None,
            called: tile,
        });
        kyoku.meld_count[s] += 1;
        after_kan(ctx, seat, true);
        return;
    }
    // Added kan: the fourth copy joins the pon, then the chankan window.
    let Some(&added) = copies.first() else {
        return;
    };
    let Some(at) = kyoku.melds[s]
        .iter()
        .position(|m| m.is_some_and(|m| m.meld.kind() == MeldKind::Pon && m.meld.low() == tk))
    else {
        return;
    };
    let pon = kyoku.melds[s][at].expect("found above");
    let mut tiles: Vec<Tile> = pon.tiles().tiles().collect();
    tiles.push(added);
    let Ok(meld) = Meld::new(MeldKind::AddedKan, &tiles) else {
        return;
    };
    kyoku.hands[s][added] -= 1;
    kyoku.melds[s][at] = Some(MeldRecord { meld, ..pon });
    open_window(ctx, seat, added, true);
}

/// The seats that win on `from`'s tile, in turn order from `from`: every seat that answered
/// ron with double ron on, else the first (head bump).
fn ron_winners(game: &Riichi, answers: &[Answer; SEATS], from: Seat) -> Vec<Seat> {
    let most = if game.config.double_ron { SEATS } else { 1 };
    claims::rons(answers, from).take(most).collect()
}

/// `rons` answered ron on `from`'s tile: three are an abortive draw (when it is played), else
/// the [`ron_winners`] win.
fn win_on_discard(
    ctx: &mut Ctx<'_, Riichi>,
    rons: Vec<Seat>,
    from: Seat,
    tile: Tile,
    chankan: bool,
) {
    if rons.len() == 3 && ctx.game().config.abortive.triple_ron {
        ctx.emit(RiichiEvent::AbortiveDraw {
            reason: Abort::TripleRon,
        });
        return;
    }
    let answers = ctx.world().resource::<Kyoku>().answers;
    for winner in ron_winners(ctx.game(), &answers, from) {
        ctx.emit(RiichiEvent::unscored_win(
            winner,
            Some(from),
            tile,
            chankan,
            false,
        ));
    }
}

fn win(ctx: &mut Ctx<'_, Riichi>, event: &mut RiichiEvent) {
    let RiichiEvent::Win {
        seat,
        from,
        tile,
        chankan,
        rinshan,
        han,
        fu,
        points,
        yaku,
        ura,
        deltas,
    } = event
    else {
        return;
    };
    let game = ctx.game();
    let s = seat.index();
    if ctx.world().resource::<Kyoku>().riichi[s] {
        // The ura indicators are flipped once, for every riichi winner.
        let flips = ctx.world().resource::<Mount>().dora_indicators().len();
        while ctx.world().resource::<Mount>().ura_indicators().len() < flips {
            if draw_at_point(ctx, Exit::Urahyou).is_err() {
                break;
            }
        }
        ura.extend_from_slice(ctx.world().resource::<Mount>().ura_indicators());
    }
    let world = ctx.world();
    // Several winners on one discard: the head (first from the discarder) takes the honba and
    // the sticks, the last ends the hand; the dealer repeats when it is among them.
    let winners = match from {
        Some(from) => ron_winners(game, &world.resource::<Kyoku>().answers, *from),
        None => vec![*seat],
    };
    let head = winners.first() == Some(seat);
    let last = winners.last() == Some(seat);
    let mut counters = *world.resource::<Match>();
    if !head {
        counters.honba = 0;
        counters.sticks = 0;
    }
    let how = WinHow {
        tsumo: from.is_none(),
        rinshan: *rinshan,
        chankan: *chankan,
    };
    let score = legal::win_score(
        game,
        world.resource::<Kyoku>(),
        &counters,
        world.resource::<Mount>(),
        *seat,
        *tile,
        how,
        ura,
    );
    let Some(score) = score else {
        return;
    };
    *han = score.han;
    *fu = score.fu;
    *points = score.points.total;
    *yaku = score
        .yaku
        .iter()
        .map(|(y, h)| format!("{} {h}", y.name()))
        .collect::<Vec<_>>()
        .join(", ");
    let mut table = world.resource_mut::<Match>();
    let dealer = table.dealer();
    let p = &score.points;
    match from {
        Some(from) => {
            deltas[from.index()] -= p.ron.unwrap_or(0) as i32;
            if head {
                table.tally.deal_ins[from.index()] += 1;
            }
        }
        None => {
            for other in (0..SEATS as u8).map(Seat).filter(|o| o != seat) {
                let pay = if other == dealer {
                    p.dealer.or(p.non_dealer)
                } else {
                    p.non_dealer
                };
                deltas[other.index()] -= pay.unwrap_or(0) as i32;
            }
        }
    }
    deltas[s] += p.total as i32;
    for (score, delta) in table.scores.iter_mut().zip(*deltas) {
        *score += delta;
    }
    table.sticks = 0;
    table.tally.wins[s] += 1;
    world.resource_mut::<Kyoku>().phase = Phase::Over;
    if last {
        ctx.emit(RiichiEvent::HandEnd {
            repeat: winners.contains(&dealer),
            draw: false,
            abortive: false,
        });
    }
}

fn exhaustive_draw(
    ctx: &mut Ctx<'_, Riichi>,
    tenpai: &mut [bool; SEATS],
    nagashi: &mut [bool; SEATS],
    deltas: &mut [i32; SEATS],
) {
    let config = &ctx.game().config;
    let payment = config.tenpai_payment;
    let nagashi_on = config.nagashi_mangan;
    let world = ctx.world();
    let kyoku = world.resource::<Kyoku>();
    for (s, ready) in tenpai.iter_mut().enumerate() {
        *ready = legal::is_tenpai(kyoku, Seat(s as u8));
    }
    for (s, paid) in nagashi.iter_mut().enumerate() {
        let mut river = kyoku.river_of(Seat(s as u8)).peekable();
        *paid = nagashi_on
            && river.peek().is_some()
            && river.all(|t| t.tile.kind().is_terminal_or_honor() && !t.called);
    }
    let n = tenpai.iter().filter(|&&t| t).count() as i32;
    let mut table = world.resource_mut::<Match>();
    let dealer = table.dealer();
    if nagashi.contains(&true) {
        // A mangan tsumo each: 4000 all from the dealer, 2000/4000 from the others.
        for winner in (0..SEATS).filter(|&s| nagashi[s]) {
            for other in (0..SEATS).filter(|&o| o != winner) {
                let pay = if winner == dealer.index() || other == dealer.index() {
                    4000
                } else {
                    2000
                };
                deltas[other] -= pay;
                deltas[winner] += pay;
            }
        }
    } else if n > 0 && n < SEATS as i32 {
        for (s, &ready) in tenpai.iter().enumerate() {
            deltas[s] = if ready {
                payment / n
            } else {
                -payment / (SEATS as i32 - n)
            };
        }
    }
    for (score, delta) in table.scores.iter_mut().zip(*deltas) {
        *score += delta;
    }
    table.tally.draws += 1;
    world.resource_mut::<Kyoku>().phase = Phase::Over;
    ctx.emit(RiichiEvent::HandEnd {
        repeat: tenpai[dealer.index()],
        draw: true,
        abortive: false,
    });
}

fn hand_end(ctx: &mut Ctx<'_, Riichi>, repeat: bool, draw: bool, abortive: bool) {
    let config = ctx.game().config.clone();
    let world = ctx.world();
    let mut table = world.resource_mut::<Match>();
    let winds = config.length.winds();
    let last_hand = winds == 0 || (table.wind + 1 == winds && table.number == 3);
    let busted = config.busting && table.scores.iter().any(|&s| s < 0);
    let dealer = table.dealer().index();
    let dealer_first = (0..SEATS).all(|s| s == dealer || table.scores[dealer] > table.scores[s]);
    // The extension (one more wind) is played while nobody has the target: sudden death.
    let reached = table.scores.iter().any(|&s| s >= config.target_points);
    let extending = winds > 0 && table.wind >= winds;
    let extension_over = extending && (reached || (table.number == 3 && !repeat));
    let over = busted
        || winds == 0
        || extension_over
        || (last_hand && reached && (!repeat || (config.agari_yame && !abortive && dealer_first)));
    if repeat || draw {
        table.honba = table.honba.saturating_add(1);
    } else {
        table.honba = 0;
    }
    if !repeat {
        table.number += 1;
        if table.number == SEATS as u8 {
            table.number = 0;
            table.wind += 1;
        }
    }
    if over {
        let scores = table.scores;
        ctx.emit(RiichiEvent::MatchEnd { scores });
    } else {
        let t = *table;
        ctx.emit(RiichiEvent::Deal {
            wind: t.wind,
            number: t.number,
            honba: t.honba,
            sticks: t.sticks,
            hands: Vec::new(),
            indicator: None,
        });
    }
}
