package io.tailguard.artifacts;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import javax.imageio.ImageIO;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/**
 * Thread-safe (stateless, though it adjusts the chart it is given) encoder of a chart as the PNG a
 * report shows: x-axis labels turned until they leave a gap between them ({@link AxisLabels}), and a
 * chart with more than {@link SmallMultiples#MAX_SERIES} series drawn as small multiples.
 */
final class ChartImages {

    private ChartImages() {
    }

    /** Returns the PNG bytes of {@code chart} laid out for reading. */
    @SuppressWarnings("unchecked")
    static byte[] png(Chart<?, ?> chart) throws IOException {
        if (SmallMultiples.needed(chart)) {
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            ImageIO.write(SmallMultiples.image(chart), "png", out);
            return out.toByteArray();
        }
        if (chart.getStyler() instanceof AxesChartStyler) {
            AxisLabels.fit((Chart<? extends AxesChartStyler, ?>) chart);
        }
        return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
    }
}
