/// The first day of the family's week (SPEC §3: ISO Monday unless configured to Sunday).
public enum WeekStart: String, CaseIterable, Sendable {
    case monday
    case sunday
}
