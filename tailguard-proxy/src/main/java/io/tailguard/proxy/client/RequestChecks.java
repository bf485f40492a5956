package io.tailguard.proxy.client;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpMethod;
import io.netty.handler.codec.http.HttpRequest;
import io.netty.handler.codec.http.HttpUtil;
import io.netty.handler.codec.http.HttpVersion;
import io.tailguard.proxy.ProxyContext;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.Iterator;
import java.util.List;

/**
 * Thread-safe (stateless): the checks a request head must pass before it costs anything, and the
 * rewriting of an absolute-form target to origin form. The proxy is not an open proxy: CONNECT is
 * refused, and an absolute-form target must name a configured backend.
 */
public final class RequestChecks {

    private RequestChecks() {
    }

    /** Returns why the request is refused ({@code connect_refused}, {@code body_too_large}, …) or null. */
    static String refusal(HttpRequest request, ProxyContext context) {
        HttpVersion version = request.protocolVersion();
        if (!version.equals(HttpVersion.HTTP_1_1) && !version.equals(HttpVersion.HTTP_1_0)) {
            return "http_version_not_supported";
        }
        if (request.method().equals(HttpMethod.CONNECT)) {
            return "connect_refused";
        }
        if (request.headers().contains(HttpHeaderNames.TRANSFER_ENCODING)) {
            List<String> encodings = request.headers().getAll(HttpHeaderNames.TRANSFER_ENCODING);
            if (request.headers().contains(HttpHeaderNames.CONTENT_LENGTH)) {
                return "content_length_and_transfer_encoding";
            }
            if (encodings.size() != 1 || !encodings.get(0).trim().equalsIgnoreCase("chunked")) {
                return "bad_transfer_encoding";
            }
        }
        if (HttpUtil.getContentLength(request, 0L) > context.limits().maxBodyBytes()) {
            return "body_too_large";
        }
        Iterator<String> hosts = request.headers().valueStringIterator(HttpHeaderNames.HOST);
        if (!hosts.hasNext()) {
            if (request.protocolVersion().equals(HttpVersion.HTTP_1_1)) {
                return "bad_host";
            }
        } else {
            hosts.next();
            if (hosts.hasNext()) {
                return "bad_host"; // two Host headers
            }
        }
        String uri = request.uri();
        if (uri.startsWith("/")) {
            return null;
        }
        if (uri.equals("*") && request.method().equals(HttpMethod.OPTIONS)) {
            return null;
        }
        URI target = absolute(uri);
        if (target == null) {
            return "bad_target";
        }
        int port = target.getPort() == -1 ? 80 : target.getPort();
        if (!"http".equalsIgnoreCase(target.getScheme()) || !context.isBackend(target.getHost(), port)) {
            return "absolute_form_not_backend";
        }
        return null;
    }

    /** Rewrites an absolute-form target (already checked) to origin form, with its authority as Host. */
    static void toOriginForm(HttpRequest request) {
        String uri = request.uri();
        if (uri.startsWith("/") || uri.equals("*")) {
            return;
        }
        URI target = absolute(uri);
        String path = target.getRawPath() == null || target.getRawPath().isEmpty() ? "/" : target.getRawPath();
        request.setUri(target.getRawQuery() == null ? path : path + "?" + target.getRawQuery());
        request.headers().set(HttpHeaderNames.HOST, target.getRawAuthority());
    }

    /** Returns the Host header without its port, or "" if there is none. */
    static String hostWithoutPort(HttpRequest request) {
        String host = request.headers().get(HttpHeaderNames.HOST, "");
        if (host.startsWith("[")) {
            int end = host.indexOf(']');
            return end < 0 ? host : host.substring(0, end + 1);
        }
        int colon = host.indexOf(':');
        return colon < 0 ? host : host.substring(0, colon);
    }

    /** Returns the path part of an origin-form target. */
    public static String path(String uri) {
        int query = uri.indexOf('?');
        return query < 0 ? uri : uri.substring(0, query);
    }

    private static URI absolute(String uri) {
        try {
            URI target = new URI(uri);
            return target.isAbsolute() && target.getHost() != null ? target : null;
        } catch (URISyntaxException malformed) {
            return null;
        }
    }
}
