//! [`RootEvents`]: where [`Game::translate`](crate::kernel::Game::translate) puts the events of
//! a player's action.

use bevy_ecs::prelude::*;

use super::Origin;
use super::stack::{Queued, push_waiting, turn_over};
use crate::kernel::{Game, Rules, Seat, Table};

/// The root events of an action, in the order [`push`](Self::push)ed: they go straight onto
/// the pipeline's stack of waiting events (no buffer in between), the first pushed resolving
/// first.
pub struct RootEvents<'a, E> {
    waiting: &'a mut Vec<Queued<E>>,
    base: usize,
}

impl<'a, E> RootEvents<'a, E> {
    /// Root events pushed onto `waiting`, above the events already there.
    pub(crate) fn onto(waiting: &'a mut Vec<Queued<E>>) -> Self {
        let base = waiting.len();
        RootEvents { waiting, base }
    }

    /// Adds `event` after the events pushed before it.
    #[inline]
    pub fn push(&mut self, event: E) {
        push_waiting(self.waiting, event, 1, Origin::Action);
    }

    /// How many events were pushed.
    pub fn len(&self) -> usize {
        self.waiting.len() - self.base
    }

    /// True when no event was pushed (an answer to a question is never translated).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Turns the pushed events over, so that the first pushed is on top of the stack.
    #[inline]
    pub(crate) fn close(self) {
        turn_over(self.waiting, self.base);
    }
}

/// [`Game::translate`]'s events for `seat`'s `action`, in order, outside any resolution (a bot
/// that replays an action's events with [`Sim::emit`](crate::kernel::Sim::emit)).
pub fn translate<G: Game>(
    rules: &Rules<G>,
    world: &World,
    table: &Table,
    state: &G::State,
    seat: Seat,
    action: G::Action,
) -> Vec<G::Event> {
    let mut waiting = Vec::new();
    G::translate(
        rules,
        world,
        table,
        state,
        seat,
        action,
        &mut RootEvents::onto(&mut waiting),
    );
    waiting.into_iter().map(|queued| queued.event).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_first_event_pushed_ends_on_top() {
        let mut waiting = vec![Queued {
            event: 'a',
            depth: 3,
            origin: Origin::Rules,
        }];
        let mut roots = RootEvents::onto(&mut waiting);
        for event in ['x', 'y', 'z'] {
            roots.push(event);
        }
        assert_eq!(roots.len(), 3);
        roots.close();
        let order: Vec<_> = waiting
            .iter()
            .map(|q| (q.event, q.depth, q.origin))
            .collect();
        assert_eq!(
            order,
            [
                ('a', 3, Origin::Rules),
                ('z', 1, Origin::Action),
                ('y', 1, Origin::Action),
                ('x', 1, Origin::Action),
            ]
        );
    }
}
