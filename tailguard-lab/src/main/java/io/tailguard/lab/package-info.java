/**
 * The lab framework: {@link io.tailguard.lab.Experiment}s registered in
 * {@link io.tailguard.lab.Experiments}, run by {@link io.tailguard.lab.LabRunner}, which validates
 * their {@link io.tailguard.lab.LabOption}s and writes every artifact of their
 * {@link io.tailguard.lab.LabResult} (CSVs, PNG charts, a self-contained {@code report.html} and a
 * {@code manifest.json} with SHA-256 digests) all-or-nothing into the output directory.
 */
package io.tailguard.lab;
