//! Seeded random streams: one ChaCha8 stream per purpose, keyed by (seed, purpose, round).

use bevy_ecs::prelude::*;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::{Deserialize, Serialize};

/// What a random stream is for. Each purpose has its own stream, so drawing more for one purpose
/// (an AI's rollout) never shifts another (the deal).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Purpose {
    /// Dealing at the start of a round.
    Deal,
    /// Draws during play.
    Draw,
    /// Dice rolls.
    Dice,
    /// Random effects of cards and abilities (case generators).
    Effect,
    /// AI players' own randomness.
    Ai,
}

impl Purpose {
    /// Every purpose, in stream order.
    pub const ALL: [Purpose; 5] = [
        Purpose::Deal,
        Purpose::Draw,
        Purpose::Dice,
        Purpose::Effect,
        Purpose::Ai,
    ];

    /// The 32-bit key this purpose contributes to its stream id.
    pub const fn key(self) -> u32 {
        self as u32 + 1
    }
}

/// Derives the generator for `(seed, purpose key, round)`: the ChaCha8 key comes from the seed,
/// the 64-bit ChaCha stream id is `key << 32 | round`. Streams for different keys or rounds never
/// overlap, and one round can be replayed without replaying what came before.
pub fn derive_stream(seed: u64, key: u32, round: u32) -> ChaCha8Rng {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    rng.set_stream((u64::from(key) << 32) | u64::from(round));
    rng
}

/// Where one purpose's stream stands, kept apart from its generator (in [`Streams::rngs`]): a
/// snapshot's copy of the streams is these marks alone, a few cache lines however many
/// generators the world has derived. A reseed or a new round costs no key schedule for the
/// purposes it never uses; [`Clone::clone_from`] between two copies of the same stream (same
/// seed, purpose and round) records only the word position, and the generator seeks there
/// lazily, on its next draw.
#[derive(Clone, Copy, Debug, Default)]
struct Mark {
    /// The generator beside it is this stream's (derived for the streams' seed and round).
    derived: bool,
    /// The generator must seek to `pending` before the next draw (it stands elsewhere, or
    /// is not derived yet).
    seek: bool,
    /// The word position to seek to, when `seek`.
    pending: u128,
}

impl Mark {
    /// The stream's word position, given its generator (`rng`, read only when derived).
    fn word_pos(&self, rng: Option<&ChaCha8Rng>) -> u128 {
        match self.seek {
            true => self.pending,
            false => self.generator_pos(rng),
        }
    }

    /// Where the generator will stand before any seek: `rng`'s position when it is this
    /// stream's, else the start (it is derived afresh).
    fn generator_pos(&self, rng: Option<&ChaCha8Rng>) -> u128 {
        match (self.derived, rng) {
            (true, Some(rng)) => rng.get_word_pos(),
            _ => 0,
        }
    }

    /// Back to the start of a stream not derived yet (after a reseed or a new round).
    fn reset(&mut self) {
        *self = Mark::default();
    }

    /// Takes position `pos` in another stream (another seed or round): this one is derived
    /// afresh on its next draw, and seeks there then.
    fn restart_at(&mut self, pos: u128) {
        *self = Mark {
            derived: false,
            seek: pos != 0,
            pending: pos,
        };
    }

    /// Takes position `pos` in the same stream, its generator being `rng`.
    fn seek_to(&mut self, pos: u128, rng: Option<&ChaCha8Rng>) {
        self.seek = self.generator_pos(rng) != pos;
        self.pending = pos;
    }
}

/// A seed for item `index` of a run seeded `seed` (game `i` of a simulation, iteration `i` of a
/// search): a stable hash of both, so items are independent and reproducible.
pub fn sub_seed(seed: u64, index: u64) -> u64 {
    use std::hash::Hasher;
    let mut h = crate::snapshot::StableHasher::new();
    h.write_u64(seed);
    h.write_u64(index);
    h.finish()
}

/// The game's random streams (one per [`Purpose`]), kept in the World so snapshots restore them.
///
/// Each stream is derived on its first draw after a reseed or a new round (the same values as
/// deriving them all at once). Snapshots copy a position per stream, not the generators'
/// buffers: a stream that moved since the snapshot seeks back when it is next drawn from.
#[derive(Resource, Debug)]
pub struct Streams {
    seed: u64,
    round: u32,
    marks: [Mark; Purpose::ALL.len()],
    /// The generators, one slot per purpose, each allocated on its purpose's first draw
    /// (a game keeps only the generators it draws from: a parked env's snapshot stays small;
    /// a clone starts without, and derives its generators again as it draws).
    rngs: [Option<Box<ChaCha8Rng>>; Purpose::ALL.len()],
}

impl Clone for Streams {
    fn clone(&self) -> Self {
        let mut marks = [Mark::default(); Purpose::ALL.len()];
        for (index, mark) in marks.iter_mut().enumerate() {
            mark.restart_at(self.stream_pos(index));
        }
        Streams {
            seed: self.seed,
            round: self.round,
            marks,
            rngs: Default::default(),
        }
    }

    /// Copies positions only: a stream of the same seed and round seeks lazily, one of
    /// another is derived again on its next draw (a search's restore after a reseed copies
    /// no generator).
    fn clone_from(&mut self, source: &Self) {
        let same = (self.seed, self.round) == (source.seed, source.round);
        (self.seed, self.round) = (source.seed, source.round);
        for index in 0..self.marks.len() {
            let pos = source.stream_pos(index);
            match same {
                true => self.marks[index].seek_to(pos, generator(&self.rngs, index)),
                false => self.marks[index].restart_at(pos),
            }
        }
    }
}

impl Streams {
    /// Streams for `seed` at round 0.
    pub fn new(seed: u64) -> Self {
        Self::at_round(seed, 0)
    }

    /// Streams for `seed` keyed to `round`.
    pub fn at_round(seed: u64, round: u32) -> Self {
        Streams {
            seed,
            round,
            marks: Default::default(),
            rngs: Default::default(),
        }
    }

    /// The game seed.
    pub fn seed(&self) -> u64 {
        self.seed
    }

    /// The round the streams are keyed to.
    pub fn round(&self) -> u32 {
        self.round
    }

    /// Re-keys every stream to `round`, independent of how much earlier rounds drew.
    pub fn start_round(&mut self, round: u32) {
        self.round = round;
        self.marks.iter_mut().for_each(Mark::reset);
    }

    /// Re-keys every stream to `seed`, keeping the round: the same as
    /// `Streams::at_round(seed, round)`, in place.
    pub fn reseed(&mut self, seed: u64) {
        self.seed = seed;
        self.marks.iter_mut().for_each(Mark::reset);
    }

    /// The generator for `purpose`.
    #[inline(always)]
    pub fn rng(&mut self, purpose: Purpose) -> &mut ChaCha8Rng {
        let index = purpose as usize;
        let mark = self.marks[index];
        if !mark.derived || mark.seek {
            self.ready(purpose);
        }
        self.rngs[index].as_mut().expect("made ready above")
    }

    /// Off [`rng`](Self::rng)'s common path: derives `purpose`'s generator if it is not
    /// this stream's, and seeks it.
    #[cold]
    #[inline(never)]
    fn ready(&mut self, purpose: Purpose) {
        let index = purpose as usize;
        let mark = &mut self.marks[index];
        let slot = &mut self.rngs[index];
        let fresh = || derive_stream(self.seed, purpose.key(), self.round);
        // A generator derived before is rederived in its own box (no allocation a reseed).
        let rng = match slot {
            Some(rng) if mark.derived => rng,
            Some(rng) => {
                **rng = fresh();
                rng
            }
            None => slot.insert(Box::new(fresh())),
        };
        mark.derived = true;
        if mark.seek {
            rng.set_word_pos(mark.pending);
            mark.seek = false;
        }
    }

    /// Stream `index`'s word position.
    fn stream_pos(&self, index: usize) -> u128 {
        self.marks[index].word_pos(generator(&self.rngs, index))
    }

    /// How many 32-bit words `purpose`'s stream has used (its position).
    pub fn word_pos(&self, purpose: Purpose) -> u128 {
        self.stream_pos(purpose as usize)
    }
}

/// Stream `index`'s generator in `rngs`, when one was ever derived there (a free function:
/// [`Clone::clone_from`] reads it while it changes the marks).
fn generator(rngs: &[Option<Box<ChaCha8Rng>>], index: usize) -> Option<&ChaCha8Rng> {
    rngs.get(index).and_then(Option::as_deref)
}

impl std::hash::Hash for Streams {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.seed.hash(state);
        self.round.hash(state);
        for index in 0..self.marks.len() {
            self.stream_pos(index).hash(state);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::RngExt;

    #[test]
    fn streams_are_keyed_and_replayable() {
        let mut a = Streams::new(7);
        let first: Vec<u32> = (0..4)
            .map(|_| a.rng(Purpose::Dice).random_range(0..1000))
            .collect();
        // Drawing from another purpose does not shift the dice stream.
        let mut b = Streams::new(7);
        for _ in 0..10 {
            b.rng(Purpose::Ai).random_range(0..1000u32);
        }
        let second: Vec<u32> = (0..4)
            .map(|_| b.rng(Purpose::Dice).random_range(0..1000))
            .collect();
        assert_eq!(first, second);
        // A round's stream depends only on (seed, purpose, round).
        a.start_round(3);
        let mut c = Streams::new(7);
        c.start_round(3);
        assert_eq!(
            a.rng(Purpose::Deal).random_range(0..u64::MAX),
            c.rng(Purpose::Deal).random_range(0..u64::MAX)
        );
        assert_ne!(
            derive_stream(7, 1, 0).get_stream(),
            derive_stream(7, 1, 1).get_stream()
        );
    }

    /// A generator drawn from, then reseeded or re-keyed to another round, is derived again
    /// in its own box (the same box: no allocation) with the values a new `Streams` draws.
    #[test]
    fn a_reseed_rederives_a_drawn_generator_in_its_box() {
        let mut streams = Streams::new(3);
        streams.rng(Purpose::Deal).random::<u64>();
        let boxed = |s: &Streams| {
            s.rngs[Purpose::Deal as usize]
                .as_deref()
                .map(std::ptr::from_ref)
        };
        let before = boxed(&streams);
        for (seed, round) in [(4, 0), (4, 5)] {
            streams.reseed(seed);
            streams.start_round(round);
            let drawn: Vec<u64> = (0..3)
                .map(|_| streams.rng(Purpose::Deal).random::<u64>())
                .collect();
            let mut fresh = Streams::at_round(seed, round);
            let expected: Vec<u64> = (0..3)
                .map(|_| fresh.rng(Purpose::Deal).random::<u64>())
                .collect();
            assert_eq!(drawn, expected, "seed {seed}, round {round}");
            assert_eq!(boxed(&streams), before, "the generator stays in its box");
        }
        assert!(
            streams.rngs[Purpose::Dice as usize].is_none(),
            "never drawn from"
        );
    }

    #[test]
    fn streams_are_derived_on_first_draw_with_the_eager_values() {
        let mut lazy = Streams::at_round(9, 2);
        assert!(lazy.marks.iter().all(|mark| !mark.derived));
        let mut eager = derive_stream(9, Purpose::Draw.key(), 2);
        for _ in 0..50 {
            let want = eager.random_range(0..u64::MAX);
            assert_eq!(lazy.rng(Purpose::Draw).random_range(0..u64::MAX), want);
        }
        // Only the stream drawn from exists; the others still hash as position 0.
        assert_eq!(lazy.marks.iter().filter(|mark| mark.derived).count(), 1);
        assert_eq!(lazy.word_pos(Purpose::Deal), 0);
        // A moved stream copied from one never drawn from goes back to its start.
        let unborn = Streams::at_round(9, 2);
        lazy.clone_from(&unborn);
        assert_eq!(lazy.word_pos(Purpose::Draw), 0);
        let mut eager = derive_stream(9, Purpose::Draw.key(), 2);
        assert_eq!(
            lazy.rng(Purpose::Draw).random_range(0..u64::MAX),
            eager.random_range(0..u64::MAX)
        );
        // And a stream never drawn from, copied from a moved one, starts at its position.
        let mut fresh = Streams::at_round(9, 2);
        fresh.clone_from(&lazy);
        assert_eq!(fresh.word_pos(Purpose::Draw), lazy.word_pos(Purpose::Draw));
        assert_eq!(
            fresh.rng(Purpose::Draw).random_range(0..u64::MAX),
            eager.random_range(0..u64::MAX)
        );
    }

    #[test]
    fn a_copy_across_seeds_derives_the_source_stream_again_at_its_position() {
        let mut source = Streams::at_round(11, 1);
        for _ in 0..37 {
            source.rng(Purpose::Dice).random_range(0..6u32);
        }
        let mut continued = source.clone();
        let expected: Vec<u64> = (0..20)
            .map(|_| continued.rng(Purpose::Dice).random_range(0..u64::MAX))
            .collect();
        // A search's copy: reseeded (in place, like `at_round`) and moved, then restored.
        let mut copy = source.clone();
        copy.reseed(99);
        assert_eq!(copy.word_pos(Purpose::Dice), 0);
        assert_eq!((copy.seed(), copy.round()), (99, 1));
        copy.rng(Purpose::Dice).random_range(0..6u32);
        copy.rng(Purpose::Ai).random_range(0..6u32);
        copy.clone_from(&source);
        assert!(
            copy.marks.iter().all(|mark| !mark.derived),
            "no generator copied"
        );
        assert_eq!((copy.seed(), copy.round()), (11, 1));
        assert_eq!(copy.word_pos(Purpose::Dice), source.word_pos(Purpose::Dice));
        assert_eq!(copy.word_pos(Purpose::Ai), 0);
        let again: Vec<u64> = (0..20)
            .map(|_| copy.rng(Purpose::Dice).random_range(0..u64::MAX))
            .collect();
        assert_eq!(again, expected);
    }

    #[test]
    fn clone_from_restores_the_position_lazily_and_exactly() {
        let mut live = Streams::new(5);
        let mut saved = live.clone();
        live.rng(Purpose::Dice).random_range(0..6u32);
        saved.clone_from(&live);
        let start = saved.word_pos(Purpose::Dice);
        assert!(start > 0);
        let expected: Vec<u64> = (0..100)
            .map(|_| live.rng(Purpose::Dice).random_range(0..u64::MAX))
            .collect();
        let end = live.word_pos(Purpose::Dice);
        assert!(end > start);
        live.clone_from(&saved);
        assert_eq!(live.word_pos(Purpose::Dice), start);
        let again: Vec<u64> = (0..100)
            .map(|_| live.rng(Purpose::Dice).random_range(0..u64::MAX))
            .collect();
        assert_eq!(again, expected);
        assert_eq!(live.word_pos(Purpose::Dice), end);
        // A copy holding no generator keeps a position saved into it again, unchanged.
        let mut copy = live.clone();
        copy.clone_from(&live);
        assert_eq!(copy.word_pos(Purpose::Dice), end);
        assert_eq!(copy.rng(Purpose::Dice).random_range(0..u64::MAX), {
            live.rng(Purpose::Dice).random_range(0..u64::MAX)
        });
        // Another round is another stream: copied whole.
        let mut other = Streams::new(5);
        other.start_round(2);
        live.clone_from(&other);
        assert_eq!(live.round(), 2);
        assert_eq!(live.word_pos(Purpose::Deal), 0);
    }
}
