/**
 * The proxy's upstream side: a backend and its pooled connections, the codec that reads its answers
 * strictly, the handler that hands a connection's response to whatever waits for it, the drain of a
 * departed client's attempt, a backend's lease stream and the socket transport. It depends on no
 * other proxy package but {@code config}. Internal to the proxy, not an API: its types are public
 * for the proxy's other packages only.
 */
package io.tailguard.proxy.upstream;
