package io.tailguard.artifacts;

import org.knowm.xchart.internal.chartpart.Chart;

/**
 * Not thread-safe (holds a mutable XChart chart): one PNG artifact. Build charts with
 * {@link Charts} or XChart directly; the writer encodes them with XChart's {@code BitmapEncoder}.
 *
 * @param caption caption under the chart in the report
 * @param file    file name ending in {@code .png}
 * @param chart   the XChart chart to render
 */
public record ChartArtifact(String caption, String file, Chart<?, ?> chart) {

    /** Validates. */
    public ChartArtifact {
        if (file == null || !file.endsWith(".png") || file.contains("/") || file.contains("\\")) {
            throw new IllegalArgumentException("file must be a plain name ending in .png but was " + file);
        }
        if (chart == null) {
            throw new IllegalArgumentException("chart must be non-null but was null");
        }
    }
}
