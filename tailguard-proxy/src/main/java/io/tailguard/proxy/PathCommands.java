package io.tailguard.proxy;

import io.netty.channel.EventLoop;
import io.tailguard.path.LocalAnswer;
import io.tailguard.proxy.upstream.Backend;
import java.util.concurrent.RejectedExecutionException;

/**
 * Not thread-safe, but for {@link #forward}, {@link #answer} and {@link #cancel}, which any thread
 * may call: the decision path's commands for one {@link Exchange}, carried out on its event loop.
 * A command the path gives while the exchange is calling it, on that loop, is kept and carried out
 * once the call returns; any other hops onto the loop. So the path is never called back from inside
 * a command, a command never finds the exchange's ticket unset, and the usual request, admitted at
 * once, costs no task on the loop.
 */
final class PathCommands {

    private final Exchange exchange;
    private final EventLoop loop;
    /** The exchange is calling the path from its loop: its commands wait for the call to return. */
    private boolean inPath;
    private int toForward;
    private int toCancel;
    private LocalAnswer toAnswer;
    private long toAnswerRetryAfter;

    PathCommands(Exchange exchange, EventLoop loop) {
        this.exchange = exchange;
        this.loop = loop;
    }

    /** Marks a call into the path from the loop; returns true if it is the outermost one. */
    boolean begin() {
        boolean outer = !inPath;
        inPath = true;
        return outer;
    }

    /** Ends a call into the path; the outermost carries out the commands kept meanwhile. */
    void end(boolean outer) {
        if (outer) {
            inPath = false;
            runKept();
        }
    }

    /** Carries out the kept commands: cancels, then sends, then an answer. */
    private void runKept() {
        while (toCancel != 0 || toForward != 0 || toAnswer != null) {
            int cancels = toCancel;
            int forwards = toForward;
            LocalAnswer answer = toAnswer;
            toCancel = 0;
            toForward = 0;
            toAnswer = null;
            for (int k = 0; cancels != 0; k++, cancels >>>= 1) {
                if ((cancels & 1) != 0) {
                    exchange.cancel(k);
                }
            }
            for (int k = 0; forwards != 0; k++, forwards >>>= 1) {
                if ((forwards & 1) != 0) {
                    exchange.start(k);
                }
            }
            if (answer != null) {
                exchange.answer(answer, toAnswerRetryAfter);
            }
        }
    }

    /** True if a command comes from the exchange's own call into the path (read on its loop only). */
    private boolean keep() {
        return loop.inEventLoop() && inPath;
    }

    private void onLoop(Runnable task) {
        try {
            loop.execute(task);
        } catch (RejectedExecutionException closed) {
            // the proxy closed: its connections, this request's among them, are closed already
        }
    }

    /** Any thread: send attempt {@code attempt} to {@code backend}. */
    void forward(Backend backend, int attempt) {
        if (keep()) {
            exchange.prepare(backend, attempt);
            toForward |= 1 << attempt;
            return;
        }
        onLoop(() -> {
            exchange.prepare(backend, attempt);
            exchange.start(attempt);
        });
    }

    /** Any thread: answer the client with {@code answer}. */
    void answer(LocalAnswer answer, long retryAfterSeconds) {
        if (keep()) {
            toAnswer = answer;
            toAnswerRetryAfter = retryAfterSeconds;
            return;
        }
        onLoop(() -> exchange.answer(answer, retryAfterSeconds));
    }

    /** Any thread: nobody needs attempt {@code attempt} any more. */
    void cancel(int attempt) {
        if (keep()) {
            toCancel |= 1 << attempt;
            return;
        }
        onLoop(() -> exchange.cancel(attempt));
    }
}
