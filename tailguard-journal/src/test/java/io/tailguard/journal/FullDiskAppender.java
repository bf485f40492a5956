package io.tailguard.journal;

import io.tailguard.journal.durability.Durability;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;

/**
 * Child process of {@link FullDiskTest}: appends {@link CrashAppender#payload} records to a journal
 * on a small file system until an append fails, verifies the full directory, waits for the parent
 * to free space (a line on standard input), appends {@code more} records and verifies again.
 * Prints one line per event: {@code error} (the journal's error handler, never a stack trace),
 * {@code committed}, {@code failed}, {@code written}, {@code verify}, {@code full}, {@code resumed},
 * {@code uncaught} (a thread that died), {@code done}.
 */
public final class FullDiskAppender {

    private FullDiskAppender() {
    }

    /** Args: directory, segment size in bytes, durability ({@code none} or {@code sync}), records to append after space is freed. */
    public static void main(String[] args) throws IOException {
        Path dir = Path.of(args[0]);
        int segment = Integer.parseInt(args[1]);
        Durability durability = args[2].equals("none") ? Durability.none() : Durability.sync();
        int more = Integer.parseInt(args[3]);
        PrintStream out = System.out;
        Thread.setDefaultUncaughtExceptionHandler((t, e) -> line(out, "uncaught " + t.getName() + " " + e));
        ErrorHandler errors = (message, cause) -> line(out, "error " + message + (cause == null ? "" : ": " + cause));
        BufferedReader in = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.US_ASCII));
        try (Journal j = Journal.open(JournalConfig.builder(dir).segmentSizeBytes(segment).durability(durability)
                .errors(errors).build())) {
            long seq = j.writtenSequence();
            while (true) {
                try {
                    line(out, "committed " + j.appendBlocking(CrashAppender.payload(seq + 1)));
                    seq++;
                } catch (RuntimeException e) {
                    line(out, "failed " + e.getClass().getName() + ": " + e.getMessage());
                    break;
                }
            }
            line(out, "written " + j.writtenSequence());
            line(out, "verify " + Journal.verify(dir).summary());
            line(out, "full");
            in.readLine();
            for (int i = 0; i < more; i++) {
                seq++;
                line(out, "resumed " + j.appendBlocking(CrashAppender.payload(seq)));
            }
        }
        line(out, "verify " + Journal.verify(dir).summary());
        line(out, "done");
    }

    private static void line(PrintStream out, String line) {
        synchronized (out) {
            out.println(line.replace('\n', ' '));
            out.flush();
        }
    }
}
