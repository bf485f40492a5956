package io.tailguard.lab.latencyseries;

import io.tailguard.lab.LabArgs;
import io.tailguard.lab.LabOption;
import io.tailguard.lab.LabUsageException;
import java.util.Locale;

/**
 * Thread-safe (immutable) what the flags of {@link PublishedFlags#wholeSeconds} ask of a run: its
 * length and snapshot interval in whole seconds and its rate of 100 x N requests per second.
 *
 * @param seconds         the simulated length, at least 1
 * @param intervalSeconds the snapshot interval, at least 1 and at most {@code seconds}
 * @param rps             the offered requests per second, at least 1
 */
public record WholeSecondsRun(long seconds, long intervalSeconds, long rps) {

    /** Reads {@code --duration}, {@code --snapshot-interval} and {@code --concurrency} from {@code args}. */
    public static WholeSecondsRun of(LabArgs args) {
        long seconds = Math.max(1, args.duration(LabOption.DURATION).toSeconds());
        long interval = Math.min(seconds, Math.max(1, args.duration(PublishedFlags.SNAPSHOT_INTERVAL).toSeconds()));
        return new WholeSecondsRun(seconds, interval, Math.max(1, args.intValue(PublishedFlags.CONCURRENCY) * 100L));
    }

    /**
     * Refuses a run that would make more than {@code max} draws ({@code unit}, for example
     * "requests") when each request makes {@code drawsPerRequest}, so that a run stays within seconds.
     */
    public void requireAtMost(int drawsPerRequest, long max, String unit) {
        double draws = (double) seconds * rps * drawsPerRequest;
        if (draws > max) {
            throw new LabUsageException(String.format(Locale.ROOT, "%s x %s x 100%s must be at most %d %s but was %.0f",
                    LabOption.DURATION, PublishedFlags.CONCURRENCY,
                    drawsPerRequest == 1 ? "" : " x " + drawsPerRequest, max, unit, draws));
        }
    }
}
