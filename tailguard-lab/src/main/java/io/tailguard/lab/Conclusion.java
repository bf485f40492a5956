package io.tailguard.lab;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Thread-safe (immutable, given a stateless test) one conclusion a published article draws from
 * its experiment, stated as a test over a run's typed rows. An experiment declares its conclusions
 * in its {@link ExperimentSpec}; the framework judges them on every run, and with
 * {@code --seeds K} counts in how many seeds each held (see {@link Conclusions}).
 *
 * @param statement the conclusion as the article states it, short, for example
 *                  "budget alone beats budget+breaker"
 * @param rowType   the record the test reads, kept by the run with {@link LabResult.Builder#records}
 * @param test      judges the conclusion from the run's rows; it says why with the figures it compared
 * @param <R>       the row record
 */
public record Conclusion<R extends Record>(String statement, Class<R> rowType, Function<Rows<R>, Verdict> test) {

    /** Checks the arguments. */
    public Conclusion {
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(rowType, "rowType");
        Objects.requireNonNull(test, "test");
    }

    /** Returns the conclusion {@code statement}, judged by {@code test} over the run's rows of {@code rowType}. */
    public static <R extends Record> Conclusion<R> of(String statement, Class<R> rowType,
                                                      Function<Rows<R>, Verdict> test) {
        return new Conclusion<>(statement, rowType, test);
    }

    /**
     * Thread-safe (immutable) whether a conclusion held in one run, with the figures that decided it.
     *
     * @param holds    whether it held
     * @param evidence the compared figures, for example "budget 35.1 % vs budget+breaker 37.7 %"
     */
    public record Verdict(boolean holds, String evidence) {
    }

    /** Returns a verdict whose evidence is {@code format} applied to {@code args} (root locale). */
    public static Verdict verdict(boolean holds, String format, Object... args) {
        return new Verdict(holds, String.format(Locale.ROOT, format, args));
    }

    /**
     * Judges this conclusion on a run's {@code records}; a run that lacks a row the test needs (an
     * option left it out) is reported as not judged, with the reason, rather than as failing.
     */
    public Judgement judge(List<?> records) {
        Rows<R> rows = Rows.of(rowType, records);
        try {
            if (rows.isEmpty()) {
                throw rows.none();
            }
            return new Judgement(test.apply(rows), null);
        } catch (Rows.MissingRowException e) {
            return new Judgement(null, e.getMessage());
        }
    }

    /**
     * Thread-safe (immutable) a verdict, or why there is none.
     *
     * @param verdict  the verdict, or null when the run could not be judged
     * @param unjudged why it could not, or null
     */
    public record Judgement(Verdict verdict, String unjudged) {

        /** Returns whether there is a verdict. */
        public boolean judged() {
            return verdict != null;
        }
    }
}
