//! The module's games and states in OpenSpiel's shape (`Game`, `State`) and the functions
//! that load them from the module's registry.

use std::sync::Arc;

use numpy::IntoPyArray;
use numpy::ndarray::{ArrayD, IxDyn};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList, PyTuple};
use serde::{Deserialize, Serialize};

use crate::options::{self, Given};
use alea::kernel::{Seat, Zone};
use alea::registry::{
    self as table, DynGame, DynState, OptionError, OptionValue, Options, StateError, Step,
};

pub(crate) fn state_error(error: StateError) -> PyErr {
    match error {
        StateError::Usage(message) => PyValueError::new_err(message),
        StateError::Game(message) => PyRuntimeError::new_err(message),
    }
}

pub(crate) fn option_error(error: OptionError) -> PyErr {
    PyValueError::new_err(error.to_string())
}

/// A keyword option's value: an `int` an integer, a list or tuple a list of texts, anything
/// else its `str` (the registry checks it against the option's kind); `None` left out.
pub(crate) fn option_value(value: &Bound<'_, PyAny>) -> PyResult<Option<OptionValue>> {
    if value.is_none() {
        return Ok(None);
    }
    if !value.is_instance_of::<pyo3::types::PyBool>()
        && let Ok(n) = value.extract::<i64>()
    {
        return Ok(Some(OptionValue::Int(n)));
    }
    if value.is_instance_of::<PyList>() || value.is_instance_of::<PyTuple>() {
        let items: Vec<String> = value
            .try_iter()?
            .map(|item| item.and_then(|i| Ok(i.str()?.to_string())))
            .collect::<PyResult<_>>()?;
        return Ok(Some(OptionValue::List(items)));
    }
    Ok(Some(OptionValue::Text(value.str()?.to_string())))
}

pub(crate) fn read_options(kwargs: Option<&Bound<'_, PyDict>>) -> PyResult<Given> {
    let mut options = Given::new();
    if let Some(kwargs) = kwargs {
        for (key, value) in kwargs.iter() {
            if let Some(value) = option_value(&value)? {
                options.push((key.extract::<String>()?, value));
            }
        }
    }
    Ok(options)
}

fn options_dict<'py>(py: Python<'py>, options: &Options) -> PyResult<Bound<'py, PyDict>> {
    let dict = PyDict::new(py);
    for (key, value) in options.iter() {
        match value {
            OptionValue::Int(n) => dict.set_item(key, n)?,
            OptionValue::Text(text) => dict.set_item(key, text)?,
            OptionValue::List(items) => dict.set_item(key, items)?,
        }
    }
    Ok(dict)
}

/// What `__reduce__` returns: the function that rebuilds an object, and its arguments.
type Reduced<'py, A> = (Bound<'py, PyAny>, A);

/// A game: `load_game(name, **options)`.
#[pyclass(module = "alea._alea", frozen)]
pub struct Game {
    name: String,
    options: Options,
    table: Arc<dyn DynGame>,
    /// The seed of the next `new_initial_state()` called without one.
    next_seed: std::sync::atomic::AtomicU64,
}

impl Game {
    fn new(name: String, options: Options, table: Arc<dyn DynGame>) -> Game {
        Game {
            name,
            options,
            table,
            next_seed: std::sync::atomic::AtomicU64::new(0),
        }
    }
}

/// What `State.serialize` writes: the game, its options, the seed and the steps.
#[derive(Serialize, Deserialize)]
struct Serialized {
    game: String,
    /// The checked options by name (states written before the registry hold a list of
    /// `[name, text]` pairs: read as given options).
    options: serde_json::Value,
    seed: u64,
    history: Vec<Step>,
    /// Started at the chance root (`new_initial_state(chance_root=True)`); absent in states
    /// written before it existed: dealt.
    #[serde(default, skip_serializing_if = "std::ops::Not::not")]
    chance_root: bool,
}

impl Serialized {
    /// The game's options, checked against its registry entry.
    fn options(&self) -> PyResult<Options> {
        let bad = |e: &dyn std::fmt::Display| {
            PyValueError::new_err(format!("not a serialized state: {e}"))
        };
        let given: Given = match &self.options {
            serde_json::Value::Array(_) => {
                let pairs: Vec<(String, Option<String>)> =
                    serde_json::from_value(self.options.clone()).map_err(|e| bad(&e))?;
                pairs
                    .into_iter()
                    .map(|(k, v)| (k, OptionValue::Text(v.unwrap_or_default())))
                    .collect()
            }
            _ => serde_json::from_value::<std::collections::BTreeMap<String, OptionValue>>(
                self.options.clone(),
            )
            .map_err(|e| bad(&e))?
            .into_iter()
            .collect(),
        };
        options::entry(&self.game)
            .and_then(|info| info.options(given))
            .map_err(option_error)
    }
}

#[pymethods]
impl Game {
    /// The game's name (`pig`, `leduc`, `riichi`, `sichuan`, `duel`, `sgs`).
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// The options it was loaded with.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_dict(py, &self.options)
    }

    /// Seats.
    fn num_players(&self) -> usize {
        self.table.seats()
    }

    /// Action ids are `0..num_distinct_actions()`.
    fn num_distinct_actions(&self) -> u32 {
        self.table.num_actions()
    }

    /// The most outcomes a chance node has (0: the game has no chance nodes).
    fn max_chance_outcomes(&self) -> u32 {
        self.table.bounds().max_chance_outcomes
    }

    /// The most player moves a game takes.
    fn max_game_length(&self) -> u32 {
        self.table.bounds().max_game_length
    }

    /// The lowest return.
    fn min_utility(&self) -> f64 {
        self.table.bounds().min_utility
    }

    /// The highest return.
    fn max_utility(&self) -> f64 {
        self.table.bounds().max_utility
    }

    /// True when the returns always sum to zero.
    fn is_zero_sum(&self) -> bool {
        self.table.bounds().zero_sum
    }

    /// True when seats hold hidden information.
    fn has_hidden_information(&self) -> bool {
        self.table.hidden()
    }

    /// The shape of `State.observation_tensor`.
    fn observation_tensor_shape(&self) -> Vec<usize> {
        self.table.shape()
    }

    /// The initial state of the game seeded with `seed`: dealt (a player to move), or with
    /// `chance_root=True` the chance root (the deal's chance nodes first, as in OpenSpiel; the
    /// same as dealt in a game whose deal is no chance node). Without a seed, each call takes
    /// the next of this game's seeds 0, 1, 2, ...: a new deal every call, the same sequence in
    /// every run.
    #[pyo3(signature = (seed = None, chance_root = false))]
    fn new_initial_state(
        slf: &Bound<'_, Self>,
        py: Python<'_>,
        seed: Option<u64>,
        chance_root: bool,
    ) -> PyResult<State> {
        let game = slf.get();
        let seed = seed.unwrap_or_else(|| {
            game.next_seed
                .fetch_add(1, std::sync::atomic::Ordering::Relaxed)
        });
        let table = game.table.clone();
        let inner = py
            .detach(|| match chance_root {
                true => table.new_chance_root(seed),
                false => table.new_state(seed),
            })
            .map_err(state_error)?;
        Ok(State {
            game: slf.clone().unbind(),
            inner,
        })
    }

    /// The shape of `State.information_state_tensor`, or `None` when the game writes no
    /// information-state tensor.
    fn information_state_tensor_shape(&self) -> Option<Vec<usize>> {
        self.table.information_state_shape()
    }

    /// The game's parameters: its options by name (`options()`).
    fn get_parameters<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_dict(py, &self.options)
    }

    /// What kind of game it is, in OpenSpiel's `GameType` terms (a namespace of
    /// `short_name`, `long_name`, `dynamics`, `chance_mode`, `information`, `utility`,
    /// `reward_model`, `min_num_players`, `max_num_players` and the `provides_*` flags; the
    /// enumerations as their OpenSpiel names, e.g. `"EXPLICIT_STOCHASTIC"`).
    fn get_type<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let fields = PyDict::new(py);
        let seats = self.table.seats();
        let hidden = self.table.hidden();
        fields.set_item("short_name", &self.name)?;
        fields.set_item("long_name", format!("alea {}", self.name))?;
        fields.set_item("dynamics", "SEQUENTIAL")?;
        fields.set_item("chance_mode", "EXPLICIT_STOCHASTIC")?;
        let information = match hidden {
            true => "IMPERFECT_INFORMATION",
            false => "PERFECT_INFORMATION",
        };
        fields.set_item("information", information)?;
        let utility = match self.table.bounds().zero_sum {
            true => "ZERO_SUM",
            false => "GENERAL_SUM",
        };
        fields.set_item("utility", utility)?;
        fields.set_item("reward_model", "TERMINAL")?;
        fields.set_item("min_num_players", seats)?;
        fields.set_item("max_num_players", seats)?;
        fields.set_item("provides_information_state_string", true)?;
        let tensor = self.table.information_state_shape().is_some();
        fields.set_item("provides_information_state_tensor", tensor)?;
        fields.set_item("provides_observation_string", true)?;
        fields.set_item("provides_observation_tensor", true)?;
        fields.set_item("parameter_specification", options_dict(py, &self.options)?)?;
        py.import("types")?
            .getattr("SimpleNamespace")?
            .call((), Some(&fields))
    }

    /// The state `State.serialize` wrote (replayed from its seed).
    fn deserialize_state(slf: &Bound<'_, Self>, py: Python<'_>, text: &str) -> PyResult<State> {
        let saved: Serialized = serde_json::from_str(text)
            .map_err(|e| PyValueError::new_err(format!("not a serialized state: {e}")))?;
        let game = slf.get();
        if saved.game != game.name || saved.options()? != game.options {
            return Err(PyValueError::new_err(format!(
                "the state is of {} {}, not of this game ({} {})",
                saved.game,
                saved.options,
                game.name,
                serde_json::to_string(&game.options).unwrap_or_default()
            )));
        }
        let table = game.table.clone();
        let inner = py
            .detach(|| replay(table, saved.seed, saved.chance_root, &saved.history))
            .map_err(state_error)?;
        Ok(State {
            game: slf.clone().unbind(),
            inner,
        })
    }

    /// Pickles as `load_game(name, **options)`.
    fn __reduce__<'py>(
        &self,
        py: Python<'py>,
    ) -> PyResult<Reduced<'py, (String, Bound<'py, PyDict>)>> {
        let load = py
            .import(options::module_name())?
            .getattr("_load_game_with")?;
        Ok((load, (self.name.clone(), options_dict(py, &self.options)?)))
    }

    fn __repr__(&self) -> String {
        let options: Vec<String> = self
            .options
            .iter()
            .map(|(k, v)| match v {
                OptionValue::Int(n) => format!("{k}={n}"),
                OptionValue::Text(t) => format!("{k}={t:?}"),
                OptionValue::List(items) => format!("{k}={items:?}"),
            })
            .collect();
        if options.is_empty() {
            format!("alea.load_game({:?})", self.name)
        } else {
            format!("alea.load_game({:?}, {})", self.name, options.join(", "))
        }
    }
}

/// `seat` as a seat number (`ValueError` if it cannot be one).
fn seat_of(seat: i64) -> PyResult<u8> {
    u8::try_from(seat).map_err(|_| PyValueError::new_err(format!("{seat} is not a seat")))
}

/// Plays `history` from the initial state of `seed` (the chance root with `chance_root`).
fn replay(
    table: Arc<dyn DynGame>,
    seed: u64,
    chance_root: bool,
    history: &[Step],
) -> Result<Box<dyn DynState>, StateError> {
    let mut state = match chance_root {
        true => table.new_chance_root(seed)?,
        false => table.new_state(seed)?,
    };
    for (at, step) in history.iter().enumerate() {
        let chance = state.current_player() == table::CHANCE;
        let done = match *step {
            Step::Place(zone, ref cards, on_top) => state.place_cards(zone, cards, on_top),
            Step::DieFace(index, face) => state.set_die_face(index, face),
            Step::SetZone(zone, ref cards) => state.set_zone(zone, cards),
            Step::SetDice(zone, ref faces) => state.set_dice(zone, faces),
            Step::Action(id) if !chance => state.apply(id),
            Step::Outcome(id) if chance => state.apply(id),
            Step::Action(_) | Step::Outcome(_) => Err(StateError::Usage(format!(
                "the state is {} a chance node there",
                if chance { "at" } else { "not at" }
            ))),
            Step::Determinize(viewer, seed) => state.determinize(viewer, seed),
        };
        done.map_err(|e| StateError::Usage(format!("step {at} ({step:?}) of the history: {e:?}")))?;
    }
    Ok(state)
}

/// A float32 array of `shape` that `write` fills.
fn tensor<'py>(
    py: Python<'py>,
    shape: &[usize],
    write: impl FnOnce(&mut [f32]) -> Result<(), StateError>,
) -> PyResult<Bound<'py, PyAny>> {
    let mut data = vec![0.0f32; shape.iter().product()];
    write(&mut data).map_err(state_error)?;
    let array = ArrayD::from_shape_vec(IxDyn(shape), data)
        .map_err(|e| PyRuntimeError::new_err(e.to_string()))?;
    Ok(array.into_pyarray(py).into_any())
}

/// A state of a game (OpenSpiel's `State` shape).
#[pyclass(module = "alea._alea")]
pub struct State {
    game: Py<Game>,
    inner: Box<dyn DynState>,
}

#[pymethods]
impl State {
    /// The game.
    fn get_game(&self, py: Python<'_>) -> Py<Game> {
        self.game.clone_ref(py)
    }

    /// The seat to move; -1 at a chance node, -4 once the game is over.
    fn current_player(&self) -> i64 {
        self.inner.current_player()
    }

    /// True at a chance node.
    fn is_chance_node(&self) -> bool {
        self.inner.current_player() == table::CHANCE
    }

    /// True once the game is over.
    fn is_terminal(&self) -> bool {
        self.inner.current_player() == table::TERMINAL
    }

    /// True when a seat is to move.
    fn is_player_node(&self) -> bool {
        self.inner.current_player() >= 0
    }

    /// The legal action ids (a chance node's outcomes); with `player`, empty unless it is
    /// that player's turn.
    #[pyo3(signature = (player = None))]
    fn legal_actions(&mut self, player: Option<i64>) -> PyResult<Vec<u32>> {
        if player.is_some_and(|p| p != self.inner.current_player()) {
            return Ok(Vec::new());
        }
        Ok(self.inner.legal().map_err(state_error)?.to_vec())
    }

    /// A mask over `0..num_distinct_actions()` (at a chance node `0..max_chance_outcomes()`):
    /// 1 for the legal ids.
    fn legal_actions_mask<'py>(&mut self, py: Python<'py>) -> PyResult<Bound<'py, PyAny>> {
        let table = &self.game.get().table;
        let n = if self.inner.current_player() == table::CHANCE {
            table.bounds().max_chance_outcomes
        } else {
            table.num_actions()
        };
        let mut mask = vec![0i8; n as usize];
        for &id in self.inner.legal().map_err(state_error)? {
            if let Some(slot) = mask.get_mut(id as usize) {
                *slot = 1;
            }
        }
        Ok(mask.into_pyarray(py).into_any())
    }

    /// Applies a legal action id (at a chance node, an outcome).
    fn apply_action(&mut self, py: Python<'_>, action: i64) -> PyResult<()> {
        let id = u32::try_from(action)
            .map_err(|_| PyValueError::new_err(format!("{action} is not an action id")))?;
        let inner = &mut self.inner;
        py.detach(|| inner.apply(id)).map_err(state_error)
    }

    /// A chance node's outcomes and their probabilities (empty elsewhere).
    fn chance_outcomes(&mut self, py: Python<'_>) -> PyResult<Vec<(u32, f64)>> {
        let inner = &mut self.inner;
        py.detach(|| inner.chance_outcomes()).map_err(state_error)
    }

    /// Each seat's return (zeros until the game is over).
    fn returns(&self) -> Vec<f64> {
        self.inner.returns().to_vec()
    }

    /// `player`'s return (0 until the game is over).
    fn player_return(&self, player: i64) -> PyResult<f64> {
        let returns = self.inner.returns();
        usize::try_from(player)
            .ok()
            .and_then(|seat| returns.get(seat).copied())
            .ok_or_else(|| {
                PyValueError::new_err(format!(
                    "player {player} is not a seat: the game has {} seats",
                    returns.len()
                ))
            })
    }

    /// What each seat earned with the last step: the returns once the game is over (every
    /// game here pays at its end), zeros before.
    fn rewards(&self) -> Vec<f64> {
        self.inner.returns().to_vec()
    }

    /// A copy with `action` applied (the state itself unchanged).
    fn child(&self, py: Python<'_>, action: i64) -> PyResult<State> {
        let mut child = self.clone(py);
        child.apply_action(py, action)?;
        Ok(child)
    }

    /// Actions and chance outcomes applied since the initial state.
    fn move_number(&self) -> usize {
        self.inner.move_number()
    }

    /// What `player` observes (default: the seat to move) in words: its own hidden cards and
    /// everything public, nothing another seat hides.
    #[pyo3(signature = (player = None))]
    fn observation_string(&mut self, player: Option<i64>) -> PyResult<String> {
        let seat = self.seat(player)?;
        self.inner.observation_string(seat).map_err(state_error)
    }

    /// What `player` has observed so far (default: the seat to move) as a float32 array of
    /// `information_state_tensor_shape()` (perfect recall: equal for two states only when the
    /// player cannot tell them apart); `ValueError` in a game that writes none.
    #[pyo3(signature = (player = None))]
    fn information_state_tensor<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(player)?;
        let table = &self.game.get().table;
        let Some(shape) = table.information_state_shape() else {
            return Err(PyValueError::new_err(format!(
                "{} has no information-state tensor",
                table.name()
            )));
        };
        let inner = &mut self.inner;
        tensor(py, &shape, |out| inner.information_state_tensor(seat, out))
    }

    /// An action id in words (`action_to_string(action)` or OpenSpiel's
    /// `action_to_string(player, action)`).
    #[pyo3(signature = (first, second = None))]
    fn action_to_string(&mut self, first: i64, second: Option<i64>) -> String {
        let action = second.unwrap_or(first);
        match u32::try_from(action) {
            Ok(id) => self.inner.action_string(id),
            Err(_) => format!("{action} is not an action id"),
        }
    }

    /// What `player` has observed (default: the seat to move), as a string that is equal for
    /// two states exactly when the player cannot tell them apart (a hash of its view).
    #[pyo3(signature = (player = None))]
    fn information_state_string(&mut self, player: Option<i64>) -> PyResult<String> {
        let seat = self.seat(player)?;
        self.inner.information_state(seat).map_err(state_error)
    }

    /// What `player` observes (default: the seat to move) as a float32 array of the game's
    /// `observation_tensor_shape()`.
    #[pyo3(signature = (player = None))]
    fn observation_tensor<'py>(
        &mut self,
        py: Python<'py>,
        player: Option<i64>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let seat = self.seat(player)?;
        let shape = self.game.get().table.shape();
        let inner = &mut self.inner;
        tensor(py, &shape, |out| inner.observation(seat, out))
    }

    /// Re-deals everything `viewer` cannot see, and the future chance, from `seed`: a world
    /// consistent with what `viewer` has observed.
    fn determinize(&mut self, py: Python<'_>, viewer: i64, seed: u64) -> PyResult<()> {
        let seat = seat_of(viewer)?;
        let inner = &mut self.inner;
        py.detach(|| inner.determinize(seat, seed))
            .map_err(state_error)
    }

    /// A copy (sharing the snapshot until one of them changes: no game is rebuilt).
    fn clone(&self, py: Python<'_>) -> State {
        State {
            game: self.game.clone_ref(py),
            inner: self.inner.clone_box(),
        }
    }

    fn __copy__(&self, py: Python<'_>) -> State {
        self.clone(py)
    }

    fn __deepcopy__(&self, py: Python<'_>, _memo: &Bound<'_, PyAny>) -> State {
        self.clone(py)
    }

    /// The action ids and chance outcome ids applied since the initial state, oldest first
    /// (OpenSpiel's `history()`; `history_steps()` also names each and lists `determinize`).
    fn history(&self) -> Vec<u32> {
        self.inner
            .history()
            .into_iter()
            .filter_map(|step| match step {
                Step::Action(id) | Step::Outcome(id) => Some(id),
                Step::Determinize(..)
                | Step::Place(..)
                | Step::DieFace(..)
                | Step::SetZone(..)
                | Step::SetDice(..) => None,
            })
            .collect()
    }

    /// The steps from the initial state: `("action", id)`, `("outcome", id)`,
    /// `("determinize", viewer, seed)`, `("place", zone, cards, on_top)` (`set_hand`,
    /// `set_pile`; the zone as Rust prints it, e.g. `"Hand(Seat(1))"`),
    /// `("set_zone", zone, cards)` (`set_hand`, `set_pile` with `exact=True`),
    /// `("die_face", index, face)` (`set_die`) or `("set_dice", zone, faces)` (`set_dice`).
    fn history_steps<'py>(&self, py: Python<'py>) -> PyResult<Vec<Bound<'py, PyTuple>>> {
        self.inner
            .history()
            .into_iter()
            .map(|step| match step {
                Step::Action(id) => ("action", id).into_pyobject(py),
                Step::Outcome(k) => ("outcome", k).into_pyobject(py),
                Step::Determinize(v, s) => ("determinize", v, s).into_pyobject(py),
                Step::Place(zone, cards, top) => {
                    ("place", format!("{zone:?}"), cards, top).into_pyobject(py)
                }
                Step::DieFace(index, face) => ("die_face", index, face).into_pyobject(py),
                Step::SetZone(zone, cards) => {
                    ("set_zone", format!("{zone:?}"), cards).into_pyobject(py)
                }
                Step::SetDice(zone, faces) => {
                    // A list of ints, not `bytes` (what pyo3 makes of a `Vec<u8>`).
                    let faces: Vec<u16> = faces.into_iter().map(u16::from).collect();
                    ("set_dice", format!("{zone:?}"), faces).into_pyobject(py)
                }
            })
            .collect()
    }

    /// Puts the cards with ids `cards` into `seat`'s hand, each trading places with one of the
    /// hand's cards not asked for (which goes where it came from): a determinization by hand
    /// (a test, a puzzle, a what-if). Cards come only from concealed zones (hands, piles, the
    /// stock); the hand keeps its size. With `exact=True` the hand is exactly `cards`
    /// (`Sim::set_zone`): as many as it holds where cards trade places, any number up to its
    /// limit in the duel, whose ids are catalog indices (its `dummy` an unknown card).
    /// `ValueError` (nothing changed) for an unknown or face-up card, a card twice, more cards
    /// than the hand holds, or a chance node.
    #[pyo3(signature = (seat, cards, exact=false))]
    fn set_hand(
        &mut self,
        py: Python<'_>,
        seat: i64,
        cards: Vec<u16>,
        exact: bool,
    ) -> PyResult<()> {
        let zone = Zone::Hand(Seat(seat_of(seat)?));
        self.set_cards(py, zone, &cards, exact, false)
    }

    /// Puts the cards with ids `cards` on top of the draw pile, the first drawn first: the
    /// shared stock, or `seat`'s own pile with `seat`. As `set_hand` does, they trade places
    /// with cards of the pile (with `exact=True`, the pile is exactly `cards`, the first on
    /// top); `ValueError` (nothing changed) also where the game keeps no pile order.
    #[pyo3(signature = (cards, seat=None, exact=false))]
    fn set_pile(
        &mut self,
        py: Python<'_>,
        cards: Vec<u16>,
        seat: Option<i64>,
        exact: bool,
    ) -> PyResult<()> {
        let zone = match seat {
            Some(seat) => Zone::Pile(Seat(seat_of(seat)?)),
            None => Zone::Stock,
        };
        self.set_cards(py, zone, &cards, exact, true)
    }

    /// Makes `seat`'s dice show `faces` (face indices, in dice order): one per die it holds,
    /// or in the duel any number up to its 16 (faces 0..8: omni, then the seven elements).
    /// `ValueError` (nothing changed) for a face a die lacks, a wrong count or a chance node.
    fn set_dice(&mut self, py: Python<'_>, seat: i64, faces: Vec<u8>) -> PyResult<()> {
        let zone = Zone::Dice(Seat(seat_of(seat)?));
        let inner = &mut self.inner;
        py.detach(|| inner.set_dice(zone, &faces))
            .map_err(state_error)
    }

    /// Turns die `index` (in the game's dice order) to show `face` (`0..faces`).
    /// `ValueError` (nothing changed) for no such die or face, or at a chance node.
    fn set_die(&mut self, py: Python<'_>, index: u16, face: u8) -> PyResult<()> {
        let inner = &mut self.inner;
        py.detach(|| inner.set_die_face(index, face))
            .map_err(state_error)
    }

    /// The state as JSON text (game, options, seed, steps); `Game.deserialize_state` replays
    /// it.
    fn serialize(&self) -> PyResult<String> {
        let game = self.game.get();
        let saved = Serialized {
            game: game.name.clone(),
            options: serde_json::to_value(&game.options)
                .map_err(|e| PyRuntimeError::new_err(e.to_string()))?,
            seed: self.inner.seed(),
            history: self.inner.history(),
            chance_root: self.inner.started_at_chance_root(),
        };
        serde_json::to_string(&saved).map_err(|e| PyRuntimeError::new_err(e.to_string()))
    }

    /// Pickles as its serialization, replayed on unpickling.
    fn __reduce__<'py>(&self, py: Python<'py>) -> PyResult<Reduced<'py, (String,)>> {
        let load = py
            .import(options::module_name())?
            .getattr("deserialize_state")?;
        Ok((load, (self.serialize()?,)))
    }

    fn __str__(&mut self) -> String {
        self.inner.describe()
    }

    fn __repr__(&mut self) -> String {
        format!(
            "<alea state of {}: player {}>",
            self.game.get().name,
            self.inner.current_player()
        )
    }
}

impl State {
    /// `player` as a seat (default: the seat to move).
    fn seat(&self, player: Option<i64>) -> PyResult<u8> {
        let player = player.unwrap_or_else(|| self.inner.current_player());
        u8::try_from(player).map_err(|_| {
            PyValueError::new_err(format!(
                "player {player} is not a seat (pass one at a chance node or after the end)"
            ))
        })
    }

    /// `cards` into `zone`: trading places (on top with `on_top`), or the zone exactly
    /// `cards` with `exact`.
    fn set_cards(
        &mut self,
        py: Python<'_>,
        zone: Zone,
        cards: &[u16],
        exact: bool,
        on_top: bool,
    ) -> PyResult<()> {
        let inner = &mut self.inner;
        py.detach(|| match exact {
            true => inner.set_zone(zone, cards),
            false => inner.place_cards(zone, cards, on_top),
        })
        .map_err(state_error)
    }
}

/// Loads a registered game by name with typed keyword options (`game_options(name)` lists
/// them: `pig` players, target; `riichi` and `sichuan` rules, length, abilities; `duel`
/// decks; `sgs` mode, position, max_rounds). A bad option raises `ValueError` naming it and
/// the values it takes.
#[pyfunction]
#[pyo3(signature = (name, **options))]
pub(crate) fn load_game(name: &str, options: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
    let given = read_options(options)?;
    let (options, table) = options::load(name, given).map_err(option_error)?;
    Ok(Game::new(name.to_string(), options, table))
}

/// `load_game(name, **options)` with the options as a dict (for unpickling).
#[pyfunction]
pub(crate) fn _load_game_with(name: &str, options: &Bound<'_, PyDict>) -> PyResult<Game> {
    load_game(name, Some(options))
}

/// The state `State.serialize` wrote, in the game the text names (loaded with its options).
#[pyfunction]
pub(crate) fn deserialize_state(py: Python<'_>, text: &str) -> PyResult<State> {
    let saved: Serialized = serde_json::from_str(text)
        .map_err(|e| PyValueError::new_err(format!("not a serialized state: {e}")))?;
    let options = saved.options()?;
    let table = (options::entry(&saved.game).map_err(option_error)?.build)(&options)
        .map_err(option_error)?;
    let game = Bound::new(py, Game::new(saved.game.clone(), options, table))?;
    Game::deserialize_state(&game, py, text)
}

/// The games `load_game` knows, in registry order (`alea games` lists the same).
#[pyfunction]
pub(crate) fn registered_names() -> Vec<&'static str> {
    table::names(options::registry())
}

/// The names of the options `load_game(name, ...)` takes.
#[pyfunction]
pub(crate) fn game_options(name: &str) -> PyResult<Vec<&'static str>> {
    let info = options::entry(name).map_err(option_error)?;
    Ok(info.options.iter().map(|spec| spec.name).collect())
}

/// The registry entry of `name` as JSON text (`alea games --json`'s object for it: name,
/// description, options with type, default, allowed values and description, players).
#[pyfunction]
pub(crate) fn game_info(name: &str) -> PyResult<String> {
    let info = options::entry(name).map_err(option_error)?;
    serde_json::to_string(&info.listing()).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}

/// Plays games `0..games` of `name` with uniformly random players on `threads` threads
/// (default: every core) and returns the summary `alea simulate NAME --json` prints for a game
/// of random players, as JSON text (game `i` dealt from `sub_seed(seed, i)`).
#[pyfunction]
#[pyo3(signature = (name, games, seed = 0, threads = None, **options))]
pub(crate) fn simulate_random(
    py: Python<'_>,
    name: &str,
    games: u64,
    seed: u64,
    threads: Option<u16>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<String> {
    if games == 0 {
        return Err(PyValueError::new_err("simulate plays at least one game"));
    }
    let given = read_options(options)?;
    let info = options::entry(name).map_err(option_error)?;
    let (_, game) = info.load(given).map_err(option_error)?;
    let threads = threads.unwrap_or_else(alea::registry::Run::available_threads);
    let summary = py
        .detach(|| crate::random::simulate((info.name, &game), games, seed, threads))
        .map_err(state_error)?;
    serde_json::to_string(&summary).map_err(|e| PyRuntimeError::new_err(e.to_string()))
}
