/*
 * Copyright 2026 The Reprise developers
 *
 * Licensed under the Apache License, Version 2.0 (the "License");
 * you may not use this file except in compliance with the License.
 * You may obtain a copy of the License at
 *
 *     https://www.apache.org/licenses/LICENSE-2.0
 *
 * Unless required by applicable law or agreed to in writing, software
 * distributed under the License is distributed on an "AS IS" BASIS,
 * WITHOUT WARRANTIES OR CONDITIONS OF ANY KIND, either express or implied.
 * See the License for the specific language governing permissions and
 * limitations under the License.
 */
package dev.reprise.guide;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayInputStream;
import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Keeps the docs' Maven setup from rotting: the getting-started page's {@code pom.xml} is complete and
 * pins the same plugins (every one {@code mvn package} runs) and Java release as the project, and every dependency in the docs' XML snippets
 * carries a version — the version this build compiles and tests against.
 */
class DocsMavenSetupTest {

    private static final Path PROJECT_POM = Path.of("pom.xml");
    private static final Pattern XML_BLOCK = Pattern.compile("```xml\\n(.*?)\\n```", Pattern.DOTALL);

    @ParameterizedTest
    @ValueSource(strings = {"docs/getting-started.md", "docs/testing.md"})
    void everyDependency_hasTheVersionTheProjectBuildsWith(String doc) throws Exception {
        List<Element> dependencies = new ArrayList<>();
        for (String block : xmlBlocks(doc)) {
            Element root = parse(block.startsWith("<?xml") ? block : "<snippet>" + block + "</snippet>");
            dependencies.addAll(elements(root, "dependency"));
        }

        assertThat(dependencies).as("%s has dependency snippets", doc).isNotEmpty();
        for (Element dependency : dependencies) {
            String coordinates = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
            assertThat(text(dependency, "version")).as("%s: the version of %s", doc, coordinates)
                    .isEqualTo(buildVersion(text(dependency, "groupId"), text(dependency, "artifactId")));
        }
    }

    @Test
    void gettingStarted_pom_isComplete_andPinsTheProjectsPluginsAndRelease() throws Exception {
        Element documented = xmlBlocks("docs/getting-started.md").stream().filter(block -> block.contains("<project"))
                .map(DocsMavenSetupTest::parse).findFirst().orElseThrow();
        Element project = parse(Files.readString(PROJECT_POM));

        assertThat(text(documented, "modelVersion")).isEqualTo("4.0.0");
        assertThat(text(documented, "maven.compiler.release")).isEqualTo(text(project, "maven.compiler.release"))
                .isEqualTo("17");
        // Every plugin mvn package runs is pinned, so a stock Maven 3.8 builds the game's jar.
        for (String plugin : List.of("maven-clean-plugin", "maven-resources-plugin", "maven-compiler-plugin",
                "maven-surefire-plugin", "maven-jar-plugin", "maven-install-plugin")) {
            assertThat(pluginVersion(documented, plugin)).as(plugin).isNotEmpty()
                    .isEqualTo(pluginVersion(project, plugin));
        }
    }

    /** The version of a dependency this build uses: the project's own, or the jar's on the test class path. */
    private static String buildVersion(String groupId, String artifactId) throws Exception {
        if (groupId.equals("dev.reprise")) {
            return text(parse(Files.readString(PROJECT_POM)), "version");
        }
        String classPath = System.getProperty("surefire.test.class.path", System.getProperty("java.class.path"));
        Pattern jar = Pattern.compile(Pattern.quote(File.separator + groupId.replace('.', File.separatorChar)
                + File.separator + artifactId + File.separator) + "([^" + Pattern.quote(File.separator) + "]+)"
                + Pattern.quote(File.separator + artifactId + "-"));
        return Stream.of(classPath.split(File.pathSeparator)).map(jar::matcher).filter(Matcher::find)
                .map(found -> found.group(1)).findFirst()
                .orElseThrow(() -> new AssertionError(groupId + ":" + artifactId + " is not on the test class path"));
    }

    private static String pluginVersion(Element pom, String artifactId) {
        return elements(pom, "plugin").stream().filter(plugin -> text(plugin, "artifactId").equals(artifactId))
                .map(plugin -> text(plugin, "version")).filter(version -> !version.isEmpty()).findFirst().orElse("");
    }

    private static List<String> xmlBlocks(String doc) throws IOException {
        Matcher block = XML_BLOCK.matcher(Files.readString(Path.of(doc)));
        List<String> blocks = new ArrayList<>();
        while (block.find()) {
            // A comment inside a snippet is not XML a parser takes apart; drop the ones the docs use.
            blocks.add(block.group(1).replaceAll("<!--.*?-->", ""));
        }
        return blocks;
    }

    private static Element parse(String xml) {
        try {
            DocumentBuilderFactory factory = DocumentBuilderFactory.newInstance();
            factory.setFeature("http://apache.org/xml/features/disallow-doctype-decl", true);
            return factory.newDocumentBuilder()
                    .parse(new ByteArrayInputStream(xml.getBytes(StandardCharsets.UTF_8))).getDocumentElement();
        } catch (Exception e) {
            throw new AssertionError("not well-formed XML:\n" + xml, e);
        }
    }

    private static List<Element> elements(Element root, String name) {
        NodeList nodes = root.getElementsByTagName(name);
        List<Element> found = new ArrayList<>();
        for (int i = 0; i < nodes.getLength(); i++) {
            found.add((Element) nodes.item(i));
        }
        return found;
    }

    /** The text of the first child element (or, for a property, descendant) named {@code name}; "" if none. */
    private static String text(Element parent, String name) {
        for (Node child = parent.getFirstChild(); child != null; child = child.getNextSibling()) {
            if (child instanceof Element element && element.getTagName().equals(name)) {
                return element.getTextContent().strip();
            }
        }
        List<Element> deeper = name.contains(".") ? elements(parent, name) : List.of();
        return deeper.isEmpty() ? "" : deeper.get(0).getTextContent().strip();
    }
}
