package io.tailguard.lab;

import java.util.Locale;
import java.util.Objects;
import java.util.function.Function;

/**
 * Thread-safe (immutable, given a stateless test) one conclusion a published article draws from
 * its experiment, stated as a test over a run's own rows. An experiment declares its conclusions
 * ({@link Experiment#conclusions}); the framework judges them on every run, and with
 * {@code --seeds K} counts in how many seeds each held (see {@link Conclusions}).
 *
 * @param statement the conclusion as the article states it, short, for example
 *                  "budget alone beats budget+breaker"
 * @param test      judges the conclusion from a run's rows; it says why with the figures it compared
 */
public record Conclusion(String statement, Function<ResultRows, Verdict> test) {

    /** Checks the arguments. */
    public Conclusion {
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(test, "test");
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
     * Judges this conclusion on {@code rows}; a run that lacks a row the test needs (an option left
     * it out) is reported as not judged, with the reason, rather than as failing.
     */
    Judgement judge(ResultRows rows) {
        try {
            return new Judgement(test.apply(rows), null);
        } catch (ResultRows.MissingRowException e) {
            return new Judgement(null, e.getMessage());
        }
    }

    /** A verdict, or why there is none. */
    record Judgement(Verdict verdict, String unjudged) {
        boolean judged() {
            return verdict != null;
        }
    }
}
