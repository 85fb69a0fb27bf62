import AemtliApp
import CloudKitWeb
import Foundation

/// `aemtli --cloudkit-request`: the child `serve` starts for each CloudKit request on Linux
/// (`ChildProcessTransport`). It reads one request frame on standard input, sends it, writes the
/// answer's frame on standard output and ends, taking with it whatever FoundationNetworking kept.
/// Not a command for people: its help leaves it out, and at a terminal it says so.
enum TransportChildCommand {
    static func run(environment: CommandEnvironment) -> ExitCode {
        guard !environment.inputIsTerminal else {
            environment.standardError.write(
                "\(Program.name): error: \(TransportChild.argument) is serve's own: it reads one request from serve, not from a terminal.\n"
            )
            return .usage
        }
        guard let input = readInput() else {
            environment.standardError.write(
                "\(Program.name): error: the request on standard input is larger than \(ExchangeFrame.requestLimit) bytes.\n"
            )
            return .dataError
        }
        do {
            let answer = try TransportChild.answer(input)
            FileHandle.standardOutput.write(Data(answer))
            // Ended here, without the exit handlers and teardown that could still fail after the
            // answer is out (the write above went straight to the socket).
            _exit(0)
        } catch {
            environment.standardError.write("\(Program.name): error: \(error).\n")
            return .dataError
        }
    }

    /// Standard input to its end, or nil past the limit.
    private static func readInput() -> [UInt8]? {
        var input: [UInt8] = []
        while let chunk = try? FileHandle.standardInput.read(upToCount: 65_536), !chunk.isEmpty {
            input.append(contentsOf: chunk)
            if input.count > ExchangeFrame.requestLimit { return nil }
        }
        return input
    }
}
