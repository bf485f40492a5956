package io.tailguard.cli.plan;

import io.tailguard.cli.UsageException;
import io.tailguard.config.DurationText;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import io.tailguard.proxy.config.ConfigException;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.ProxyConfigFile;
import io.tailguard.sim.path.PathSimulation;
import io.tailguard.sim.path.ServiceText;
import io.tailguard.sim.service.DistributionText;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import java.util.function.Supplier;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/** Not thread-safe (one command run): {@code tailguard plan}, a proxy configuration run against a described service. */
@Command(
        name = "plan",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        description = {
            "Predicts what a proxy configuration does at several loads, before it is deployed:",
            "the proxy's own decision path (rate limits, deadlines, queue, limits, balancing,",
            "retries, hedging, departing clients) runs in the simulator against a described",
            "service. Goodput is 2xx answered within the client's patience.",
            ""
        },
        footer = {
            "",
            "Examples:",
            "  ./tailguard plan --config proxy.yaml --service 'app: workers=8, time=lognormal(p50=40ms,p99=300ms)' --load 0.5x,1x,2x,5x,10x --patience 2s --output-dir plans/",
            "  ./tailguard plan --config proxy.yaml --service 'app: workers=4, time=fixed(20ms)' --service 'app/127.0.0.1:9293: workers=4, time=fixed(60ms)'",
            "  ./tailguard plan --config new.yaml --compare old.yaml --service 'app: workers=8, time=exp(30ms)' --slo 'p99<=250ms@2x' --slo 'goodput>=0.9@5x'",
            "",
            "DIST: fixed(20ms), exp(20ms) (mean), lognormal(p50=40ms,p99=300ms),",
            "mix(0.9:fixed(5ms),0.1:fixed(200ms)) or file(latencies.txt) (one latency in ms per line).",
            "",
            "Prints a table per configuration and pool on stdout and progress on stderr; writes",
            "plan.csv, plan-rejections.csv, charts, report.html and manifest.json into --output-dir.",
            "Exit 0 when every --slo is met, 1 naming each SLO missed, 2 for a bad flag or config."
        })
public final class PlanCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Option(names = "--config", paramLabel = "FILE", description = "The proxy configuration (required).")
    Path config;

    @Option(names = "--service", paramLabel = "'POOL: workers=N, time=DIST'",
            description = "What a pool's backends do, repeatable; 'POOL/BACKEND: ...' for one backend; optional "
                    + "slowdown=TABLE (by concurrency, e.g. 10=>2;50=>5;=>500) and refused=SHARE (required).")
    List<String> services = new ArrayList<>();

    @Option(names = "--load", paramLabel = "LOADS", defaultValue = "0.5x,1x,2x,5x,10x",
            description = "Multiples of the pool's capacity or rates like 300/s (default: ${DEFAULT-VALUE}).")
    String load;

    @Option(names = "--patience", paramLabel = "DURATION|DIST", defaultValue = "2s",
            description = "How long a client waits before it leaves (default: ${DEFAULT-VALUE}).")
    String patience;

    @Option(names = "--deadline-share", paramLabel = "SHARE", defaultValue = "0",
            description = "Share of requests sending a deadline header equal to their patience (default: ${DEFAULT-VALUE}).")
    double deadlineShare;

    @Option(names = "--clients", paramLabel = "N", defaultValue = "1",
            description = "Client keys the requests are spread over, for per-client rates (default: ${DEFAULT-VALUE}).")
    int clients;

    @Option(names = "--arrivals", paramLabel = "constant|poisson|bursty", defaultValue = "poisson",
            description = "Arrival process (default: ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "60s",
            description = "Simulated time per load (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--hop", paramLabel = "DURATION", defaultValue = PathSimulation.DEFAULT_HOP,
            description = "The proxy's time per forward, to the backend and back, while the backend's worker "
                    + "waits (default: ${DEFAULT-VALUE}, the tailguard proxy's on one host at low load).")
    String hop;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1", description = "Seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--seeds", paramLabel = "K", defaultValue = "1",
            description = "Runs seeds seed..seed+K-1 and adds 95 %% intervals (default: ${DEFAULT-VALUE}).")
    int seeds;

    @Option(names = "--slo", paramLabel = "SLO", description = "'p99<=250ms@2x' or 'goodput>=0.9@5x', repeatable.")
    List<String> slos = new ArrayList<>();

    @Option(names = "--compare", paramLabel = "FILE", description = "Another configuration run on the same arrivals.")
    Path compare;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = LabRunner.DEFAULT_OUTPUT_DIR + "/plan",
            description = "Directory for the artifacts, created if missing (default: ${DEFAULT-VALUE}).")
    String outputDir;

    @Override
    public Integer call() {
        if (config == null) {
            throw new UsageException("--config must be given, e.g. tailguard plan --config proxy.yaml --service "
                    + "'app: workers=8, time=fixed(20ms)'");
        }
        if (services.isEmpty()) {
            throw new UsageException("--service must be given at least once, e.g. --service "
                    + "'app: workers=8, time=lognormal(p50=40ms,p99=300ms)'");
        }
        List<ServiceText> described = services.stream().map(s -> usage(() -> ServiceText.parse(s))).toList();
        List<LoadText> loads = LoadText.parseList(load);
        List<Slo> objectives = slos.stream().map(Slo::parse).toList();
        for (Slo slo : objectives) {
            if (loads.stream().noneMatch(l -> l.sameAs(slo.load()))) {
                throw new UsageException("--slo must name one of the --load steps (" + load + ") but '" + slo.text()
                        + "' names " + slo.load().label());
            }
        }
        PlanTraffic traffic = traffic();
        String mainName = config.getFileName().toString();
        List<PoolPlan> pools = new ArrayList<>(PoolPlan.of(mainName, read(config), described));
        if (pools.isEmpty()) {
            throw new UsageException("--service must describe a pool that a route of " + mainName + " sends to");
        }
        if (compare != null) {
            String otherName = compare.getFileName().toString();
            if (otherName.equals(mainName)) {
                otherName = compare.toString();
            }
            pools.addAll(PoolPlan.of(otherName, read(compare), described));
        }
        if (seeds < 1 || seeds > 100) {
            throw new UsageException("--seeds must be an integer from 1 to 100 but was " + seeds);
        }
        CommandLine cli = spec.commandLine();
        PlanExperiment experiment = new PlanExperiment(pools, loads, traffic, seed, seeds, objectives, mainName,
                cli.getErr());
        List<String> commandLine = spec.root().commandLine().getParseResult().originalArgs();
        new LabRunner(cli.getOut(), Progress.silent()).run(experiment, LabArgs.validated(raw(), commandLine),
                outputDir);
        for (String miss : experiment.missed()) {
            cli.getErr().println("tailguard: " + miss);
        }
        cli.getErr().flush();
        return experiment.missed().isEmpty() ? 0 : 1;
    }

    private PlanTraffic traffic() {
        if (!(deadlineShare >= 0.0 && deadlineShare <= 1.0)) {
            throw new UsageException("--deadline-share must be a share from 0 to 1 but was " + deadlineShare);
        }
        if (clients < 1 || clients > 100_000) {
            throw new UsageException("--clients must be an integer from 1 to 100000 but was " + clients);
        }
        Duration simulated = DurationText.parsePositive("--duration", duration);
        if (simulated.compareTo(Duration.ofHours(1)) > 0) {
            throw new UsageException("--duration must be at most 1h but was " + duration);
        }
        Duration perForward = usage(() -> DurationText.parseNonNegative("--hop", hop));
        if (perForward.compareTo(Duration.ofSeconds(1)) > 0) {
            throw new UsageException("--hop must be at most 1s but was " + hop);
        }
        return new PlanTraffic(PlanTraffic.checkArrivals(arrivals),
                usage(() -> DistributionText.parse("--patience", patience)), deadlineShare, clients, simulated,
                perForward);
    }

    /** Returns what {@code parse} read, its refusal as a usage error (exit 2). */
    private static <T> T usage(Supplier<T> parse) {
        try {
            return parse.get();
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private static ProxyConfig read(Path file) {
        try {
            return ProxyConfigFile.read(file);
        } catch (ConfigException e) {
            throw new UsageException(e.getMessage());
        }
    }

    private Map<String, String> raw() {
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("--config", config.toString());
        raw.put("--service", String.join("; ", services));
        raw.put("--load", load);
        raw.put("--patience", patience);
        raw.put("--deadline-share", Double.toString(deadlineShare));
        raw.put("--clients", Integer.toString(clients));
        raw.put("--arrivals", arrivals);
        raw.put("--duration", duration);
        raw.put("--hop", hop);
        raw.put("--seed", Long.toString(seed));
        raw.put("--seeds", Integer.toString(seeds));
        raw.put("--slo", String.join("; ", slos));
        raw.put("--compare", compare == null ? "" : compare.toString());
        return raw;
    }
}
