package io.tailguard.sim.windowed;

import java.util.Arrays;

/** Not thread-safe growable array of doubles, to collect arrival times without boxing. */
final class DoubleList {

    private double[] values = new double[256];
    private int size;

    void add(double value) {
        if (size == values.length) {
            values = Arrays.copyOf(values, size * 2);
        }
        values[size++] = value;
    }

    double[] toArray() {
        return Arrays.copyOf(values, size);
    }
}
