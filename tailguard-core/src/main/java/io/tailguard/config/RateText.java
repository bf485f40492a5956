package io.tailguard.config;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.math.RoundingMode;
import java.time.Duration;

/**
 * Thread-safe (stateless): the one rate syntax of tailguard's command line and config text, a
 * number, a slash and a period: a unit ({@code 500/s}, {@code 0.5/s}, {@code 30/m},
 * {@code 1000/h}, {@code 10000/d}) or a {@link DurationText} duration ({@code 1/2s}). The number
 * may have a fraction; the result is exact ({@link Rate}: {@code 0.5/s} is 1 per 2 s). A day is a
 * rate's unit only, for quotas such as {@code 1000/d}; no duration is written in days.
 */
public final class RateText {

    /** What a rate looks like, as validation messages say it. */
    public static final String LIKE = "a positive rate like 500/s, 0.5/s, 30/m or 1000/h";

    private static final Duration DAY = Duration.ofDays(1);
    private static final long SECOND_NANOS = 1_000_000_000L;
    /** The most decimals {@link #format} writes a second before it tries a longer unit. */
    private static final int SHORT_DECIMALS = 3;

    private RateText() {
    }

    /** Returns the rate written in {@code text}, or {@code null} if it is malformed, not positive or overflows. */
    public static Rate parseOrNull(String text) {
        if (text == null) {
            return null;
        }
        String t = text.trim();
        int slash = t.indexOf('/');
        if (slash <= 0) {
            return null;
        }
        String per = t.substring(slash + 1).trim();
        Duration period = per.equals("d") ? DAY
                : DurationText.parseOrNull(per.isEmpty() || !Character.isDigit(per.charAt(0)) ? "1" + per : per);
        if (period == null || period.isNegative() || period.isZero()) {
            return null;
        }
        try {
            BigDecimal amount = new BigDecimal(t.substring(0, slash).trim());
            if (amount.signum() <= 0) {
                return null;
            }
            // count / period = unscaled / (period x 10^scale), both whole
            BigInteger count = amount.stripTrailingZeros().unscaledValue();
            int scale = amount.stripTrailingZeros().scale();
            BigInteger nanos = BigInteger.valueOf(period.toNanos());
            if (scale < 0) {
                count = count.multiply(BigInteger.TEN.pow(-scale));
            } else {
                nanos = nanos.multiply(BigInteger.TEN.pow(scale));
            }
            BigInteger gcd = count.gcd(nanos);
            return new Rate(count.divide(gcd).longValueExact(), nanos.divide(gcd).longValueExact());
        } catch (NumberFormatException | ArithmeticException e) {
            return null;
        }
    }

    /**
     * Returns {@code rate} as people write it, in a form {@link #parse} reads back to the same rate:
     * a whole count or a short decimal a second ({@code 500/s}, {@code 0.5/s}, {@code 2.5/s}), else a
     * whole count a minute, an hour or a day ({@code 1/m}, {@code 1000/h}), else {@link Rate#toString}
     * ({@code 1/7s}). Nothing is rounded.
     */
    public static String format(Rate rate) {
        BigDecimal perSecond = perUnit(rate, SECOND_NANOS);
        if (perSecond.scale() <= SHORT_DECIMALS) {
            return perSecond.toPlainString() + "/s";
        }
        String[] units = {"m", "h", "d"};
        long[] unitNanos = {60 * SECOND_NANOS, 3_600 * SECOND_NANOS, DAY.toNanos()};
        for (int i = 0; i < units.length; i++) {
            BigDecimal count = perUnit(rate, unitNanos[i]);
            if (count.scale() <= 0) {
                return count.toPlainString() + "/" + units[i];
            }
        }
        return rate.toString();
    }

    /** The count per {@code unitNanos}, stripped of trailing zeros; scale {@code SHORT_DECIMALS + 1} when it does not end by then. */
    private static BigDecimal perUnit(Rate rate, long unitNanos) {
        BigDecimal exact = BigDecimal.valueOf(rate.count()).multiply(BigDecimal.valueOf(unitNanos));
        BigDecimal period = BigDecimal.valueOf(rate.periodNanos());
        try {
            BigDecimal count = exact.divide(period, SHORT_DECIMALS, RoundingMode.UNNECESSARY);
            count = count.stripTrailingZeros();
            return count.scale() < 0 ? count.setScale(0) : count;
        } catch (ArithmeticException notShort) {
            return exact.divide(period, SHORT_DECIMALS + 1, RoundingMode.DOWN);
        }
    }

    /**
     * Parses a positive rate.
     *
     * @throws IllegalArgumentException "`name` must be a positive rate like 500/s, 0.5/s, 30/m or
     *                                  1000/h but was `text`"
     */
    public static Rate parse(String name, String text) {
        Rate rate = parseOrNull(text);
        if (rate == null) {
            throw new IllegalArgumentException(name + " must be " + LIKE + " but was " + text);
        }
        return rate;
    }
}
