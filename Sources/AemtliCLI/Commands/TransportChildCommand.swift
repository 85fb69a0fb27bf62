import AemtliApp
import CloudKitWeb
import Files
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
        let input: [UInt8]
        do {
            input = try FileIO.readAll(from: STDIN_FILENO, limit: ExchangeFrame.requestLimit)
        } catch {
            environment.standardError.write(
                "\(Program.name): error: standard input could not be read: \(FileIO.describe(error)).\n")
            return .ioError
        }
        guard input.count <= ExchangeFrame.requestLimit else {
            environment.standardError.write(
                "\(Program.name): error: the request on standard input is larger than \(ExchangeFrame.requestLimit) bytes.\n"
            )
            return .dataError
        }
        let answer: [UInt8]
        do {
            answer = try TransportChild.answer(input)
        } catch {
            environment.standardError.write("\(Program.name): error: \(error).\n")
            return .dataError
        }
        // Straight to the socket, with no buffer to flush: the process ends at once after it,
        // without the exit handlers and teardown that could still fail once the answer is out. A
        // serve that has gone reads nothing more.
        try? FileIO.writeAll(answer, to: STDOUT_FILENO)
        _exit(0)
    }
}
