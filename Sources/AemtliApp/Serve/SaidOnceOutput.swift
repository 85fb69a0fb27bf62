import Foundation

/// Standard error for `serve`'s builds: a line said once is not said again until `forget()`,
/// which the loop calls when what the lines are about changed (the store's records or journal,
/// the configuration, the templates). Every sync builds again, and a record that does not read
/// would otherwise be warned of every minute, burying what is new.
final class SaidOnceOutput: TextOutput {
    private let output: TextOutput
    private let lock = NSLock()
    private var said: Set<String> = []

    init(_ output: TextOutput) {
        self.output = output
    }

    func write(_ text: String) {
        lock.lock()
        let new = said.insert(text).inserted
        lock.unlock()
        if new { output.write(text) }
    }

    /// Lets every line be said once more.
    func forget() {
        lock.lock()
        said.removeAll()
        lock.unlock()
    }
}
