package io.tailguard.lab.live.process;

import java.util.OptionalLong;

/**
 * Not thread-safe front that is an external process (nginx, HAProxy, the tailguard proxy's own JVM).
 *
 * @param process the running proxy
 * @param port    the port it listens on
 */
public record ProcessFront(ServerProcess process, int port) implements Front {

    @Override
    public OptionalLong pid() {
        return OptionalLong.of(process.pid());
    }

    @Override
    public void close() {
        process.close();
    }
}
