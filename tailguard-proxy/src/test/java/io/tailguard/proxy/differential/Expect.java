package io.tailguard.proxy.differential;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;

/** Thread-safe (immutable): one thing a vector's run must show; {@link #check} names what went wrong. */
@FunctionalInterface
interface Expect {

    /** Returns null when the outcome shows it, else what was seen instead. */
    String check(Outcome outcome);

    /** The request tagged {@code tag} was answered with one of {@code statuses}. */
    static Expect status(String tag, int... statuses) {
        return answer(tag, seen -> Arrays.stream(statuses).anyMatch(s -> s == seen.status())
                ? null : "status one of " + Arrays.toString(statuses));
    }

    /** The request tagged {@code tag} was answered by the proxy itself with this status and reason. */
    static Expect local(String tag, int status, String reason) {
        return answer(tag, seen -> seen.status() == status && seen.reason().equals(reason)
                ? null : status + " " + reason);
    }

    /** The request tagged {@code tag} got its own backend answer (its echo) with this status. */
    static Expect served(String tag, int status) {
        return answer(tag, seen -> seen.status() == status && seen.header("x-echo").equals(List.of(tag))
                ? null : status + " from the backend");
    }

    /** The request tagged {@code tag} got exactly these 1xx answers before its final one. */
    static Expect interim(String tag, Integer... statuses) {
        return answer(tag, seen -> seen.interim().equals(List.of(statuses))
                ? null : "1xx " + Arrays.toString(statuses) + " before the final answer");
    }

    /** The backend received the request tagged {@code tag} exactly {@code times}. */
    static Expect reachedBackend(String tag, int times) {
        return outcome -> outcome.receivedAs(tag).size() == times ? null
                : "backend received " + tag + " " + times + " times but got it " + outcome.receivedAs(tag).size();
    }

    /** Every copy of {@code tag} the backend got has header {@code name} with a value {@code test} accepts. */
    static Expect forwardedHeader(String tag, String name, Function<List<String>, Boolean> test, String what) {
        return outcome -> {
            List<Received> got = outcome.receivedAs(tag);
            if (got.isEmpty()) {
                return "backend never received " + tag + " (wanted its " + name + " " + what + ")";
            }
            for (Received request : got) {
                if (!test.apply(request.header(name))) {
                    return tag + " reached the backend with " + name + " " + request.header(name) + ", wanted " + what;
                }
            }
            return null;
        };
    }

    /** Every copy of {@code tag} the backend got lacks each of {@code fragments} (e.g. an obs-fold, a bare CR). */
    static Expect forwardedWithout(String tag, String... fragments) {
        return outcome -> {
            for (Received request : outcome.receivedAs(tag)) {
                for (String fragment : fragments) {
                    if (request.text().contains(fragment)) {
                        return tag + " reached the backend with " + Invariants.printable(fragment) + " in "
                                + Invariants.printable(request.text());
                    }
                }
            }
            return null;
        };
    }

    /** The proxy wrote an access-log line containing every one of {@code fields}. */
    static Expect logged(String... fields) {
        return outcome -> outcome.accessLog().stream().anyMatch(line -> Arrays.stream(fields).allMatch(line::contains))
                ? null : "an access-log line with " + String.join(" ", fields) + " in " + outcome.accessLog();
    }

    /** No access-log line contains {@code field}. */
    static Expect notLogged(String field) {
        return outcome -> outcome.accessLog().stream().noneMatch(line -> line.contains(field))
                ? null : "no access-log line with " + field + " in " + outcome.accessLog();
    }

    /** The backend never had more than {@code most} requests at once. */
    static Expect atMostAtBackend(int most) {
        return outcome -> outcome.mostWorkingAtBackend() <= most ? null
                : "at most " + most + " at once at the backend but saw " + outcome.mostWorkingAtBackend();
    }

    private static Expect answer(String tag, Function<Seen, String> test) {
        return outcome -> {
            Optional<Seen> seen = outcome.answer(tag);
            if (seen.isEmpty()) {
                return tag + " has no answer read, wanted " + test.apply(Seen.failed(0, List.of(), ""));
            }
            String wanted = test.apply(seen.get());
            return wanted == null ? null : tag + " wanted " + wanted + " but saw " + seen.get().brief()
                    + ": " + Invariants.printable(seen.get().raw());
        };
    }
}
