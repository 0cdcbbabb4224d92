// The tb executable: hands the command line to the kernel with the list of built-in commands.
import Toolbox

@main
enum Entrypoint {
    static func main() {
        Runner.main(builtins: Builtins.commands, buildCommit: buildCommit)
    }
}
