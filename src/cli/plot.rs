//! Plots as SVG files (plotters): `arena --plot` and `deal --plot`.

use std::path::Path;

use plotters::prelude::*;

use super::CliError;
use alea::arena::{ArenaDeals, ArenaReport, running_means};

/// `Ok` when `path`'s folder exists, so that a plot can be written there after a long run
/// (a usage error before the run otherwise).
pub fn writable(path: &Path) -> Result<(), CliError> {
    let folder = match path.parent() {
        Some(folder) if !folder.as_os_str().is_empty() => folder,
        _ => Path::new("."),
    };
    match folder.is_dir() && path.file_name().is_some() {
        true => Ok(()),
        false => Err(CliError::Usage(format!(
            "--plot {}: no folder {} to write it in",
            path.display(),
            folder.display()
        ))),
    }
}

/// A plotting failure as the file it was writing.
fn failed<E: std::fmt::Display>(path: &Path) -> impl Fn(E) -> CliError + '_ {
    move |e| CliError::File {
        path: path.to_path_buf(),
        source: std::io::Error::other(e.to_string()),
    }
}

/// A tick label: up to three decimals, trailing zeros dropped, no negative zero.
fn tick(y: &f64) -> String {
    let y = if y.abs() < 1e-9 { 0.0 } else { *y };
    let text = format!("{y:.3}");
    text.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// `lo..hi` widened by a twentieth on each side (and to a unit around a single value).
fn padded(values: impl IntoIterator<Item = f64>) -> std::ops::Range<f64> {
    let (lo, hi) = values
        .into_iter()
        .filter(|v| v.is_finite())
        .fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
            (lo.min(v), hi.max(v))
        });
    if !lo.is_finite() {
        return -1.0..1.0;
    }
    let pad = ((hi - lo) / 20.0).max(1e-9);
    match hi - lo < 1e-12 {
        true => lo - 1.0..hi + 1.0,
        false => lo - pad..hi + pad,
    }
}

/// `arena --plot`: each player's mean return with its 95 % interval, and the running mean of
/// each over the deals.
pub fn arena(path: &Path, report: &ArenaReport, run: &ArenaDeals) -> Result<(), CliError> {
    let err = failed(path);
    let root = SVGBackend::new(path, (960, 420)).into_drawing_area();
    root.fill(&WHITE).map_err(&err)?;
    let (left, right) = root.split_horizontally(400);
    let players = &report.players;
    let bounds = |p: &alea::arena::PlayerResult| {
        let [lo, hi] = p.estimate.interval.unwrap_or([p.estimate.mean; 2]);
        [lo, hi, p.estimate.mean]
    };
    let mut chart = ChartBuilder::on(&left)
        .caption(
            format!("{}: mean return, 95% interval", report.game),
            ("sans-serif", 16),
        )
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(56)
        .build_cartesian_2d(
            -0.5..players.len() as f64 - 0.5,
            padded(players.iter().flat_map(bounds)),
        )
        .map_err(&err)?;
    let name =
        |x: &f64| whole(*x, players.len()).map_or(String::new(), |k| players[k].player.clone());
    chart
        .configure_mesh()
        .disable_x_mesh()
        .x_labels(players.len().max(2) * 2 + 1)
        .x_label_formatter(&name)
        .y_label_formatter(&tick)
        .y_desc("return a game")
        .draw()
        .map_err(&err)?;
    for (i, p) in players.iter().enumerate() {
        let [lo, hi, mean] = bounds(p);
        let color = Palette99::pick(i).to_rgba();
        chart
            .draw_series(std::iter::once(ErrorBar::new_vertical(
                i as f64,
                lo,
                mean,
                hi,
                color.filled().stroke_width(2),
                12,
            )))
            .map_err(&err)?;
    }
    let series: Vec<Vec<f64>> = (0..players.len())
        .map(|k| {
            let values: Vec<f64> = run.deals.iter().map(|d| d.returns[k]).collect();
            running_means(&values)
        })
        .collect();
    let mut chart = ChartBuilder::on(&right)
        .caption("running mean over deals", ("sans-serif", 16))
        .margin(12)
        .x_label_area_size(30)
        .y_label_area_size(56)
        .build_cartesian_2d(
            1.0..(run.deals.len() as f64).max(2.0),
            padded(series.iter().flatten().copied()),
        )
        .map_err(&err)?;
    chart
        .configure_mesh()
        .x_label_formatter(&|x| format!("{x:.0}"))
        .x_desc("deals")
        .y_label_formatter(&tick)
        .y_desc("mean return")
        .draw()
        .map_err(&err)?;
    for (k, means) in series.iter().enumerate() {
        let color = Palette99::pick(k).to_rgba();
        let points = means.iter().enumerate().map(|(i, m)| ((i + 1) as f64, *m));
        chart
            .draw_series(LineSeries::new(points, color.stroke_width(2)))
            .map_err(&err)?
            .label(players[k].player.clone())
            .legend(move |(x, y)| PathElement::new([(x, y), (x + 16, y)], color.stroke_width(2)));
    }
    legend(&mut chart, path)?;
    root.present().map_err(&err)?;
    Ok(())
}

/// A chart of `f64` against `f64` on an SVG file.
type Chart<'a, 'b> = ChartContext<
    'a,
    SVGBackend<'b>,
    Cartesian2d<plotters::coord::types::RangedCoordf64, plotters::coord::types::RangedCoordf64>,
>;

/// Draws `chart`'s series labels in a framed box.
fn legend<'a>(chart: &mut Chart<'a, 'a>, path: &Path) -> Result<(), CliError> {
    chart
        .configure_series_labels()
        .background_style(WHITE.mix(0.8))
        .border_style(BLACK)
        .draw()
        .map_err(failed(path))
}

/// One panel of `deal --plot`: how often each value came at each seat.
pub struct Histogram {
    /// The panel's title (`shanten`).
    pub title: &'static str,
    /// Counts by seat, then by value (`0..len`).
    pub counts: Vec<Vec<u64>>,
}

/// The label of `x` when it is a whole number in `0..len`, else nothing (tick labels at the
/// bars only).
fn whole(x: f64, len: usize) -> Option<usize> {
    let at = x.round();
    ((at - x).abs() < 1e-6 && at >= 0.0 && (at as usize) < len).then_some(at as usize)
}

/// `deal --plot`: each panel's values as bars side by side, one colour a seat, as shares of the
/// deals.
pub fn deal(
    path: &Path,
    caption: &str,
    seats: &[String],
    panels: &[Histogram],
) -> Result<(), CliError> {
    let err = failed(path);
    let height = 40 + 280 * u32::try_from(panels.len()).unwrap_or(1);
    let root = SVGBackend::new(path, (960, height)).into_drawing_area();
    root.fill(&WHITE).map_err(&err)?;
    let root = root.titled(caption, ("sans-serif", 18)).map_err(&err)?;
    let width = 0.8 / seats.len().max(1) as f64;
    for (area, panel) in root.split_evenly((panels.len(), 1)).iter().zip(panels) {
        let values = panel.counts.iter().map(Vec::len).max().unwrap_or(1);
        let share = |counts: &[u64], c: u64| c as f64 / counts.iter().sum::<u64>().max(1) as f64;
        let top = panel
            .counts
            .iter()
            .flat_map(|counts| counts.iter().map(|&c| share(counts, c)))
            .fold(0.0, f64::max);
        let mut chart = ChartBuilder::on(area)
            .caption(panel.title, ("sans-serif", 15))
            .margin(10)
            .x_label_area_size(28)
            .y_label_area_size(56)
            .build_cartesian_2d(-0.5..values as f64 - 0.5, 0.0..(top * 1.1).max(0.01))
            .map_err(&err)?;
        chart
            .configure_mesh()
            .disable_x_mesh()
            .x_labels(values * 2 + 1)
            .x_label_formatter(&|x| whole(*x, values).map_or(String::new(), |v| v.to_string()))
            .y_label_formatter(&tick)
            .y_desc("share of deals")
            .draw()
            .map_err(&err)?;
        for (s, counts) in panel.counts.iter().enumerate() {
            let color = Palette99::pick(s).to_rgba();
            let bars = counts.iter().enumerate().map(|(v, &c)| {
                let x = v as f64 - 0.4 + s as f64 * width;
                Rectangle::new([(x, 0.0), (x + width, share(counts, c))], color.filled())
            });
            chart
                .draw_series(bars)
                .map_err(&err)?
                .label(seats.get(s).cloned().unwrap_or_default())
                .legend(move |(x, y)| {
                    Rectangle::new([(x, y - 5), (x + 12, y + 5)], color.filled())
                });
        }
        legend(&mut chart, path)?;
    }
    root.present().map_err(&err)?;
    Ok(())
}
