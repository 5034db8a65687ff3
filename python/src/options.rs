//! The module's registry (this copy of the bindings serves one extension module), games from
//! a registered name and typed options, and the command line a batch run of them is.

use std::sync::{Arc, OnceLock};

use alea::registry::{self, DynGame, GameInfo, OptionError, OptionValue, Options};

/// Options as given, in call order.
pub type Given = Vec<(String, OptionValue)>;

/// The registry this module serves, and the module's name (for pickling).
static INSTALLED: OnceLock<(&'static [GameInfo], String)> = OnceLock::new();

/// Makes `registry` this module's (once: each extension module carries its own copy of the
/// bindings, so each has its own).
pub fn install(registry: &'static [GameInfo], module: String) -> Result<(), String> {
    let mut fresh = false;
    let (installed, name) = INSTALLED.get_or_init(|| {
        fresh = true;
        (registry, module.clone())
    });
    let same = std::ptr::eq(*installed, registry) && *name == module;
    if fresh || same {
        Ok(())
    } else {
        Err(format!("this module serves the games of {name} already"))
    }
}

/// The games this module knows.
pub fn registry() -> &'static [GameInfo] {
    INSTALLED.get().map_or(&[], |(registry, _)| registry)
}

/// The module's name (`alea._alea`, `liars_dice`).
pub fn module_name() -> &'static str {
    INSTALLED.get().map_or("alea._alea", |(_, name)| name)
}

/// The entry called `name`.
pub fn entry(name: &str) -> Result<&'static GameInfo, OptionError> {
    registry::find(registry(), name)
}

/// Builds game `name` from `given` (checked, defaults filled in).
pub fn load(name: &str, given: Given) -> Result<(Options, Arc<dyn DynGame>), OptionError> {
    entry(name)?.load(given)
}

#[cfg(feature = "reference")]
/// An option's value as command-line text (a list comma-joined).
fn text(value: &OptionValue) -> String {
    match value {
        OptionValue::Int(n) => n.to_string(),
        OptionValue::Text(text) => text.clone(),
        OptionValue::List(items) => items.join(","),
    }
}

#[cfg(feature = "reference")]
/// The games whose command lines take their options as flags of their own (`--target`);
/// the others take `--option NAME=VALUE`.
const OWN_FLAGS: &[&str] = &["pig", "duel", "sgs", "riichi", "sichuan"];

#[cfg(feature = "reference")]
/// The flags of `alea simulate NAME` for game `name` with `given` options, checked against the
/// registry first (so a bad option is refused with its name and allowed values).
pub fn simulate_flags(name: &str, given: &Given) -> Result<Vec<String>, OptionError> {
    entry(name)?.options(given.iter().cloned())?;
    if !OWN_FLAGS.contains(&name) {
        return Ok(option_flags(given));
    }
    let mut flags = Vec::new();
    for (key, value) in given {
        flags.push(format!("--{}", key.replace('_', "-")));
        flags.push(text(value));
    }
    Ok(flags)
}

#[cfg(feature = "reference")]
/// `given` as `--option NAME=VALUE` flags (what `alea search` takes for every game).
pub fn option_flags(given: &Given) -> Vec<String> {
    given
        .iter()
        .flat_map(|(key, value)| ["--option".to_string(), format!("{key}={}", text(value))])
        .collect()
}
