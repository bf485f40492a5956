/**
 * The published lab's tail-latency experiment: the published latency sampler drawn per request, and
 * a fan-out of five whose latency is the slowest of five draws.
 */
package io.tailguard.lab.taillatency;
