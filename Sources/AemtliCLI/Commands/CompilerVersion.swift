/// The Swift compiler this binary was built with, as `aemtli --version` shows it: a release binary
/// carries its own Swift runtime (`--static-swift-stdlib`), so which Swift made it is worth saying.
/// Swift has no constant for it; `#if compiler(>=…)` is decided by the compiler that builds this
/// file, so each line holds for every compiler of the series it names (6.3 for 6.3 and 6.3.1).
/// Patch levels are left out: a list of them would be wrong for the first one it does not know.
/// A compiler newer than the first line says "or later" rather than a series nobody checked;
/// `HelpTests` compares the line with `swift --version` and fails when a new series needs a line.
enum CompilerVersion {
    static let swift: String = {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #elseif compiler(>=6.0)
        return "6.0"
        #elseif compiler(>=5.10)
        return "5.10"
        #else
        return "older than 5.10"
        #endif
    }()
}
