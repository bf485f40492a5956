package io.tailguard.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine;

/** Reads the version Maven filtered into {@code tailguard-version.properties}. */
public final class VersionProvider implements CommandLine.IVersionProvider {

    /** Returns the tailguard version, or "unknown" when the resource is missing. */
    public static String version() {
        try (InputStream in = VersionProvider.class.getResourceAsStream("/tailguard-version.properties")) {
            if (in == null) {
                return "unknown";
            }
            Properties props = new Properties();
            props.load(in);
            return props.getProperty("version", "unknown");
        } catch (IOException e) {
            return "unknown";
        }
    }

    @Override
    public String[] getVersion() {
        return new String[] {"tailguard " + version(), "Java " + System.getProperty("java.version")};
    }
}
