package io.tailguard.lab.live;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Thread-safe (stateless) the options the live experiments share: {@code --setup}, which of their
 * setups to run, {@code --scale}, which shrinks their real time for tests, and the names of the
 * options each of them declares with its own default and meaning.
 */
public final class LiveOptions {

    public static final String SETUP = "--setup";
    public static final String SCALE = "--scale";
    public static final String SERVICE_TIME = "--service-time";
    public static final String CLIENT_TIMEOUT = "--client-timeout";
    public static final String WARMUP = "--warmup";
    public static final String DURATION = "--duration";

    private static final String ALL = "all";

    private LiveOptions() {
    }

    /** {@code --setup}: {@code all} (the default) or one of {@code names}, in run order. */
    public static LabOption setup(List<String> names, String meaning) {
        List<String> choices = new ArrayList<>();
        choices.add(ALL);
        choices.addAll(names);
        return LabOption.choice(SETUP, ALL, choices, meaning);
    }

    /** Returns the {@code setups} that {@code --setup} chose: all of them, or the one of that name. */
    public static <S> List<S> chosen(LabArgs args, List<S> setups, Function<S, String> name) {
        String choice = args.choice(SETUP);
        return setups.stream().filter(s -> choice.equals(ALL) || name.apply(s).equals(choice)).toList();
    }
}
