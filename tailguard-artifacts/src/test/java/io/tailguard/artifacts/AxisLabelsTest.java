package io.tailguard.artifacts;

import static org.assertj.core.api.Assertions.assertThat;

import java.awt.Shape;
import java.awt.geom.Rectangle2D;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.XYChart;

class AxisLabelsTest {

    /** The backpressure experiment's strategies, whose level labels ran together on the page. */
    private static final List<String> STRATEGIES = List.of("token-bucket", "bounded-queue", "leaky-bucket",
            "load-shedder", "resilience4j-rate-limiter");

    private static CategoryChart strategies() {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put("accepted", List.of(601, 520, 500, 505, 540));
        series.put("rejected", List.of(399, 480, 500, 495, 460));
        return Charts.bars("Acceptance by strategy", "strategy", "requests", STRATEGIES, series);
    }

    @Test
    void levelLabelsOfLongCategoryNamesRunTogether() {
        CategoryChart chart = strategies();

        List<Shape> boxes = TickLabelBoxes.of(chart);

        assertThat(boxes).hasSize(STRATEGIES.size());
        assertThat(TickLabelBoxes.anyOverlap(boxes)).as("level labels %s", bounds(boxes)).isTrue();
    }

    @Test
    void longCategoryNamesAreTurnedUntilEveryTwoLabelsHaveAGap() {
        CategoryChart chart = strategies();

        int turn = AxisLabels.fit(chart);

        List<Shape> boxes = TickLabelBoxes.of(chart);
        assertThat(turn).isPositive();
        assertThat(boxes).hasSize(STRATEGIES.size());
        assertThat(TickLabelBoxes.anyOverlap(boxes)).as("labels at %d degrees: %s", turn, bounds(boxes)).isFalse();
    }

    @Test
    void shortCategoryNamesStayLevel() {
        CategoryChart chart = Charts.bars("t", "x", "y", List.of("a", "b", "c"), Map.of("s", List.of(1, 2, 3)));

        assertThat(AxisLabels.fit(chart)).isZero();
        assertThat(TickLabelBoxes.anyOverlap(TickLabelBoxes.of(chart))).isFalse();
    }

    @Test
    void numericAxesKeepLevelLabelsApart() {
        XYChart chart = Charts.lines("t", "time (s)", "ms", List.of(0, 1000, 2000, 3000, 4000, 5000),
                Map.of("p99", List.of(1, 2, 3, 4, 5, 6)));

        assertThat(AxisLabels.fit(chart)).isZero();
        assertThat(TickLabelBoxes.of(chart)).hasSizeGreaterThan(2);
    }

    /** A third of a report's width with x from 0.1 s to 30 s, as small charts of the adaptive experiment drew. */
    private static XYChart narrowSeconds() {
        List<Double> x = new java.util.ArrayList<>();
        List<Double> y = new java.util.ArrayList<>();
        for (int i = 1; i <= 300; i++) {
            x.add(i / 10.0);
            y.add((double) (i % 37));
        }
        XYChart chart = new org.knowm.xchart.XYChartBuilder().width(Charts.WIDTH / 3).height(260).build();
        chart.getStyler().setLegendVisible(false);
        chart.addSeries("limit", x, y);
        return chart;
    }

    @Test
    void ticksOfANarrowNumericAxisCrowdAtTheirDefaultSpacing() {
        assertThat(TickLabelBoxes.anyOverlap(TickLabelBoxes.of(narrowSeconds()))).isTrue();
    }

    @Test
    void aNarrowNumericAxisTurnsItsLabelsUntilTheyHaveAGap() {
        XYChart chart = narrowSeconds();

        assertThat(AxisLabels.fit(chart)).isPositive();
        List<Shape> boxes = TickLabelBoxes.of(chart);
        assertThat(boxes).hasSizeGreaterThanOrEqualTo(2);
        assertThat(TickLabelBoxes.anyOverlap(boxes)).as("labels %s", bounds(boxes)).isFalse();
    }

    @Test
    void boxesThatOnlyTouchAtAnEdgeCountAsApartButSharedAreaDoesNot() {
        Shape left = new Rectangle2D.Double(0, 0, 10, 10);
        Shape apart = new Rectangle2D.Double(10, 0, 10, 10);
        Shape shared = new Rectangle2D.Double(9, 9, 10, 10);

        assertThat(TickLabelBoxes.overlap(left, apart)).isFalse();
        assertThat(TickLabelBoxes.overlap(left, shared)).isTrue();
    }

    private static List<String> bounds(List<Shape> boxes) {
        return boxes.stream().map(b -> b.getBounds().toString()).toList();
    }
}
