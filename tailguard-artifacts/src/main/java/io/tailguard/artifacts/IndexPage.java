package io.tailguard.artifacts;

import java.util.List;

/**
 * Thread-safe (stateless) writer of an {@code index.html} that links several reports: a heading per
 * group, one line per report with how many of its published conclusions held, then the commands
 * that are not part of the run, each with the command line that runs it.
 */
public final class IndexPage {

    private IndexPage() {
    }

    /**
     * Thread-safe (immutable) one report's line on the index.
     *
     * @param name          the report's directory beside the index, which is also its command name
     * @param title         the report's title
     * @param description   one line after the name
     * @param artifactCount how many files the report's directory holds
     * @param verdicts      the report's verdicts on its published conclusions; none if it has none
     */
    public record Entry(String name, String title, String description, int artifactCount, List<Verdict> verdicts) {

        /** Copies the list. */
        public Entry {
            verdicts = List.copyOf(verdicts);
        }

        /** Returns how many verdicts say the conclusion held. */
        public long held() {
            return verdicts.stream().filter(v -> v.outcome() == Verdict.Outcome.HELD).count();
        }
    }

    /**
     * Thread-safe (immutable) reports under one heading.
     *
     * @param heading for example "Backpressure (the published lab's second series)"
     * @param entries the reports, in display order
     */
    public record Group(String heading, List<Entry> entries) {

        /** Copies the list. */
        public Group {
            entries = List.copyOf(entries);
        }
    }

    /**
     * Thread-safe (immutable) something the index lists but the run did not run, with the command
     * line that runs it.
     *
     * @param name        its name, for example {@code edge}
     * @param description one line
     * @param command     the command line, for example {@code ./tailguard lab edge}
     */
    public record Command(String name, String description, String command) {
    }

    /**
     * Returns the page titled {@code heading}: each group's reports, one link per entry to
     * {@code <name>/report.html}, then {@code others} under {@code othersHeading} (left out if empty).
     */
    public static String render(String heading, List<Group> groups, String othersHeading, List<Command> others,
                                String version, String gitCommit) {
        StringBuilder out = new StringBuilder();
        Html.open(out, heading);
        int reports = groups.stream().mapToInt(g -> g.entries().size()).sum();
        long held = groups.stream().flatMap(g -> g.entries().stream()).mapToLong(Entry::held).sum();
        long judged = groups.stream().flatMap(g -> g.entries().stream()).mapToLong(e -> e.verdicts().size()).sum();
        out.append("<h1>").append(Html.escape(heading)).append("</h1>\n<p class=\"lead\">")
                .append(reports).append(" reports; ").append(held).append(" of ").append(judged)
                .append(" published conclusions held. tailguard ").append(Html.escape(version)).append(", commit ")
                .append(Html.escape(gitCommit))
                .append(". Each report is self-contained and opens without a network.</p>\n");
        for (Group g : groups) {
            if (g.entries().isEmpty()) {
                continue;
            }
            out.append("<h2>").append(Html.escape(g.heading())).append("</h2>\n<table class=\"index\">\n");
            for (Entry e : g.entries()) {
                out.append("<tr><td>").append(count(e)).append("</td><td><a href=\"").append(Html.escape(e.name()))
                        .append("/report.html\"><code>").append(Html.escape(e.name())).append("</code></a></td><td>")
                        .append(Html.escape(e.description())).append(" <span class=\"note\">(")
                        .append(e.artifactCount()).append(" artifacts)</span></td></tr>\n");
            }
            out.append("</table>\n");
        }
        if (!others.isEmpty()) {
            out.append("<h2>").append(Html.escape(othersHeading)).append("</h2>\n<table class=\"commands\">\n");
            for (Command c : others) {
                out.append("<tr><td><code>").append(Html.escape(c.command())).append("</code></td><td>")
                        .append(Html.escape(c.description())).append("</td></tr>\n");
            }
            out.append("</table>\n");
        }
        Html.close(out);
        return out.toString();
    }

    /** "3 of 3 held" in the colour of the outcome, or "no published conclusions". */
    private static String count(Entry e) {
        if (e.verdicts().isEmpty()) {
            return "<span class=\"count note\">no published conclusions</span>";
        }
        long held = e.held();
        String css = held == e.verdicts().size() ? "held" : held == 0 ? "not-held" : "mixed";
        return "<span class=\"count " + css + "\">" + held + " of " + e.verdicts().size() + " held</span>";
    }
}
