package io.tailguard.proxy.differential;

import static org.assertj.core.api.Assertions.assertThat;

import io.netty.util.internal.logging.InternalLogger;
import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;
import java.util.logging.Level;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class LogCaptureTest {

    @Test
    void collectsRecordsWithAStackTraceFromNettyAndJavaLoggingAndNoOthers() {
        try (LogCapture capture = new LogCapture()) {
            Logger.getLogger("io.tailguard.test").log(Level.INFO, "a line with no trace");
            Logger.getLogger("io.tailguard.test").log(Level.WARNING, "failed", new IllegalStateException("boom"));
            // What the proxy does when it starts: Netty logs through java.util.logging.
            InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
            InternalLogger netty = InternalLoggerFactory.getInstance("io.netty.test");
            netty.warn("An exceptionCaught() event was fired", new IllegalArgumentException("bad"));
            assertThat(capture.traces()).hasSize(2);
            assertThat(capture.traces().get(0)).contains("io.tailguard.test", "IllegalStateException: boom");
            assertThat(capture.traces().get(1)).contains("io.netty.test", "IllegalArgumentException: bad");
            capture.reset();
            assertThat(capture.traces()).isEmpty();
        }
    }
}
