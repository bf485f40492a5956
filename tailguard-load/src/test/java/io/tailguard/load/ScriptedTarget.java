package io.tailguard.load;

import io.tailguard.time.ManualClock;
import java.util.ArrayList;
import java.util.List;
import java.util.PriorityQueue;
import java.util.function.LongUnaryOperator;

/**
 * Not thread-safe: a target in virtual time for {@link Engine} tests. Each request written at
 * {@code t} is answered at {@code answerAt.applyAsLong(t)} with {@link #status}; the driver moves a
 * {@link ManualClock} from event to event (due times, answers, sweeps), so no test sleeps.
 */
final class ScriptedTarget implements Wire {

    private final ManualClock clock;
    private final LongUnaryOperator answerAt;
    private final PriorityQueue<long[]> answers = new PriorityQueue<>((a, b) -> Long.compare(a[0], b[0]));
    final List<Integer> resets = new ArrayList<>();
    final List<Long> sendTimes = new ArrayList<>();
    int status = 200;
    Engine engine;

    ScriptedTarget(ManualClock clock, LongUnaryOperator answerAt) {
        this.clock = clock;
        this.answerAt = answerAt;
    }

    final List<Integer> opens = new ArrayList<>();

    /** Connects at once: the engine's growth is tested apart from connect latency. */
    @Override
    public void open(int conn) {
        opens.add(conn);
        engine.connected(conn, clock.nanoTime());
    }

    @Override
    public void send(int conn) {
        long now = clock.nanoTime();
        sendTimes.add(now);
        answers.add(new long[] {answerAt.applyAsLong(now), conn});
    }

    @Override
    public void reset(int conn) {
        resets.add(conn);
        answers.removeIf(a -> a[1] == conn);
        engine.connected(conn, clock.nanoTime());
    }

    /**
     * Runs the step to its end: ticks at every due time (plus {@code lateNanos}, a generator that
     * releases late), answers at their times, and sweeps every {@code sweepNanos}.
     */
    void run(long[] due, long lateNanos, long sweepNanos) {
        int next = 0;
        long nextSweep = clock.nanoTime() + sweepNanos;
        while (!engine.finished()) {
            long tickAt = next < due.length ? due[next] + lateNanos : Long.MAX_VALUE;
            long answerTime = answers.isEmpty() ? Long.MAX_VALUE : answers.peek()[0];
            long at = Math.min(Math.min(tickAt, answerTime), nextSweep);
            clock.setNanos(Math.max(at, clock.nanoTime()));
            if (at == answerTime) {
                long[] a = answers.poll();
                engine.answered((int) a[1], status, true, clock.nanoTime());
            } else if (at == tickAt) {
                engine.tick(clock.nanoTime());
                while (next < due.length && due[next] + lateNanos <= clock.nanoTime()) {
                    next++;
                }
            } else {
                engine.sweep(clock.nanoTime());
                nextSweep += sweepNanos;
            }
        }
    }
}
