package io.tailguard.servlet;

import jakarta.servlet.http.HttpServletRequest;
import java.security.Principal;

/**
 * Thread-safe (stateless) way to name the partition a request belongs to, so that each partition
 * gets limits of its own: one tenant, one client, one endpoint cannot take the whole service.
 * Returning {@code null} puts the request in the shared partition of unlisted keys.
 */
@FunctionalInterface
public interface PartitionKey {

    /** Returns the partition of {@code request}, or null if it has none. */
    String of(HttpServletRequest request);

    /** Partitions by the value of the header {@code name} (for example {@code X-Tenant}). */
    static PartitionKey header(String name) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("name must be a non-blank header name but was " + name);
        }
        return request -> request.getHeader(name);
    }

    /** Partitions by the authenticated principal's name. */
    static PartitionKey principal() {
        return request -> {
            Principal principal = request.getUserPrincipal();
            return principal == null ? null : principal.getName();
        };
    }

    /** Partitions by the path inside the application (servlet path plus path info). */
    static PartitionKey path() {
        return request -> {
            String info = request.getPathInfo();
            return info == null ? request.getServletPath() : request.getServletPath() + info;
        };
    }
}
