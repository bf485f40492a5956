package io.tailguard.sim;

/** Closed forms of classic queues, for validating the engine. Mean service time is 1/mu. */
final class QueueingTheory {

    private QueueingTheory() {
    }

    /** M/M/1 mean wait in queue: Wq = rho / (mu - lambda). */
    static double mm1WaitInQueue(double lambda, double mu) {
        return (lambda / mu) / (mu - lambda);
    }

    /** M/D/1 mean wait in queue (Pollaczek–Khinchine): Wq = rho / (2 mu (1 - rho)). */
    static double md1WaitInQueue(double lambda, double mu) {
        double rho = lambda / mu;
        return rho / (2 * mu * (1 - rho));
    }

    /** Erlang C: probability that an arrival waits in M/M/c with offered load a = lambda/mu. */
    static double erlangC(int c, double a) {
        // Erlang B by the stable recursion B(k) = a B(k-1) / (k + a B(k-1)), then C from B.
        double b = 1.0;
        for (int k = 1; k <= c; k++) {
            b = a * b / (k + a * b);
        }
        double rho = a / c;
        return b / (1 - rho + rho * b);
    }

    /** M/M/c mean wait in queue: Wq = C(c, a) / (c mu - lambda). */
    static double mmcWaitInQueue(int c, double lambda, double mu) {
        return erlangC(c, lambda / mu) / (c * mu - lambda);
    }
}
