package io.tailguard.lab;

import java.util.List;

/** Thread-safe (stateless) writer of {@code index.html} for {@code lab all}: one link per report. */
final class IndexPage {

    private IndexPage() {
    }

    /** One experiment's line on the index. */
    record Entry(Experiment experiment, String title, int artifactCount) {
    }

    static String render(List<Entry> entries, String version, String gitCommit) {
        StringBuilder out = new StringBuilder();
        Html.open(out, "tailguard lab: all experiments");
        out.append("<h1>tailguard lab: all experiments</h1>\n<p class=\"lead\">tailguard ")
                .append(Html.escape(version)).append(", commit ").append(Html.escape(gitCommit))
                .append(". Each report is self-contained and opens without a network.</p>\n<ul>\n");
        for (Entry e : entries) {
            String name = e.experiment().name();
            out.append("<li><a href=\"").append(Html.escape(name)).append("/report.html\">")
                    .append(Html.escape(e.title())).append("</a> <code>").append(Html.escape(name))
                    .append("</code>: ").append(Html.escape(e.experiment().description()))
                    .append(" <span class=\"note\">(").append(e.artifactCount())
                    .append(" artifacts)</span></li>\n");
        }
        out.append("</ul>\n");
        Html.close(out);
        return out.toString();
    }
}
