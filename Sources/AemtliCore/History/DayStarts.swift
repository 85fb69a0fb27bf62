/// The first instant of each local day over a span, in milliseconds, worked out once for all
/// chores: every daily, weekly and monthly period of every chore starts and ends on one of them,
/// and a year of 20 000 chores asked the zone rules a million times for the same few hundred days.
/// Days are counted since 1970-01-01, so that a period is found without a `CivilDate`.
struct DayStarts: Sendable {
    private let time: FamilyTime
    private let firstDay: Int
    private let table: [Int64]

    /// The days from `first` up to and including `last`.
    init(from first: CivilDate, through last: CivilDate, time: FamilyTime) {
        self.time = time
        firstDay = first.daysSinceEpoch
        table = (0...max(0, first.days(to: last))).map { FamilyTime.millis(time.startOfDay(first.adding(days: $0))) }
    }

    /// The first instant of the day `day` days after 1970-01-01, from the table when it covers it.
    func millis(day: Int) -> Int64 {
        let offset = day - firstDay
        return table.indices.contains(offset) ? table[offset] : FamilyTime.millis(time.startOfDay(CivilDate(daysSinceEpoch: day)))
    }

    /// The days of the period of `recurrence` holding `day`, as `CurrentPeriods.period(containing:)`
    /// gives them (a once chore's is its day).
    func period(containing day: Int, _ recurrence: Recurrence) -> Range<Int> {
        switch recurrence {
        case .once, .daily: return day..<day + 1
        case .weekly:
            let first = CivilDate.startOfWeek(containing: day, time.weekStart)
            return first..<first + 7
        case .monthly:
            let period = CurrentPeriods.period(containing: CivilDate(daysSinceEpoch: day), .monthly, weekStart: time.weekStart)
            return period.lowerBound.daysSinceEpoch..<period.upperBound.daysSinceEpoch
        }
    }
}
