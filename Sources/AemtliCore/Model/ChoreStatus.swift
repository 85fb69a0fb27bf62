/// Where an occurrence stands at now (SPEC §4), plus `past` and `upcoming` for occurrences of
/// other periods in an agenda (SPEC §5).
public enum ChoreStatus: String, CaseIterable, Sendable {
    case done
    case overdue
    case dueToday = "due-today"
    case dueSoon = "due-soon"
    case upcoming
    case undated
    case past
}
