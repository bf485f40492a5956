/**
 * The proxy's client side: one client connection ({@code ClientHandler}), the decoder and checks
 * that answer malformed or hostile input locally, the connection's deadline timer, the pace of a
 * request body and the cap on open connections. Internal to the proxy, not an API: its types are
 * public for the proxy's other packages only.
 */
package io.tailguard.proxy.client;
