package io.tailguard.journal.replication;

import io.tailguard.journal.worker.IncidentLog;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.util.function.IntFunction;

/**
 * Thread-safe (immutable): why a replication connection ends, with a {@code kind} that groups
 * repeats of the same problem in the log ({@link IncidentLog}); a bad frame from the primary is
 * also counted by the replica.
 */
public final class ConnectionProblem extends IOException {

    private static final long serialVersionUID = 1L;

    public final String kind;
    public final boolean badFrame;

    private ConnectionProblem(String kind, String message, boolean badFrame) {
        super(message);
        this.kind = kind;
        this.badFrame = badFrame;
    }

    /** A handshake that failed (timed out, wrong peer or version, closed). */
    public static ConnectionProblem handshake(String kind, String message) {
        return new ConnectionProblem(kind, message, false);
    }

    /** A frame from the primary that fails a check or never finished. */
    public static ConnectionProblem frame(String kind, String message) {
        return new ConnectionProblem(kind, message, true);
    }

    /**
     * Reads exactly {@code len} bytes of a handshake into {@code b} from {@code socket}'s stream,
     * all of them before {@code deadlineNanos} of {@code clock}: each read waits at most what is
     * left, so a peer that trickles a byte at a time cannot stretch the handshake. Past the
     * deadline it throws {@code timedOut} applied to the bytes of the message that arrived. The
     * socket's read timeout is left at whatever the last read needed; the caller sets its own next.
     */
    public static void readHandshake(Socket socket, byte[] b, int off, int len, NanoClock clock, long deadlineNanos,
                                     IntFunction<ConnectionProblem> timedOut) throws IOException {
        InputStream in = socket.getInputStream();
        int done = 0;
        while (done < len) {
            long leftNanos = deadlineNanos - clock.nanoTime();
            if (leftNanos <= 0) {
                throw timedOut.apply(off + done);
            }
            socket.setSoTimeout(soTimeoutMillis(leftNanos));
            int n;
            try {
                n = in.read(b, off + done, len - done);
            } catch (SocketTimeoutException e) {
                throw timedOut.apply(off + done);
            }
            if (n < 0) {
                throw handshake("handshake-closed", "the other side closed the connection during the handshake");
            }
            done += n;
        }
    }

    /**
     * Returns {@code nanos} as a socket read timeout ({@code SO_TIMEOUT}): whole milliseconds, at
     * least 1 (0 would mean no timeout at all) and at most {@link Integer#MAX_VALUE}.
     */
    public static int soTimeoutMillis(long nanos) {
        return (int) Math.max(1, Math.min(Integer.MAX_VALUE, nanos / 1_000_000));
    }
}
