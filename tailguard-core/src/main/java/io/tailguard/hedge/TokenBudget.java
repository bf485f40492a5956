package io.tailguard.hedge;

import java.util.concurrent.atomic.AtomicLong;

/**
 * Thread-safe, lock-free token budget in thousandths of a token: calls deposit, extra attempts
 * withdraw one whole token. Allocates nothing.
 */
final class TokenBudget {

    private static final long ONE_TOKEN = 1000L;

    private final long depositMillis;
    private final long capacityMillis;
    private final AtomicLong balanceMillis;

    TokenBudget(HedgeBudget config) {
        this.depositMillis = Math.max(1L, Math.round(config.maxExtraLoad() * ONE_TOKEN));
        this.capacityMillis = config.maxTokens() * ONE_TOKEN;
        this.balanceMillis = new AtomicLong(capacityMillis);
    }

    /** Credits one call's share. */
    void deposit() {
        long current;
        do {
            current = balanceMillis.get();
            if (current >= capacityMillis) {
                return;
            }
        } while (!balanceMillis.compareAndSet(current, Math.min(capacityMillis, current + depositMillis)));
    }

    /** Takes one token for an extra attempt; false (and nothing taken) if less than one is left. */
    boolean tryWithdraw() {
        long current;
        do {
            current = balanceMillis.get();
            if (current < ONE_TOKEN) {
                return false;
            }
        } while (!balanceMillis.compareAndSet(current, current - ONE_TOKEN));
        return true;
    }

    /** Returns the balance in tokens, for tests and metrics. */
    double tokens() {
        return balanceMillis.get() / (double) ONE_TOKEN;
    }
}
