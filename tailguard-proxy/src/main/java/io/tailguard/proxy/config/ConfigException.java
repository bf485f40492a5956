package io.tailguard.proxy.config;

/**
 * Thread-safe (immutable): a configuration file the proxy cannot use. The message is one line
 * naming the key path, the value and what is allowed, e.g.
 * {@code pools.app.max-conns must be an integer >= 1 but was -3}.
 */
public final class ConfigException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with its one-line message. */
    public ConfigException(String message) {
        super(message);
    }
}
