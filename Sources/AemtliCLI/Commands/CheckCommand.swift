import AemtliCore

/// `aemtli check`: reads the store, prints every warning and a summary of what it holds.
enum CheckCommand {
    static let spec = CommandSpec(
        "check", abstract: "Read the store and report every problem and a summary.",
        discussion: "Warnings go to standard error as 'aemtli: warning: FILE: MESSAGE'; the summary to standard output.",
        options: OptionSpec.storeOptions, handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let settings = try invocation.settings()
        let (result, location) = try invocation.readStore(settings: settings, enforcingStrict: false)
        invocation.print(StoreSummary(result: result, location: location, periods: settings.schedule.periods).text)
        try invocation.enforceStrict(result)
        return .success
    }
}
