package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Color;
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
    void thePaletteStepsThroughGreyscaleLightness() {
        double previous = -1;
        for (Color c : Charts.PALETTE) {
            double luma = (0.299 * c.getRed() + 0.587 * c.getGreen() + 0.114 * c.getBlue()) / 255;
            assertThat(luma).as("luma of %s", c).isGreaterThan(previous + 0.08);
            previous = luma;
        }
    }
}
