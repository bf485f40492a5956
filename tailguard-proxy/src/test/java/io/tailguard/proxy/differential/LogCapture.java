package io.tailguard.proxy.differential;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Thread-safe: collects every java.util.logging record that carries a stack trace (the proxy logs
 * through java.util.logging, Netty included) while it is open.
 */
final class LogCapture extends Handler implements AutoCloseable {

    private final List<String> traces = new CopyOnWriteArrayList<>();

    LogCapture() {
        Logger.getLogger("").addHandler(this);
    }

    /** Forgets what was collected. */
    void reset() {
        traces.clear();
    }

    /** Each record with a throwable: level, logger, message and the first line of the trace. */
    List<String> traces() {
        return List.copyOf(traces);
    }

    @Override
    public void publish(LogRecord record) {
        if (record.getThrown() == null) {
            return;
        }
        StringWriter trace = new StringWriter();
        record.getThrown().printStackTrace(new PrintWriter(trace));
        traces.add(record.getLevel() + " " + record.getLoggerName() + ": " + record.getMessage() + ": "
                + trace.toString().lines().limit(3).reduce((a, b) -> a + " | " + b.strip()).orElse(""));
    }

    @Override
    public void flush() {
    }

    @Override
    public void close() {
        Logger.getLogger("").removeHandler(this);
    }
}
