//! `--profile FILE` (`play`, `simulate`): a Chrome trace of the spans of every system and
//! pipeline handler, written with the `trace` feature. Open it in chrome://tracing or
//! <https://ui.perfetto.dev>. A span with a `name` field is shown as `span: name`: the rules
//! of each event kind as `rules: Damage`, each listener handler as `listener: nioh_shield`,
//! each system as `system: alea::kernel::step::accept_system<…>`.

use std::cell::Cell;
use std::path::Path;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use super::CliError;
use alea::kernel::RunMode;

/// `--profile-games`: games with a lower index are recorded.
static GAMES: AtomicU64 = AtomicU64::new(u64::MAX);
/// `--profile-thinking`: the players' searches are recorded span by span.
static THINKING: AtomicBool = AtomicBool::new(false);

thread_local! {
    /// True while this thread runs work the profile leaves out (a game past
    /// `--profile-games`, a player's search without `--profile-thinking`).
    static QUIET: Cell<bool> = const { Cell::new(false) };
}

/// What a profile records besides the spans of the games themselves.
#[derive(Clone, Copy, Debug)]
#[cfg_attr(not(feature = "trace"), allow(dead_code))]
pub(super) struct Sampling {
    /// Record games `0..games` only (`simulate --profile-games`).
    pub games: u64,
    /// Record what happens inside a player's decision (its search's simulated actions);
    /// without it a decision is one `player` span.
    pub thinking: bool,
}

/// Game `index` starts on this thread: it is recorded if it is among the first
/// `--profile-games`.
pub(super) fn game(index: u64) {
    QUIET.set(index >= GAMES.load(Ordering::Relaxed));
}

/// The player of the seat to move, shown lazily (only a span made while recording formats it).
pub(super) struct Mover<'a, P>(pub alea::kernel::Turn, pub &'a [P]);

impl<P: std::fmt::Display> std::fmt::Display for Mover<'_, P> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self.0 {
            alea::kernel::Turn::Player(seat) => match self.1.get(seat.index()) {
                Some(player) => write!(f, "{player}"),
                None => write!(f, "{seat}"),
            },
            alea::kernel::Turn::Terminal => f.write_str("none"),
        }
    }
}

/// Runs a player's decision (`player` names it) as one `player` span; the spans of what it
/// simulates are left out unless `--profile-thinking`.
pub(super) fn think<R>(player: impl std::fmt::Display, decide: impl FnOnce() -> R) -> R {
    #[cfg(feature = "trace")]
    let _span = tracing::info_span!("player", name = %player).entered();
    #[cfg(not(feature = "trace"))]
    let _ = player;
    if THINKING.load(Ordering::Relaxed) {
        return decide();
    }
    let was = QUIET.replace(true);
    let decision = decide();
    QUIET.set(was);
    decision
}

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
pub(super) fn start(path: &Path, sampling: Sampling) -> Result<Profile, CliError> {
    use tracing_subscriber::layer::SubscriberExt;
    GAMES.store(sampling.games, Ordering::Relaxed);
    THINKING.store(sampling.thinking, Ordering::Relaxed);
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
        .with(Sampled(layer));
    Ok(Profile {
        _subscriber: tracing::subscriber::set_default(subscriber),
        _flush: flush,
    })
}

/// Starts the profile of `--profile` (if given); `sampled` says whether a sampling option
/// was given, which without `--profile` is a usage error.
pub(super) fn start_if(
    path: Option<&Path>,
    sampling: Sampling,
    sampled: bool,
) -> Result<Option<Profile>, CliError> {
    match path {
        Some(path) => start(path, sampling).map(Some),
        None if sampled => Err(CliError::Usage(
            "--profile-games and --profile-thinking apply with --profile FILE".into(),
        )),
        None => Ok(None),
    }
}

/// Without the `trace` feature there are no spans to record: a usage error.
#[cfg(not(feature = "trace"))]
pub(super) fn start(path: &Path, _: Sampling) -> Result<Profile, CliError> {
    Err(CliError::NoTrace(path.to_path_buf()))
}

/// The Chrome layer, told of a span's entering and leaving only while this thread is not
/// [quiet](QUIET). Spans are created once and entered many times (a system's span lives as
/// long as its schedule), so the choice is made at each entry, not at creation.
#[cfg(feature = "trace")]
struct Sampled<L>(L);

#[cfg(feature = "trace")]
impl<S, L> tracing_subscriber::layer::Layer<S> for Sampled<L>
where
    S: tracing::Subscriber,
    L: tracing_subscriber::layer::Layer<S>,
{
    fn on_new_span(
        &self,
        attrs: &tracing::span::Attributes<'_>,
        id: &tracing::span::Id,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        // A span made while quiet is only ever entered while quiet (a search's simulated
        // actions): its arguments are not formatted.
        if !QUIET.get() {
            self.0.on_new_span(attrs, id, ctx);
        }
    }

    fn on_record(
        &self,
        id: &tracing::span::Id,
        values: &tracing::span::Record<'_>,
        ctx: tracing_subscriber::layer::Context<'_, S>,
    ) {
        self.0.on_record(id, values, ctx);
    }

    fn on_event(&self, event: &tracing::Event<'_>, ctx: tracing_subscriber::layer::Context<'_, S>) {
        if !QUIET.get() {
            self.0.on_event(event, ctx);
        }
    }

    fn on_enter(&self, id: &tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        if !QUIET.get() {
            self.0.on_enter(id, ctx);
        }
    }

    fn on_exit(&self, id: &tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        if !QUIET.get() {
            self.0.on_exit(id, ctx);
        }
    }

    fn on_close(&self, id: tracing::span::Id, ctx: tracing_subscriber::layer::Context<'_, S>) {
        self.0.on_close(id, ctx);
    }
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
            if super::QUIET.get() {
                return;
            }
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
