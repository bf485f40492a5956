package io.tailguard.lab;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

/** Not thread-safe (test helper): checks a {@code <id>-seeds.csv} against the summary it averages. */
public final class SeedsCsv {

    /** The header README section "`--seeds K`" documents. */
    public static final String HEADER = "row,metric,seeds,first_seed,mean,ci95_low,ci95_high,ci95_half_width";

    private SeedsCsv() {
    }

    /**
     * Asserts {@code seedsCsv} has the documented header, one row per number of {@code summaryCsv}
     * (its first seed's copy; text cells name rows and are not averaged), each over {@code seeds}
     * runs with {@code ci95_low <= mean <= ci95_high}, and that at least one figure moved between seeds.
     */
    public static void assertAverages(Path seedsCsv, Path summaryCsv, int seeds, long firstSeed) throws IOException {
        List<String> lines = Files.readAllLines(seedsCsv);
        assertThat(lines.get(0)).isEqualTo(HEADER);
        assertThat(lines).hasSize(1 + numbers(Files.readAllLines(summaryCsv)));
        boolean moved = false;
        for (String line : lines.subList(1, lines.size())) {
            String[] c = line.split(",");
            assertThat(c).as(line).hasSize(8);
            assertThat(c[2]).as(line).isEqualTo(Integer.toString(seeds));
            assertThat(c[3]).as(line).isEqualTo(Long.toString(firstSeed));
            double mean = Double.parseDouble(c[4]);
            assertThat(Double.parseDouble(c[5])).as(line).isLessThanOrEqualTo(mean);
            assertThat(Double.parseDouble(c[6])).as(line).isGreaterThanOrEqualTo(mean);
            moved |= Double.parseDouble(c[7]) > 0;
        }
        assertThat(moved).as("some figure differs between seeds").isTrue();
    }

    /** Number cells of a summary whose rows each carry a text name (the series' summaries do). */
    private static int numbers(List<String> summary) {
        int n = 0;
        for (String row : summary.subList(1, summary.size())) {
            for (String cell : row.split(",")) {
                n += isNumber(cell) ? 1 : 0;
            }
        }
        return n;
    }

    private static boolean isNumber(String cell) {
        try {
            Double.parseDouble(cell);
            return true;
        } catch (NumberFormatException e) {
            return false;
        }
    }
}
