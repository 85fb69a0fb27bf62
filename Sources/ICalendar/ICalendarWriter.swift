/// Writes content lines straight into one byte buffer, for feeds too large to build as a tree of
/// components first. Each line is folded when it ends; TEXT pieces are escaped as they are added.
///
///     var writer = ICalendarWriter()
///     writer.begin("VEVENT")
///     writer.beginLine("SUMMARY")
///     writer.appendText("Anna: ")
///     writer.appendText(title)
///     writer.endLine()
///     writer.end("VEVENT")
public struct ICalendarWriter {
    public private(set) var bytes: [UInt8] = []
    private var lineStart = 0

    public init(reservingCapacity capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// `BEGIN:NAME`.
    public mutating func begin(_ name: String) {
        ICalendarComponent.appendDelimiter("BEGIN", name, to: &bytes)
    }

    /// `END:NAME`.
    public mutating func end(_ name: String) {
        ICalendarComponent.appendDelimiter("END", name, to: &bytes)
    }

    /// A whole property, as `ICalendarProperty` writes it.
    public mutating func property(_ property: ICalendarProperty) {
        property.append(to: &bytes)
    }

    public mutating func property(
        _ name: String, _ value: ICalendarValue, parameters: [(name: String, value: String)] = []
    ) {
        ICalendarProperty(name, value, parameters: parameters).append(to: &bytes)
    }

    /// Starts a content line: `NAME;PARAM=VALUE:`; the value follows through the `append` calls.
    public mutating func beginLine(_ name: String, parameters: [(name: String, value: String)] = []) {
        lineStart = bytes.count
        bytes += name.utf8
        for parameter in parameters { ICalendarProperty.appendParameter(parameter, to: &bytes) }
        bytes.append(0x3A)
    }

    /// Part of a TEXT value, escaped.
    public mutating func appendText(_ text: String) {
        ICalendarEscaping.appendText(text, to: &bytes)
    }

    /// A line break inside a TEXT value (`\n`).
    public mutating func appendTextLineBreak() {
        bytes.append(0x5C)
        bytes.append(0x6E)
    }

    /// Part of a value in its type's format.
    public mutating func append(_ value: ICalendarValue) {
        value.append(to: &bytes)
    }

    /// Folds the line begun last and ends it with CRLF.
    public mutating func endLine() {
        ICalendarFolding.endLine(startingAt: lineStart, in: &bytes)
    }

    /// Bytes written elsewhere (by another writer, on another core), as they are.
    public mutating func append(contentsOf other: [UInt8]) {
        bytes += other
    }
}
