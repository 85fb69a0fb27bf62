import Mustache

/// A dashboard-shaped template set and data: a layout shared through inheritance, and partials
/// for the member card, the chore row and the progress bar, as the site's pages use them.
enum DashboardFixture {
    static let templates: [String: String] = [
        "layout": """
        <!DOCTYPE html>
        <html lang="{{lang}}">
        <head>
        <meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>{{$title}}{{familyTitle}}{{/title}}</title>
        <link rel="stylesheet" href="assets/style.css">
        </head>
        <body>
        <a class="skip" href="#main">{{labels.skip}}</a>
        <header><h1>{{familyTitle}}</h1><p>{{today}}</p></header>
        <main id="main">
        {{$content}}
        {{/content}}
        </main>
        <footer>{{labels.generated}} {{generatedAt}}</footer>
        </body>
        </html>

        """,
        "dashboard": """
        {{<layout}}
        {{$title}}{{familyTitle}} – {{labels.dashboard}}{{/title}}
        {{$content}}
        {{#members}}
        {{>member-card}}
        {{/members}}
        {{/content}}
        {{/layout}}

        """,
        "member-card": """
        <section class="member" aria-labelledby="m-{{slug}}">
          <h2 id="m-{{slug}}"><a href="members/{{slug}}.html">{{name}}</a> <span class="role">{{role}}</span></h2>
          {{>progress}}
          <ul class="chores">
            {{#chores}}
            {{>chore-row}}
            {{/chores}}
          </ul>
          {{^chores}}<p class="empty">{{labels.nothing}}</p>{{/chores}}
        </section>

        """,
        "chore-row": """
        <li class="chore status-{{status}}{{#done}} done{{/done}}">
          <span class="symbol" aria-hidden="true">{{symbol}}</span>
          <span class="title">{{title}}</span>
          <span class="status">{{statusLabel}}</span>
          <time datetime="{{dueISO}}">{{dueText}}</time>
          {{#countdown}}<span class="countdown">{{countdown}}</span>{{/countdown}}
          {{#deadline}}<span class="deadline">{{labels.deadline}} {{deadline}}</span>{{/deadline}}
          <span class="recurrence">{{recurrence}}</span>
        </li>

        """,
        "progress": """
        <div class="progress"><progress max="{{total}}" value="{{doneCount}}" aria-label="{{labels.progress}}">{{percent}}%</progress> <span>{{doneCount}} {{labels.of}} {{total}}</span></div>

        """,
    ]

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
