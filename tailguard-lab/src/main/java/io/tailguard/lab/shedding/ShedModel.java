package io.tailguard.lab.shedding;

import io.tailguard.admission.Decision;
import io.tailguard.admission.Permit;
import io.tailguard.limit.ConcurrencyLimiter;
import io.tailguard.queue.BoundedQueue;
import io.tailguard.sim.windowed.MillisHistogram;
import io.tailguard.sim.windowed.Server;
import io.tailguard.sim.windowed.SimEvents;
import io.tailguard.sim.windowed.WindowedServer;

/**
 * Not thread-safe: one shedding policy over one window. The door (tail-drop only) is core's fixed
 * concurrency limiter holding a permit per request in the system: released when the request is
 * shed, or when its service ends (seen by the next arrival that finds the server idle, or by the
 * next service start).
 */
final class ShedModel implements WindowedServer.Outcome {

    static final int DOOR_LIMIT = Server.LITTLE_BUDGET;

    private final ShedPolicy policy;
    private final double[] arrivalsMs;
    private final long windowMs;
    private final MillisHistogram served = new MillisHistogram();
    private final MillisHistogram shedWaits = new MillisHistogram();
    private final long[] hangover;
    private final MillisHistogram[] byFinishWindow;
    private final Permit[] permits;
    private final ConcurrencyLimiter door;
    private WindowedServer server;
    private BoundedQueue<Integer> line;
    private int inService = -1;
    private long good;
    private long late;
    private long shed;

    private ShedModel(ShedPolicy policy, double[] arrivalsMs, long windowMs) {
        this.policy = policy;
        this.arrivalsMs = arrivalsMs;
        this.windowMs = windowMs;
        this.hangover = new long[(int) (windowMs / 100)];
        this.byFinishWindow = new MillisHistogram[hangover.length];
        this.permits = policy.door ? new Permit[arrivalsMs.length] : null;
        this.door = policy.door ? ConcurrencyLimiter.fixed(DOOR_LIMIT) : null;
    }

    static ShedModel run(ShedPolicy policy, double[] arrivalsMs, long windowMs, boolean published) {
        ShedModel model = new ShedModel(policy, arrivalsMs, windowMs);
        model.line = new BoundedQueue<>(policy.line(arrivalsMs.length, published),
                (request, reason, waitedNanos) -> model.server.shedFromLine(request));
        model.server = new WindowedServer(arrivalsMs, windowMs, WindowedServer.Line.of(model.line), model, published && policy.expire);
        model.server.run(model::arrive);
        return model;
    }

    private void arrive(int request, boolean busy) {
        if (door != null) {
            if (!busy) {
                finishService();
            }
            Decision decision = door.tryAcquire(0L);
            if (!(decision instanceof Permit permit)) {
                shed(request, 0.0);
                return;
            }
            permits[request] = permit;
        }
        line.offer(SimEvents.nanos(arrivalsMs[request]), request);
    }

    /** The request in service has left: its permit goes back. */
    private void finishService() {
        if (inService >= 0) {
            release(inService);
            inService = -1;
        }
    }

    private void release(int request) {
        if (permits != null && permits[request] != null) {
            permits[request].onSuccess(0L);
            permits[request] = null;
        }
    }

    @Override
    public void shed(int request, double waitMs) {
        shed++;
        shedWaits.recordRounded(waitMs);
        release(request);
    }

    @Override
    public void served(int request, double startMs, double finishMs) {
        finishService();
        inService = request;
        double sojourn = finishMs - arrivalsMs[request];
        served.recordRounded(sojourn);
        if (Math.round(sojourn) <= Server.DEADLINE_MS) {
            good++;
        } else {
            late++;
        }
        int w = (int) (finishMs / 100);
        if (w < byFinishWindow.length) {
            if (byFinishWindow[w] == null) {
                byFinishWindow[w] = new MillisHistogram();
            }
            byFinishWindow[w].recordRounded(sojourn);
        }
    }

    ShedRow row() {
        long n = arrivalsMs.length;
        double seconds = windowMs / 1000.0;
        return new ShedRow(policy.label, n / seconds, good / seconds, Server.pct(shed, n, 0.0), Server.pct(late, n, 0.0),
                served.percentile(99.0), shedWaits.percentile(50.0), Server.pct(late, good + late, 0.0));
    }

    /** p99 sojourn of the requests finishing in each 100 ms window of the run, 0 where none finished. */
    long[] hangover() {
        long[] p99 = new long[byFinishWindow.length];
        for (int w = 0; w < p99.length; w++) {
            p99[w] = byFinishWindow[w] == null ? 0 : byFinishWindow[w].percentile(99.0);
        }
        return p99;
    }
}
