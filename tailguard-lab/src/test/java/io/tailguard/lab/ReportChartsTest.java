package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.artifacts.ArtifactWriter;
import io.tailguard.artifacts.ChartArtifact;
import io.tailguard.artifacts.Charts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;

/** The charts of a real report, as the writer draws them: no two x-axis labels run together. */
class ReportChartsTest {

    @TempDir
    Path tmp;

    @SuppressWarnings("unchecked")
    private static Chart<? extends AxesChartStyler, ?> axes(ChartArtifact chart) {
        return (Chart<? extends AxesChartStyler, ?>) chart.chart();
    }

    @Test
    void backpressureStrategyNamesRanTogetherAsBuiltAndHaveGapsAsWritten() throws IOException {
        Experiment backpressure = Experiments.all().stream().filter(e -> e.name().equals("backpressure"))
                .findFirst().orElseThrow();
        LabArgs args = LabArgs.defaults(backpressure, List.of("lab", "backpressure"));
        LabResult result = backpressure.run(args, Progress.silent());
        List<ChartArtifact> drawnTogether = result.charts().stream()
                .filter(c -> c.chart().getSeriesMap().size() <= 4).toList();
        assertThat(drawnTogether).extracting(ChartArtifact::file).contains("backpressure-acceptance.png");
        assertThat(drawnTogether).as("charts whose level labels run together")
                .anyMatch(c -> !Charts.xLabelsApart(axes(c)));

        ArtifactWriter.forThisBuild().write(result.report(backpressure, args), tmp, tmp.toString());

        for (ChartArtifact c : drawnTogether) {
            assertThat(Charts.xLabelsApart(axes(c))).as(c.file()).isTrue();
        }
    }
}
