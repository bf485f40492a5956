package io.tailguard.proxy.differential;

import java.net.InetSocketAddress;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Not thread-safe: runs every vector against tailguard (in this process) and the proxies named on
 * the command line, all in front of one recording backend, and prints one table row per vector:
 * what each proxy's client saw, and how many invariants broke. {@code scripts/differential.sh}
 * starts nginx and HAProxy and runs this.
 *
 * <pre>
 * java -cp TEST_CLASSPATH io.tailguard.proxy.differential.DifferentialMain --backend-port 18080 \
 *     --target nginx=127.0.0.1:18081 --target haproxy=127.0.0.1:18082
 * </pre>
 */
public final class DifferentialMain {

    private DifferentialMain() {
    }

    public static void main(String[] args) throws Exception {
        int backendPort = 0;
        Map<String, InetSocketAddress> targets = new LinkedHashMap<>();
        for (int i = 0; i < args.length; i += 2) {
            String value = i + 1 < args.length ? args[i + 1] : "";
            switch (args[i]) {
                case "--backend-port" -> backendPort = Integer.parseInt(value);
                case "--target" -> {
                    String[] nameAndAddress = value.split("=", 2);
                    String[] hostAndPort = nameAndAddress[1].split(":");
                    targets.put(nameAndAddress[0], new InetSocketAddress(hostAndPort[0], Integer.parseInt(hostAndPort[1])));
                }
                default -> throw new IllegalArgumentException("arguments must be --backend-port N and --target NAME=HOST:PORT"
                        + " but was " + args[i]);
            }
        }
        List<String> names = new ArrayList<>(List.of("tailguard"));
        names.addAll(targets.keySet());
        List<Row> rows = new ArrayList<>();
        try (RecordingBackend backend = new RecordingBackend(backendPort); LogCapture logs = new LogCapture()) {
            for (Vector vector : Vectors.all()) {
                List<Outcome> outcomes = new ArrayList<>();
                try (Tailguard proxy = new Tailguard(backend.address())) {
                    outcomes.add(VectorRun.run(vector, proxy.address(), backend, proxy.accessLog(), logs));
                }
                backend.dropConnections();
                for (InetSocketAddress target : targets.values()) {
                    outcomes.add(VectorRun.run(vector, target, backend, null, null));
                    backend.dropConnections();
                }
                rows.add(new Row(vector, outcomes));
            }
        }
        print(names, rows);
    }

    /** One vector and what each proxy did with it, tailguard first. */
    private record Row(Vector vector, List<Outcome> outcomes) {
    }

    private static void print(List<String> names, List<Row> rows) {
        StringBuilder header = new StringBuilder(String.format("%-5s %-8s %-60s", "id", "side", "vector"));
        names.forEach(name -> header.append(String.format(" | %-28s", name)));
        System.out.println(header);
        List<String> details = new ArrayList<>();
        for (Row row : rows) {
            StringBuilder line = new StringBuilder(String.format("%-5s %-8s %-60s", row.vector().id(), row.vector().side(),
                    cut(row.vector().title(), 60)));
            for (int i = 0; i < row.outcomes().size(); i++) {
                Outcome outcome = row.outcomes().get(i);
                List<String> broken = Invariants.check(outcome);
                line.append(String.format(" | %-28s", cut(cell(outcome, broken), 28)));
                for (String failure : broken) {
                    details.add(row.vector().id() + " " + names.get(i) + ": " + cut(failure, 240));
                }
            }
            System.out.println(line);
        }
        System.out.println();
        System.out.println("broken invariants:");
        details.forEach(System.out::println);
    }

    /** What the vector's main client saw, and "BROKEN n" when n invariants broke. */
    private static String cell(Outcome outcome, List<String> broken) {
        String tag = subject(outcome.vector());
        String seen = outcome.answer(tag).map(Seen::brief).orElse("-");
        return broken.isEmpty() ? seen : seen + " BROKEN " + broken.size();
    }

    /** The tag a reader wants first: the bad answer's, the legitimate client's, the attacker's, or the first. */
    private static String subject(Vector vector) {
        for (String suffix : List.of("-bad", "-legit", "-a")) {
            for (String tag : vector.tags()) {
                if (tag.endsWith(suffix)) {
                    return tag;
                }
            }
        }
        return vector.tags().get(0);
    }

    private static String cut(String text, int width) {
        return text.length() <= width ? text : text.substring(0, width - 1) + "~";
    }
}
