package io.tailguard.journal.replication;

import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.util.function.IntFunction;

/**
 * Thread-safe (immutable): why a replication connection ends, with a {@code kind} that groups
 * repeats of the same problem in the log ({@link IncidentLog}); a bad frame from the primary is
 * also counted by the replica.
 */
final class ConnectionProblem extends IOException {

    private static final long serialVersionUID = 1L;

    final String kind;
    final boolean badFrame;

    private ConnectionProblem(String kind, String message, boolean badFrame) {
        super(message);
        this.kind = kind;
        this.badFrame = badFrame;
    }

    /** A handshake that failed (timed out, wrong peer or version, closed). */
    static ConnectionProblem handshake(String kind, String message) {
        return new ConnectionProblem(kind, message, false);
    }

    /** A frame from the primary that fails a check or never finished. */
    static ConnectionProblem frame(String kind, String message) {
        return new ConnectionProblem(kind, message, true);
    }

    /**
     * Reads exactly {@code len} bytes of a handshake into {@code b} from a stream with a read
     * timeout; a timeout throws {@code timedOut} applied to the bytes of the message that arrived.
     */
    static void readHandshake(InputStream in, byte[] b, int off, int len, IntFunction<ConnectionProblem> timedOut)
            throws IOException {
        int done = 0;
        while (done < len) {
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
}
