import Foundation

extension Calendar {
    /// `date` moved by `value` of `component`. The demo families only move by whole days,
    /// minutes and months within a few years of now, which a Gregorian calendar always answers.
    func demoDate(adding value: Int, _ component: Component, to date: Date) -> Date {
        guard let moved = self.date(byAdding: component, value: value, to: date) else {
            preconditionFailure("a Gregorian calendar adds \(value) \(component) to \(date)")
        }
        return moved
    }

    /// The local midnight beginning `date`'s month.
    func demoStartOfMonth(_ date: Date) -> Date {
        guard let month = dateInterval(of: .month, for: date) else { preconditionFailure("every date lies in a month") }
        return month.start
    }

    /// How many days `date`'s month has.
    func demoDaysInMonth(_ date: Date) -> Int {
        range(of: .day, in: .month, for: date)?.count ?? 31
    }

    /// `date`'s day at `hour:minute`.
    func demoDate(_ date: Date, hour: Int, minute: Int) -> Date {
        guard let local = self.date(bySettingHour: hour, minute: minute, second: 0, of: date) else {
            preconditionFailure("a Gregorian calendar has \(hour):\(minute) on \(date)")
        }
        return local
    }
}
