package io.tailguard.proxy.config;

import java.util.regex.Pattern;
import org.yaml.snakeyaml.nodes.Tag;
import org.yaml.snakeyaml.resolver.Resolver;

/**
 * Not thread-safe (one per load): SnakeYAML's resolver without YAML 1.1's surprises. Only
 * {@code true}/{@code false} are booleans, so {@code access-log: off} stays the word "off" (not false)
 * and {@code on}/{@code no}/{@code yes} are text; no scalar becomes a timestamp.
 */
final class PlainResolver extends Resolver {

    private static final Pattern BOOL = Pattern.compile("^(?:true|True|TRUE|false|False|FALSE)$");

    @Override
    protected void addImplicitResolvers() {
        addImplicitResolver(Tag.BOOL, BOOL, "tTfF");
        addImplicitResolver(Tag.INT, INT, "-+0123456789");
        addImplicitResolver(Tag.FLOAT, FLOAT, "-+0123456789.");
        addImplicitResolver(Tag.MERGE, MERGE, "<");
        addImplicitResolver(Tag.NULL, NULL, "~nN\0");
        addImplicitResolver(Tag.NULL, EMPTY, null);
    }
}
