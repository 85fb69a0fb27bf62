/// A feed's text as tests read it: unfolded, split into content lines and VEVENT blocks.
enum FeedText {
    /// The content lines, unfolded.
    static func lines(_ feed: String) -> [String] {
        feed.replacingOccurrences(of: "\r\n ", with: "").components(separatedBy: "\r\n")
    }

    /// The VEVENT blocks, each as its lines without BEGIN and END.
    static func events(_ feed: String) -> [[String]] {
        var result: [[String]] = []
        var current: [String]?
        for line in lines(feed) {
            if line == "BEGIN:VEVENT" {
                current = []
            } else if line == "END:VEVENT", let event = current {
                result.append(event)
                current = nil
            } else {
                current?.append(line)
            }
        }
        return result
    }

    /// The event whose UID is `uid`, and which is (or is not) an override.
    static func event(_ uid: String, override: Bool = false, in feed: String) -> [String]? {
        events(feed).first { event in
            event.contains("UID:" + uid) && event.contains { $0.hasPrefix("RECURRENCE-ID") } == override
        }
    }
}
