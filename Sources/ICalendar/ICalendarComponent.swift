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
        var lines: [String] = []
        appendLines(to: &lines)
        var text = ""
        for line in lines { ICalendarFolding.append(line, to: &text) }
        return text
    }

    func appendLines(to lines: inout [String]) {
        lines.append("BEGIN:\(name)")
        lines += properties.map(\.contentLine)
        for component in components { component.appendLines(to: &lines) }
        lines.append("END:\(name)")
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
        var line = name
        for (parameterName, parameterValue) in value.implicitParameters + parameters {
            line += ";\(parameterName)=\(ICalendarEscaping.parameter(parameterValue))"
        }
        return line + ":" + value.text
    }

    public static func == (lhs: ICalendarProperty, rhs: ICalendarProperty) -> Bool {
        lhs.contentLine == rhs.contentLine
    }
}
