package io.tailguard.lab;

import io.tailguard.artifacts.Artifact;
import io.tailguard.artifacts.ArtifactWriter;
import io.tailguard.artifacts.CsvTable;
import io.tailguard.artifacts.IndexPage;
import io.tailguard.artifacts.Manifest;
import io.tailguard.artifacts.OutputDirException;
import io.tailguard.artifacts.StagedOutput;
import io.tailguard.artifacts.TablePrinter;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Not thread-safe driver behind {@code tailguard lab}: validates arguments, runs experiments, writes
 * their artifacts all-or-nothing into the output directory and prints their tables and findings.
 * Bad input raises {@link LabUsageException} before anything is written.
 */
public final class LabRunner {

    /** The default output directory of {@code lab all}; one experiment's default is below it. */
    public static final String DEFAULT_OUTPUT_DIR = "./results";

    private static final String ALL_TITLE = "tailguard lab: all experiments";

    private static final String RUN_ALONE = "Live experiments: real servers on 127.0.0.1, minutes of real time, "
            + "so lab all leaves them out; run each with its command";

    private final PrintWriter out;
    private final Progress progress;

    /**
     * Creates a runner that prints tables on {@code out} and reports progress on {@code progress}.
     */
    public LabRunner(PrintWriter out, Progress progress) {
        this.out = out;
        this.progress = progress;
        System.setProperty("java.awt.headless", "true");
    }

    /**
     * Returns the default output directory of {@code experiment}, {@code ./results/<name>}: runs of
     * two experiments do not overwrite each other, and {@code lab all} writes the same layout.
     */
    public static String defaultOutputDir(String experiment) {
        return DEFAULT_OUTPUT_DIR + "/" + experiment;
    }

    /** Returns the lines of {@code tailguard lab list}: one per experiment, name and description. */
    public static List<String> list() {
        return list(Experiments.all());
    }

    /**
     * Returns {@code experiments} grouped by series (in {@link LabSeries} order, registry order
     * within a series): a heading per series, then one line per experiment, name and description,
     * aligned across all groups.
     */
    public static List<String> list(List<Experiment> experiments) {
        int width = experiments.stream().mapToInt(e -> e.name().length()).max().orElse(0);
        List<String> lines = new ArrayList<>();
        for (LabSeries series : LabSeries.values()) {
            List<Experiment> members = experiments.stream().filter(e -> e.spec().series() == series).toList();
            if (members.isEmpty()) {
                continue;
            }
            if (!lines.isEmpty()) {
                lines.add("");
            }
            lines.add(series.heading() + ":");
            for (Experiment e : members) {
                lines.add(String.format(Locale.ROOT, "  %-" + width + "s  %s", e.name(), e.description()));
            }
        }
        return lines;
    }

    /**
     * Runs one experiment and writes its artifacts into {@code outputDir}.
     *
     * @param given       flag → raw value for the options the user gave
     * @param commandLine the raw command line, for the manifest
     * @return the artifacts written, manifest last
     * @throws LabUsageException for a bad argument or an unwritable output directory
     */
    public List<Artifact> run(Experiment experiment, Map<String, String> given, String outputDir,
                              List<String> commandLine) {
        return run(experiment, LabArgs.parse(experiment, given, commandLine), outputDir);
    }

    /**
     * Runs one experiment with arguments already validated (see {@link LabArgs#validated}) and
     * writes its artifacts into {@code outputDir}; the directory is checked before the run starts.
     *
     * @return the artifacts written, manifest last
     * @throws LabUsageException for an unwritable output directory
     */
    public List<Artifact> run(Experiment experiment, LabArgs args, String outputDir) {
        ArtifactWriter writer = ArtifactWriter.forThisBuild();
        try (StagedOutput staged = open(outputDir)) {
            LabResult result = args.seeds() > 1 ? SeedRuns.run(experiment, args, progress)
                    : Conclusions.judged(experiment, args, experiment.run(args, progress));
            List<Artifact> artifacts = writer.write(result.report(experiment, args), staged.dir(), outputDir);
            staged.commit();
            printResult(result);
            out.println("Wrote " + artifacts.size() + " artifacts to " + staged.target());
            return artifacts;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write artifacts to " + outputDir + ": " + e.getMessage(), e);
        }
    }

    /**
     * Runs every registered experiment with its defaults into {@code outputDir/<name>/}, then writes
     * {@code outputDir/index.html} linking each report and a top-level manifest.
     *
     * @return the artifacts written, paths relative to {@code outputDir}, manifest last
     */
    public List<Artifact> runAll(String outputDir, List<String> commandLine) {
        return runAll(outputDir, commandLine, Experiments.all(), List.of());
    }

    /**
     * Runs {@code experiments} with their defaults into {@code outputDir/<name>/}, then writes
     * {@code outputDir/index.html}, which groups their reports by series with how many conclusions
     * held, and lists {@code runAlone} (the live experiments, which {@code lab all} does not run)
     * with the command that runs each; then a top-level manifest.
     *
     * @return the artifacts written, paths relative to {@code outputDir}, manifest last
     */
    public List<Artifact> runAll(String outputDir, List<String> commandLine, List<Experiment> experiments,
                                 List<Experiment> runAlone) {
        ArtifactWriter writer = ArtifactWriter.forThisBuild();
        List<LabArgs> argsList = new ArrayList<>();
        for (Experiment e : experiments) {
            argsList.add(LabArgs.defaults(e, commandLine));
        }
        try (StagedOutput staged = open(outputDir)) {
            List<Artifact> all = new ArrayList<>();
            Map<LabSeries, List<IndexPage.Entry>> bySeries = new EnumMap<>(LabSeries.class);
            for (int i = 0; i < experiments.size(); i++) {
                Experiment e = experiments.get(i);
                out.println("== lab " + e.name() + " (" + (i + 1) + "/" + experiments.size() + ")");
                LabResult result = Conclusions.judged(e, argsList.get(i), e.run(argsList.get(i), progress));
                Path dir = Files.createDirectory(staged.dir().resolve(e.name()));
                List<Artifact> written = writer.write(result.report(e, argsList.get(i)), dir,
                        outputDir + "/" + e.name());
                for (Artifact a : written) {
                    all.add(new Artifact(e.name() + "/" + a.file(), a.bytes(), a.sha256()));
                }
                bySeries.computeIfAbsent(e.spec().series(), s -> new ArrayList<>()).add(new IndexPage.Entry(e.name(),
                        result.title(), e.description(), written.size(), result.verdicts()));
                printResult(result);
            }
            List<IndexPage.Group> groups = new ArrayList<>();
            bySeries.forEach((series, entries) -> groups.add(new IndexPage.Group(series.heading(), entries)));
            List<IndexPage.Command> commands = new ArrayList<>();
            for (Experiment e : runAlone) {
                commands.add(new IndexPage.Command(e.name(), e.description(), "./tailguard " + e.examples().get(0)));
            }
            all.add(ArtifactWriter.write(staged.dir(), "index.html", IndexPage.render(ALL_TITLE, groups, RUN_ALONE,
                    commands, writer.version(), writer.gitCommit()).getBytes(StandardCharsets.UTF_8)));
            Map<String, String> arguments = new LinkedHashMap<>();
            arguments.put("--output-dir", outputDir);
            all.add(writer.writeManifest(staged.dir(), new Manifest("all", ALL_TITLE, commandLine, arguments,
                    OptionalLong.empty(), outputDir, all)));
            staged.commit();
            out.println("Wrote " + all.size() + " artifacts to " + staged.target() + " (open index.html)");
            return all;
        } catch (IOException e) {
            throw new UncheckedIOException("could not write artifacts to " + outputDir + ": " + e.getMessage(), e);
        }
    }

    /** Opens {@code outputDir} for staging; an unwritable one is a usage error like a bad flag. */
    private static StagedOutput open(String outputDir) {
        try {
            return StagedOutput.open(outputDir);
        } catch (OutputDirException e) {
            throw new LabUsageException(e.getMessage());
        }
    }

    private void printResult(LabResult result) {
        out.println(result.title());
        for (CsvTable table : result.printedTables()) {
            out.println();
            TablePrinter.print(out, table);
        }
        for (String finding : result.findings()) {
            out.println();
            out.println(finding);
        }
        out.println();
    }
}
