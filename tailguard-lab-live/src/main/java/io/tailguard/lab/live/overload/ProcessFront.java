package io.tailguard.lab.live.overload;

import io.tailguard.lab.live.process.ServerProcess;
import java.util.OptionalLong;

/** Not thread-safe front that is an external process (nginx, HAProxy, the tailguard proxy's own JVM). */
record ProcessFront(ServerProcess process, int port) implements Front {

    @Override
    public OptionalLong pid() {
        return OptionalLong.of(process.pid());
    }

    @Override
    public void close() {
        process.close();
    }
}
