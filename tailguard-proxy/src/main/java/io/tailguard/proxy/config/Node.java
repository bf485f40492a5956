package io.tailguard.proxy.config;

import io.tailguard.config.DurationText;
import io.tailguard.config.Suggest;
import java.net.InetSocketAddress;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;

/**
 * Not thread-safe: one mapping of a parsed YAML document with its key path, read strictly. Every
 * typed getter names the full key path in its error; {@link #rejectUnknown} refuses keys nobody read.
 */
final class Node {

    private final String path;
    private final Map<String, Object> values;
    private final Set<String> read = new TreeSet<>();

    Node(String path, Object value) {
        this.path = path;
        if (!(value instanceof Map<?, ?> map)) {
            throw new ConfigException(label() + " must be a mapping of keys to values but was " + describe(value));
        }
        Map<String, Object> copy = new LinkedHashMap<>();
        for (Map.Entry<?, ?> entry : map.entrySet()) {
            copy.put(String.valueOf(entry.getKey()), entry.getValue());
        }
        this.values = copy;
    }

    String path() {
        return path;
    }

    String key(String name) {
        return path.isEmpty() ? name : path + "." + name;
    }

    private String label() {
        return path.isEmpty() ? "the configuration" : path;
    }

    boolean has(String name) {
        return values.containsKey(name) && values.get(name) != null;
    }

    Object raw(String name) {
        read.add(name);
        return values.get(name);
    }

    String string(String name, String fallback) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (value instanceof Map || value instanceof List) {
            throw new ConfigException(key(name) + " must be a text value but was " + describe(value));
        }
        return String.valueOf(value);
    }

    long integer(String name, long fallback, long min, long max) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Integer || value instanceof Long) || ((Number) value).longValue() < min
                || ((Number) value).longValue() > max) {
            throw new ConfigException(key(name) + " must be an integer from " + min + " to " + max + " but was "
                    + describe(value));
        }
        return ((Number) value).longValue();
    }

    boolean bool(String name, boolean fallback) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Boolean flag)) {
            throw new ConfigException(key(name) + " must be true or false but was " + describe(value));
        }
        return flag;
    }

    double decimal(String name, double fallback, double min, double max) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        if (!(value instanceof Number number) || number.doubleValue() < min || number.doubleValue() > max) {
            throw new ConfigException(key(name) + " must be a number from " + min + " to " + max + " but was "
                    + describe(value));
        }
        return number.doubleValue();
    }

    Duration duration(String name, Duration fallback, boolean zeroAllowed) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        String text = String.valueOf(value);
        Duration parsed = zeroAllowed && text.equals("0") ? Duration.ZERO : DurationText.parseOrNull(text);
        if (parsed == null || parsed.isNegative() || (!zeroAllowed && parsed.isZero())) {
            throw new ConfigException(key(name) + " must be " + (zeroAllowed ? "0 or " : "")
                    + "a positive duration like 10s, 250ms or 500us but was " + describe(value)
                    + DurationText.unitHint(text));
        }
        return parsed;
    }

    <E extends Enum<E>> E choice(String name, Class<E> type, E fallback) {
        Object value = raw(name);
        if (value == null) {
            return fallback;
        }
        List<String> allowed = new ArrayList<>();
        for (E constant : type.getEnumConstants()) {
            String spelled = constant.name().toLowerCase(Locale.ROOT).replace('_', '-');
            allowed.add(spelled);
            if (spelled.equals(String.valueOf(value))) {
                return constant;
            }
        }
        throw new ConfigException(key(name) + " must be one of " + String.join(", ", allowed) + " but was "
                + describe(value));
    }

    InetSocketAddress address(String name, String fallback) {
        String text = string(name, fallback);
        InetSocketAddress address = hostPort(text);
        if (address == null) {
            throw new ConfigException(key(name) + " must be HOST:PORT with a port from 0 to 65535 but was " + text);
        }
        return address;
    }

    Node child(String name) {
        Object value = raw(name);
        return value == null ? null : new Node(key(name), value);
    }

    List<Object> list(String name) {
        Object value = raw(name);
        if (value == null) {
            return List.of();
        }
        if (!(value instanceof List<?> list)) {
            throw new ConfigException(key(name) + " must be a list but was " + describe(value));
        }
        return new ArrayList<>(list);
    }

    Map<String, Object> entries() {
        read.addAll(values.keySet());
        return values;
    }

    /**
     * Refuses any key that no getter asked for: a typo must not be silently ignored. The message
     * says where a key of another section belongs, or the close names (by edit distance) here or
     * else in other sections, then what is allowed here.
     */
    void rejectUnknown() {
        for (String name : values.keySet()) {
            if (!read.contains(name)) {
                String home = KeyHomes.elsewhere(name, path);
                String close = Suggest.closest(name, read).isEmpty() ? KeyHomes.closeElsewhere(name, path)
                        : " (did you mean " + String.join(" or ", Suggest.closest(name, read)) + "?)";
                throw new ConfigException(key(name) + " is not a known setting"
                        + (home != null ? " here; " + home : close) + "; allowed here: "
                        + String.join(", ", new TreeSet<>(read)));
            }
        }
    }

    /**
     * Returns the error for a required key that is not there: "`path.name` must be `constraint` but
     * was nothing", followed by the key written here that nobody read and that is close to
     * {@code name} (by edit distance), since that key is most likely its misspelling.
     */
    ConfigException missing(String name, String constraint) {
        String message = key(name) + " must be " + constraint + " but was nothing";
        for (String written : values.keySet()) {
            if (!read.contains(written) && !Suggest.closest(written, List.of(name)).isEmpty()) {
                return new ConfigException(message + "; " + key(written) + " is not a known setting (did you mean "
                        + name + "?)");
            }
        }
        return new ConfigException(message);
    }

    /** Runs {@code build}, prefixing the message of a record's validation failure with this path. */
    <T> T build(java.util.function.Supplier<T> build) {
        try {
            return build.get();
        } catch (IllegalArgumentException invalid) {
            throw new ConfigException((path.isEmpty() ? "" : path + ".") + invalid.getMessage());
        }
    }

    static InetSocketAddress hostPort(String text) {
        int colon = text.lastIndexOf(':');
        if (colon <= 0) {
            return null;
        }
        try {
            int port = Integer.parseInt(text.substring(colon + 1));
            return port < 0 || port > 65_535 ? null : new InetSocketAddress(text.substring(0, colon), port);
        } catch (NumberFormatException notAPort) {
            return null;
        }
    }

    static String describe(Object value) {
        if (value == null) {
            return "nothing";
        }
        if (value instanceof Map) {
            return "a mapping";
        }
        if (value instanceof List) {
            return "a list";
        }
        return String.valueOf(value);
    }
}
