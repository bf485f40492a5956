package io.tailguard.artifacts;

import java.util.Objects;

/**
 * Thread-safe (immutable) one line at the top of a report: whether a published conclusion held in
 * the run, with the figures that decided it, or a plain finding when the run has no conclusions.
 *
 * @param outcome   what became of the claim
 * @param statement the claim, for example "budget alone beats budget+breaker"; for a
 *                  {@link Outcome#FINDING}, the finding itself
 * @param evidence  the figures that decided it, for example "budget 35.1 % vs budget+breaker 37.7 %";
 *                  empty for a finding
 */
public record Verdict(Outcome outcome, String statement, String evidence) {

    /** Checks the arguments. */
    public Verdict {
        Objects.requireNonNull(outcome, "outcome");
        Objects.requireNonNull(statement, "statement");
        Objects.requireNonNull(evidence, "evidence");
    }

    /** Returns a plain finding used as a verdict line. */
    public static Verdict finding(String text) {
        return new Verdict(Outcome.FINDING, text, "");
    }

    /** Thread-safe (immutable): what became of a claim, with the word the report shows for it. */
    public enum Outcome {
        HELD("held"),
        NOT_HELD("did not hold"),
        /** Across seeds: held in some seeds and not in others. */
        MIXED("held in some seeds"),
        NOT_JUDGED("not judged"),
        FINDING("finding");

        private final String label;

        Outcome(String label) {
            this.label = label;
        }

        /** Returns the word the report shows, for example "did not hold". */
        public String label() {
            return label;
        }
    }
}
