package io.tailguard.lab;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Thread-safe (immutable) declaration of one experiment option: its flag, kind, default and help
 * text. {@link #parse} turns a raw command-line value into a typed value or throws a
 * {@link LabUsageException} naming the flag, the value and what is allowed.
 *
 * @param name         the flag, starting with {@code --}
 * @param kind         how the value is parsed and validated
 * @param defaultValue the raw default ({@code "false"} for flags)
 * @param description  one line for {@code --help}
 * @param choices      the allowed values of a {@link Kind#CHOICE} option, the help placeholder of a
 *                     {@link Kind#TEXT} option, else empty
 * @param max          the largest allowed value of a {@link Kind#POSITIVE_INT} or {@link Kind#DURATION}
 *                     (milliseconds) option
 */
public record LabOption(String name, Kind kind, String defaultValue, String description,
                        List<String> choices, long max) {

    /** How an option's value is parsed. */
    public enum Kind {
        /** A boolean switch without a value. */
        FLAG,
        /** A positive duration like {@code 5s}, {@code 500ms}, {@code 2m} (see {@link Durations}). */
        DURATION,
        /** A positive rate like {@code 500/s}, {@code 0.5/s}, {@code 30/m} (core's {@link RateText}). */
        RATE,
        /** An integer from 1 to {@code max}. */
        POSITIVE_INT,
        /** Any {@code long}. */
        LONG,
        /** The {@code --seed} of an experiment that takes {@code --seeds} (a {@code long}). */
        SEED,
        /** One of {@code choices}, matched case-insensitively. */
        CHOICE,
        /** A decimal number greater than 0 and at most 1, for example a time scale. */
        FRACTION,
        /** Free text the experiment validates itself, for example {@code p99<200ms}. */
        TEXT
    }

    /** Validates the declaration. */
    public LabOption {
        if (name == null || !name.startsWith("--") || name.equals("--output-dir")) {
            throw new IllegalArgumentException(
                    "name must start with -- and not be --output-dir but was " + name);
        }
        if (kind == null || defaultValue == null || description == null) {
            throw new IllegalArgumentException("kind, defaultValue and description must be non-null but was "
                    + kind + ", " + defaultValue + ", " + description);
        }
        choices = List.copyOf(choices);
        if (kind == Kind.CHOICE && choices.isEmpty()) {
            throw new IllegalArgumentException("choices must be non-empty for " + name + " but was []");
        }
    }

    /** A boolean switch, false unless given. */
    public static LabOption flag(String name, String description) {
        return new LabOption(name, Kind.FLAG, "false", description, List.of(), 0);
    }

    /** A positive duration no longer than {@code max}. */
    public static LabOption duration(String name, String defaultValue, Duration max, String description) {
        return new LabOption(name, Kind.DURATION, defaultValue, description, List.of(), max.toMillis());
    }

    /** A positive rate in core's one syntax ({@code 500/s}, {@code 0.5/s}, {@code 30/m}, {@code 1000/h}). */
    public static LabOption rate(String name, String defaultValue, String description) {
        return new LabOption(name, Kind.RATE, defaultValue, description, List.of(), 0);
    }

    /** An integer from 1 to {@code max}. */
    public static LabOption positiveInt(String name, int defaultValue, int max, String description) {
        return new LabOption(name, Kind.POSITIVE_INT, Integer.toString(defaultValue), description, List.of(), max);
    }

    /** Any {@code long}, for example a seed. */
    public static LabOption longValue(String name, long defaultValue, String description) {
        return new LabOption(name, Kind.LONG, Long.toString(defaultValue), description, List.of(), 0);
    }

    /** The published lab's flag that changes nothing: every run here is deterministic. */
    public static final String DETERMINISTIC = "--deterministic";
    /** The flag of the simulated (or, live, the measured) length of a run. */
    public static final String DURATION = "--duration";
    /** The flag that picks an arrival process, for example constant, poisson or bursty. */
    public static final String ARRIVALS = "--arrivals";
    /** The flag of the seed option; declaring it opts an experiment into {@code --seeds}. */
    public static final String SEED = "--seed";
    /** The flag the framework adds to every experiment that declares {@link #seed}. */
    public static final String SEEDS = "--seeds";
    /** Most seeds one {@code --seeds} run may take. */
    public static final int MAX_SEEDS = 100;
    /** The value of a {@link #oneOrAll} option that selects every one. */
    public static final String ALL = "all";

    /**
     * The {@code --seed} option. Declaring it opts the experiment into {@code --seeds K}: the
     * framework then runs it with seeds N..N+K-1 and reports every figure of the result's
     * {@linkplain LabResult.Builder#seedSummary seed summary} as a mean with a 95 % confidence
     * interval (see {@link SeedRuns}).
     */
    public static LabOption seed(long defaultValue, String description) {
        return new LabOption(SEED, Kind.SEED, Long.toString(defaultValue), description, List.of(), 0);
    }

    /**
     * Returns the options {@code experiment} accepts: those it declares, plus {@code --seeds} when
     * it declares {@link #seed} (a plain {@link #longValue} named {@code --seed} does not opt in).
     */
    public static List<LabOption> of(Experiment experiment) {
        List<LabOption> declared = experiment.spec().options();
        if (declared.stream().noneMatch(o -> o.kind() == Kind.SEED)) {
            return declared;
        }
        List<LabOption> all = new java.util.ArrayList<>(declared);
        all.add(positiveInt(SEEDS, 1, MAX_SEEDS, "Runs with seeds --seed .. --seed + N - 1 and reports each "
                + "summary figure as a mean with a 95 % confidence interval (CSV and chart); the other "
                + "artifacts are the first seed's."));
        return List.copyOf(all);
    }

    /** One of {@code choices}; the first is not implied to be the default. */
    public static LabOption choice(String name, String defaultValue, List<String> choices, String description) {
        return new LabOption(name, Kind.CHOICE, defaultValue, description, choices, 0);
    }

    /**
     * {@value #ALL} (the default), which selects all of {@code names} in their order, or one of them;
     * {@link LabArgs#chosen} returns what it selected.
     */
    public static LabOption oneOrAll(String name, List<String> names, String description) {
        List<String> choices = new java.util.ArrayList<>();
        choices.add(ALL);
        choices.addAll(names);
        return choice(name, ALL, choices, description);
    }

    /** A decimal number greater than 0 and at most 1, for example {@code --scale 0.1}. */
    public static LabOption fraction(String name, String defaultValue, String description) {
        return new LabOption(name, Kind.FRACTION, defaultValue, description, List.of(), 0);
    }

    /**
     * Free text, trimmed; the experiment validates it and throws {@link LabUsageException} itself.
     *
     * @param paramLabel the placeholder shown in help, for example {@code <p99<Nms>}
     */
    public static LabOption text(String name, String defaultValue, String paramLabel, String description) {
        return new LabOption(name, Kind.TEXT, defaultValue, description, List.of(paramLabel), 0);
    }

    /**
     * Parses {@code raw} into a {@link Boolean}, {@link Duration}, {@link Rate}, {@link Integer}, {@link Long},
     * {@link Double} (fractions) or the canonical (lower-case) choice string.
     *
     * @throws LabUsageException naming the flag, the value and what is allowed
     */
    public Object parse(String raw) {
        String value = raw == null ? "" : raw.trim();
        switch (kind) {
            case FLAG:
                return Boolean.parseBoolean(value);
            case DURATION:
                Duration d = Durations.parsePositive(name, value);
                if (max > 0 && d.toMillis() > max) {
                    throw LabUsageException.of(name, "a positive duration of at most "
                            + Durations.format(Duration.ofMillis(max)), value);
                }
                return d;
            case RATE:
                Rate rate = RateText.parseOrNull(value);
                if (rate == null) {
                    throw LabUsageException.of(name, RateText.LIKE, value);
                }
                return rate;
            case POSITIVE_INT:
                long n;
                try {
                    n = Long.parseLong(value);
                } catch (NumberFormatException e) {
                    n = Long.MIN_VALUE;
                }
                if (n < 1 || n > max) {
                    throw LabUsageException.of(name, "an integer from 1 to " + max, value);
                }
                return (int) n;
            case LONG:
            case SEED:
                try {
                    return Long.parseLong(value);
                } catch (NumberFormatException e) {
                    throw LabUsageException.of(name, "an integer", value);
                }
            case CHOICE:
                String lower = value.toLowerCase(Locale.ROOT);
                if (!choices.contains(lower)) {
                    throw LabUsageException.of(name, "one of " + String.join(", ", choices), value);
                }
                return lower;
            case FRACTION:
                return parseFraction(value);
            case TEXT:
                return value;
            default:
                throw new IllegalStateException("unknown kind " + kind);
        }
    }

    private double parseFraction(String value) {
        double x;
        try {
            x = Double.parseDouble(value);
        } catch (NumberFormatException e) {
            x = Double.NaN;
        }
        // !(x > 0) also refuses NaN
        if (!(x > 0) || x > 1) {
            throw LabUsageException.of(name, "a number greater than 0 and at most 1", value);
        }
        return x;
    }

    /** Returns the placeholder shown in help, for example {@code <duration>}. */
    public String paramLabel() {
        switch (kind) {
            case DURATION:
                return "<duration>";
            case RATE:
                return "<rate>";
            case POSITIVE_INT:
            case LONG:
            case SEED:
                return "<n>";
            case CHOICE:
                return "<" + String.join("|", choices) + ">";
            case FRACTION:
                return "<x>";
            case TEXT:
                return choices.get(0);
            default:
                return "";
        }
    }
}
