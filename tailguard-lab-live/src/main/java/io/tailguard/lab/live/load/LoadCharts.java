package io.tailguard.lab.live.load;

import io.tailguard.artifacts.Charts;
import io.tailguard.load.Interval;
import io.tailguard.load.StepResult;
import java.awt.Color;
import java.util.ArrayList;
import java.util.List;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramIterationValue;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/** Thread-safe (stateless): the load run's two charts, one series per rate. */
final class LoadCharts {

    /** The chart's x axis stops at 99.9999 %, where 1/(1-p) is a million. */
    private static final double MAX_PERCENTILE = 99.9999;

    /** The log axis cannot show 0: latencies below a microsecond are drawn at one. */
    private static final double MIN_MS = 0.001;

    private LoadCharts() {
    }

    /** Latency against percentile, the x axis as 1/(1-p) on a log scale, as HdrHistogram plots it. */
    static XYChart byPercentile(List<StepResult> steps) {
        XYChart chart = chart("Latency by percentile (from due time, timeouts at the timeout)", "percentile, as 1/(1-p): 10 = p90, 100 = p99",
                "latency (ms)");
        chart.getStyler().setXAxisLogarithmic(true);
        for (StepResult s : steps) {
            Histogram h = s.all();
            if (h.getTotalCount() == 0) {
                continue;
            }
            List<Double> x = new ArrayList<>();
            List<Double> y = new ArrayList<>();
            for (HistogramIterationValue v : h.percentiles(5)) {
                double p = Math.min(v.getPercentileLevelIteratedTo(), MAX_PERCENTILE);
                x.add(1.0 / (1.0 - p / 100.0));
                y.add(v.getValueIteratedTo() / 1e6);
                if (p >= MAX_PERCENTILE) {
                    break;
                }
            }
            line(chart.addSeries(s.rateText(), x, y));
        }
        return chart;
    }

    /**
     * The latency-versus-throughput curve: p50, p90 and p99 of each step against its rate, on a
     * log scale so that the knee and the fast steps both show. Steps with no answers are left out.
     */
    static XYChart byRate(List<StepResult> steps) {
        List<Double> rates = new ArrayList<>();
        List<Double> p50 = new ArrayList<>();
        List<Double> p90 = new ArrayList<>();
        List<Double> p99 = new ArrayList<>();
        for (StepResult s : steps) {
            Histogram h = s.all();
            if (h.getTotalCount() > 0) {
                rates.add(s.rate());
                p50.add(Math.max(MIN_MS, h.getValueAtPercentile(50) / 1e6));
                p90.add(Math.max(MIN_MS, h.getValueAtPercentile(90) / 1e6));
                p99.add(Math.max(MIN_MS, h.getValueAtPercentile(99) / 1e6));
            }
        }
        XYChart chart = chart("Latency by rate (from due time, timeouts at the timeout)", "requests per second (offered)",
                "latency (ms, log scale)");
        chart.getStyler().setYAxisLogarithmic(true);
        if (!rates.isEmpty()) {
            chart.addSeries("p50", rates, p50);
            chart.addSeries("p90", rates, p90);
            chart.addSeries("p99", rates, p99);
        }
        return chart;
    }

    /** p99 and max per second, a timeout counted at the timeout, against time since the measured part began. */
    static XYChart overTime(List<StepResult> steps) {
        XYChart chart = chart("Latency over time (from due time, timeouts at the timeout)", "seconds since measuring began", "latency (ms)");
        for (StepResult s : steps) {
            List<Double> x = new ArrayList<>();
            List<Double> p99 = new ArrayList<>();
            List<Double> max = new ArrayList<>();
            for (Interval i : s.intervals()) {
                if (i.endSeconds() > 0 && i.answered() + i.timeouts() > 0) {
                    x.add(i.endSeconds());
                    p99.add(i.p99Nanos() / 1e6);
                    max.add(i.maxNanos() / 1e6);
                }
            }
            if (!x.isEmpty()) {
                line(chart.addSeries(s.rateText() + " p99", x, p99));
                line(chart.addSeries(s.rateText() + " max", x, max));
            }
        }
        return chart;
    }

    private static XYChart chart(String title, String xTitle, String yTitle) {
        XYChart chart = new XYChartBuilder().width(Charts.WIDTH).height(Charts.HEIGHT).title(title)
                .xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(Color.WHITE);
        return chart;
    }

    private static void line(XYSeries series) {
        series.setMarker(SeriesMarkers.NONE);
    }
}
