package io.tailguard.journal.segment;

import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.reflect.Field;
import java.nio.ByteBuffer;
import java.nio.MappedByteBuffer;

/**
 * Thread-safe (stateless): releases a segment's memory mapping now instead of when the garbage
 * collector finds its buffer, so a long-running journal or tailer does not keep every segment it
 * ever touched mapped (64 MiB of address space and page-cache pins each). Java 17 has no public
 * unmap; {@code sun.misc.Unsafe.invokeCleaner} (module {@code jdk.unsupported}, no flag needed)
 * does it. From JDK 24 that method prints a deprecation warning on first use, so there the
 * mapping is left to the collector, as before.
 *
 * <p>Unmapping is immediate: a later read of the buffer, or of any view of it, crashes the JVM.
 * Callers unmap only what no thread can still read (see {@link Segment#close()}).
 */
final class Unmapper {

    /** The first JDK whose {@code invokeCleaner} warns at run time (JEP 498). */
    private static final int WARNS_FROM = 24;
    private static final MethodHandle INVOKE_CLEANER = find();

    private Unmapper() {
    }

    /** Returns true when {@link #unmap} releases mappings on this JVM. */
    static boolean available() {
        return INVOKE_CLEANER != null;
    }

    /** Unmaps {@code buffer} (the buffer {@code FileChannel.map} returned, not a view); no-op when unavailable. */
    static void unmap(MappedByteBuffer buffer) {
        if (INVOKE_CLEANER == null) {
            return;
        }
        try {
            INVOKE_CLEANER.invokeExact((ByteBuffer) buffer);
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable e) {
            throw new IllegalStateException("cannot unmap a segment", e);
        }
    }

    private static MethodHandle find() {
        if (Runtime.version().feature() >= WARNS_FROM) {
            return null;
        }
        try {
            Class<?> unsafeClass = Class.forName("sun.misc.Unsafe");
            Field theUnsafe = unsafeClass.getDeclaredField("theUnsafe");
            theUnsafe.setAccessible(true);
            return MethodHandles.lookup()
                    .findVirtual(unsafeClass, "invokeCleaner", MethodType.methodType(void.class, ByteBuffer.class))
                    .bindTo(theUnsafe.get(null));
        } catch (ReflectiveOperationException | RuntimeException e) {
            return null; // no jdk.unsupported: the collector unmaps, as before
        }
    }
}
