package io.tailguard.lab.slocontrol;

import io.tailguard.artifacts.Cells;
import io.tailguard.artifacts.CsvRow;
import java.util.List;

/**
 * Thread-safe (immutable) one row of the protection sweep: one policy at one constant offered load.
 *
 * @param policy                blind or priority
 * @param offeredRps            arrivals per second
 * @param criticalOfferedRps    critical arrivals per second
 * @param criticalSuccessPct    share of critical requests served on time
 * @param backgroundSuccessPct  share of background requests served on time
 * @param criticalP99Ms         p99 sojourn of served critical requests
 * @param backgroundP99Ms       p99 sojourn of served background requests
 * @param goodputRps            on-time completions per second
 */
record ProtectionRow(String policy, double offeredRps, double criticalOfferedRps, double criticalSuccessPct,
                     double backgroundSuccessPct, long criticalP99Ms, long backgroundP99Ms, double goodputRps)
        implements CsvRow {

    static final List<String> HEADER = List.of("policy", "offered_rps", "critical_offered_rps",
            "critical_success_pct", "background_success_pct", "critical_p99_ms", "background_p99_ms",
            "critical_slo_met", "total_goodput_rps");

    static ProtectionRow of(String policy, SloControlModel m) {
        return new ProtectionRow(policy, m.offeredRps(), m.criticalOfferedRps(), m.critical.successPct(),
                m.background.successPct(), m.critical.sojourns.percentile(99.0),
                m.background.sojourns.percentile(99.0), m.goodputRps());
    }

    @Override
    public List<String> cells() {
        return Cells.row("%s,%.1f,%.1f,%.1f,%.1f,%.1f,%.1f,%s,%.1f", policy, offeredRps, criticalOfferedRps,
                criticalSuccessPct, backgroundSuccessPct, (double) criticalP99Ms, (double) backgroundP99Ms,
                criticalSuccessPct >= SloLoadControlExperiment.SLO_PCT ? "yes" : "no", goodputRps);
    }
}
