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

import com.github.benmanes.caffeine.cache.Caffeine;
import java.io.File;
import java.io.IOException;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.lang.module.ModuleReference;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;
import java.util.Set;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/**
 * The core's classes as the named module {@code dev.reprise}: what it exports and requires (reactor-core,
 * Reactive Streams, Caffeine and JSpecify, nothing else), and that it loads.
 */
class ModuleJarTest {

    private static final Set<String> API = Set.of("dev.reprise", "dev.reprise.command", "dev.reprise.desync",
            "dev.reprise.diagnostic", "dev.reprise.edit", "dev.reprise.io", "dev.reprise.playback", "dev.reprise.route",
            "dev.reprise.shrink", "dev.reprise.verify");

    private static Path location(Class<?> type) throws URISyntaxException {
        return Path.of(type.getProtectionDomain().getCodeSource().getLocation().toURI());
    }

    private static ModuleLayer layer() throws URISyntaxException {
        // The library's classes and its four runtime modules; the test kit's static requires are not needed.
        ModuleFinder finder = ModuleFinder.of(location(ReplaySystem.class), location(Flux.class),
                location(Publisher.class), location(Caffeine.class), location(NullMarked.class));
        Configuration config = ModuleLayer.boot().configuration()
                .resolve(finder, ModuleFinder.of(), Set.of("dev.reprise"));
        return ModuleLayer.boot().defineModulesWithOneLoader(config, ClassLoader.getPlatformClassLoader());
    }

    @Test
    void descriptor_exportsExactlyTheApiPackages() throws Exception {
        Module module = layer().findModule("dev.reprise").orElseThrow();
        ModuleDescriptor descriptor = module.getDescriptor();
        Set<String> exported = descriptor.exports().stream()
                .filter(export -> !export.isQualified())
                .map(ModuleDescriptor.Exports::source)
                .collect(Collectors.toSet());
        assertThat(exported).isEqualTo(API);
        assertThat(descriptor.exports()).filteredOn(ModuleDescriptor.Exports::isQualified).isEmpty();
        assertThat(module.isExported("dev.reprise.internal")).isFalse();
        assertThat(descriptor.packages()).contains("dev.reprise.internal.answer");
        assertThat(module.isExported("dev.reprise.internal.answer")).isFalse();
    }

    @Test
    void descriptor_requiresReactorCaffeineAndJSpecify_andNothingElse() throws Exception {
        ModuleDescriptor descriptor = layer().findModule("dev.reprise").orElseThrow().getDescriptor();
        Set<String> required = descriptor.requires().stream()
                .filter(r -> !r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .map(ModuleDescriptor.Requires::name)
                .collect(Collectors.toSet());
        assertThat(required).containsExactlyInAnyOrder("java.base", "reactor.core", "org.reactivestreams",
                "com.github.benmanes.caffeine");
        Set<String> optional = descriptor.requires().stream()
                .filter(r -> r.modifiers().contains(ModuleDescriptor.Requires.Modifier.STATIC))
                .map(ModuleDescriptor.Requires::name)
                .collect(Collectors.toSet());
        assertThat(optional).containsExactly("org.jspecify");
    }

    @Test
    void layer_loadsTheSystemInTheNamedModule_andItRecords() throws Exception {
        ModuleLayer layer = layer();
        Class<?> system = layer.findLoader("dev.reprise").loadClass("dev.reprise.ReplaySystem");
        assertThat(system.getModule().getName()).isEqualTo("dev.reprise");
        Object instance = system.getConstructor().newInstance();
        Object array = system.getMethod("array").invoke(instance);
        assertThat(array.getClass().getModule().getName()).isEqualTo("dev.reprise");
        assertThat(array.getClass().getMethod("length").invoke(array)).isEqualTo(0);
    }

    /**
     * What Maven's "required filename-based automodules" warning guards against, as a test: a published
     * descriptor must not require a module by a name guessed from a jar's file name, since the jar's
     * authors may give it another name later. Every module required, statically or not, declares its name.
     */
    @Test
    void descriptor_requiresOnlyModulesThatDeclareTheirName() throws Exception {
        ModuleDescriptor descriptor = layer().findModule("dev.reprise").orElseThrow().getDescriptor();
        Map<String, Boolean> declared = classPathModules();
        for (ModuleDescriptor.Requires requires : descriptor.requires()) {
            if (ModuleLayer.boot().findModule(requires.name()).isPresent()) {
                continue; // java.base, java.logging, jdk.httpserver: the JDK's own modules
            }
            assertThat(declared).as("a jar on the class path holds module %s", requires.name())
                    .containsKey(requires.name());
            assertThat(declared.get(requires.name()))
                    .as("module %s has a descriptor or an Automatic-Module-Name, not a name from its file name",
                            requires.name())
                    .isTrue();
        }
    }

    /** Each module on the test class path, by name: whether its jar declares that name. */
    private static Map<String, Boolean> classPathModules() throws IOException {
        Map<String, Boolean> modules = new HashMap<>();
        for (String entry : System.getProperty("java.class.path").split(File.pathSeparator)) {
            Path jar = Path.of(entry);
            if (!entry.endsWith(".jar") || !Files.isRegularFile(jar)) {
                continue;
            }
            ModuleReference module;
            try {
                module = ModuleFinder.of(jar).findAll().iterator().next();
            } catch (RuntimeException notAModule) {
                continue; // a jar no module can be made of (a test-only jar); the descriptor cannot require it
            }
            boolean declared = !module.descriptor().isAutomatic() || automaticModuleName(jar);
            modules.merge(module.descriptor().name(), declared, Boolean::logicalAnd);
        }
        return modules;
    }

    private static boolean automaticModuleName(Path jar) throws IOException {
        try (JarFile file = new JarFile(jar.toFile())) {
            return file.getManifest() != null
                    && file.getManifest().getMainAttributes().getValue("Automatic-Module-Name") != null;
        }
    }
}
