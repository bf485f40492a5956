package io.tailguard.artifacts;

import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe (stateless) writer of a self-contained {@code report.html}, laid out to be read in
 * this order: one verdict line per published conclusion (or the first finding), the other findings,
 * the charts, the tables, then the run's facts with every argument as run. Charts are inlined as
 * base64 {@code data:} PNGs; inline CSS only; no script, no external style sheet or font, so it
 * opens from {@code file://} with no network.
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
        verdicts(out, result.openingLines());
        if (!result.laterFindings().isEmpty()) {
            out.append("<h2>Findings</h2>\n");
            for (String finding : result.laterFindings()) {
                out.append("<p class=\"finding\">").append(Html.escape(finding)).append("</p>\n");
            }
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
        if (!result.tables().isEmpty()) {
            out.append("<h2>Tables</h2>\n");
            tables(out, result.printedTables());
            tables(out, result.otherTables());
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
        Html.table(out, List.of("fact", "value"), facts(result, version, gitCommit), Integer.MAX_VALUE);
        out.append("<p class=\"note\">manifest.json next to this page lists the SHA-256 of every artifact.</p>\n");
        Html.close(out);
        return out.toString();
    }

    /** The verdict lines: the outcome as a word first, then the claim, then its figures. */
    private static void verdicts(StringBuilder out, List<Verdict> lines) {
        if (lines.isEmpty()) {
            return;
        }
        out.append("<ul class=\"verdicts\">\n");
        for (Verdict v : lines) {
            String css = v.outcome().name().toLowerCase(Locale.ROOT).replace('_', '-');
            out.append("<li class=\"verdict ").append(css).append("\">");
            if (v.outcome() != Verdict.Outcome.FINDING) {
                out.append("<span class=\"outcome\">").append(Html.escape(v.outcome().label())).append("</span> ")
                        .append("&ldquo;").append(Html.escape(v.statement())).append("&rdquo;");
                if (!v.evidence().isEmpty()) {
                    out.append(" <span class=\"evidence\">").append(Html.escape(v.evidence())).append("</span>");
                }
            } else {
                out.append(Html.escape(v.statement()));
            }
            out.append("</li>\n");
        }
        out.append("</ul>\n");
    }

    /** The run table's rows: what ran, every argument as run with its note, and the build. */
    static List<List<String>> facts(Report result, String version, String gitCommit) {
        List<List<String>> facts = new ArrayList<>();
        facts.add(List.of("experiment", result.name()));
        facts.add(List.of("command line", "./tailguard " + String.join(" ", result.commandLine())));
        for (Map.Entry<String, String> e : result.arguments().entrySet()) {
            String note = result.argumentNotes().get(e.getKey());
            facts.add(List.of(e.getKey(), note == null ? e.getValue() : e.getValue() + " (" + note + ")"));
        }
        if (result.seed().isPresent()) {
            facts.add(List.of("seed", Long.toString(result.seed().getAsLong())));
        }
        facts.add(List.of("tailguard version", version));
        facts.add(List.of("git commit", gitCommit));
        facts.add(List.of("java", System.getProperty("java.version")));
        return facts;
    }

    private static void tables(StringBuilder out, List<CsvTable> tables) {
        for (CsvTable table : tables) {
            out.append("<h3>").append(Html.escape(table.name())).append(" <code>")
                    .append(Html.escape(table.file())).append("</code></h3>\n");
            Html.table(out, table.header(), table.rows(), MAX_ROWS);
        }
    }
}
