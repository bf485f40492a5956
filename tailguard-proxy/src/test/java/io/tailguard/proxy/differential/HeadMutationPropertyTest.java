package io.tailguard.proxy.differential;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.random.RandomGenerator;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * Mutated request heads and mutated response heads, over real sockets through one tailguard proxy
 * and one recording backend: whatever the bytes, no client gets another's answer or two of its
 * own, the backend never gets a request twice or one nobody sent, and a plain GET is served after
 * every batch. Each try runs {@value #BATCH} cases at once; 2,500 tries make 10,000 cases.
 */
class HeadMutationPropertyTest {

    static final int BATCH = 4;
    private static final int TRIES = 2_500;
    private static final long SEED = 20261201L;
    private static final int READ_TIMEOUT_MILLIS = 2_000;
    /**
     * No case waits on the pool's response timeout (the backend answers each request once it is read,
     * and closes after each mutated answer), so here it bounds only how slow a loaded machine may be:
     * the plain GET after a batch must be served, and the suite's 1 s made a slow answer a 504.
     */
    private static final Duration RESPONSE_TIMEOUT = Duration.ofSeconds(10);
    /** The plain GET reads for longer than the response timeout, so a late answer is still read. */
    private static final int PLAIN_READ_TIMEOUT_MILLIS = 15_000;

    private static final List<String> REQUESTS = List.of(
            "GET /d/{T} HTTP/1.1\r\nHost: t\r\nAccept: */*\r\n\r\n",
            "POST /d/{T} HTTP/1.1\r\nHost: t\r\nContent-Length: 5\r\n\r\nhello",
            "POST /d/{T} HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            "HEAD /d/{T} HTTP/1.1\r\nHost: t\r\nConnection: keep-alive\r\n\r\n",
            "GET /d/{T} HTTP/1.0\r\nHost: t\r\n\r\n");
    private static final List<String> RESPONSES = List.of(
            "HTTP/1.1 200 OK\r\nX-Echo: {T}\r\nContent-Length: 5\r\n\r\nhello",
            "HTTP/1.1 200 OK\r\nX-Echo: {T}\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
            "HTTP/1.1 204 No Content\r\nX-Echo: {T}\r\n\r\n",
            "HTTP/1.1 103 Early Hints\r\nLink: </s>\r\n\r\nHTTP/1.1 200 OK\r\nX-Echo: {T}\r\nContent-Length: 2\r\n\r\nok",
            "HTTP/1.1 304 Not Modified\r\nX-Echo: {T}\r\nETag: \"1\"\r\n\r\n");

    /** One generated case: which side is mutated, from which template, how. */
    record Case(boolean responseSide, int template, List<Mutation> mutations) {
    }

    private static final AtomicInteger TAGS = new AtomicInteger();
    private static final Map<String, String> MUTATED_RESPONSES = new ConcurrentHashMap<>();
    private static RecordingBackend backend;
    private static Tailguard proxy;
    private static LogCapture logs;
    private static ExecutorService clients;

    @BeforeAll
    static void start() throws Exception {
        logs = new LogCapture();
        backend = new RecordingBackend(0);
        backend.script(HeadMutationPropertyTest::answer);
        proxy = new Tailguard(backend.address(), RESPONSE_TIMEOUT);
        clients = Executors.newFixedThreadPool(BATCH);
    }

    @AfterAll
    static void stop() {
        clients.shutdownNow();
        proxy.close();
        backend.close();
        logs.close();
    }

    /** A mutated response where one is waiting for the tag (then the connection ends), else a plain one. */
    private static Reply answer(Received request) {
        String bytes = MUTATED_RESPONSES.get(request.tag());
        return bytes == null ? Replies.ok(request) : Reply.of(Reply.write(bytes), new Reply.Close());
    }

    @Test
    void mutatedHeadsNeverCrossOrRepeatExchanges() throws Exception {
        RandomGenerator random = new SplittableRandom(SEED);
        for (int attempt = 1; attempt <= TRIES; attempt++) {
            List<Case> batch = batch(random);
            List<String> broken = tryBatch(batch);
            assertThat(broken).as("try %d of seed %d, cases %s", attempt, SEED, batch).isEmpty();
        }
    }

    /** Runs one batch of cases at once, then a plain GET; returns every broken invariant. */
    private static List<String> tryBatch(List<Case> batch) throws Exception {
        backend.reset();
        List<Future<List<String>>> running = new ArrayList<>();
        for (Case c : batch) {
            running.add(clients.submit(() -> run(c)));
        }
        List<String> broken = new ArrayList<>();
        for (Future<List<String>> result : running) {
            broken.addAll(result.get());
        }
        String plain = "m" + TAGS.incrementAndGet();
        Seen seen;
        try (Client client = new Client(proxy.address(), PLAIN_READ_TIMEOUT_MILLIS)) {
            seen = client.run(Conn.of(Req.get(plain, "Connection: close")), plain + "-after").answers().get(0);
        }
        if (seen.status() != 200 || !seen.header("x-echo").equals(List.of(plain))) {
            broken.add("a plain GET after the batch got " + seen.brief() + " " + Invariants.printable(seen.raw()));
        }
        broken.addAll(logs.traces());
        logs.reset();
        return broken;
    }

    private static List<String> run(Case c) throws Exception {
        String tag = "m" + TAGS.incrementAndGet();
        List<String> broken = new ArrayList<>();
        String request;
        String answered = "";
        String method = "GET";
        if (c.responseSide()) {
            String template = RESPONSES.get(c.template()).replace("{T}", tag);
            int from = template.indexOf("X-Echo: " + tag);
            answered = Mutation.apply(template, from, from + ("X-Echo: " + tag + "\r").length(), c.mutations());
            MUTATED_RESPONSES.put(tag, answered);
            request = Req.get(tag).bytes();
        } else {
            String template = REQUESTS.get(c.template()).replace("{T}", tag);
            int from = template.indexOf("/d/" + tag);
            request = Mutation.apply(template, from, from + ("/d/" + tag + " ").length(), c.mutations());
            method = request.strip().split("[ \\r\\n]", 2)[0];
        }
        Conn conn = new Conn(c.responseSide() ? Conn.Mode.SEQUENTIAL : Conn.Mode.HALF_CLOSE,
                List.of(Req.raw(tag, method, request)));
        ConnResult result;
        try (Client client = new Client(proxy.address(), READ_TIMEOUT_MILLIS)) {
            result = client.run(conn, tag + "-after");
        } finally {
            MUTATED_RESPONSES.remove(tag);
        }
        int own = 0;
        for (Seen seen : answersAndTrailing(result)) {
            Invariants.ownAnswer(tag, seen, broken);
            if (seen.header("x-echo").contains(tag)) {
                own++;
            }
        }
        if (!result.trailing().isEmpty() && !result.trailing().startsWith("HTTP/")) {
            broken.add(tag + ": bytes after the last answer " + Invariants.printable(result.trailing()));
        }
        if (own > 1) {
            broken.add(tag + " got " + own + " answers of its own");
        }
        if (result.after() != null) {
            Invariants.ownAnswer(result.afterTag(), result.after(), broken);
        }
        List<Received> received = backend.received();
        if (received.stream().filter(r -> r.tag().equals(tag)).count() > 1) {
            broken.add("backend received " + tag + " twice");
        }
        for (Received other : received) {
            if (!other.tag().startsWith("m")) {
                broken.add("backend received a request no client sent: " + Invariants.printable(other.text()));
            }
        }
        if (!broken.isEmpty()) {
            broken.add(0, tag + " sent " + Invariants.printable(request)
                    + (c.responseSide() ? " answered " + Invariants.printable(answered) : ""));
        }
        return broken;
    }

    /**
     * The answers read, then whatever came after them that starts as a response, parsed as more answers
     * (to requests the proxy found in what was left of the bytes, none of them a HEAD).
     */
    private static List<Seen> answersAndTrailing(ConnResult result) {
        List<Seen> all = new ArrayList<>(result.answers());
        if (result.trailing().startsWith("HTTP/")) {
            ResponseReader rest = new ResponseReader(new ByteArrayInputStream(
                    result.trailing().getBytes(StandardCharsets.ISO_8859_1)));
            for (Seen seen = rest.read("GET"); seen.status() != Seen.CLOSED; seen = rest.read("GET")) {
                all.add(seen);
                if (rest.ended()) {
                    break;
                }
            }
        }
        return all;
    }

    /** {@value #BATCH} cases: a side, a template and one to three mutations each. */
    private static List<Case> batch(RandomGenerator random) {
        List<Case> batch = new ArrayList<>();
        for (int i = 0; i < BATCH; i++) {
            List<Mutation> mutations = new ArrayList<>();
            for (int m = random.nextInt(1, 4); m > 0; m--) {
                Mutation.Kind[] kinds = Mutation.Kind.values();
                mutations.add(new Mutation(kinds[random.nextInt(kinds.length)], random.nextInt(10_000),
                        random.nextInt(256), random.nextInt(1, 9)));
            }
            batch.add(new Case(random.nextBoolean(), random.nextInt(REQUESTS.size()), List.copyOf(mutations)));
        }
        return batch;
    }
}
