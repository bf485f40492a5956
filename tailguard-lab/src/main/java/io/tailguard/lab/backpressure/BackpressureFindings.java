package io.tailguard.lab.backpressure;

import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (stateless) writer of the findings. Every number and every comparison word
 * ("more", "fewer", "the worst of both") is computed from the outcomes, so a different run gives a
 * different text, including one that contradicts the article if the numbers do.
 */
final class BackpressureFindings {

    private BackpressureFindings() {
    }

    /** The sustained run: did the buffers buy acceptance for their latency? */
    static String sustained(List<StrategyOutcome> outcomes) {
        StrategyOutcome best = bestRejectFast(outcomes);
        StringBuilder s = new StringBuilder("Sustained overload: ").append(best.strategy().label())
                .append(" accepts the most without a buffer, ").append(share(best)).append(" at p99 ")
                .append(best.p99Millis()).append(" ms.");
        for (StrategyOutcome b : outcomes) {
            if (!b.strategy().buffers()) {
                continue;
            }
            long diff = b.accepted() - best.accepted();
            long added = b.p99Millis() - best.p99Millis();
            s.append(' ').append(b.strategy().label()).append(": ").append(b.accepted()).append(" (")
                    .append(signed(diff)).append(") at p99 ").append(b.p99Millis()).append(" ms")
                    .append(diff <= 0 && added > 0 ? ", worse on both." : ".");
        }
        return s.toString();
    }

    /** The transient run: did the buffers earn their latency when the burst drains? */
    static String transientRun(List<StrategyOutcome> outcomes) {
        StrategyOutcome noBuffer = bestOf(outcomes, Strategy.LOAD_SHEDDER, Strategy.RESILIENCE4J);
        StrategyOutcome bucket = find(outcomes, Strategy.TOKEN_BUCKET);
        long bestBuffer = maxBuffering(outcomes);
        StringBuilder s = new StringBuilder("Transient overload: the token bucket accepts ").append(share(bucket))
                .append(" at p99 ").append(bucket.p99Millis()).append(" ms, ")
                .append(bucket.accepted() >= bestBuffer ? "as many as any buffer" : "fewer than the best buffer ("
                        + bestBuffer + ")")
                .append("; ").append(noBuffer.strategy().label()).append(' ').append(share(noBuffer)).append('.');
        for (StrategyOutcome b : outcomes) {
            if (!b.strategy().buffers()) {
                continue;
            }
            int last = b.snapshots().isEmpty() ? 0 : b.snapshots().get(b.snapshots().size() - 1).maxBuffered();
            s.append(' ').append(b.strategy().label()).append(": ").append(b.accepted()).append(" (")
                    .append(signed(b.accepted() - noBuffer.accepted())).append(") at p99 ").append(b.p99Millis())
                    .append(" ms, backlog ").append(last * 4 <= b.maxBuffered() ? "drained." : "not drained.");
        }
        return s.toString();
    }

    private static long maxBuffering(List<StrategyOutcome> outcomes) {
        long max = 0;
        for (StrategyOutcome o : outcomes) {
            if (o.strategy().buffers()) {
                max = Math.max(max, o.accepted());
            }
        }
        return max;
    }

    private static StrategyOutcome bestRejectFast(List<StrategyOutcome> outcomes) {
        return bestOf(outcomes, Strategy.TOKEN_BUCKET, Strategy.RESILIENCE4J, Strategy.LOAD_SHEDDER);
    }

    private static StrategyOutcome bestOf(List<StrategyOutcome> outcomes, Strategy... candidates) {
        StrategyOutcome best = null;
        for (Strategy c : candidates) {
            StrategyOutcome o = find(outcomes, c);
            if (best == null || o.accepted() > best.accepted()) {
                best = o;
            }
        }
        return best;
    }

    private static StrategyOutcome find(List<StrategyOutcome> outcomes, Strategy strategy) {
        for (StrategyOutcome o : outcomes) {
            if (o.strategy() == strategy) {
                return o;
            }
        }
        throw new IllegalArgumentException("outcomes must include " + strategy.label() + " but was " + outcomes);
    }

    private static String share(StrategyOutcome o) {
        return String.format(Locale.ROOT, "%d of %d (%.1f%%)", o.accepted(), o.offered(), o.acceptancePct());
    }

    private static String signed(long v) {
        return (v > 0 ? "+" : "") + v;
    }
}
