// Gives the tb executable the commit it is built from, for `tb --version`: a prebuild command (run before every
// build) writes BuildCommit.swift, and rewrites it only when the commit changed, so an unchanged commit rebuilds
// nothing. Built from a tarball, outside git, the commit is empty and `tb --version` prints the version alone.
import Foundation
import PackagePlugin

@main
struct BuildCommit: BuildToolPlugin {
    func createBuildCommands(context: PluginContext, target: Target) throws -> [Command] {
        let output = context.pluginWorkDirectoryURL.appending(path: "generated")
        let script = context.package.directoryURL.appending(path: "scripts/build-commit.sh")
        return [
            .prebuildCommand(
                displayName: "tb's commit from git",
                executable: URL(filePath: "/bin/sh"),
                arguments: [script.path, context.package.directoryURL.path, output.path],
                outputFilesDirectory: output)
        ]
    }
}
