package io.tailguard.path;

import java.util.ArrayList;
import java.util.List;

/** Not thread-safe: a host that writes down every command, for tests. */
final class RecordingHost implements PathHost<String> {

    final List<String> commands = new ArrayList<>();

    @Override
    public void forward(String request, int backend, int attempt) {
        commands.add("forward " + request + " to " + backend + " as " + attempt);
    }

    @Override
    public void answer(String request, LocalAnswer answer, long retryAfterSeconds) {
        commands.add("answer " + request + " " + answer.status() + " " + answer.reasonName()
                + (retryAfterSeconds > 0 ? " retry-after " + retryAfterSeconds : ""));
    }

    @Override
    public void cancel(String request, int attempt) {
        commands.add("cancel " + request + " " + attempt);
    }

    @Override
    public void askGate(String request) {
        commands.add("ask gate for " + request);
    }

    /** Returns the commands since the last call and forgets them. */
    List<String> take() {
        List<String> taken = List.copyOf(commands);
        commands.clear();
        return taken;
    }
}
