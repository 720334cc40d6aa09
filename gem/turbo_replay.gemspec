Gem::Specification.new do |spec|
  spec.name = "turbo_replay"
  spec.version = "0.1.0"
  spec.summary = "Rails system tests of a Hotwire offline banner under a real network cut, checked with turbo-replay"
  spec.description = "TurboReplay::NetworkCut cuts the browser's network at the OS level (two network namespaces, " \
                     "a veth pair); bin/turbo-replay-system-test runs the app and the tests in them; " \
                     "assert_banner_timeline and an RSpec matcher check the recording against its golden."
  spec.authors = ["TurboReplay"]
  spec.license = "MIT"
  spec.files = Dir["lib/**/*.rb", "bin/*", "README.md"]
  spec.bindir = "bin"
  spec.executables = ["turbo-replay-system-test"]
  spec.required_ruby_version = ">= 2.7"
end
