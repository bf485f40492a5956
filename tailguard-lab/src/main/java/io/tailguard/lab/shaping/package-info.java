/**
 * The published lab's token-bucket-versus-leaky-bucket experiment: core's {@code TokenBucket}
 * (policing) and {@code LeakyBucketShaper} (shaping) in front of the series' server.
 */
package io.tailguard.lab.shaping;
