package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.util.List;
import java.util.random.RandomGenerator;

/**
 * Immutable weighted mixture of service models (for example 95 % fast, 5 % slow), component i drawn
 * while a uniform draw is below {@code cumulative[i]}; made by {@link #of}, which validates.
 */
record Mixture(ServiceModel[] components, double[] cumulative, double meanNanos) implements ServiceModel {

    static Mixture of(List<ServiceModel> components, double[] weights) {
        Paired.onePerElement("components", components, "weights", weights, "component");
        double total = 0;
        for (int i = 0; i < weights.length; i++) {
            Check.notNull("components[" + i + "]", components.get(i));
            total += Check.inRange("weights[" + i + "]", weights[i], 0.0, Double.MAX_VALUE);
        }
        if (!(total > 0)) {
            throw new IllegalArgumentException("weights must have a positive sum but was " + total);
        }
        double[] cumulative = new double[weights.length];
        double running = 0;
        double mean = 0;
        for (int i = 0; i < weights.length; i++) {
            running += weights[i] / total;
            cumulative[i] = running;
            mean += weights[i] / total * components.get(i).meanNanos();
        }
        cumulative[weights.length - 1] = 1.0;
        return new Mixture(components.toArray(new ServiceModel[0]), cumulative, mean);
    }

    @Override
    public long sampleNanos(RandomGenerator random) {
        double u = random.nextDouble();
        int i = 0;
        while (u >= cumulative[i] && i < cumulative.length - 1) {
            i++;
        }
        return components[i].sampleNanos(random);
    }

    @Override
    public String toString() {
        return "Mixture[" + components.length + " components, mean " + meanNanos + "ns]";
    }
}
