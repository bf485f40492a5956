package io.tailguard.lab.hedging;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.function.Consumer;

/**
 * Thread-safe (stateless) runner of every row of both scenarios. Rows are independent
 * simulations with the same seed, so they run in parallel and still give the same numbers.
 */
final class HedgingRuns {

    private HedgingRuns() {
    }

    /** All rows, the published article's scenario ({@code seed}) first, in table order. */
    static List<HedgingRow> rows() {
        List<HedgingRow> rows = new ArrayList<>(HedgingRow.of(HedgingScenario.PUBLISHED));
        rows.addAll(HedgingRow.of(HedgingScenario.SATURATED));
        return rows;
    }

    /** Runs {@code rows} with {@code requests} calls each on {@code threads} threads. */
    static List<HedgingResult> run(List<HedgingRow> rows, long requests, long seed, int threads) {
        return run(rows, requests, seed, threads, result -> { });
    }

    /**
     * Runs {@code rows} with {@code requests} calls each on {@code threads} threads, handing each
     * result to {@code done} on the calling thread, in row order.
     */
    static List<HedgingResult> run(List<HedgingRow> rows, long requests, long seed, int threads,
            Consumer<HedgingResult> done) {
        ExecutorService pool = Executors.newFixedThreadPool(Math.max(1, threads), runnable -> {
            Thread thread = new Thread(runnable, "hedging-lab");
            thread.setDaemon(true);
            return thread;
        });
        try {
            List<Future<HedgingResult>> futures = new ArrayList<>();
            for (HedgingRow row : rows) {
                futures.add(pool.submit(() -> new HedgingSimulation(row, requests, seed).run()));
            }
            List<HedgingResult> results = new ArrayList<>();
            for (Future<HedgingResult> future : futures) {
                HedgingResult result = future.get();
                done.accept(result);
                results.add(result);
            }
            return results;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while simulating", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("a simulation failed: " + e.getCause(), e.getCause());
        } finally {
            pool.shutdownNow();
        }
    }
}
