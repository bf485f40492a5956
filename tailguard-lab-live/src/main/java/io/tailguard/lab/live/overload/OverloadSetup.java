package io.tailguard.lab.live.overload;

import io.tailguard.lab.live.process.Front;
import java.util.Arrays;
import java.util.List;

/** Thread-safe (immutable) what stands between the load and the backend in one setup. */
enum OverloadSetup {
    DIRECT("direct"),
    NGINX("nginx"),
    HAPROXY("haproxy"),
    TAILGUARD_FIXED("tailguard-fixed"),
    TAILGUARD_ADAPTIVE("tailguard-adaptive");

    private final String label;

    OverloadSetup(String label) {
        this.label = label;
    }

    /** Returns the setup's name in the CSV and on the command line. */
    String label() {
        return label;
    }

    /** Returns every setup's name, in run order. */
    static List<String> labels() {
        return Arrays.stream(values()).map(OverloadSetup::label).toList();
    }

    /** Starts this setup's front in front of 127.0.0.1:{@code backendPort}. */
    Front start(WorkerBackend backend, OverloadPlan plan) {
        return switch (this) {
            case DIRECT -> new DirectFront(backend.port());
            case NGINX -> Incumbents.nginx(backend.port());
            case HAPROXY -> Incumbents.haproxy(backend.port(), plan);
            case TAILGUARD_FIXED -> TailguardFront.start(backend.port(), plan, false);
            case TAILGUARD_ADAPTIVE -> TailguardFront.start(backend.port(), plan, true);
        };
    }

    /** Checks that the programs this setup runs are installed (one line naming the package if not). */
    void requirePrograms() {
        switch (this) {
            case NGINX -> io.tailguard.lab.live.process.Nginx.require();
            case HAPROXY -> io.tailguard.lab.live.process.Executables.require("haproxy", "haproxy");
            default -> { }
        }
    }

    /** No proxy: the load goes straight to the backend. */
    private record DirectFront(int port) implements Front {
        @Override
        public java.util.OptionalLong pid() {
            return java.util.OptionalLong.empty();
        }

        @Override
        public void close() {
        }
    }
}
