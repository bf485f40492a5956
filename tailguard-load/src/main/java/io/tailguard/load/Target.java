package io.tailguard.load;

import java.net.URI;
import java.net.URISyntaxException;
import java.util.Locale;

/**
 * Thread-safe (immutable): where requests go, parsed from an {@code http://} URL.
 *
 * @param host          host name or address to connect to
 * @param port          TCP port (80 when the URL names none)
 * @param pathAndQuery  request target, at least {@code /}
 * @param hostHeader    the value of the {@code Host} header
 */
public record Target(String host, int port, String pathAndQuery, String hostHeader) {

    /**
     * Parses {@code url}.
     *
     * @throws IllegalArgumentException "URL must be an http:// URL like http://127.0.0.1:8080/path but was 'x'"
     */
    public static Target parse(String url) {
        URI uri;
        try {
            uri = new URI(url == null ? "" : url.trim());
        } catch (URISyntaxException e) {
            throw bad(url, "");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!scheme.equals("http")) {
            throw bad(url, scheme.isEmpty() ? "" : " (scheme " + scheme + " is not supported)");
        }
        String host = uri.getHost();
        if (host == null || host.isEmpty() || uri.getUserInfo() != null || uri.getFragment() != null) {
            throw bad(url, "");
        }
        int port = uri.getPort() == -1 ? 80 : uri.getPort();
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        String target = uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
        String hostHeader = uri.getPort() == -1 ? host : host + ":" + port;
        return new Target(host.startsWith("[") ? host.substring(1, host.length() - 1) : host, port, target,
                hostHeader);
    }

    private static IllegalArgumentException bad(String url, String why) {
        return new IllegalArgumentException("URL must be an http:// URL like http://127.0.0.1:8080/path but was '"
                + url + "'" + why);
    }

    /** Returns the URL this target was parsed from, normalised. */
    public String url() {
        return "http://" + hostHeader + pathAndQuery;
    }
}
