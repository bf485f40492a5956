package io.tailguard.micrometer;

/** Not thread-safe (stateless helper): argument checks shared by the binders. */
final class Names {

    private Names() {
    }

    static <T> T notNull(String name, T value) {
        if (value == null) {
            throw new IllegalArgumentException(name + " must be non-null but was null");
        }
        return value;
    }
}
