/// One language's words: every `Phrase`, the names of days and months, and the few phrases
/// that hold a number. Adding a language is adding one type that conforms, and its `Language`.
protocol WordTable: Sendable {
    func text(_ phrase: Phrase) -> String
    /// The day's name, 1 for Monday to 7 for Sunday.
    func weekday(_ number: Int) -> String
    /// The month's name, 1 for January to 12.
    func month(_ number: Int) -> String
    /// A day of the month as written before a month's name: "25", "25." or French "1er".
    func dayNumber(_ day: Int) -> String
    /// What stands between a weekday and its date: ", " in "Monday, 23 November", a space in
    /// French and Italian ("lundi 23 novembre").
    var weekdaySeparator: String { get }
    /// A phrase after `count` ("3 manqués"), for the history's marks.
    func text(_ phrase: Phrase, count: Int) -> String
    /// "in 3 days"; `days` is 2 or more.
    func inDays(_ days: Int) -> String
    /// "1 day overdue", "2 days overdue"; `days` is 1 or more.
    func daysOverdue(_ days: Int) -> String
    /// "4 of 6 done".
    func done(_ done: Int, of total: Int) -> String
    /// ", 1 overdue", added to `done(_:of:)`.
    func overdueCount(_ count: Int) -> String
}

extension WordTable {
    var weekdaySeparator: String { ", " }

    /// A phrase after a number, for the few that agree with it (French "3 manqués"); English and
    /// German history marks do not change.
    func text(_ phrase: Phrase, count: Int) -> String { text(phrase) }
}
