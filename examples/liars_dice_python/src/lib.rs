//! Liar's Dice as a Python module: `import liars_dice` registers the game with `alea`, then
//! `alea.load_game("liars_dice")`, `alea.simulate("liars_dice", ...)`,
//! `alea.openspiel.register()` and `alea.pettingzoo.env("liars_dice")` serve it.

// The guide's worked example, one source for the example and the module.
#[path = "../../liars_dice.rs"]
#[allow(dead_code)]
mod game;

use pyo3::prelude::*;

#[pymodule]
fn liars_dice(m: &Bound<'_, PyModule>) -> PyResult<()> {
    alea_python::export(m, &[game::ENTRY])
}
