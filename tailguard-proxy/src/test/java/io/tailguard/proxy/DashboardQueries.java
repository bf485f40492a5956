package io.tailguard.proxy;

import java.util.Collection;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/** Thread-safe (stateless): the queries of a Grafana dashboard and the series names they read. */
final class DashboardQueries {

    private static final Pattern LABEL_VALUES = Pattern.compile("label_values\\(\\s*([a-zA-Z_:][a-zA-Z0-9_:]*)");
    private static final Pattern IDENTIFIER = Pattern.compile("[a-zA-Z_:][a-zA-Z0-9_:]*");
    private static final Set<String> KEYWORDS = Set.of("by", "without", "on", "ignoring", "group_left",
            "group_right", "bool", "and", "or", "unless", "offset");

    private DashboardQueries() {
    }

    /** Every PromQL string of the dashboard: each target's {@code expr} and each variable's query. */
    static List<String> queries(Object dashboard) {
        List<String> out = new java.util.ArrayList<>();
        collect(dashboard, out);
        return out;
    }

    private static void collect(Object node, List<String> out) {
        if (node instanceof Map<?, ?> map) {
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                if (entry.getValue() instanceof String text && (entry.getKey().equals("expr")
                        || entry.getKey().equals("definition"))) {
                    out.add(text);
                } else {
                    collect(entry.getValue(), out);
                }
            }
        } else if (node instanceof Collection<?> list) {
            list.forEach(item -> collect(item, out));
        }
    }

    /** The series names a PromQL expression (or a {@code label_values} query) reads. */
    static Set<String> seriesNames(String query) {
        Set<String> names = new TreeSet<>();
        Matcher labelValues = LABEL_VALUES.matcher(query);
        if (labelValues.find()) {
            names.add(labelValues.group(1));
            return names;
        }
        String bare = query.replaceAll("\"[^\"]*\"", "")
                .replaceAll("\\{[^}]*}", "")
                .replaceAll("\\[[^]]*]", "")
                .replaceAll("\\b(by|without|on|ignoring)\\s*\\([^)]*\\)", "");
        Matcher identifier = IDENTIFIER.matcher(bare);
        while (identifier.find()) {
            String name = identifier.group();
            boolean call = bare.substring(identifier.end()).stripLeading().startsWith("(");
            if (!call && !KEYWORDS.contains(name)) {
                names.add(name);
            }
        }
        return names;
    }
}
