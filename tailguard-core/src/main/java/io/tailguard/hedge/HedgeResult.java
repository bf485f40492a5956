package io.tailguard.hedge;

/**
 * Thread-safe (immutable, if the value is) outcome of a successful hedged call.
 *
 * @param value the winning attempt's value
 * @param winningAttempt which attempt answered first, counting from 1
 * @param attemptsStarted how many attempts the call started (1 means it never hedged)
 * @param <T> the value type
 */
public record HedgeResult<T>(T value, int winningAttempt, int attemptsStarted) {
}
