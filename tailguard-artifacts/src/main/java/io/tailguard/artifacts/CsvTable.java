package io.tailguard.artifacts;

import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable) table that becomes one CSV artifact: a display name, a file name, a
 * header and rows of already formatted cells. Format numbers with
 * {@code String.format(Locale.ROOT, ...)} before adding them; the writer emits cells as given,
 * joined with commas, LF line endings, a line ending after the last row.
 *
 * @param name   display name in the report and on the terminal
 * @param file   file name, for example {@code backpressure-summary.csv}
 * @param header column names
 * @param rows   cells of each row, as many as the header
 */
public record CsvTable(String name, String file, List<String> header, List<List<String>> rows) {

    /** Validates and copies. */
    public CsvTable {
        if (file == null || !file.endsWith(".csv") || file.contains("/") || file.contains("\\")) {
            throw new IllegalArgumentException("file must be a plain name ending in .csv but was " + file);
        }
        header = List.copyOf(header);
        List<List<String>> copy = new ArrayList<>(rows.size());
        for (List<String> row : rows) {
            if (row.size() != header.size()) {
                throw new IllegalArgumentException("row must have " + header.size() + " cells but was " + row);
            }
            copy.add(List.copyOf(row));
        }
        rows = List.copyOf(copy);
    }

    /** Returns the table of typed {@code rows}, each formatting its own cells. */
    public static CsvTable of(String name, String file, List<String> header, List<? extends CsvRow> rows) {
        return new CsvTable(name, file, header, rows.stream().map(CsvRow::cells).toList());
    }

    /** Starts a table with the given header. */
    public static Builder builder(String name, String file, String... header) {
        return new Builder(name, file, List.of(header));
    }

    /** Returns the CSV text: header, rows, {@code \n} after every line; cells quoted only if needed. */
    public String toCsv() {
        StringBuilder out = new StringBuilder();
        appendLine(out, header);
        for (List<String> row : rows) {
            appendLine(out, row);
        }
        return out.toString();
    }

    private static void appendLine(StringBuilder out, List<String> cells) {
        for (int i = 0; i < cells.size(); i++) {
            if (i > 0) {
                out.append(',');
            }
            String cell = cells.get(i);
            if (cell.indexOf(',') >= 0 || cell.indexOf('"') >= 0 || cell.indexOf('\n') >= 0) {
                out.append('"').append(cell.replace("\"", "\"\"")).append('"');
            } else {
                out.append(cell);
            }
        }
        out.append('\n');
    }

    /** Not thread-safe builder of a {@link CsvTable}. */
    public static final class Builder {
        private final String name;
        private final String file;
        private final List<String> header;
        private final List<List<String>> rows = new ArrayList<>();

        private Builder(String name, String file, List<String> header) {
            this.name = name;
            this.file = file;
            this.header = header;
        }

        /** Adds one row of formatted cells. */
        public Builder row(String... cells) {
            rows.add(List.of(cells));
            return this;
        }

        /** Builds the table. */
        public CsvTable build() {
            return new CsvTable(name, file, header, rows);
        }
    }
}
