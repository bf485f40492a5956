package io.tailguard.lab.slocontrol;

import io.tailguard.sim.windowed.MillisHistogram;
import io.tailguard.sim.windowed.Server;

/** Not thread-safe tally of one request class over the scored arrivals: offered, served, sojourns, per window. */
final class ClassOutcome {

    final MillisHistogram sojourns = new MillisHistogram();
    final long[] offeredByWindow;
    final long[] servedByWindow;
    long offered;
    long served;

    ClassOutcome(int windows) {
        offeredByWindow = new long[windows];
        servedByWindow = new long[windows];
    }

    void offer(int window) {
        offered++;
        if (window < offeredByWindow.length) {
            offeredByWindow[window]++;
        }
    }

    void serve(int window, double sojournMs) {
        served++;
        sojourns.recordRounded(sojournMs);
        if (window < servedByWindow.length) {
            servedByWindow[window]++;
        }
    }

    /** Success share in percent, 100 when nothing was offered. */
    double successPct() {
        return Server.pct(served, offered, 100.0);
    }

    double successPct(int window) {
        return Server.pct(servedByWindow[window], offeredByWindow[window], 100.0);
    }
}
