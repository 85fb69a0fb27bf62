import Foundation

/// The settings `serve` takes only when it starts, because the running server is made of them:
/// the folder it serves, whether the tick endpoints exist, and the host names it answers. Every
/// other setting is read again before each build and sync. A configuration edited to change one
/// of these is said on standard error, and the pages go on matching the server that runs (no Done
/// button that no endpoint would answer).
struct ServeStartSettings: Equatable {
    /// The output folder, resolved and standardized, as shown to the user.
    var out: String
    var outPath: String
    var ticks: Bool
    var hostNames: [String]

    init(out: String, folder: URL, ticks: Bool, hostNames: [String]) {
        self.out = out
        // `.path`, not the URL: Foundation ends a URL with "/" only when the folder exists.
        outPath = folder.standardizedFileURL.path
        self.ticks = ticks
        self.hostNames = hostNames
    }

    /// One sentence for each setting that `now` changes, naming the file and the new value.
    func restartNotices(now: ServeStartSettings, place: String) -> [String] {
        var notices: [String] = []
        if now.outPath != outPath {
            notices.append(
                "With \(place) as it reads now, the output folder is '\(now.out)', but serve writes and serves "
                    + "'\(out)' until it is started again.")
        }
        if now.ticks != ticks {
            notices.append(
                now.ticks
                    ? "\(place) now turns ticks on, but the wall shows Done buttons only once serve is started again."
                    : "\(place) now turns ticks off, but paired walls can tick until serve is started again.")
        }
        if now.hostNames != hostNames {
            let names = now.hostNames.map { "'\($0)'" }.joined(separator: ", ")
            notices.append(
                "\(place) now sets serveHostNames to \(names.isEmpty ? "none" : names), but serve answers the host "
                    + "names it started with until it is started again.")
        }
        return notices
    }
}
