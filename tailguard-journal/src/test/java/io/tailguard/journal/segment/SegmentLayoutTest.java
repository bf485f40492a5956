package io.tailguard.journal.segment;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.util.Locale;
import org.junit.jupiter.api.Test;

class SegmentLayoutTest {

    private static final long[] BASES = {0, 1, 9, 10, 32_264, 999_999_999_999L, 1_000_000_000_000_000_000L,
        Long.MAX_VALUE - 1, Long.MAX_VALUE};

    @Test
    void namesASegmentByTwentyZeroPaddedDigitsAndParsesTheNameBack() {
        assertThat(SegmentLayout.fileName(1)).isEqualTo("00000000000000000001.tgj");
        assertThat(SegmentLayout.fileName(Long.MAX_VALUE)).isEqualTo("09223372036854775807.tgj");
        for (long base : BASES) {
            String name = SegmentLayout.fileName(base);
            assertThat(name).isEqualTo(String.format(Locale.ROOT, "%020d.tgj", base));
            assertThat(SegmentLayout.baseSequenceOf(name)).isEqualTo(base);
        }
    }

    @Test
    void namesSegmentsWithAsciiDigitsWhateverTheDefaultLocale() {
        Locale before = Locale.getDefault();
        try {
            // these locales format numbers with their own digits (Arabic-Indic, Persian, Devanagari)
            for (String tag : new String[] {"ar-EG", "fa-IR", "mr-IN"}) {
                Locale.setDefault(Locale.forLanguageTag(tag));
                assertThat(SegmentLayout.fileName(32_264)).as(tag).isEqualTo("00000000000000032264.tgj");
            }
        } finally {
            Locale.setDefault(before);
        }
    }

    @Test
    void takesOnlyNamesOfTwentyAsciiDigitsThatFitALong() {
        assertThat(SegmentLayout.baseSequenceOf("\u0660".repeat(15) + "\u0663\u0662\u0662\u0666\u0664.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("+0000000000000000001.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("-0000000000000000001.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("09223372036854775808.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("99999999999999999999.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("0000000000000000001.tgj")).isEqualTo(-1);
        assertThat(SegmentLayout.baseSequenceOf("00000000000000000001.tgx")).isEqualTo(-1);
    }

    @Test
    void refusesANegativeBaseSequence() {
        assertThatThrownBy(() -> SegmentLayout.fileName(-1))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("baseSequence must be >= 0 but was -1");
    }
}
