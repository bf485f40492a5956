/** Validation checks shared by every policy's config record. */
package io.tailguard.config;
