import AemtliCore

extension Site {
    /// A job for every file of the site, each putting its file into `sink`: the feeds, the
    /// pages, then the charts.
    public func jobs(templates: TemplateSet, to sink: OutputSink) -> [RenderJob] {
        FeedBuilder(site: self).jobs(to: sink) + SitePages(site: self, templates: templates).jobs(to: sink)
            + ReportHTMLRenderer.jobs(site: self, templates: templates, to: sink)
    }
}
