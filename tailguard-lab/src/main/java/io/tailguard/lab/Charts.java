package io.tailguard.lab;

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
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.lines.SeriesLines;
import org.knowm.xchart.style.markers.Marker;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * Thread-safe (stateless) factory of the lab's two chart shapes with a common, readable look:
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
     * Colours of increasing lightness (luma 0.299 R + 0.587 G + 0.114 B of about 13, 24, 33, 48, 63
     * and 80 %), hues apart as well, so neighbours differ both in colour and in grey.
     */
    static final Color[] PALETTE = {
        new Color(0x1b, 0x1b, 0x4f), new Color(0x8c, 0x1c, 0x13), new Color(0x1f, 0x6f, 0x5c),
        new Color(0xc2, 0x6d, 0x00), new Color(0x7f, 0xa7, 0xd9), new Color(0xe8, 0xd2, 0x6b),
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
        chart.getStyler().setSeriesMarkers(MARKERS);
        chart.getStyler().setSeriesLines(LINES);
        chart.getStyler().setMarkerSize(7);
        mergeEqual(series).forEach((name, values) -> chart.addSeries(name, x, values));
        return chart;
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
