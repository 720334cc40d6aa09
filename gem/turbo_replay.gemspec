require_relative "lib/turbo_replay/version"

# The source gem (platform "ruby") carries no binary: it runs TURBO_REPLAY or turbo-replay on
# PATH. The platform gem, built by script/package from the static binary it packs, is the same
# gem with exe/PLATFORM/turbo-replay in it and its platform set (TURBO_REPLAY_GEM_PLATFORM), as
# tailwindcss-ruby and dartsass-ruby ship theirs: `gem install` picks it on that platform.
Gem::Specification.new do |spec|
  spec.name = "turbo_replay"
  spec.version = TurboReplay::VERSION
  spec.summary = "Rails system tests of a Hotwire offline banner under a real network cut, checked with turbo-replay"
  spec.description = "bin/turbo-replay-system-test cuts the browser's network at the OS level (network namespaces " \
                     "and a veth pair per test worker, as root or in a user namespace) and runs the app and the tests " \
                     "in them; `rails g turbo_replay:install` sets an app up; assert_banner_timeline and an RSpec " \
                     "matcher check the recording against its golden and the page's own banner against the contract; " \
                     "TurboReplay::Sink, a Rack app, collects the recorder's and the native loggers' logs from users."
  spec.authors = ["TurboReplay"]
  spec.license = "MIT"
  spec.files = Dir["lib/**/*.rb", "examples/collector.ru", "vendor/turbo-recorder.js", "lib/generators/**/templates/**/*", "lib/generators/**/templates/**/.*", "bin/*",
                   "exe/*/turbo-replay", "README.md"].select { File.file?(_1) }
  spec.bindir = "bin"
  spec.executables = %w[turbo-replay-system-test turbo-replay]
  spec.required_ruby_version = ">= 2.7"
  platform = ENV.fetch("TURBO_REPLAY_GEM_PLATFORM", "")
  spec.platform = platform unless platform.empty?
end
