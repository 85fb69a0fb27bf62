import ICalendar
import XCTest

/// The writer's formats, byte for byte, against hand-worked examples from RFC 5545.
final class ICalendarWriterTests: XCTestCase {
    func line(_ property: ICalendarProperty) -> String { property.contentLine }

    func testWritesComponentsWithCRLFLineEnds() {
        let event = ICalendarComponent(
            "VEVENT", properties: [ICalendarProperty("UID", .raw("19970610T172345Z-AF23B2@example.com"))])
        XCTAssertEqual(event.serialized(), "BEGIN:VEVENT\r\nUID:19970610T172345Z-AF23B2@example.com\r\nEND:VEVENT\r\n")
    }

    func testFoldsAt75OctetsWithALeadingSpace() {
        let text = String(repeating: "abcdefghij", count: 20)
        let folded = ICalendarComponent("X", properties: [ICalendarProperty("DESCRIPTION", .text(text))]).serialized()
        let lines = folded.components(separatedBy: "\r\n").dropFirst().dropLast(2)
        XCTAssertEqual(lines.map { $0.utf8.count }, [75, 75, 64])  // 212 octets: 75, then 1 + 74, then 1 + 63
        XCTAssertTrue(lines.dropFirst().allSatisfy { $0.hasPrefix(" ") })
        XCTAssertEqual(
            folded.replacingOccurrences(of: "\r\n ", with: ""), "BEGIN:X\r\nDESCRIPTION:\(text)\r\nEND:X\r\n")
    }

    func testNeverFoldsInsideAUTF8Sequence() {
        // "DESCRIPTION:" is 12 octets and each "ä" 2, starting at even offsets: octet 75 would be the
        // second half of one, so the first line ends after 74 octets.
        let folded = ICalendarComponent(
            "X", properties: [ICalendarProperty("DESCRIPTION", .text(String(repeating: "ä", count: 40)))]
        ).serialized()
        let lines = folded.components(separatedBy: "\r\n")
        XCTAssertEqual(lines[1].utf8.count, 74)
        XCTAssertEqual(lines[2], " " + String(repeating: "ä", count: 9))
        XCTAssertTrue(lines.allSatisfy { String(validating: Array($0.utf8), as: UTF8.self) != nil })
    }

    func testEscapesText() {
        // RFC 5545 §3.3.11: backslash, semicolon and comma escaped, line breaks as \n.
        XCTAssertEqual(
            line(
                ICalendarProperty(
                    "DESCRIPTION", .text("Project XYZ Final Review\nConference Room - 3B\nCome Prepared."))),
            #"DESCRIPTION:Project XYZ Final Review\nConference Room - 3B\nCome Prepared."#)
        XCTAssertEqual(line(ICalendarProperty("SUMMARY", .text(#"a;b,c\d"#))), #"SUMMARY:a\;b\,c\\d"#)
        XCTAssertEqual(line(ICalendarProperty("SUMMARY", .text("x\r\ny\rz\u{2028}w\u{7}v"))), #"SUMMARY:x\ny\nz\nw v"#)
    }

    func testNothingInATextCanStartAProperty() {
        let hostile = "Tisch\r\nEND:VEVENT\r\nBEGIN:VEVENT\r\nSUMMARY:pwned"
        let text = ICalendarComponent("VEVENT", properties: [ICalendarProperty("SUMMARY", .text(hostile))]).serialized()
        XCTAssertEqual(
            text.components(separatedBy: "\r\n").filter { $0.hasPrefix("BEGIN:") || $0.hasPrefix("END:") },
            ["BEGIN:VEVENT", "END:VEVENT"])
        XCTAssertEqual(
            text,
            #"BEGIN:VEVENT"# + "\r\n" + #"SUMMARY:Tisch\nEND:VEVENT\nBEGIN:VEVENT\nSUMMARY:pwned"#
                + "\r\nEND:VEVENT\r\n")
    }

    func testQuotesParameterValuesThatNeedIt() {
        // RFC 5545 §3.2: DELEGATED-FROM="mailto:jsmith@example.com".
        XCTAssertEqual(
            line(
                ICalendarProperty(
                    "ATTENDEE", .raw("mailto:jdoe@example.com"),
                    parameters: [("DELEGATED-FROM", "mailto:jsmith@example.com")])),
            #"ATTENDEE;DELEGATED-FROM="mailto:jsmith@example.com":mailto:jdoe@example.com"#)
        XCTAssertEqual(line(ICalendarProperty("X", .raw("v"), parameters: [("P", "a\"b;c")])), #"X;P="ab;c":v"#)
    }

    func testFormatsDatesAndTimes() {
        let date = ICalendarDate(year: 1997, month: 7, day: 14)
        XCTAssertEqual(line(ICalendarProperty("DTSTART", .date(date))), "DTSTART;VALUE=DATE:19970714")
        let time = ICalendarDateTime(date: ICalendarDate(year: 1998, month: 1, day: 19), hour: 7, minute: 0)
        XCTAssertEqual(line(ICalendarProperty("DTSTAMP", .utc(time))), "DTSTAMP:19980119T070000Z")
        XCTAssertEqual(
            line(
                ICalendarProperty(
                    "DTSTART",
                    .local(
                        ICalendarDateTime(date: ICalendarDate(year: 1998, month: 1, day: 19), hour: 2, minute: 0),
                        timeZone: "America/New_York"))),
            "DTSTART;TZID=America/New_York:19980119T020000")
    }

    func testFormatsDurationsAndOffsets() {
        XCTAssertEqual(ICalendarValue.duration(30 * 60).text, "PT30M")
        XCTAssertEqual(ICalendarValue.duration(-15 * 60).text, "-PT15M")
        XCTAssertEqual(ICalendarValue.duration(86_400).text, "P1D")
        XCTAssertEqual(ICalendarValue.duration(3600).text, "PT1H")
        // RFC 5545 §3.3.6's example.
        XCTAssertEqual(ICalendarValue.duration(15 * 86_400 + 5 * 3600 + 20).text, "P15DT5H0M20S")
        XCTAssertEqual(ICalendarValue.utcOffset(-5 * 3600).text, "-0500")
        XCTAssertEqual(ICalendarValue.utcOffset(3600).text, "+0100")
        XCTAssertEqual(ICalendarValue.utcOffset(5 * 3600 + 1800).text, "+0530")
        XCTAssertEqual(ICalendarValue.utcOffset(12 * 3600 + 45 * 60).text, "+1245")
        let instants = [
            ICalendarDateTime(date: ICalendarDate(year: 2026, month: 3, day: 29), hour: 1, minute: 30),
            ICalendarDateTime(date: ICalendarDate(year: 2026, month: 3, day: 29), hour: 0, minute: 30),
        ]
        XCTAssertEqual(ICalendarValue.utcList(instants).text, "20260329T013000Z,20260329T003000Z")
    }

    func testFormatsRecurrenceRules() {
        XCTAssertEqual(
            ICalendarRecurrenceRule(.yearly, byMonth: [4], byDay: [(1, "SU")]).text, "FREQ=YEARLY;BYMONTH=4;BYDAY=1SU")
        XCTAssertEqual(
            ICalendarRecurrenceRule(.yearly, byMonth: [10], byDay: [(-1, "SU")]).text,
            "FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU")
        let until = ICalendarDateTime(date: ICalendarDate(year: 2026, month: 3, day: 31), hour: 7, minute: 0)
        XCTAssertEqual(
            ICalendarRecurrenceRule(.monthly, until: .utc(until), byMonthDay: [-1]).text,
            "FREQ=MONTHLY;UNTIL=20260331T070000Z;BYMONTHDAY=-1")
        XCTAssertEqual(
            ICalendarRecurrenceRule(.monthly, byMonth: [1, 3, 12], byMonthDay: [30]).text,
            "FREQ=MONTHLY;BYMONTH=1,3,12;BYMONTHDAY=30")
        XCTAssertEqual(
            ICalendarRecurrenceRule(.weekly, until: .date(ICalendarDate(year: 2026, month: 4, day: 1))).text,
            "FREQ=WEEKLY;UNTIL=20260401")
    }

    func testTheStreamingWriterWritesWhatTheComponentTreeWrites() {
        let title = String(repeating: "Tisch; decken, ä ", count: 6)
        let tree = ICalendarComponent(
            "VEVENT",
            properties: [
                ICalendarProperty("UID", .text("C1@aemtli")),
                ICalendarProperty(
                    "DTSTART",
                    .local(
                        ICalendarDateTime(date: ICalendarDate(year: 2026, month: 3, day: 29), hour: 2, minute: 30),
                        timeZone: "Europe/Zurich")),
                ICalendarProperty(
                    "RRULE",
                    .recurrence(
                        ICalendarRecurrenceRule(
                            .monthly,
                            until: .utc(
                                ICalendarDateTime(
                                    date: ICalendarDate(year: 2026, month: 12, day: 31), hour: 23, minute: 0)),
                            byMonthDay: [-1]))),
                ICalendarProperty("SUMMARY", .text("Anna: " + title)),
            ])
        var writer = ICalendarWriter()
        writer.begin("VEVENT")
        writer.property(tree.properties[0])
        writer.property("DTSTART", tree.properties[1].value)
        writer.property("RRULE", tree.properties[2].value)
        writer.beginLine("SUMMARY")
        writer.appendText("Anna: ")
        writer.appendText(title)
        writer.endLine()
        writer.end("VEVENT")
        XCTAssertEqual(String(decoding: writer.bytes, as: UTF8.self), tree.serialized())
        XCTAssertTrue(
            tree.serialized().replacingOccurrences(of: "\r\n ", with: "").contains(
                "RRULE:FREQ=MONTHLY;UNTIL=20261231T230000Z;BYMONTHDAY=-1\r\n"))
    }

    func testTextPiecesAreEscapedAndLineBreaksWrittenAsBackslashN() {
        var writer = ICalendarWriter()
        writer.beginLine("DESCRIPTION", parameters: [("LANGUAGE", "de-CH")])
        writer.appendText("Zugeteilt: Anna, Max")
        writer.appendTextLineBreak()
        writer.appendText("a\u{85}b\u{2029}c\td\u{7F}e")
        writer.endLine()
        XCTAssertEqual(
            String(decoding: writer.bytes, as: UTF8.self),
            #"DESCRIPTION;LANGUAGE=de-CH:Zugeteilt: Anna\, Max\na\nb\nc"# + "\t" + #"d e"# + "\r\n")
    }

    func testRawValuesLoseTheirLineBreaks() {
        XCTAssertEqual(
            line(ICalendarProperty("URL", .raw("https://example.org/a\r\nBEGIN:VEVENT\u{2028}"))),
            "URL:https://example.org/aBEGIN:VEVENT")
        XCTAssertEqual(line(ICalendarProperty("URL", .raw("https://example.org/ü"))), "URL:https://example.org/ü")
    }
}
