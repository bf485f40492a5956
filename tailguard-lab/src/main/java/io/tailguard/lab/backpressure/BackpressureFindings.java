package io.tailguard.lab.backpressure;

import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (stateless) writer of the finding paragraphs. Every number and every comparison word
 * ("more", "fewer", "the worst of both") is computed from the outcomes, so a different run gives a
 * different text, including one that contradicts the article if the numbers do.
 */
final class BackpressureFindings {

    private BackpressureFindings() {
    }

    /** Paragraph on the sustained run: did the buffers buy acceptance for their latency? */
    static String sustained(List<StrategyOutcome> outcomes, Workload workload) {
        StrategyOutcome best = bestRejectFast(outcomes);
        StringBuilder s = new StringBuilder();
        s.append("Sustained overload (").append(workload.with(Workload.Overload.SUSTAINED).describe())
                .append("): the best reject-fast strategy, ").append(best.strategy().label()).append(", accepted ")
                .append(share(best)).append(" at p99 ").append(best.p99Millis()).append(" ms.");
        for (StrategyOutcome b : outcomes) {
            if (!b.strategy().buffers()) {
                continue;
            }
            long diff = b.accepted() - best.accepted();
            long added = b.p99Millis() - best.p99Millis();
            s.append(' ').append(b.strategy().label()).append(" accepted ").append(share(b)).append(" (")
                    .append(signed(diff)).append(") at p99 ").append(b.p99Millis()).append(" ms (")
                    .append(signed(added)).append(" ms)");
            if (diff <= 0 && added > 0) {
                s.append(diff < 0 ? ": it rejected more" : ": it rejected as many")
                        .append(" and made what it accepted slower, the worst of both.");
            } else if (diff > 0 && added > 0) {
                s.append(": it bought ").append(diff).append(" more acceptances with ").append(added)
                        .append(" ms of p99.");
            } else {
                s.append('.');
            }
        }
        return s.toString();
    }

    /** Paragraph on the transient run: did the buffers earn their latency when the burst drains? */
    static String transientRun(List<StrategyOutcome> outcomes, Workload workload) {
        StrategyOutcome noBuffer = bestOf(outcomes, Strategy.LOAD_SHEDDER, Strategy.RESILIENCE4J);
        StrategyOutcome bucket = find(outcomes, Strategy.TOKEN_BUCKET);
        StringBuilder s = new StringBuilder();
        s.append("Transient overload (").append(workload.with(Workload.Overload.TRANSIENT).describe())
                .append("): of the strategies that keep nobody waiting and grant no burst beyond 100 per second, ")
                .append(noBuffer.strategy().label()).append(" accepted the most: ").append(share(noBuffer)).append('.');
        for (StrategyOutcome b : outcomes) {
            if (!b.strategy().buffers()) {
                continue;
            }
            long gain = b.accepted() - noBuffer.accepted();
            int last = b.snapshots().isEmpty() ? 0 : b.snapshots().get(b.snapshots().size() - 1).maxBuffered();
            s.append(' ').append(b.strategy().label()).append(" accepted ").append(share(b));
            if (gain > 0) {
                s.append(": its buffer turned ").append(gain).append(" would-be rejections into served requests");
            } else {
                s.append(": its buffer gained nothing (").append(signed(gain)).append(')');
            }
            s.append(" for a p99 of ").append(b.p99Millis()).append(" ms; its backlog peaked at ")
                    .append(b.maxBuffered()).append(" and was ").append(last).append(" at most in the last snapshot")
                    .append(last * 4 <= b.maxBuffered() ? " (drained)." : " (not drained).");
        }
        long bestBuffer = maxBuffering(outcomes);
        s.append(" The token bucket accepted ").append(share(bucket)).append(" at p99 ").append(bucket.p99Millis())
                .append(" ms: its 100-token burst credit absorbed the burst ")
                .append(bucket.accepted() >= bestBuffer ? "at least as well as any buffer"
                        : "less well than the best buffer (" + bestBuffer + " accepted)")
                .append(", without making anyone wait.");
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
