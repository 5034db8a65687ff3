//! The claim window both rulesets open on a discard (or on a tile added to a kan): each
//! seat's options as bits ([`CAN_RON`], [`CAN_PON`], [`CAN_KAN`]; riichi adds chi), its
//! answer ([`ClaimAnswer`]: riichi's `Answer`, sichuan's `Claim`), who answers next and how
//! the answers resolve ([`resolve`]: every ron, else the call of the best rank nearest the
//! discarder).

use alea::kernel::Seat;

/// Seats at a mahjong table.
const SEATS: u8 = 4;

/// Option bit: win on the tile.
pub const CAN_RON: u8 = 1;
/// Option bit: pon.
pub const CAN_PON: u8 = 2;
/// Option bit: open kan.
pub const CAN_KAN: u8 = 4;

/// A seat's answer in a claim window; the default is "not answered yet".
pub trait ClaimAnswer: Copy + PartialEq + Default {
    /// A win on the tile.
    fn is_ron(&self) -> bool;
    /// A call's precedence, lowest first (pon and kan 0, riichi's chi 1); `None` for a ron
    /// or a pass.
    fn call_rank(&self) -> Option<u8>;
}

/// The seats after `from` in turn order: the window's order.
pub fn seats_after(from: Seat) -> impl Iterator<Item = Seat> + Clone {
    (1..SEATS).map(move |d| Seat((from.0 + d) % SEATS))
}

/// The first seat after `from` with an option and no answer yet: the one the window waits on.
pub fn next_to_answer<A: ClaimAnswer>(can: &[u8; 4], answers: &[A; 4], from: Seat) -> Option<Seat> {
    seats_after(from).find(|s| can[s.index()] != 0 && answers[s.index()] == A::default())
}

/// The seats that answered ron, in turn order from `from`.
pub fn rons<A: ClaimAnswer>(answers: &[A; 4], from: Seat) -> impl Iterator<Item = Seat> + '_ {
    seats_after(from).filter(|s| answers[s.index()].is_ron())
}

/// What a window's answers come to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Resolution<A> {
    /// A seat with an option has not answered.
    Waiting,
    /// These seats won on the tile (in turn order from the discarder).
    Rons(Vec<Seat>),
    /// Nobody won; `seat` takes the tile with `answer`, the call of the best rank nearest the
    /// discarder.
    Call {
        /// The caller.
        seat: Seat,
        /// Its answer.
        answer: A,
    },
    /// Nobody won or called.
    Passed,
}

/// Resolves the window on `from`'s tile from the options `can` and the `answers` so far.
pub fn resolve<A: ClaimAnswer>(can: &[u8; 4], answers: &[A; 4], from: Seat) -> Resolution<A> {
    if next_to_answer(can, answers, from).is_some() {
        return Resolution::Waiting;
    }
    let winners: Vec<Seat> = rons(answers, from).collect();
    if !winners.is_empty() {
        return Resolution::Rons(winners);
    }
    let caller = seats_after(from)
        .filter(|s| can[s.index()] != 0)
        .filter_map(|s| Some((answers[s.index()].call_rank()?, s)))
        .min_by_key(|&(rank, _)| rank);
    match caller {
        Some((_, seat)) => Resolution::Call {
            seat,
            answer: answers[seat.index()],
        },
        None => Resolution::Passed,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A window's answer as the tests give it, by name (`""`: not answered yet).
    #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
    struct Answer(&'static str);

    impl ClaimAnswer for Answer {
        fn is_ron(&self) -> bool {
            self.0 == "ron"
        }

        fn call_rank(&self) -> Option<u8> {
            match self.0 {
                "pon" | "kan" => Some(0),
                "chi" => Some(1),
                _ => None,
            }
        }
    }

    /// Ron before any call, every ron in turn order from the discarder; a pon or kan before
    /// a chi even when the chi sits nearer; the nearest of two ranks alike.
    #[test]
    fn answers_resolve_by_precedence_then_turn_order() {
        let all = [CAN_RON; 4];
        let mut answers = [Answer("pass"); 4];
        answers[0] = Answer("ron");
        answers[1] = Answer("chi");
        assert_eq!(
            resolve(&all, &answers, Seat(2)),
            Resolution::Rons(vec![Seat(0)])
        );
        answers[3] = Answer("ron");
        assert_eq!(
            resolve(&all, &answers, Seat(2)),
            Resolution::Rons(vec![Seat(3), Seat(0)])
        );
        let answers = [Answer("pass"), Answer("chi"), Answer("kan"), Answer("pon")];
        let call = |seat: u8| Resolution::Call {
            seat: Seat(seat),
            answer: answers[usize::from(seat)],
        };
        assert_eq!(resolve(&all, &answers, Seat(0)), call(2));
        assert_eq!(resolve(&all, &answers, Seat(2)), call(3));
        assert_eq!(resolve(&all, &answers, Seat(3)), call(2));
        let passes = [Answer("pass"); 4];
        assert_eq!(resolve(&all, &passes, Seat(1)), Resolution::Passed);
    }

    /// A call counts only from a seat that had an option.
    #[test]
    fn a_call_without_an_option_is_not_taken() {
        let answers = [Answer("pass"), Answer("pon"), Answer("pass"), Answer("chi")];
        let can = [0, 0, CAN_PON, CAN_PON];
        assert_eq!(
            resolve(&can, &answers, Seat(0)),
            Resolution::Call {
                seat: Seat(3),
                answer: Answer("chi")
            }
        );
    }

    /// The window waits on the first seat after the discarder with an option and no answer.
    #[test]
    fn the_window_waits_on_the_first_unanswered_option() {
        let can = [CAN_PON, 0, CAN_RON, CAN_PON];
        let mut answers = [Answer(""); 4];
        assert_eq!(next_to_answer(&can, &answers, Seat(1)), Some(Seat(2)));
        assert_eq!(resolve(&can, &answers, Seat(1)), Resolution::Waiting);
        answers[2] = Answer("pass");
        assert_eq!(next_to_answer(&can, &answers, Seat(1)), Some(Seat(3)));
        answers[3] = Answer("pass");
        answers[0] = Answer("pass");
        assert_eq!(next_to_answer(&can, &answers, Seat(1)), None);
        assert_eq!(resolve(&can, &answers, Seat(1)), Resolution::Passed);
    }
}
