import Dispatch
import Foundation

/// The signals a running `serve` answers: SIGTERM and SIGINT stop it (exit 0), SIGHUP builds again
/// with the configuration read anew.
final class SignalHandlers {
    private var sources: [DispatchSourceSignal] = []
    private let numbers: [Int32] = [SIGTERM, SIGINT, SIGHUP]

    init(_ control: ServeControl) {
        for number in numbers {
            signal(number, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: number, queue: .global())
            source.setEventHandler { number == SIGHUP ? control.reload() : control.stop() }
            source.resume()
            sources.append(source)
        }
    }

    func remove() {
        sources.forEach { $0.cancel() }
        for number in numbers { signal(number, SIG_DFL) }
    }
}
