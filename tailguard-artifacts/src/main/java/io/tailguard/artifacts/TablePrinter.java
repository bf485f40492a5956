package io.tailguard.artifacts;

import java.io.PrintWriter;
import java.util.List;

/** Thread-safe (stateless) printer of a {@link CsvTable} as aligned columns on a terminal. */
public final class TablePrinter {

    private TablePrinter() {
    }

    /** Prints {@code table}: header then rows, each column padded to its widest cell plus two spaces. */
    public static void print(PrintWriter out, CsvTable table) {
        out.print(render(table));
        out.flush();
    }

    /** Returns the aligned text of {@code table}, one line per row, each ending with {@code \n}. */
    public static String render(CsvTable table) {
        int columns = table.header().size();
        int[] widths = new int[columns];
        measure(widths, table.header());
        for (List<String> row : table.rows()) {
            measure(widths, row);
        }
        StringBuilder out = new StringBuilder();
        line(out, widths, table.header());
        for (List<String> row : table.rows()) {
            line(out, widths, row);
        }
        return out.toString();
    }

    private static void measure(int[] widths, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            widths[i] = Math.max(widths[i], cells.get(i).length());
        }
    }

    private static void line(StringBuilder out, int[] widths, List<String> cells) {
        StringBuilder line = new StringBuilder();
        for (int i = 0; i < cells.size(); i++) {
            line.append(cells.get(i));
            if (i < cells.size() - 1) {
                line.append(" ".repeat(widths[i] - cells.get(i).length() + 2));
            }
        }
        out.append(line).append('\n');
    }
}
