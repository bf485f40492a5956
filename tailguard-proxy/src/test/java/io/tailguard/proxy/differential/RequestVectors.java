package io.tailguard.proxy.differential;

import static io.tailguard.proxy.differential.Expect.forwardedHeader;
import static io.tailguard.proxy.differential.Expect.forwardedWithout;
import static io.tailguard.proxy.differential.Expect.local;
import static io.tailguard.proxy.differential.Expect.reachedBackend;
import static io.tailguard.proxy.differential.Expect.served;
import static io.tailguard.proxy.differential.Expect.status;
import static io.tailguard.proxy.differential.Kit.badLength;
import static io.tailguard.proxy.differential.Kit.one;
import static io.tailguard.proxy.differential.Kit.refusedLength;
import static io.tailguard.proxy.differential.Kit.request;

import java.util.List;

/**
 * Thread-safe (stateless): vectors where the client misbehaves: the classic request-smuggling
 * payloads (CL.TE, TE.CL, obfuscated and duplicated framing headers), malformed heads and lengths,
 * and requests the proxy must answer itself. A request tagged {@code ...-smuggled} is hidden in
 * another's body: the backend receiving it is a desync.
 */
final class RequestVectors {

    private static final String SMUGGLED = "GET /d/%s-smuggled HTTP/1.1\r\nHost: t\r\n\r\n";

    private RequestVectors() {
    }

    /** {@code data} as one chunk of a chunked body. */
    static String chunk(String data) {
        return Integer.toHexString(data.length()) + "\r\n" + data + "\r\n";
    }

    static List<Vector> all() {
        return List.of(
                one("q01", "CL.TE: Content-Length and chunked, chunked ends first",
                        Req.post("q01-a", "0\r\n\r\n" + SMUGGLED.formatted("q01"), "Content-Length: #",
                                "Transfer-Encoding: chunked")).expecting(status("q01-a", 400)),
                one("q02", "TE.CL: chunked hides a request in a chunk, Content-Length ends early",
                        Req.post("q02-a", chunk(SMUGGLED.formatted("q02")) + "0\r\n\r\n",
                                "Content-Length: 4", "Transfer-Encoding: chunked")).expecting(status("q02-a", 400)),
                one("q03", "TE.TE: chunked and an unknown coding on two lines",
                        Req.post("q03-a", "0\r\n\r\n" + SMUGGLED.formatted("q03"), "Transfer-Encoding: chunked",
                                "Transfer-Encoding: x", "Content-Length: #")).expecting(status("q03-a", 400)),
                one("q04", "Transfer-Encoding with a space before the colon",
                        Req.post("q04-a", "0\r\n\r\n" + SMUGGLED.formatted("q04"), "Content-Length: #",
                                "Transfer-Encoding : chunked")).expecting(status("q04-a", 400)),
                one("q05", "Transfer-Encoding: xchunked",
                        Req.post("q05-a", "0\r\n\r\n" + SMUGGLED.formatted("q05"), "Content-Length: #",
                                "Transfer-Encoding: xchunked")).expecting(status("q05-a", 400, 501)),
                one("q06", "Transfer-Encoding with a tab, and Content-Length",
                        Req.post("q06-a", "0\r\n\r\n" + SMUGGLED.formatted("q06"), "Content-Length: #",
                                "Transfer-Encoding:\tchunked")).expecting(status("q06-a", 400)),
                one("q07", "Transfer-Encoding: chunked, identity",
                        Req.post("q07-a", "0\r\n\r\n" + SMUGGLED.formatted("q07"), "Transfer-Encoding: chunked, identity"))
                        .expecting(status("q07-a", 400, 501)),
                one("q08", "Transfer-Encoding folded onto the line before (obs-fold)",
                        Req.post("q08-a", "0\r\n\r\n" + SMUGGLED.formatted("q08"), "Content-Length: #",
                                "X-A: a", " Transfer-Encoding: chunked"))
                        .expecting(status("q08-a", 200, 400), forwardedWithout("q08-a", "\r\n ", "\r\n\t")),
                one("q09", "a header folded with a tab (obs-fold)",
                        Req.get("q09-a", "X-A: a", "\tb"))
                        .expecting(status("q09-a", 200, 400), forwardedWithout("q09-a", "\r\n ", "\r\n\t")),
                one("q10", "Transfer-Encoding: CHUNKED in capitals: the coding name is case-insensitive",
                        Req.post("q10-a", "5\r\nhello\r\n0\r\n\r\n", "Transfer-Encoding: CHUNKED"))
                        .expecting(status("q10-a", 200, 400)),
                one("q11", "a chunked body whose lines end in bare LF",
                        Req.post("q11-a", "5\nhello\n0\n\n" + SMUGGLED.formatted("q11"), "Transfer-Encoding: chunked",
                                "Connection: close")),
                one("q12", "Content-Length twice, same value",
                        Req.post("q12-a", "hello", "Content-Length: 5", "Content-Length: 5"))
                        .expecting(status("q12-a", 200, 400)),
                one("q13", "Content-Length twice, different values",
                        Req.post("q13-a", "hello" + SMUGGLED.formatted("q13"), "Content-Length: 5", "Content-Length: #"))
                        .expecting(status("q13-a", 400)),
                refusedLength("q14", "Content-Length: 0x5", "0x5"),
                refusedLength("q15", "Content-Length: 5, 5", "5, 5"),
                refusedLength("q16", "Content-Length: +5", "+5"),
                refusedLength("q17", "Content-Length: 18446744073709551617", "18446744073709551617"),
                refusedLength("q18", "Content-Length: -1", "-1"),
                refusedLength("q19", "Content-Length: 5a", "5a"),
                refusedLength("q20", "an empty Content-Length", ""),
                refusedLength("q21", "Content-Length over 2^63", "99999999999999999999"),
                one("q22", "Content-Length with spaces around the digits (OWS)", badLength("q22-a", " 5 "))
                        .expecting(status("q22-a", 200, 400)),
                one("q23", "request line and headers ending in bare LF",
                        Req.raw("q23-a", "GET", "GET /d/q23-a HTTP/1.1\nHost: t\n\n")),
                one("q24", "a bare CR inside a header value",
                        Req.get("q24-a", "X-A: a\rb")).expecting(status("q24-a", 400)),
                one("q25", "a NUL inside a header value",
                        Req.get("q25-a", "X-A: a\0b")).expecting(status("q25-a", 400)),
                one("q26", "a space inside a header name",
                        Req.get("q26-a", "Bad Header: x")).expecting(status("q26-a", 400)),
                one("q27", "a header line without a colon",
                        Req.get("q27-a", "NoColonHere")).expecting(status("q27-a", 400)),
                one("q28", "a request line with a space too many",
                        Req.raw("q28-a", "GET", "GET /d/q28-a  HTTP/1.1\r\nHost: t\r\n\r\n")).expecting(status("q28-a", 200, 400)),
                request("q29", "HTTP/1.0 keep-alive, two requests pipelined",
                        Conn.of(Conn.Mode.PIPELINED,
                                Req.raw("q29-a", "GET", "GET /d/q29-a HTTP/1.0\r\nConnection: keep-alive\r\n\r\n"),
                                Req.raw("q29-b", "GET", "GET /d/q29-b HTTP/1.0\r\n\r\n")))
                        .expecting(served("q29-a", 200), served("q29-b", 200)),
                one("q30", "HTTP/2.0 in a request line",
                        Req.raw("q30-a", "GET", "GET /d/q30-a HTTP/2.0\r\nHost: t\r\n\r\n")).expecting(status("q30-a", 400, 505)),
                one("q31", "Connection: Host",
                        Req.get("q31-a", "Connection: Host"))
                        .expecting(served("q31-a", 200), forwardedHeader("q31-a", "host", v -> v.size() == 1, "present once")),
                one("q32", "Connection: Content-Length on a POST with a body",
                        Req.post("q32-a", "hello", "Content-Length: 5", "Connection: Content-Length"))
                        .expecting(served("q32-a", 200), forwardedHeader("q32-a", "content-length",
                                v -> v.equals(List.of("5")), "5")),
                one("q33", "Connection: Transfer-Encoding on a chunked POST",
                        Req.post("q33-a", "5\r\nhello\r\n0\r\n\r\n", "Transfer-Encoding: chunked",
                                "Connection: Transfer-Encoding")).expecting(served("q33-a", 200)),
                one("q34", "an Upgrade request (the proxy forwards no upgrade)",
                        Req.get("q34-a", "Connection: Upgrade", "Upgrade: websocket"))
                        .expecting(served("q34-a", 200), forwardedHeader("q34-a", "upgrade", List::isEmpty, "absent")),
                one("q35", "Expect: 100-continue with its body right behind",
                        Req.post("q35-a", "hello", "Content-Length: 5", "Expect: 100-continue"))
                        .expecting(served("q35-a", 200), reachedBackend("q35-a", 1)),
                one("q36", "Expect: 100-continue and the body never comes",
                        Req.post("q36-a", "", "Content-Length: 5", "Expect: 100-continue"))
                        .expecting(status("q36-a", 408)),
                one("q37", "a request line over max-initial-line, more bytes behind it",
                        Req.raw("q37-a", "GET", "GET /d/q37-a?" + "a".repeat(2 * Tailguard.MAX_INITIAL_LINE)
                                + " HTTP/1.1\r\nHost: t\r\nContent-Length: 200000\r\n\r\n" + "b".repeat(200_000)))
                        .expecting(status("q37-a", 414)),
                one("q38", "headers over max-header-bytes",
                        Req.get("q38-a", "X-Big: " + "a".repeat(2 * Tailguard.MAX_HEADER_BYTES))).expecting(status("q38-a", 431, 400)),
                one("q39", "a declared body over max-body-bytes",
                        Req.post("q39-a", "", "Content-Length: 70000")).expecting(status("q39-a", 413)),
                one("q40", "a chunked body that grows over max-body-bytes",
                        Req.post("q40-a", ("4000\r\n" + "a".repeat(0x4000) + "\r\n").repeat(5) + "0\r\n\r\n",
                                "Transfer-Encoding: chunked")).expecting(status("q40-a", 413)),
                one("q41", "Host twice", Req.get("q41-a", "Host: u")).expecting(status("q41-a", 400)),
                one("q42", "HTTP/1.1 without Host",
                        Req.raw("q42-a", "GET", "GET /d/q42-a HTTP/1.1\r\n\r\n")).expecting(status("q42-a", 400)),
                one("q43", "absolute-form to a host that is not a backend",
                        Req.raw("q43-a", "GET", "GET http://example.com/d/q43-a HTTP/1.1\r\nHost: example.com\r\n\r\n"))
                        .expecting(status("q43-a", 400)),
                one("q44", "CONNECT",
                        Req.raw("q44-a", "CONNECT", "CONNECT q44-a.example:443 HTTP/1.1\r\nHost: q44-a.example:443\r\n\r\n"))
                        .expecting(status("q44-a", 405, 400)),
                request("q45", "three GETs pipelined",
                        Conn.of(Conn.Mode.PIPELINED, Req.get("q45-a"), Req.get("q45-b"), Req.get("q45-c")))
                        .expecting(served("q45-a", 200), served("q45-b", 200), served("q45-c", 200)),
                request("q46", "a GET, then CL.TE smuggling, then a GET, pipelined",
                        Conn.of(Conn.Mode.PIPELINED, Req.get("q46-a"),
                                Req.post("q46-b", "0\r\n\r\n" + SMUGGLED.formatted("q46"), "Content-Length: #",
                                        "Transfer-Encoding: chunked"), Req.get("q46-c")))
                        .expecting(served("q46-a", 200), status("q46-b", 400)),
                request("q47", "a whole request, then FIN from the client",
                        Conn.of(Conn.Mode.HALF_CLOSE, Req.get("q47-a"))),
                request("q48", "a request one byte per write",
                        Conn.of(Conn.Mode.TRICKLE, Req.post("q48-a", "hello", "Content-Length: 5")))
                        .expecting(served("q48-a", 200)),
                one("q49", "a head that never completes",
                        Req.raw("q49-a", "GET", "GET /d/q49-a HTTP/1.1\r\nHost: t\r\nX-Slow: "))
                        .expecting(local("q49-a", 408, "header_timeout")),
                one("q50", "a chunk size with an extension",
                        Req.post("q50-a", "5;name=value\r\nhello\r\n0\r\n\r\n", "Transfer-Encoding: chunked"))
                        .expecting(served("q50-a", 200)),
                one("q51", "a chunk size that overflows 64 bits",
                        Req.post("q51-a", "fffffffffffffffffff1\r\nhello\r\n0\r\n\r\n", "Transfer-Encoding: chunked"))
                        .expecting(status("q51-a", 400, 413)),
                one("q52", "a chunked trailer that carries Content-Length",
                        Req.post("q52-a", "5\r\nhello\r\n0\r\nContent-Length: 45\r\n\r\n" + SMUGGLED.formatted("q52"),
                                "Transfer-Encoding: chunked", "Connection: close")).expecting(reachedBackend("q52-a", 1)),
                one("q53", "a method with a character not allowed in a token",
                        Req.raw("q53-a", "G@T", "G@T /d/q53-a HTTP/1.1\r\nHost: t\r\n\r\n")).expecting(status("q53-a", 400)),
                one("q54", "a chunked GET with an empty body",
                        Req.raw("q54-a", "GET", "GET /d/q54-a HTTP/1.1\r\nHost: t\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n"))
                        .expecting(served("q54-a", 200)),
                one("q55", "Content-Length: 0 with bytes behind that form a request",
                        Req.post("q55-a", SMUGGLED.formatted("q55"), "Content-Length: 0", "Connection: close"))
                        .expecting(served("q55-a", 200)),
                one("q56", "Transfer-Encoding: chunked on HTTP/1.0",
                        Req.raw("q56-a", "POST", "POST /d/q56-a HTTP/1.0\r\nTransfer-Encoding: chunked\r\nContent-Length: "
                                + ("0\r\n\r\n" + SMUGGLED.formatted("q56")).length() + "\r\n\r\n"
                                + "0\r\n\r\n" + SMUGGLED.formatted("q56"))).expecting(status("q56-a", 400)),
                one("q57", "a header name with a trailing tab before the colon",
                        Req.post("q57-a", "0\r\n\r\n" + SMUGGLED.formatted("q57"), "Content-Length: #",
                                "Transfer-Encoding\t: chunked")).expecting(status("q57-a", 400)),
                one("q58", "a request line target with a CR in it",
                        Req.raw("q58-a", "GET", "GET /d/q58-a\r HTTP/1.1\r\nHost: t\r\n\r\n"))
                        .expecting(status("q58-a", 200, 400), forwardedWithout("q58-a", "q58-a\r")),
                one("q59", "a HEAD with a malformed header: its 400 has no body (RFC 9110 section 9.3.2)",
                        Req.head("q59-a", "Bad Header: x")).expecting(status("q59-a", 400)));
    }
}
