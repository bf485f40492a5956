/**
 * {@code lab adaptive}: adaptive concurrency limits against adversarial scenarios on one simulated
 * saturable service with a latency cliff, ours (core AIMD, Vegas, Gradient2 and the adaptive lease)
 * beside Netflix concurrency-limits' estimators driven by the same simulated clock.
 */
package io.tailguard.lab.adaptive;
