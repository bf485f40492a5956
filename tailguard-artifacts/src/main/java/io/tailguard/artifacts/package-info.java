/**
 * What a run leaves behind, all or nothing: a {@link io.tailguard.artifacts.Report} (tables as
 * {@link io.tailguard.artifacts.CsvTable}, XChart charts, findings, other files) written by
 * {@link io.tailguard.artifacts.ArtifactWriter} as CSVs, PNGs, a self-contained {@code report.html} and
 * a {@code manifest.json} with the SHA-256 of every file, into a
 * {@link io.tailguard.artifacts.StagedOutput} that moves into place only when everything is written.
 * The simulated lab, the live lab and the CLI's commands that report runs share it.
 */
package io.tailguard.artifacts;
