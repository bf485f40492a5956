package io.tailguard.lab.shedding;

import io.tailguard.artifacts.ChartArtifact;
import java.util.List;
import org.knowm.xchart.XYChart;

/** Thread-safe (stateless): puts a chart on a log y axis, as the published hangover charts are. */
final class XyLog {

    private XyLog() {
    }

    static void log(List<ChartArtifact> charts, ChartArtifact chart) {
        ((XYChart) chart.chart()).getStyler().setYAxisLogarithmic(true);
        charts.add(chart);
    }
}
