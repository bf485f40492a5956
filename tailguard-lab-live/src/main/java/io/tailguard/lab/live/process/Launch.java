package io.tailguard.lab.live.process;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Not thread-safe preparation of one server: a fresh temporary directory and a free loopback port,
 * the files the server reads written there, then {@link #start}.
 *
 * @param name the server's name, for directory names and messages
 * @param dir  its temporary directory, deleted when the server is closed
 * @param port the free port on 127.0.0.1 it must listen on
 */
public record Launch(String name, Path dir, int port) {

    /** Creates the directory and picks the port. */
    public static Launch prepare(String name) {
        return new Launch(name, ServerProcess.tempDir(name), FreePort.next());
    }

    /** Writes {@code text} into {@code file} in the server's directory and returns its path. */
    public Path write(String file, String text) {
        Path path = dir.resolve(file);
        try {
            Files.writeString(path, text);
        } catch (IOException e) {
            throw new UncheckedIOException("could not write " + path + ": " + e.getMessage(), e);
        }
        return path;
    }

    /** Starts {@code command} in the directory and waits until it listens on the port. */
    public ServerProcess start(List<String> command, Consumer<String> lines, Map<String, String> env) {
        return ServerProcess.start(name, command, dir, port, lines, env);
    }
}
