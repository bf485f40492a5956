package io.tailguard.artifacts;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.util.Properties;
import java.util.concurrent.TimeUnit;

/**
 * Thread-safe (stateless) facts about the build and the checkout that a manifest records: the
 * tailguard version and, when known, the git commit of the working directory.
 */
public final class BuildInfo {

    /** What the manifest says when a fact cannot be found. */
    public static final String UNKNOWN = "unknown";

    private static final long GIT_TIMEOUT_SECONDS = 2;

    private BuildInfo() {
    }

    /** Returns the tailguard version Maven filtered into this module's resources, or "unknown". */
    public static String version() {
        try (InputStream in = BuildInfo.class.getResourceAsStream("/tailguard-artifacts.properties")) {
            if (in == null) {
                return UNKNOWN;
            }
            Properties props = new Properties();
            props.load(in);
            String v = props.getProperty("version", UNKNOWN);
            return v.startsWith("${") ? UNKNOWN : v;
        } catch (IOException e) {
            return UNKNOWN;
        }
    }

    /**
     * Returns {@code git rev-parse --short HEAD} of the tailguard checkout, or "unknown" if git is
     * missing, fails, or takes longer than two seconds. The checkout is the directory in the system
     * property {@code tailguard.home} (the {@code ./tailguard} launcher sets it, so the commit is
     * known wherever the user runs from), else the process working directory.
     */
    public static String gitCommit() {
        Process process = null;
        try {
            ProcessBuilder builder = new ProcessBuilder("git", "rev-parse", "--short", "HEAD")
                    .redirectError(ProcessBuilder.Redirect.DISCARD);
            String home = System.getProperty("tailguard.home");
            if (home != null && !home.isBlank()) {
                builder.directory(new java.io.File(home));
            }
            process = builder.start();
            process.getOutputStream().close();
            if (!process.waitFor(GIT_TIMEOUT_SECONDS, TimeUnit.SECONDS) || process.exitValue() != 0) {
                return UNKNOWN;
            }
            String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
            return out.matches("[0-9a-f]{4,40}") ? out : UNKNOWN;
        } catch (IOException e) {
            return UNKNOWN;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return UNKNOWN;
        } finally {
            if (process != null) {
                process.destroyForcibly();
            }
        }
    }
}
