package io.tailguard.hedge;

import io.tailguard.config.Check;

/**
 * Thread-safe (immutable) configuration of the token budget that caps extra attempts as a share of
 * calls (Finagle's {@code maxExtraLoad}, gRPC's retry throttling): every call deposits
 * {@code maxExtraLoad} tokens, every extra attempt withdraws one, and the balance never exceeds
 * {@code maxTokens}. When less than one token is left, no extra attempt starts. The budget starts
 * full, so the first {@code maxTokens} extra attempts are allowed at once.
 *
 * @param maxExtraLoad extra attempts allowed per call in the long run; &gt; 0 and &lt;= 4 (0.05
 *     allows 5 % extra load)
 * @param maxTokens the most extra attempts that can be saved up for a burst; 1 to 1,000,000
 */
public record HedgeBudget(double maxExtraLoad, int maxTokens) {

    /** Validates the parameters. */
    public HedgeBudget {
        if (!(maxExtraLoad > 0.0 && maxExtraLoad <= 4.0)) {
            throw new IllegalArgumentException(
                    "maxExtraLoad must be > 0 and <= 4 but was " + maxExtraLoad);
        }
        Check.inRange("maxTokens", maxTokens, 1, 1_000_000);
    }

    /** A budget of {@code maxExtraLoad} extra attempts per call with a burst of 10. */
    public static HedgeBudget of(double maxExtraLoad) {
        return new HedgeBudget(maxExtraLoad, 10);
    }
}
