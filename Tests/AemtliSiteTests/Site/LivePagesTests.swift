import AemtliCore
import Foundation
import XCTest

@testable import AemtliSite

/// Pages `aemtli serve` builds (SPEC §9): the same bytes after a sync that brought nothing new, the
/// one script on every page, and no time that changes with every build.
final class LivePagesTests: XCTestCase {
    /// Wednesday 2026-11-18 10:00 in Zurich.
    let ten = Date(timeIntervalSince1970: 1_795_510_800 - 518_400)
    let zone = TimeZone(identifier: "Europe/Zurich")!

    /// The demo family synced at `now` (the store as the demo family is at ten o'clock).
    private func pages(at now: Date, live: Bool, baseURL: String? = nil) throws -> [String: String] {
        let document = DemoFamily.responses(now: ten, time: FamilyTime(timeZone: zone, around: ten))
        let family = try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
            .family
        var options = SiteOptions(baseURL: baseURL)
        options.live = live
        let freshness = Freshness(lastRun: now, outcome: .ok, lastSuccess: now, sessionExpectedEnd: nil)
        let site = Site(
            family: family, schedule: Schedule(time: FamilyTime(timeZone: zone, around: now), now: now),
            words: Words(.en), title: "Ämtli", options: options, freshness: freshness)
        let sink = MemorySink()
        try RenderJob.runAll(site.jobs(templates: TemplateSet(), to: sink))
        return sink.files.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    func testASyncThatBroughtNothingNewChangesEveryLivePageOnlyInItsStamp() throws {
        // 10:00 and 10:05: no chore comes due between them (the demo's next is at 16:00).
        let first = try pages(at: ten, live: true)
        let second = try pages(at: ten.addingTimeInterval(300), live: true)
        XCTAssertEqual(first.keys.sorted(), second.keys.sorted())
        for (path, page) in first where !path.hasPrefix("reports/") {
            let next = try XCTUnwrap(second[path])
            XCTAssertNotEqual(page, next, path)
            XCTAssertTrue(SyncStamp.sameApartFromStamp(Array(page.utf8), Array(next.utf8)), path)
            XCTAssertTrue(next.contains(#"<time id="synced" datetime="2026-11-18T10:05:00+01:00">10:05</time>"#), path)
        }
        for (path, page) in first where path.hasPrefix("reports/") { XCTAssertEqual(page, second[path], path) }
        // A timer's build of the same pages tells the time it was made, as before.
        XCTAssertNotEqual(
            try pages(at: ten, live: false)["index.html"],
            try pages(at: ten.addingTimeInterval(300), live: false)["index.html"])
    }

    func testEveryLivePageFollowsTheStreamWithTheOneScriptAndNoBuildTime() throws {
        for (path, page) in try pages(at: ten, live: true) where !path.hasPrefix("reports/") {
            XCTAssertTrue(page.contains(" data-live"), path)
            XCTAssertTrue(page.contains("<script>\(PageScript.source)</script>"), path)
            XCTAssertEqual(page.components(separatedBy: "<script").count, 2, "one script: \(path)")
            let policy = PageScript.contentSecurityPolicy.replacingOccurrences(of: "'", with: "&#39;")
            XCTAssertTrue(page.contains("content=\"\(policy)\""), path)
            XCTAssertTrue(page.contains("id=\"lost\""), path)
            XCTAssertFalse(page.contains("data-built=\""), path)
            XCTAssertFalse(page.contains("Updated"), path)
            let asOf = #"Chores as of <time id="synced" datetime="2026-11-18T10:00:00+01:00">10:00</time>"#
            XCTAssertTrue(page.contains(asOf), path)
        }
    }

    func testALivePageWithoutABaseURLLeavesItsFeedsAddressToItsScriptAndSaysTheLinksSubscribe() throws {
        let member = try XCTUnwrap(try pages(at: ten, live: true)["members/anna.html"])
        XCTAssertTrue(
            member.contains(
                #"<a href="../feeds/anna.ics" data-webcal hidden>Open in the calendar app</a>"#),
            member)
        XCTAssertTrue(
            member.contains(
                #"<code data-address hidden></code> <button type="button" data-copy hidden>Copy the address</button>"#),
            member)
        XCTAssertTrue(member.contains("it updates by itself"), member)
        XCTAssertFalse(member.contains("serve this folder with a web server"), member)
        // With a base URL the links are the base URL's, and a timer's page says what a copy is.
        let based = try XCTUnwrap(
            try pages(at: ten, live: true, baseURL: "https://chores.example")["members/anna.html"])
        XCTAssertTrue(based.contains(#"href="webcal://chores.example/feeds/anna.ics""#), based)
        XCTAssertFalse(based.contains("data-webcal hidden"), based)
        let timers = try XCTUnwrap(try pages(at: ten, live: false)["members/anna.html"])
        XCTAssertFalse(timers.contains("data-webcal hidden"), timers)
        XCTAssertTrue(timers.contains("serve this folder with a web server"), timers)
    }

    func testATimersWallChecksItsBuildTimeAndReloadsWithoutScriptsFromNoscript() throws {
        let wall = try XCTUnwrap(try pages(at: ten, live: false)["wall.html"])
        XCTAssertTrue(wall.contains(#"<noscript><meta http-equiv="refresh" content="300"></noscript>"#), wall)
        XCTAssertTrue(wall.contains(#"data-refresh="5" data-built="2026-11-18T09:00:00Z" data-stale-after="25""#), wall)
        XCTAssertFalse(wall.contains(" data-live"), wall)
        XCTAssertTrue(
            wall.contains(#"Chores as of <time id="synced" datetime="2026-11-18T10:00:00+01:00">10:00</time>"#), wall)
    }

    /// Worked out from the demo family at 10:00 on Wednesday 18 November: of the chores due today
    /// after now, "Hausaufgaben" comes first, at 16:00; a sync at 09:30 turns stale 120 minutes
    /// later, at 11:30, which comes before it.
    func testTheNextPageChangeIsTheNextDueTimeOrFreshnessThreshold() throws {
        let document = DemoFamily.responses(now: ten, time: FamilyTime(timeZone: zone, around: ten))
        let family = try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
            .family
        let schedule = Schedule(time: FamilyTime(timeZone: zone, around: ten), now: ten)
        let site = Site(family: family, schedule: schedule, words: Words(.en), title: "Ämtli")
        XCTAssertEqual(PageChanges.next(after: site), ten.addingTimeInterval(6 * 3600 + 1))
        let synced = Freshness(
            lastRun: ten.addingTimeInterval(-1800), outcome: .ok, lastSuccess: ten.addingTimeInterval(-1800),
            sessionExpectedEnd: nil)
        let fresh = Site(family: family, schedule: schedule, words: Words(.en), title: "Ämtli", freshness: synced)
        XCTAssertEqual(PageChanges.next(after: fresh), ten.addingTimeInterval(5400 + 1))
    }
}
