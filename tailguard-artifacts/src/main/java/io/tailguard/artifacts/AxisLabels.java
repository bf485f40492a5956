package io.tailguard.artifacts;

import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Thread-safe (stateless; it changes the chart it is given, which no other thread may be using)
 * fitter of a chart's x-axis labels: it keeps them level when they fit,
 * else turns them 45 degrees, else 90, whichever first leaves a gap between every two labels as
 * drawn ({@link TickLabelBoxes}). Long category names such as {@code resilience4j-rate-limiter}
 * next to {@code load-shedder} no longer run together, nor do the ticks of a small chart.
 */
final class AxisLabels {

    private static final int[] TURNS = {0, 45, 90};

    private AxisLabels() {
    }

    /**
     * Sets the x-axis label rotation of {@code chart} to the first of 0, 45 and 90 degrees at which
     * no two labels overlap (90 if none) and returns it.
     */
    static int fit(Chart<? extends AxesChartStyler, ?> chart) {
        AxesChartStyler styler = chart.getStyler();
        for (int turn : TURNS) {
            styler.setXAxisLabelRotation(turn);
            // a turned label ends at its tick instead of straddling it, so neighbours stay apart
            styler.setXAxisLabelAlignment(turn == 0 ? AxesChartStyler.TextAlignment.Centre
                    : AxesChartStyler.TextAlignment.Right);
            if (!TickLabelBoxes.anyOverlap(TickLabelBoxes.of(chart))) {
                return turn;
            }
        }
        return TURNS[TURNS.length - 1];
    }
}
