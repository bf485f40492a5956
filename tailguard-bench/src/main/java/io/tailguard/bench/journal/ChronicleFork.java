package io.tailguard.bench.journal;

import org.openjdk.jmh.annotations.Fork;

/**
 * Not thread-safe (a base that holds nothing): the fork of every benchmark that runs Chronicle
 * Queue in the same run as our journal. Chronicle reaches into the JDK's internals, which Java 17
 * opens only on request; the 1 GB heap keeps the forks alike on machines of any memory size.
 */
@Fork(value = 1, jvmArgsAppend = {
    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
    "--add-opens=java.base/java.lang=ALL-UNNAMED",
    "--add-opens=java.base/java.nio=ALL-UNNAMED",
    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/sun.nio.ch=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.ref=ALL-UNNAMED",
    "--add-exports=java.base/jdk.internal.misc=ALL-UNNAMED",
    "--add-exports=jdk.unsupported/sun.misc=ALL-UNNAMED",
    "-Dchronicle.analytics.disable=true",
    "-Xmx1g"
})
public abstract class ChronicleFork {
}
