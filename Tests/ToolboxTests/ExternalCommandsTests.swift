import TestSupport
// Plugin lookup: $TB_EXEC_PATH before $PATH, executables only, valid names only.
import Testing

@testable import Toolbox

struct ExternalCommandsTests {
    let scratch = Scratch()

    @Test func searchOrderAndFiltering() {
        scratch.write("first/tb-hello", "#!/bin/sh\n", executable: true)
        scratch.write("second/tb-hello", "#!/bin/sh\n", executable: true)
        scratch.write("second/tb-only", "#!/bin/sh\n", executable: true)
        scratch.write("second/tb-plain", "not executable")
        scratch.write("second/tb-Bad", "#!/bin/sh\n", executable: true)
        let external = ExternalCommands(environment: [
            "TB_EXEC_PATH": scratch.file("first"), "PATH": scratch.file("second") + ":/nonexistent",
        ])
        #expect(external.find("hello") == scratch.file("first/tb-hello"))
        #expect(external.find("only") == scratch.file("second/tb-only"))
        #expect(external.find("plain") == nil)
        #expect(external.find("Bad") == nil)
        #expect(external.find("../x") == nil)
        #expect(external.all().map(\.name) == ["hello", "only"])
        #expect(external.all().first?.path == scratch.file("first/tb-hello"))
    }
}
