// Renders a dashboard-sized Mustache template and prints the time per render and throughput.
//
//   swift run -c release mustache-benchmark             # 8 × 60 and 200 × 100
//   swift run -c release mustache-benchmark --export DIR # writes the templates and data as files
import Foundation
import JSON
import Mustache

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--export", let folder = arguments.dropFirst().first {
    try BenchmarkExport.write(to: folder)
    print("wrote the templates and data to \(folder)")
    exit(0)
}

let library = MustacheLibrary(
    try DashboardFixture.templates().map { try MustacheTemplate(name: $0.key, source: $0.value) })
try library.validate()
guard let dashboard = library.templates["dashboard"] else {
    preconditionFailure("the fixture has a dashboard template")
}

print("size        bytes/render   renders   µs/render (median)   MB/s")
for (members, chores) in [(8, 60), (200, 100)] {
    let data = DashboardFixture.data(members: members, chores: chores)
    let bytes = try library.render(dashboard, with: data).count
    var durations: [Double] = []
    let clock = ContinuousClock()
    let deadline = clock.now.advanced(by: .seconds(2))
    while clock.now < deadline || durations.count < 5 {
        let start = clock.now
        let output = try library.render(dashboard, with: data)
        let elapsed = clock.now - start
        precondition(output.count == bytes)
        durations.append(Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12)
    }
    durations.sort()
    let median = durations[durations.count / 2]
    let throughput = Double(bytes) / median  // bytes per µs = MB/s
    let label = "\(members) × \(chores)".padding(toLength: 12, withPad: " ", startingAt: 0)
    print(
        "\(label)\(String(bytes).leftPadded(12))   \(String(durations.count).leftPadded(7))   \(String(format: "%18.1f", median))   \(String(format: "%6.0f", throughput))"
    )
}

extension String {
    func leftPadded(_ width: Int) -> String { String(repeating: " ", count: max(0, width - count)) + self }
}
