import AemtliCore

extension Site {
    /// A job for every file of the site, each putting its file into `sink`: the largest first
    /// (the family feed, `agenda.json` and the dashboard), then the charts, the members' feeds,
    /// the member pages and the assets, so that no core waits on a large file at the end.
    public func jobs(templates: TemplateSet, to sink: OutputSink) -> [RenderJob] {
        let feeds = FeedBuilder(site: self).jobs(to: sink)
        let pages = SitePages(site: self, templates: templates).jobs(to: sink)
        let charts = ReportHTMLRenderer.jobs(site: self, templates: templates, to: sink)
        return Array(feeds.prefix(1) + pages.prefix(2) + charts + feeds.dropFirst() + pages.dropFirst(2))
    }
}
