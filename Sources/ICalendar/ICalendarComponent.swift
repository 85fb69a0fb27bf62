/// A calendar component (`VCALENDAR`, `VEVENT`, `VTIMEZONE`, `VALARM`…): properties, then
/// nested components, in the order given.
public struct ICalendarComponent: Equatable, Sendable {
    public var name: String
    public var properties: [ICalendarProperty]
    public var components: [ICalendarComponent]

    public init(_ name: String, properties: [ICalendarProperty] = [], components: [ICalendarComponent] = []) {
        self.name = name
        self.properties = properties
        self.components = components
    }

    /// The component as RFC 5545 text: CRLF line ends, long lines folded.
    public func serialized() -> String {
        String(decoding: serializedBytes(), as: UTF8.self)
    }

    /// The same as UTF-8 bytes, written into one buffer.
    public func serializedBytes() -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(8192)
        append(to: &output)
        return output
    }

    /// Appends the whole component.
    public func append(to output: inout [UInt8]) {
        appendOpening(to: &output)
        appendClosing(to: &output)
    }

    /// Appends `BEGIN`, the properties and the nested components: what comes before `END`, so a
    /// writer can add more components (serialized elsewhere, in parallel) before closing.
    public func appendOpening(to output: inout [UInt8]) {
        Self.appendDelimiter("BEGIN", name, to: &output)
        for property in properties { property.append(to: &output) }
        for component in components { component.append(to: &output) }
    }

    public func appendClosing(to output: inout [UInt8]) {
        Self.appendDelimiter("END", name, to: &output)
    }

    /// The line `BEGIN:NAME` or `END:NAME`.
    static func appendDelimiter(_ keyword: String, _ name: String, to output: inout [UInt8]) {
        let start = output.count
        output += keyword.utf8
        output.append(0x3A)
        output += name.utf8
        ICalendarFolding.endLine(startingAt: start, in: &output)
    }
}

/// One property: a name, parameters, and a value written in its type's format.
public struct ICalendarProperty: Equatable, Sendable {
    public var name: String
    public var parameters: [(name: String, value: String)]
    public var value: ICalendarValue

    public init(_ name: String, _ value: ICalendarValue, parameters: [(name: String, value: String)] = []) {
        self.name = name
        self.value = value
        self.parameters = parameters
    }

    /// The unfolded content line, `NAME;PARAM=VALUE:VALUE`. The value's own parameters (such as
    /// `TZID` or `VALUE=DATE`) come first.
    public var contentLine: String {
        String(decoding: contentLineBytes, as: UTF8.self)
    }

    var contentLineBytes: [UInt8] {
        var line: [UInt8] = []
        appendUnfolded(to: &line)
        return line
    }

    private func appendUnfolded(to line: inout [UInt8]) {
        line += name.utf8
        switch value {
        case .date: Self.appendParameter(("VALUE", "DATE"), to: &line)
        case .local(_, let zone?): Self.appendParameter(("TZID", zone), to: &line)
        default: break
        }
        for parameter in parameters { Self.appendParameter(parameter, to: &line) }
        line.append(0x3A)
        value.append(to: &line)
    }

    /// `;NAME=VALUE`, the value escaped.
    static func appendParameter(_ parameter: (name: String, value: String), to line: inout [UInt8]) {
        line.append(0x3B)
        line += parameter.name.utf8
        line.append(0x3D)
        ICalendarEscaping.appendParameter(parameter.value, to: &line)
    }

    /// Writes the content line straight into `output`, folded and ended.
    func append(to output: inout [UInt8]) {
        let start = output.count
        appendUnfolded(to: &output)
        ICalendarFolding.endLine(startingAt: start, in: &output)
    }

    public static func == (lhs: ICalendarProperty, rhs: ICalendarProperty) -> Bool {
        lhs.contentLine == rhs.contentLine
    }
}
