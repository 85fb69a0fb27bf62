import Foundation

/// `aemtli serve pair [--name NAME]`: a one-time code that lets one device tick (SPEC §10).
enum ServePairCommand {
    static let name = OptionSpec(
        "name", value: "name",
        help: "What to call the device in 'aemtli serve devices' and the ticks' log (default: device 1, 2, …).")
    static let longestName = 40

    static let spec = CommandSpec(
        "pair", abstract: "Make a one-time code that lets a device (a kitchen tablet) tick chores.",
        discussion: """
            Prints a code of six digits on its last line. On the device, open the served site's \
            /_aemtli/pair page and enter it within 10 minutes: the device then keeps a cookie that lets it tick \
            (with config 'ticks' on). The code works once; five wrong tries from anyone void it, and a new \
            code replaces the one before. 'aemtli serve devices' lists the paired devices.
            Examples:
              aemtli serve pair --name kitchen
            """,
        options: [name],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let folder = try TickStateFolder.standard(environment: invocation.environment.variables)
        let now = invocation.environment.clock()
        let codes = PairingCode(folder: folder)
        let taken = try DeviceStore(folder: folder).devices().map(\.name)
        let deviceName: String
        if let given = invocation.arguments.value(name) {
            guard !given.isEmpty, given.count <= longestName, !given.unicodeScalars.contains(where: isControl),
                given.trimmingCharacters(in: .whitespaces) == given
            else {
                throw CLIError(
                    .invalidValue(
                        option: name.name, value: given,
                        expectation: "write 1 to \(longestName) characters, no line breaks or spaces at either end"),
                    path: invocation.path)
            }
            guard !taken.contains(given) else {
                throw CLIError(
                    .invalidValue(
                        option: name.name, value: given,
                        expectation:
                            "a device of that name is paired; end it first ('aemtli serve devices --revoke \(given)') or choose another name"
                    ), path: invocation.path)
            }
            deviceName = given
        } else {
            deviceName = (1...).lazy.map { "device \($0)" }.first { !taken.contains($0) }!
        }
        let code = try codes.create(deviceName: deviceName, now: now)
        invocation.print(
            "On the device, open the served site's /_aemtli/pair page and enter this code within 10 minutes; it pairs the device as \"\(deviceName)\" and works once:"
        )
        invocation.print(code)
        return .success
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }
}
