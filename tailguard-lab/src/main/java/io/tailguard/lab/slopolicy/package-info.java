/**
 * The published lab's SLO-policy experiment: four scripted architecture patterns under the same
 * overload, scored per second against a latency objective with an error budget and a burn rate.
 */
package io.tailguard.lab.slopolicy;
