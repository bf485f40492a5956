/**
 * The admission SPI shared by every gate: {@link io.tailguard.admission.AdmissionPolicy#tryAcquire}
 * returns a {@link io.tailguard.admission.Permit} (completed exactly once as success, dropped or
 * ignored) or a {@link io.tailguard.admission.Rejection} carrying a
 * {@link io.tailguard.admission.RejectReason}.
 */
package io.tailguard.admission;
