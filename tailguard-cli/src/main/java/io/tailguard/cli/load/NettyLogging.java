package io.tailguard.cli.load;

import io.netty.util.internal.logging.InternalLoggerFactory;
import io.netty.util.internal.logging.JdkLoggerFactory;

/**
 * Thread-safe (stateless): points Netty's logging at java.util.logging. The jar carries an SLF4J
 * API without a binding (a dependency of a peer library), and Netty would otherwise pick it and
 * print SLF4J's three-line "no binding" warning on every load run.
 */
public final class NettyLogging {

    private NettyLogging() {
    }

    /** Routes Netty's (and Lettuce's) logging to java.util.logging. */
    public static void toJdk() {
        InternalLoggerFactory.setDefaultFactory(JdkLoggerFactory.INSTANCE);
    }
}
