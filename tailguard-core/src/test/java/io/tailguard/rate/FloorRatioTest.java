package io.tailguard.rate;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigInteger;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FloorRatioTest {

    private static long exact(long x, long numerator, long denominator) {
        BigInteger[] qr = BigInteger.valueOf(x).multiply(BigInteger.valueOf(numerator))
                .divideAndRemainder(BigInteger.valueOf(denominator));
        BigInteger q = qr[0];
        if (qr[1].signum() < 0) {
            q = q.subtract(BigInteger.ONE);
        }
        return q.longValueExact();
    }

    private static void check(long numerator, long denominator, SplittableRandom random) {
        FloorRatio ratio = new FloorRatio(numerator, denominator);
        long[] edges = {0, 1, -1, Long.MAX_VALUE, Long.MIN_VALUE, Long.MAX_VALUE - 1, Long.MIN_VALUE + 1,
                denominator, -denominator, denominator - 1, 1 - denominator};
        for (long x : edges) {
            assertThat(ratio.floorOf(x)).as("%d × %d / %d", x, numerator, denominator)
                    .isEqualTo(exact(x, numerator, denominator));
        }
        for (int i = 0; i < 4_000; i++) {
            long x = switch (i % 4) {
                case 0 -> random.nextLong();
                case 1 -> random.nextLong() >> random.nextInt(64);
                case 2 -> (random.nextLong() >> 20) / denominator * denominator + random.nextLong(-2, 3);
                default -> random.nextLong(-1_000_000_000_000L, 1_000_000_000_000L);
            };
            assertThat(ratio.floorOf(x)).as("%d × %d / %d", x, numerator, denominator)
                    .isEqualTo(exact(x, numerator, denominator));
        }
    }

    @Test
    void matchesBigIntegerFloorAcrossTheWholeLongRange() {
        SplittableRandom random = new SplittableRandom(2026);
        long[][] ratios = {{1, 1}, {1, 3}, {3, 10}, {7, 33}, {1, 10_000_000}, {999_983, 1_000_000_000},
                {1, 1_000_000_000}, {123_456_789, 123_456_790}, {1, (1L << 50) - 1}, {1, 1L << 50},
                {3, 86_400_000_000_000_000L}, {1, Long.MAX_VALUE}};
        for (long[] r : ratios) {
            check(r[0], r[1], random);
        }
        for (int i = 0; i < 60; i++) {
            long denominator = 1 + random.nextLong(1L << random.nextInt(1, 62));
            long numerator = 1 + random.nextLong(Math.min(denominator, Long.MAX_VALUE / denominator));
            check(numerator, denominator, random);
        }
    }

    @Test
    void matchesBigIntegerForDenominatorsUpToTheFastPathBound() {
        SplittableRandom random = new SplittableRandom(19);
        long bound = Long.MAX_VALUE;
        for (int i = 0; i < 200; i++) {
            long denominator = (1L << 50) + random.nextLong((1L << 61) - (1L << 50));
            if (i % 10 == 0) {
                denominator = (1L << 61) - 1 - i; // the largest denominators the 64-bit path takes
            }
            long numerator = 1 + random.nextLong(Math.min(denominator, Long.MAX_VALUE / denominator));
            FloorRatio ratio = new FloorRatio(numerator, denominator);
            for (int j = 0; j < 200; j++) {
                long x = switch (j % 3) {
                    case 0 -> bound - random.nextLong(1_000_000);
                    case 1 -> -bound + random.nextLong(1_000_000);
                    default -> random.nextLong() / denominator * denominator + random.nextLong(-2, 3);
                };
                assertThat(ratio.floorOf(x)).as("%d × %d / %d", x, numerator, denominator)
                        .isEqualTo(exact(x, numerator, denominator));
            }
        }
    }

    @Test
    void reciprocalPathIsExactUpToItsDenominatorBoundAndForEqualTerms() {
        SplittableRandom random = new SplittableRandom(32);
        long[][] ratios = {{1, 1}, {5, 5}, {1, 2}, {1, 3}, {1, (1L << 62) - 1}, {1, (1L << 61) + 1},
                {3, (1L << 61) - 1}, {(1L << 31) - 1, 1L << 31}, {1, 1L << 62}, {1, (1L << 62) + 1}};
        for (long[] r : ratios) {
            check(r[0], r[1], random);
        }
        for (int i = 0; i < 100; i++) {
            long denominator = (1L << 61) + random.nextLong(1L << 61); // between 2^61 and 2^62
            long numerator = 1 + random.nextLong(Long.MAX_VALUE / denominator);
            FloorRatio ratio = new FloorRatio(numerator, denominator);
            for (int j = 0; j < 200; j++) {
                long x = switch (j % 3) {
                    case 0 -> Long.MAX_VALUE - random.nextLong(1_000_000);
                    case 1 -> random.nextLong(Long.MAX_VALUE);
                    default -> random.nextLong(Long.MAX_VALUE / denominator) * denominator + random.nextLong(-2, 3);
                };
                assertThat(ratio.floorOf(x)).as("%d × %d / %d", x, numerator, denominator)
                        .isEqualTo(exact(x, numerator, denominator));
            }
        }
    }
}
