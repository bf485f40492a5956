/**
 * What the published lab's failure-propagation series shares: virtual time in milliseconds on the
 * simulator's event loop ({@link io.tailguard.lab.failure.MillisClockLoop}), the own-work functions of
 * its services ({@link io.tailguard.lab.failure.OwnWork}), the call-tree model in which every downstream
 * attempt is a node ({@link io.tailguard.lab.failure.CallTree}), and its scoring conventions
 * ({@link io.tailguard.lab.failure.Scoring}).
 */
package io.tailguard.lab.failure;
