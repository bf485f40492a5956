package io.tailguard.sim.service;

import io.tailguard.config.Check;
import java.util.List;

/**
 * Thread-safe (stateless): the one check of the models made from a list and an array of numbers
 * that goes with it, one number per element ({@link EmpiricalCdf}, {@link Mixture}).
 */
final class Paired {

    private Paired() {
    }

    /**
     * Checks that neither is null and that {@code numbers} has one entry per element of the
     * non-empty {@code list}; {@code element} names one element in the message.
     *
     * @throws IllegalArgumentException "NUMBERS must have one entry per ELEMENT (n, at least 1) but had m"
     */
    static void onePerElement(String listName, List<?> list, String numbersName, double[] numbers, String element) {
        Check.notNull(listName, list);
        Check.notNull(numbersName, numbers);
        if (list.isEmpty() || list.size() != numbers.length) {
            throw new IllegalArgumentException(numbersName + " must have one entry per " + element + " ("
                    + list.size() + ", at least 1) but had " + numbers.length);
        }
    }
}
