package io.tailguard.hedge;

import io.tailguard.time.Cancellable;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.function.Supplier;

/**
 * Not thread-safe test backend on a virtual scheduler: attempt n answers after the n-th scripted
 * delay with the n-th scripted outcome; records when each attempt started and whether it was
 * cancelled.
 */
final class ScriptedBackend implements Supplier<CompletableFuture<String>> {

    /** One scripted answer: a value or an error, after a delay. */
    record Step(Duration after, String value, RuntimeException error) {
        static Step ok(long millis, String value) {
            return new Step(Duration.ofMillis(millis), value, null);
        }

        static Step fail(long millis, RuntimeException error) {
            return new Step(Duration.ofMillis(millis), null, error);
        }
    }

    private final VirtualScheduler scheduler;
    private final List<Step> script;
    private final List<Long> startMillis = new ArrayList<>();
    private final List<CompletableFuture<String>> futures = new ArrayList<>();

    ScriptedBackend(VirtualScheduler scheduler, Step... script) {
        this.scheduler = scheduler;
        this.script = List.of(script);
    }

    @Override
    public CompletableFuture<String> get() {
        int attempt = startMillis.size();
        startMillis.add(scheduler.clock().nanoTime() / 1_000_000);
        Step step = script.get(attempt);
        CompletableFuture<String> future = new CompletableFuture<>();
        Cancellable answer = scheduler.schedule(step.after(), () -> {
            if (step.error() != null) {
                future.completeExceptionally(step.error());
            } else {
                future.complete(step.value());
            }
        });
        future.whenComplete((value, error) -> {
            if (future.isCancelled()) {
                answer.cancel();
            }
        });
        futures.add(future);
        return future;
    }

    /** Virtual milliseconds at which each started attempt began. */
    List<Long> startMillis() {
        return startMillis;
    }

    /** Whether attempt {@code index} (from 0) was cancelled. */
    boolean cancelled(int index) {
        return futures.get(index).isCancelled();
    }
}
