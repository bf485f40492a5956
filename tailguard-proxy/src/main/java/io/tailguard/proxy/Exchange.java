package io.tailguard.proxy;

import io.netty.channel.EventLoop;
import io.netty.handler.codec.http.HttpContent;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpObject;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.util.ReferenceCountUtil;
import io.tailguard.path.Completion;
import io.tailguard.path.DecisionPath;
import io.tailguard.path.LocalAnswer;
import io.tailguard.path.Ticket;
import io.tailguard.proxy.client.ClientHandler;
import io.tailguard.proxy.upstream.Backend;
import io.tailguard.redis.RateDecision;

/**
 * Not thread-safe (confined to the client connection's event loop): one request's way through the
 * proxy, from its head to the end of its response. What happens to it is decided by its pool's core
 * {@link DecisionPath}: the exchange hands the request in, carries out the path's commands (send
 * attempt k to a backend, answer locally, cancel attempt k) with a {@link Forward} per attempt, and
 * tells the path what its backends did. It decides nothing itself.
 *
 * <p>The path's commands come on any thread, through {@link PathCommands}, which carries them out
 * on this loop and never from inside the path's call.
 */
public final class Exchange {

    /** BUFFERING: a small body, or a chunked body's first part, is read before admission (buffer-body-bytes). */
    private enum Phase { NEW, BUFFERING, RATING, PATH, DONE }

    private final ClientHandler client;
    private final EventLoop loop;
    private final HttpRequest request;
    private final Route route;
    private final Pool pool;
    private final long startNanos;
    private final long budgetNanos;
    /** The request has a body to send after its head; {@link Forward} reads it as it sends. */
    final boolean requestHasBody;
    private final boolean hedgeable;
    private final PendingBody pending = new PendingBody();
    /** Attempt 0's forward; later attempts' (a hedge, a retry) in {@link #laterLegs}, made when one comes. */
    private Forward firstLeg;
    private Forward[] laterLegs;
    private Ticket<Exchange> ticket;
    /** The attempt whose response goes to the client, once its head won. */
    private Forward relay;
    /** The attempt that takes the request body: the latest one started. */
    private Forward latest;
    /** The client's head has been turned into the outgoing one ({@link Headers#prepareOutgoing}). */
    private boolean headPrepared;
    private Phase phase = Phase.NEW;
    private boolean departed;
    /** It left as its turn came, before this loop read the close: never forwarded, counted as queued. */
    private boolean goneAsTurnCame;
    /** The last attempt to end before a response head ended on a malformed answer. */
    private boolean lastEndMalformed;
    private int startedMask;
    private int cancelledMask;
    private int reportedMask;
    private long queueWaitNanos;
    private final PathCommands commands;

    public Exchange(ClientHandler client, HttpRequest request, boolean requestHasBody, Route route, long startNanos,
             long budgetNanos) {
        this.client = client;
        this.loop = client.loop();
        this.request = request;
        this.route = route;
        this.pool = route.pool();
        this.startNanos = startNanos;
        this.budgetNanos = budgetNanos;
        this.requestHasBody = requestHasBody;
        this.hedgeable = !requestHasBody && idempotent();
        this.commands = new PathCommands(this, loop);
    }

    private boolean idempotent() {
        return request.method().equals(HttpMethod.GET) || request.method().equals(HttpMethod.HEAD);
    }

    /** True if the request may be sent again as it is: idempotent, no body. */
    boolean replayable() {
        return hedgeable;
    }

    /** True if several attempts may run at once (a hedging route, several backends), so none relays an interim answer. */
    private boolean hedged() {
        return hedgeable && route.path().hedger() != null && pool.hasSeveralBackends();
    }

    public HttpRequest request() {
        return request;
    }

    public long startNanos() {
        return startNanos;
    }

    public Pool pool() {
        return pool;
    }

    /** Returns the time left before the request's deadline, {@link Long#MAX_VALUE} if it has none. */
    long remainingNanos(long nowNanos) {
        return budgetNanos == Long.MAX_VALUE ? Long.MAX_VALUE : Math.max(0L, startNanos + budgetNanos - nowNanos);
    }

    /** The body is read first; admission waits for its end or a full buffer ({@link #bodyBuffered}). */
    public void markBuffering() {
        phase = Phase.BUFFERING;
    }

    public boolean buffering() {
        return phase == Phase.BUFFERING;
    }

    /** The body, or as much of it as is buffered before admission, is kept: admission may begin. */
    public void bodyBuffered() {
        phase = Phase.NEW;
    }

    /**
     * Hands the request to its pool's decision path through its route's bucket kept in Redis: the
     * path asks for it ({@link #askSharedRate}) and holds the request, with its deadline, until
     * {@link #rateDecided}.
     */
    public void enterThroughSharedRate(long nowNanos) {
        phase = Phase.RATING;
        client.metrics().redisRate(pool);
        boolean outer = commands.begin();
        try {
            ticket = route.path().enterThroughGate(this, remainingNanos(nowNanos), hedgeable, nowNanos);
        } finally {
            commands.end(outer);
        }
    }

    /** Carries out the path's command to ask the route's Redis bucket (on this loop, inside a path call). */
    void askSharedRate() {
        SharedRateWait.await(this, loop, route.shared(), pool.clock().nanoTime());
    }

    /**
     * The route's Redis bucket answered (on this loop): the path goes on with admission or answers
     * {@code 429}. An answer after the client left or the deadline answered changes nothing.
     */
    void rateDecided(RateDecision decision, Throwable error) {
        if (phase != Phase.RATING) {
            return;
        }
        if (error != null) { // the bucket answers degraded rather than fail, so this is a bug, not Redis
            leave();
            client.metrics().rejected(pool.name(), "rate_failed");
            answer(HttpResponseStatus.SERVICE_UNAVAILABLE, -1L, "rate_failed");
            return;
        }
        if (decision.admitted()) {
            phase = Phase.PATH;
            client.continueIfExpected(request);
        }
        boolean outer = commands.begin();
        try {
            pool.path().gateAnswered(ticket, decision.admitted(), decision.retryAfterNanos(), pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
    }

    /** Hands the request to its pool's decision path, past the route's local rate gates. */
    public void enter(long nowNanos) {
        phase = Phase.PATH;
        boolean outer = commands.begin();
        try {
            ticket = route.path().enter(this, remainingNanos(nowNanos), hedgeable, nowNanos);
        } finally {
            commands.end(outer);
        }
    }

    /** The path's commands for this exchange; {@link Pool} hands them over on the path's thread. */
    PathCommands commands() {
        return commands;
    }

    /** Prepares attempt {@code attempt} on {@code backend} (on this loop), to be {@link #start}ed. */
    void prepare(Backend backend, int attempt) {
        Forward leg = new Forward(this, client, loop, backend, attempt, pending);
        if (attempt == 0) {
            firstLeg = leg;
            return;
        }
        if (laterLegs == null) {
            laterLegs = new Forward[3];
        }
        laterLegs[attempt - 1] = leg;
    }

    private Forward leg(int attempt) {
        if (attempt == 0) {
            return firstLeg;
        }
        return laterLegs == null ? null : laterLegs[attempt - 1];
    }

    /** Carries out the path's command to send attempt {@code attempt} (on this loop). */
    void start(int attempt) {
        int bit = 1 << attempt;
        if ((cancelledMask & bit) != 0) {
            return; // cancelled before its turn came here; reported ended then
        }
        Forward leg = leg(attempt);
        if (attempt == 0 && ticket.waited()) {
            queueWaitNanos = ticket.queueWaitNanos();
            client.metrics().queueWait(pool, queueWaitNanos); // only queued requests: the others waited no time
            if (client.peerGone()) {
                // It left as its turn came, and this loop has not read the close yet: never forward it.
                goneAsTurnCame = true;
                client.closeGone(); // channelInactive ends the exchange and counts the departure
                return;
            }
        }
        if (attempt > 0) {
            if (latest != null && latest.live()) {
                client.metrics().hedged(pool);
            } else {
                client.metrics().retried(pool);
            }
        }
        startedMask |= bit;
        latest = leg;
        if (hedged()) {
            pending.release(); // a hedged request has no body: only its empty end, which each attempt sends
        }
        leg.send(true);
        if (hedged()) {
            client.readIfWanted();
        }
    }

    /** Carries out the path's command to cancel attempt {@code attempt} (on this loop). */
    void cancel(int attempt) {
        int bit = 1 << attempt;
        if ((cancelledMask & bit) != 0) {
            return;
        }
        cancelledMask |= bit;
        Forward leg = leg(attempt);
        if ((startedMask & bit) == 0 || leg == null) {
            attemptEnded(attempt, Completion.IGNORED); // never sent: nothing for a backend to finish
            return;
        }
        leg.cancel(departed && ticket.holding(attempt));
    }

    /** Carries out the path's command to answer locally (on this loop). */
    void answer(LocalAnswer answer, long retryAfterSeconds) {
        if (phase == Phase.DONE) {
            return;
        }
        if (ticket.waited()) {
            queueWaitNanos = ticket.queueWaitNanos();
        }
        if (answer.isRejection()) {
            client.metrics().rejected(pool.name(), answer.reasonName());
        }
        String reason = answer == LocalAnswer.UPSTREAM_CLOSED && lastEndMalformed ? "upstream_malformed"
                : answer.reasonName();
        end();
        client.respondError(this, HttpResponseStatus.valueOf(answer.status()), retryAfterSeconds, reason,
                queueWaitNanos);
    }

    /**
     * Returns the request head as it leaves for a backend: hop-by-hop out, forwarding and the budget
     * left in. The client's head becomes the outgoing one on the first send; a later send (a pooled
     * connection lost before the request reached it, another attempt) only renews the budget.
     */
    HttpRequest outgoingHead(long nowNanos) {
        if (!headPrepared) {
            Headers.prepareOutgoing(request, requestHasBody, client.peer());
            headPrepared = true;
        }
        Headers.setBudget(request.headers(), ticket.remainingNanos(nowNanos));
        return request;
    }

    /** True if an attempt waiting for its final head may relay an interim answer: it is the only one that can win. */
    boolean relaysInterim() {
        return !hedged() && phase == Phase.PATH;
    }

    /** Attempt {@code attempt}'s connection opened. */
    void attemptConnected(int attempt) {
        boolean outer = commands.begin();
        try {
            pool.path().connected(ticket, attempt, pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
    }

    /** Attempt {@code attempt}'s connection could not be made. */
    void attemptRefused(int attempt) {
        int bit = 1 << attempt;
        if ((reportedMask & bit) != 0) {
            return;
        }
        reportedMask |= bit;
        boolean outer = commands.begin();
        try {
            pool.path().refused(ticket, attempt, pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
    }

    /** Attempt {@code attempt}'s response head came: true if it won and its response goes to the client. */
    boolean headArrived(Forward leg, int attempt) {
        boolean won;
        boolean outer = commands.begin();
        try {
            won = phase == Phase.PATH && pool.path().responded(ticket, attempt, pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
        if (won) {
            relay = leg;
        }
        return won;
    }

    /** Attempt {@code attempt} ended before its response head on a malformed answer. */
    void attemptMalformed(int attempt) {
        report(attempt, Completion.IGNORED, true);
    }

    /** Attempt {@code attempt} is over (its response ended, its connection closed, it was given up). */
    void attemptEnded(int attempt, Completion completion) {
        report(attempt, completion, false);
    }

    private void report(int attempt, Completion completion, boolean malformed) {
        int bit = 1 << attempt;
        if ((reportedMask & bit) != 0) {
            return;
        }
        reportedMask |= bit;
        lastEndMalformed = malformed;
        boolean outer = commands.begin();
        try {
            pool.path().ended(ticket, attempt, completion, pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
    }

    /** True while the client's body should be read: a backend takes it and can absorb more. */
    public boolean wantsBody() {
        return phase == Phase.BUFFERING || (phase == Phase.PATH && latest != null && latest.wantsBody());
    }

    /** A piece of the request body from the client. */
    public void onRequestContent(HttpContent content) {
        if (!requestHasBody || phase == Phase.DONE) {
            ReferenceCountUtil.release(content); // a bodyless request's end went with its head
        } else if (latest != null) {
            latest.onRequestContent(content);
        } else {
            pending.add(content);
        }
    }

    /** The client can take more of the response. */
    public void clientWritable() {
        if (relay != null && phase == Phase.PATH) {
            relay.clientWritable();
        }
    }

    /** The relayed response ended with {@code lastPart}; its permit is completed. */
    void responded(int status, long upstreamNanos, HttpObject lastPart) {
        phase = Phase.DONE;
        client.exchangeEnded(this, status, "", queueWaitNanos, upstreamNanos, false, lastPart);
    }

    /**
     * The backend connection closed, or sent bytes that are not HTTP ({@code why}), after the response
     * head went to the client: the client's connection closes too, and the exchange counts as a 502.
     */
    void lostMidResponse(long upstreamNanos, String why) {
        phase = Phase.DONE;
        client.exchangeEnded(this, 502, why, queueWaitNanos, upstreamNanos, true, null);
    }

    /** The client's connection closed: never keep working for it. */
    public void clientGone() {
        String stage = switch (phase) {
            case NEW, DONE -> null;
            case BUFFERING -> "body";
            case RATING -> "rate";
            case PATH -> stage();
        };
        if (stage == null) {
            return;
        }
        long upstreamNanos = upstreamNanos();
        boolean inPathPhase = phase == Phase.PATH;
        boolean rating = phase == Phase.RATING;
        end(); // done before the log line: an answer or a permit on its way finds it over
        if (inPathPhase) {
            departed = true;
            leave(); // before the count: whoever sees the departure finds its queue place free
        } else if (rating) {
            leave(); // the path stops holding it for Redis; a late answer forwards nothing
        }
        client.metrics().clientGone(pool, stage);
        client.exchangeEnded(this, 499, "client_gone", queueWaitNanos, upstreamNanos, true, null);
    }

    /** Where a departing client's request was: waiting (queued, or its turn on the way), connecting, or at a backend. */
    private String stage() {
        if (goneAsTurnCame || latest == null) {
            return "queued";
        }
        return !hedged() && latest.connecting() ? "connecting" : "in_flight";
    }

    /** Tells the path nobody waits for the request: a queued one is withdrawn, attempts are cancelled. */
    private void leave() {
        if (ticket == null) {
            return;
        }
        boolean outer = commands.begin();
        try {
            pool.path().clientLeft(ticket, pool.clock().nanoTime());
        } finally {
            commands.end(outer);
        }
    }

    /** Answers with a locally made {@code status} (a Redis call that failed). */
    void answer(HttpResponseStatus status, long retryAfterSeconds, String why) {
        end();
        client.respondError(this, status, retryAfterSeconds, why, queueWaitNanos);
    }

    /** Abandons the exchange for a client-side error (body too large, malformed chunk). */
    public void abort() {
        boolean inPathPhase = phase == Phase.PATH;
        end();
        if (inPathPhase) {
            leave();
        }
    }

    /** Ends the exchange's own part: no kept body. */
    private void end() {
        phase = Phase.DONE;
        pending.release();
    }

    /** Nanoseconds since the relayed (or only) attempt went out, or -1 if none did. */
    private long upstreamNanos() {
        if (relay != null) {
            return relay.upstreamNanos();
        }
        return latest == null || hedged() ? -1L : latest.upstreamNanos();
    }
}
