import AemtliSite
import Files
import Foundation
import Mustache

/// The `--templates DIR` folder: every `*.mustache` in it replaces the built-in template of the
/// same name; the rest stay built in. A file that matches no template is a warning with the
/// closest name, and a template error names the file the user edited.
public struct TemplateOverrides {
    /// `--templates`; nil: the built-in templates alone.
    let folder: String?
    let environment: CommandEnvironment

    public init(folder: String?, environment: CommandEnvironment) {
        self.folder = folder
        self.environment = environment
    }

    /// Files named after a page rather than its template, and what to say instead.
    static let pageTemplates = [
        "index.mustache": "index.html is made from 'dashboard.mustache'.",
        "layout.html.mustache": "the layout every page shares is 'layout.mustache'.",
    ]

    public func load() throws -> TemplateSet {
        guard let folder else { return try TemplateSet() }
        let files = environment.files
        let place = environment.place(folder)
        try files.requireFolder(place, what: "templates folder")
        var overrides: [String: String] = [:]
        var origins: [String: String] = [:]
        let builtin = BuiltinFiles.templates.keys.sorted()
        for name in try files.files(below: place, withExtension: "mustache") {
            let file = place.appending(name)
            guard BuiltinFiles.templates[name] != nil else {
                let hint =
                    Self.pageTemplates[name].map { "; \($0)" }
                    ?? Suggestion.closest(to: name, among: builtin).map { "; did you mean '\($0)'?" }
                    ?? "; the templates are \(builtin.joined(separator: ", "))."
                environment.diagnose(.warning, "\(file.shown) matches no template, so it is not used\(hint)")
                continue
            }
            overrides[name] = String(decoding: try files.read(file, what: "template"), as: UTF8.self)
            origins[name] = file.shown
        }
        return try TemplateSet(overrides: overrides, origins: origins)
    }
}
