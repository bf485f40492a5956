/**
 * Retry budgets: how many retries a client may add on top of its requests, so that retries help
 * through a blip and never multiply the load on a service that is already overloaded.
 */
package io.tailguard.retry;
