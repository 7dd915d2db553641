package dev.reprise;

import static org.assertj.core.api.Assertions.assertThat;

import com.github.benmanes.caffeine.cache.Caffeine;
import java.lang.module.Configuration;
import java.lang.module.ModuleDescriptor;
import java.lang.module.ModuleFinder;
import java.net.URISyntaxException;
import java.nio.file.Path;
import java.util.Set;
import java.util.stream.Collectors;
import org.jspecify.annotations.NullMarked;
import org.junit.jupiter.api.Test;
import org.reactivestreams.Publisher;
import reactor.core.publisher.Flux;

/** The library's classes as the named module {@code dev.reprise}: what it exports and that it loads. */
class ModuleJarTest {

    private static final Set<String> API = Set.of("dev.reprise", "dev.reprise.command", "dev.reprise.desync",
            "dev.reprise.io", "dev.reprise.kafka", "dev.reprise.playback", "dev.reprise.route", "dev.reprise.test",
            "dev.reprise.tool", "dev.reprise.verify", "dev.reprise.viewer");

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
        assertThat(descriptor.exports()).noneMatch(ModuleDescriptor.Exports::isQualified);
        assertThat(descriptor.packages()).contains("dev.reprise.internal");
        assertThat(module.isExported("dev.reprise.internal")).isFalse();
        assertThat(descriptor.packages()).contains("dev.reprise.internal.support");
        assertThat(module.isExported("dev.reprise.internal.support")).isFalse();
    }

    @Test
    void descriptor_requiresTheRuntimeModules_andTheTestKitAndIntegrationsOnlyStatically() throws Exception {
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
        assertThat(optional).containsExactlyInAnyOrder("org.jspecify", "reactor.test", "org.junit.jupiter.api",
                "org.junit.jupiter.params", "org.opentest4j", "kafka.clients", "com.fasterxml.jackson.databind",
                "info.picocli", "micrometer.core", "jdk.httpserver", "java.logging", "reactor.netty.http",
                "reactor.netty.core", "io.netty.codec.http", "io.netty.transport", "io.netty.buffer", "io.netty.common");
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
}
