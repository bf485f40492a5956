package io.tailguard.admission;

import java.util.List;

/**
 * Thread-safe chain of gates asked in order: admits only if every gate admits, and then hands out
 * one permit that completes every gate's permit. When a gate refuses, the permits already taken
 * are given back with {@link Permit#onIgnore()} (the request never ran, so it says nothing about
 * capacity; an adaptive limit must not shrink because a later rate gate said no) and that gate's
 * rejection is returned. A rate gate cannot give a token back (its permit is the shared no-op), so
 * put rate gates last: then a refusal by any gate leaves nothing taken.
 *
 * <p>Gates that hand out the shared {@link Permit#noop()} (rate and lease gates) are not
 * remembered. If at most one gate handed out a permit of its own, that permit is returned as it is;
 * only two or more are wrapped, in a permit reused from a lock-free table. So the decision path
 * allocates nothing, admit or refuse.
 */
final class AdmissionChain implements AdmissionPolicy {

    /** Slots of the permit table: enough for this many chained requests in flight with two or more stateful gates. */
    static final int TABLE_SLOTS = 1024;

    private final AdmissionPolicy[] gates;
    private final ChainPermits permits;

    AdmissionChain(List<? extends AdmissionPolicy> gates) {
        if (gates == null || gates.isEmpty()) {
            throw new IllegalArgumentException("gates must be a non-empty list but was " + gates);
        }
        for (int i = 0; i < gates.size(); i++) {
            if (gates.get(i) == null) {
                throw new IllegalArgumentException("gates[" + i + "] must be non-null but was null");
            }
        }
        this.gates = gates.toArray(new AdmissionPolicy[0]);
        this.permits = new ChainPermits(TABLE_SLOTS, this.gates.length);
    }

    @Override
    public Decision tryAcquire(long nowNanos) {
        Permit single = null;
        ChainPermit wrapped = null;
        Permit noop = Permit.noop();
        for (AdmissionPolicy gate : gates) {
            Decision decision = gate.tryAcquire(nowNanos);
            if (!decision.isAdmitted()) {
                if (wrapped != null) {
                    wrapped.onIgnore();
                } else if (single != null) {
                    single.onIgnore();
                }
                return decision;
            }
            Permit permit = decision.permit();
            if (permit == noop) {
                continue;
            }
            if (wrapped != null) {
                wrapped.add(permit);
            } else if (single == null) {
                single = permit;
            } else {
                wrapped = permits.claim();
                wrapped.add(single);
                wrapped.add(permit);
                single = null;
            }
        }
        return wrapped != null ? wrapped : single != null ? single : noop;
    }

    /** Returns gate {@code index}, for tests. */
    AdmissionPolicy gate(int index) {
        return gates[index];
    }

    @Override
    public String toString() {
        return "AdmissionChain" + List.of(gates);
    }
}
