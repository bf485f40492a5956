package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.image.BufferedImage;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.internal.chartpart.Chart;

class SmallMultiplesTest {

    private static XYChart lines(int count) {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        for (int i = 0; i < count; i++) {
            series.put("limiter-" + i, List.of(i, 10 + i, 2 * i));
        }
        return Charts.lines("Limit, step", "s", "limit", List.of(0, 1, 2), series);
    }

    @Test
    void fourSeriesStayOneChart() {
        assertThat(SmallMultiples.needed(lines(4))).isFalse();
    }

    @Test
    void sevenSeriesBecomeSevenChartsOnTheSameAxes() {
        XYChart chart = lines(7);

        List<Chart<?, ?>> panels = SmallMultiples.panels(chart);

        assertThat(SmallMultiples.needed(chart)).isTrue();
        assertThat(panels).hasSize(7);
        assertThat(panels).extracting(Chart::getTitle).containsExactly("limiter-0", "limiter-1", "limiter-2",
                "limiter-3", "limiter-4", "limiter-5", "limiter-6");
        for (Chart<?, ?> p : panels) {
            XYChart panel = (XYChart) p;
            assertThat(panel.getStyler().getYAxisMin()).isEqualTo(0.0);
            assertThat(panel.getStyler().getYAxisMax()).isEqualTo(16.0);
            assertThat(panel.getStyler().getXAxisMin()).isEqualTo(0.0);
            assertThat(panel.getStyler().getXAxisMax()).isEqualTo(2.0);
            assertThat(panel.getStyler().isLegendVisible()).isFalse();
        }
    }

    @Test
    void eachSmallChartDrawsItsSeriesInItsOwnColourOverTheOthersInGrey() {
        XYChart chart = lines(5);

        XYChart third = (XYChart) SmallMultiples.panels(chart).get(2);

        assertThat(third.getSeriesMap()).hasSize(5);
        assertThat(third.getSeriesMap().get("limiter-2").getLineColor())
                .isEqualTo(chart.getSeriesMap().get("limiter-2").getLineColor());
    }

    @Test
    void theGridHoldsTwoChartsPerRowUnderTheTitle() {
        BufferedImage image = SmallMultiples.image(lines(7));

        assertThat(image.getWidth()).isEqualTo(Charts.WIDTH);
        assertThat(image.getHeight()).isGreaterThan(4 * SmallMultiples.PANEL_HEIGHT);
    }

    @Test
    void aNameLongerThanASmallChartIsCutWithAnEllipsisAndAShortOneIsKept() {
        String merged = "speculative 2x 25ms budget 5% = speculative 3x 25ms budget 5%";

        assertThat(SmallMultiples.fitted("none", 450)).isEqualTo("none");
        assertThat(SmallMultiples.fitted(merged, 300)).endsWith("\u2026").hasSizeLessThan(merged.length())
                .startsWith("speculative 2x");
    }

    @Test
    void barsWithManySeriesGetOneChartPerSeriesWithLabelsApart() {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        for (int i = 0; i < 5; i++) {
            series.put("s" + i, List.of(i, i + 1, i + 2, i + 3, i + 4));
        }
        var chart = Charts.bars("t", "strategy", "y", List.of("token-bucket", "bounded-queue", "leaky-bucket",
                "load-shedder", "resilience4j-rate-limiter"), series);

        List<Chart<?, ?>> panels = SmallMultiples.panels(chart);

        assertThat(panels).hasSize(5);
        for (Chart<?, ?> p : panels) {
            @SuppressWarnings("unchecked")
            var axes = (Chart<? extends org.knowm.xchart.style.AxesChartStyler, ?>) p;
            assertThat(TickLabelBoxes.anyOverlap(TickLabelBoxes.of(axes))).isFalse();
        }
    }
}
