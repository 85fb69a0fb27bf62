/// A file or folder aemtli needs that is not there, cannot be read or cannot be written: a store
/// file, the configuration, a template, the output folder. The path is the one the user wrote.
public struct FileError: Error, Equatable {
    public enum Reason: Equatable {
        /// `what` names the file: "template", "data file", "configuration file".
        case inputMissing(path: String, what: String)
        case readFailed(path: String, detail: String)
        case cannotCreate(path: String, detail: String)
        /// Two files of one build asked for the same path (a bug: the site's names must not collide).
        case outputClash(path: String)
    }

    public var reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var message: String {
        switch reason {
        case .inputMissing(let path, let what):
            return "the \(what) \"\(path)\" does not exist."
        case .readFailed(let path, let detail):
            return "cannot read \"\(path)\": \(detail)."
        case .cannotCreate(let path, let detail):
            return "cannot write \"\(path)\": \(detail)."
        case .outputClash(let path):
            return
                "two files of the site asked for the path \"\(path)\", so neither is written; please report this with the member names of your store."
        }
    }
}
