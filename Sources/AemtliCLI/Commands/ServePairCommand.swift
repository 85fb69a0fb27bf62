import AemtliApp
import Foundation

/// `aemtli serve pair [--name NAME]`: a one-time code that lets one device tick (SPEC §10).
enum ServePairCommand {
    static let name = OptionSpec(
        "name", value: "name",
        help: "What to call the device in 'aemtli serve devices' and the ticks' log (default: device 1, 2, …).")
    static let out = OptionSpec(
        "out", value: "dir",
        help: "The folder the running serve serves, to find where it listens (default: aemtli.json's out, else _site).")
    static let longestName = 40

    static let spec = CommandSpec(
        "pair", abstract: "Make a one-time code that lets a device (a kitchen tablet) tick chores.",
        discussion: """
            Prints a code of six digits on its last line, and before it the address of the pairing page \
            at each address of this machine where the running 'aemtli serve' for --out can be reached. On \
            the device, open it and enter the code within 10 minutes: the device then keeps a cookie that \
            lets it tick (with config 'ticks' on). The code works once; five wrong tries from anyone void \
            it, and a new code replaces the one before. 'aemtli serve devices' lists the paired devices.
            Examples:
              aemtli serve pair --name kitchen
            """,
        options: [name, out, .config],
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
        pageLines(invocation, deviceName: deviceName).forEach { invocation.print($0) }
        // Alone on the last line, for a script (and the only place the code is ever shown).
        invocation.print(code)
        return .success
    }

    /// Where to enter the code: the pairing page at each address where the serve that owns the
    /// output folder can be reached (`ServeMarker`), or what stands in the way.
    private static func pageLines(_ invocation: Invocation, deviceName: String) -> [String] {
        let terms = "enter the code below within 10 minutes; it pairs the device as \"\(deviceName)\" and works once:"
        // The folder as serve resolves it; a configuration that does not read leaves the default
        // and no origins, since the code is made either way.
        let configuration = try? invocation.loadConfiguration()
        let folder = invocation.arguments.value(out) ?? configuration?.out ?? "_site"
        guard let owner = ServeMarker.owner(of: invocation.environment.resolve(folder).path),
            let listen = owner.listen
        else {
            return [
                "No aemtli serve runs for \(folder) here (run this beside aemtli.json, or pass --out); once it runs, "
                    + "open its address with /_aemtli/pair on the device and \(terms)"
            ]
        }
        let serve = "aemtli serve" + (owner.pid.map { " (pid \($0))" } ?? "")
        let place = invocation.configurationPlace.shown
        var lines: [String] = []
        if !owner.ticks {
            lines.append(
                "\(serve) runs with ticks off: the code pairs once it is started again with \"ticks\": true in \(place)."
            )
        }
        let origins = configuration?.origins ?? []
        var hosts = ServeAddresses.hosts(for: listen, network: invocation.environment.network())
        if listen.isLoopback, origins.isEmpty {
            lines.append(
                "\(serve) listens on \(listen.host) only: a tablet cannot reach it; start it with "
                    + "--listen 0.0.0.0:\(listen.port) for that.")
            lines.append("On this machine, open this page and \(terms)")
            hosts = [listen.host.contains(":") ? "[\(listen.host)]" : listen.host]
        } else {
            let count = origins.count + hosts.count
            lines.append("On the tablet, open \(count == 1 ? "this page" : "one of these pages") and \(terms)")
        }
        let bases = ServeAddresses.bases(origins: origins, hosts: hosts, port: listen.port)
        return lines + bases.map { "  \($0)_aemtli/pair" }
    }

    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.properties.generalCategory == .control || scalar.properties.generalCategory == .format
    }
}
