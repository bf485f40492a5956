package io.tailguard.lab.live;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import io.tailguard.lab.Experiment;
import io.tailguard.lab.Experiments;
import io.tailguard.lab.LabRunner;
import io.tailguard.lab.Progress;
import java.awt.image.BufferedImage;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import javax.imageio.ImageIO;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Opens {@code lab all}'s index and two reports in headless Chromium and keeps the screenshots in
 * {@code target/screenshots/} to look at: {@code backpressure} (long category names, verdicts on
 * published conclusions, both overloads) and {@code adaptive} (a chart of seven series). The index
 * is written for those two and lists the live experiments. Skipped only when Chromium is absent.
 */
@Tag("slow")
class PagesInChromiumTest {

    private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
    private static final Path SCREENSHOTS = Path.of("target", "screenshots");
    private static final int WIDTH = 1280;
    private static final int HEIGHT = 2000;

    @TempDir
    static Path results;

    @BeforeAll
    static void writePages() {
        assumeTrue(Files.isExecutable(CHROMIUM), "Chromium is not installed at " + CHROMIUM);
        List<Experiment> shown = Experiments.all().stream()
                .filter(e -> e.name().equals("backpressure") || e.name().equals("adaptive")).toList();
        new LabRunner(new PrintWriter(java.io.OutputStream.nullOutputStream()), Progress.silent())
                .runAll(results.toString(), List.of("lab", "all"), shown, LiveExperiments.forIndex());
    }

    @Test
    void indexShowsEverySeriesHeadingAndTheLiveCommands() throws Exception {
        String html = Files.readString(results.resolve("index.html"));
        assertThat(html).contains("./tailguard lab edge").contains("./tailguard lab live-overload")
                .contains("./tailguard lab leases --live");

        BufferedImage shot = screenshot(results.resolve("index.html"), "index.png");

        assertThat(inkRows(shot)).as("rows of the index with text").isGreaterThan(100);
    }

    @Test
    void backpressureReportOpensWithColouredVerdictLines() throws Exception {
        BufferedImage shot = screenshot(results.resolve("backpressure/report.html"), "backpressure.png");

        // the verdict lines' left borders: green for held, red for did not hold, within the first screen
        int green = firstRowWith(shot, 0x1a7f37);
        int red = firstRowWith(shot, 0xcf222e);
        int first = green < 0 ? red : red < 0 ? green : Math.min(green, red);
        assertThat(first).as("first row of a verdict border").isBetween(0, 700);
    }

    @Test
    void adaptiveReportRenders() throws Exception {
        BufferedImage shot = screenshot(results.resolve("adaptive/report.html"), "adaptive.png");

        assertThat(inkRows(shot)).isGreaterThan(200);
    }

    /** Runs Chromium on {@code page} and returns its screenshot, kept as {@code target/screenshots/<name>}. */
    private static BufferedImage screenshot(Path page, String name) throws IOException, InterruptedException {
        Files.createDirectories(SCREENSHOTS);
        Path file = SCREENSHOTS.resolve(name).toAbsolutePath();
        Files.deleteIfExists(file);
        Path profile = Files.createTempDirectory("tailguard-chromium-");
        Process chromium = new ProcessBuilder(CHROMIUM.toString(), "--headless", "--no-sandbox", "--disable-gpu",
                "--disable-quic", "--no-first-run", "--disable-background-networking", "--disable-component-update",
                "--disable-sync", "--user-data-dir=" + profile, "--screenshot=" + file,
                "--window-size=" + WIDTH + "," + HEIGHT, page.toAbsolutePath().toUri().toString())
                .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
        try {
            assertThat(chromium.waitFor(90, TimeUnit.SECONDS)).as("Chromium finished").isTrue();
        } finally {
            chromium.destroyForcibly();
        }
        assertThat(file).exists();
        BufferedImage shot = ImageIO.read(file.toFile());
        assertThat(shot.getWidth()).isEqualTo(WIDTH);
        assertThat(shot.getHeight()).isEqualTo(HEIGHT);
        return shot;
    }

    /** How many pixel rows hold something darker than the page's white and light greys. */
    private static int inkRows(BufferedImage shot) {
        int rows = 0;
        for (int y = 0; y < shot.getHeight(); y++) {
            for (int x = 0; x < shot.getWidth(); x++) {
                int rgb = shot.getRGB(x, y);
                int grey = ((rgb >> 16 & 0xff) + (rgb >> 8 & 0xff) + (rgb & 0xff)) / 3;
                if (grey < 128) {
                    rows++;
                    break;
                }
            }
        }
        return rows;
    }

    /** The first pixel row holding colour {@code rgb} (within a few levels), or -1. */
    private static int firstRowWith(BufferedImage shot, int rgb) {
        for (int y = 0; y < shot.getHeight(); y++) {
            for (int x = 0; x < shot.getWidth(); x++) {
                int p = shot.getRGB(x, y);
                if (Math.abs((p >> 16 & 0xff) - (rgb >> 16 & 0xff)) < 6 && Math.abs((p >> 8 & 0xff) - (rgb >> 8 & 0xff)) < 6
                        && Math.abs((p & 0xff) - (rgb & 0xff)) < 6) {
                    return y;
                }
            }
        }
        return -1;
    }
}
