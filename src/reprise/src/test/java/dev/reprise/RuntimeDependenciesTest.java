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
package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

/**
 * Keeps the core's runtime dependencies what a game that uses only the core resolves: reactor-core, caffeine
 * and JSpecify (and their own dependencies), nothing optional besides. The test kit, the worker, the viewer
 * and the tool are modules of their own, with their own dependencies. Read from the poms themselves (the
 * core's and the parent's, whose dependencies every module inherits), so it runs offline in every build.
 */
class RuntimeDependenciesTest {

    private static final Set<String> CORE = Set.of("io.projectreactor:reactor-core",
            "com.github.ben-manes.caffeine:caffeine", "org.jspecify:jspecify");

    @Test
    void theCoresDependencies_areReactorCaffeineAndJSpecify_andTheRestTestScoped() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder()
                .parse(Path.of("src/reprise/pom.xml").toFile());
        List<String> core = new ArrayList<>();
        List<String> leaking = new ArrayList<>();
        for (Element dependency : dependencies(pom)) {
            String id = text(dependency, "groupId") + ":" + text(dependency, "artifactId");
            String scope = text(dependency, "scope");
            boolean optional = "true".equals(text(dependency, "optional"));
            if ("test".equals(scope)) {
                continue;
            }
            if (CORE.contains(id) && !optional && (scope.isEmpty() || "compile".equals(scope))) {
                core.add(id);
            } else {
                leaking.add(id + (scope.isEmpty() ? "" : " (" + scope + ")"));
            }
        }
        assertThat(leaking).as("dependencies beside the core's three; a module of its own, or test scope")
                .isEmpty();
        assertThat(core).containsExactlyInAnyOrderElementsOf(CORE);
    }

    @Test
    void theParentsDependencies_areAllTestScoped() throws Exception {
        Document pom = DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Path.of("pom.xml").toFile());
        List<String> inherited = new ArrayList<>();
        for (Element dependency : dependencies(pom)) {
            if (!"test".equals(text(dependency, "scope"))) {
                inherited.add(text(dependency, "groupId") + ":" + text(dependency, "artifactId"));
            }
        }
        assertThat(inherited).as("what every module would pass on to its users").isEmpty();
        assertThat(dependencies(pom)).as("the parent's test dependencies").isNotEmpty();
    }

    /** The dependencies of the project and of its profiles, not the managed versions. */
    private static List<Element> dependencies(Document pom) {
        List<Element> found = new ArrayList<>();
        NodeList all = pom.getElementsByTagName("dependency");
        for (int i = 0; i < all.getLength(); i++) {
            Element dependency = (Element) all.item(i);
            Node list = dependency.getParentNode();
            Node owner = list.getParentNode();
            boolean managed = owner.getNodeName().equals("dependencyManagement");
            boolean plugin = owner.getNodeName().equals("plugin");
            if (list.getNodeName().equals("dependencies") && !managed && !plugin) {
                found.add(dependency);
            }
        }
        return found;
    }

    private static String text(Element dependency, String child) {
        NodeList nodes = dependency.getElementsByTagName(child);
        return nodes.getLength() == 0 ? "" : nodes.item(0).getTextContent().trim();
    }
}
