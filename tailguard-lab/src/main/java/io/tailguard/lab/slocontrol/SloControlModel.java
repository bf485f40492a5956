package io.tailguard.lab.slocontrol;

import io.tailguard.sim.windowed.PublishedExpiry;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.SimEvents;
import io.tailguard.sim.windowed.WindowedServer;
import io.tailguard.slo.CriticalityQueue;
import io.tailguard.slo.CriticalityQueueConfig;
import java.time.Duration;
import java.util.Random;

/**
 * Not thread-safe: one window of the bounded system: core's {@link CriticalityQueue} (bound 20
 * in the system, requests that waited over 190 ms shed at dequeue, so whatever is served meets
 * its deadline), blind or protecting critical requests. Each request is critical with probability
 * 0.25, drawn in arrival order from {@code java.util.Random(seed)} as the published model draws it.
 * Only arrivals with a whole deadline left in the window are scored.
 */
final class SloControlModel implements WindowedServer.Outcome {

    static final double CRITICAL_SHARE = 0.25;
    static final Duration MAX_WAIT = Duration.ofMillis(Server.DEADLINE_MS - (long) Server.SERVICE_MS);

    final ClassOutcome critical;
    final ClassOutcome background;
    final int scored;
    private final double[] arrivalsMs;
    private final boolean[] isCritical;
    private final double scoredSeconds;

    private SloControlModel(double[] arrivalsMs, long windowMs, long seed) {
        this.arrivalsMs = arrivalsMs;
        long cutoff = windowMs - Server.DEADLINE_MS;
        int windows = (int) (cutoff / 100);
        critical = new ClassOutcome(windows);
        background = new ClassOutcome(windows);
        isCritical = new boolean[arrivalsMs.length];
        Random random = new Random(seed);
        int n = 0;
        for (int i = 0; i < arrivalsMs.length; i++) {
            isCritical[i] = random.nextDouble() < CRITICAL_SHARE;
            if (arrivalsMs[i] <= cutoff && n == i) {
                n++;
                classOf(i).offer((int) (arrivalsMs[i] / 100));
            }
        }
        scored = n;
        scoredSeconds = Math.max(1, cutoff) / 1000.0;
    }

    static SloControlModel run(double[] arrivalsMs, long windowMs, long seed, boolean protect, boolean published) {
        SloControlModel model = new SloControlModel(arrivalsMs, windowMs, seed);
        WindowedServer[] server = new WindowedServer[1];
        Duration maxWait = published ? MAX_WAIT.plus(PublishedExpiry.TIE) : MAX_WAIT;
        CriticalityQueue<Integer> line = new CriticalityQueue<>(
                new CriticalityQueueConfig(Server.LITTLE_BUDGET, maxWait, protect),
                (request, reason, waitedNanos) -> server[0].shedFromLine(request));
        server[0] = new WindowedServer(arrivalsMs, windowMs, WindowedServer.Line.of(line), model, published);
        server[0].run((request, busy) -> line.offer(SimEvents.nanos(arrivalsMs[request]), request,
                model.isCritical[request], busy ? 1 : 0));
        return model;
    }

    private ClassOutcome classOf(int request) {
        return isCritical[request] ? critical : background;
    }

    @Override
    public void shed(int request, double waitMs) {
        // a shed, displaced or refused request simply fails
    }

    @Override
    public void served(int request, double startMs, double finishMs) {
        if (request < scored) {
            classOf(request).serve((int) (arrivalsMs[request] / 100), finishMs - arrivalsMs[request]);
        }
    }

    double offeredRps() {
        return (critical.offered + background.offered) / scoredSeconds;
    }

    double criticalOfferedRps() {
        return critical.offered / scoredSeconds;
    }

    double goodputRps() {
        return (critical.served + background.served) / scoredSeconds;
    }
}
