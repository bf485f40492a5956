package io.tailguard.load;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.tailguard.config.Rate;
import io.tailguard.config.RateText;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ScheduleTest {

    private static final long S = 1_000_000_000L;

    @Test
    void constantArrivalsAreComputedFromTheIndexWithoutDrift() {
        Schedule s = Schedule.of(Arrivals.CONSTANT, Rate.perSecond(3), 10 * S, new SplittableRandom(1));

        assertThat(s.size()).isEqualTo(30);
        assertThat(s.dueOffsetNanos(0)).isZero();
        assertThat(s.dueOffsetNanos(1)).isEqualTo(333_333_333L);
        // summing a rounded 333_333_333 ns gap 29 times would drift to 9_666_666_657
        assertThat(s.dueOffsetNanos(29)).isEqualTo(9_666_666_666L);
    }

    @Test
    void constantCountCoversTheSpanExactly() {
        assertThat(Schedule.of(Arrivals.CONSTANT, Rate.perSecond(2000), 30 * S, new SplittableRandom(1)).size()).isEqualTo(60_000);
        assertThat(Schedule.of(Arrivals.CONSTANT, Rate.perSecond(3), S / 2, new SplittableRandom(1)).size()).isEqualTo(2);
    }

    @Test
    void poissonArrivalsAreSeededSortedAndNearTheRate() {
        Schedule a = Schedule.of(Arrivals.POISSON, Rate.perSecond(1000), 10 * S, new SplittableRandom(7));
        Schedule b = Schedule.of(Arrivals.POISSON, Rate.perSecond(1000), 10 * S, new SplittableRandom(7));
        Schedule c = Schedule.of(Arrivals.POISSON, Rate.perSecond(1000), 10 * S, new SplittableRandom(8));

        assertThat(a.size()).isEqualTo(b.size());
        assertThat(a.absolute(0)).isEqualTo(b.absolute(0));
        assertThat(a.absolute(0)).isNotEqualTo(c.absolute(0));
        // 10_000 expected, standard deviation 100
        assertThat(a.size()).isBetween(9_500, 10_500);
        for (int i = 1; i < a.size(); i++) {
            assertThat(a.dueOffsetNanos(i)).isGreaterThanOrEqualTo(a.dueOffsetNanos(i - 1));
        }
        assertThat(a.dueOffsetNanos(a.size() - 1)).isLessThan(10 * S);
    }

    @Test
    void poissonGapsHaveTheExponentialSpread() {
        Schedule s = Schedule.of(Arrivals.POISSON, Rate.perSecond(1000), 20 * S, new SplittableRandom(3));
        long shortGaps = 0;
        for (int i = 1; i < s.size(); i++) {
            if (s.dueOffsetNanos(i) - s.dueOffsetNanos(i - 1) < 1_000_000L) {
                shortGaps++;
            }
        }
        // P(gap < mean) = 1 - 1/e = 0.632 for exponential gaps; constant gaps would give 0
        assertThat((double) shortGaps / (s.size() - 1)).isBetween(0.60, 0.66);
    }

    @Test
    void refusesStepsTooLargeToHold() {
        assertThatThrownBy(() -> Schedule.of(Arrivals.CONSTANT, Rate.perSecond(1_000_000), 60 * S, new SplittableRandom(1)))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("requests per step must be at most 20000000 but was 60000000");
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"0.5/s", "30/m", "1/2s"})
    void aRateBelowOneASecondIsDueEveryTwoSecondsExactly(String rate) {
        Schedule s = Schedule.of(Arrivals.CONSTANT, RateText.parse("--rate", rate), 10 * S, new SplittableRandom(1));

        assertThat(s.absolute(0)).containsExactly(0, 2 * S, 4 * S, 6 * S, 8 * S);
        assertThat(Schedule.of(Arrivals.CONSTANT, RateText.parse("--rate", rate), 10 * S + 1,
                new SplittableRandom(1)).size()).as("one due at exactly 10 s is inside a longer span").isEqualTo(6);
    }

    @Test
    void aFractionalRateAboveOneASecondKeepsItsFraction() {
        // 2.5/s: 2 requests every 800 ms; rounded to 2/s or 3/s it would be 20 or 30 in 10 s
        Schedule s = Schedule.of(Arrivals.CONSTANT, RateText.parse("--rate", "2.5/s"), 10 * S, new SplittableRandom(1));
        assertThat(s.size()).isEqualTo(25);
        assertThat(s.dueOffsetNanos(1)).isEqualTo(400_000_000L);
        assertThat(s.dueOffsetNanos(24)).isEqualTo(9_600_000_000L);
        Schedule perMinute = Schedule.of(Arrivals.CONSTANT, RateText.parse("--rate", "1/m"), 180 * S,
                new SplittableRandom(1));
        assertThat(perMinute.absolute(0)).containsExactly(0, 60 * S, 120 * S);
    }

    @Test
    void poissonArrivalsAtAFractionalRateHaveItsMeanGap() {
        Schedule s = Schedule.of(Arrivals.POISSON, RateText.parse("--rate", "0.5/s"), 20_000 * S,
                new SplittableRandom(5));
        // 10_000 expected, standard deviation 100
        assertThat(s.size()).isBetween(9_500, 10_500);
    }
}
