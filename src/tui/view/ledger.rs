//! The ledger on screen: the totals across the phase shown, marked when it
//! raised the total energy, and the chart of the totals over the frames run.
//! Both read the records and the timeline's series; a frame's totals are
//! summed as far as the phase shown when first read, and never again.

use super::theme::Theme;
use crate::engine::Totals;
use crate::notation::{correction_moved_l, num, rise_mark, totals_line};
use crate::tui::app::Stepper;
use crate::tui::words::fill;
use ratatui::Frame;
use ratatui::layout::{Constraint, Layout, Rect};
use ratatui::style::{Color, Modifier};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Wrap};

/// The totals panel's text: the totals, or a line saying they are hidden while
/// a question waits for its answer. The layout sizes the panel by it.
pub(super) fn totals_panel(s: &Stepper, theme: &Theme) -> Paragraph<'static> {
    if s.outcome_hidden() {
        Paragraph::new(Line::styled(theme.words.totals_hidden, theme.dim())).wrap(Wrap { trim: true })
    } else {
        totals_text(s, theme)
    }
}

/// The totals line: across the phase on screen (with ▲ and the rise when it
/// raised the total energy), or at the end of the frame while playing.
fn totals_text(s: &Stepper, theme: &Theme) -> Paragraph<'static> {
    let (bodies, gravity) = (s.bodies(), s.session.timeline.gravity(s.frame));
    let mut spans = Vec::new();
    let mut note = None;
    let line = match &s.playing {
        Some(end) => {
            let t = Totals::of(bodies, end, gravity);
            // Waiting for a record, the screen may show a phase inside a frame, not its end.
            let at = if s.awaited.is_some() { theme.words.as_shown } else { theme.words.at_frame_end };
            format!("{at}{}", totals_line(&t, &t))
        }
        None => {
            let (before, after) = s.totals_around();
            let kind = s.record().phases.kind(s.phase);
            if let Some(mark) = rise_mark(kind, &before, &after) {
                spans.push(Span::styled(format!("{mark}  "), theme.fg(Color::Red).add_modifier(Modifier::BOLD)));
            }
            if correction_moved_l(kind, &before, &after) {
                note = Some(Line::styled(theme.words.l_moved, theme.dim()));
            }
            totals_line(&before, &after)
        }
    };
    // A no-break space inside each vector, so wrapping never splits "(1, 0)".
    spans.push(Span::raw(line.replace(", ", ",\u{a0}")));
    Paragraph::new(std::iter::once(Line::from(spans)).chain(note).collect::<Vec<_>>()).wrap(Wrap { trim: true })
}

/// The chart's lines, filled by [`energy_chart`]: ΔKE, ΔPE, ΔE, |p| and
/// the frame on screen in each of the two plots (the charts borrow them).
pub(super) type ChartLines = [Vec<(f64, f64)>; 6];

/// One series of the chart: its symbol, colour and marker (the marker tells
/// the series apart without colour too).
struct Series {
    name: &'static str,
    color: Color,
    marker: Marker,
    /// How the marker draws a flat line, for the legend.
    mark: &'static str,
}

const ENERGIES: [Series; 3] = [
    Series { name: "KE", color: Color::Cyan, marker: Marker::Braille, mark: "⠤⠤" },
    Series { name: "PE", color: Color::Green, marker: Marker::Dot, mark: "••" },
    Series { name: "E", color: Color::White, marker: Marker::HalfBlock, mark: "▀▀" },
];
const MOMENTUM: Series = Series { name: "|p|", color: Color::Magenta, marker: Marker::Braille, mark: "⠤⠤" };
const NOW: Color = Color::Yellow;

/// The y range of `lines`, at least a millionth of `scale` tall, so that
/// round-off in a total that is kept (E with e = 1) draws as the flat line
/// it is instead of filling the plot.
fn y_range<'a>(lines: impl IntoIterator<Item = &'a Vec<(f64, f64)>>, scale: f64) -> (f64, f64) {
    let (lo, hi) = lines.into_iter().flatten().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    if !lo.is_finite() {
        return (-1.0, 1.0);
    }
    let least = (1e-6 * scale).max(f64::MIN_POSITIVE);
    if hi - lo >= least { (lo, hi) } else { ((lo + hi) / 2.0 - least / 2.0, (lo + hi) / 2.0 + least / 2.0) }
}

/// The chart of the totals at the start of each frame run so far, in place of
/// the scene: the energies as their change since the first frame (one unit,
/// J, so one axis reads them all, and a kept E is a flat line at 0), and the
/// size of the momentum on a plot of its own, in N·s. The legend sits above
/// the plots, never on them; the frame on screen is a vertical line in both.
pub(super) fn energy_chart(s: &Stepper, theme: &Theme, frame: &mut Frame, area: Rect) {
    let w = theme.words;
    let mut series = s.session.timeline.series().points();
    // The next frame's start is the end of the phases on screen: hidden with their results.
    if s.outcome_hidden() {
        series = &series[..series.partition_point(|(frame, _)| *frame <= s.frame)];
    }
    let thinned = series.windows(2).next().is_some_and(|w| w[1].0 - w[0].0 > 1);
    let title = fill(w.chart_title, &[&series.len(), &if thinned { w.chart_thinned } else { "" }]);
    let block = Block::bordered().title(title);
    let inner = block.inner(area);
    frame.render_widget(block, area);

    let mut lines = ChartLines::default();
    let first = series.first().map_or_else(Totals::default, |p| p.1);
    let energies: [fn(&Totals) -> f64; 3] = [|t| t.ke, |t| t.pe, Totals::energy];
    for (line, value) in lines.iter_mut().zip(energies) {
        *line = series.iter().map(|(f, t)| (*f as f64, value(t) - value(&first))).collect();
    }
    lines[3] = series.iter().map(|(f, t)| (*f as f64, t.momentum.length())).collect();
    let energy_scale = series.iter().map(|(_, t)| t.ke + t.pe.abs()).fold(0.0, f64::max);
    let momentum_scale: f64 = lines[3].iter().map(|p| p.1).fold(0.0, f64::max);
    let energy_y = y_range(&lines[..3], energy_scale);
    // A size: its plot starts at 0, so a kept momentum is a flat line at its height.
    let momentum_y = (0.0, if momentum_scale > 0.0 { momentum_scale } else { 1.0 });
    let last = series.last().map_or(0, |p| p.0).max(s.frame).max(1) as f64;
    let now = s.frame as f64;
    lines[4] = vec![(now, energy_y.0), (now, energy_y.1)];
    lines[5] = vec![(now, momentum_y.0), (now, momentum_y.1)];

    // The legend: each series' mark in its colour, the energies' values at the first frame.
    let mut legend = Vec::new();
    for (k, e) in ENERGIES.iter().enumerate() {
        let start = energies[k](&first);
        legend.push(Span::styled(format!("{} Δ{} ", e.mark, e.name), theme.fg(e.color).add_modifier(Modifier::BOLD)));
        legend.push(Span::raw(fill(w.chart_from, &[&num(start)])));
        legend.push(Span::raw("  "));
    }
    legend.push(Span::styled(format!("{} {} N·s", MOMENTUM.mark, MOMENTUM.name), theme.fg(MOMENTUM.color).add_modifier(Modifier::BOLD)));
    legend.push(Span::raw("  "));
    legend.push(Span::styled(format!("⡇ {} {}", w.frame, s.frame), theme.fg(NOW)));
    // Two plots where there is room for both, else the energies alone.
    let with_momentum = inner.height >= 14;
    let [legend_area, energy_area, momentum_area] = if with_momentum {
        Layout::vertical([Constraint::Length(legend_height(&legend, inner.width)), Constraint::Fill(2), Constraint::Fill(1)]).areas(inner)
    } else {
        Layout::vertical([Constraint::Length(legend_height(&legend, inner.width)), Constraint::Fill(1), Constraint::Length(0)]).areas(inner)
    };
    frame.render_widget(Paragraph::new(Line::from(legend)).wrap(Wrap { trim: true }), legend_area);

    let [ke, pe, e, p, now_e, now_p] = &lines;
    let x_axis = || Axis::default().bounds([0.0, last]).labels(["0".to_string(), num(last)]).style(theme.dim());
    let y_axis = |(lo, hi): (f64, f64), unit: &str| {
        Axis::default().bounds([lo, hi]).labels([format!("{} {unit}", num(lo)), format!("{} {unit}", num(hi))]).style(theme.dim())
    };
    let now_line = Series { name: "", color: NOW, marker: Marker::Braille, mark: "⡇" };
    let energy_chart = Chart::new(vec![
        dataset(theme, ke, &ENERGIES[0]),
        dataset(theme, pe, &ENERGIES[1]),
        dataset(theme, e, &ENERGIES[2]),
        dataset(theme, now_e, &now_line),
    ])
    .x_axis(x_axis())
    .y_axis(y_axis(energy_y, "J"));
    split_caption(frame, energy_area, w.chart_energy, theme, energy_chart);
    if with_momentum {
        let momentum_chart = Chart::new(vec![dataset(theme, p, &MOMENTUM), dataset(theme, now_p, &now_line)])
            .x_axis(x_axis())
            .y_axis(y_axis(momentum_y, "N·s"));
        split_caption(frame, momentum_area, w.chart_momentum, theme, momentum_chart);
    }
}

fn dataset<'a>(theme: &Theme, data: &'a [(f64, f64)], series: &Series) -> Dataset<'a> {
    Dataset::default().marker(series.marker).graph_type(GraphType::Line).style(theme.fg(series.color)).data(data)
}

/// Rows the legend takes at `width` (it wraps on a narrow screen).
fn legend_height(legend: &[Span], width: u16) -> u16 {
    let chars: usize = legend.iter().map(|s| s.content.chars().count()).sum();
    (chars as u16).div_ceil(width.max(1)).clamp(1, 3)
}

/// A plot with its caption (what it shows, in which unit) on the row above it.
fn split_caption(frame: &mut Frame, area: Rect, caption: &str, theme: &Theme, chart: Chart) {
    let [top, plot] = Layout::vertical([Constraint::Length(1), Constraint::Fill(1)]).areas(area);
    frame.render_widget(Paragraph::new(Line::styled(caption.to_string(), theme.dim())), top);
    frame.render_widget(chart, plot);
}
