package io.tailguard.journal.scan;

import io.tailguard.journal.JournalId;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.channels.FileChannel;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.zip.CRC32C;

/**
 * Thread-safe (stateless): reads and writes the small files that hold a {@link JournalId} in a
 * journal directory: {@value #JOURNAL_ID} (the journal's own identity, created at first open) and,
 * in a replica's directory, {@value #PRIMARY_ID} (the primary whose records it holds). Neither is a
 * segment file, so the segment scanner ignores them.
 *
 * <pre>
 *   Identity file (32 bytes, little-endian)
 *   +---------------------------------------------------------------+
 *   |  magic "TGID" (int32)                                         |  0
 *   +---------------------------------------------------------------+
 *   |  format version (int32) = 1                                   |  4
 *   +---------------------------------------------------------------+
 *   |  identity, first 64 bits (int64)                              |  8
 *   +---------------------------------------------------------------+
 *   |  identity, last 64 bits (int64)                               | 16
 *   +---------------------------------------------------------------+
 *   |  reserved (int32) = 0                                         | 24
 *   +---------------------------------------------------------------+
 *   |  CRC32C of bytes 0..27 (int32)                                | 28
 *   +---------------------------------------------------------------+
 * </pre>
 *
 * <p>A file is replaced atomically: written to a temporary file, forced, renamed over the old one
 * and the directory forced, so a crash leaves the old identity or the new one, never a mix.
 */
public final class IdFile {

    /** The journal's own identity. */
    public static final String JOURNAL_ID = "journal.id";
    /** In a replica's directory: the identity of the primary whose records it holds. */
    public static final String PRIMARY_ID = "primary.id";

    static final int MAGIC = 0x44494754; // "TGID" little-endian
    static final int VERSION = 1;
    static final int LENGTH = 32;
    private static final int MAGIC_OFFSET = 0;
    private static final int VERSION_OFFSET = 4;
    private static final int HIGH = 8;
    private static final int LOW = 16;
    private static final int RESERVED = 24;
    private static final int CRC = 28;

    private IdFile() {
    }

    /** Gives a journal that has none yet (its {@value #JOURNAL_ID} read as absent) a new identity. */
    public static JournalId create(Path dir) {
        JournalId id = JournalId.random();
        write(dir.resolve(JOURNAL_ID), id);
        return id;
    }

    /**
     * Returns the identity in {@code file}, or null when the file does not exist.
     *
     * @throws IllegalStateException when the file is damaged (the message names the file and how)
     */
    public static JournalId read(Path file) {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(file);
        } catch (NoSuchFileException e) {
            return null;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + file + ": " + e.getMessage(), e);
        }
        ByteBuffer b = ByteBuffer.wrap(bytes).order(ByteOrder.LITTLE_ENDIAN);
        String why = bytes.length != LENGTH ? "length " + bytes.length + " but " + LENGTH + " was expected"
                : b.getInt(MAGIC_OFFSET) != MAGIC ? "bad magic"
                : b.getInt(CRC) != crc(b) ? "checksum mismatch"
                : b.getInt(VERSION_OFFSET) != VERSION ? "format version " + b.getInt(VERSION_OFFSET) + " is not supported (this build reads "
                        + VERSION + ")"
                : JournalId.orNull(b.getLong(HIGH), b.getLong(LOW)) == null ? "identity is zero" : null;
        if (why != null) {
            throw new IllegalStateException("identity file " + file + " is damaged: " + why
                    + "; it names whose history this directory holds, so it is never replaced silently");
        }
        return new JournalId(b.getLong(HIGH), b.getLong(LOW));
    }

    /** Replaces {@code file} atomically with one holding {@code id}. */
    public static void write(Path file, JournalId id) {
        ByteBuffer b = ByteBuffer.allocate(LENGTH).order(ByteOrder.LITTLE_ENDIAN);
        b.putInt(MAGIC_OFFSET, MAGIC).putInt(VERSION_OFFSET, VERSION).putLong(HIGH, id.high()).putLong(LOW, id.low())
                .putInt(RESERVED, 0);
        b.putInt(CRC, crc(b));
        Path tmp = file.resolveSibling(file.getFileName() + ".tmp");
        try {
            try (FileChannel ch = FileChannel.open(tmp, StandardOpenOption.CREATE, StandardOpenOption.WRITE,
                    StandardOpenOption.TRUNCATE_EXISTING)) {
                while (b.hasRemaining()) {
                    ch.write(b);
                }
                ch.force(true);
            }
            try {
                Files.move(tmp, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING);
            }
            SegmentScanner.forceDirectory(file.toAbsolutePath().getParent());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write " + file + ": " + e.getMessage(), e);
        }
    }

    private static int crc(ByteBuffer b) {
        CRC32C crc = new CRC32C();
        crc.update(b.array(), 0, CRC);
        return (int) crc.getValue();
    }
}
