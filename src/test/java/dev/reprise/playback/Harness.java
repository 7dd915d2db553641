package dev.reprise.playback;

import dev.reprise.ReplaySystem;
import dev.reprise.ReplayWarning;
import dev.reprise.command.ReplayCommand;
import dev.reprise.command.ReplayCommandResult;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.function.Consumer;
import reactor.core.publisher.Mono;

/** A system with logging commands, for playback tests: {@code exec<code>@<index>} and {@code fin<code>}. */
final class Harness {

    final ReplaySystem system = new ReplaySystem();
    final List<String> log = new CopyOnWriteArrayList<>();
    final List<ReplayWarning> warnings = new CopyOnWriteArrayList<>();

    Harness() {
        system.warnings().subscribe(warnings::add);
    }

    /** Registers an active command that logs and answers {@code result} from execute and from finalize. */
    Harness active(int code, ReplayCommandResult result, ReplayCommandResult finalizeResult) {
        system.registerCommand(code, ReplayCommand.withFinalizer(
                (step, context) -> {
                    log.add("exec" + code + "@" + step.index());
                    return Mono.just(result);
                },
                context -> {
                    log.add("fin" + code);
                    return Mono.just(finalizeResult);
                }));
        return this;
    }

    Harness active(int... codes) {
        for (int code : codes) {
            active(code, ReplayCommandResult.SUCCESS, ReplayCommandResult.SUCCESS);
        }
        return this;
    }

    Harness command(int code, ReplayCommand command) {
        system.registerCommand(code, command);
        return this;
    }

    Harness passive(int... codes) {
        for (int code : codes) {
            system.registerCommand(code, ReplayCommand.passive());
        }
        return this;
    }

    Harness record(int... codes) {
        for (int code : codes) {
            system.record(code);
        }
        return this;
    }

    ReplaySandbox sandbox() {
        return sandbox(builder -> { });
    }

    ReplaySandbox sandbox(Consumer<SandboxConfig.Builder<Object>> customize) {
        SandboxConfig.Builder<Object> builder = SandboxConfig.builder(system.array(), save -> { });
        customize.accept(builder);
        return system.createReplaySandbox(builder.build());
    }

    List<Integer> warningCodes() {
        return warnings.stream().map(ReplayWarning::code).toList();
    }

    static List<Integer> indexes(List<PlaybackStep> steps) {
        return steps.stream().map(step -> step.step().index()).toList();
    }
}
