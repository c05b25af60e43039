//! The ledger on screen: the totals across the phase shown, marked when it
//! raised the total energy, and the chart of the totals over the frames run.
//! Both read the records and the timeline's series; nothing is recomputed.

use super::Theme;
use crate::engine::Totals;
use crate::notation::{num, rise_mark, totals_line};
use crate::tui::app::Stepper;
use ratatui::layout::Constraint;
use ratatui::style::{Color, Modifier};
use ratatui::symbols::Marker;
use ratatui::text::{Line, Span};
use ratatui::widgets::{Axis, Block, Chart, Dataset, GraphType, Paragraph, Wrap};

/// The totals line: across the phase on screen (with ▲ and the rise when it
/// raised the total energy), or at the end of the frame while playing.
pub(super) fn totals_text(s: &Stepper, theme: &Theme) -> Paragraph<'static> {
    let (bodies, gravity) = (s.bodies(), s.session.timeline.gravity(s.frame));
    let mut spans = Vec::new();
    let line = match &s.playing {
        Some(end) => {
            let t = Totals::of(bodies, end, gravity);
            format!("at the frame's end: {}", totals_line(&t, &t))
        }
        None => {
            let ledger = s.ledger();
            let (before, after) = (&ledger[s.phase], &ledger[s.phase + 1]);
            if let Some(mark) = rise_mark(s.record().phases.kind(s.phase), before, after) {
                spans.push(Span::styled(format!("{mark}  "), theme.fg(Color::Red).add_modifier(Modifier::BOLD)));
            }
            totals_line(before, after)
        }
    };
    // A no-break space inside each vector, so wrapping never splits "(1, 0)".
    spans.push(Span::raw(line.replace(", ", ",\u{a0}")));
    Paragraph::new(Line::from(spans)).wrap(Wrap { trim: true })
}

/// The chart's lines, filled by [`energy_chart`]: KE, PE, E, |p| and the
/// frame on screen (the chart borrows them).
pub(super) type ChartLines = [Vec<(f64, f64)>; 5];

/// KE, PE, E and |p| at the start of each frame run so far, the frame on
/// screen marked with a vertical line.
pub(super) fn energy_chart<'a>(s: &Stepper, theme: &Theme, lines: &'a mut ChartLines) -> Chart<'a> {
    let mut series = s.session.timeline.series().points();
    // The next frame's start is the end of the phases on screen: hidden with their results.
    if s.outcome_hidden() {
        series = &series[..series.partition_point(|(frame, _)| *frame <= s.frame)];
    }
    let values: [fn(&Totals) -> f64; 4] = [|t| t.ke, |t| t.pe, Totals::energy, |t| t.momentum.length()];
    for (line, value) in lines.iter_mut().zip(values) {
        *line = series.iter().map(|(f, t)| (*f as f64, value(t))).collect();
    }
    let (lo, hi) = lines[..4].iter().flatten().fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), p| (lo.min(p.1), hi.max(p.1)));
    let (lo, hi) = if lo < hi { (lo, hi) } else { (lo - 1.0, lo + 1.0) };
    let last = series.last().map_or(0, |p| p.0).max(s.frame).max(1) as f64;
    let now = s.frame as f64;
    lines[4] = vec![(now, lo), (now, hi)];
    let [ke, pe, e, p, frame] = lines;
    let dataset = |name: String, data: &'a [(f64, f64)], color: Color| {
        Dataset::default().name(name).marker(Marker::Braille).graph_type(GraphType::Line).style(theme.fg(color)).data(data)
    };
    let datasets = vec![
        dataset("KE J".into(), ke, Color::Cyan),
        dataset("PE J".into(), pe, Color::Green),
        dataset("E J".into(), e, Color::White),
        dataset("|p| N·s".into(), p, Color::Magenta),
        dataset(format!("frame {}", s.frame), frame, Color::Yellow),
    ];
    let thinned = series.windows(2).next().is_some_and(|w| w[1].0 - w[0].0 > 1);
    let title = format!(" totals per frame, {} frames{} · L: the scene ", series.len(), if thinned { ", thinned" } else { "" });
    Chart::new(datasets)
        // The legend needs 7 rows and 12 columns: let it take up to half the height.
        .hidden_legend_constraints((Constraint::Ratio(1, 3), Constraint::Ratio(1, 2)))
        .block(Block::bordered().title(title))
        .x_axis(Axis::default().bounds([0.0, last]).labels(["0".to_string(), num(last)]).style(theme.dim()))
        .y_axis(Axis::default().bounds([lo, hi]).labels([num(lo), num(hi)]).style(theme.dim()))
}
