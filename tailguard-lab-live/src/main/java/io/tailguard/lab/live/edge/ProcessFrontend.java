package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.ServerProcess;

/**
 * Thread-safe proxy of one setup run as an external process (nginx, HAProxy).
 *
 * @param process the running proxy
 * @param port    the port it listens on
 */
record ProcessFrontend(ServerProcess process, int port) implements Frontend {

    @Override
    public void close() {
        process.close();
    }
}
