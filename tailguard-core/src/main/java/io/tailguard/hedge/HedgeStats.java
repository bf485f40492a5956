package io.tailguard.hedge;

/**
 * What a {@link Hedger} has counted since it was made. The four counters are read one after
 * another, so a snapshot taken while calls run may be off by the calls in between.
 *
 * @param calls calls started
 * @param extraAttempts attempts started beyond the first of each call
 * @param budgetDenials times an extra attempt was due but the budget was spent
 * @param hedgesWon calls won by an attempt other than the first: the hedges that paid off
 */
public record HedgeStats(long calls, long extraAttempts, long budgetDenials, long hedgesWon) {}
