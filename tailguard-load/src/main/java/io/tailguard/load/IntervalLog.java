package io.tailguard.load;

import java.io.OutputStream;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogWriter;

/**
 * Not thread-safe: the run's HdrHistogram interval log ({@code .hlog}), one latency histogram per
 * second per step, tagged {@code rate=<r>}, in nanoseconds. HdrHistogram's own tools read it, for
 * example {@code HistogramLogProcessor -i load-latency.hlog -tag rate=2000 -outputValueUnitRatio 1e6}.
 */
public final class IntervalLog {

    private final HistogramLogWriter writer;
    private boolean started;

    /** Creates a log that writes to {@code out} (not closed by this object). */
    public IntervalLog(OutputStream out) {
        this.writer = new HistogramLogWriter(out);
    }

    /** Appends one interval histogram under {@code tag}; the first call writes the log's header. */
    void write(Histogram interval, String tag) {
        if (!started) {
            // the histogram's own start stamp (set by HdrHistogram's Recorder) dates the log, so
            // that relative times in the log count from the first interval
            long startMillis = interval.getStartTimeStamp();
            writer.outputLogFormatVersion();
            writer.outputComment("tailguard load: latency from each request's due time, in nanoseconds");
            writer.outputStartTime(startMillis);
            writer.setBaseTime(startMillis);
            writer.outputLegend();
            started = true;
        }
        interval.setTag(tag);
        writer.outputIntervalHistogram(interval);
    }
}
