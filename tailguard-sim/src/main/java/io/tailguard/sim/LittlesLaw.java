package io.tailguard.sim;

/**
 * Immutable check of Little's law L = λW for one run: L is the time-average number of jobs in the
 * station, λ the departure rate (completed plus shed) and W the mean time departed jobs spent in
 * the station. On a drained run the law holds exactly (up to rounding); on a run cut at its
 * horizon, jobs still inside make a small difference.
 *
 * @param meanInSystem L, jobs
 * @param throughputPerSecond λ, departures per second
 * @param meanSojournSeconds W, seconds
 */
public record LittlesLaw(double meanInSystem, double throughputPerSecond, double meanSojournSeconds) {

    /** Returns λW. */
    public double lambdaW() {
        return throughputPerSecond * meanSojournSeconds;
    }

    /** Returns |L − λW| / max(L, λW), or 0 when both are 0. */
    public double relativeError() {
        double lw = lambdaW();
        double scale = Math.max(Math.abs(meanInSystem), Math.abs(lw));
        return scale == 0 ? 0.0 : Math.abs(meanInSystem - lw) / scale;
    }

    /**
     * Returns the relative error, or throws {@link IllegalStateException} if it exceeds
     * {@code tolerance} (for example 1e-9 on a drained run).
     */
    public double requireWithin(double tolerance) {
        double error = relativeError();
        if (!(error <= tolerance)) {
            throw new IllegalStateException("Little's law must hold within " + tolerance + " but L="
                    + meanInSystem + " and λW=" + lambdaW() + " differ by " + error);
        }
        return error;
    }
}
