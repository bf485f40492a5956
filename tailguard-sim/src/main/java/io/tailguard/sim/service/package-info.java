/**
 * Service-time models for simulated stations: {@link io.tailguard.sim.service.ServiceModel#fixed fixed},
 * exponential, lognormal, empirical (samples or a CDF) and weighted mixtures. Models are immutable;
 * the engine passes each draw its seeded random stream. Beside them, the RSocket lease demo's
 * saturable service: a latency-by-rank table ({@link io.tailguard.sim.service.DelayTable}) and the
 * windows that rank admitted requests ({@link io.tailguard.sim.service.SaturableService}), kept once
 * so that the simulated {@code lab leases} and the live test backend ({@code tailguard backend})
 * run the same service. Two models of published scenarios: the published hedging article's Redis
 * latency ({@link io.tailguard.sim.service.HedgingArticleLatency}), and a service with a latency
 * cliff, a slowdown over time, a stall and a lucky sample
 * ({@link io.tailguard.sim.service.CliffService}), which reads the run's clock and concurrency.
 */
package io.tailguard.sim.service;
