package io.tailguard.lab;

import io.tailguard.artifacts.Verdict;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.StringJoiner;

/**
 * Thread-safe (stateless) judge of an experiment's {@linkplain Experiment#conclusions published
 * conclusions}: one finding per run saying whether each held, with the figures that decided it,
 * and under {@code --seeds K} in how many seeds each held, naming the seeds where it did not.
 * Arguments that differ from the published defaults (for example {@code --arrivals poisson}) are
 * named, so the finding says under what the conclusion was judged.
 */
public final class Conclusions {

    /** How many failing seeds a finding names with their figures before it only lists the rest. */
    static final int NAMED_FAILURES = 3;

    private Conclusions() {
    }

    /**
     * Returns {@code result} with one verdict per conclusion and the verdict finding first, or
     * unchanged if there are no conclusions.
     */
    static LabResult judged(Experiment experiment, LabArgs args, LabResult result) {
        return single(experiment.spec().conclusions(), conditions(experiment, args, false), result)
                .map(paragraph -> result.withVerdicts(paragraph, verdicts(experiment.spec().conclusions(), result)))
                .orElse(result);
    }

    /** The verdict lines of one run: whether each conclusion held, with its figures. */
    static List<Verdict> verdicts(List<Conclusion<?>> conclusions, LabResult result) {
        List<Verdict> lines = new ArrayList<>();
        for (Conclusion<?> c : conclusions) {
            Conclusion.Judgement j = c.judge(result.records());
            if (!j.judged()) {
                lines.add(new Verdict(Verdict.Outcome.NOT_JUDGED, c.statement(), j.unjudged()));
            } else {
                lines.add(new Verdict(j.verdict().holds() ? Verdict.Outcome.HELD : Verdict.Outcome.NOT_HELD,
                        c.statement(), j.verdict().evidence()));
            }
        }
        return lines;
    }

    /**
     * The verdict lines of {@code runs}, one per seed from {@code first}: held when a conclusion held
     * in every seed it could be judged in, not held when in none, mixed otherwise, with the counts.
     */
    static List<Verdict> verdictsAcrossSeeds(List<Conclusion<?>> conclusions, List<LabResult> runs, long first) {
        List<Verdict> lines = new ArrayList<>();
        for (Conclusion<?> c : conclusions) {
            SeedTally t = SeedTally.of(c, runs, first);
            int held = t.judged() - t.failures().size();
            Verdict.Outcome outcome = t.judged() == 0 ? Verdict.Outcome.NOT_JUDGED : held == t.judged()
                    ? Verdict.Outcome.HELD : held == 0 ? Verdict.Outcome.NOT_HELD : Verdict.Outcome.MIXED;
            lines.add(new Verdict(outcome, c.statement(), t.judged() == 0 ? t.unjudged() : t.counted()));
        }
        return lines;
    }

    /** The finding of one run: whether each conclusion held, with its figures. */
    static Optional<String> single(List<Conclusion<?>> conclusions, String conditions, LabResult result) {
        if (conclusions.isEmpty()) {
            return Optional.empty();
        }
        StringJoiner text = new StringJoiner(". ", "Published conclusions, judged from this run's rows"
                + conditions + ": ", ".");
        for (Conclusion<?> c : conclusions) {
            Conclusion.Judgement j = c.judge(result.records());
            if (!j.judged()) {
                text.add(quote(c) + " cannot be judged from this run (" + j.unjudged() + ")");
            } else {
                text.add(quote(c) + (j.verdict().holds() ? " holds (" : " does not hold (") + j.verdict().evidence() + ")");
            }
        }
        return Optional.of(text.toString());
    }

    /**
     * The finding of {@code runs}, one per seed from {@code first}: for each conclusion, in how many
     * seeds it held and, for the seeds where it did not, the figures.
     */
    static Optional<String> acrossSeeds(List<Conclusion<?>> conclusions, String conditions, List<LabResult> runs,
                                        long first) {
        if (conclusions.isEmpty()) {
            return Optional.empty();
        }
        int k = runs.size();
        StringJoiner text = new StringJoiner(". ", String.format(Locale.ROOT,
                "Published conclusions over seeds %d..%d%s: ", first, first + k - 1, conditions), ".");
        for (Conclusion<?> c : conclusions) {
            SeedTally t = SeedTally.of(c, runs, first);
            text.add(quote(c) + (t.judged() == 0 ? " cannot be judged (" + t.unjudged() + ")" : " " + t.counted()));
        }
        String out = text.toString();
        if (sameRows(runs)) {
            out += " Every seed gave the same rows: nothing in this run draws from the seed.";
        }
        return Optional.of(out);
    }

    /**
     * "holds in 4 of 5 seeds; not at seed 2 (figures)", naming at most {@link #NAMED_FAILURES} failing
     * seeds with their figures and the rest by number.
     *
     * @param failed   the seeds where the conclusion did not hold, in order
     * @param evidence the figures of each of them, same order
     */
    static String counted(int held, int judged, List<Long> failed, List<String> evidence) {
        StringBuilder b = new StringBuilder(String.format(Locale.ROOT, "holds in %d of %d seeds", held, judged));
        if (held == 0 && judged > 1 && evidence.stream().distinct().count() == 1) {
            return b.append(" (each: ").append(evidence.get(0)).append(')').toString();
        }
        for (int i = 0; i < Math.min(NAMED_FAILURES, failed.size()); i++) {
            b.append(i == 0 ? "; not at seed " : ", seed ").append(failed.get(i)).append(" (")
                    .append(evidence.get(i)).append(')');
        }
        if (failed.size() > NAMED_FAILURES) {
            StringJoiner rest = new StringJoiner(", ", failed.size() == NAMED_FAILURES + 1 ? " nor at seed "
                    : " nor at seeds ", "");
            failed.subList(NAMED_FAILURES, failed.size()).forEach(s -> rest.add(Long.toString(s)));
            b.append(',').append(rest);
        }
        return b.toString();
    }

    /**
     * The arguments of this run that differ from the experiment's defaults, as " (with --a x, --b y)",
     * or "" when it ran as published; {@code --seeds} and, across seeds, {@code --seed} are left out.
     */
    static String conditions(Experiment experiment, LabArgs args, boolean acrossSeeds) {
        StringJoiner changed = new StringJoiner(", ", " (with ", ")").setEmptyValue("");
        for (LabOption option : LabOption.of(experiment)) {
            String name = option.name();
            if (name.equals(LabOption.SEEDS) || acrossSeeds && name.equals(LabOption.SEED)) {
                continue;
            }
            String value = args.rawValues().get(name);
            if (value != null && !value.equals(option.defaultValue())) {
                changed.add(option.kind() == LabOption.Kind.FLAG ? name : name + " " + value);
            }
        }
        return changed.toString();
    }

    private static boolean sameRows(List<LabResult> runs) {
        for (LabResult r : runs) {
            if (!r.tables().equals(runs.get(0).tables())) {
                return false;
            }
        }
        return runs.size() > 1;
    }

    /**
     * One conclusion judged in each run, the runs being seeds from {@code first}: in how many it could
     * be judged, the seeds where it did not hold with their figures, and why it could not be judged.
     */
    private record SeedTally(int judged, List<Long> failed, List<String> failures, String unjudged) {

        static SeedTally of(Conclusion<?> c, List<LabResult> runs, long first) {
            int judged = 0;
            List<Long> failed = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            String unjudged = null;
            for (int i = 0; i < runs.size(); i++) {
                Conclusion.Judgement j = c.judge(runs.get(i).records());
                if (!j.judged()) {
                    unjudged = j.unjudged();
                    continue;
                }
                judged++;
                if (!j.verdict().holds()) {
                    failed.add(first + i);
                    failures.add(j.verdict().evidence());
                }
            }
            return new SeedTally(judged, failed, failures, unjudged);
        }

        String counted() {
            return Conclusions.counted(judged - failures.size(), judged, failed, failures);
        }
    }

    private static String quote(Conclusion<?> c) {
        return "\"" + c.statement() + "\"";
    }
}
