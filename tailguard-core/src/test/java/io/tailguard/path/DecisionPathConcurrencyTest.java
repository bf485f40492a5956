package io.tailguard.path;

import static org.assertj.core.api.Assertions.assertThat;

import io.tailguard.queue.QueueDiscipline;
import io.tailguard.time.VirtualScheduler;
import java.time.Duration;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class DecisionPathConcurrencyTest {

    /** A request whose ticket is known once submit returned. */
    static final class Call {
        volatile Ticket<Call> ticket;
    }

    record Sent(Call call, int attempt) {
    }

    @Test
    void permitsReturnToZeroAndNothingWaitsWhenManyThreadsSubmitEndAndLeave() throws Exception {
        ConcurrentLinkedQueue<Sent> sent = new ConcurrentLinkedQueue<>();
        AtomicInteger answered = new AtomicInteger();
        PathHost<Call> host = new PathHost<>() {
            @Override
            public void forward(Call request, int backend, int attempt) {
                sent.add(new Sent(request, attempt));
            }

            @Override
            public void answer(Call request, LocalAnswer answer, long retryAfterSeconds) {
                answered.incrementAndGet();
            }

            @Override
            public void cancel(Call request, int attempt) {
            }
        };
        PoolSettings settings = PoolSettings.of("app", 3, 4).withQueue(8, Duration.ofSeconds(10), QueueDiscipline.FIFO);
        DecisionPath<Call> path = new DecisionPath<>(settings, new VirtualScheduler(), host, new SplittableRandom(3));
        int threads = 4;
        int perThread = 20_000;
        CountDownLatch start = new CountDownLatch(1);
        Thread[] workers = new Thread[threads];
        AtomicInteger maxInFlight = new AtomicInteger();
        for (int w = 0; w < threads; w++) {
            SplittableRandom random = new SplittableRandom(w);
            workers[w] = new Thread(() -> {
                await(start);
                for (int i = 0; i < perThread; i++) {
                    Call call = new Call();
                    call.ticket = path.submit(call, Long.MAX_VALUE, i);
                    if (random.nextInt(10) == 0) {
                        path.clientLeft(call.ticket, i);
                    }
                    maxInFlight.accumulateAndGet(path.inFlight(), Math::max);
                    finishOne(path, sent, random, i);
                }
            });
            workers[w].start();
        }
        start.countDown();
        for (Thread worker : workers) {
            worker.join();
        }
        Sent left;
        while ((left = sent.poll()) != null) {
            end(path, left, 0L);
        }
        assertThat(path.inFlight()).isZero();
        assertThat(path.queued()).isZero();
        assertThat(maxInFlight.get()).isLessThanOrEqualTo(12);
    }

    private static void finishOne(DecisionPath<Call> path, ConcurrentLinkedQueue<Sent> sent, SplittableRandom random,
                                  long nowNanos) {
        Sent next = sent.poll();
        if (next != null) {
            if (random.nextInt(20) == 0) {
                while (next.call().ticket == null) {
                    Thread.onSpinWait();
                }
                path.ended(next.call().ticket, next.attempt(), Completion.IGNORED, nowNanos);
            } else {
                end(path, next, nowNanos);
            }
        }
    }

    private static void end(DecisionPath<Call> path, Sent sent, long nowNanos) {
        while (sent.call().ticket == null) {
            Thread.onSpinWait();
        }
        path.responded(sent.call().ticket, sent.attempt(), nowNanos);
        path.ended(sent.call().ticket, sent.attempt(), Completion.SUCCESS, nowNanos);
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
