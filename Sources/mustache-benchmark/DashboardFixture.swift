import Files
import Foundation
import Mustache

/// A dashboard-shaped template set and data: a layout shared through inheritance, and partials
/// for the member card, the chore row and the progress bar, as the site's pages use them.
enum DashboardFixture {
    /// The templates, beside this file in `Fixture/` (HTML stays out of Swift sources): the
    /// benchmark runs from a checkout, so they are read from there.
    static func templates() throws -> [String: String] {
        let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixture").path
        var templates: [String: String] = [:]
        for name in try FileIO.local.names(folder) where name.hasSuffix(".mustache") {
            let bytes = try FileIO.local.readBytes(folder + "/" + name)
            templates[String(name.dropLast(".mustache".count))] = String(decoding: bytes, as: UTF8.self)
        }
        return templates
    }

    static let titles = [
        "Tisch decken", "Abfall rausbringen", "Zimmer aufräumen", "Pflanzen giessen", "Empty the dishwasher",
        "Staubsaugen & Boden wischen", "Katze füttern 🐈", "Hausaufgaben <Mathe>", "Wäsche zusammenlegen",
    ]
    static let statuses = [
        ("done", "✓", "done"), ("overdue", "!", "2 days overdue"), ("due-today", "●", "today"),
        ("due-soon", "◐", "in 2 days"), ("upcoming", "○", "in 6 days"),
    ]

    /// Deterministic data for `members` × `chores`.
    static func data(members: Int, chores: Int) -> MustacheValue {
        let memberValues: [MustacheValue] = (0..<members).map { member in
            let rows: [MustacheValue] = (0..<chores).map { chore in
                let index = member * chores + chore
                let status = statuses[index % statuses.count]
                return .object([
                    "title": .string("\(titles[index % titles.count]) \(chore + 1)"),
                    "status": .string(status.0), "symbol": .string(status.1), "statusLabel": .string(status.2),
                    "done": .bool(status.0 == "done"),
                    "dueISO": .string("2026-11-\(10 + chore % 20)T18:00"),
                    "dueText": .string("Mon, \(10 + chore % 20) Nov, 18:00"),
                    "countdown": index % 3 == 0 ? .string("in \(chore % 7) days") : .null,
                    "deadline": index % 4 == 0 ? .string("Fri, 28 Nov") : .null,
                    "recurrence": .string(["daily", "weekly", "monthly", "once"][index % 4]),
                ])
            }
            return .object([
                "name": .string("Member \(member + 1) Müller"), "slug": .string("member-\(member + 1)-muller"),
                "role": .string(member % 3 == 0 ? "parent" : "child"),
                "total": .int(chores), "doneCount": .int(chores / 5), "percent": .int(20), "chores": .list(rows),
            ])
        }
        return .object([
            "lang": "en", "familyTitle": "The Müller family", "today": "Sunday, 22 November 2026",
            "generatedAt": "2026-11-22 10:00",
            "labels": [
                "skip": "Skip to content", "generated": "Generated", "dashboard": "Dashboard",
                "nothing": "Nothing to do",
                "deadline": "deadline", "progress": "Progress this week", "of": "of",
            ],
            "members": .list(memberValues),
        ])
    }
}
