-- GCRA token bucket, the same arithmetic as tailguard-core's TokenBucket (see GcraArgs for limits).
-- Every number here is an integer below 2^53, so Lua's doubles hold it exactly.
-- KEYS[1] the bucket; its value is "baseStep nextToken": the index of the next token to hand out,
--         counted from the first token of step baseStep (a step is P ns and produces T tokens).
-- ARGV    capacity C, tokens per step T, ns per step P, m = 1000/g, P/g (g = gcd(1000, P)),
--         permits n, shortest key TTL in ms, clock 'c' (caller: step q and ns-into-step r follow)
--         or 'r' (Redis TIME).
-- Returns {admitted 1/0, tokens remaining, ns until n tokens are due (0 if admitted, -1 never)}.
local C = tonumber(ARGV[1])
local T = tonumber(ARGV[2])
local P = tonumber(ARGV[3])
local n = tonumber(ARGV[6])
local minTtl = tonumber(ARGV[7])

-- floor(a / b) for b > 0, corrected because a / b is rounded before the floor
local function fdiv(a, b)
  local d = math.floor(a / b)
  if d * b > a then d = d - 1 elseif (d + 1) * b <= a then d = d + 1 end
  return d
end

-- ns from the start of the base step until `count` tokens have been produced since it
local function due(count)
  local steps = fdiv(count, T)
  local rest = count - steps * T
  return steps * P + fdiv(rest * P + T - 1, T)
end

local q, r
if ARGV[8] == 'c' then
  q = tonumber(ARGV[9])
  r = tonumber(ARGV[10])
else
  -- microseconds since 2025-01-01 fit a double for 285 years; ns would not
  local t = redis.call('TIME')
  local us = (tonumber(t[1]) - 1735689600) * 1000000 + tonumber(t[2])
  local m = tonumber(ARGV[4])
  local Pg = tonumber(ARGV[5])
  local a = fdiv(us, Pg)
  local b = (us - a * Pg) * m
  local c = fdiv(b, Pg)
  q = a * m + c
  r = (b - c * Pg) * (P / Pg)
end

local base, nxt
local state = redis.call('GET', KEYS[1])
if state then
  local s1, s2 = string.match(state, '^(%-?%d+) (%-?%d+)$')
  base = tonumber(s1)
  nxt = tonumber(s2)
end
local produced
if base then
  produced = (q - base) * T + fdiv(r * T, P)
else
  -- a missing key is a full bucket: the next token is one already produced
  base = q
  produced = fdiv(r * T, P)
  nxt = produced
end

if n > C then
  return {0, C - math.max(0, math.min(C, nxt - produced)), -1}
end
if produced < nxt + n - C then
  local wait = due(nxt + n - C) - ((q - base) * P + r)
  return {0, C - math.max(0, math.min(C, nxt - produced)), wait}
end

-- take the tokens, then rebase on this step so the stored numbers stay small
local shift = (q - base) * T
nxt = math.max(nxt, produced) + n - shift
produced = produced - shift
local ttl = due(nxt) - r
redis.call('SET', KEYS[1], string.format('%.0f %.0f', q, nxt), 'PX', math.max(minTtl, math.ceil(ttl / 1000000) + 1))
return {1, C - (nxt - produced), 0}
