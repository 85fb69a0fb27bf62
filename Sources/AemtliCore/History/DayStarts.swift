/// The first instant of each local day over a span, in milliseconds, worked out once for all
/// chores: every daily, weekly and monthly period of every chore starts and ends on one of them,
/// and a year of 20 000 chores asked the zone rules a million times for the same few hundred days.
struct DayStarts: Sendable {
    private let time: FamilyTime
    private let first: CivilDate
    private let table: [Int64]

    /// The days from `first` up to and including `last`.
    init(from first: CivilDate, through last: CivilDate, time: FamilyTime) {
        self.time = time
        self.first = first
        table = (0...max(0, first.days(to: last))).map { FamilyTime.millis(time.startOfDay(first.adding(days: $0))) }
    }

    /// The first instant of `date`, from the table when it covers the day.
    func millis(_ date: CivilDate) -> Int64 {
        let offset = first.days(to: date)
        return table.indices.contains(offset) ? table[offset] : FamilyTime.millis(time.startOfDay(date))
    }
}
