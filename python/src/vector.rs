//! `VectorEnv`: many games of one registered kind stepped in one call (`alea.vector.make`),
//! writing numpy arrays this object owns and hands out on every call.

use numpy::ndarray::IxDyn;
use numpy::{PyArray, PyArrayDyn, PyArrayMethods, PyReadonlyArray1};
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyTuple};

use alea::prelude::ChaCha8Rng;
use alea::vector::{DynVector, Layout, Outputs, Sizes, VectorError};

use crate::game::{option_error, read_options};
use crate::options;

fn vector_error(error: VectorError) -> PyErr {
    match error {
        VectorError::WrongLength { .. }
        | VectorError::OutOfRange { .. }
        | VectorError::Illegal { .. } => PyValueError::new_err(error.to_string()),
        VectorError::NotReset | VectorError::Setup(_) | VectorError::Game { .. } => {
            PyRuntimeError::new_err(error.to_string())
        }
    }
}

/// The arrays a batch writes, owned by numpy (the same objects on every call).
struct Arrays {
    observation: Py<PyArrayDyn<f32>>,
    legal_action_mask: Py<PyArrayDyn<bool>>,
    current_player: Py<PyArrayDyn<i32>>,
    rewards: Py<PyArrayDyn<f32>>,
    terminated: Py<PyArrayDyn<bool>>,
    truncated: Py<PyArrayDyn<bool>>,
    final_observation: Py<PyArrayDyn<f32>>,
    final_rewards: Py<PyArrayDyn<f32>>,
}

impl Arrays {
    fn new(py: Python<'_>, sizes: Sizes, shape: &[usize]) -> Arrays {
        let (b, a, p) = (sizes.envs, sizes.actions, sizes.players);
        let observation: Vec<usize> = std::iter::once(b).chain(shape.iter().copied()).collect();
        let zeros_f = |dims: &[usize]| PyArray::<f32, _>::zeros(py, IxDyn(dims), false).unbind();
        let zeros_b = |dims: &[usize]| PyArray::<bool, _>::zeros(py, IxDyn(dims), false).unbind();
        Arrays {
            observation: zeros_f(&observation),
            legal_action_mask: zeros_b(&[b, a]),
            current_player: PyArray::<i32, _>::zeros(py, IxDyn(&[b]), false).unbind(),
            rewards: zeros_f(&[b, p]),
            terminated: zeros_b(&[b]),
            truncated: zeros_b(&[b]),
            final_observation: zeros_f(&observation),
            final_rewards: zeros_f(&[b, p]),
        }
    }

    /// The arrays by their names, as `reset` and `step` return them.
    fn dict<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let dict = PyDict::new(py);
        dict.set_item("observation", self.observation.bind(py))?;
        dict.set_item("legal_action_mask", self.legal_action_mask.bind(py))?;
        dict.set_item("current_player", self.current_player.bind(py))?;
        dict.set_item("rewards", self.rewards.bind(py))?;
        dict.set_item("terminated", self.terminated.bind(py))?;
        dict.set_item("truncated", self.truncated.bind(py))?;
        dict.set_item("final_observation", self.final_observation.bind(py))?;
        dict.set_item("final_rewards", self.final_rewards.bind(py))?;
        Ok(dict)
    }

    /// Runs `f` on the arrays' memory with the GIL released.
    fn write<R: Send>(
        &self,
        py: Python<'_>,
        f: impl FnOnce(&mut Outputs<'_>) -> R + Send,
    ) -> PyResult<R> {
        let mut observation = writable(self.observation.bind(py), "observation")?;
        let mut mask = writable(self.legal_action_mask.bind(py), "legal_action_mask")?;
        let mut player = writable(self.current_player.bind(py), "current_player")?;
        let mut rewards = writable(self.rewards.bind(py), "rewards")?;
        let mut terminated = writable(self.terminated.bind(py), "terminated")?;
        let mut truncated = writable(self.truncated.bind(py), "truncated")?;
        let mut last = writable(self.final_observation.bind(py), "final_observation")?;
        let mut returns = writable(self.final_rewards.bind(py), "final_rewards")?;
        let mut outputs = Outputs {
            observation: slice(&mut observation)?,
            legal_action_mask: slice(&mut mask)?,
            current_player: slice(&mut player)?,
            rewards: slice(&mut rewards)?,
            terminated: slice(&mut terminated)?,
            truncated: slice(&mut truncated)?,
            final_observation: slice(&mut last)?,
            final_rewards: slice(&mut returns)?,
        };
        Ok(py.detach(|| f(&mut outputs)))
    }
}

fn writable<'py, T: numpy::Element>(
    array: &Bound<'py, PyArrayDyn<T>>,
    name: &str,
) -> PyResult<numpy::PyReadwriteArrayDyn<'py, T>> {
    array
        .try_readwrite()
        .map_err(|e| PyRuntimeError::new_err(format!("the {name} array is not writable: {e}")))
}

fn slice<'a, T: numpy::Element>(
    array: &'a mut numpy::PyReadwriteArrayDyn<'_, T>,
) -> PyResult<&'a mut [T]> {
    array
        .as_slice_mut()
        .map_err(|e| PyRuntimeError::new_err(format!("an array is not contiguous: {e}")))
}

/// `num_envs` games of one registered game stepped together: `alea.vector.make(...)`.
///
/// `reset()` and `step(actions)` return a dict of numpy arrays: `observation (B, *shape)
/// float32` (from the view of each env's player to move), `legal_action_mask (B, A) bool`,
/// `current_player (B,) int32`, `rewards (B, P) float32` (what each player earned this
/// step), `terminated (B,) bool`, `truncated (B,) bool` (the game's own cap), and
/// `final_observation` / `final_rewards`, whose rows hold the ended episode's last
/// observation and returns for the envs that reset this step (where `terminated | truncated`;
/// the other rows are stale). The arrays are this object's buffers: every call rewrites the
/// same arrays, so copy what you keep. A single-agent batch (`make_vector_against`, under
/// `alea.vector.gymnasium`) has its learner's `seat`: the other seats are played inside each
/// step, and every row is the learner's.
#[pyclass(module = "alea._alea")]
pub struct VectorEnv {
    inner: Box<dyn DynVector>,
    arrays: Arrays,
    /// The last step's actions (reused: no allocation per step).
    actions: Vec<u32>,
    /// The stream `random_actions` draws from.
    rng: ChaCha8Rng,
    name: String,
}

/// The stream of random actions seeded `seed` (the one `random_steps(n, seed)` draws from).
fn action_stream(seed: u64) -> ChaCha8Rng {
    alea::chance::derive_stream(seed, 0, 0)
}

impl VectorEnv {
    /// The batch `inner`, its random actions drawn from `seed`'s stream.
    fn new(py: Python<'_>, inner: Box<dyn DynVector>, name: String, seed: u64) -> VectorEnv {
        let arrays = Arrays::new(py, inner.sizes(), &inner.observation_shape());
        VectorEnv {
            actions: Vec::with_capacity(inner.sizes().envs),
            rng: action_stream(seed),
            inner,
            arrays,
            name,
        }
    }

    /// Reads `actions` (a sequence or a 1-d integer array) into `self.actions`.
    fn read_actions(&mut self, actions: &Bound<'_, PyAny>) -> PyResult<()> {
        self.actions.clear();
        let num_actions = self.inner.sizes().actions;
        let mut push = |env: usize, id: i64| -> PyResult<()> {
            let id = u32::try_from(id).map_err(|_| {
                PyValueError::new_err(format!(
                    "env {env}: action {id} is out of range (the game has {num_actions} action ids)"
                ))
            })?;
            self.actions.push(id);
            Ok(())
        };
        if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i64>>() {
            for (env, &id) in array.as_array().iter().enumerate() {
                push(env, id)?;
            }
        } else if let Ok(array) = actions.extract::<PyReadonlyArray1<'_, i32>>() {
            for (env, &id) in array.as_array().iter().enumerate() {
                push(env, i64::from(id))?;
            }
        } else {
            let ids: Vec<i64> = actions.extract().map_err(|_| {
                PyValueError::new_err("actions: expected a sequence or a 1-d array of integers")
            })?;
            for (env, id) in ids.into_iter().enumerate() {
                push(env, id)?;
            }
        }
        Ok(())
    }
}

#[pymethods]
impl VectorEnv {
    /// The registered game's name.
    #[getter]
    fn name(&self) -> &str {
        &self.name
    }

    /// Envs in the batch (`B`).
    #[getter]
    fn num_envs(&self) -> usize {
        self.inner.sizes().envs
    }

    /// One env's observation shape.
    #[getter]
    fn observation_shape<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyTuple>> {
        PyTuple::new(py, self.inner.observation_shape())
    }

    /// Action ids (`A`).
    #[getter]
    fn num_actions(&self) -> usize {
        self.inner.sizes().actions
    }

    /// Players of each game (`P`).
    #[getter]
    fn num_players(&self) -> usize {
        self.inner.sizes().players
    }

    /// Threads the envs are stepped on.
    #[getter]
    fn threads(&self) -> usize {
        self.inner.threads()
    }

    /// The learner's seat of a single-agent batch (`alea.vector.gymnasium`), else `None`.
    #[getter]
    fn seat(&self) -> Option<u8> {
        self.inner.learner()
    }

    /// Where the envs' games live between steps: `"resident"` (a `Sim` each) or `"parked"`
    /// (a snapshot each, restored into one `Sim` per thread to step: faster for big batches).
    /// Set it to `"auto"` (parked from 512 envs: the default), `"resident"` or `"parked"`;
    /// the arrays are the same in every layout, and the envs keep their positions.
    #[getter]
    fn layout(&self) -> &'static str {
        self.inner.layout().name()
    }

    #[setter]
    fn set_layout(&mut self, py: Python<'_>, layout: &str) -> PyResult<()> {
        let layout: Layout = layout.parse().map_err(PyValueError::new_err)?;
        let inner = &mut self.inner;
        py.detach(|| inner.set_layout(layout)).map_err(vector_error)
    }

    /// Deals every env its next episode (with `seed`: the batch starts over, seeded `seed`)
    /// and returns the arrays (rewards 0, nothing ended).
    #[pyo3(signature = (seed=None))]
    fn reset<'py>(&mut self, py: Python<'py>, seed: Option<u64>) -> PyResult<Bound<'py, PyDict>> {
        let inner = &mut self.inner;
        self.arrays
            .write(py, |out| inner.reset(seed, out))?
            .map_err(vector_error)?;
        if let Some(seed) = seed {
            self.rng = action_stream(seed);
        }
        self.arrays.dict(py)
    }

    /// Plays `actions[i]` in env `i` for every env (a sequence or a 1-d integer array of
    /// `num_envs` legal ids), resets the envs whose episode ended, and returns the arrays.
    /// An illegal or out-of-range action raises `ValueError` naming the env, and no env moves.
    fn step<'py>(
        &mut self,
        py: Python<'py>,
        actions: &Bound<'py, PyAny>,
    ) -> PyResult<Bound<'py, PyDict>> {
        self.read_actions(actions)?;
        let (inner, ids) = (&mut self.inner, &self.actions);
        self.arrays
            .write(py, |out| inner.step(ids, out))?
            .map_err(vector_error)?;
        self.arrays.dict(py)
    }

    /// Plays `steps` steps with a uniformly random legal action in every env, chosen in Rust
    /// from `seed`'s stream (the GIL released throughout: a pure Rust loop), and returns the
    /// arrays of the last step. The same seed gives the same steps on any thread count.
    #[pyo3(signature = (steps, seed=0))]
    fn random_steps<'py>(
        &mut self,
        py: Python<'py>,
        steps: u64,
        seed: u64,
    ) -> PyResult<Bound<'py, PyDict>> {
        let inner = &mut self.inner;
        self.arrays
            .write(py, |out| {
                let mut rng = alea::chance::derive_stream(seed, 0, 0);
                (0..steps).try_for_each(|_| inner.step_random(&mut rng, out))
            })?
            .map_err(vector_error)?;
        self.arrays.dict(py)
    }

    /// A uniformly random legal action id per env, an `int64` array `(B,)` of its own (0 for
    /// an env at no decision), drawn in Rust from the batch's action stream — seeded by
    /// `make`'s `seed` and by `reset(seed)`; `seed` here restarts it — without reading the
    /// mask (each thread picks for its own envs, the GIL released):
    /// `env.step(env.random_actions())` is a random player's Python loop. With the same seed,
    /// `step(random_actions(seed=s))` plays what `random_steps(1, seed=s)` does.
    #[pyo3(signature = (seed=None))]
    fn random_actions<'py>(
        &mut self,
        py: Python<'py>,
        seed: Option<u64>,
    ) -> PyResult<Bound<'py, numpy::PyArray1<i64>>> {
        if let Some(seed) = seed {
            self.rng = action_stream(seed);
        }
        let mut ids = Vec::with_capacity(self.inner.sizes().envs);
        let (inner, rng) = (&self.inner, &mut self.rng);
        py.detach(|| inner.random_actions(rng, &mut ids))
            .map_err(vector_error)?;
        Ok(PyArray::from_iter(py, ids.into_iter().map(i64::from)))
    }

    /// The arrays as the last call left them.
    fn arrays<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        self.arrays.dict(py)
    }

    /// A new batch in which each env's hidden information is resampled for its player to move
    /// (env `i` from `(seed, i)`), its arrays written; this batch is untouched.
    fn determinize(&mut self, py: Python<'_>, seed: u64) -> PyResult<VectorEnv> {
        let inner = &mut self.inner;
        let copy = py
            .detach(|| inner.determinize(seed))
            .map_err(vector_error)?;
        let mut env = VectorEnv::new(py, copy, self.name.clone(), seed);
        let inner = &mut env.inner;
        env.arrays
            .write(py, |out| inner.observe(out))?
            .map_err(vector_error)?;
        Ok(env)
    }

    fn __repr__(&self) -> String {
        let sizes = self.inner.sizes();
        format!(
            "VectorEnv({:?}, num_envs={}, threads={}, layout={:?})",
            self.name,
            sizes.envs,
            self.inner.threads(),
            self.inner.layout().name()
        )
    }
}

/// `make_vector(name, num_envs, seed=0, threads=None, **options)`: `alea.vector.make`.
#[pyfunction]
#[pyo3(signature = (name, num_envs, seed=0, threads=None, **options))]
pub(crate) fn make_vector(
    py: Python<'_>,
    name: &str,
    num_envs: usize,
    seed: u64,
    threads: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<VectorEnv> {
    let (game, threads) = checked_game(name, num_envs, threads, options)?;
    let inner = py
        .detach(|| game.vector(num_envs, seed, threads))
        .map_err(vector_error)?;
    Ok(VectorEnv::new(py, inner, name.to_string(), seed))
}

/// `make_vector_against(name, num_envs, seat, opponents, seed=0, threads=None, **options)`:
/// the single-agent batch of `alea.vector.gymnasium` (the game's players named `opponents`
/// play the other seats inside each env).
#[pyfunction]
#[pyo3(signature = (name, num_envs, seat, opponents, seed=0, threads=None, **options))]
#[allow(clippy::too_many_arguments)]
pub(crate) fn make_vector_against(
    py: Python<'_>,
    name: &str,
    num_envs: usize,
    seat: i64,
    opponents: Vec<String>,
    seed: u64,
    threads: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<VectorEnv> {
    let (game, threads) = checked_game(name, num_envs, threads, options)?;
    let seat = alea::vector::learner_seat(seat, game.seats())
        .map_err(|error| PyValueError::new_err(error.to_string()))?;
    let inner = py
        .detach(|| game.vector_against(num_envs, seed, threads, seat, &opponents))
        .map_err(|error| match error {
            VectorError::Setup(message) => PyValueError::new_err(message),
            error => vector_error(error),
        })?;
    Ok(VectorEnv::new(py, inner, name.to_string(), seed))
}

/// The game `name` with `options`, once `num_envs` and `threads` are checked; the threads as
/// the registry takes them (0: one per core).
fn checked_game(
    name: &str,
    num_envs: usize,
    threads: Option<usize>,
    options: Option<&Bound<'_, PyDict>>,
) -> PyResult<(std::sync::Arc<dyn alea::registry::DynGame>, usize)> {
    if num_envs == 0 {
        return Err(PyValueError::new_err(
            "num_envs: a batch needs at least one env",
        ));
    }
    if threads == Some(0) {
        return Err(PyValueError::new_err(
            "threads: at least 1 (None: one per core)",
        ));
    }
    let given = read_options(options)?;
    let (_, game) = options::load(name, given).map_err(option_error)?;
    Ok((game, threads.unwrap_or(0)))
}
