package io.tailguard.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import org.junit.jupiter.api.Test;

class VarHandlesTest {

    @SuppressWarnings("unused") // accessed through the handle
    private volatile int state;

    @Test
    void reachesAPrivateFieldThroughTheCallersLookup() {
        VarHandle handle = VarHandles.field(MethodHandles.lookup(), VarHandlesTest.class, "state", int.class);
        assertThat(handle.compareAndSet(this, 0, 7)).isTrue();
        assertThat(state).isEqualTo(7);
    }

    @Test
    void aMissingFieldIsAnInitializationError() {
        assertThatThrownBy(() -> VarHandles.field(MethodHandles.lookup(), VarHandlesTest.class, "absent", int.class))
                .isInstanceOf(ExceptionInInitializerError.class)
                .hasCauseInstanceOf(NoSuchFieldException.class);
    }
}
