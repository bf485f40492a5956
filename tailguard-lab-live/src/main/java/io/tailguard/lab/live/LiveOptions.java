package io.tailguard.lab.live;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import java.util.List;

/**
 * Thread-safe (stateless) the options the live experiments share: {@code --setup}, which of their
 * setups to run, {@code --scale}, which shrinks their real time for tests, and the names of the
 * options each of them declares with its own default and meaning ({@code --duration} and
 * {@code --seed} are {@link LabOption}'s).
 */
public final class LiveOptions {

    public static final String SETUP = "--setup";
    public static final String SCALE = "--scale";
    public static final String SERVICE_TIME = "--service-time";
    public static final String CLIENT_TIMEOUT = "--client-timeout";
    public static final String WARMUP = "--warmup";

    private LiveOptions() {
    }

    /**
     * {@code --setup}: {@code all} (the default) or one of {@code names}, in run order; the run reads
     * its setups with {@link LabArgs#chosen}.
     */
    public static LabOption setup(List<String> names, String meaning) {
        return LabOption.oneOrAll(SETUP, names, meaning);
    }
}
