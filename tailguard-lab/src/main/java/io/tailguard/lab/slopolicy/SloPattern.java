package io.tailguard.lab.slopolicy;

/**
 * Thread-safe (immutable) the published lab's four scripted patterns (labs-spec §4.6): each turns a
 * request's base cost, whether it is expensive, a draw in 0–99 and the overload into a latency and
 * an outcome. They are formulas, not mechanisms: the ranking is decided by their constants (§10.1
 * item 5), which the findings say.
 */
enum SloPattern {
    /** Every request absorbs the whole overload; expensive ones cost 70 ms more. */
    BASELINE("baseline"),
    /** Overload capped at 30 ms, expensive +40 ms; 1 in 100 fails once overload reaches 260 ms. */
    BULKHEAD("bulkhead"),
    /** As baseline, but anything over 200 ms fails at 200 ms (hard-coded, whatever the objective). */
    TIMEOUT_BUDGET("timeout-budget"),
    /** Overload capped at 30 ms, expensive +30 ms; 2 in 100 rejected in 5 ms once overload reaches 260 ms. */
    CONCURRENCY_LIMIT("concurrency-limit");

    /** A request's outcome: its latency and whether it succeeded. */
    record Outcome(long latencyMs, boolean success) {
    }

    private final String label;

    SloPattern(String label) {
        this.label = label;
    }

    String label() {
        return label;
    }

    /**
     * Returns the outcome of a request of base cost {@code base} ms, {@code expensive} or not, whose
     * draw in 0–99 is {@code draw}, under {@code overloadMs} of overload.
     */
    Outcome serve(long base, boolean expensive, int draw, long overloadMs) {
        switch (this) {
            case BASELINE:
                return new Outcome(base + overloadMs + (expensive ? 70 : 0), true);
            case BULKHEAD:
                return new Outcome(base + Math.min(overloadMs, 30) + (expensive ? 40 : 0),
                        !(overloadMs >= 260 && draw >= 99));
            case TIMEOUT_BUDGET:
                long raw = base + overloadMs + (expensive ? 70 : 0);
                return raw > 200 ? new Outcome(200, false) : new Outcome(raw, true);
            case CONCURRENCY_LIMIT:
                if (overloadMs >= 260 && draw >= 98) {
                    return new Outcome(5, false);
                }
                return new Outcome(base + Math.min(overloadMs, 30) + (expensive ? 30 : 0), true);
            default:
                throw new IllegalStateException("unknown pattern " + this);
        }
    }
}
