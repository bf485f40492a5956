/**
 * Service-time models for simulated stations: {@link io.tailguard.sim.service.ServiceModel#fixed fixed},
 * exponential, lognormal, empirical (samples or a CDF) and weighted mixtures. Models are immutable;
 * the engine passes each draw its seeded random stream.
 */
package io.tailguard.sim.service;
