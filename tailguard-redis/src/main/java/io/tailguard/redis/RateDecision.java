package io.tailguard.redis;

/**
 * Thread-safe (immutable): one answer of a {@link RedisTokenBucket}.
 *
 * @param admitted        true if the tokens were taken
 * @param remaining       tokens left after the decision, or -1 when unknown (a
 *                        {@link DegradedMode#FAIL_OPEN} decision)
 * @param retryAfterNanos 0 when admitted; else the nanoseconds until the tokens are due if nobody
 *                        else takes any, {@link Long#MAX_VALUE} if the request exceeds the capacity
 * @param degraded        true if Redis did not decide (its answer was late, failed, or the link is down)
 */
public record RateDecision(boolean admitted, long remaining, long retryAfterNanos, boolean degraded) {

    static final RateDecision OPEN = new RateDecision(true, -1, 0, true);
}
