/**
 * The proxy's configuration: validated records ({@link io.tailguard.proxy.config.ProxyConfig} and
 * its parts) and {@link io.tailguard.proxy.config.ProxyConfigFile}, the strict YAML reader whose
 * every error is one line naming the key path, the value and what is allowed.
 */
package io.tailguard.proxy.config;
