/// The media type of a file named by its extension, and whether browsers must ask again before
/// using a cached copy (pages, feeds and data change with every build that touches them).
enum ContentType {
    static func of(name: String) -> (type: String, revalidate: Bool) {
        guard let dot = name.lastIndex(of: ".") else { return ("application/octet-stream", false) }
        switch name[name.index(after: dot)...].lowercased() {
        case "html", "htm": return ("text/html; charset=utf-8", true)
        case "ics": return ("text/calendar; charset=utf-8", true)
        case "json": return ("application/json", true)
        case "css": return ("text/css; charset=utf-8", false)
        case "js", "mjs": return ("text/javascript; charset=utf-8", false)
        case "svg": return ("image/svg+xml", false)
        case "png": return ("image/png", false)
        case "jpg", "jpeg": return ("image/jpeg", false)
        case "ico": return ("image/x-icon", false)
        case "txt": return ("text/plain; charset=utf-8", false)
        case "webmanifest": return ("application/manifest+json", false)
        case "woff2": return ("font/woff2", false)
        case "pdf": return ("application/pdf", false)
        default: return ("application/octet-stream", false)
        }
    }
}
