package io.tailguard.proxy.client;

import io.netty.buffer.Unpooled;
import io.netty.handler.codec.http.DefaultFullHttpResponse;
import io.netty.handler.codec.http.FullHttpResponse;
import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaderValues;
import io.netty.handler.codec.http.HttpResponseStatus;
import io.netty.handler.codec.http.HttpVersion;
import io.netty.handler.codec.http.TooLongHttpHeaderException;
import io.netty.handler.codec.http.TooLongHttpLineException;
import java.nio.charset.StandardCharsets;

/**
 * Thread-safe (stateless): the answers the proxy makes itself. Each is a short text body naming the
 * status and the reason, with the reason also in {@code X-Tailguard-Reason} for machines, and a
 * {@code Retry-After} when the client may usefully come back. An answer to a HEAD has the same head
 * and no body (RFC 9110 §9.3.2).
 */
final class LocalAnswers {

    private LocalAnswers() {
    }

    static FullHttpResponse response(HttpResponseStatus status, long retryAfterSeconds, String reason, boolean close,
                                     boolean head) {
        byte[] body = (status.code() + " " + status.reasonPhrase() + " (" + reason + ")\n")
                .getBytes(StandardCharsets.US_ASCII);
        FullHttpResponse response = new DefaultFullHttpResponse(HttpVersion.HTTP_1_1, status,
                head ? Unpooled.EMPTY_BUFFER : Unpooled.wrappedBuffer(body));
        response.headers().set(HttpHeaderNames.CONTENT_TYPE, "text/plain; charset=us-ascii");
        response.headers().setInt(HttpHeaderNames.CONTENT_LENGTH, body.length);
        response.headers().set("X-Tailguard-Reason", reason);
        if (retryAfterSeconds > 0) {
            response.headers().set(HttpHeaderNames.RETRY_AFTER, retryAfterSeconds);
        }
        if (close) {
            response.headers().set(HttpHeaderNames.CONNECTION, HttpHeaderValues.CLOSE);
        }
        return response;
    }

    /** The status for a head the decoder refused: 431 for headers, 414 for the line, else 400. */
    static HttpResponseStatus forDecoderFailure(Throwable cause) {
        if (cause instanceof TooLongHttpHeaderException) {
            return HttpResponseStatus.REQUEST_HEADER_FIELDS_TOO_LARGE;
        }
        if (cause instanceof TooLongHttpLineException) {
            return HttpResponseStatus.REQUEST_URI_TOO_LONG;
        }
        return HttpResponseStatus.BAD_REQUEST;
    }

    /** The status for a {@link RequestChecks#refusal} reason. */
    static HttpResponseStatus forRefusal(String refusal) {
        return switch (refusal) {
            case "connect_refused" -> HttpResponseStatus.METHOD_NOT_ALLOWED;
            case "body_too_large" -> HttpResponseStatus.REQUEST_ENTITY_TOO_LARGE;
            case "http_version_not_supported" -> HttpResponseStatus.HTTP_VERSION_NOT_SUPPORTED;
            default -> HttpResponseStatus.BAD_REQUEST;
        };
    }
}
