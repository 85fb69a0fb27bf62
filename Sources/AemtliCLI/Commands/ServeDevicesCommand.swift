import AemtliApp
import Foundation
import VisibleText

/// `aemtli serve devices [--revoke NAME]`: the devices that may tick, and ending one (SPEC §10).
enum ServeDevicesCommand {
    static let revoke = OptionSpec(
        "revoke", value: "name", help: "End this device's pairing; a running serve refuses it at its next request.")

    static let spec = CommandSpec(
        "devices", abstract: "List the devices paired to tick chores, or end one's pairing.",
        discussion: """
            Lists each paired device's name and when it was paired, in the family's time zone. --revoke NAME \
            ends that device's pairing at once, also for a running 'aemtli serve'; pair it again with \
            'aemtli serve pair'.
            """,
        options: [revoke, .config, .timeZone],
        handler: run)

    static func run(_ invocation: inout Invocation) throws -> ExitCode {
        let store = DeviceStore(folder: try TickStateFolder.standard(environment: invocation.environment.variables))
        if let name = invocation.arguments.value(revoke) {
            guard try store.revoke(name: name) else {
                let known = try store.devices().map(\.name)
                let hint =
                    known.isEmpty
                    ? "no device is paired"
                    : "the paired devices are \(known.map { "'\($0)'" }.joined(separator: ", "))"
                throw CLIError(
                    .invalidValue(option: revoke.name, value: name, expectation: hint), path: invocation.path)
            }
            invocation.print("Ended the pairing of \"\(VisibleText.visible(name))\"; it can no longer tick chores.")
            return .success
        }
        // In the family's zone, as every other time aemtli prints (the file keeps UTC).
        let settings = try invocation.settings()
        let devices = try store.devices()
        guard !devices.isEmpty else {
            invocation.print("No device is paired; 'aemtli serve pair' makes a code for one.")
            return .success
        }
        let when = SessionEndText(settings: settings).when
        for device in devices {
            invocation.print("\(VisibleText.visible(device.name))\tpaired \(when(device.pairedAt))")
        }
        return .success
    }
}
