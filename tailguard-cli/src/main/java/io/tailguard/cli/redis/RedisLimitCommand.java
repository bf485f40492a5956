package io.tailguard.cli.redis;

import io.tailguard.cli.GroupCommand;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/** Not thread-safe (one command run): {@code tailguard redis-limit}, the cluster-wide limits on Redis. */
@Command(
        name = "redis-limit",
        mixinStandardHelpOptions = true,
        description = "Cluster-wide limits on Redis: try a shared token bucket by hand.",
        subcommands = {RedisCheckCommand.class, CommandLine.HelpCommand.class})
public final class RedisLimitCommand extends GroupCommand {
}
