package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import io.tailguard.time.ManualClock;
import java.util.SplittableRandom;
import java.util.function.LongUnaryOperator;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.Recorder;
import org.junit.jupiter.api.Test;

class EngineTest {

    private static final long MS = 1_000_000L;
    private static final long S = 1_000_000_000L;

    private final ManualClock clock = new ManualClock();
    private final Tally tally = new Tally();
    private final Recorder latency = new Recorder(1, Engine.MAX_RECORDED_NANOS, 3);
    private final Recorder service = new Recorder(1, Engine.MAX_RECORDED_NANOS, 3);
    private final Recorder success = new Recorder(1, Engine.MAX_RECORDED_NANOS, 3);

    private ScriptedTarget run(int connections, long timeoutNanos, LongUnaryOperator answerAt, long[] due,
                               int firstMeasured, long lateNanos) {
        return run(connections, timeoutNanos, answerAt, due, firstMeasured, lateNanos, 10 * MS);
    }

    private ScriptedTarget run(int connections, long timeoutNanos, LongUnaryOperator answerAt, long[] due,
                               int firstMeasured, long lateNanos, long sweepNanos) {
        ScriptedTarget target = new ScriptedTarget(clock, answerAt);
        Engine engine = new Engine(connections, timeoutNanos, target);
        target.engine = engine;
        for (int c = 0; c < connections; c++) {
            engine.connected(engine.openSlot(), 0);
        }
        engine.begin(due, firstMeasured, tally, latency, service, success);
        target.run(due, lateNanos, sweepNanos);
        return target;
    }

    /** A server answering in 1 ms except while frozen in [4 s, 5 s) and [9 s, 10 s). */
    private static long freezingAnswer(long sentNanos) {
        long phase = sentNanos % (5 * S);
        return phase >= 4 * S ? sentNanos - phase + 5 * S : sentNanos + MS;
    }

    @Test
    void reportsWhatAUserOfAFreezingServerSees() {
        long[] due = Schedule.of(Arrivals.CONSTANT, Rate.perSecond(100), 10 * S, new SplittableRandom(1)).absolute(0);

        run(1, 30 * S, EngineTest::freezingAnswer, due, 0, 0);

        Histogram user = latency.getIntervalHistogram();
        Histogram closedLoop = service.getIntervalHistogram();
        assertThat(user.getTotalCount()).isEqualTo(1000);
        double delayed = 1.0 - user.getPercentileAtOrBelowValue(10 * MS) / 100.0;
        assertThat(delayed).isBetween(0.19, 0.21);
        assertThat(user.getValueAtPercentile(99)).isBetween(900 * MS, 1000 * MS);
        // measured from the write, as a closed-loop tool does, the freeze nearly vanishes: only
        // the request in flight when it began waited
        assertThat(closedLoop.getValueAtPercentile(99)).isLessThan(2 * MS);
        assertThat(closedLoop.getMaxValue()).isGreaterThan(990 * MS);
    }

    @Test
    void aHalfARequestASecondScheduleIsSentEveryTwoSecondsOnTheManualClock() {
        long[] due = Schedule.of(Arrivals.CONSTANT, RateText.parse("--rate", "0.5/s"), 10 * S,
                new SplittableRandom(1)).absolute(0);

        ScriptedTarget target = run(1, 30 * S, sent -> sent + 10 * MS, due, 0, 0);

        assertThat(target.sendTimes).containsExactly(0L, 2 * S, 4 * S, 6 * S, 8 * S);
        assertThat(latency.getIntervalHistogram().getTotalCount()).isEqualTo(5);
    }

    @Test
    void requestsWaitingForAConnectionCountFromTheirDueTime() {
        long[] due = {0, 0, 0};
        ScriptedTarget target = run(1, 30 * S, sent -> sent + 10 * MS, due, 0, 0);

        Histogram user = latency.getIntervalHistogram();
        assertThat(target.sendTimes).containsExactly(0L, 10 * MS, 20 * MS);
        assertThat(user.getMaxValue()).isBetween(30 * MS - MS / 10, 30 * MS + MS / 10);
        assertThat(user.getMinValue()).isBetween(10 * MS - MS / 10, 10 * MS + MS / 10);
        assertThat(tally.waitingMax.get()).isEqualTo(2);
    }

    @Test
    void aLateGeneratorShowsInLatencyAndInLateness() {
        long[] due = Schedule.of(Arrivals.CONSTANT, Rate.perSecond(10), S, new SplittableRandom(1)).absolute(0);

        // no sweeps: they would release requests on time
        run(1, 30 * S, sent -> sent + MS, due, 0, 5 * MS, 1000 * S);

        Histogram user = latency.getIntervalHistogram();
        assertThat(user.getMinValue()).isGreaterThanOrEqualTo(6 * MS - MS / 100);
        assertThat(tally.takeLateMax()).isEqualTo(5 * MS);
        assertThat(tally.sent.get()).isEqualTo(10);
    }

    @Test
    void timesOutARequestInFlightAndResetsItsConnection() {
        long[] due = {0, MS};
        // the first answer would come after a minute; the connection is reset at the timeout
        ScriptedTarget target = run(1, 100 * MS, sent -> sent == 0 ? 60 * S : sent + MS, due, 0, 0);

        assertThat(target.resets).containsExactly(0);
        assertThat(tally.timeouts.get()).isEqualTo(1);
        // the second request waited 99 ms for the reopened connection: that is in its latency
        assertThat(tally.ok.get()).isEqualTo(1);
        assertThat(latency.getIntervalHistogram().getMaxValue()).isBetween(99 * MS, 101 * MS);
    }

    @Test
    void timesOutARequestThatWaitedForAConnectionWithoutSendingIt() {
        long[] due = {0, 50 * MS};
        // sweeps every 200 ms: by the first one, the waiting request is 150 ms past its due time
        ScriptedTarget target = run(1, 100 * MS, sent -> sent == 0 ? 60 * S : sent + MS, due, 0, 0, 200 * MS);

        assertThat(target.sendTimes).containsExactly(0L);
        assertThat(tally.timeouts.get()).isEqualTo(2);
        assertThat(tally.sent.get()).isEqualTo(1);
    }

    @Test
    void countsOverloadAnswersApartFromErrorsAndSuccesses() {
        long[] due = {0, MS};
        ScriptedTarget target = new ScriptedTarget(clock, sent -> sent + MS);
        Engine engine = new Engine(2, S, target);
        target.engine = engine;
        engine.connected(engine.openSlot(), 0);
        engine.connected(engine.openSlot(), 0);
        engine.begin(due, 0, tally, latency, service, success);
        engine.tick(MS);
        engine.answered(1, 503, true, 2 * MS);
        engine.answered(0, 429, true, 2 * MS);
        assertThat(tally.shed.get()).isEqualTo(2);

        engine.begin(new long[] {3 * MS, 3 * MS, 3 * MS}, 0, tally, latency, service, success);
        engine.tick(3 * MS);
        engine.answered(0, 200, true, 4 * MS);
        engine.answered(1, 500, true, 4 * MS);
        // the third request went out on connection 0 when it came free; the connection dies
        engine.lost(0, 4 * MS);
        assertThat(engine.finished()).isTrue();
        assertThat(tally.ok.get()).isEqualTo(1);
        assertThat(tally.errors.get()).isEqualTo(2);
        assertThat(tally.statuses.get(503)).isEqualTo(1);
        assertThat(tally.statuses.get(500)).isEqualTo(1);
        // every answer has a latency; only the one success is in the successes' histogram
        assertThat(latency.getIntervalHistogram().getTotalCount()).isEqualTo(4);
        Histogram ok = success.getIntervalHistogram();
        assertThat(ok.getTotalCount()).isEqualTo(1);
        assertThat(ok.getMaxValue()).isBetween(MS - MS / 100, MS + MS / 100);
    }

    @Test
    void warmUpRequestsAreSentButNotCounted() {
        long[] due = Schedule.of(Arrivals.CONSTANT, Rate.perSecond(10), S, new SplittableRandom(1)).absolute(0);

        run(1, S, sent -> sent + MS, due, 4, 0);

        assertThat(tally.sent.get()).isEqualTo(6);
        assertThat(tally.ok.get()).isEqualTo(6);
        assertThat(latency.getIntervalHistogram().getTotalCount()).isEqualTo(6);
    }

    /** The stumble in virtual time: 80/s against a 200 ms service needs 16 connections. */
    private ScriptedTarget elastic(int maxConnections, long timeoutNanos) {
        long[] due = Schedule.of(Arrivals.CONSTANT, Rate.perSecond(80), 10 * S, new SplittableRandom(1)).absolute(0);
        ScriptedTarget target = new ScriptedTarget(clock, sent -> sent + 200 * MS);
        Engine engine = new Engine(maxConnections, timeoutNanos, target);
        target.engine = engine;
        engine.connected(engine.openSlot(), 0);
        engine.begin(due, 0, tally, latency, service, success);
        target.run(due, 0, 10 * MS);
        return target;
    }

    @Test
    void opensConnectionsAsRequestsWaitAndAnswersEverything() {
        ScriptedTarget target = elastic(1000, 2 * S);

        assertThat(tally.ok.get()).isEqualTo(800);
        assertThat(tally.timeouts.get()).isZero();
        // 80/s x 200 ms = 16 busy at once; one more while a request is answered as the next falls due
        assertThat(tally.opened.get()).isBetween(16L, 17L);
        assertThat(target.opens).hasSize((int) tally.opened.get() - 1);
        assertThat(tally.waitsAtMax.get()).isZero();
        assertThat(latency.getIntervalHistogram().getMaxValue()).isLessThan(201 * MS);
    }

    @Test
    void countsTheRequestsTheMaximumHeldBack() {
        elastic(10, 2 * S);

        // 10 connections / 200 ms = 50/s: at 80/s the queue grows until requests time out
        assertThat(tally.opened.get()).isEqualTo(10);
        assertThat(tally.timeouts.get()).isPositive();
        assertThat(tally.ok.get() + tally.timeouts.get()).isEqualTo(800);
        assertThat(tally.waitsAtMax.get()).isPositive();
        assertThat(tally.connectionWaits.get()).isGreaterThanOrEqualTo(tally.waitsAtMax.get());
        assertThat(Ceiling.perSecond(10, service.getIntervalHistogram())).isBetween(49.0, 51.0);
    }
}
