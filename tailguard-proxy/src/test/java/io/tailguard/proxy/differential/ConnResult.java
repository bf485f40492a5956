package io.tailguard.proxy.differential;

import java.util.List;

/**
 * Thread-safe (immutable): what one client connection of a vector saw.
 *
 * @param conn     the connection as the vector describes it
 * @param answers  one per request the client read an answer for, in order (fewer if the connection ended)
 * @param after    the answer to the plain GET sent afterwards on the same connection, or null if none was sent
 * @param afterTag that GET's tag
 * @param trailing bytes that came after the last answer, before the connection ended ("" if none)
 */
record ConnResult(Conn conn, List<Seen> answers, Seen after, String afterTag, String trailing) {
}
