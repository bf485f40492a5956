/**
 * Cluster-wide limits on Redis: {@link io.tailguard.redis.RedisTokenBucket} (core's GCRA token
 * bucket evaluated by one Lua script, at most one round trip per decision) and
 * {@link io.tailguard.redis.RedisConcurrencyLimit} (permits that expire if their holder dies), both
 * over one {@link io.tailguard.redis.RedisLink} that bounds every wait by a timeout and decides in a
 * chosen {@link io.tailguard.redis.DegradedMode} while Redis is away.
 */
package io.tailguard.redis;
