/**
 * The {@code tailguard journal} subcommands: {@code bench} (its runs are in
 * {@code tailguard-journal-load}), {@code replica}, {@code verify} and {@code repair}.
 */
package io.tailguard.cli.journal;
