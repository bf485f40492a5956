package io.tailguard.redis;

import io.lettuce.core.RedisNoScriptException;
import io.lettuce.core.ScriptOutputType;
import io.lettuce.core.api.async.RedisAsyncCommands;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Thread-safe (immutable): a Lua script run with {@code EVALSHA}. Its SHA-1 is computed here, so
 * nothing is loaded up front; a {@code NOSCRIPT} answer (a restarted or failed-over server, a
 * {@code SCRIPT FLUSH}) is answered with one {@code EVAL}, which also puts the script back in the
 * server's cache for every later call.
 */
final class LuaScript {

    private final String text;
    private final String sha;

    private LuaScript(String text) {
        this.text = text;
        this.sha = sha1(text);
    }

    /** Reads the script {@code name} from this package's resources. */
    static LuaScript resource(String name) {
        try (InputStream in = LuaScript.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException("missing script resource " + name);
            }
            return new LuaScript(new String(in.readAllBytes(), StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Runs the script: one round trip, two after the server has forgotten it. */
    CompletableFuture<List<Object>> run(RedisAsyncCommands<String, String> redis, String[] keys, String... args) {
        CompletableFuture<List<Object>> first =
                redis.<List<Object>>evalsha(sha, ScriptOutputType.MULTI, keys, args).toCompletableFuture();
        return first.exceptionallyCompose(error -> unwrap(error) instanceof RedisNoScriptException
                ? redis.<List<Object>>eval(text, ScriptOutputType.MULTI, keys, args)
                : CompletableFuture.failedStage(error));
    }

    String sha() {
        return sha;
    }

    private static Throwable unwrap(Throwable error) {
        return error instanceof CompletionException && error.getCause() != null ? error.getCause() : error;
    }

    private static String sha1(String text) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-1").digest(text.getBytes(StandardCharsets.UTF_8));
            return HexFormat.of().formatHex(digest);
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("the JDK always provides SHA-1", e);
        }
    }
}
