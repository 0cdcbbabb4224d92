// External commands: tb-NAME on $TB_EXEC_PATH or $PATH, its arguments, environment and exit status.
import Foundation
import TestSupport
import Testing

struct PluginTests {
    let scratch = Scratch()

    @Test func roundTrip() throws {
        scratch.write(
            "plugins/tb-hello",
            """
            #!/bin/sh
            echo "args:$*"
            echo "format:$TB_FORMAT color:$TB_COLOR"
            echo "config:$TB_CONFIG_DIR state:$TB_STATE_DIR cache:$TB_CACHE_DIR"
            exit 7
            """, executable: true)
        var env = scratch.environment
        env["TB_EXEC_PATH"] = scratch.file("plugins")
        let result = try tb(["--json", "hello", "a b", "--flag"], environment: env)
        #expect(result.status == 7)
        #expect(
            result.lines == [
                "args:a b --flag", "format:ndjson color:never",
                "config:\(scratch.path)/config state:\(scratch.path)/state cache:\(scratch.path)/cache",
            ])
        let help = try tb(["help"], environment: env)
        #expect(help.stdout.contains("external commands:\n  hello  \(scratch.file("plugins/tb-hello"))"))
        #expect(try tb(["help", "hello"], environment: env).lines.first == "args:--help")
    }

    /// Arguments and environment that are not UTF-8 reach the plugin byte for byte.
    @Test func argumentsPassUnchanged() throws {
        scratch.write("plugins/tb-bytes", "#!/bin/sh\nprintf '%s|%s' \"$1\" \"$FOO\" | od -An -tx1\n", executable: true)
        var env = scratch.environment
        env["TB_EXEC_PATH"] = scratch.file("plugins")
        env["PATH"] = (Package.binary as NSString).deletingLastPathComponent + ":" + (env["PATH"] ?? "")
        let result = try bash("FOO=$'\\xe9' tb bytes $'caf\\xe9'", environment: env)
        #expect(
            result.stdout.split(separator: " ").joined(separator: " ").trimmingCharacters(in: .whitespacesAndNewlines)
                == "63 61 66 e9 7c e9", "\(result.stdout)")
    }

    @Test func builtinsWinAndMissingPluginsAre127() throws {
        scratch.write("plugins/tb-bookmark", "#!/bin/sh\necho plugin\n", executable: true)
        var env = scratch.environment
        env["PATH"] = scratch.file("plugins") + ":" + (env["PATH"] ?? "")
        #expect(try tb(["bookmark", "ls"], environment: env).stdout.isEmpty)
        #expect(try tb(["nosuch"], environment: env).status == 127)
    }

    @Test func unrunnablePluginsFailWithAMessage() throws {
        scratch.write("plugins/tb-broken", "#!/nonexistent/interpreter\n", executable: true)
        var env = scratch.environment
        env["TB_EXEC_PATH"] = scratch.file("plugins")
        let result = try tb(["broken"], environment: env)
        #expect(result.status == 2)
        #expect(result.stderr.hasPrefix("tb: cannot run '\(scratch.file("plugins/tb-broken"))': "))
    }
}
