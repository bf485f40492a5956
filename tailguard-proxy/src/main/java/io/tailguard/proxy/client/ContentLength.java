package io.tailguard.proxy.client;

import io.netty.handler.codec.http.HttpHeaderNames;
import io.netty.handler.codec.http.HttpHeaders;
import java.util.List;

/**
 * Thread-safe (stateless): the one reading of a request's {@code Content-Length} (RFC 9112 §6.3):
 * one field with one value of decimal digits that fits a {@code long}. Anything else (a sign, hex,
 * a list even of equal values, an overflow, an empty value) makes the message's length unknowable,
 * so it is refused before anything else reads the field.
 */
final class ContentLength {

    /** Every decimal of up to 18 digits fits a {@code long}; a longer length is beyond any body limit. */
    private static final int MAX_DIGITS = 18;

    private ContentLength() {
    }

    /** True if {@code headers} have no {@code Content-Length} or one well-formed value. */
    static boolean valid(HttpHeaders headers) {
        String first = headers.get(HttpHeaderNames.CONTENT_LENGTH);
        if (first == null) {
            return true; // most requests: no list is built to learn that
        }
        List<String> values = headers.getAll(HttpHeaderNames.CONTENT_LENGTH);
        if (values.size() > 1) {
            return false;
        }
        String value = first.trim();
        if (value.isEmpty() || value.length() > MAX_DIGITS) {
            return false;
        }
        for (int i = 0; i < value.length(); i++) {
            char c = value.charAt(i);
            if (c < '0' || c > '9') {
                return false;
            }
        }
        return true;
    }
}
