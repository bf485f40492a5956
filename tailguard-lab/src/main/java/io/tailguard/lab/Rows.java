package io.tailguard.lab;

import java.util.List;
import java.util.function.Predicate;
import java.util.function.ToDoubleFunction;

/**
 * Thread-safe (immutable, given immutable records) one run's typed rows of one record type, as a
 * {@link Conclusion} reads them: the run's own figures, never its formatted cells.
 *
 * @param <R> the row record
 */
public final class Rows<R extends Record> {

    private final Class<R> type;
    private final List<R> all;

    private Rows(Class<R> type, List<R> all) {
        this.type = type;
        this.all = all;
    }

    /** Returns the rows of {@code type} among {@code records}, in order. */
    public static <R extends Record> Rows<R> of(Class<R> type, List<?> records) {
        return new Rows<>(type, records.stream().filter(type::isInstance).map(type::cast).toList());
    }

    /** Returns every row, in the order the run kept them. */
    public List<R> all() {
        return all;
    }

    /** Returns the rows that meet {@code condition}, in order. */
    public List<R> where(Predicate<? super R> condition) {
        return all.stream().filter(condition).toList();
    }

    /**
     * Returns the first row that meets {@code condition}.
     *
     * @param what names the row in the reason a conclusion is not judged, for example "policy naive"
     * @throws MissingRowException if no row meets it (an option left it out)
     */
    public R first(Predicate<? super R> condition, String what) {
        return all.stream().filter(condition).findFirst()
                .orElseThrow(() -> new MissingRowException("no " + what + " row in this run"));
    }

    /** Returns the largest {@code value} over every row. */
    public double max(ToDoubleFunction<? super R> value) {
        return all.stream().mapToDouble(value).max().orElseThrow(this::none);
    }

    /** Returns the mean {@code value} over every row. */
    public double mean(ToDoubleFunction<? super R> value) {
        return all.stream().mapToDouble(value).average().orElseThrow(this::none);
    }

    /** Returns whether the run kept no row of this type. */
    boolean isEmpty() {
        return all.isEmpty();
    }

    /** The reason there are none. */
    MissingRowException none() {
        return new MissingRowException("no " + type.getSimpleName() + " rows in this run");
    }

    /**
     * Thread-safe (immutable): thrown when a run lacks a row a conclusion needs (an option left it
     * out), so the conclusion is reported as not judged rather than as failing.
     */
    public static final class MissingRowException extends RuntimeException {
        private static final long serialVersionUID = 1L;

        /** Creates the exception naming what the run lacks. */
        public MissingRowException(String message) {
            super(message);
        }
    }
}
