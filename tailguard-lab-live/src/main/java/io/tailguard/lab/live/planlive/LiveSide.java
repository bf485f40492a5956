package io.tailguard.lab.live.planlive;

import io.tailguard.load.Arrivals;
import io.tailguard.load.LoadGenerator;
import io.tailguard.load.LoadPlan;
import io.tailguard.load.StepResult;
import io.tailguard.load.Target;
import io.tailguard.load.backend.ServiceBackend;
import io.tailguard.proxy.ProxyServer;
import io.tailguard.proxy.config.ProxyConfigFile;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.path.PathSimulation;
import io.tailguard.time.NanoClock;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Thread-safe (stateless): one scenario at one rate, live: fresh {@code --service} backends on
 * loopback port 0, the real proxy started in this JVM from the configuration file written for
 * their ports, and one open-loop generator per header set (each an equal share of the rate, its own
 * seed), whose timeout is the clients' patience: a request not answered by then is reset, as a
 * client that leaves. Everything is stopped at the end, also on failure.
 */
final class LiveSide {

    /** Connections each generator opens at start; it opens more, up to its maximum, when all are busy. */
    private static final int CONNECTIONS = 16;
    private static final int MAX_CONNECTIONS = 2_000;

    private LiveSide() {
    }

    /** Returns what the clients saw, every generator's step summed. */
    static LiveFigures run(Scenario scenario, long rps, Duration patience, Duration warmup, Duration duration,
                           long seed, Path configDir, NanoClock clock) {
        List<BackendModel> models = scenario.models();
        List<ServiceBackend> backends = new ArrayList<>();
        try {
            List<Integer> ports = new ArrayList<>();
            for (int i = 0; i < models.size(); i++) {
                ServiceBackend backend = ServiceBackend.start(new InetSocketAddress("127.0.0.1", 0), models.get(i),
                        clock, LiveDraws.stream(seed, i));
                backends.add(backend);
                ports.add(backend.address().getPort());
            }
            Path file = configDir.resolve(scenario.label() + ".yaml");
            Files.writeString(file, scenario.yaml(ports));
            try (ProxyServer proxy = ProxyServer.start(ProxyConfigFile.read(file), clock);
                 LimitSampler limit = new LimitSampler(proxy.adminAddress(), warmup, PathSimulation.LIMIT_SAMPLE);
                 BackendSpan span = new BackendSpan(backends, warmup, duration)) {
                LiveFigures figures = drive(scenario, proxy.boundAddress().getPort(), rps, patience, warmup,
                        duration, seed, clock);
                return figures.withBackend(span.figures()).withLimit(limit.trace());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } finally {
            backends.forEach(ServiceBackend::close);
        }
    }

    private static LiveFigures drive(Scenario scenario, int port, long rps, Duration patience, Duration warmup,
                                     Duration duration, long seed, NanoClock clock) {
        List<List<Map.Entry<String, String>>> headerSets = scenario.clientHeaders(patience);
        int n = headerSets.size();
        List<LoadGenerator> generators = new ArrayList<>();
        ExecutorService pacers = Executors.newFixedThreadPool(n, r -> {
            Thread t = new Thread(r, "plan-vs-live-load");
            t.setDaemon(true);
            return t;
        });
        try {
            for (int i = 0; i < n; i++) {
                long share = rps / n + (i < rps % n ? 1 : 0);
                LoadPlan plan = new LoadPlan(Target.parse("http://127.0.0.1:" + port + "/"), LoadPlan.perSecond(List.of(share)),
                        duration, warmup, Arrivals.POISSON, seed * 100 + i, CONNECTIONS, MAX_CONNECTIONS, 1, "GET",
                        headerSets.get(i), null, patience);
                generators.add(LoadGenerator.open(plan, clock));
            }
            List<Future<StepResult>> steps = new ArrayList<>();
            for (LoadGenerator generator : generators) {
                steps.add(pacers.submit(() -> generator.run(0, line -> { }, null)));
            }
            LiveFigures figures = LiveFigures.EMPTY;
            for (Future<StepResult> step : steps) {
                figures = figures.plus(LiveFigures.of(step.get()));
            }
            return figures;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while the load ran", e);
        } catch (ExecutionException e) {
            throw new IllegalStateException("the load generator failed: " + e.getCause().getMessage(), e.getCause());
        } finally {
            pacers.shutdownNow();
            generators.forEach(LoadGenerator::close);
        }
    }
}
