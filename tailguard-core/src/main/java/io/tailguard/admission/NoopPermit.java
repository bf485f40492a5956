package io.tailguard.admission;

/** Thread-safe shared permit whose completions do nothing. */
final class NoopPermit implements Permit {

    static final NoopPermit INSTANCE = new NoopPermit();

    private NoopPermit() {
    }

    @Override
    public void onSuccess(long nowNanos) {
    }

    @Override
    public void onDropped(long nowNanos) {
    }

    @Override
    public void onIgnore() {
    }

    @Override
    public String toString() {
        return "Permit[noop]";
    }
}
