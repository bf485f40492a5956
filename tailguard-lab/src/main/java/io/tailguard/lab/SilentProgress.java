package io.tailguard.lab;

/** Thread-safe progress sink that ignores everything. */
final class SilentProgress implements Progress {

    static final SilentProgress INSTANCE = new SilentProgress();

    private SilentProgress() {
    }

    @Override
    public void begin(String task, int totalSteps) {
    }

    @Override
    public void step(String label) {
    }

    @Override
    public void end() {
    }
}
