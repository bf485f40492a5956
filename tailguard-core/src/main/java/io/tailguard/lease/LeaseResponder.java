package io.tailguard.lease;

import io.tailguard.admission.Decision;
import io.tailguard.admission.RejectReason;
import io.tailguard.admission.Rejection;
import io.tailguard.config.Check;
import io.tailguard.time.Scheduler;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Consumer;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

/**
 * Thread-safe responder side of the lease protocol, without I/O: one session per requester, each
 * with its own {@link LeaseSender}, {@link LeaseGate} and {@link LeaseTicker}. A transport opens a
 * session when a requester opens its lease stream ({@link #open}), writes every granted
 * {@link LeaseFrame} to that stream, and asks {@link #admit} for every request before its handler
 * runs. Requests that carry no session id share one session of their own ({@link #unleased()}),
 * granted by the same policy but sent to nobody, so a requester that does not speak leases is held
 * to the same limit and learns its lease from the response header.
 *
 * <p>Session ids are {@code <incarnation>-<n>}, the incarnation drawn once from the injected
 * generator, so an id from before a restart is unknown afterwards (answered {@code lease-expired})
 * rather than mistaken for a new session.
 */
public final class LeaseResponder implements AutoCloseable {

    private static final Rejection OVER_CAP = Rejection.of(RejectReason.LEASE_EXHAUSTED);

    private final Scheduler scheduler;
    private final Supplier<? extends LeaseSender> senders;
    private final String incarnation;
    private final Map<String, Session> sessions = new ConcurrentHashMap<>();
    private final Object lock = new Object();
    private long nextSession;
    private Session unleased;
    private boolean closed;

    /**
     * Creates a responder.
     *
     * @param senders a new sender per session (an adaptive sender learns from its own session only)
     * @param ids     draws this incarnation's id prefix
     */
    public LeaseResponder(Scheduler scheduler, Supplier<? extends LeaseSender> senders, RandomGenerator ids) {
        this.scheduler = Check.notNull("scheduler", scheduler);
        this.senders = Check.notNull("senders", senders);
        this.incarnation = Long.toHexString(Check.notNull("ids", ids).nextLong() & 0xFFFF_FFFFL);
    }

    /**
     * Opens a session and grants its first lease at once: {@code send} receives it (before this
     * method returns) and every renewal, from the scheduler's thread.
     */
    public Session open(Consumer<LeaseFrame> send) {
        Check.notNull("send", send);
        Session session;
        synchronized (lock) {
            if (closed) {
                throw new IllegalStateException("responder must be open but was closed");
            }
            session = new Session(incarnation + "-" + (++nextSession), send);
            sessions.put(session.id, session);
        }
        session.ticker.start();
        return session;
    }

    /** Returns the session of requesters that send no session id; started on first use. */
    public Session unleased() {
        Session session;
        synchronized (lock) {
            if (unleased != null) {
                return unleased;
            }
            session = new Session(incarnation + "-0", frame -> { });
            unleased = session;
        }
        session.ticker.start();
        return session;
    }

    /** Returns the open session {@code id}, or null when it is unknown or closed. */
    public Session session(String id) {
        return id == null ? null : sessions.get(id);
    }

    /** Returns the sessions with an open lease stream. */
    public int openSessions() {
        return sessions.size();
    }

    /** Closes every session; later requests under their ids are {@code lease-expired}. */
    @Override
    public void close() {
        synchronized (lock) {
            closed = true;
            if (unleased != null) {
                unleased.ticker.stop();
            }
        }
        sessions.values().forEach(Session::close);
    }

    /**
     * Thread-safe one requester's lease at this responder. {@link #tryAcquire} before the handler;
     * for an adaptive sender, report admitted requests' ends to {@link #stats()}.
     */
    public final class Session {
        private final String id;
        private final LeaseSender sender;
        private final LeaseGate gate = new LeaseGate();
        private final LeaseTicker ticker;

        private Session(String id, Consumer<LeaseFrame> send) {
            this.id = id;
            this.sender = Check.notNull("sender", senders.get());
            this.ticker = new LeaseTicker(scheduler, sender, gate, lease -> send.accept(LeaseFrame.granted(id, lease)));
        }

        /** Returns the session id requests carry in {@code Tailguard-Lease-Id}. */
        public String id() {
            return id;
        }

        /** Admits a request under this session's lease, or says why not (exhausted, expired). */
        public Decision tryAcquire(long nowNanos) {
            LeaseStats stats = stats();
            if (stats != null && !stats.hasRoom(nowNanos)) {
                // over the adaptive sender's cap on requests in flight: refused as over the lease
                // (not processed, safe to retry elsewhere), and the lease keeps its permit
                stats.onOverCap();
                return OVER_CAP;
            }
            Decision decision = gate.tryAcquire(nowNanos);
            if (stats != null) {
                if (decision.isAdmitted()) {
                    stats.onAccepted(nowNanos);
                } else {
                    stats.onRejected();
                }
            }
            return decision;
        }

        /** Returns the statistics an adaptive sender learns from, or null for a static sender. */
        public LeaseStats stats() {
            return sender instanceof AdaptiveLeaseSender adaptive ? adaptive.stats() : null;
        }

        /** Returns the lease as it stands at {@code nowNanos}, for the response header; null before the first lease or once expired. */
        public LeaseFrame current(long nowNanos) {
            long validNanos = gate.validForNanos(nowNanos);
            int allowed = gate.allowed();
            if (validNanos <= 0L || allowed <= 0) {
                return null;
            }
            long ttlMillis = Math.max(1L, validNanos / 1_000_000L);
            return new LeaseFrame(id, allowed, ttlMillis, Math.min(allowed, gate.remaining(nowNanos)));
        }

        /** Returns the nanoseconds until this session's lease is renewed or runs out, for {@code Retry-After}. */
        public long retryAfterNanos(long nowNanos) {
            long validNanos = gate.validForNanos(nowNanos);
            return validNanos > 0L ? validNanos : sender.period().toNanos();
        }

        /** Stops renewing and forgets the session: requests still carrying its id are {@code lease-expired}. */
        public void close() {
            ticker.stop();
            sessions.remove(id, this);
        }

        @Override
        public String toString() {
            return "Session[" + id + ", " + gate + "]";
        }
    }
}
