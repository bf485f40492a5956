package io.tailguard.proxy;

/**
 * Thread-safe (immutable): the proxy could not start for a reason the user can fix (an address it
 * cannot listen on, an access log it cannot open). The message is one line naming the setting, the
 * value and what is allowed.
 */
public final class ProxyStartException extends RuntimeException {

    private static final long serialVersionUID = 1L;

    /** Creates the exception with its one-line message. */
    public ProxyStartException(String message) {
        super(message);
    }
}
