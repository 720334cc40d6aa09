module TurboReplay
  # The recorder the generator installs: the gem's own copy (vendor/turbo-recorder.js, put in
  # by the gem's build), or, for the gem used from a checkout of the repository (`bundle add
  # turbo_replay --path …/gem`), the repository's Recorder/turbo-recorder.js.
  module Recorder
    ROOT = File.expand_path("../..", __dir__)

    def self.source
      [File.join(ROOT, "vendor", "turbo-recorder.js"), File.expand_path("../Recorder/turbo-recorder.js", ROOT)]
        .find { File.file?(_1) } or raise "turbo_replay: the gem has no turbo-recorder.js (a gem built without it)"
    end
  end
end
