/// `DIR/.aemtli-manifest`: the files the last build wrote, one path a line, sorted. It is how a
/// build knows which files are its own to remove, so nothing else in the folder is ever touched.
/// It holds no times, so two builds of the same inputs write the same manifest, like every other
/// file. Earlier versions also wrote a first line `# inputs HEX` and each file's size and digest
/// after tabs: those are read for the paths alone.
struct BuildManifest: Equatable {
    static let name = ".aemtli-manifest"

    var paths: [String]

    init(paths: [String]) {
        self.paths = paths
    }

    init(parsing text: String) {
        paths = text.split(separator: "\n").filter { !$0.hasPrefix("# inputs ") }.map { line in
            String(line.prefix { $0 != "\t" })
        }
    }

    var text: String {
        paths.map { $0 + "\n" }.joined()
    }
}
