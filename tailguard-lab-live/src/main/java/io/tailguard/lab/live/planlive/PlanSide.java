package io.tailguard.lab.live.planlive;

import io.tailguard.path.PoolSettings;
import io.tailguard.path.RouteSettings;
import io.tailguard.proxy.config.PathSettings;
import io.tailguard.proxy.config.ProxyConfig;
import io.tailguard.proxy.config.ProxyConfigFile;
import io.tailguard.proxy.config.RouteConfig;
import io.tailguard.sim.path.BackendModel;
import io.tailguard.sim.arrival.ArrivalSource;
import io.tailguard.sim.path.PathResult;
import io.tailguard.sim.path.PathSimulation;
import io.tailguard.sim.path.Traffic;
import io.tailguard.sim.service.ServiceModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless): what {@code tailguard plan} predicts for a scenario at one rate: the
 * scenario's YAML read by the proxy's own parser, mapped to the decision path's settings by the
 * proxy's own mapping, run by the plan's {@link PathSimulation} against the backends' models from
 * the same {@code --service} text the live backends serve by, with Poisson arrivals and a fixed
 * patience as {@code tailguard plan --patience} gives it. It simulates the live step's span, its
 * warm-up included and not counted, so an adaptive limit has moved as far as the live one has. Its
 * backends draw the service times the live backends drew ({@link LiveDraws}); its seeds vary the
 * arrivals and everything else the simulation draws.
 */
final class PlanSide {

    private PlanSide() {
    }

    /**
     * Returns the plan for {@code scenario} at {@code rps} over the live step's span: {@code warmup}
     * not counted, then {@code duration} counted, with {@code hop} per forward as {@code tailguard plan
     * --hop} gives it, once per seed from {@code seed} on.
     */
    static PlanFigures run(Scenario scenario, double rps, Duration patience, Duration warmup, Duration duration,
                           Duration hop, long seed, int seeds) {
        List<Integer> ports = new ArrayList<>();
        for (int i = 0; i < scenario.services().size(); i++) {
            // the plan reads backends by position; the ports only have to be valid and distinct
            ports.add(9000 + i);
        }
        ProxyConfig config = ProxyConfigFile.parse(scenario.yaml(ports));
        PoolSettings pool = PathSettings.pool(config.pools().get(0));
        List<RouteSettings> routes = new ArrayList<>();
        for (int i = 0; i < config.routes().size(); i++) {
            RouteConfig route = config.routes().get(i);
            routes.add(PathSettings.route(route, i));
        }
        List<String> keys = new ArrayList<>();
        for (int i = 1; i <= scenario.clients(); i++) {
            keys.add("client-" + i);
        }
        Traffic traffic = new Traffic(ArrivalSource.poisson(rps), warmup.plus(duration), ServiceModel.fixed(patience),
                scenario.deadlineShare(), keys, true);
        List<PathResult> runs = new ArrayList<>();
        for (int s = 0; s < seeds; s++) {
            runs.add(PathSimulation.run(pool, routes, liveDraws(scenario.models(), seed), traffic, seed + s, warmup,
                    hop));
        }
        return PlanFigures.of(runs);
    }

    /** Returns {@code models} each drawing the service times its live backend drew with {@code seed}. */
    private static List<BackendModel> liveDraws(List<BackendModel> models, long seed) {
        List<BackendModel> same = new ArrayList<>();
        for (int i = 0; i < models.size(); i++) {
            BackendModel m = models.get(i);
            same.add(new BackendModel(m.workers(), LiveDraws.of(m.service(), seed, i), m.slowdown(),
                    m.refusedShare()));
        }
        return same;
    }
}
