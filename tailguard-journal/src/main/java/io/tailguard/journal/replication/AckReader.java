package io.tailguard.journal.replication;

import io.tailguard.journal.ReplicaDurability;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.InputStream;
import java.net.SocketTimeoutException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.SocketChannel;

/**
 * Not thread-safe (one per connection, its own thread): reads the replica's acknowledgements and
 * watches that they keep coming. A bad ACK, or no acknowledgement progress for the replica timeout
 * while sent records are outstanding (a replica that hangs, is stopped or lost its machine without
 * closing the connection), is reported once and closes the connection, which ends the sender's
 * blocked write too; the journal then applies its replica-down action.
 *
 * <p>It reads through the socket's stream with a read timeout (a tick of a quarter of the replica
 * timeout, at most 100 ms) rather than the channel, whose blocking reads cannot time out; the
 * sender keeps writing through the channel meanwhile.
 *
 * <p>Each acknowledgement carries the replica's history digest after the sequence it acknowledges;
 * one that is not the digest the sender kept for that sequence ({@link #sentDigest}) is reported
 * as a diverged replica and closes the connection before it counts.
 */
final class AckReader extends Thread {

    /** Most records outstanding (sent, not acknowledged): the digests kept for checking acknowledgements. */
    static final int WINDOW = 1 << 16;
    private static final long NOT_WAITING = Long.MIN_VALUE;
    private static final long MAX_TICK_NANOS = 100_000_000L;

    private final SocketChannel ch;
    private final ReplicationSender sender;
    private final NanoClock clock;
    private final long timeoutNanos;
    private volatile long last;
    private volatile long sentUpTo;
    /** The digest after sequence {@code s} at {@code s & (WINDOW - 1)}, for the last {@link #WINDOW} sequences sent. */
    private final long[] digests = new long[WINDOW];
    private final long replicaLast;
    private final long replicaLastDigest;
    private volatile boolean reported;
    /** Reads each acknowledgement in place, on this thread only. */
    private final ReplicationCodec ack = new ReplicationCodec();

    AckReader(SocketChannel ch, long replicaLast, long replicaLastDigest, ReplicationSender sender, NanoClock clock,
              long timeoutNanos) {
        super("tailguard-journal-acks");
        this.replicaLast = replicaLast;
        this.replicaLastDigest = replicaLastDigest;
        setDaemon(true);
        this.ch = ch;
        this.sender = sender;
        this.clock = clock;
        this.timeoutNanos = timeoutNanos;
        this.last = replicaLast;
        this.sentUpTo = replicaLast;
    }

    /** Returns the highest sequence acknowledged on this connection (the replica's last at first). */
    long acknowledged() {
        return last;
    }

    /**
     * The sender is about to send record {@code sequence}, after which its history digest is
     * {@code digest} (only the sender thread calls it, before {@link #sent}).
     */
    void sentDigest(long sequence, long digest) {
        digests[(int) (sequence & (WINDOW - 1))] = digest;
    }

    /** The sender wrote every record up to {@code sequence} (only the sender thread calls it). */
    void sent(long sequence) {
        sentUpTo = sequence;
    }

    /** Returns true when this reader reported why the connection ended (the sender then stays quiet). */
    boolean reported() {
        return reported;
    }

    @Override
    public void run() {
        try {
            ch.socket().setSoTimeout(ConnectionProblem.soTimeoutMillis(Math.min(MAX_TICK_NANOS, timeoutNanos / 4)));
            InputStream in = ch.socket().getInputStream();
            // read acknowledgements in bulk: under load many are queued, only the last one matters
            byte[] bytes = new byte[ReplicationCodec.ACK_LENGTH * 256];
            ByteBuffer acks = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
            long waitingSince = NOT_WAITING;
            while (true) {
                int n;
                try {
                    n = in.read(bytes, acks.position(), acks.remaining());
                } catch (SocketTimeoutException e) {
                    n = 0;
                }
                if (n < 0) {
                    throw new IOException("connection closed by the replica");
                }
                acks.position(acks.position() + n).flip();
                long newest = parse(acks);
                acks.compact();
                boolean advanced = newest > last;
                if (advanced) {
                    last = newest;
                    sender.acknowledged(newest);
                }
                long now = clock.nanoTime();
                if (last >= sentUpTo) {
                    waitingSince = NOT_WAITING;
                } else if (advanced || waitingSince == NOT_WAITING) {
                    waitingSince = now;
                } else if (now - waitingSince >= timeoutNanos) {
                    reported = true;
                    sender.timedOut(last, sentUpTo);
                    break;
                }
            }
        } catch (IOException | RuntimeException e) {
            if (sender.running() && ch.isOpen() && !reported) {
                reported = true;
                sender.ackFailed(e.getMessage());
            }
        } finally {
            try {
                ch.close();
            } catch (IOException ignored) {
                // already failing; the sender thread reports the disconnect
            }
        }
    }

    /** Returns the newest acknowledged sequence in {@code acks} (consumed), or the last one if none. */
    private long parse(ByteBuffer acks) throws IOException {
        long newest = last;
        while (acks.remaining() >= ReplicationCodec.ACK_LENGTH) {
            int at = acks.position();
            ack.wrap(acks, at);
            long seq = ack.ackSequence();
            if (ack.magic() != ReplicationCodec.ACK_MAGIC) {
                throw new IOException("bad ACK magic " + Integer.toHexString(ack.magic()));
            }
            if (seq < newest || seq > sentUpTo) {
                throw new IOException("bad ACK sequence " + seq + " (last " + newest + ", sent " + sentUpTo + ")");
            }
            ReplicaDurability d = ReplicaDurability.ofCode(ack.ackDurability());
            if (d == null) {
                throw new IOException("bad ACK durability " + ack.ackDurability());
            }
            long digest = ack.ackDigest();
            long mine = seq == replicaLast ? replicaLastDigest : digests[(int) (seq & (WINDOW - 1))];
            if (digest != mine) {
                reported = true;
                sender.diverged(seq, digest, mine);
                throw new IOException("acknowledgement of record " + seq + " carries another history's digest");
            }
            sender.durability(d);
            newest = seq;
            acks.position(at + ReplicationCodec.ACK_LENGTH);
        }
        return newest;
    }
}
