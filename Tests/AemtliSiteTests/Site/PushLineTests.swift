import AemtliCore
import Foundation
import XCTest

@testable import AemtliSite

/// The parents' page says whether a change made in the app shows within seconds (SPEC §9 "Push"):
/// a live dashboard only, in the page's language, and with a failure's time as it began, so that a
/// sync does not change it.
final class PushLineTests: XCTestCase {
    /// Wednesday 2026-11-18 10:00 in Zurich.
    let ten = Date(timeIntervalSince1970: 1_795_510_800 - 518_400)
    let zone = TimeZone(identifier: "Europe/Zurich")!

    private func pages(push: PushState?, live: Bool = true, language: Language = .en) throws -> [String: String] {
        let document = DemoFamily.responses(now: ten, time: FamilyTime(timeZone: zone, around: ten))
        let family = try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
            .family
        var options = SiteOptions()
        options.live = live
        var freshness = Freshness(lastRun: ten, outcome: .ok, lastSuccess: ten, sessionExpectedEnd: nil)
        freshness.push = push
        let site = Site(
            family: family, schedule: Schedule(time: FamilyTime(timeZone: zone, around: ten), now: ten),
            words: Words(language), title: "Ämtli", options: options, freshness: freshness)
        let sink = MemorySink()
        _ = try RenderJob.runAll(site.jobs(templates: TemplateSet(), to: sink))
        return sink.files.filter { $0.key.hasSuffix(".html") }.mapValues { String(decoding: $0, as: UTF8.self) }
    }

    func testTheLiveDashboardAloneSaysWhetherChangesArriveWithinSeconds() throws {
        let on = #"<p class="push-state">Changes made in the app show here within seconds.</p>"#
        let pages = try pages(push: .on)
        XCTAssertTrue(try XCTUnwrap(pages["index.html"]).contains(on))
        for (path, page) in pages where path != "index.html" { XCTAssertFalse(page.contains("push-state"), path) }
        XCTAssertFalse(try XCTUnwrap(self.pages(push: .on, live: false)["index.html"]).contains("push-state"))
        XCTAssertFalse(try XCTUnwrap(self.pages(push: nil)["index.html"]).contains("push-state"))
    }

    func testWhyNotIsSaidInThePagesLanguage() throws {
        let since = ten.addingTimeInterval(-3_600)
        let expected: [(PushState, Language, String)] = [
            (
                .failing(since: since), .en,
                "with the next sync: the connection that tells aemtli of changes has failed since 09:00."
            ),
            (
                .refused, .en,
                "Changes made in the app show here with the next sync: iCloud refused to tell aemtli of changes."
            ),
            (.signIn, .en, "with the next sync: nobody is signed in to iCloud."),
            (.starting, .en, "with the next sync: aemtli is asking iCloud to tell it of changes."),
            (.stopped, .en, "with the next sync: aemtli serve has stopped."),
            (.on, .de, "Änderungen in der App erscheinen hier innert Sekunden."),
            (
                .failing(since: since), .de,
                "mit dem nächsten Abgleich: die Verbindung, die aemtli über Änderungen benachrichtigt, ist unterbrochen seit 09:00."
            ),
        ]
        for (state, language, text) in expected {
            let page = try XCTUnwrap(pages(push: state, language: language)["index.html"])
            XCTAssertTrue(page.contains(text), "\(state) \(language)")
        }
    }
}
