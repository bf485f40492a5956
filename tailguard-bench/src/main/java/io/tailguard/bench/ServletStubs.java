package io.tailguard.bench;

import java.lang.reflect.Proxy;

/**
 * Not thread-safe (stateless helper): request and response stand-ins for filter benchmarks, with
 * no container behind them. The methods a filter calls per request are plain overrides of the
 * servlet API's wrappers (a field read, as in a container); everything else goes to a proxy that
 * answers null, false or zero and is never reached on the measured path.
 */
final class ServletStubs {

    private ServletStubs() {
    }

    @SuppressWarnings("unchecked")
    static <T> T nothing(Class<T> type) {
        return (T) Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, (proxy, method, args) -> {
            Class<?> returns = method.getReturnType();
            if (returns == boolean.class) {
                return false;
            }
            if (returns == int.class) {
                return 0;
            }
            if (returns == long.class) {
                return 0L;
            }
            return null;
        });
    }

    /** A Jakarta request on its first dispatch, not async. */
    static jakarta.servlet.http.HttpServletRequest jakartaRequest() {
        return new jakarta.servlet.http.HttpServletRequestWrapper(nothing(jakarta.servlet.http.HttpServletRequest.class)) {
            @Override
            public jakarta.servlet.DispatcherType getDispatcherType() {
                return jakarta.servlet.DispatcherType.REQUEST;
            }

            @Override
            public boolean isAsyncStarted() {
                return false;
            }

            @Override
            public Object getAttribute(String name) {
                return null;
            }
        };
    }

    /** A Jakarta response that says 200. */
    static jakarta.servlet.http.HttpServletResponse jakartaResponse() {
        return new jakarta.servlet.http.HttpServletResponseWrapper(nothing(jakarta.servlet.http.HttpServletResponse.class)) {
            @Override
            public int getStatus() {
                return 200;
            }
        };
    }

    /** A javax request, for the peer's filter. */
    static javax.servlet.http.HttpServletRequest javaxRequest() {
        return new javax.servlet.http.HttpServletRequestWrapper(nothing(javax.servlet.http.HttpServletRequest.class)) {
            @Override
            public javax.servlet.DispatcherType getDispatcherType() {
                return javax.servlet.DispatcherType.REQUEST;
            }

            @Override
            public boolean isAsyncStarted() {
                return false;
            }
        };
    }

    /** A javax response that says 200. */
    static javax.servlet.http.HttpServletResponse javaxResponse() {
        return new javax.servlet.http.HttpServletResponseWrapper(nothing(javax.servlet.http.HttpServletResponse.class)) {
            @Override
            public int getStatus() {
                return 200;
            }
        };
    }
}
