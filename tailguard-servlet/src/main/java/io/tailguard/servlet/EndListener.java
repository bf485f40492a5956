package io.tailguard.servlet;

import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;

/**
 * Thread-safe if {@link #end} is: an async listener for which the cycle's completion, timeout and
 * error all mean the same, the end; it does not follow the request into a new async cycle.
 */
interface EndListener extends AsyncListener {

    /** The async cycle ended, however. */
    void end();

    @Override
    default void onComplete(AsyncEvent event) {
        end();
    }

    @Override
    default void onTimeout(AsyncEvent event) {
        end();
    }

    @Override
    default void onError(AsyncEvent event) {
        end();
    }

    @Override
    default void onStartAsync(AsyncEvent event) {
    }
}
