package io.tailguard.journal.segment;

/** Thread-safe (immutable): the outcome of checking the frame at a position of a segment (a value, never an exception). */
public enum FrameStatus {
    /** A complete frame with a matching checksum and the expected sequence. */
    OK,
    /** Nothing written at this position yet (frame length 0). */
    END,
    /** The segment ends here; the next record is in the next segment file. */
    ROLL,
    /** The frame length is outside the segment or smaller than a frame header. */
    BAD_LENGTH,
    /** The CRC32C does not match the frame's bytes. */
    BAD_CHECKSUM,
    /** The checksum matches but the sequence is not the previous one plus one. */
    BAD_SEQUENCE;

    /** Returns a short lower-case reason for reports. */
    public String reason() {
        return switch (this) {
            case OK -> "ok";
            case END -> "no record here (length 0: zeroed or never written)";
            case ROLL -> "roll";
            case BAD_LENGTH -> "frame length out of range";
            case BAD_CHECKSUM -> "checksum mismatch";
            case BAD_SEQUENCE -> "sequence out of order";
        };
    }
}
