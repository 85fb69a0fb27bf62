/// The page files and the state under `STORE/cloudkit/`, written in commit order, and the
/// clean-up at the start of a run that removes whatever a crash left beyond the state.
struct PageStore {
    let layout: StoreLayout
    let files: SyncFiles
    var hooks = SyncHooks()

    init(layout: StoreLayout, files: SyncFiles) {
        self.layout = layout
        self.files = files
    }

    func prepare() throws {
        for folder in [layout.store, layout.cloudkit] {
            try files.makeFolder(folder)
        }
    }

    /// Removes temporary files, generations the state does not name, and pages of the current
    /// generation beyond its last committed page. With no state, every generation goes.
    func recover(_ state: SyncState?) throws {
        let kept = Set([state?.generation, state?.replaces].compactMap { $0 })
        for name in list(layout.cloudkit) {
            if name.hasSuffix(".tmp") {
                try files.remove(layout.cloudkit + "/" + name)
                continue
            }
            guard let number = StoreLayout.number(in: name, prefix: "g", suffix: "") else { continue }
            if !kept.contains(number) {
                try files.removeTree(layout.generation(number))
                continue
            }
            let limit = number == state?.generation ? state?.lastPage ?? 0 : Int.max
            for page in list(layout.generation(number)) {
                let path = layout.generation(number) + "/" + page
                if let index = StoreLayout.number(in: page, prefix: "p", suffix: ".json"), index <= limit { continue }
                if page.hasSuffix(".tmp") || StoreLayout.number(in: page, prefix: "p", suffix: ".json") != nil {
                    try files.remove(path)
                }
            }
        }
    }

    /// The page numbers of a generation, in order.
    func pages(in generation: Int) -> [Int] {
        list(layout.generation(generation)).compactMap { StoreLayout.number(in: $0, prefix: "p", suffix: ".json") }
            .sorted()
    }

    /// Step one of a page's commit: the verbatim body, durable under its final name.
    func writePage(_ bytes: [UInt8], number: Int, generation: Int) throws {
        let folder = layout.generation(generation)
        if try files.makeFolder(folder) { try files.flushFolder(of: folder) }
        try hooks.beforeWriting(.page)
        // The page's rename is made durable by `writeState`, before the state points past it.
        try files.write(bytes, to: layout.page(number, generation: generation), flushingFolder: false)
    }

    /// The commit point: the state that points past the pages and journal lines written before.
    /// The pages' folder is flushed first, so every page the state names has reached the disk.
    func writeState(_ state: SyncState) throws {
        try hooks.beforeWriting(.state)
        if state.generation > 0, files.exists(layout.generation(state.generation)) {
            try files.flushFolder(of: layout.page(1, generation: state.generation))
        }
        try files.write(state.json.serializedBytes(pretty: true) + [0x0A], to: layout.state)
    }

    func removeGeneration(_ number: Int) throws {
        try files.removeTree(layout.generation(number))
        try files.flushFolder(of: layout.generation(number))
    }

    func readPage(_ number: Int, generation: Int) throws -> [UInt8] {
        let path = layout.page(number, generation: generation)
        guard let bytes = try files.read(path) else {
            throw SyncError(.cannotRead(path: path, detail: "the page file is missing"))
        }
        return bytes
    }

    func list(_ folder: String) -> [String] {
        files.names(in: folder)
    }
}
