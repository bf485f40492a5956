package io.tailguard.admission;

import java.util.EnumMap;
import java.util.Map;

/**
 * Thread-safe, immutable "no" with a {@link RejectReason}. There is one shared instance per
 * reason, so rejecting allocates nothing.
 */
public final class Rejection implements Decision {

    private static final Map<RejectReason, Rejection> BY_REASON = new EnumMap<>(RejectReason.class);

    static {
        for (RejectReason reason : RejectReason.values()) {
            BY_REASON.put(reason, new Rejection(reason));
        }
    }

    private final RejectReason reason;

    private Rejection(RejectReason reason) {
        this.reason = reason;
    }

    /** Returns the shared rejection for {@code reason}. */
    public static Rejection of(RejectReason reason) {
        if (reason == null) {
            throw new IllegalArgumentException("reason must be non-null but was null");
        }
        return BY_REASON.get(reason);
    }

    @Override
    public boolean isAdmitted() {
        return false;
    }

    @Override
    public Permit permit() {
        throw new IllegalStateException("rejected (" + reason + "): there is no permit");
    }

    @Override
    public RejectReason reason() {
        return reason;
    }

    @Override
    public String toString() {
        return "Rejection[" + reason + "]";
    }
}
