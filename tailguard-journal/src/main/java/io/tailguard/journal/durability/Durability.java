package io.tailguard.journal.durability;

import io.tailguard.config.Check;
import io.tailguard.config.DurationText;
import java.nio.ByteBuffer;
import java.time.Duration;
import java.util.function.ToLongFunction;

/**
 * Thread-safe (immutable): a durability policy's configuration; {@link #newPolicy()} makes the
 * state machine. Parse the command-line forms with {@link #parse(String)}.
 */
public sealed interface Durability {

    /** Creates a fresh policy state machine for one journal. */
    DurabilityPolicy newPolicy();

    /** Returns the command-line form ({@code none}, {@code sync}, {@code periodic:10ms}, {@code selective}). */
    String label();

    /** Returns the OS write-back policy: records commit once written to the page cache; never forced. */
    static Durability none() {
        return None.INSTANCE;
    }

    /** Returns the force-every-append policy: each record commits once a force (shared by a group) covers it. */
    static Durability sync() {
        return Sync.INSTANCE;
    }

    /** Returns a policy that forces every {@code interval}; records commit once the next force covers them. */
    static Durability periodic(Duration interval) {
        return new Periodic(interval);
    }

    /**
     * Parses {@code none}, {@code sync} or {@code periodic:<duration>} (duration like {@code 10ms},
     * {@code 2s}, {@code 500us}). The selective policy needs a value function and is built in code.
     *
     * @throws IllegalArgumentException naming the value and the allowed forms
     */
    static Durability parse(String text) {
        if ("none".equals(text)) {
            return none();
        }
        if ("sync".equals(text)) {
            return sync();
        }
        if (text != null && text.startsWith("periodic:")) {
            return periodic(DurationText.parsePositive("periodic interval", text.substring("periodic:".length())));
        }
        throw new IllegalArgumentException("durability must be one of none, sync, periodic:<duration>, "
                + "selective:<forces>/s but was " + text);
    }

    /** The OS write-back policy. */
    enum None implements Durability {
        /** The only instance. */
        INSTANCE;

        @Override
        public DurabilityPolicy newPolicy() {
            return new NonePolicy();
        }

        @Override
        public String label() {
            return "none";
        }
    }

    /** Force before every commit (group commit). */
    enum Sync implements Durability {
        /** The only instance. */
        INSTANCE;

        @Override
        public DurabilityPolicy newPolicy() {
            return new SyncPolicy();
        }

        @Override
        public String label() {
            return "sync";
        }
    }

    /**
     * Force every {@code interval}; records commit at the force that covers them.
     *
     * @param interval time between forces, &gt; 0
     */
    record Periodic(Duration interval) implements Durability {

        /** Validates the interval. */
        public Periodic {
            Check.positive("interval", interval);
        }

        @Override
        public DurabilityPolicy newPolicy() {
            return new PeriodicPolicy(interval.toNanos());
        }

        @Override
        public String label() {
            return "periodic:" + interval.toMillis() + "ms";
        }
    }

    /**
     * Force when a record's value reaches {@code recordThreshold}, or when the value accumulated
     * since the last force (or trigger) reaches {@code cumulativeCap}, or {@code maxInterval} after
     * the first unforced record, whichever comes first. Only the record that crossed a threshold
     * waits for the force; every other record commits at write, even before an earlier triggering
     * record's force completes (reported by {@code CommitListener.onProgress}; the contiguous
     * {@code committedSequence} does wait for it). A force due to {@code maxInterval} delays no
     * commit: it bounds how much dirty data a triggered force must write (write-behind).
     *
     * @param value reads a record's business value (for example an order's notional) from its payload;
     *     must not change the buffer's position and must not allocate
     * @param recordThreshold a single record at or above this value forces, &gt;= 1
     * @param cumulativeCap the sum of values since the last force at or above this forces, &gt;= 1
     * @param maxInterval longest time records stay unforced, &gt; 0
     * @param label the command-line form shown in tables
     */
    record Selective(ToLongFunction<ByteBuffer> value, long recordThreshold, long cumulativeCap,
                     Duration maxInterval, String label) implements Durability {

        /** Validates the thresholds and interval. */
        public Selective {
            Check.notNull("value", value);
            Check.positive("recordThreshold", recordThreshold);
            Check.positive("cumulativeCap", cumulativeCap);
            Check.positive("maxInterval", maxInterval);
            Check.notNull("label", label);
        }

        /** Reads the value as a little-endian long at {@code offset} of the payload. */
        public static ToLongFunction<ByteBuffer> longAt(int offset) {
            Check.nonNegative("offset", offset);
            return payload -> {
                if (payload.remaining() < offset + Long.BYTES) {
                    return 0L;
                }
                long v = payload.getLong(payload.position() + offset);
                return payload.order() == java.nio.ByteOrder.LITTLE_ENDIAN ? v : Long.reverseBytes(v);
            };
        }

        @Override
        public DurabilityPolicy newPolicy() {
            return new SelectivePolicy(this);
        }
    }
}
