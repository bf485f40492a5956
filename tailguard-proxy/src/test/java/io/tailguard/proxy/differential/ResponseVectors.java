package io.tailguard.proxy.differential;

import static io.tailguard.proxy.differential.Expect.interim;
import static io.tailguard.proxy.differential.Expect.local;
import static io.tailguard.proxy.differential.Expect.reachedBackend;
import static io.tailguard.proxy.differential.Expect.served;
import static io.tailguard.proxy.differential.Expect.status;
import static io.tailguard.proxy.differential.Kit.response;
import static io.tailguard.proxy.differential.Kit.victimsServed;
import static io.tailguard.proxy.differential.Kit.withVictims;
import static io.tailguard.proxy.differential.Replies.HALF_POISON;
import static io.tailguard.proxy.differential.Replies.WHOLE_POISON;
import static io.tailguard.proxy.differential.Replies.bare;
import static io.tailguard.proxy.differential.Replies.raw;
import static io.tailguard.proxy.differential.Replies.when;

import java.util.ArrayList;
import java.util.List;
import java.util.function.Function;

/**
 * Thread-safe (stateless): vectors where the backend misbehaves. The request tagged {@code ...-a} (or
 * {@code ...-bad}) gets the bad answer; every other gets a good one. Victims are later clients on
 * new connections: bytes the backend wrote after one answer must never reach them.
 */
final class ResponseVectors {



    private ResponseVectors() {
    }

    static List<Vector> all() {
        List<Vector> all = new ArrayList<>();
        all.addAll(injection());
        all.addAll(interimAnswers());
        all.addAll(malformed());
        all.addAll(brokenConnections());
        return all;
    }

    /** The backend writes more than the answer it owes; the victims must get their own answers. */
    private static List<Vector> injection() {
        return List.of(
                inject("s01", "204 with the start of another response behind it", Req.get("s01-a"),
                        r -> bare(r, "204 No Content", "") + HALF_POISON),
                inject("s02", "204 with a whole response behind it", Req.get("s02-a"),
                        r -> bare(r, "204 No Content", "") + WHOLE_POISON),
                inject("s03", "HEAD answered with a body", Req.head("s03-a"),
                        r -> bare(r, "200 OK", "Content-Length: 5\r\n") + "hello"),
                inject("s04", "HEAD answered, then the start of another response", Req.head("s04-a"),
                        r -> bare(r, "200 OK", "Content-Length: 5\r\n") + HALF_POISON),
                inject("s05", "304 with the start of another response behind it",
                        Req.get("s05-a", "If-None-Match: \"x\""), r -> bare(r, "304 Not Modified", "ETag: \"x\"\r\n") + HALF_POISON),
                inject("s06", "a body longer than its Content-Length", Req.get("s06-a"),
                        r -> bare(r, "200 OK", "Content-Length: 5\r\n") + "hello" + HALF_POISON),
                inject("s07", "a chunked body with a response after its last chunk", Req.get("s07-a"),
                        r -> bare(r, "200 OK", "Transfer-Encoding: chunked\r\n") + "5\r\nhello\r\n0\r\n\r\n" + WHOLE_POISON),
                inject("s08", "204 with a Content-Length and a body", Req.get("s08-a"),
                        r -> bare(r, "204 No Content", "Content-Length: 6\r\n") + "poison"),
                inject("s09", "304 with a chunked body", Req.get("s09-a", "If-None-Match: \"x\""),
                        r -> bare(r, "304 Not Modified", "Transfer-Encoding: chunked\r\n") + "6\r\npoison\r\n0\r\n\r\n"),
                inject("s10", "100, the final answer, then the start of another response", Req.get("s10-a"),
                        r -> bare(r, "100 Continue", "") + Replies.response(r, "200 OK", "", "s10-a") + HALF_POISON),
                inject("s11", "a whole second response after a 200", Req.get("s11-a"),
                        r -> Replies.response(r, "200 OK", "", "s11-a") + WHOLE_POISON),
                inject("s12", "a stray CRLF after a whole response", Req.get("s12-a"),
                        r -> Replies.response(r, "200 OK", "", "s12-a") + "\r\n"),
                response("s13", "an answer before the request body, saying Connection: close",
                        when("-a", r -> Reply.early(Reply.write(Replies.response(r, "413 Payload Too Large",
                                "Connection: close\r\n", "no")))),
                        withVictims("s13", Conn.of(Req.post("s13-a", "b".repeat(60_000), "Content-Length: #"))))
                        .expecting(victimsServed("s13")).expecting(status("s13-a", 413)),
                response("s14", "an answer before the request body, keep-alive",
                        when("-a", r -> Reply.early(Reply.write(Replies.response(r, "200 OK", "", "early")))),
                        withVictims("s14", Conn.of(Req.post("s14-a", "b".repeat(60_000), "Content-Length: #"))))
                        .expecting(victimsServed("s14")),
                response("s15", "Connection: close said, the connection kept open and a second request on the client's",
                        when("-a", r -> Reply.of(Reply.write(Replies.response(r, "200 OK", "Connection: close\r\n", "s15-a")))),
                        withVictims("s15", Conn.of(Req.get("s15-a"), Req.get("s15-b"))))
                        .expecting(victimsServed("s15")).expecting(served("s15-a", 200), served("s15-b", 200)));
    }

    /** 1xx answers before the final one (RFC 9110 section 15.2). */
    private static List<Vector> interimAnswers() {
        return List.of(
                response("s16", "103 Early Hints, then 200", raw("-a", r -> bare(r, "103 Early Hints", "Link: </s>\r\n")
                        + Replies.response(r, "200 OK", "", "s16-a")), Conn.of(Req.get("s16-a"), Req.get("s16-b")))
                        .expecting(interim("s16-a", 103), served("s16-a", 200), served("s16-b", 200)),
                response("s17", "102 Processing, then 200", raw("-a", r -> bare(r, "102 Processing", "")
                        + Replies.response(r, "200 OK", "", "s17-a")), Conn.of(Req.get("s17-a"), Req.get("s17-b")))
                        .expecting(interim("s17-a", 102), served("s17-a", 200), served("s17-b", 200)),
                response("s18", "100 Continue to a client that did not ask, then 200", raw("-a", r -> bare(r, "100 Continue", "")
                        + Replies.response(r, "200 OK", "", "s18-a")), Conn.of(Req.get("s18-a"), Req.get("s18-b")))
                        .expecting(interim("s18-a"), served("s18-a", 200), served("s18-b", 200)),
                response("s19", "100 Continue to a client that sent Expect, then 200", raw("-a", r -> bare(r, "100 Continue", "")
                        + Replies.response(r, "200 OK", "", "s19-a")),
                        Conn.of(Req.post("s19-a", "hello", "Content-Length: #", "Expect: 100-continue"), Req.get("s19-b")))
                        .expecting(served("s19-a", 200), served("s19-b", 200)),
                response("s20", "103 to an HTTP/1.0 client, then 200", raw("-a", r -> bare(r, "103 Early Hints", "")
                        + Replies.response(r, "200 OK", "", "s20-a")),
                        Conn.of(Req.raw("s20-a", "GET", "GET /d/s20-a HTTP/1.0\r\n\r\n")))
                        .expecting(interim("s20-a"), served("s20-a", 200)),
                response("s21", "103 to a client that said Connection: close, then 200", raw("-a", r -> bare(r, "103 Early Hints", "")
                        + Replies.response(r, "200 OK", "", "s21-a")), Conn.of(Req.get("s21-a", "Connection: close")))
                        .expecting(interim("s21-a", 103), served("s21-a", 200)),
                response("s22", "two 103s, then 200", raw("-a", r -> bare(r, "103 Early Hints", "") + bare(r, "103 Early Hints", "")
                        + Replies.response(r, "200 OK", "", "s22-a")), Conn.of(Req.get("s22-a"), Req.get("s22-b")))
                        .expecting(interim("s22-a", 103, 103), served("s22-a", 200), served("s22-b", 200)),
                response("s23", "103 and 200 in separate writes", when("-a", r -> Reply.of(Reply.write(bare(r, "103 Early Hints", "")),
                        Reply.trickle(Replies.response(r, "200 OK", "", "s23-a")))), Conn.of(Req.get("s23-a"), Req.get("s23-b")))
                        .expecting(interim("s23-a", 103), served("s23-a", 200), served("s23-b", 200)),
                response("s24", "101 Switching Protocols nobody asked for", raw("-a", r -> bare(r, "101 Switching Protocols",
                        "Connection: Upgrade\r\nUpgrade: websocket\r\n") + "\u0081\u0005hello"), withVictims("s24", Conn.of(Req.get("s24-a"))))
                        .expecting(status("s24-a", 502)).expecting(victimsServed("s24")),
                response("s25", "103, then no answer", when("-a", r -> Reply.of(Reply.write(bare(r, "103 Early Hints", "")),
                        new Reply.Hang())), Conn.of(Req.get("s25-a")))
                        .expecting(status("s25-a", 504)),
                response("s26", "100, then the connection closes", when("-a", r -> Reply.of(Reply.write(bare(r, "100 Continue", "")),
                        new Reply.Close())), Conn.of(Req.post("s26-a", "hello", "Content-Length: #")))
                        .expecting(status("s26-a", 502), reachedBackend("s26-a", 1)));
    }

    /** Answers a client cannot frame, on a reused pooled connection: 502, once. */
    private static List<Vector> malformed() {
        return List.of(
                bad("s27", "a status line with letters for a status", "HTTP/1.1 abc OK\r\nContent-Length: 0\r\n\r\n"),
                bad("s28", "no status line", "Content-Length: 2\r\n\r\nok"),
                bad("s29", "two different Content-Lengths", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\nContent-Length: 7\r\n\r\nok"
                        + "poison"),
                bad("s30", "Content-Length and Transfer-Encoding", "HTTP/1.1 200 OK\r\nContent-Length: 2\r\n"
                        + "Transfer-Encoding: chunked\r\n\r\n2\r\nok\r\n0\r\n\r\n"),
                bad("s31", "a header of 1 MB", "HTTP/1.1 200 OK\r\nX-Big: " + "a".repeat(1 << 20) + "\r\nContent-Length: 2\r\n\r\nok"),
                bad("s32", "HTTP/2 in a status line", "HTTP/2 200 OK\r\nContent-Length: 2\r\n\r\nok"),
                bad("s33", "binary garbage", "\u0000\u0001\u0002\u00ff\r\n\r\n"),
                bad("s34", "Content-Length: +5", "HTTP/1.1 200 OK\r\nContent-Length: +5\r\n\r\nhello"),
                bad("s35", "Content-Length: -1", "HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\nhello"),
                bad("s36", "a header line without a colon", "HTTP/1.1 200 OK\r\nNoColon\r\nContent-Length: 2\r\n\r\nok"),
                bad("s55", "a status code of four digits", "HTTP/1.1 2004 OK\r\nContent-Length: 2\r\n\r\nok"),
                bad("s56", "a status code of two digits", "HTTP/1.1 20 OK\r\nContent-Length: 2\r\n\r\nok"),
                bad("s57", "a status code split by a space", "HTTP/1.1 20 0 OK\r\nContent-Length: 2\r\n\r\nok"),
                bad("s58", "a status code below 100", "HTTP/1.1 000 OK\r\nContent-Length: 2\r\n\r\nok"),
                lenient("s37", "a head in bare LF", r -> "HTTP/1.1 200 OK\nX-Echo: " + r.tag() + "\nContent-Length: 2\n\nok")
                        ,
                lenient("s38", "Content-Length: 2, 2", r -> bare(r, "200 OK", "Content-Length: 2, 2\r\n") + "ok"),
                lenient("s39", "a folded response header (obs-fold)", r -> bare(r, "200 OK", "X-A: a\r\n b\r\nContent-Length: 2\r\n") + "ok"),
                lenient("s40", "status 999", r -> bare(r, "999 Odd", "Content-Length: 2\r\n") + "ok"),
                lenient("s41", "a status line with no reason phrase", r -> "HTTP/1.1 200\r\nX-Echo: " + r.tag()
                        + "\r\nContent-Length: 2\r\n\r\nok"),
                lenient("s42", "Transfer-Encoding: gzip alone (framed by the close)", r -> bare(r, "200 OK",
                        "Transfer-Encoding: gzip\r\nConnection: close\r\n") + "okok"));
    }

    /** Backends that close, reset, stall or dribble. */
    private static List<Vector> brokenConnections() {
        return List.of(
                response("s43", "the connection closes before any answer (POST: never re-sent)",
                        when("-a", r -> Reply.of(new Reply.Close())), withVictims("s43", Conn.of(Req.post("s43-a", "hi", "Content-Length: #"))))
                        .expecting(status("s43-a", 502), reachedBackend("s43-a", 1)).expecting(victimsServed("s43")),
                response("s44", "a reset before any answer (POST: never re-sent)",
                        when("-a", r -> Reply.of(new Reply.Reset())), Conn.of(Req.post("s44-a", "hi", "Content-Length: #")))
                        .expecting(status("s44-a", 502), reachedBackend("s44-a", 1)),
                response("s45", "the connection closes after the head",
                        when("-a", r -> Reply.of(Reply.write(bare(r, "200 OK", "Content-Length: 10\r\n")), new Reply.Close())),
                        withVictims("s45", Conn.of(Req.get("s45-a"))))
                        .expecting(status("s45-a", Seen.TRUNCATED, 502), reachedBackend("s45-a", 1)).expecting(victimsServed("s45")),
                response("s46", "a body cut short",
                        when("-a", r -> Reply.of(Reply.write(bare(r, "200 OK", "Content-Length: 100\r\n") + "short"), new Reply.Close())),
                        withVictims("s46", Conn.of(Req.get("s46-a"))))
                        .expecting(status("s46-a", Seen.TRUNCATED, 502), reachedBackend("s46-a", 1)).expecting(victimsServed("s46")),
                response("s47", "a reset in the middle of the body",
                        when("-a", r -> Reply.of(Reply.write(bare(r, "200 OK", "Content-Length: 100\r\n") + "short"), new Reply.Reset())),
                        Conn.of(Req.get("s47-a")))
                        .expecting(status("s47-a", Seen.TRUNCATED, 502), reachedBackend("s47-a", 1)),
                response("s48", "no answer at all", when("-a", r -> Reply.of(new Reply.Hang())), Conn.of(Req.get("s48-a")))
                        .expecting(local("s48-a", 504, "upstream_timeout"), reachedBackend("s48-a", 1)),
                response("s49", "half a head, then nothing", when("-a", r -> Reply.of(Reply.write("HTTP/1.1 200 OK\r\nX-Ec"),
                        new Reply.Hang())), Conn.of(Req.get("s49-a")))
                        .expecting(status("s49-a", 504), reachedBackend("s49-a", 1)),
                response("s50", "the whole answer one byte per write", when("-a", r -> Reply.of(Reply.trickle(
                        Replies.response(r, "200 OK", "", "s50-a")))), Conn.of(Req.get("s50-a"), Req.get("s50-b")))
                        .expecting(served("s50-a", 200), served("s50-b", 200)),
                response("s51", "a body framed by the close", when("-a", r -> Reply.of(Reply.write(bare(r, "200 OK", "")
                        + "until the end"), new Reply.Close())), withVictims("s51", Conn.of(Req.get("s51-a"))))
                        .expecting(served("s51-a", 200)).expecting(victimsServed("s51")),
                response("s52", "a malformed chunk size", when("-a", r -> Reply.of(Reply.write(bare(r, "200 OK",
                        "Transfer-Encoding: chunked\r\n") + "zz\r\nhello\r\n0\r\n\r\n"))), withVictims("s52", Conn.of(Req.get("s52-a"))))
                        .expecting(status("s52-a", Seen.TRUNCATED, 502)).expecting(victimsServed("s52")),
                response("s53", "a chunked answer", raw("-a", r -> bare(r, "200 OK", "Transfer-Encoding: chunked\r\n")
                        + "2\r\nok\r\n0\r\n\r\n"), Conn.of(Req.get("s53-a"), Req.get("s53-b")))
                        .expecting(served("s53-a", 200), served("s53-b", 200)),
                response("s54", "HEAD answered with Transfer-Encoding and no body", raw("-a", r -> bare(r, "200 OK",
                        "Transfer-Encoding: chunked\r\n")), withVictims("s54", Conn.of(Req.head("s54-a"))))
                        .expecting(served("s54-a", 200)).expecting(victimsServed("s54")));
    }

    private static Vector inject(String id, String title, Req attacker, Function<Received, String> bytes) {
        return response(id, title, raw("-a", bytes), withVictims(id, Conn.of(attacker)))
                .expecting(victimsServed(id)).expecting(reachedBackend(id + "-a", 1));
    }

    private static Vector bad(String id, String title, String bytes) {
        return response(id, title, raw("-bad", r -> bytes),
                withVictims(id, Conn.of(Req.get(id + "-warm"), Req.get(id + "-bad"))))
                .expecting(local(id + "-bad", 502, "upstream_malformed"), reachedBackend(id + "-bad", 1))
                .expecting(victimsServed(id));
    }

    /** Answers RFC 9112 lets a recipient accept or refuse: either is fine, never twice, never leaking. */
    private static Vector lenient(String id, String title, Function<Received, String> bytes) {
        return response(id, title, raw("-bad", bytes), withVictims(id, Conn.of(Req.get(id + "-warm"), Req.get(id + "-bad"))))
                .expecting(status(id + "-bad", 200, 502, 999), reachedBackend(id + "-bad", 1)).expecting(victimsServed(id));
    }
}
