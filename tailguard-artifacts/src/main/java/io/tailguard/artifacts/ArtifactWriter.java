package io.tailguard.artifacts;

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

/**
 * Not thread-safe writer of one run's artifacts into a directory, in this order: CSVs, other files, PNG charts,
 * {@code report.html}, then {@code manifest.json} holding the SHA-256 of everything before it.
 */
public final class ArtifactWriter {

    /** The report's file name. */
    public static final String REPORT = "report.html";
    /** The manifest's file name. */
    public static final String MANIFEST = "manifest.json";

    private final String version;
    private final String gitCommit;

    /** Creates a writer that records {@code version} and {@code gitCommit} in reports and manifests. */
    public ArtifactWriter(String version, String gitCommit) {
        this.version = version;
        this.gitCommit = gitCommit;
    }

    /** Creates a writer for this build: its version and the checkout's git commit ({@link BuildInfo}). */
    public static ArtifactWriter forThisBuild() {
        return new ArtifactWriter(BuildInfo.version(), BuildInfo.gitCommit());
    }

    /** Returns the version this writer records. */
    public String version() {
        return version;
    }

    /** Returns the git commit this writer records. */
    public String gitCommit() {
        return gitCommit;
    }

    /**
     * Writes every artifact of {@code result} into {@code dir}; returns them, manifest last.
     *
     * @param outputDirAsGiven the output directory as the user gave it, for the manifest
     */
    public List<Artifact> write(Report result, Path dir, String outputDirAsGiven) throws IOException {
        List<Artifact> written = new ArrayList<>();
        for (CsvTable table : result.tables()) {
            written.add(write(dir, table.file(), table.toCsv().getBytes(StandardCharsets.UTF_8)));
        }
        for (FileArtifact file : result.files()) {
            written.add(write(dir, file.file(), file.bytes()));
        }
        List<byte[]> pngs = new ArrayList<>();
        for (ChartArtifact chart : result.charts()) {
            byte[] png = ChartImages.png(chart.chart());
            pngs.add(png);
            written.add(write(dir, chart.file(), png));
        }
        String html = HtmlReport.render(result, pngs, version, gitCommit);
        written.add(write(dir, REPORT, html.getBytes(StandardCharsets.UTF_8)));
        Manifest manifest = new Manifest(result.name(), result.title(), result.commandLine(),
                result.arguments(), result.seed(), outputDirAsGiven, written);
        List<Artifact> all = new ArrayList<>(written);
        all.add(writeManifest(dir, manifest));
        return all;
    }

    /** Writes {@code manifest} as {@link #MANIFEST} into {@code dir} and returns its artifact record. */
    public Artifact writeManifest(Path dir, Manifest manifest) throws IOException {
        return write(dir, MANIFEST, manifest.toJson(version, gitCommit).getBytes(StandardCharsets.UTF_8));
    }

    /** Writes {@code bytes} to {@code dir/file} and returns its artifact record. */
    public static Artifact write(Path dir, String file, byte[] bytes) throws IOException {
        Files.write(dir.resolve(file), bytes);
        return new Artifact(file, bytes.length, sha256(bytes));
    }

    /** Returns the lower-case hex SHA-256 of {@code bytes}. */
    public static String sha256(byte[] bytes) {
        try {
            return HexFormat.of().formatHex(MessageDigest.getInstance("SHA-256").digest(bytes));
        } catch (NoSuchAlgorithmException e) {
            throw new UncheckedIOException(new IOException("SHA-256 is missing from this JVM", e));
        }
    }
}
