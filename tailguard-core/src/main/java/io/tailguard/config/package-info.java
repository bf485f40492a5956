/** Validation checks shared by every policy's config record, and the field-handle lookup of the lock-free classes. */
package io.tailguard.config;
