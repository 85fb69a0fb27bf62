import AemtliCore
import Foundation
import Mustache
import XCTest

@testable import AemtliSite

/// The site as one description: the demo family at Wednesday 2026-11-18 10:00 in Zurich, built
/// without the command line, every file's path and the view data pages are made from.
final class SiteTests: XCTestCase {
    /// 2026-11-18T10:00:00+01:00.
    let now = Date(timeIntervalSince1970: 1_795_510_800 - 518_400)

    func demoSite(
        language: Language = .en, options: SiteOptions = SiteOptions(), feedNames: ((Family) -> FeedNames)? = nil
    ) throws -> Site {
        let zone = try XCTUnwrap(TimeZone(identifier: "Europe/Zurich"))
        let document = DemoFamily.responses(now: now, time: FamilyTime(timeZone: zone, around: now))
        let family = try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
            .family
        let schedule = Schedule(time: FamilyTime(timeZone: zone, around: now), now: now)
        return Site(
            family: family, schedule: schedule, words: Words(language), title: "Ämtli", options: options,
            feedNames: feedNames?(family))
    }

    /// Runs every job into memory.
    func files(of site: Site) throws -> [String: [UInt8]] {
        let sink = MemorySink()
        try RenderJob.runAll(site.jobs(templates: TemplateSet(), to: sink))
        return sink.files
    }

    func testEveryFileOfTheSiteIsListedOnceUnderItsPath() throws {
        let paths = try files(of: try demoSite()).keys.sorted()
        XCTAssertEqual(
            paths,
            [
                "agenda.json", "assets/favicon.svg", "assets/members.css", "assets/report.css", "assets/style.css",
                "assets/wall.css",
                "feeds/anna.ics", "feeds/family.ics", "feeds/max.ics", "feeds/parent-1.ics",
                "index.html", "members/anna.html", "members/max.html", "members/parent-1.html",
                "reports/2026-W47.html", "reports/2026-W48.html", "wall.html",
            ])
    }

    func testMembersCarryTheirSlugPageAndFeed() throws {
        let site = try demoSite(feedNames: { family in
            FeedNames(family: "family-x", members: family.slugs.map { $0 + "-x" })
        })
        XCTAssertEqual(site.members.map(\.slug), ["parent-1", "anna", "max"])
        XCTAssertEqual(
            site.members.map(\.pagePath), ["members/parent-1.html", "members/anna.html", "members/max.html"])
        XCTAssertEqual(site.members.map(\.feedPath), ["feeds/parent-1-x.ics", "feeds/anna-x.ics", "feeds/max-x.ics"])
        XCTAssertEqual(site.member(withID: "00000000-0000-0000-0000-000000000002")?.slug, "anna")
        XCTAssertNil(site.member(withID: "nobody"))
        XCTAssertTrue(try files(of: site).keys.contains("feeds/family-x.ics"))
    }

    func testThePagesGetTheirLinksAsDataRelativeToWhereTheyLie() throws {
        let site = try demoSite(options: SiteOptions(baseURL: "https://example.org/chores"))
        let pages = SitePages(site: site, templates: try TemplateSet())
        let dashboard = pages.dashboard(site.family.choresByAssignee())
        XCTAssertEqual(dashboard["hrefs"]?["stylesheet"], .string("assets/style.css"))
        XCTAssertEqual(dashboard["hrefs"]?["thisWeek"], .string("reports/2026-W47.html"))
        XCTAssertEqual(dashboard["hrefs"]?["nextWeek"], .string("reports/2026-W48.html"))
        XCTAssertEqual(dashboard["members"]?[1]?["page"], .string("members/anna.html"))
        XCTAssertEqual(dashboard["feeds"]?[3]?["href"], .string("feeds/family.ics"))
        XCTAssertEqual(dashboard["feeds"]?[3]?["webcal"], .string("webcal://example.org/chores/feeds/family.ics"))
        XCTAssertEqual(dashboard["feeds"]?[1]?["https"], .string("https://example.org/chores/feeds/anna.ics"))

        let anna = site.members[1]
        let agenda = site.schedule.agenda(
            of: site.family, from: site.schedule.today, to: site.schedule.today.adding(days: 14),
            memberID: anna.member.id)
        let page = pages.memberPage(anna, chores: site.family.chores(assignedTo: anna.member.id), agenda: agenda)
        XCTAssertEqual(page["hrefs"]?["stylesheet"], .string("../assets/style.css"))
        XCTAssertEqual(page["hrefs"]?["dashboard"], .string("../index.html"))
        XCTAssertEqual(page["feed"]?["href"], .string("../feeds/anna.ics"))
        XCTAssertEqual(page["navigation"]?[2]?["href"], .string("../members/max.html"))
        XCTAssertEqual(page["labels"]?["next14"], .string("Next 14 days"))
    }

    func testTheWordsOfThePagesFollowTheLanguage() throws {
        let html = String(decoding: try XCTUnwrap(files(of: try demoSite(language: .de))["index.html"]), as: UTF8.self)
        XCTAssertTrue(html.contains("<h1>Familienübersicht</h1>"), html)
        XCTAssertTrue(html.contains(#"<html lang="de">"#))
        let feed = String(
            decoding: try XCTUnwrap(files(of: try demoSite(language: .de))["feeds/family.ics"]), as: UTF8.self)
        XCTAssertTrue(feed.contains("X-WR-CALNAME:Ämtli – Familie\r\n"), feed)
        XCTAssertTrue(feed.contains("DESCRIPTION:Zugeteilt: Anna\\nWiederholung: "), feed)
    }
}

/// Files kept in memory, as a build's output folder would get them.
final class MemorySink: OutputSink, @unchecked Sendable {
    private let lock = NSLock()
    private(set) var files: [String: [UInt8]] = [:]

    func put(_ path: String, _ bytes: [UInt8]) throws {
        lock.lock()
        defer { lock.unlock() }
        XCTAssertNil(files[path], "\(path) is put twice")
        files[path] = bytes
    }
}

extension MustacheValue {
    /// A member of an object, for reading view data in tests.
    subscript(key: String) -> MustacheValue? {
        guard case .object(let object) = self else { return nil }
        return object[key]
    }

    /// An item of a list.
    subscript(index: Int) -> MustacheValue? {
        guard case .list(let items) = self, items.indices.contains(index) else { return nil }
        return items[index]
    }
}
