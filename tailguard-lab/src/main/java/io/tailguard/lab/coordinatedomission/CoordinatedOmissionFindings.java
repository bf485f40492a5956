package io.tailguard.lab.coordinatedomission;

import io.tailguard.sim.service.PauseService;
import java.util.Locale;

/** Thread-safe (stateless) findings of a coordinated-omission run, computed from its measurements. */
final class CoordinatedOmissionFindings {

    private CoordinatedOmissionFindings() {
    }

    /** Any of the runs may be null when the measurement mode left it out. */
    static String describe(MeasurementRun raw, MeasurementRun corrected, MeasurementRun open, PauseService service,
                           long expectedMs, String arrivals) {
        long stall = service.pauseEndMs() - service.pauseStartMs();
        StringBuilder text = new StringBuilder(String.format(Locale.ROOT, "The service stalled for %d ms.", stall));
        if (raw != null) {
            text.append(String.format(Locale.ROOT, " The closed-loop client sent %d requests and reports a "
                    + "whole-run p99 of %d ms: while it waited on the stalled request it sent nothing, so the "
                    + "stall is one sample. Back-filled at the expected %d ms interval, p99 is %d ms.",
                    raw.requests, raw.whole.getValueAtPercentile(99.0), expectedMs,
                    corrected.whole.getValueAtPercentile(99.0)));
        }
        if (open != null) {
            text.append(String.format(Locale.ROOT, " Open-loop %s arrivals sent %d requests regardless and saw "
                    + "p99 %d ms, p99.9 %d ms.", arrivals, open.requests, open.whole.getValueAtPercentile(99.0),
                    open.whole.getValueAtPercentile(99.9)));
        }
        if (raw != null && open != null) {
            long c = corrected.whole.getValueAtPercentile(99.0);
            long o = open.whole.getValueAtPercentile(99.0);
            text.append(c == o
                    ? " The correction matches the open-loop figure exactly here; it is the same back-fill by "
                            + "construction when arrivals are evenly spaced at the expected interval."
                    : String.format(Locale.ROOT, " The correction is off by %d ms against what open-loop traffic "
                            + "saw: it assumes evenly spaced sends at %d ms, which %s arrivals are not.",
                            Math.abs(c - o), expectedMs, arrivals));
        }
        return text.toString();
    }
}
