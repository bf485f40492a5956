package io.tailguard.redis;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.lang.reflect.Method;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.tools.JavaCompiler;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The README's example compiles as written and answers against a real redis-server. */
class ReadmeExampleTest {

    @Test
    void readmeExampleCompilesAndDecides(@TempDir Path dir) throws Exception {
        String readme = Files.readString(Path.of("README.md"));
        Matcher block = Pattern.compile("```java\n(.*?)```", Pattern.DOTALL).matcher(readme);
        assertThat(block.find()).as("a java block in README.md").isTrue();
        Path source = Files.writeString(dir.resolve("QuotaExample.java"), block.group(1));

        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        ByteArrayOutputStream errors = new ByteArrayOutputStream();
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        int exit = javac.run(null, errors, errors, "-cp", classPath, "-d", dir.toString(), source.toString());
        assertThat(exit).as(errors.toString(StandardCharsets.UTF_8)).isZero();

        try (RedisServer server = RedisServer.start();
             URLClassLoader loader = new URLClassLoader(new URL[] {dir.toUri().toURL()}, getClass().getClassLoader())) {
            Method handle = loader.loadClass("QuotaExample").getMethod("handle", String.class, String.class);
            String answer = (String) handle.invoke(null, server.uri(), "alice");
            // Redis's answer; a first call slower than the 5 ms timeout gets the local share's (20 / 4)
            assertThat(answer).matches("200 remaining=(19|4)");
        }
    }
}
