package io.tailguard.lab;

import java.util.List;
import java.util.Map;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.style.Styler;

/**
 * Thread-safe (stateless) factory of the lab's two chart shapes with a common look: grouped bars per
 * category and lines over x. Each call returns a new chart.
 */
public final class Charts {

    /** Default chart width in pixels. */
    public static final int WIDTH = 900;
    /** Default chart height in pixels. */
    public static final int HEIGHT = 420;

    private Charts() {
    }

    /**
     * Grouped bars: one group per category, one bar per series.
     *
     * @param series series name → one value per category, in category order
     */
    public static CategoryChart bars(String title, String xTitle, String yTitle, List<String> categories,
                                     Map<String, List<? extends Number>> series) {
        CategoryChart chart = new CategoryChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.InsideNE);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, values) -> chart.addSeries(name, categories, values));
        return chart;
    }

    /**
     * Lines over a shared x axis.
     *
     * @param series series name → one y per x
     */
    public static XYChart lines(String title, String xTitle, String yTitle, List<? extends Number> x,
                                Map<String, List<? extends Number>> series) {
        XYChart chart = new XYChartBuilder().width(WIDTH).height(HEIGHT)
                .title(title).xAxisTitle(xTitle).yAxisTitle(yTitle).build();
        chart.getStyler().setLegendPosition(Styler.LegendPosition.OutsideE);
        chart.getStyler().setChartBackgroundColor(java.awt.Color.WHITE);
        series.forEach((name, values) -> chart.addSeries(name, x, values));
        return chart;
    }
}
