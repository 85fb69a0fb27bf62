import AemtliCore
import Foundation

/// Everything the site is made from, and one entry per member with its slug and feed: the one
/// description of the site that pages, feeds and charts read (`jobs(templates:to:)` lists its files).
public struct Site: Sendable {
    public let family: Family
    public let schedule: Schedule
    public let words: Words
    /// The family's title: configuration, else the CloudKit share's title, else "Ämtli".
    public let title: String
    public let options: SiteOptions
    /// How fresh a synced store is; nil for a store never synced.
    public let freshness: Freshness?
    /// What the completion journal says (SPEC §8.5); nil without one: the pages then say that
    /// history begins with the first `aemtli sync`.
    public let history: HistoryFacts?
    /// One per member, in the order of `family.members`.
    public let members: [SiteMember]
    /// The family feed's file name without `.ics`.
    public let familyFeedName: String

    /// `feedNames` must name one feed per member of `family`.
    public init(
        family: Family, schedule: Schedule, words: Words, title: String, options: SiteOptions = SiteOptions(),
        freshness: Freshness? = nil, history: HistoryFacts? = nil, feedNames: FeedNames? = nil
    ) {
        let names = feedNames ?? FeedNames(plain: family)
        precondition(names.members.count == family.members.count, "one feed name per member")
        self.family = family
        self.schedule = schedule
        self.words = words
        self.title = title
        self.options = options
        self.freshness = freshness
        self.history = history
        self.familyFeedName = names.family
        let colors = MemberColor.assign(family)
        self.members = family.members.indices.map { position in
            SiteMember(
                member: family.members[position], position: position, slug: family.slugs[position],
                feedName: names.members[position], color: colors[position])
        }
    }

    /// The time feeds give as their DTSTAMP: now, for a timer's build; for a live one, the last
    /// time the store says a record changed, so that a sync that brought nothing new leaves every
    /// feed as it was (SPEC §9).
    public var stampTime: Date {
        guard options.live else { return schedule.now }
        return family.chores.map { $0.modified ?? $0.createdAt }.max() ?? Date(millis: 0)
    }

    /// The entry of the member `id`, for a chore's assignee.
    public func member(withID id: String) -> SiteMember? {
        family.position(ofMemberID: id).map { members[$0] }
    }

    /// This week's chart and next week's.
    public var reportWeeks: [ISOWeek] {
        let thisWeek = ISOWeek(containing: schedule.today, weekStart: schedule.time.weekStart)
        return [thisWeek, thisWeek.adding(weeks: 1)]
    }
}
