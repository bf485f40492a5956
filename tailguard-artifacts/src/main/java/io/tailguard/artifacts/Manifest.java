package io.tailguard.artifacts;

import java.util.List;
import java.util.Map;
import java.util.OptionalLong;

/**
 * Thread-safe (immutable) content of {@code manifest.json}: what ran, with which arguments, on
 * which build, and the SHA-256 of every artifact written before it. Keys are written in a fixed
 * order, one per line, so that manifests diff well.
 *
 * @param experiment   the command name ("all" for a page that links several reports)
 * @param title        report title
 * @param commandLine  the raw command line
 * @param arguments    every option with its value as given or defaulted
 * @param seed         the seed, if the run drew random numbers
 * @param outputDir    the output directory as given
 * @param artifacts    every file written before the manifest
 */
public record Manifest(String experiment, String title, List<String> commandLine,
                       Map<String, String> arguments, OptionalLong seed, String outputDir,
                       List<Artifact> artifacts) {

    /** Returns the JSON text, ending with a newline. */
    public String toJson(String version, String gitCommit) {
        StringBuilder out = new StringBuilder("{\n");
        field(out, "experiment", Json.string(experiment));
        field(out, "title", Json.string(title));
        field(out, "tailguard_version", Json.string(version));
        field(out, "git_commit", Json.string(gitCommit));
        field(out, "command_line", Json.strings(commandLine));
        StringBuilder args = new StringBuilder("{");
        int i = 0;
        for (Map.Entry<String, String> e : arguments.entrySet()) {
            args.append(i++ > 0 ? ", " : "").append(Json.string(e.getKey())).append(": ")
                    .append(Json.string(e.getValue()));
        }
        field(out, "arguments", args.append('}').toString());
        field(out, "seed", seed.isPresent() ? Long.toString(seed.getAsLong()) : "null");
        field(out, "output_dir", Json.string(outputDir));
        field(out, "java_version", Json.string(System.getProperty("java.version")));
        field(out, "os", Json.string(System.getProperty("os.name") + " " + System.getProperty("os.version")
                + " " + System.getProperty("os.arch")));
        out.append("  \"artifacts\": [");
        for (int a = 0; a < artifacts.size(); a++) {
            Artifact art = artifacts.get(a);
            out.append(a > 0 ? ",\n" : "\n").append("    {\"file\": ").append(Json.string(art.file()))
                    .append(", \"bytes\": ").append(art.bytes())
                    .append(", \"sha256\": ").append(Json.string(art.sha256())).append('}');
        }
        out.append(artifacts.isEmpty() ? "]\n" : "\n  ]\n");
        return out.append("}\n").toString();
    }

    private static void field(StringBuilder out, String key, String jsonValue) {
        out.append("  ").append(Json.string(key)).append(": ").append(jsonValue).append(",\n");
    }
}
