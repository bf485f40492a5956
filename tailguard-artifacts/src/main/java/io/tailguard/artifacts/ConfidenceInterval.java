package io.tailguard.artifacts;

/**
 * Thread-safe (immutable) mean of a few samples with its two-sided 95 % confidence interval from
 * Student's t distribution (the samples are independent runs, so their mean is close to normal
 * even when one run's figure is not, and K is usually small, which is what t is for).
 *
 * @param n         number of samples
 * @param mean      their mean
 * @param halfWidth half the interval's width: t(0.975, n − 1) × s / √n (0 for one sample)
 */
public record ConfidenceInterval(int n, double mean, double halfWidth) {

    /** t(0.975, df) for df = 1..30; above 30 the table below takes over. */
    private static final double[] T_975 = {
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228,
        2.201, 2.179, 2.160, 2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086,
        2.080, 2.074, 2.069, 2.064, 2.060, 2.056, 2.052, 2.048, 2.045, 2.042,
    };

    /** Returns the interval of {@code samples} (at least one). */
    public static ConfidenceInterval of(double[] samples) {
        if (samples.length == 0) {
            throw new IllegalArgumentException("samples must be non-empty but was []");
        }
        int n = samples.length;
        double sum = 0;
        for (double x : samples) {
            sum += x;
        }
        double mean = sum / n;
        if (n == 1) {
            return new ConfidenceInterval(1, mean, 0);
        }
        double squares = 0;
        for (double x : samples) {
            squares += (x - mean) * (x - mean);
        }
        double sd = Math.sqrt(squares / (n - 1));
        return new ConfidenceInterval(n, mean, t975(n - 1) * sd / Math.sqrt(n));
    }

    /** Returns the 97.5th percentile of Student's t with {@code df} degrees of freedom. */
    static double t975(int df) {
        if (df < 1) {
            throw new IllegalArgumentException("df must be at least 1 but was " + df);
        }
        if (df <= T_975.length) {
            return T_975[df - 1];
        }
        // conservative: the value at the next tabulated df at or below
        if (df < 40) {
            return 2.042;
        }
        if (df < 60) {
            return 2.021;
        }
        if (df < 120) {
            return 2.000;
        }
        return 1.980;
    }

    /** Lower end of the interval. */
    public double low() {
        return mean - halfWidth;
    }

    /** Upper end of the interval. */
    public double high() {
        return mean + halfWidth;
    }
}
