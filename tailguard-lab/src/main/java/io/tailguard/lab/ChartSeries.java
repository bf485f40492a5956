package io.tailguard.lab;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/** Thread-safe (stateless) chart series read from a run's typed rows, in row order. */
public final class ChartSeries {

    private ChartSeries() {
    }

    /** Returns {@code value} of every row, in order: an x axis or one series. */
    public static <R> List<Number> column(List<R> rows, Function<? super R, ? extends Number> value) {
        return rows.stream().<Number>map(value).toList();
    }

    /** Returns two named series, in this order, in a map that keeps its order as more are put. */
    public static <R> Map<String, List<? extends Number>> of(List<R> rows, String first,
            Function<? super R, ? extends Number> firstValue, String second,
            Function<? super R, ? extends Number> secondValue) {
        Map<String, List<? extends Number>> series = new LinkedHashMap<>();
        series.put(first, column(rows, firstValue));
        series.put(second, column(rows, secondValue));
        return series;
    }
}
