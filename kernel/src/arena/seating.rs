//! Who sits where in an arena: [`Seating`].

use serde::{Deserialize, Serialize};

use super::ArenaError;

/// The players of an arena: the list given, filled to the table's seats (a shorter list
/// repeats its last entry), its player kinds, and the distinct cyclic rotations it has.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Seating {
    /// The player at each seat in rotation 0.
    pub seats: Vec<String>,
    /// The distinct player names, in the order of their first seat.
    pub kinds: Vec<String>,
    /// Rotations a deal is played in: the seating's period under rotation (4 for
    /// `ismcts,greedy,greedy,greedy`, 2 for `a,b,a,b`, 1 when every seat has one kind).
    pub rotations: usize,
}

impl Seating {
    /// `players` at a table of `seats` (names trimmed; a shorter list repeats its last).
    pub fn new(players: &[String], seats: usize) -> Result<Seating, ArenaError> {
        let names: Vec<String> = players.iter().map(|p| p.trim().to_string()).collect();
        if names.is_empty() || names.iter().any(String::is_empty) {
            return Err(ArenaError::Usage(format!(
                "players {players:?}: expected one or more player names"
            )));
        }
        if names.len() > seats {
            return Err(ArenaError::Usage(format!(
                "{} players listed for a table of {seats} seats",
                names.len()
            )));
        }
        let last = names[names.len() - 1].clone();
        let filled: Vec<String> = (0..seats)
            .map(|s| names.get(s).cloned().unwrap_or_else(|| last.clone()))
            .collect();
        let mut kinds: Vec<String> = Vec::new();
        for name in &filled {
            if !kinds.contains(name) {
                kinds.push(name.clone());
            }
        }
        let rotations = (1..=seats)
            .find(|&r| {
                seats.is_multiple_of(r) && (0..seats).all(|s| filled[s] == filled[(s + r) % seats])
            })
            .unwrap_or(seats);
        Ok(Seating {
            seats: filled,
            kinds,
            rotations,
        })
    }

    /// The players by seat in rotation `r`: each player one seat further on per rotation
    /// (seat `s` plays `seats[(s + n - r) % n]`).
    pub fn rotation(&self, r: usize) -> Vec<String> {
        let n = self.seats.len();
        (0..n)
            .map(|s| self.seats[(s + n - r % n) % n].clone())
            .collect()
    }

    /// The index in [`kinds`](Self::kinds) of `name`.
    pub fn kind(&self, name: &str) -> Option<usize> {
        self.kinds.iter().position(|k| k == name)
    }

    /// How many seats each kind takes in one rotation.
    pub fn seats_of(&self) -> Vec<usize> {
        self.kinds
            .iter()
            .map(|k| self.seats.iter().filter(|s| *s == k).count())
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn names(list: &str) -> Vec<String> {
        list.split(',').map(str::to_string).collect()
    }

    #[test]
    fn a_short_list_repeats_its_last_player_and_rotates_through_every_seat() {
        let seating = Seating::new(&names("ismcts, greedy"), 4).unwrap();
        assert_eq!(seating.seats, names("ismcts,greedy,greedy,greedy"));
        assert_eq!(seating.kinds, names("ismcts,greedy"));
        assert_eq!(seating.rotations, 4);
        let ismcts_seats: Vec<usize> = (0..4)
            .map(|r| {
                seating
                    .rotation(r)
                    .iter()
                    .position(|p| p == "ismcts")
                    .unwrap()
            })
            .collect();
        assert_eq!(ismcts_seats, vec![0, 1, 2, 3]);
        assert_eq!(seating.seats_of(), vec![1, 3]);
    }

    #[test]
    fn a_periodic_seating_plays_only_its_distinct_rotations() {
        assert_eq!(Seating::new(&names("a,b,a,b"), 4).unwrap().rotations, 2);
        assert_eq!(Seating::new(&names("a"), 4).unwrap().rotations, 1);
        assert_eq!(Seating::new(&names("a,b"), 2).unwrap().rotations, 2);
        assert_eq!(Seating::new(&names("a,b,c"), 3).unwrap().rotations, 3);
    }

    #[test]
    fn too_many_players_or_none_are_refused() {
        assert!(
            matches!(Seating::new(&names("a,b,c"), 2), Err(ArenaError::Usage(m)) if m.contains("3 players"))
        );
        assert!(Seating::new(&[], 2).is_err());
        assert!(Seating::new(&names("a,,b"), 4).is_err());
    }
}
