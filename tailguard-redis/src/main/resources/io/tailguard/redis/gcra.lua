-- GCRA token bucket, the same arithmetic as tailguard-core's TokenBucket (see GcraArgs for limits).
-- Every number here is an integer below 2^53 in magnitude, so Lua's doubles hold it exactly, and
-- floor(a / b) is exact for such an a and a positive integer b: a non-integer a / b lies at least
-- 1/b from an integer while rounding moves it by less than |a / b| * 2^-53 < 1/b.
-- Time counts in ticks of u = I / J ns, I = P / T ns being the emission interval and J = floor(I),
-- so a token is J ticks and a step of P ns is J * T ticks; r ns into a step is tick r - ceil(r * M / P)
-- of it, M = P - J * T. A tick is 1 ns when I is whole (M = 0).
-- KEYS[1] the bucket; its value packs three doubles (struct 'ddd'): baseStep, and the theoretical
--         arrival time TAT as tokens a and ticks b < J into the next, counted from the first token of
--         step baseStep. Binary because formatting numbers into text cost more than the rest of the
--         arithmetic. A value of 16 bytes is the earlier layout ('dd': baseStep and the index of the
--         next token), whose TAT is that token with b = 0; any other value reads as a missing key (a
--         full bucket).
-- ARGV    capacity C, tokens per step T, ns per step P, m = 1000/g, P/g (g = gcd(1000, P)),
--         permits n, shortest key TTL in ms, clock 'c' (caller: step q and ns-into-step r follow)
--         or 'r' (Redis TIME).
-- Admits n tokens iff TAT - now <= (C - n) * J ticks, and then TAT = max(TAT, now) + n * J.
-- Returns {admitted 1/0, tokens remaining, ns until n tokens are due (0 if admitted, -1 never)}.
-- Kept lean: Redis runs it once per decision, and every Lua call in it is server time per decision.
local floor = math.floor
local C = tonumber(ARGV[1])
local T = tonumber(ARGV[2])
local P = tonumber(ARGV[3])
local n = tonumber(ARGV[6])
local J = floor(P / T)
local M = P - J * T

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

-- now: tick s of step q, as whole tokens A0 and ticks B past them
local s = r - floor((r * M + P - 1) / P)
local A0 = floor(s / J)
local B = s - A0 * J

-- ns from the start of step q to the first whole ns of the tick d tokens and e ticks past its start
local function nanos(d, e)
  local k = floor(d / T)
  local x = (d - k * T) * J + e
  return k * P + x + floor((x * M + P - M - 1) / (P - M))
end

local base, a, b
local state = redis.call('GET', KEYS[1])
if state and #state == 24 then
  base, a, b = struct.unpack('ddd', state)
elseif state and #state == 16 then
  base, a = struct.unpack('dd', state)
  b = 0
else
  base, a, b = q, A0, B
end
-- counted from the first token of step q from here on
a = a - (q - base) * T

local owed = 0
if a > A0 or (a == A0 and b > B) then
  owed = a - A0
  if b > B then owed = owed + 1 end
end
local held = C - owed
if held < 0 then held = 0 end

local due = a - C + n
if n > C or due > A0 or (due == A0 and b > B) then
  if n > C then
    return {0, held, -1}
  end
  return {0, held, nanos(due, b) - r}
end

if a < A0 or (a == A0 and b < B) then
  a, b = A0, B
end
a = a + n
-- the key lives until the bucket is full again, when TAT is due
local ttl = math.ceil((nanos(a, b) - r) / 1000000) + 1
local minTtl = tonumber(ARGV[7])
if ttl < minTtl then
  ttl = minTtl
end
redis.call('SET', KEYS[1], struct.pack('ddd', q, a, b), 'PX', ttl)
owed = a - A0
if b > B then owed = owed + 1 end
return {1, C - owed, 0}
