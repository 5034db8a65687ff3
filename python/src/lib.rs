//! The native core of the `alea` Python package (DESIGN §16), and the library a game of your
//! own links to reach Python: games and states in OpenSpiel's shape, built from a registry of
//! [`GameInfo`] entries with typed options. The GIL is released while Rust plays.
//!
//! `alea._alea` serves the reference games (feature `reference`, on by default) and the
//! command line's batch runs. A game in its own crate serves itself from an extension module
//! of its own:
//!
//! ```ignore
//! use pyo3::prelude::*;
//!
//! #[pymodule]
//! fn my_game(m: &Bound<'_, PyModule>) -> PyResult<()> {
//!     alea_python::export(m, &[my_game::ENTRY])
//! }
//! ```
//!
//! Each extension module carries its own copy of the kernel and of these bindings, so the two
//! meet only through Python: `export` adds the module's functions (see [`export`]) and calls
//! `alea._register_module(module)`, after which `alea.load_game`, `alea.simulate`,
//! `alea.openspiel` and `alea.pettingzoo` find the module's games by name.
#![warn(missing_docs)]

#[cfg(feature = "reference")]
pub mod batch;
mod game;
pub mod options;
mod random;
mod vector;

use alea::registry::GameInfo;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;

pub use game::{Game, State};
pub use vector::VectorEnv;

/// Adds what every module serving games has — the classes `Game` and `State` and the
/// functions `load_game(name, **options)`, `_load_game_with(name, options)`,
/// `registered_names()`, `game_options(name)`, `game_info(name)` (JSON text),
/// `deserialize_state(text)`, `simulate_random(name, games, seed=0, threads=None,
/// **options)` (JSON text), `make_vector(name, num_envs, seed=0, threads=None, **options)`
/// and `make_vector_against(name, num_envs, seat, opponents, seed=0, threads=None,
/// **options)` (a `VectorEnv`) — for the games of `registry`, then registers the module with the
/// `alea` package (`alea._register_module`). A module exports one registry, once.
pub fn export(m: &Bound<'_, PyModule>, registry: &'static [GameInfo]) -> PyResult<()> {
    serve(m, registry)?;
    m.py()
        .import("alea")?
        .getattr("_register_module")?
        .call1((m,))?;
    Ok(())
}

/// [`export`] without registering with `alea` (the `alea._alea` module itself).
fn serve(m: &Bound<'_, PyModule>, registry: &'static [GameInfo]) -> PyResult<()> {
    options::install(registry, m.name()?.to_string()).map_err(PyValueError::new_err)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_function(wrap_pyfunction!(game::load_game, m)?)?;
    m.add_function(wrap_pyfunction!(game::_load_game_with, m)?)?;
    m.add_function(wrap_pyfunction!(game::registered_names, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_options, m)?)?;
    m.add_function(wrap_pyfunction!(game::game_info, m)?)?;
    m.add_function(wrap_pyfunction!(game::deserialize_state, m)?)?;
    m.add_function(wrap_pyfunction!(game::simulate_random, m)?)?;
    m.add_class::<VectorEnv>()?;
    m.add_function(wrap_pyfunction!(vector::make_vector, m)?)?;
    m.add_function(wrap_pyfunction!(vector::make_vector_against, m)?)?;
    Ok(())
}

/// The native module `alea._alea`: the reference games and the command line's batch runs.
#[cfg(feature = "reference")]
#[pymodule]
fn _alea(m: &Bound<'_, PyModule>) -> PyResult<()> {
    serve(m, alea_games::games::REGISTRY)?;
    batch::add(m)
}
