-- GCRA token bucket, the same arithmetic as tailguard-core's TokenBucket (see GcraArgs for limits).
-- Every number here is an integer below 2^53 in magnitude, so Lua's doubles hold it exactly, and
-- floor(a / b) is exact for such an a and a positive integer b: a non-integer a / b lies at least
-- 1/b from an integer while rounding moves it by less than |a / b| * 2^-53 < 1/b.
-- KEYS[1] the bucket; its value packs two doubles (struct 'dd'): baseStep and nextToken, the index of
--         the next token to hand out, counted from the first token of step baseStep (a step is P ns
--         and produces T tokens). Binary because formatting numbers into text cost more than the
--         rest of the arithmetic; any other value reads as a missing key (a full bucket).
-- ARGV    capacity C, tokens per step T, ns per step P, m = 1000/g, P/g (g = gcd(1000, P)),
--         permits n, shortest key TTL in ms, clock 'c' (caller: step q and ns-into-step r follow)
--         or 'r' (Redis TIME).
-- Returns {admitted 1/0, tokens remaining, ns until n tokens are due (0 if admitted, -1 never)}.
-- Kept lean: Redis runs it once per decision, and every Lua call in it is server time per decision.
local floor = math.floor
local C = tonumber(ARGV[1])
local T = tonumber(ARGV[2])
local P = tonumber(ARGV[3])
local n = tonumber(ARGV[6])

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
  local a = floor(us / Pg)
  local b = (us - a * Pg) * m
  local c = floor(b / Pg)
  q = a * m + c
  r = (b - c * Pg) * (P / Pg)
end

local base, nxt, produced
local state = redis.call('GET', KEYS[1])
if state and #state == 16 then
  base, nxt = struct.unpack('dd', state)
  produced = (q - base) * T + floor(r * T / P)
else
  -- a missing key is a full bucket: the next token is one already produced
  base = q
  produced = floor(r * T / P)
  nxt = produced
end

if n > C or produced < nxt + n - C then
  local held = nxt - produced
  if held < 0 then held = 0 elseif held > C then held = C end
  if n > C then
    return {0, C - held, -1}
  end
  -- ns from the start of the base step until token nxt + n - C is produced, minus now
  local count = nxt + n - C
  local steps = floor(count / T)
  local due = steps * P + floor(((count - steps * T) * P + T - 1) / T)
  return {0, C - held, due - ((q - base) * P + r)}
end

-- take the tokens, then rebase on this step so the stored numbers stay small
local shift = (q - base) * T
if produced > nxt then
  nxt = produced
end
nxt = nxt + n - shift
produced = produced - shift
-- the key lives until the bucket is full again: token nxt is due, counted from this step's start
local steps = floor(nxt / T)
local ttl = math.ceil((steps * P + floor(((nxt - steps * T) * P + T - 1) / T) - r) / 1000000) + 1
local minTtl = tonumber(ARGV[7])
if ttl < minTtl then
  ttl = minTtl
end
redis.call('SET', KEYS[1], struct.pack('dd', q, nxt), 'PX', ttl)
return {1, C - (nxt - produced), 0}
