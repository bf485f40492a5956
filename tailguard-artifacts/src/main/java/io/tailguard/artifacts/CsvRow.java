package io.tailguard.artifacts;

import java.util.List;

/**
 * Thread-safe if the implementing record is: one typed row of a {@link CsvTable}, which formats
 * its own cells. Code that reads a run's figures reads the records, never the formatted cells.
 */
public interface CsvRow {

    /** Returns this row's cells, formatted as the table writes them, as many as the header. */
    List<String> cells();
}
