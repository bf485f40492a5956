package io.tailguard.lab.shaping;

/**
 * Thread-safe (stateless) factory of the published gates: lab adapters that keep the published
 * lab's floating-point arithmetic, because its bytes depend on it and no exact-arithmetic policy
 * reproduces them. Two quirks decide its numbers:
 * <ul>
 *   <li>its token bucket is continuous ({@code tokens = min(B, tokens + (t - last) × 0.1)} in
 *       doubles): a bucket found full restarts its refill at that arrival, where core's
 *       {@code TokenBucket} keeps its refill grid (a token every 10 ms from creation);</li>
 *   <li>arrivals 5/3 ms apart reach a refill or a release instant "exactly" only in real numbers:
 *       the summed doubles land an ulp before or after, and the published gates decide those ties by
 *       the ulp (burst 20: 47.8 rps goodput, where exact arithmetic gives 48.0).</li>
 * </ul>
 * {@code --gates core} runs core's {@code TokenBucket} and {@code LeakyBucketShaper} instead.
 */
final class PublishedGates {

    private PublishedGates() {
    }

    /** The published continuous token bucket: {@code burst} tokens at time 0, 0.1 token per ms. */
    static Gate token(int burst, Gate.Release release) {
        return new Gate() {
            private double tokens = burst;
            private double last;

            @Override
            public boolean offer(int request, double arrivalMs) {
                tokens = Math.min(burst, tokens + (arrivalMs - last) * 0.1);
                last = arrivalMs;
                if (tokens < 1.0) {
                    return false;
                }
                tokens -= 1;
                release.released(request, arrivalMs);
                return true;
            }

            @Override
            public void flush() {
            }

            @Override
            public String label() {
                return TokenGate.LABEL;
            }
        };
    }

    /** The published leaky bucket: depth {@code ceil((nextRelease - t) / 10)}, one release per 10 ms. */
    static Gate leaky(int depth, Gate.Release release) {
        return new Gate() {
            private double nextRelease;

            @Override
            public boolean offer(int request, double arrivalMs) {
                long pending = nextRelease <= arrivalMs ? 0 : (long) Math.ceil((nextRelease - arrivalMs) / 10.0);
                if (pending >= depth) {
                    return false;
                }
                double at = Math.max(arrivalMs, nextRelease);
                nextRelease = at + 10.0;
                release.released(request, at);
                return true;
            }

            @Override
            public void flush() {
            }

            @Override
            public String label() {
                return LeakyGate.LABEL;
            }
        };
    }
}
