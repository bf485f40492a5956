package io.tailguard.sim.calltree;

import io.tailguard.admission.Permit;
import io.tailguard.sim.calltree.Topology.RouteSpec;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * Not thread-safe one run of the published lab's call-tree model (its failure series, posts 2 to 5):
 * every downstream attempt is its own node holding a worker at its service from the start of its own
 * work until it resolves; a caller waits for its child with a per-call timeout, retries after a
 * backoff, and an abandoned child keeps running (and retrying its own children). Breakers, a deadline
 * budget and a bulkhead are optional; each is a core policy or an adapter over one. Events run on the
 * simulator's loop ({@link MillisClockLoop}); the order of side effects inside an event is the
 * published one, since it fixes the order of events scheduled at equal times.
 */
public final class CallTree {

    static final int QUEUED = 0;
    static final int WORKING = 1;
    static final int WAITING = 2;
    static final int DONE = 3;

    /** Not thread-safe node: one attempt at one hop. */
    static final class Node {
        final int route;
        final int hop;
        final Node parent;
        final int root;
        final double rootArrival;
        int state = QUEUED;
        int attempt;
        Node child;
        int generation;
        boolean abandoned;
        boolean failed;
        double resolution = Double.NaN;
        Permit permit;
        WorkerLane lane;

        Node(int route, int hop, Node parent, int root, double rootArrival) {
            this.route = route;
            this.hop = hop;
            this.parent = parent;
            this.root = root;
            this.rootArrival = rootArrival;
        }
    }

    final Topology topology;
    final MillisClockLoop loop;
    final int windows;
    final OwnWork[] work;
    final WorkerLane[] shared;
    final WorkerLane[][] partitions;
    final Map<String, EdgeBreaker> breakers = new HashMap<>();
    final EdgeBreaker[][] edgeByRouteHop;
    final SplittableRandom jitter;
    final List<Node> roots = new ArrayList<>();
    final long[] spawns;
    final long[][] windowSpawns;
    final List<Integer> leafRoots = new ArrayList<>();
    long leafSpawnsPastDeadline;
    final double maxDeadline;

    /** Builds a run of {@code topology} over {@code durationMs} with {@code arrivals}, seeded by {@code seed}. */
    public CallTree(Topology topology, long durationMs, ArrivalPattern arrivals, long seed) {
        this.topology = topology;
        this.loop = new MillisClockLoop(durationMs);
        this.maxDeadline = topology.maxDeadlineMs();
        this.windows = Scoring.windows(durationMs, topology.maxDeadlineMs());
        int n = topology.services().size();
        this.work = new OwnWork[n];
        this.shared = new WorkerLane[n];
        this.partitions = new WorkerLane[n][];
        this.spawns = new long[n];
        this.windowSpawns = new long[n][Math.max(0, windows)];
        Policies p = topology.policies();
        for (int s = 0; s < n; s++) {
            work[s] = topology.services().get(s).work().get();
            shared[s] = new WorkerLane(topology.services().get(s).workers());
            if (s == p.bulkheadService()) {
                partitions[s] = new WorkerLane[p.bulkheadLimits().length];
                for (int r = 0; r < partitions[s].length; r++) {
                    partitions[s][r] = new WorkerLane(p.bulkheadLimits()[r]);
                }
            }
        }
        p.breakers().forEach((edge, factory) -> breakers.put(edge, factory.get()));
        this.edgeByRouteHop = new EdgeBreaker[topology.routes().size()][];
        for (int r = 0; r < topology.routes().size(); r++) {
            int[] chain = topology.routes().get(r).chain();
            edgeByRouteHop[r] = new EdgeBreaker[chain.length];
            for (int h = 0; h + 1 < chain.length; h++) {
                edgeByRouteHop[r][h] = breakers.get(topology.services().get(chain[h]).name() + "->"
                        + topology.services().get(chain[h + 1]).name());
            }
        }
        this.jitter = new SplittableRandom(seed);
        List<RouteSpec> routes = topology.routes();
        for (int r = 0; r < routes.size(); r++) {
            for (double t : arrivals.times(routes.get(r).ratePerSecond(), r, routes.size(), durationMs, seed)) {
                roots.add(spawn(r, 0, null, t));
            }
        }
    }

    /** Runs the model to the horizon and returns what it recorded. */
    public CallTreeOutcome run() {
        loop.run();
        return new CallTreeOutcome(this);
    }

    private Node spawn(int route, int hop, Node parent, double t) {
        Node node = new Node(route, hop, parent, parent == null ? roots.size() : parent.root,
                parent == null ? t : parent.rootArrival);
        int service = chain(route)[hop];
        spawns[service]++;
        if (hop == chain(route).length - 1) {
            leafRoots.add(node.root);
            if (t - node.rootArrival > maxDeadline) {
                leafSpawnsPastDeadline++;
            }
        }
        int w = (int) (t / Scoring.WINDOW_MS);
        if (w >= 0 && w < windows) {
            windowSpawns[service][w]++;
        }
        loop.at(t, () -> arrive(node));
        return node;
    }

    private int[] chain(int route) {
        return topology.routes().get(route).chain();
    }

    private void arrive(Node n) {
        int service = chain(n.route)[n.hop];
        n.lane = partitions[service] != null ? partitions[service][n.route] : shared[service];
        if (n.lane.tryStart(n, nanos(loop.nowMs()))) {
            startWork(n);
        } else {
            n.lane.line.addLast(n);
        }
    }

    private void startWork(Node n) {
        double t = loop.nowMs();
        n.state = WORKING;
        loop.at(t + work[chain(n.route)[n.hop]].millis(t), () -> workDone(n));
    }

    private void workDone(Node n) {
        if (n.hop == chain(n.route).length - 1) {
            finish(n, true);
        } else {
            n.state = WAITING;
            startAttempt(n, 1);
        }
    }

    private void startAttempt(Node n, int attempt) {
        double t = loop.nowMs();
        n.attempt = attempt;
        n.generation++;
        Policies p = topology.policies();
        if (p.budget() != null && !p.budget().allowsAttempt(nanos(t), nanos(n.rootArrival))) {
            finish(n, false);
            return;
        }
        EdgeBreaker breaker = edgeByRouteHop[n.route][n.hop];
        if (breaker != null && !breaker.allow(t)) {
            retryOrFail(n);
            return;
        }
        n.child = spawn(n.route, n.hop + 1, n, t);
        int generation = n.generation;
        loop.at(timeoutAt(n, t), () -> childTimeout(n, generation));
    }

    private double timeoutAt(Node n, double t) {
        double perCall = t + topology.timeoutMs();
        if (topology.policies().budget() == null) {
            return perCall;
        }
        long timeoutNanos = nanos(topology.timeoutMs());
        long given = topology.policies().budget().attemptTimeoutNanos(nanos(t), nanos(n.rootArrival), timeoutNanos);
        // the budget cut it: the attempt ends when the request's budget does
        return given < timeoutNanos
                ? n.rootArrival + topology.policies().budget().budget().toNanos() / 1e6 : perCall;
    }

    private void childTimeout(Node n, int generation) {
        if (n.state != WAITING || n.generation != generation) {
            return;
        }
        n.child.abandoned = true;
        n.child = null;
        n.generation++;
        EdgeBreaker breaker = edgeByRouteHop[n.route][n.hop];
        if (breaker != null) {
            breaker.onFailure(loop.nowMs());
        }
        retryOrFail(n);
    }

    private void retryOrFail(Node n) {
        if (n.attempt < topology.attempts()) {
            int next = n.attempt + 1;
            double delayMs = topology.policies().backoff().delayNanos(n.attempt, jitter) / 1e6;
            loop.at(loop.nowMs() + delayMs, () -> beginAttempt(n, next));
        } else {
            finish(n, false);
        }
    }

    private void beginAttempt(Node n, int attempt) {
        if (n.state == WAITING) {
            startAttempt(n, attempt);
        }
    }

    private void finish(Node n, boolean ok) {
        double t = loop.nowMs();
        boolean started = n.state != QUEUED;
        n.state = DONE;
        n.failed = !ok;
        n.resolution = t;
        if (started) {
            WorkerLane lane = n.lane;
            WorkerLane.release(n, nanos(t));
            Node next = lane.line.pollFirst();
            if (next != null && lane.tryStart(next, nanos(t))) {
                startWork(next);
            }
        }
        if (n.parent != null && !n.abandoned) {
            respond(n.parent, ok);
        }
    }

    private void respond(Node p, boolean ok) {
        if (p.state != WAITING) {
            return;
        }
        p.child = null;
        p.generation++;
        EdgeBreaker breaker = edgeByRouteHop[p.route][p.hop];
        if (breaker != null) {
            if (ok) {
                breaker.onSuccess(loop.nowMs());
            } else {
                breaker.onFailure(loop.nowMs());
            }
        }
        if (ok) {
            finish(p, true);
        } else {
            retryOrFail(p);
        }
    }

    static long nanos(double ms) {
        return Math.round(ms * 1e6);
    }
}
