package io.tailguard.limit;

import io.tailguard.admission.Permit;

/**
 * Thread-safe permit of a {@link SlotGate}: one per slot, made with the gate and reused by every
 * request that takes the slot. Its first completion frees the slot; later ones find it free and do
 * nothing, until the slot is taken again (hence the {@link Permit} rule: never touch a permit after
 * completing it). A fixed limit learns nothing from completions, so none of them reads a time.
 */
final class SlotPermit implements Permit {

    private final SlotGate gate;
    private final int word;
    private final long bit;

    SlotPermit(SlotGate gate, int word, long bit) {
        this.gate = gate;
        this.word = word;
        this.bit = bit;
    }

    @Override
    public void onSuccess(long nowNanos) {
        gate.release(word, bit);
    }

    @Override
    public void onDropped(long nowNanos) {
        gate.release(word, bit);
    }

    @Override
    public void onIgnore() {
        gate.release(word, bit);
    }

    @Override
    public String toString() {
        return "Permit[slot " + ((word << 6) + Long.numberOfTrailingZeros(bit)) + " of " + gate.limit() + "]";
    }
}
