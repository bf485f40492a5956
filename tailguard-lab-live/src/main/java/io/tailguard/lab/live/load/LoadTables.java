package io.tailguard.lab.live.load;

import io.tailguard.artifacts.CsvTable;
import io.tailguard.load.Interval;
import io.tailguard.load.Spectrum;
import io.tailguard.load.StepResult;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import org.HdrHistogram.Histogram;

/** Thread-safe (stateless): the load run's CSV tables and findings. */
final class LoadTables {

    /** The summary's header, one row per rate. */
    static final String[] SUMMARY_HEADER = {"rate", "duration_s", "sent", "ok", "shed", "errors", "timeouts",
        "p50_ms", "p90_ms", "p99_ms", "p999_ms", "max_ms", "behind_max_ms", "connections", "waits_at_max"};

    private LoadTables() {
    }

    static CsvTable summary(List<StepResult> steps) {
        CsvTable.Builder table = CsvTable.builder("Load summary (percentiles of all requests, a timeout counted at"
                + " the timeout)", "load-summary.csv", SUMMARY_HEADER);
        for (StepResult s : steps) {
            Histogram h = s.all();
            table.row(s.rateText(), String.format(Locale.ROOT, "%.1f", s.durationSeconds()),
                    Long.toString(s.sent()), Long.toString(s.ok()), Long.toString(s.shed()),
                    Long.toString(s.errors()), Long.toString(s.timeouts()), ms(h, 50), ms(h, 90), ms(h, 99),
                    ms(h, 99.9), ms(h, 100), ms(s.behindMaxNanos()), Long.toString(s.opened()),
                    Long.toString(s.waitsAtMax()));
        }
        return table.build();
    }

    static CsvTable status(List<StepResult> steps) {
        CsvTable.Builder table = CsvTable.builder("Status codes", "load-status.csv", "rate", "status", "count");
        for (StepResult s : steps) {
            for (Map.Entry<Integer, Long> e : new TreeMap<>(s.statuses()).entrySet()) {
                table.row(s.rateText(), e.getKey() == 0 ? "other" : Integer.toString(e.getKey()),
                        Long.toString(e.getValue()));
            }
        }
        return table.build();
    }

    static CsvTable intervals(List<StepResult> steps) {
        CsvTable.Builder table = CsvTable.builder("Per second", "load-intervals.csv", "rate", "t_s", "answered",
                "timeouts", "p50_ms", "p99_ms", "max_ms", "behind_ms");
        for (StepResult s : steps) {
            for (Interval i : s.intervals()) {
                table.row(s.rateText(), String.format(Locale.ROOT, "%.3f", i.endSeconds()),
                        Long.toString(i.answered()), Long.toString(i.timeouts()), ms(i.p50Nanos()), ms(i.p99Nanos()), ms(i.maxNanos()),
                        ms(i.lateMaxNanos()));
            }
        }
        return table.build();
    }

    /** Paragraphs computed from the run: what users saw, what a closed-loop tool would say, the generator's health. */
    static List<String> findings(List<StepResult> steps) {
        List<String> findings = new ArrayList<>();
        for (StepResult s : steps) {
            String text = String.format(Locale.ROOT,
                    "At %s: %d of %d scheduled requests answered (%d ok, %d shed, %d errors), %d timeouts. "
                            + "Latency from the due time, what a user saw, %s: p50 %s, p99 %s, max %s. "
                            + "Measured from the write instead, as a closed-loop tool does: p99 %s.",
                    s.rateText(), s.answered(), s.scheduled(), s.ok(), s.shed(), s.errors(), s.timeouts(),
                    Spectrum.coverage(s), Spectrum.millis(s.latency(), 50), Spectrum.millis(s.latency(), 99),
                    Spectrum.millis(s.latency(), 100), Spectrum.millis(s.service(), 99));
            if (s.timeouts() > 0) {
                text += String.format(Locale.ROOT, " Of all requests, a timeout counted at the timeout: p50 %s, p99 %s.",
                        Spectrum.millis(s.all(), 50), Spectrum.millis(s.all(), 99));
            }
            if (s.hitMaxConnections()) {
                text += " The generator was the bottleneck: " + Spectrum.connections(s) + ".";
            }
            if (s.secondsBehind() > 0) {
                text += String.format(Locale.ROOT, " The generator fell behind its schedule by up to %s, more than"
                        + " %s in %d of %d seconds: those delays are inside the latencies above, so at this rate"
                        + " part of the latency is the generator's own.", Spectrum.millis(s.behindMaxNanos()),
                        Spectrum.millis(StepResult.BEHIND_NANOS), s.secondsBehind(), s.measuredSeconds());
            } else {
                text += String.format(Locale.ROOT, " The generator kept its schedule (at most %s behind).",
                        Spectrum.millis(s.behindMaxNanos()));
            }
            findings.add(text);
        }
        return findings;
    }

    private static String ms(Histogram h, double percentile) {
        return h.getTotalCount() == 0 ? "" : ms(h.getValueAtPercentile(percentile));
    }

    private static String ms(long nanos) {
        return String.format(Locale.ROOT, "%.3f", nanos / 1e6);
    }
}
