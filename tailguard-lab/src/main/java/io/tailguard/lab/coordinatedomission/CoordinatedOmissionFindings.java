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
        StringBuilder text = new StringBuilder();
        if (raw != null) {
            text.append(String.format(Locale.ROOT, "Through a %d ms stall the closed-loop client reports p99 %d ms; "
                    + "back-filled at %d ms, %d ms.", stall, raw.whole.getValueAtPercentile(99.0), expectedMs,
                    corrected.whole.getValueAtPercentile(99.0)));
        }
        if (open != null) {
            text.append(String.format(Locale.ROOT, "%sOpen-loop %s arrivals saw p99 %d ms, p99.9 %d ms (%d requests%s).",
                    raw == null ? String.format(Locale.ROOT, "Through a %d ms stall: ", stall) : " ", arrivals,
                    open.whole.getValueAtPercentile(99.0), open.whole.getValueAtPercentile(99.9), open.requests,
                    raw == null ? "" : String.format(Locale.ROOT, " against the closed loop's %d", raw.requests)));
        }
        if (raw != null && open != null) {
            long c = corrected.whole.getValueAtPercentile(99.0);
            long o = open.whole.getValueAtPercentile(99.0);
            if (c != o) {
                text.append(String.format(Locale.ROOT, " The correction is %d ms off: it assumes sends every %d ms.",
                        Math.abs(c - o), expectedMs));
            }
        }
        return text.toString();
    }
}
