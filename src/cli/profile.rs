//! `--profile FILE` (`play`, `simulate`): a Chrome trace of the spans of every system and
//! pipeline handler, written with the `trace` feature. Open it in chrome://tracing or
//! <https://ui.perfetto.dev>. A span with a `name` field is shown as `span: name`: the rules
//! of each event kind as `rules: Damage`, each listener handler as `listener: nioh_shield`,
//! each system as `system: alea::kernel::step::accept_system<…>`.

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
        .name_fn(Box::new(names::shown))
        .build();
    let subscriber = tracing_subscriber::registry()
        .with(names::Names)
        .with(layer);
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

/// Span names in the trace: `span: name` for spans with a `name` field.
#[cfg(feature = "trace")]
mod names {
    use tracing::Subscriber;
    use tracing::field::{Field, Visit};
    use tracing::span::{Attributes, Id};
    use tracing_chrome::EventOrSpan;
    use tracing_subscriber::layer::{Context, Layer};
    use tracing_subscriber::registry::LookupSpan;

    /// A span's name as the trace shows it.
    struct Shown(String);

    /// Records each new span's shown name (runs before the Chrome layer writes it).
    pub(super) struct Names;

    impl<S: Subscriber + for<'a> LookupSpan<'a>> Layer<S> for Names {
        fn on_new_span(&self, attrs: &Attributes<'_>, id: &Id, ctx: Context<'_, S>) {
            let mut field = NameField(None);
            attrs.record(&mut field);
            if let (Some(name), Some(span)) = (field.0, ctx.span(id)) {
                let shown = format!("{}: {name}", attrs.metadata().name());
                span.extensions_mut().insert(Shown(shown));
            }
        }
    }

    /// The value of a `name` field, without the quotes of its `Debug` form.
    struct NameField(Option<String>);

    impl Visit for NameField {
        fn record_str(&mut self, field: &Field, value: &str) {
            if field.name() == "name" {
                self.0 = Some(value.to_owned());
            }
        }

        fn record_debug(&mut self, field: &Field, value: &dyn std::fmt::Debug) {
            if field.name() == "name" && self.0.is_none() {
                let text = format!("{value:?}");
                self.0 = Some(text.trim_matches('"').to_owned());
            }
        }
    }

    /// The name the Chrome trace shows for a span or an event.
    pub(super) fn shown<S>(item: &EventOrSpan<'_, '_, S>) -> String
    where
        S: Subscriber + for<'a> LookupSpan<'a> + Send + Sync,
    {
        match item {
            EventOrSpan::Span(span) => match span.extensions().get::<Shown>() {
                Some(shown) => shown.0.clone(),
                None => span.name().to_owned(),
            },
            EventOrSpan::Event(event) => event.metadata().name().to_owned(),
        }
    }
}
