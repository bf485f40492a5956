/**
 * The proxy's differential suite: a recording backend on plain sockets that answers as each vector
 * scripts it ({@link io.tailguard.proxy.differential.RecordingBackend}), the vectors as data
 * ({@code RequestVectors}, {@code ResponseVectors}, {@code AbuseVectors}), the invariants every run
 * must keep ({@code Invariants}), the JUnit run against tailguard in process ({@code DifferentialTest}),
 * a seeded property over mutated heads ({@code HeadMutationPropertyTest}), and the main that
 * {@code scripts/differential.sh} runs against nginx and HAProxy ({@link io.tailguard.proxy.differential.DifferentialMain}).
 */
package io.tailguard.proxy.differential;
