# A Homebrew formula for aemtli on macOS: a sketch, not tried (this project builds and tests on
# Linux only). It builds from a release's source archive with the Swift of Xcode; on macOS
# Foundation comes with the system, so there is no --static-swift-stdlib and no libcurl to add.
# Before use: the project's own address in homepage and url, the archive's sha256, and a licence
# once the project states one (it states none yet, so there is no `license` line).
class Aemtli < Formula
  desc "Family chores from iCloud as a wall display, dashboard and calendar feeds"
  homepage "https://example.org/aemtli"
  url "https://example.org/aemtli/archive/v0.1.0.tar.gz"
  sha256 "0000000000000000000000000000000000000000000000000000000000000000"

  depends_on xcode: ["16.0", :build] # Swift 6.0 or later
  depends_on :macos

  def install
    system "swift", "build", "--disable-sandbox", "-c", "release", "--product", "aemtli"
    bin.install ".build/release/aemtli"
    # The manual and the completions come from the binary's own command table, as in the Debian package.
    (man1/"aemtli.1").write Utils.safe_popen_read(bin/"aemtli", "--generate-man-page")
    generate_completions_from_executable(bin/"aemtli", "--generate-completion-script", shells: [:bash, :zsh])
  end

  # `brew services start aemtli`: README's serve unit, in the folder README uses (~/aemtli, made first).
  service do
    run [opt_bin/"aemtli", "serve", "--listen", "0.0.0.0:8080"]
    working_dir "#{Dir.home}/aemtli"
    keep_alive successful_exit: false
    log_path var/"log/aemtli.log"
    error_log_path var/"log/aemtli.log"
  end

  test do
    assert_match "aemtli #{version} (built with Swift ", shell_output("#{bin}/aemtli --version")
    system bin/"aemtli", "build", "--out", testpath/"site"
    assert_path_exists testpath/"site/wall.html"
  end
end
