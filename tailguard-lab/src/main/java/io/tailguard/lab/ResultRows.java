package io.tailguard.lab;

import io.tailguard.artifacts.CsvTable;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (immutable) read access to one run's rows for {@link Conclusion} tests: its typed
 * records by class ({@link #records}), or, for a table without them, a table by the end of its file
 * name, rows by {@code column=value} conditions, cells as numbers or text.
 */
public final class ResultRows {

    private final List<CsvTable> tables;
    private final List<Object> records;

    private ResultRows(List<CsvTable> tables, List<Object> records) {
        this.tables = List.copyOf(tables);
        this.records = List.copyOf(records);
    }

    /** Returns the rows of every table {@code result} writes, and its typed records. */
    public static ResultRows of(LabResult result) {
        return new ResultRows(result.tables(), result.records());
    }

    /** Returns the rows of {@code tables}. */
    public static ResultRows of(List<CsvTable> tables) {
        return new ResultRows(tables, List.of());
    }

    /**
     * Returns the run's typed rows of {@code type}, in the order the run kept them.
     *
     * @throws MissingRowException if the run kept none
     */
    public <R extends Record> List<R> records(Class<R> type) {
        List<R> found = records.stream().filter(type::isInstance).map(type::cast).toList();
        if (found.isEmpty()) {
            throw new MissingRowException("no " + type.getSimpleName() + " rows in this run");
        }
        return found;
    }

    /**
     * Returns the number in {@code column} of the first row of {@code table} that meets every
     * condition of {@code where}.
     *
     * @param table the table's file name without the experiment's prefix and {@code .csv}, for
     *              example {@code policy-table} for {@code timeout-budgets-policy-table.csv}
     * @param where conditions {@code column=value}, compared as text
     * @throws MissingRowException if the run has no such table or row
     */
    public double value(String table, String column, String... where) {
        return Double.parseDouble(text(table, column, where));
    }

    /** Returns the text in {@code column} of the first row of {@code table} meeting {@code where}. */
    public String text(String table, String column, String... where) {
        List<String> found = texts(table, column, where);
        if (found.isEmpty()) {
            throw missing(table, where);
        }
        return found.get(0);
    }

    /** Returns the numbers in {@code column} of every row of {@code table} meeting {@code where}, in order. */
    public List<Double> values(String table, String column, String... where) {
        return texts(table, column, where).stream().map(Double::parseDouble).toList();
    }

    /** Returns the largest number in {@code column} over the rows of {@code table} meeting {@code where}. */
    public double max(String table, String column, String... where) {
        return values(table, column, where).stream().mapToDouble(Double::doubleValue).max()
                .orElseThrow(() -> missing(table, where));
    }

    /** Returns the smallest number in {@code column} over the rows of {@code table} meeting {@code where}. */
    public double min(String table, String column, String... where) {
        return values(table, column, where).stream().mapToDouble(Double::doubleValue).min()
                .orElseThrow(() -> missing(table, where));
    }

    /** Returns the mean of {@code column} over the rows of {@code table} meeting {@code where}. */
    public double mean(String table, String column, String... where) {
        return values(table, column, where).stream().mapToDouble(Double::doubleValue).average()
                .orElseThrow(() -> missing(table, where));
    }

    /** Returns the texts in {@code column} of every row of {@code table} meeting {@code where}, in order. */
    public List<String> texts(String table, String column, String... where) {
        return rows(table, where).stream().map(r -> r.text(column)).toList();
    }

    /**
     * Returns every row of {@code table} that meets every condition of {@code where}
     * ({@code column=value}, compared as text), in order.
     */
    public List<Row> rows(String table, String... where) {
        CsvTable t = table(table);
        int[] keys = new int[where.length];
        String[] wanted = new String[where.length];
        for (int i = 0; i < where.length; i++) {
            int eq = where[i].indexOf('=');
            if (eq < 1) {
                throw new IllegalArgumentException("where must be column=value but was " + where[i]);
            }
            keys[i] = column(t.header(), where[i].substring(0, eq));
            wanted[i] = where[i].substring(eq + 1);
        }
        List<Row> out = new ArrayList<>();
        for (List<String> row : t.rows()) {
            boolean match = true;
            for (int i = 0; i < keys.length && match; i++) {
                match = row.get(keys[i]).equals(wanted[i]);
            }
            if (match) {
                out.add(new Row(t.header(), row));
            }
        }
        return out;
    }

    /**
     * Thread-safe (immutable) one row of a table.
     *
     * @param header the table's column names
     * @param cells  the row's cells, as written
     */
    public record Row(List<String> header, List<String> cells) {

        /** Returns the cell in {@code column} as written. */
        public String text(String column) {
            return cells.get(column(header, column));
        }

        /** Returns the cell in {@code column} as a number. */
        public double value(String column) {
            return Double.parseDouble(text(column));
        }
    }

    private static MissingRowException missing(String table, String... where) {
        return new MissingRowException("no row " + String.join(", ", where) + " in " + table);
    }

    /** Returns whether the run wrote {@code table}. */
    public boolean has(String table) {
        return tables.stream().anyMatch(t -> matches(t, table));
    }

    private CsvTable table(String name) {
        return tables.stream().filter(t -> matches(t, name)).findFirst()
                .orElseThrow(() -> new MissingRowException("no table " + name + " in this run"));
    }

    private static boolean matches(CsvTable t, String name) {
        return t.file().equals(name) || t.file().endsWith("-" + name + ".csv");
    }

    private static int column(List<String> header, String column) {
        int c = header.indexOf(column);
        if (c < 0) {
            throw new IllegalArgumentException("column must be one of " + header + " but was " + column);
        }
        return c;
    }

    /**
     * Thread-safe (immutable): thrown when a run lacks a table or row a conclusion needs (an option
     * left it out).
     */
    public static final class MissingRowException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Creates the exception naming what the run lacks. */
        public MissingRowException(String message) {
            super(message);
        }
    }
}
