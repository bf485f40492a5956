package io.tailguard.lab.live.planlive;

import io.tailguard.sim.service.ServiceModel;
import java.util.SplittableRandom;
import java.util.random.RandomGenerator;

/**
 * Not thread-safe: a service model that draws from the stream a live backend of the same step drew
 * from, whatever generator the simulation passes, so the plan's backend serves the same sequence of
 * service times as the live one, in the order its jobs start. Over a 3 s step a backend serves a
 * few hundred requests, whose mean strays from the model's by a few percent one way or the other;
 * with the same draws on both sides the gap between them is the proxy's and the plan's, not the
 * draws' luck (as the plan also runs at the rate the live generators drew).
 */
final class LiveDraws implements ServiceModel {

    private final ServiceModel model;
    private final RandomGenerator stream;

    private LiveDraws(ServiceModel model, RandomGenerator stream) {
        this.model = model;
        this.stream = stream;
    }

    /** Returns the generator live backend {@code backend} of a step seeded {@code seed} draws its service times from. */
    static RandomGenerator stream(long seed, int backend) {
        return new SplittableRandom(seed * 1_000 + backend);
    }

    /** Returns {@code model} drawing from a fresh copy of live backend {@code backend}'s stream for {@code seed}. */
    static ServiceModel of(ServiceModel model, long seed, int backend) {
        return new LiveDraws(model, stream(seed, backend));
    }

    @Override
    public long sampleNanos(RandomGenerator ignored) {
        return model.sampleNanos(stream);
    }

    @Override
    public double meanNanos() {
        return model.meanNanos();
    }
}
