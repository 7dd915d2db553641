package dev.reprise.tool;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.lang.reflect.Member;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The tool's API is its entry point, {@link ReplayTool}'s {@code main} and exit codes, and the progress bar
 * it draws (a program beside the tool, such as the samples' demo, draws the same). picocli and the tool's
 * failures are implementation.
 */
class ToolApiTest {

    private static List<Path> toolClasses() throws IOException, URISyntaxException {
        Path folder = Path.of(ReplayTool.class.getProtectionDomain().getCodeSource().getLocation().toURI())
                .resolve("dev/reprise/tool");
        try (Stream<Path> files = Files.list(folder)) {
            return files.filter(f -> f.toString().endsWith(".class")).sorted().toList();
        }
    }

    @Test
    void thePublicClasses_areReplayToolAndItsProgressBar() throws Exception {
        List<String> publicClasses = new java.util.ArrayList<>();
        for (Path file : toolClasses()) {
            String name = "dev.reprise.tool." + file.getFileName().toString().replace(".class", "");
            if (Modifier.isPublic(Class.forName(name, false, getClass().getClassLoader()).getModifiers())) {
                publicClasses.add(name);
            }
        }

        assertThat(publicClasses).containsExactly(ProgressBar.class.getName(), ReplayTool.class.getName());
    }

    @Test
    void replayTool_showsNoPicocliType() {
        assertThat(ReplayTool.class.getInterfaces()).isEmpty();
        assertThat(ReplayTool.class.getAnnotations()).isEmpty();
        Stream<Member> members = Stream.concat(Arrays.stream(ReplayTool.class.getMethods()),
                Arrays.stream(ReplayTool.class.getFields()));
        assertThat(members.filter(m -> m.getDeclaringClass() == ReplayTool.class).map(Member::getName))
                .containsExactlyInAnyOrder("main", "OK", "FAILED", "USAGE", "INTERNAL", "NOT_RUN");
        for (Method method : ReplayTool.class.getMethods()) {
            assertThat(method.toGenericString()).doesNotContain("picocli");
        }
    }
}
