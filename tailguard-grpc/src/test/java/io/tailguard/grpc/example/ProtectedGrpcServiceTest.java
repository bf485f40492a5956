package io.tailguard.grpc.example;

import static org.assertj.core.api.Assertions.assertThat;

import io.grpc.CallOptions;
import io.grpc.ManagedChannel;
import io.grpc.MethodDescriptor;
import io.grpc.Server;
import io.grpc.ServerServiceDefinition;
import io.grpc.stub.ClientCalls;
import io.grpc.stub.ServerCalls;
import io.tailguard.grpc.EchoService;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Runs the README's gRPC example and checks the README shows it as compiled here. */
class ProtectedGrpcServiceTest {

    private static final MethodDescriptor.Marshaller<String> UTF8 = new EchoService.Utf8();

    private static final MethodDescriptor<String, String> GREET = MethodDescriptor.<String, String>newBuilder()
            .setType(MethodDescriptor.MethodType.UNARY).setFullMethodName("example.Greeter/Greet")
            .setRequestMarshaller(UTF8).setResponseMarshaller(UTF8).build();

    @Test
    void theExampleServesAndCallsThroughBothInterceptors() throws Exception {
        ServerServiceDefinition greeter = ServerServiceDefinition.builder("example.Greeter")
                .addMethod(GREET, ServerCalls.asyncUnaryCall((name, response) -> {
                    response.onNext("hello " + name);
                    response.onCompleted();
                })).build();
        Server server = ProtectedGrpcService.serve(greeter, 0);
        ManagedChannel channel = ProtectedGrpcService.connect(server.getPort());
        try {
            String answer = ClientCalls.blockingUnaryCall(ProtectedGrpcService.protect(channel), GREET,
                    CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS), "tailguard");
            assertThat(answer).isEqualTo("hello tailguard");
        } finally {
            channel.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
            server.shutdownNow().awaitTermination(10, TimeUnit.SECONDS);
        }
    }

    @Test
    void theReadmeShowsThisExampleAsCompiled() throws Exception {
        String code = Files.readString(Path.of("src/test/java/io/tailguard/grpc/example/ProtectedGrpcService.java"));
        assertThat(Files.readString(Path.of("..", "README.md")))
                .as("the top-level README shows ProtectedGrpcService.java from its imports on, unchanged")
                .contains(code.substring(code.indexOf("import ")));
    }
}
