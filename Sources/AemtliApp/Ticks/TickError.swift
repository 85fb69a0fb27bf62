/// A file of the ticks' state (pairing code, devices, parent PINs, PIN tries) that cannot be read
/// or written, or that others could read. Never carries a secret: only the path and the system's
/// reason.
public struct TickError: Error, Equatable, CustomStringConvertible {
    public enum Reason: Equatable, Sendable {
        case cannotRead(path: String, detail: String)
        case cannotWrite(path: String, detail: String)
        /// The file's mode lets the group or others read it; aemtli will not trust or use it.
        case readableByOthers(path: String)
        /// Neither `XDG_STATE_HOME` nor `HOME` names an absolute folder.
        case noStateFolder
    }

    public let reason: Reason

    public init(_ reason: Reason) {
        self.reason = reason
    }

    public var description: String {
        switch reason {
        case .cannotRead(let path, let detail):
            return "cannot read \"\(path)\": \(detail)."
        case .cannotWrite(let path, let detail):
            return "cannot write \"\(path)\": \(detail)."
        case .readableByOthers(let path):
            return
                "\"\(path)\" can be read by other users of this machine, so aemtli does not use it; run 'chmod 600 \(path)' if nobody else has seen it, else remove it and pair or set the PINs again."
        case .noStateFolder:
            return
                "neither XDG_STATE_HOME nor HOME is an absolute folder, so aemtli has nowhere to keep the paired devices and PINs; set one of them."
        }
    }
}
