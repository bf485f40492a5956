package io.tailguard.lab;

import io.tailguard.config.Rate;
import io.tailguard.config.Suggest;
import java.time.Duration;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * Thread-safe (immutable) validated arguments of one experiment run: every declared option's typed
 * value (the given value or the default) plus the raw command line, for the manifest.
 */
public final class LabArgs {

    private final Map<String, Object> values;
    private final Map<String, String> raw;
    private final List<String> commandLine;

    private LabArgs(Map<String, Object> values, Map<String, String> raw, List<String> commandLine) {
        this.values = values;
        this.raw = raw;
        this.commandLine = commandLine;
    }

    /**
     * Validates {@code given} (flag → raw value; absent flags take their default) against the
     * options {@code experiment} declares.
     *
     * @throws LabUsageException for an undeclared flag or a bad value
     */
    public static LabArgs parse(Experiment experiment, Map<String, String> given, List<String> commandLine) {
        Map<String, Object> values = new LinkedHashMap<>();
        Map<String, String> raw = new LinkedHashMap<>();
        for (LabOption option : LabOption.of(experiment)) {
            String value = given.getOrDefault(option.name(), option.defaultValue());
            values.put(option.name(), option.parse(value));
            raw.put(option.name(), value);
        }
        for (String flag : given.keySet()) {
            if (!values.containsKey(flag)) {
                throw new LabUsageException("option must be one of " + String.join(", ", values.keySet())
                        + " for lab " + experiment.name() + " but was '" + flag + "'"
                        + Suggest.didYouMean(flag, values.keySet()));
            }
        }
        return new LabArgs(Collections.unmodifiableMap(values), Collections.unmodifiableMap(raw),
                List.copyOf(commandLine));
    }

    /**
     * Returns arguments that a command outside the lab parsed and validated itself: only their raw
     * values, for the manifest and the report (the typed getters hold nothing).
     */
    public static LabArgs validated(Map<String, String> raw, List<String> commandLine) {
        return new LabArgs(Map.of(), Collections.unmodifiableMap(new LinkedHashMap<>(raw)), List.copyOf(commandLine));
    }

    /** Returns the defaults of every option of {@code experiment}, as {@code lab all} runs it. */
    public static LabArgs defaults(Experiment experiment, List<String> commandLine) {
        return parse(experiment, Map.of(), commandLine);
    }

    /**
     * Returns these arguments with {@code --seed} set to {@code seed} (the raw value too, so the
     * manifest records the seed that ran).
     */
    public LabArgs withSeed(long seed) {
        get(LabOption.SEED);
        Map<String, Object> v = new LinkedHashMap<>(values);
        Map<String, String> r = new LinkedHashMap<>(raw);
        v.put(LabOption.SEED, seed);
        r.put(LabOption.SEED, Long.toString(seed));
        return new LabArgs(Collections.unmodifiableMap(v), Collections.unmodifiableMap(r), commandLine);
    }

    /** Returns how many seeds to run: {@code --seeds} if the experiment takes it, else 1. */
    public int seeds() {
        Object k = values.get(LabOption.SEEDS);
        return k == null ? 1 : (Integer) k;
    }

    /** Returns the value of a {@link LabOption.Kind#DURATION} option. */
    public Duration duration(String name) {
        return (Duration) get(name);
    }

    /** Returns the value of a {@link LabOption.Kind#RATE} option. */
    public Rate rate(String name) {
        return (Rate) get(name);
    }

    /** Returns the value of a {@link LabOption.Kind#POSITIVE_INT} option. */
    public int intValue(String name) {
        return (Integer) get(name);
    }

    /** Returns the value of a {@link LabOption.Kind#LONG} or {@link LabOption.Kind#SEED} option. */
    public long longValue(String name) {
        return (Long) get(name);
    }

    /** Returns the lower-case value of a {@link LabOption.Kind#CHOICE} option. */
    public String choice(String name) {
        return (String) get(name);
    }

    /**
     * Returns the {@code items} a {@link LabOption#oneOrAll} option selected: all of them, in their
     * order, or the one whose {@code label} is its value.
     */
    public <T> List<T> chosen(String name, List<T> items, Function<T, String> label) {
        String choice = choice(name);
        return items.stream().filter(item -> choice.equals(LabOption.ALL) || label.apply(item).equals(choice)).toList();
    }

    /** Returns the trimmed value of a {@link LabOption.Kind#TEXT} option. */
    public String text(String name) {
        return (String) get(name);
    }

    /** Returns the value of a {@link LabOption.Kind#FRACTION} option. */
    public double fraction(String name) {
        return (Double) get(name);
    }

    /** Returns whether a {@link LabOption.Kind#FLAG} option was given. */
    public boolean flag(String name) {
        return (Boolean) get(name);
    }

    /** Returns every option with its raw value as given or defaulted, in declaration order. */
    public Map<String, String> rawValues() {
        return raw;
    }

    /** Returns the command line that started the run (without the program name). */
    public List<String> commandLine() {
        return commandLine;
    }

    private Object get(String name) {
        Object value = values.get(name);
        if (value == null) {
            throw new IllegalArgumentException("name must be a declared option but was " + name);
        }
        return value;
    }
}
