package io.tailguard.lab;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import org.knowm.xchart.BitmapEncoder;

/**
 * Not thread-safe writer of one run's artifacts into a directory, in this order: CSVs, other files, PNG charts,
 * {@code report.html}, then {@code manifest.json} holding the SHA-256 of everything before it.
 */
final class ArtifactWriter {

    static final String REPORT = "report.html";
    static final String MANIFEST = "manifest.json";

    private final String version;
    private final String gitCommit;

    ArtifactWriter(String version, String gitCommit) {
        this.version = version;
        this.gitCommit = gitCommit;
    }

    /** Writes every artifact of {@code result} into {@code dir}; returns them, manifest last. */
    List<Artifact> write(Experiment experiment, LabArgs args, LabResult result, Path dir, String outputDirAsGiven)
            throws IOException {
        List<Artifact> written = new ArrayList<>();
        for (CsvTable table : result.tables()) {
            written.add(write(dir, table.file(), table.toCsv().getBytes(StandardCharsets.UTF_8)));
        }
        for (FileArtifact file : result.files()) {
            written.add(write(dir, file.file(), file.bytes()));
        }
        List<byte[]> pngs = new ArrayList<>();
        for (ChartArtifact chart : result.charts()) {
            byte[] png = BitmapEncoder.getBitmapBytes(chart.chart(), BitmapEncoder.BitmapFormat.PNG);
            pngs.add(png);
            written.add(write(dir, chart.file(), png));
        }
        String html = HtmlReport.render(experiment, args, result, pngs, version, gitCommit);
        written.add(write(dir, REPORT, html.getBytes(StandardCharsets.UTF_8)));
        Manifest manifest = new Manifest(experiment.name(), result.title(), args.commandLine(),
                args.rawValues(), result.seed(), outputDirAsGiven, written);
        List<Artifact> all = new ArrayList<>(written);
        all.add(write(dir, MANIFEST, manifest.toJson(version, gitCommit).getBytes(StandardCharsets.UTF_8)));
        return all;
    }

    /** Writes {@code bytes} to {@code dir/file} and returns its artifact record. */
    static Artifact write(Path dir, String file, byte[] bytes) throws IOException {
        Files.write(dir.resolve(file), bytes);
        return new Artifact(file, bytes.length, sha256(bytes));
    }

    /** Returns the lower-case hex SHA-256 of {@code bytes}. */
    static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException("SHA-256 is missing from this JVM", e));
        }
    }
}
