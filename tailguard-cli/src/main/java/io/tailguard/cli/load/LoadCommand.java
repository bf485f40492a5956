package io.tailguard.cli.load;

import io.tailguard.cli.UsageException;
import io.tailguard.config.DurationText;
import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import io.tailguard.lab.live.load.LoadExperiment;
import io.tailguard.load.Arrivals;
import io.tailguard.load.JsonSummary;
import io.tailguard.load.LoadPlan;
import io.tailguard.load.Target;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine;

/** Not thread-safe (one command run): {@code tailguard load URL}, the open-loop HTTP load generator. */
@Command(
        name = "load",
        mixinStandardHelpOptions = true,
        sortOptions = false,
        subcommands = {TestServerCommand.class, CommandLine.HelpCommand.class},
        description = {
            "Open-loop HTTP/1.1 load generator, free of coordinated omission.",
            "Requests are due on a schedule fixed before the run, and each latency runs",
            "from its due time, so a stalled server cannot hide its stall by slowing the",
            "generator down.",
            "If the generator itself falls behind, it says how far and for how long.",
            ""
        },
        footer = {
            "",
            "Requests go out on keep-alive connections, one at a time per connection (no",
            "pipelining): --connections are opened at start, and another each time a request",
            "is due while every one is busy, up to --max-connections (as vegeta's workers grow",
            "up to -max-workers). A request due while the maximum is open and busy waits",
            "client-side, in due order; its latency still counts from its due time, and the",
            "run names the ceiling this sets (connections / latency) and the flag that lifts it.",
            "429 and 503 answers count as shed, apart from errors and successes.",
            "",
            "Examples:",
            "  ./tailguard load http://127.0.0.1:8080/ --rate 2000 --duration 30s",
            "  ./tailguard load http://127.0.0.1:8080/ --rate 500,1000,2000,4000 --duration 20s",
            "  ./tailguard load http://127.0.0.1:8080/api --rate 300 --arrivals poisson --method POST --header 'Content-Type: application/json' --body-file req.json",
            "  ./tailguard load test-server --freeze 1s --every 5s  # a server that stalls",
            "",
            "Prints a progress line per second on stderr, then per rate the headline",
            "percentiles (each table says which requests it covers) and status counts, or",
            "with --output json one JSON summary on stdout. Writes load-summary.csv (one row",
            "per rate), load-intervals.csv, load-status.csv, load-spectrum.txt (HdrHistogram's",
            "percentile spectrum), load-latency.hlog (HdrHistogram interval log), PNG charts,",
            "report.html and manifest.json into --output-dir."
        })
public final class LoadCommand implements Callable<Integer> {

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Parameters(index = "0", paramLabel = "URL", arity = "0..1",
            description = "Target, an http:// URL, e.g. http://127.0.0.1:8080/path.")
    String url;

    @Option(names = "--rate", paramLabel = "RPS[,RPS...]", required = false,
            description = "Requests per second such as 500, or a rate such as 500/s, 0.5/s (one request"
                    + " every 2 s) or 30/m; a comma-separated list runs one step per rate (required).")
    String rate;

    @Option(names = "--duration", paramLabel = "DURATION", defaultValue = "30s",
            description = "Measured time per rate, e.g. 30s, 2m (default: ${DEFAULT-VALUE}).")
    String duration;

    @Option(names = "--warmup", paramLabel = "DURATION", defaultValue = "5s",
            description = "Time sent at each rate before measuring, not recorded; 0 for none (default: ${DEFAULT-VALUE}).")
    String warmup;

    @Option(names = "--arrivals", paramLabel = "constant|poisson", defaultValue = "constant",
            description = "Spacing of due times: even, or a seeded Poisson process (default: ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "1",
            description = "Seed of the Poisson arrivals; step i uses seed + i (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(names = "--connections", paramLabel = "N", defaultValue = "10",
            description = "Keep-alive connections opened at start, 1 to --max-connections (default: ${DEFAULT-VALUE}).")
    int connections;

    @Option(names = "--max-connections", paramLabel = "N", defaultValue = "" + LoadPlan.DEFAULT_MAX_CONNECTIONS,
            description = "The most connections opened, as requests wait for one, 1 to 10000"
                    + " (default: ${DEFAULT-VALUE}).")
    int maxConnections;

    @Option(names = "--threads", paramLabel = "N", defaultValue = "2",
            description = "Event loops sharing the connections (each takes every N-th request), 1 to 64"
                    + " (default: ${DEFAULT-VALUE}).")
    int threads;

    @Option(names = "--method", paramLabel = "M", defaultValue = "GET",
            description = "HTTP method (default: ${DEFAULT-VALUE}).")
    String method;

    @Option(names = "--header", paramLabel = "K:V",
            description = "Request header, repeatable; replaces a default (Host, User-Agent, Accept) of the same name.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--body-file", paramLabel = "FILE",
            description = "Send this file's bytes as the request body (default: no body).")
    Path bodyFile;

    @Option(names = "--timeout", paramLabel = "DURATION", defaultValue = "2s",
            description = "A request not answered this long after its due time is a timeout; its connection"
                    + " is closed and reopened (default: ${DEFAULT-VALUE}).")
    String timeout;

    @Option(names = "--output", paramLabel = "text|json", defaultValue = "text",
            description = "What stdout gets: each rate's summary as text, or one JSON summary of the run"
                    + " (default: ${DEFAULT-VALUE}).")
    String output;

    @Option(names = "--output-dir", paramLabel = "DIR", defaultValue = LabRunner.DEFAULT_OUTPUT_DIR + "/load",
            description = "Directory for the artifacts, created if missing (default: ${DEFAULT-VALUE}).")
    String outputDir;

    @Override
    public Integer call() {
        NettyLogging.toJdk();
        if (url == null) {
            throw new UsageException("URL must be given, e.g. ./tailguard load http://127.0.0.1:8080/ --rate 2000");
        }
        if (rate == null) {
            throw new UsageException("--rate must be given, e.g. --rate 2000 or --rate 500,1000,2000");
        }
        if (!output.equals("text") && !output.equals("json")) {
            throw new UsageException("--output must be text or json but was '" + output + "'");
        }
        boolean json = output.equals("json");
        LoadPlan plan = plan();
        Map<String, String> raw = new LinkedHashMap<>();
        raw.put("URL", plan.target().url());
        raw.put("--rate", rate);
        raw.put("--duration", duration);
        raw.put("--warmup", warmup);
        raw.put("--arrivals", plan.arrivals().label());
        raw.put("--seed", Long.toString(seed));
        raw.put("--connections", Integer.toString(connections));
        raw.put("--max-connections", Integer.toString(maxConnections));
        raw.put("--threads", Integer.toString(threads));
        raw.put("--method", plan.method());
        raw.put("--header", String.join("; ", headers));
        raw.put("--body-file", bodyFile == null ? "" : bodyFile.toString());
        raw.put("--timeout", timeout);
        List<String> commandLine = spec.root().commandLine().getParseResult().originalArgs();
        CommandLine cli = spec.commandLine();
        LoadExperiment experiment = new LoadExperiment(plan, json ? null : cli.getOut(), cli.getErr());
        new LabRunner(json ? cli.getErr() : cli.getOut(), Progress.silent()).run(experiment,
                LabArgs.validated(raw, commandLine), outputDir);
        if (json) {
            cli.getOut().print(JsonSummary.render(plan.target().url(), experiment.steps()));
            cli.getOut().flush();
        }
        return 0;
    }

    private LoadPlan plan() {
        Target target = Target.parse(url);
        List<Rate> rates = rates(rate);
        Duration measured = DurationText.parsePositive("--duration", duration);
        Duration warm = DurationText.parseNonNegative("--warmup", warmup);
        Duration wait = DurationText.parsePositive("--timeout", timeout);
        List<Map.Entry<String, String>> parsedHeaders = new ArrayList<>();
        for (String h : headers) {
            parsedHeaders.add(LoadPlan.header(h));
        }
        byte[] body = new byte[0];
        if (bodyFile != null) {
            try {
                body = Files.readAllBytes(bodyFile);
            } catch (IOException e) {
                throw new UsageException("--body-file must be a readable file but was '" + bodyFile + "' ("
                        + e.getClass().getSimpleName() + ")");
            }
        }
        return new LoadPlan(target, rates, measured, warm, Arrivals.parse(arrivals), seed, connections, maxConnections,
                threads, method,
                parsedHeaders, body, wait);
    }

    /**
     * Parses {@code 500,1000,2000} or {@code 0.5/s,2/s,30/m}: a bare number is a rate a second; a
     * rate is kept exact, so {@code 0.5/s} sends one request every 2 s.
     */
    static List<Rate> rates(String text) {
        List<Rate> rates = new ArrayList<>();
        for (String part : text.split(",", -1)) {
            String p = part.trim();
            Rate r = p.matches("[0-9]{1,18}") ? (Long.parseLong(p) > 0 ? Rate.perSecond(Long.parseLong(p)) : null)
                    : RateText.parseOrNull(p);
            if (r == null) {
                throw new UsageException("--rate must be positive rates, comma-separated, like 500, 500/s, 0.5/s or"
                        + " 30/m, but was '" + text + "'");
            }
            rates.add(r);
        }
        return rates;
    }
}
