/**
 * Durability policies as pure state machines: {@code none} (OS write-back), {@code sync}
 * (group commit), {@code periodic:<interval>} and {@code selective} (force when a record's value
 * or the value accumulated since the last force crosses a threshold, or after a maximum interval).
 */
package io.tailguard.journal.durability;
