import AemtliCLI
import Foundation

exit(AemtliCommand.main(Array(CommandLine.arguments.dropFirst())))
