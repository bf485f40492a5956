/**
 * The lab framework: {@link io.tailguard.lab.Experiment}s registered in
 * {@link io.tailguard.lab.Experiments}, run by {@link io.tailguard.lab.LabRunner}, which validates
 * their {@link io.tailguard.lab.LabOption}s, judges their published conclusions and hands their
 * {@link io.tailguard.lab.LabResult} to the {@code tailguard-artifacts} writer (CSVs, PNG charts, a
 * self-contained {@code report.html} and a {@code manifest.json}, all or nothing).
 */
package io.tailguard.lab;
