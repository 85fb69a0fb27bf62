/// The process exit codes aemtli uses (sysexits, SPEC §7).
public enum ExitCode: Int32, Sendable {
    case success = 0
    case usage = 64
    case dataError = 65
    case noInput = 66
    /// `serve`'s address cannot be had (in use, or not this machine's).
    case unavailable = 69
    case software = 70
    case cannotCreate = 73
    case ioError = 74
    /// `sync`: a failure that may pass (CloudKit busy or down, the network, another sync running).
    case temporaryFailure = 75
    /// `sync`: CloudKit answered in a way aemtli does not understand.
    case protocolError = 76
    /// `sync`: a sign-in is needed, or the Apple ID may not read the family's records.
    case noPermission = 77
    /// `sync`: the CloudKit settings (API token, container, environment) need fixing.
    case configuration = 78
}
