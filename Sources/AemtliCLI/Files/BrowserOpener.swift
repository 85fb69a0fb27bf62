import Files
import Foundation

/// Opens the sign-in address in the user's browser: `open` on macOS, `xdg-open` on Linux with a
/// desktop session. The address is Apple's sign-in page (no secret); it is passed as an argument
/// to the opener, never through a shell.
enum BrowserOpener {
    static func open(_ address: String) -> Bool {
        #if os(macOS)
        let opener = "/usr/bin/open"
        #else
        let environment = ProcessInfo.processInfo.environment
        guard environment["DISPLAY"] != nil || environment["WAYLAND_DISPLAY"] != nil else { return false }
        let opener = "/usr/bin/xdg-open"
        #endif
        guard FileIO.isExecutable(opener) else { return false }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: opener)
        process.arguments = [address]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        return (try? process.run()) != nil
    }
}
