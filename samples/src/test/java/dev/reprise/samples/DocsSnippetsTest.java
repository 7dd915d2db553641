package dev.reprise.samples;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Keeps the docs honest: every Java snippet in the README and the guides names the source file it was
 * copied from, and that file still contains it, line for line (indentation aside). Snippets of code
 * that no longer compiles, or that drifted from it, fail the build.
 */
class DocsSnippetsTest {

    private static final Pattern JAVA_BLOCK = Pattern.compile("```java\\n(.*?)\\n```", Pattern.DOTALL);
    private static final Pattern SOURCE = Pattern.compile("\\A\\s*<sub>(?:Abridged )?[Ff]rom `([^`]+)`");

    @ParameterizedTest
    @ValueSource(strings = {"README.md", "docs/getting-started.md", "docs/concepts.md", "docs/cookbook.md",
            "docs/testing.md", "docs/viewer.md", "docs/editing.md", "docs/finding-divergence.md"})
    void everyJavaSnippet_isCopiedFromTheSourceItNames(String doc) throws IOException {
        String text = Files.readString(Path.of(doc));
        Matcher block = JAVA_BLOCK.matcher(text);
        int snippets = 0;
        while (block.find()) {
            snippets++;
            Matcher source = SOURCE.matcher(text.substring(block.end()));
            assertThat(source.find()).as("%s: the snippet at offset %d names no source file", doc, block.start())
                    .isTrue();
            List<String> code = stripped(block.group(1));
            List<String> file = stripped(Files.readString(Path.of(source.group(1))));
            assertThat(Collections.indexOfSubList(file, code))
                    .as("%s: snippet at offset %d is not in %s:%n%s", doc, block.start(), source.group(1),
                            String.join("\n", code))
                    .isNotNegative();
        }
        assertThat(snippets).as("%s has Java snippets", doc).isPositive();
    }

    private static List<String> stripped(String code) {
        return new ArrayList<>(code.lines().map(String::strip).collect(Collectors.toList()));
    }
}
