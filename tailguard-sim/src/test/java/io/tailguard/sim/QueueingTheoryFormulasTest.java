package io.tailguard.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

/** Pins the closed forms the validation relies on to textbook values. */
class QueueingTheoryFormulasTest {

    @Test
    void mm1WaitIsRhoOverMuMinusLambda() {
        // lambda 0.9, mu 1: Wq = 0.9 / 0.1 = 9
        assertThat(QueueingTheory.mm1WaitInQueue(0.9, 1.0)).isCloseTo(9.0, within(1e-12));
    }

    @Test
    void md1WaitIsHalfTheMm1Wait() {
        assertThat(QueueingTheory.md1WaitInQueue(0.9, 1.0)).isCloseTo(4.5, within(1e-12));
    }

    @Test
    void erlangCMatchesTheDirectSum() {
        // c = 2, a = 1 (rho 0.5): C = (a^2/2! * 1/(1-rho)) / (1 + a + a^2/2! * 1/(1-rho)) = 1/3
        assertThat(QueueingTheory.erlangC(2, 1.0)).isCloseTo(1.0 / 3.0, within(1e-12));
        // c = 1 reduces to rho
        assertThat(QueueingTheory.erlangC(1, 0.7)).isCloseTo(0.7, within(1e-12));
    }
}
