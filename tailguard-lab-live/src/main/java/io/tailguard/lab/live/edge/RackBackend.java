package io.tailguard.lab.live.edge;

import io.tailguard.lab.live.process.Executables;
import io.tailguard.lab.live.process.Launch;
import io.tailguard.lab.live.process.ServerProcess;
import io.tailguard.time.NanoClock;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Thread-safe handle on the article's backend: a Rack app that sleeps the service time, served by
 * Puma with one thread and no workers, so requests are served one at a time and the rest wait in
 * Puma's own unbounded queue. The app prints a line when it starts and when it finishes each
 * request, which {@link BackendLog} turns into the backend's side of every row.
 */
final class RackBackend implements AutoCloseable {

    // $stdout.sync: each event line leaves Ruby at once, so the lab timestamps it when it happens.
    // Connection: close (set in env, which Puma reads after the app returns) gives every proxy one
    // backend connection per request, as nginx's HTTP/1.0 upstream default does; on a kept-alive
    // connection Puma's single thread would idle up to 200 ms waiting for a next request that never
    // comes (its fast-track keep-alive), which would only penalise the proxies that pool.
    // TAILGUARD_PUMA_PRECHECK=off restores the article's Puma 3.9, which worked for requests whose
    // connection had already closed; since 3.10 Puma skips them on Linux (TCP_INFO check).
    private static final String CONFIG_RU = String.join("\n",
            "$stdout.sync = true",
            "if ENV['TAILGUARD_PUMA_PRECHECK'] == 'off'",
            "  Puma::Server.prepend(Module.new { def closed_socket?(_socket); false; end })",
            "end",
            "service_s = Float(ENV.fetch('TAILGUARD_SERVICE_S'))",
            "run lambda { |env|",
            "  id = env['HTTP_X_REQUEST_ID'] || '-'",
            "  puts \"" + BackendLog.START + "#{id}\"",
            "  sleep service_s",
            "  puts \"" + BackendLog.DONE + "#{id}\"",
            "  env['HTTP_CONNECTION'] = 'close'",
            "  [200, { 'content-type' => 'text/plain' }, [\"served #{id}\\n\"]]",
            "}",
            "");

    private final ServerProcess puma;
    private final BackendLog log;
    private final int port;

    private RackBackend(ServerProcess puma, BackendLog log, int port) {
        this.puma = puma;
        this.log = log;
        this.port = port;
    }

    /** Checks that Puma is installed; says which Debian packages to install if not. */
    static Path requirePuma() {
        return Executables.require("puma", "puma ruby-rack");
    }

    /**
     * Starts Puma on a free port with the app sleeping {@code serviceTime} per request.
     *
     * @param precheck whether Puma skips requests whose connection closed while they waited (Puma's
     *                 behaviour since 3.10); false behaves like the article's Puma 3.9
     */
    static RackBackend start(Duration serviceTime, boolean precheck, NanoClock clock) {
        Path puma = requirePuma();
        Launch launch = Launch.prepare("puma");
        launch.write("config.ru", CONFIG_RU);
        BackendLog log = new BackendLog(clock);
        List<String> command = List.of(puma.toString(), "--threads", "1:1", "--workers", "0",
                "--bind", "tcp://127.0.0.1:" + launch.port(), "--environment", "production", "config.ru");
        ServerProcess process = launch.start(command, log::accept,
                Map.of("TAILGUARD_SERVICE_S", String.format(Locale.ROOT, "%.3f", serviceTime.toMillis() / 1000.0),
                        "TAILGUARD_PUMA_PRECHECK", precheck ? "on" : "off"));
        return new RackBackend(process, log, launch.port());
    }

    int port() {
        return port;
    }

    BackendLog log() {
        return log;
    }

    @Override
    public void close() {
        puma.close();
    }
}
