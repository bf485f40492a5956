package io.tailguard.journal;

import io.tailguard.journal.segment.SegmentLayout;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.LongFunction;
import java.util.zip.CRC32C;

/**
 * Not thread-safe test helper: an encoder of the previous on-disk format (segment format version
 * 1), written from its drawing as the journal of that format wrote it: a 64-byte header whose bytes
 * 32..59 are zero (no identity, no digest), frames whose checksum is the plain CRC32C of the
 * length field and bytes 8.. of the frame, each segment ending in a roll marker when the next
 * record did not fit. Independent of the current codec's masks, so a test of reading the old
 * format does not go through the code that writes the new one.
 */
public final class PreviousFormat {

    private static final long MAGIC = ByteBuffer.wrap("TGJOURNL".getBytes(StandardCharsets.US_ASCII))
            .order(ByteOrder.LITTLE_ENDIAN).getLong();

    private PreviousFormat() {
    }

    /** Writes records 1..{@code records} ({@code payloadOf} each) into {@code dir} in version 1 segments of {@code segmentSize}. */
    public static void write(Path dir, long records, int segmentSize, LongFunction<byte[]> payloadOf) {
        try {
            Files.createDirectories(dir);
            long seq = 1;
            long base = 1;
            while (true) {
                ByteBuffer seg = ByteBuffer.allocate(segmentSize).order(ByteOrder.LITTLE_ENDIAN);
                header(seg, segmentSize, base);
                int pos = SegmentLayout.HEADER_LENGTH;
                while (seq <= records) {
                    byte[] p = payloadOf.apply(seq);
                    int frameLength = 16 + p.length;
                    if (pos + align(frameLength) > segmentSize - 8) {
                        seg.putInt(pos, -1); // roll marker
                        break;
                    }
                    seg.putInt(pos, frameLength).putLong(pos + 8, seq).put(pos + 16, p);
                    seg.putInt(pos + 4, crc(seg, pos, frameLength));
                    pos += align(frameLength);
                    seq++;
                }
                Files.write(dir.resolve(SegmentLayout.fileName(base)), seg.array());
                if (seq > records) {
                    return;
                }
                base = seq;
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void header(ByteBuffer seg, int segmentSize, long base) {
        seg.putLong(0, MAGIC).putInt(8, 1).putInt(12, 64).putLong(16, segmentSize).putLong(24, base);
        CRC32C c = new CRC32C();
        c.update(seg.array(), 0, 60);
        seg.putInt(60, (int) c.getValue());
    }

    private static int crc(ByteBuffer seg, int at, int frameLength) {
        CRC32C c = new CRC32C();
        c.update(seg.array(), at, 4);
        c.update(seg.array(), at + 8, frameLength - 8);
        return (int) c.getValue();
    }

    private static int align(int n) {
        return (n + 7) & -8;
    }

    /** Returns the record checksum of record {@code seq} with {@code payload} (the same in both formats). */
    static int recordCrc(long seq, byte[] payload) {
        ByteBuffer f = ByteBuffer.allocate(16 + payload.length).order(ByteOrder.LITTLE_ENDIAN);
        f.putInt(0, f.capacity()).putLong(8, seq).put(16, payload);
        return crc(f, 0, f.capacity());
    }
}
