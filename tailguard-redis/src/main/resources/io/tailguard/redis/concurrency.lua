-- Distributed concurrency limit: KEYS[1] is a sorted set of permit ids scored by the Redis time
-- (ms) at which each expires, so a permit whose holder died frees itself.
-- ARGV  limit, permit time-to-live in ms, permit id.
-- Returns {admitted 1/0, permits in flight after the decision, ms until the oldest permit expires}.
local limit = tonumber(ARGV[1])
local ttl = tonumber(ARGV[2])
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
local held = redis.call('ZCARD', KEYS[1])
if held < limit then
  redis.call('ZADD', KEYS[1], now + ttl, ARGV[3])
  redis.call('PEXPIRE', KEYS[1], ttl)
  return {1, held + 1, 0}
end
local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
return {0, held, tonumber(oldest[2]) - now}
