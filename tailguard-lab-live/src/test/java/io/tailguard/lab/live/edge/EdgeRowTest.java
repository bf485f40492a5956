package io.tailguard.lab.live.edge;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.junit.jupiter.api.Test;

class EdgeRowTest {

    @Test
    void classifiesOkFastRejectAndTimeout() {
        EdgeRow ok = new EdgeRow("s", 0, "200", 5.0, true, false, 5.0);
        EdgeRow fast = new EdgeRow("s", 1, "502", 0.099, false, false, 0);
        EdgeRow lateReject = new EdgeRow("s", 2, "503", 0.100, false, false, 0);
        EdgeRow gaveUp = new EdgeRow("s", 3, "timeout", 12.0, true, true, 5.0);
        assertThat(List.of(ok.ok(), ok.fastReject(), ok.timedOut())).containsExactly(true, false, false);
        assertThat(List.of(fast.ok(), fast.fastReject(), fast.timedOut())).containsExactly(false, true, false);
        assertThat(List.of(lateReject.fastReject(), lateReject.timedOut(), lateReject.rejected()))
                .containsExactly(false, true, true);
        assertThat(List.of(gaveUp.fastReject(), gaveUp.timedOut(), gaveUp.rejected()))
                .containsExactly(false, true, false);
    }

    @Test
    void wasteIsBackendWorkForAClientThatHadGone() {
        assertThat(new EdgeRow("s", 0, "504", 30, true, true, 5.0).wastedSeconds()).isEqualTo(5.0);
        assertThat(new EdgeRow("s", 0, "200", 5, true, false, 5.0).wastedSeconds()).isZero();
        assertThat(new EdgeRow("s", 0, "502", 0, false, false, 0).wastedSeconds()).isZero();
    }

    @Test
    void summarySumsTheArticlesFirstNginxRun() {
        List<EdgeRow> rows = new java.util.ArrayList<>();
        for (int i = 0; i < 6; i++) {
            rows.add(new EdgeRow("nginx", i, "200", 5.0 * (i + 1) - 0.1 * i, true, false, 5.0));
        }
        for (int i = 6; i < 10; i++) {
            rows.add(new EdgeRow("nginx", i, "504", 30.0, true, true, 5.0));
        }
        EdgeSummary s = EdgeSummary.of("nginx", rows);
        assertThat(List.of(s.requests(), s.ok(), s.fastRejects(), s.timeouts(), s.backendServed()))
                .containsExactly(10, 6, 0, 4, 10);
        assertThat(s.wastedSeconds()).isEqualTo(20.0);
        assertThat(s.maxClient()).isEqualTo(30.0);
        assertThat(s.slowestReject()).isEqualTo(30.0);
        assertThat(EdgeFindings.statuses(rows)).isEqualTo("6 x 200, 4 x 504");
    }

    @Test
    void statusesPutHttpCodesFirstThenTimeouts() {
        List<EdgeRow> rows = List.of(new EdgeRow("s", 0, "timeout", 12, false, false, 0),
                new EdgeRow("s", 1, "503", 0, false, false, 0), new EdgeRow("s", 2, "200", 5, true, false, 5));
        assertThat(EdgeFindings.statuses(rows)).isEqualTo("1 x 200, 1 x 503, 1 x timeout");
    }
}
