import AemtliCore
import Mustache

/// The site's own words in English and German, as template data under `labels`.
enum SiteLabels {
    static func values(_ language: Language) -> MustacheValue {
        .object(MustacheObject(Dictionary(uniqueKeysWithValues: table.map { ($0.key, MustacheValue.string(language == .de ? $0.german : $0.english)) })))
    }

    static func text(_ key: String, _ language: Language) -> String {
        guard let entry = table.first(where: { $0.key == key }) else { return key }
        return language == .de ? entry.german : entry.english
    }

    private static let table: [(key: String, english: String, german: String)] = [
            ("skip", "Skip to content", "Zum Inhalt springen"),
            ("dashboard", "Family dashboard", "Familienübersicht"),
            ("members", "Family members", "Familienmitglieder"),
            ("allMembers", "All members", "Alle Mitglieder"),
            ("overdue", "Overdue", "Überfällig"),
            ("today", "Today", "Heute"),
            ("laterThisWeek", "Later this week", "Später diese Woche"),
            ("nothingToday", "Nothing due today.", "Heute ist nichts fällig."),
            ("progress", "This week", "Diese Woche"),
            ("progressOf", "Progress this week:", "Fortschritt diese Woche:"),
            ("unassigned", "Unassigned chores", "Nicht zugeteilte Ämtli"),
            ("deadlines", "Upcoming deadlines", "Nächste Fristen"),
            ("subscribe", "Subscribe in your calendar", "Im Kalender abonnieren"),
            ("subscribeHelp", "Add a feed to Apple Calendar, Google Calendar, Outlook or Thunderbird; it updates by itself.",
             "Füge einen Kalender in Apple Kalender, Google Kalender, Outlook oder Thunderbird hinzu; er aktualisiert sich selbst."),
            ("subscribeApp", "Open in the calendar app", "In der Kalender-App öffnen"),
            ("feedFile", "Calendar file", "Kalenderdatei"),
            ("familyFeed", "Whole family", "Ganze Familie"),
            ("next14", "Next 14 days", "Nächste 14 Tage"),
            ("nothingScheduled", "Nothing scheduled.", "Nichts geplant."),
            ("undated", "Without a date", "Ohne Datum"),
            ("weeklyChart", "Weekly chart", "Wochenplan"),
            ("thisWeek", "this week", "diese Woche"),
            ("nextWeek", "next week", "nächste Woche"),
            ("generated", "Updated", "Aktualisiert"),
    ]
}
