package io.tailguard.journal;

import io.tailguard.journal.scan.RecordReader;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.function.Predicate;

/** Not thread-safe test helper: the payloads a tailer or a journal directory hands out, copied. */
public final class Payloads {

    private Payloads() {
    }

    /** Returns a copy of every payload of the journal in {@code dir}, in order. */
    public static List<byte[]> read(Path dir) {
        try (Tailer t = Tailer.open(dir, 1)) {
            return drain(t);
        }
    }

    /** Polls {@code tailer} until it has nothing more and returns a copy of every payload, in order. */
    public static List<byte[]> drain(Tailer tailer) {
        return drain(tailer::poll);
    }

    /** Polls {@code reader} until it has nothing more and returns a copy of every payload, in order. */
    public static List<byte[]> drain(RecordReader reader) {
        return drain(reader::poll);
    }

    private static List<byte[]> drain(Predicate<RecordHandler> poll) {
        List<byte[]> out = new ArrayList<>();
        while (poll.test((seq, payload) -> {
            byte[] b = new byte[payload.remaining()];
            payload.get(b);
            out.add(b);
        })) {
            // next record
        }
        return out;
    }
}
