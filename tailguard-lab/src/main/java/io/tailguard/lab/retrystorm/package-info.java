/**
 * The published lab's retry-storms experiment: retries at every hop of a chain multiply the attempts
 * that reach a database that is down, and abandoned attempts keep running.
 */
package io.tailguard.lab.retrystorm;
