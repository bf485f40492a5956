package io.tailguard.config;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;

/**
 * Thread-safe (stateless): finds the {@link VarHandle} of a field for the lock-free classes, so each
 * declares its handle in one {@code static final} line. A field that cannot be found is a bug of the
 * class asking, raised as an {@link ExceptionInInitializerError} while that class initializes.
 */
public final class VarHandles {

    private VarHandles() {
    }

    /**
     * Returns the handle of the field {@code name} of type {@code type} declared by {@code owner},
     * found with {@code lookup}: the caller's own {@code MethodHandles.lookup()}, which reaches its
     * private fields.
     */
    public static VarHandle field(MethodHandles.Lookup lookup, Class<?> owner, String name, Class<?> type) {
        try {
            return lookup.findVarHandle(owner, name, type);
        } catch (ReflectiveOperationException e) {
            throw new ExceptionInInitializerError(e);
        }
    }
}
