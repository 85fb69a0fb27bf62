import AemtliCore

/// Every option aemtli knows, in one place, so the same option reads the same in every command.
extension OptionSpec {
    static let store = OptionSpec(
        "store", value: "path",
        help:
            "A JSON file or a folder of them (default: aemtli.json's store, else ./store if it exists, else the built-in demo family)."
    )
    static let config = OptionSpec(
        "config", value: "file", help: "The configuration file (default: ./aemtli.json if it exists).")
    static let now = OptionSpec(
        "now", value: "date-time",
        help:
            "What time it is: ISO 8601 with an offset, a local time in the family's zone, or a date meaning 00:00 (default: SOURCE_DATE_EPOCH, else the clock)."
    )
    static let timeZone = OptionSpec(
        "time-zone", value: "zone",
        help: "The family's IANA time zone, e.g. Europe/Zurich (default: config, then TZ, then the system's, then UTC)."
    )
    static let strict = OptionSpec("strict", help: "Fail with exit code 65 if reading the store gave any warning.")
    static let lang = OptionSpec(
        "lang", value: "language", choices: Language.choices, hint: .languageName,
        help: "The language of all text: en, de, fr or it (default: config, else en).")
    static let out = OptionSpec("out", value: "dir", help: "The folder to write to.")
    static let templates = OptionSpec(
        "templates", value: "dir", help: "A folder of templates that override the built-in ones file by file.")
    static let baseURL = OptionSpec(
        "base-url", value: "url", help: "The site's public address, which makes subscribe links absolute.")
    static let week = OptionSpec(
        "week", value: "yyyy-Www", help: "The ISO week, e.g. 2026-W13 (default: the current week).")
    static let member = OptionSpec("member", value: "slug", help: "Only this member's chores.")
    static let reportFormat = OptionSpec(
        "format", value: "format", choices: ReportFormat.choices,
        help: "text, markdown or html (default: text).")
    static let agendaFormat = OptionSpec(
        "format", value: "format", choices: AgendaFormat.choices,
        help: "text, tsv or json (default: text).")
    static let from = OptionSpec("from", value: "date", help: "The first local date, included.")
    static let to = OptionSpec("to", value: "date", help: "The local date the range ends before.")
    static let data = OptionSpec("data", value: "json", help: "The JSON file holding the data to render.")
    static let partials = OptionSpec(
        "partials", value: "dir", help: "The folder partial NAME is read from, as NAME.mustache.")
    static let ascii = OptionSpec("ascii", help: "Draw with plain ASCII instead of box-drawing characters.")

    /// The options of every command that reads the store and needs to know the time.
    static let storeOptions: [OptionSpec] = [.store, .config, .now, .timeZone, .strict]
}
