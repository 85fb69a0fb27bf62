import AemtliCore
import AemtliSite
import Mustache
import XCTest

/// The one word table: every phrase in every language, and the phrases with numbers and dates,
/// their expectations written out by hand.
final class WordsTests: XCTestCase {
    func testEveryPhraseHasTextInEveryLanguageAndReachesTheTemplates() {
        for language in Language.allCases {
            let words = Words(language)
            guard case .object(let labels) = words.labels else { return XCTFail("labels are an object") }
            for phrase in Phrase.allCases {
                let text = words[phrase]
                XCTAssertFalse(text.trimmingCharacters(in: .whitespaces).isEmpty, "\(language) \(phrase)")
                XCTAssertNotEqual(text, phrase.rawValue, "\(language) \(phrase) is a placeholder")
                XCTAssertEqual(labels[phrase.rawValue], .string(text), "\(language) \(phrase)")
            }
        }
    }

    func testTheLanguagesDifferWhereTheyShould() {
        let english = Words(.en)
        // Every phrase is translated; none is left in English by mistake. French writes "Notes" too.
        let same: [Language: Set<Phrase>] = [.de: [], .fr: [.notes], .it: []]
        for language in [Language.de, .fr, .it] {
            let words = Words(language)
            let differing = Phrase.allCases.filter { english[$0] != words[$0] }
            XCTAssertEqual(Set(Phrase.allCases).subtracting(differing), same[language], "\(language)")
        }
    }

    /// French and Italian write a long date without a comma after the weekday, and French writes
    /// the first of a month "1er" wherever its number stands alone in a date.
    func testFrenchAndItalianDatesTimesAndCounts() throws {
        let (french, italian) = (Words(.fr), Words(.it))
        let monday = CivilDate(year: 2026, month: 11, day: 23)
        XCTAssertEqual(french.longDate(monday), "lundi 23 novembre 2026")
        XCTAssertEqual(italian.longDate(monday), "lunedì 23 novembre 2026")
        let first = CivilDate(year: 2026, month: 12, day: 1)
        XCTAssertEqual(french.longDate(first), "mardi 1er décembre 2026")
        XCTAssertEqual(italian.longDate(first), "martedì 1 dicembre 2026")
        XCTAssertEqual(french.weekdayAndDate(first), "mardi 1er décembre")
        XCTAssertEqual(
            french.historySince(first, today: monday),
            "Historique depuis la première synchronisation, le mardi 1er décembre.")
        XCTAssertEqual(french.time(LocalDateTime(date: monday, hour: 14, minute: 30), allDay: false), "14:30")
        XCTAssertEqual(italian.time(LocalDateTime(date: monday), allDay: true), "tutto il giorno")
        XCTAssertEqual(
            [-2, -1, 0, 1, 3].map(french.countdown),
            ["2 jours de retard", "1 jour de retard", "aujourd’hui", "demain", "dans 3 jours"])
        XCTAssertEqual(
            [-2, -1, 0, 1, 3].map(italian.countdown),
            ["2 giorni di ritardo", "1 giorno di ritardo", "oggi", "domani", "tra 3 giorni"])
        XCTAssertEqual(french.progress(Progress(done: 4, total: 6, overdue: 1)), "4 sur 6 faites, 1 en retard")
        XCTAssertEqual(italian.progress(Progress(done: 4, total: 6, overdue: 2)), "4 su 6 fatte, 2 in ritardo")
        let week = try XCTUnwrap(ISOWeek("2026-W49"))
        XCTAssertEqual(french.weekTitle(week, days: week.days(.monday)), "Semaine 49, 30 novembre–6 décembre 2026")
        XCTAssertEqual(italian.weekTitle(week, days: week.days(.monday)), "Settimana 49, 30 novembre–6 dicembre 2026")
        XCTAssertEqual(
            Language.allCases.map { Words($0).shortWeekday(monday) }, ["Mo", "Mo", "lu", "lu"])
        XCTAssertEqual(Language.allCases.map { Words($0).weekLabel(week) }, ["W49", "W49", "S49", "S49"])
        XCTAssertEqual(
            [1, 3].flatMap { count in [french, italian].map { $0.count(count, .markMissed) } },
            ["1 manqué", "1 mancato", "3 manqués", "3 mancati"])
        XCTAssertEqual(Words(.en).count(3, .markMissed), "3 missed")
    }

    func testDatesTimesAndCountsInBothLanguages() {
        let (english, german) = (Words(.en), Words(.de))
        let date = CivilDate(year: 2026, month: 3, day: 25)
        XCTAssertEqual(english.longDate(date), "Wednesday, 25 March 2026")
        XCTAssertEqual(german.longDate(date), "Mittwoch, 25. März 2026")
        XCTAssertEqual(german.dayAndMonth(date), "25. März")
        XCTAssertEqual(english.shortWeekday(date), "We")
        XCTAssertEqual(german.time(LocalDateTime(date: date, hour: 7, minute: 5), allDay: false), "07:05")
        XCTAssertEqual(german.time(LocalDateTime(date: date), allDay: true), "ganztags")
        XCTAssertEqual(
            [-2, -1, 0, 1, 3].map(english.countdown),
            ["2 days overdue", "1 day overdue", "today", "tomorrow", "in 3 days"])
        XCTAssertEqual(
            [-2, -1, 0, 1, 3].map(german.countdown),
            ["2 Tage überfällig", "1 Tag überfällig", "heute", "morgen", "in 3 Tagen"])
        XCTAssertEqual(german.progress(Progress(done: 4, total: 6, overdue: 1)), "4 von 6 erledigt, 1 überfällig")
        XCTAssertEqual(english.progress(Progress(done: 0, total: 2, overdue: 0)), "0 of 2 done")
    }

    func testAWeekAcrossAYearNamesBothYears() throws {
        let week = try XCTUnwrap(ISOWeek("2026-W53"))
        let days = week.days(.monday)
        XCTAssertEqual(Words(.en).weekTitle(week, days: days), "Week 53, 28 December 2026–3 January 2027")
        XCTAssertEqual(Words(.de).weekTitle(week, days: days), "Woche 53, 28. Dezember 2026–3. Januar 2027")
        let march = try XCTUnwrap(ISOWeek("2026-W13"))
        XCTAssertEqual(Words(.de).weekTitle(march, days: march.days(.monday)), "Woche 13, 23.–29. März 2026")
    }
}
