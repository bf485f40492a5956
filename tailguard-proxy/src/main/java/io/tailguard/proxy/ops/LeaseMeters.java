package io.tailguard.proxy.ops;

import io.micrometer.core.instrument.FunctionCounter;
import io.micrometer.core.instrument.Gauge;
import io.micrometer.core.instrument.MeterRegistry;
import io.tailguard.proxy.upstream.Backend;
import io.tailguard.proxy.upstream.LeaseLink;

/**
 * Thread-safe (stateless): the per-backend lease meters of a pool that balances by lease, read from
 * its {@link LeaseLink} when scraped. In Prometheus form: {@code tailguard_proxy_lease_allowed},
 * {@code tailguard_proxy_lease_remaining}, {@code tailguard_proxy_lease_availability},
 * {@code tailguard_proxy_lease_stream_open} (1 while a lease stream delivers),
 * {@code tailguard_proxy_leases_received_total} and {@code tailguard_proxy_lease_requests_total}
 * (requests sent with a lease id), each tagged {@code pool} and {@code backend}.
 */
final class LeaseMeters {

    private LeaseMeters() {
    }

    static void register(MeterRegistry registry, String pool, Backend backend) {
        LeaseLink link = backend.lease();
        String name = backend.toString();
        Gauge.builder("tailguard.proxy.lease.allowed", link, LeaseLink::allowed).tags("pool", pool, "backend", name)
                .description("requests the backend's current lease allowed").register(registry);
        Gauge.builder("tailguard.proxy.lease.remaining", link, LeaseLink::remaining).tags("pool", pool, "backend", name)
                .description("requests left in the backend's lease (0 when expired)").register(registry);
        Gauge.builder("tailguard.proxy.lease.availability", link, LeaseLink::availabilityNow)
                .tags("pool", pool, "backend", name)
                .description("remaining / allowed of the backend's lease, 0 when expired").register(registry);
        Gauge.builder("tailguard.proxy.lease.stream.open", link, l -> l.streamOpen() ? 1 : 0)
                .tags("pool", pool, "backend", name)
                .description("1 while the backend's lease stream is open and has granted").register(registry);
        FunctionCounter.builder("tailguard.proxy.leases.received", link, LeaseLink::leasesReceived)
                .tags("pool", pool, "backend", name).description("leases received from the backend").register(registry);
        FunctionCounter.builder("tailguard.proxy.lease.requests", link, LeaseLink::sentUnderLease)
                .tags("pool", pool, "backend", name).description("requests sent under a lease").register(registry);
    }
}
