package io.tailguard.hedge;

/** Stateless in-place selection (Hoare's quickselect), thread-safe on distinct arrays. */
final class Selection {

    private Selection() {
    }

    /**
     * Returns the value that would sit at index {@code k} if {@code values[0, size)} were sorted;
     * reorders that range.
     */
    static long select(long[] values, int size, int k) {
        int left = 0;
        int right = size - 1;
        while (left < right) {
            // median of three keeps sorted and constant windows linear
            int mid = (left + right) >>> 1;
            long pivot = median(values[left], values[mid], values[right]);
            int i = left;
            int j = right;
            while (i <= j) {
                while (values[i] < pivot) {
                    i++;
                }
                while (values[j] > pivot) {
                    j--;
                }
                if (i <= j) {
                    long swap = values[i];
                    values[i] = values[j];
                    values[j] = swap;
                    i++;
                    j--;
                }
            }
            if (k <= j) {
                right = j;
            } else if (k >= i) {
                left = i;
            } else {
                return values[k];
            }
        }
        return values[k];
    }

    private static long median(long a, long b, long c) {
        return Math.max(Math.min(a, b), Math.min(Math.max(a, b), c));
    }
}
