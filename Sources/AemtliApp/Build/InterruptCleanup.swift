import Dispatch
import Foundation

/// While a build runs in the real process: SIGINT or SIGTERM first discards the build's hidden
/// temporaries and the folders it made, then exits 130 or 143 (128 + the signal), so an
/// interrupted build leaves the site as it was. (A temporary still being written at that
/// instant is finished first, then removed with the rest: `OutputWriter.closeForInterrupt()`.)
public final class InterruptCleanup {
    private var sources: [DispatchSourceSignal] = []
    private let signals: [(number: Int32, exitCode: Int32)] = [(SIGINT, 130), (SIGTERM, 143)]

    public init(_ cleanup: @escaping () -> Void) {
        for (number, exitCode) in signals {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler {
                cleanup()
                exit(exitCode)
            }
            source.resume()
            sources.append(source)
        }
    }

    /// Back to the default: the signals end the process again.
    public func remove() {
        sources.forEach { $0.cancel() }
        for (number, _) in signals { signal(number, SIG_DFL) }
    }
}
