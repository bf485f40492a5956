package io.tailguard.cli;

import picocli.CommandLine;

/**
 * Thread-safe (stateless): turns an exception from a command into one line on stderr. A user mistake
 * ({@link UsageException}, {@link IllegalArgumentException}) exits 2; anything else exits 1.
 * Set {@code TAILGUARD_DEBUG=1} to also print the stack trace.
 */
final class FailureHandler implements CommandLine.IExecutionExceptionHandler {

    @Override
    public int handleExecutionException(Exception ex, CommandLine cmd, CommandLine.ParseResult parsed) {
        boolean usage = ex instanceof UsageException || ex instanceof IllegalArgumentException;
        String message = ex.getMessage() == null ? ex.getClass().getSimpleName() : ex.getMessage();
        // a message from a library may span lines; the one-line contract holds for it too
        String oneLine = message.strip().replaceAll("\\s*\\R\\s*", " ");
        cmd.getErr().println("tailguard: " + (usage ? "" : "error: ") + oneLine);
        if (System.getenv("TAILGUARD_DEBUG") != null) {
            ex.printStackTrace(cmd.getErr());
        }
        return usage ? CommandLine.ExitCode.USAGE : CommandLine.ExitCode.SOFTWARE;
    }
}
