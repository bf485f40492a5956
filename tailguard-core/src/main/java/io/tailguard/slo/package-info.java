/**
 * Load control that protects a service-level objective for the work that matters most: a bounded
 * line of waiting requests in two classes, where a critical request that finds the system full
 * takes the place of the newest waiting background request instead of being refused.
 */
package io.tailguard.slo;
