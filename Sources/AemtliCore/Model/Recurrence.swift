/// How often a chore comes back (SPEC §4).
public enum Recurrence: String, CaseIterable, Sendable {
    case once
    case daily
    case weekly
    case monthly
}
