package io.tailguard.sim.windowed;

import io.tailguard.queue.BoundedQueue;
import io.tailguard.slo.CriticalityQueue;
import java.util.function.BooleanSupplier;
import java.util.function.LongFunction;

/**
 * Not thread-safe: the series' server as its last two experiments run it, with an explicit line
 * of waiting requests (a core {@link BoundedQueue} or {@link CriticalityQueue}: it picks, and its
 * maximum queueing time sheds at dequeue) behind a door, starting no work at or after the window's end.
 *
 * <p>Each service start is an event of the simulator at the time the server frees up; before it,
 * every arrival up to that time goes through the door (an arrival at exactly that time sees an
 * idle server). After the window nothing more is served: the remaining arrivals still meet the
 * door and every request left waiting is shed, its wait counted to the window's end.
 */
public final class WindowedServer {

    /** Decides, for each arrival, whether it joins the line. */
    public interface Door {
        /**
         * Offers request {@code request}; {@code busy} tells whether a request is in service at
         * its arrival. Returns nothing: the door queues it or reports it shed.
         */
        void arrive(int request, boolean busy);
    }

    /** The waiting line: a core queue, seen through the two calls the server makes. */
    public interface Line {
        boolean isEmpty();

        /** The next request to serve at {@code nowNanos} (the queue sheds what expired on the way), or null. */
        Integer poll(long nowNanos);

        /** A core {@link BoundedQueue} as the line. */
        static Line of(BoundedQueue<Integer> queue) {
            return of(queue::isEmpty, queue::poll);
        }

        /** A core {@link CriticalityQueue} as the line. */
        static Line of(CriticalityQueue<Integer> queue) {
            return of(queue::isEmpty, queue::poll);
        }

        private static Line of(BooleanSupplier isEmpty, LongFunction<Integer> poll) {
            return new Line() {
                @Override
                public boolean isEmpty() {
                    return isEmpty.getAsBoolean();
                }

                @Override
                public Integer poll(long nowNanos) {
                    return poll.apply(nowNanos);
                }
            };
        }
    }

    /** What became of each request. */
    public interface Outcome {
        /** Request {@code request} was shed after waiting {@code waitMs} (0 if refused at the door). */
        void shed(int request, double waitMs);

        /** Request {@code request} started at {@code startMs} and finished at {@code finishMs}. */
        void served(int request, double startMs, double finishMs);
    }

    private final double[] arrivalsMs;
    private final long windowMs;
    private final Line line;
    private final Outcome outcome;
    private final SimEvents events = new SimEvents();
    private final boolean publishedExpiry;
    private Door door;
    /** When the server frees up, in ms (the time of the service start being decided). */
    private double serverFree;
    private int next;
    private boolean closed;

    /**
     * @param line    the waiting line, its shed listener reporting to {@code outcome} via {@link #shedFromLine}
     * @param outcome where each request's fate goes
     * @param publishedExpiry whether {@link PublishedExpiry} decides the ties the line's maximum wait leaves
     */
    public WindowedServer(double[] arrivalsMs, long windowMs, Line line, Outcome outcome,
                          boolean publishedExpiry) {
        this.publishedExpiry = publishedExpiry;
        this.arrivalsMs = arrivalsMs;
        this.windowMs = windowMs;
        this.line = line;
        this.outcome = outcome;
    }

    /** For the line's shed listener: a request shed at dequeue, its wait measured to now. */
    public void shedFromLine(int request) {
        outcome.shed(request, (closed ? windowMs : serverFree) - arrivalsMs[request]);
    }

    /** Runs the window with {@code door} in front of the line. */
    public void run(Door door) {
        this.door = door;
        events.at(0.0, this::step);
        events.run();
        while (next < arrivalsMs.length) {
            door.arrive(next, arrivalsMs[next] < serverFree);
            next++;
        }
        closed = true;
        for (Integer left = line.poll(Long.MAX_VALUE); left != null; left = line.poll(Long.MAX_VALUE)) {
            outcome.shed(left, windowMs - arrivalsMs[left]);
        }
    }

    private void step() {
        while ((next < arrivalsMs.length || !line.isEmpty()) && serverFree < windowMs) {
            if (line.isEmpty()) {
                double t = arrivalsMs[next];
                door.arrive(next, serverFree > t);
                serverFree = Math.max(serverFree, t);
                next++;
                continue;
            }
            while (next < arrivalsMs.length && arrivalsMs[next] <= serverFree) {
                door.arrive(next, arrivalsMs[next] < serverFree);
                next++;
            }
            Integer request = line.poll(SimEvents.nanos(serverFree));
            if (request == null) {
                continue;
            }
            if (publishedExpiry && PublishedExpiry.expired(serverFree, arrivalsMs[request])) {
                shedFromLine(request);
                continue;
            }
            double start = serverFree;
            serverFree = start + Server.SERVICE_MS;
            outcome.served(request, start, serverFree);
            // the next service start is the next event
            events.at(serverFree, this::step);
            return;
        }
    }
}
