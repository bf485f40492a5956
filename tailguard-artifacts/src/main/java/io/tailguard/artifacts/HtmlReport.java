package io.tailguard.artifacts;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Thread-safe (stateless) writer of a self-contained {@code report.html}: findings, charts inlined
 * as base64 {@code data:} PNGs, every table, and the run's facts. Inline CSS only; no script, no
 * external style sheet or font, so it opens from {@code file://} with no network.
 */
final class HtmlReport {

    /** Tables longer than this are cut in the page (the CSV keeps every row). */
    static final int MAX_ROWS = 400;

    private HtmlReport() {
    }

    /**
     * Renders the report.
     *
     * @param pngs one encoded PNG per chart of {@code result}, in the same order
     */
    static String render(Report result, List<byte[]> pngs, String version, String gitCommit) {
        StringBuilder out = new StringBuilder(64 * 1024);
        Html.open(out, result.title());
        out.append("<h1>").append(Html.escape(result.title())).append("</h1>\n")
                .append("<p class=\"lead\">").append(Html.escape(result.description())).append("</p>\n");
        if (!result.findings().isEmpty()) {
            out.append("<h2>Findings</h2>\n");
            for (String finding : result.findings()) {
                out.append("<p class=\"finding\">").append(Html.escape(finding)).append("</p>\n");
            }
        }
        if (!result.printedTables().isEmpty()) {
            out.append("<h2>Results</h2>\n");
            tables(out, result.printedTables());
        }
        if (!result.charts().isEmpty()) {
            out.append("<h2>Charts</h2>\n");
            for (int i = 0; i < result.charts().size(); i++) {
                ChartArtifact chart = result.charts().get(i);
                out.append("<figure><img alt=\"").append(Html.escape(chart.caption()))
                        .append("\" src=\"data:image/png;base64,")
                        .append(Base64.getEncoder().encodeToString(pngs.get(i)))
                        .append("\"><figcaption>").append(Html.escape(chart.caption())).append(" (")
                        .append(Html.escape(chart.file())).append(")</figcaption></figure>\n");
            }
        }
        List<CsvTable> rest = result.otherTables();
        if (!rest.isEmpty()) {
            out.append("<h2>More tables</h2>\n");
            tables(out, rest);
        }
        if (!result.files().isEmpty()) {
            out.append("<h2>Files</h2>\n<ul>\n");
            for (FileArtifact file : result.files()) {
                out.append("<li><code>").append(Html.escape(file.file())).append("</code> (")
                        .append(file.bytes().length).append(" bytes)</li>\n");
            }
            out.append("</ul>\n");
        }
        out.append("<h2>Run</h2>\n");
        List<List<String>> facts = new ArrayList<>();
        facts.add(List.of("experiment", result.name()));
        facts.add(List.of("command line", "tailguard " + String.join(" ", result.commandLine())));
        for (Map.Entry<String, String> e : result.arguments().entrySet()) {
            facts.add(List.of(e.getKey(), e.getValue()));
        }
        if (result.seed().isPresent()) {
            facts.add(List.of("seed", Long.toString(result.seed().getAsLong())));
        }
        facts.add(List.of("tailguard version", version));
        facts.add(List.of("git commit", gitCommit));
        facts.add(List.of("java", System.getProperty("java.version")));
        Html.table(out, List.of("fact", "value"), facts, Integer.MAX_VALUE);
        out.append("<p class=\"note\">manifest.json next to this page lists the SHA-256 of every artifact.</p>\n");
        Html.close(out);
        return out.toString();
    }

    private static void tables(StringBuilder out, List<CsvTable> tables) {
        for (CsvTable table : tables) {
            out.append("<h3>").append(Html.escape(table.name())).append(" <code>")
                    .append(Html.escape(table.file())).append("</code></h3>\n");
            Html.table(out, table.header(), table.rows(), MAX_ROWS);
        }
    }
}
