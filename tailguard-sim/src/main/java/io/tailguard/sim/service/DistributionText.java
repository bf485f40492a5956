package io.tailguard.sim.service;

import io.tailguard.config.DurationText;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * Thread-safe (stateless): reads a distribution of durations as {@code tailguard plan} and
 * {@code tailguard backend} take it: {@code fixed(20ms)}, {@code exp(20ms)} (mean),
 * {@code lognormal(p50=40ms,p99=300ms)}, {@code mix(0.9:fixed(5ms),0.1:fixed(200ms))} or
 * {@code file(latencies.txt)} (one latency in milliseconds per line: an empirical distribution). A
 * bare duration ({@code 2s}) is fixed. The plan and the live backend both read it here, so one text
 * means one distribution in both.
 */
public final class DistributionText {

    /** z of the standard normal at 0.99: a lognormal's p99 is its median times exp(sigma z). */
    private static final double Z99 = 2.3263478740408408;

    private DistributionText() {
    }

    /**
     * Parses {@code text}; {@code name} (a flag such as {@code --patience}) starts every message.
     *
     * @throws IllegalArgumentException "NAME must be fixed(20ms), exp(20ms), ... but was 'x'"
     */
    public static ServiceModel parse(String name, String text) {
        String t = text == null ? "" : text.trim();
        String usage = name + " must be fixed(20ms), exp(20ms), lognormal(p50=40ms,p99=300ms), "
                + "mix(0.9:fixed(5ms),0.1:fixed(200ms)) or file(latencies.txt) but was '" + t + "'";
        Duration bare = DurationText.parseOrNull(t);
        if (bare != null && !bare.isNegative()) {
            return ServiceModel.fixed(bare);
        }
        int open = t.indexOf('(');
        if (open < 0 || !t.endsWith(")")) {
            throw new IllegalArgumentException(usage);
        }
        String kind = t.substring(0, open).trim();
        String inside = t.substring(open + 1, t.length() - 1).trim();
        return switch (kind) {
            case "fixed" -> ServiceModel.fixed(duration(inside, usage));
            case "exp" -> ServiceModel.exponential(positive(inside, usage));
            case "lognormal" -> lognormal(inside, usage);
            case "mix" -> mix(name, inside, usage);
            case "file" -> file(name, inside);
            default -> throw new IllegalArgumentException(usage);
        };
    }

    private static ServiceModel lognormal(String inside, String usage) {
        Duration p50 = null;
        Duration p99 = null;
        for (String part : inside.split(",")) {
            String[] kv = part.split("=", 2);
            if (kv.length != 2) {
                throw new IllegalArgumentException(usage);
            }
            switch (kv[0].trim()) {
                case "p50" -> p50 = positive(kv[1], usage);
                case "p99" -> p99 = positive(kv[1], usage);
                default -> throw new IllegalArgumentException(usage);
            }
        }
        if (p50 == null || p99 == null || p99.compareTo(p50) < 0) {
            throw new IllegalArgumentException(usage);
        }
        double sigma = Math.log((double) p99.toNanos() / p50.toNanos()) / Z99;
        return ServiceModel.lognormal(p50, sigma);
    }

    private static ServiceModel mix(String name, String inside, String usage) {
        List<ServiceModel> parts = new ArrayList<>();
        List<Double> weights = new ArrayList<>();
        for (String component : splitTopLevel(inside)) {
            int colon = component.indexOf(':');
            if (colon < 0) {
                throw new IllegalArgumentException(usage);
            }
            try {
                double weight = Double.parseDouble(component.substring(0, colon).trim());
                if (!(weight > 0)) {
                    throw new IllegalArgumentException(usage);
                }
                weights.add(weight);
            } catch (NumberFormatException notANumber) {
                throw new IllegalArgumentException(usage);
            }
            parts.add(parse(name, component.substring(colon + 1)));
        }
        if (parts.isEmpty()) {
            throw new IllegalArgumentException(usage);
        }
        double[] w = new double[weights.size()];
        for (int i = 0; i < w.length; i++) {
            w[i] = weights.get(i);
        }
        return ServiceModel.mixture(parts, w);
    }

    private static ServiceModel file(String name, String inside) {
        Path path = Path.of(inside);
        List<Duration> samples = new ArrayList<>();
        try {
            for (String line : Files.readAllLines(path)) {
                String l = line.trim();
                if (l.isEmpty() || l.startsWith("#")) {
                    continue;
                }
                double millis = Double.parseDouble(l);
                if (!(millis >= 0)) {
                    throw new NumberFormatException(l);
                }
                samples.add(Duration.ofNanos(Math.round(millis * 1e6)));
            }
        } catch (IOException e) {
            throw new IllegalArgumentException(name + " file must be a readable file but was " + path + " (" + e.getMessage()
                    + ")");
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException(name + " file must hold one latency in milliseconds per line but " + path
                    + " has '" + e.getMessage() + "'");
        }
        if (samples.isEmpty()) {
            throw new IllegalArgumentException(name + " file must hold at least one latency but " + path + " has none");
        }
        return ServiceModel.empirical(samples);
    }

    /** Splits at commas that are not inside parentheses. */
    public static List<String> splitTopLevel(String text) {
        List<String> parts = new ArrayList<>();
        int depth = 0;
        int start = 0;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            } else if (c == ',' && depth == 0) {
                parts.add(text.substring(start, i).trim());
                start = i + 1;
            }
        }
        String last = text.substring(start).trim();
        if (!last.isEmpty()) {
            parts.add(last);
        }
        return parts;
    }

    private static Duration duration(String text, String usage) {
        Duration d = DurationText.parseOrNull(text);
        if (d == null || d.isNegative()) {
            throw new IllegalArgumentException(usage);
        }
        return d;
    }

    private static Duration positive(String text, String usage) {
        Duration d = duration(text, usage);
        if (d.isZero()) {
            throw new IllegalArgumentException(usage);
        }
        return d;
    }
}
