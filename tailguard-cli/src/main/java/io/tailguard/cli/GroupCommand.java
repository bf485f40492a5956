package io.tailguard.cli;

import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

/** Not thread-safe (one command run): a command that only groups subcommands; run alone, it prints its usage. */
public abstract class GroupCommand implements Runnable {

    @Spec
    CommandSpec spec;

    @Override
    public final void run() {
        spec.commandLine().usage(spec.commandLine().getOut());
    }
}
