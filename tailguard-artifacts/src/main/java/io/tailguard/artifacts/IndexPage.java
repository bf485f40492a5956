package io.tailguard.artifacts;

import java.util.List;

/** Thread-safe (stateless) writer of an {@code index.html} that links several reports, one line each. */
public final class IndexPage {

    private IndexPage() {
    }

    /**
     * One report's line on the index.
     *
     * @param name          the report's directory beside the index, which is also its command name
     * @param title         the report's title
     * @param description   one line after the name
     * @param artifactCount how many files the report's directory holds
     */
    public record Entry(String name, String title, String description, int artifactCount) {
    }

    /** Returns the page titled {@code heading}, one link per entry to {@code <name>/report.html}. */
    public static String render(String heading, List<Entry> entries, String version, String gitCommit) {
        StringBuilder out = new StringBuilder();
        Html.open(out, heading);
        out.append("<h1>").append(Html.escape(heading)).append("</h1>\n<p class=\"lead\">tailguard ")
                .append(Html.escape(version)).append(", commit ").append(Html.escape(gitCommit))
                .append(". Each report is self-contained and opens without a network.</p>\n<ul>\n");
        for (Entry e : entries) {
            out.append("<li><a href=\"").append(Html.escape(e.name())).append("/report.html\">")
                    .append(Html.escape(e.title())).append("</a> <code>").append(Html.escape(e.name()))
                    .append("</code>: ").append(Html.escape(e.description()))
                    .append(" <span class=\"note\">(").append(e.artifactCount())
                    .append(" artifacts)</span></li>\n");
        }
        out.append("</ul>\n");
        Html.close(out);
        return out.toString();
    }
}
