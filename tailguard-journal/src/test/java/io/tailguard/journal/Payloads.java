package io.tailguard.journal;

import java.util.ArrayList;
import java.util.List;

/** Not thread-safe test helper: the payloads a tailer hands out, copied. */
public final class Payloads {

    private Payloads() {
    }

    /** Polls {@code tailer} until it has nothing more and returns a copy of every payload, in order. */
    public static List<byte[]> drain(Tailer tailer) {
        List<byte[]> out = new ArrayList<>();
        while (tailer.poll((seq, payload) -> {
            byte[] b = new byte[payload.remaining()];
            payload.get(b);
            out.add(b);
        })) {
            // next record
        }
        return out;
    }
}
