package io.tailguard.artifacts;

import java.awt.BasicStroke;
import java.awt.Color;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Thread-safe (stateless) factory of the two chart shapes reports use with a common, readable look:
 * grouped bars per category and lines over x. Each call returns a new chart.
 *
 * <p>Legends sit outside the plot, so they never cover a bar or a line. Series colours step through
 * lightness (dark to light), so they stay apart when printed in greyscale; lines also differ by
 * marker shape and dash, so a line drawn over another leaves it visible. Line series whose values are
 * equal at every x are drawn once, labelled with every name ("a = b").
 */
public final class Charts {

    /** Default chart width in pixels. */
    public static final int WIDTH = 900;
    /** Default chart height in pixels. */
    public static final int HEIGHT = 420;

    /**
     * Six colours at six greyscale lightnesses (luma 0.299 R + 0.587 G + 0.114 B of about 13, 63, 28,
     * 75, 47 and 38 %), ordered so the first few are far apart: two series are 50 points of grey
     * apart, so a greyscale print still tells accepted from rejected.
     */
    static final Color[] PALETTE = {
        new Color(0x1b, 0x1b, 0x4f), new Color(0xf2, 0x8e, 0x2b), new Color(0xb2, 0x18, 0x2b),
        new Color(0x9e, 0xca, 0xe1), new Color(0x2a, 0x9d, 0x8f), new Color(0x6a, 0x51, 0xa3),
    };

    // 6 colours, 5 markers and 4 dashes cycle independently: 60 series before a look repeats
    private static final Marker[] MARKERS = {SeriesMarkers.CIRCLE, SeriesMarkers.SQUARE, SeriesMarkers.DIAMOND,
        SeriesMarkers.TRIANGLE_UP, SeriesMarkers.TRIANGLE_DOWN};

    private static final BasicStroke[] LINES = {SeriesLines.SOLID, SeriesLines.DASH_DASH, SeriesLines.DOT_DOT,
        SeriesLines.DASH_DOT};

    private Charts() {
    }

    /**
     * Grouped bars: one group per category, one bar per series, the legend to the right of the plot.
     *
     * @param series series name → one value per category, in category order
     */
    public static CategoryChart bars(String title, String xTitle, String yTitle, List<String> categories,
                                     Map<String, List<? extends Number>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        series.forEach((name, values) -> chart.addSeries(name, categories, values));
        return chart;
    }

    /**
     * Grouped bars with an error bar on each: one group per category, one bar per series at the
     * interval's mean, the bar reaching its 95 % bounds. Categories a series lacks are drawn as 0.
     *
     * @param series series name → category → interval
     */
    public static CategoryChart barsWithIntervals(String title, String xTitle, String yTitle, List<String> categories,
                                                  Map<String, Map<String, ConfidenceInterval>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setErrorBarsColor(Color.BLACK);
        series.forEach((name, byCategory) -> {
            List<Double> means = new ArrayList<>();
            List<Double> errors = new ArrayList<>();
            for (String c : categories) {
                ConfidenceInterval ci = byCategory.get(c);
                means.add(ci == null ? 0.0 : ci.mean());
                errors.add(ci == null ? 0.0 : ci.halfWidth());
            }
            chart.addSeries(name, categories, means, errors);
        });
        return chart;
    }

    /**
     * Lines over a shared x axis, with markers and dashes that tell series apart; series equal at
     * every x are merged into one labelled with all their names.
     *
     * @param series series name → one y per x ({@code null} for a gap)
     */
    public static XYChart lines(String title, String xTitle, String yTitle, List<? extends Number> x,
                                Map<String, List<? extends Number>> series) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        style(chart.getStyler());
        chart.getStyler().setMarkerSize(7);
        int i = 0;
        for (Map.Entry<String, List<? extends Number>> e : mergeEqual(series).entrySet()) {
            // XChart's own cycler changes the dash only after every colour was used; set each look here
            XYSeries line = chart.addSeries(e.getKey(), x, e.getValue());
            Color color = PALETTE[i % PALETTE.length];
            line.setLineColor(color);
            line.setMarkerColor(color);
            line.setMarker(MARKERS[i % MARKERS.length]);
            line.setLineStyle(LINES[i % LINES.length]);
            i++;
        }
        return chart;
    }

    /**
     * Returns whether every two x-axis labels of {@code chart}, as drawn at its own size, leave a gap
     * between them. The writer turns labels until they do ({@link AxisLabels}); tests check with this.
     */
    public static boolean xLabelsApart(Chart<? extends AxesChartStyler, ?> chart) {
        return !TickLabelBoxes.anyOverlap(TickLabelBoxes.of(chart));
    }

    /** Series with equal values, in first-seen order, each under the names of all that share it. */
    static Map<String, List<? extends Number>> mergeEqual(Map<String, List<? extends Number>> series) {
        Map<List<? extends Number>, List<String>> names = new LinkedHashMap<>();
        series.forEach((name, values) -> names.computeIfAbsent(values, v -> new ArrayList<>()).add(name));
        Map<String, List<? extends Number>> merged = new LinkedHashMap<>();
        names.forEach((values, sharing) -> merged.put(String.join(" = ", sharing), values));
        return merged;
    }

    private static void style(Styler styler) {
        styler.setLegendPosition(Styler.LegendPosition.OutsideE);
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setSeriesColors(PALETTE);
    }
}
