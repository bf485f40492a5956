package io.tailguard.artifacts;

import java.util.List;
import java.util.regex.Pattern;

/** Thread-safe (stateless) HTML functions shared by the report and the index page. */
final class Html {

    /** Inline style sheet: no external fonts, system font stacks only. */
    static final String STYLE = String.join("\n",
            "body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,'DejaVu Sans',sans-serif;",
            "margin:2rem auto;max-width:1100px;padding:0 1rem;color:#1b1f24;line-height:1.45}",
            "h1{font-size:1.6rem;margin-bottom:.2rem}h2{font-size:1.2rem;margin-top:2rem;",
            "border-bottom:1px solid #d0d7de;padding-bottom:.2rem}h3{font-size:1rem;margin-bottom:.3rem}",
            ".lead{color:#57606a;margin-top:0}",
            "table{border-collapse:collapse;margin:.4rem 0 1rem;font-size:.8rem}",
            "th,td{border:1px solid #d0d7de;padding:.2rem .4rem;text-align:left;white-space:nowrap}",
            "th{background:#f6f8fa}td.num{text-align:right;font-variant-numeric:tabular-nums}",
            ".scroll{overflow-x:auto;max-width:100%}",
            "tbody tr:nth-child(even){background:#fafbfc}",
            "figure{margin:1rem 0}img{max-width:100%;height:auto;border:1px solid #d0d7de}",
            "figcaption{color:#57606a;font-size:.9rem}",
            "code,pre{font-family:ui-monospace,'DejaVu Sans Mono',monospace;font-size:.85rem}",
            "pre{background:#f6f8fa;padding:.6rem;overflow-x:auto}",
            ".finding{background:#f0f6ff;border-left:4px solid #0969da;padding:.5rem .8rem}",
            ".note{color:#57606a;font-size:.85rem}",
            "ul.verdicts{list-style:none;padding:0;margin:1rem 0}",
            ".verdict{border-left:6px solid #57606a;background:#f6f8fa;padding:.45rem .8rem;margin:.3rem 0}",
            ".verdict.held{border-color:#1a7f37;background:#eefbf1}",
            ".verdict.not-held{border-color:#cf222e;background:#fff0f0}",
            ".verdict.mixed{border-color:#bf8700;background:#fff8e5}",
            ".verdict.finding{border-color:#0969da;background:#f0f6ff;font-weight:600}",
            ".outcome{font-weight:700;text-transform:uppercase;font-size:.8rem;letter-spacing:.03em;margin-right:.3rem}",
            ".evidence{color:#57606a;font-size:.9rem}",
            "table.index,table.commands{font-size:.9rem;width:100%;table-layout:fixed}",
            "table.index td,table.commands td{white-space:normal;vertical-align:top;overflow-wrap:anywhere}",
            "table.index td:first-child{width:9rem}table.index td:nth-child(2){width:12rem}",
            "table.commands td:first-child{width:21.6rem}",
            ".count{font-variant-numeric:tabular-nums;font-weight:600}",
            ".count.held{color:#1a7f37}.count.not-held{color:#cf222e}.count.mixed{color:#9a6700}");

    private static final Pattern NUMBER = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

    private Html() {
    }

    /** Escapes text for element content and attribute values. */
    static String escape(String s) {
        StringBuilder out = new StringBuilder(s.length());
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&': out.append("&amp;"); break;
                case '<': out.append("&lt;"); break;
                case '>': out.append("&gt;"); break;
                case '"': out.append("&quot;"); break;
                case '\'': out.append("&#39;"); break;
                default: out.append(c);
            }
        }
        return out.toString();
    }

    /** Opens a page: doctype, head with title and inline style, body. */
    static void open(StringBuilder out, String title) {
        out.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(title)).append("</title>\n<style>\n").append(STYLE)
                .append("\n</style>\n</head>\n<body>\n");
    }

    /** Closes the page. */
    static void close(StringBuilder out) {
        out.append("</body>\n</html>\n");
    }

    /** Appends a table with a header row and at most {@code maxRows} body rows. */
    static void table(StringBuilder out, List<String> header, List<List<String>> rows, int maxRows) {
        out.append("<div class=\"scroll\"><table>\n<thead><tr>");
        for (String h : header) {
            out.append("<th>").append(escape(h)).append("</th>");
        }
        out.append("</tr></thead>\n<tbody>\n");
        int shown = Math.min(rows.size(), maxRows);
        for (int r = 0; r < shown; r++) {
            out.append("<tr>");
            for (String cell : rows.get(r)) {
                out.append(NUMBER.matcher(cell).matches() ? "<td class=\"num\">" : "<td>")
                        .append(escape(cell)).append("</td>");
            }
            out.append("</tr>\n");
        }
        out.append("</tbody>\n</table></div>\n");
        if (shown < rows.size()) {
            out.append("<p class=\"note\">First ").append(shown).append(" of ").append(rows.size())
                    .append(" rows; the CSV holds them all.</p>\n");
        }
    }
}
