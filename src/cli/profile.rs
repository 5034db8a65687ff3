//! `--profile FILE` (`play`, `simulate`): a Chrome trace of the spans of every system and
//! pipeline handler, written with the `trace` feature. Open it in chrome://tracing or
//! <https://ui.perfetto.dev>.

use std::path::Path;

use super::CliError;
use crate::kernel::RunMode;

/// The trace being recorded on this thread; the file is complete once it is dropped.
pub(super) struct Profile {
    #[cfg(feature = "trace")]
    _subscriber: tracing::subscriber::DefaultGuard,
    #[cfg(feature = "trace")]
    _flush: tracing_chrome::FlushGuard,
}

/// How a profiled run drives its systems: through the schedule, so each system has a span.
pub(super) fn run_mode(profile: Option<&Path>) -> RunMode {
    match profile {
        Some(_) => RunMode::Schedule,
        None => RunMode::Direct,
    }
}

/// Starts recording the spans of this thread (and of the simulation threads, which take the
/// caller's subscriber) into the Chrome trace `path`.
#[cfg(feature = "trace")]
pub(super) fn start(path: &Path) -> Result<Profile, CliError> {
    use tracing_subscriber::layer::SubscriberExt;
    let file = std::fs::File::create(path).map_err(|source| CliError::File {
        path: path.to_path_buf(),
        source,
    })?;
    let (layer, flush) = tracing_chrome::ChromeLayerBuilder::new()
        .writer(std::io::BufWriter::new(file))
        .include_args(true)
        .build();
    let subscriber = tracing_subscriber::registry().with(layer);
    Ok(Profile {
        _subscriber: tracing::subscriber::set_default(subscriber),
        _flush: flush,
    })
}

/// Without the `trace` feature there are no spans to record: a usage error.
#[cfg(not(feature = "trace"))]
pub(super) fn start(path: &Path) -> Result<Profile, CliError> {
    Err(CliError::NoTrace(path.to_path_buf()))
}
