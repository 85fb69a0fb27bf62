import AemtliCore
import Foundation
import XCTest

@testable import AemtliSite

/// The notice on every page while aemtli.json does not read (SPEC §9): the wall hangs in the
/// kitchen, so it speaks to the parents by name and in words that do not alarm a child who reads
/// it first (issue #37): the chores are still right, and where a parent finds what to change.
final class ConfigurationNoticeTests: XCTestCase {
    /// Wednesday 2026-11-18 10:00 in Zurich.
    let ten = Date(timeIntervalSince1970: 1_794_992_400)
    let zone = TimeZone(identifier: "Europe/Zurich")!

    private func wall(_ language: Language) throws -> String {
        let document = DemoFamily.responses(now: ten, time: FamilyTime(timeZone: zone, around: ten))
        let family = try StoreReader().read([StoreSource(name: "demo", bytes: Array(document.serialized().utf8))])
            .family
        var options = SiteOptions()
        options.live = true
        options.configurationKept = true
        let site = Site(
            family: family, schedule: Schedule(time: FamilyTime(timeZone: zone, around: ten), now: ten),
            words: Words(language), title: "Ämtli", options: options)
        let sink = MemorySink()
        try RenderJob.runAll(site.jobs(templates: TemplateSet(), to: sink))
        return String(decoding: try XCTUnwrap(sink.files["wall.html"]), as: UTF8.self)
    }

    func testTheNoticeOfASettingsFileThatDoesNotReadIsANoteForParentsThatTheChoresAreStillRight() throws {
        XCTAssertTrue(
            try wall(.en).contains(
                #"<p class="wall-notice notice-configuration">For parents: aemtli.json has a slip in it, so these pages keep its last good settings and the chores stay up to date. The log of aemtli serve says what to change.</p>"#
            ))
        XCTAssertTrue(
            try wall(.de).contains(
                #"<p class="wall-notice notice-configuration">Für die Eltern: In aemtli.json ist etwas verrutscht, darum behalten diese Seiten die letzten guten Einstellungen, und die Ämtli bleiben aktuell. Was zu ändern ist, steht im Protokoll von aemtli serve.</p>"#
            ))
    }
}
