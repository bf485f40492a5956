package io.tailguard.lease;

import io.tailguard.config.Check;
import java.time.Duration;

/**
 * Thread-safe sender of the same lease every period: "N requests for the next TTL", a fixed
 * per-responder rate limit that the requester can see. Choose N below the responder's knee.
 */
public final class StaticLeaseSender implements LeaseSender {

    /**
     * Settings of a static sender.
     *
     * @param allowedRequests requests per lease, at least 1
     * @param timeToLive validity of each lease
     * @param period how often a lease is granted; with {@code period == timeToLive} leases abut
     */
    public record Config(int allowedRequests, Duration timeToLive, Duration period) {

        /** Validates the settings. */
        public Config {
            Check.positive("allowedRequests", allowedRequests);
            Check.positive("timeToLive", timeToLive);
            Check.positive("period", period);
        }

        /** Returns a config granting {@code allowedRequests} every {@code timeToLive}, valid for as long. */
        public static Config every(int allowedRequests, Duration timeToLive) {
            return new Config(allowedRequests, timeToLive, timeToLive);
        }
    }

    private final Lease lease;
    private final Duration period;

    /** Creates a sender from {@code config}. */
    public StaticLeaseSender(Config config) {
        Check.notNull("config", config);
        this.lease = new Lease(config.allowedRequests(), config.timeToLive());
        this.period = config.period();
    }

    @Override
    public Lease nextLease(long nowNanos) {
        return lease;
    }

    @Override
    public Duration period() {
        return period;
    }

    @Override
    public String toString() {
        return "StaticLeaseSender[" + lease.allowedRequests() + " per " + lease.timeToLive() + "]";
    }
}
