/**
 * The proxy's operations: its meters ({@code /metrics}, Prometheus text through Micrometer), the
 * access log and the admin listener ({@code /metrics}, {@code /healthz}, {@code /readyz}). Internal
 * to the proxy, not an API: its types are public for the proxy's other packages only.
 */
package io.tailguard.proxy.ops;
