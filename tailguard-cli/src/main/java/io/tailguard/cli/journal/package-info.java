/** The {@code tailguard journal} subcommands: {@code bench}, {@code replica} and {@code verify}. */
package io.tailguard.cli.journal;
