package io.tailguard.load.backend;

import io.tailguard.lease.AdaptiveLeaseSender;
import io.tailguard.lease.LeaseSender;
import io.tailguard.lease.StaticLeaseSender;
import io.tailguard.limit.AimdLimit;
import io.tailguard.limit.AimdLimitConfig;
import io.tailguard.config.DurationText;
import java.time.Duration;
import java.util.function.Supplier;

/**
 * Thread-safe (immutable) the backend's {@code --lease} value: {@code static:N/TTL} grants N requests
 * every TTL (valid for as long), {@code adaptive:TARGET} lets the core adaptive sender find the
 * grant that keeps each period's requests within TARGET. The adaptive settings are the simulated
 * lab's ({@code lab leases}): 1 s leases every second, 10 requests at first, at most 10,000, an AIMD
 * estimator backing off by 0.97, so live and simulated rows run the same policy.
 *
 * <p>Each lease lives {@link #GRACE_PERCENT} % longer than the period it is renewed at: a renewal
 * that a busy machine runs a few milliseconds late must not leave a gap in which every request is
 * {@code lease-expired}. A new lease replaces the old one, so the allowance per period is unchanged.
 *
 * @param text the value as given
 * @param senders a new sender per requester session
 */
public record LeasePolicy(String text, Supplier<LeaseSender> senders) {

    static final Duration ADAPTIVE_PERIOD = Duration.ofSeconds(1);
    /** How much longer than its period a lease lives. */
    static final int GRACE_PERCENT = 10;
    static final int ADAPTIVE_INITIAL = 10;
    static final int ADAPTIVE_MAX = 10_000;
    static final double ADAPTIVE_BACKOFF = 0.97;

    private static final String USAGE = "--lease must be static:N/TTL (e.g. static:100/1s) or adaptive:TARGET "
            + "(e.g. adaptive:20ms) but was '";

    /**
     * Parses a {@code --lease} value.
     *
     * @throws IllegalArgumentException one line saying what is allowed
     */
    public static LeasePolicy parse(String text, io.tailguard.time.NanoClock clock) {
        if (text == null) {
            throw new IllegalArgumentException(USAGE + "null'");
        }
        if (text.startsWith("static:")) {
            String[] parts = text.substring("static:".length()).split("/", -1);
            if (parts.length != 2) {
                throw new IllegalArgumentException(USAGE + text + "'");
            }
            int allowed;
            try {
                allowed = Integer.parseInt(parts[0]);
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(USAGE + text + "'");
            }
            if (allowed < 1) {
                throw new IllegalArgumentException("--lease requests must be >= 1 but was " + allowed);
            }
            Duration period = DurationText.parsePositive("--lease time to live", parts[1]);
            StaticLeaseSender.Config config = new StaticLeaseSender.Config(allowed, withGrace(period), period);
            return new LeasePolicy(text, () -> new StaticLeaseSender(config));
        }
        if (text.startsWith("adaptive:")) {
            Duration target = DurationText.parsePositive("--lease latency target", text.substring("adaptive:".length()));
            AdaptiveLeaseSender.Config config = new AdaptiveLeaseSender.Config(target, withGrace(ADAPTIVE_PERIOD),
                    ADAPTIVE_PERIOD, ADAPTIVE_INITIAL, ADAPTIVE_MAX);
            return new LeasePolicy(text, () -> new AdaptiveLeaseSender(config, seed -> new AimdLimit(
                    new AimdLimitConfig(seed, 1, ADAPTIVE_MAX, ADAPTIVE_BACKOFF, target)), clock.nanoTime()));
        }
        throw new IllegalArgumentException(USAGE + text + "'");
    }

    private static Duration withGrace(Duration period) {
        return period.plus(period.multipliedBy(GRACE_PERCENT).dividedBy(100));
    }
}
