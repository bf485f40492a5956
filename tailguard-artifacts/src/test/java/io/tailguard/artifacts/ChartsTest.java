package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.style.Styler;

class ChartsTest {

    @Test
    void linesEqualAtEveryXAreDrawnOnceUnderAllTheirNames() {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("token-bucket", List.of(10.0, 10.0));
        series.put("bounded-queue", List.of(250.0, 500.0));
        series.put("resilience4j", List.of(10.0, 10.0));

        XYChart chart = Charts.lines("t", "x", "y", List.of(1, 2), series);

        assertThat(chart.getSeriesMap().keySet()).containsExactly("token-bucket = resilience4j", "bounded-queue");
    }

    @Test
    void neighbouringLinesDifferInDashAndMarker() {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("a", List.of(1, 2));
        series.put("b", List.of(1, 3));

        XYChart chart = Charts.lines("t", "x", "y", List.of(1, 2), series);

        assertThat(chart.getSeriesMap().get("a").getLineStyle()).isNotEqualTo(chart.getSeriesMap().get("b").getLineStyle());
        assertThat(chart.getSeriesMap().get("a").getMarker()).isNotEqualTo(chart.getSeriesMap().get("b").getMarker());
    }

    @Test
    void seriesThatDifferSomewhereStaySeparate() {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("live", Arrays.asList(1.0, null, 3.0));
        series.put("sim", Arrays.asList(1.0, 2.0, 3.0));

        assertThat(Charts.mergeEqual(series).keySet()).containsExactly("live", "sim");
    }

    @Test
    void legendsSitOutsideThePlotSoTheyCoverNoBar() {
        CategoryChart bars = Charts.bars("t", "x", "y", List.of("a", "b"), Map.of("s", List.of(1, 2)));
        XYChart lines = Charts.lines("t", "x", "y", List.of(1, 2), Map.of("s", List.of(1, 2)));

        assertThat(bars.getStyler().getLegendPosition()).isEqualTo(Styler.LegendPosition.OutsideE);
        assertThat(lines.getStyler().getLegendPosition()).isEqualTo(Styler.LegendPosition.OutsideE);
    }

    @Test
    void thePaletteSurvivesGreyscale() {
        double[] lumas = Arrays.stream(Charts.PALETTE)
                .mapToDouble(c -> (0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue()) / 255).toArray();
        assertThat(Math.abs(lumas[0] - lumas[1])).as("first two series").isGreaterThan(0.4);
        double[] sorted = lumas.clone();
        Arrays.sort(sorted);
        for (int i = 1; i < sorted.length; i++) {
            assertThat(sorted[i] - sorted[i - 1]).as("greys %s", Arrays.toString(sorted)).isGreaterThan(0.08);
        }
    }
}
