package io.tailguard.proxy.differential;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** Thread-safe (stateless): every vector of the differential suite, request side first. */
final class Vectors {

    private Vectors() {
    }

    static List<Vector> all() {
        List<Vector> all = new ArrayList<>();
        all.addAll(RequestVectors.all());
        all.addAll(ResponseVectors.all());
        all.addAll(AbuseVectors.all());
        Set<String> ids = new HashSet<>();
        for (Vector vector : all) {
            if (!ids.add(vector.id())) {
                throw new IllegalStateException("two vectors are named " + vector.id());
            }
        }
        return List.copyOf(all);
    }
}
