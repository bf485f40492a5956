/**
 * {@code lab plan-vs-live}: {@code tailguard plan}'s prediction for five proxy configurations
 * checked against the real proxy in front of {@code tailguard backend --service} backends, from
 * 0.5x to 10x capacity, with the gap at each load.
 */
package io.tailguard.lab.live.planlive;
