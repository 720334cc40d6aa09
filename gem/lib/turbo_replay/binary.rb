require "open3"
require "rubygems"

module TurboReplay
  # Which turbo-replay the gem runs. In order:
  #
  # 1. TURBO_REPLAY, when set: a path (or a name on PATH). It always wins.
  # 2. The binary a platform gem carries, exe/PLATFORM/turbo-replay, when PLATFORM fits this
  #    machine (turbo_replay-VERSION-x86_64-linux.gem carries the static one script/package
  #    builds: no Swift needed, only libjson-c5 and glibc).
  # 3. turbo-replay on PATH (script/install puts it there).
  #
  # With none of them, `path!` raises Missing with one line saying what is missing and what to do.
  module Binary
    class Missing < StandardError; end

    ROOT = File.expand_path("../..", __dir__)

    module_function

    def path!(env: ENV, root: ROOT, platform: Gem::Platform.local, search_path: env["PATH"])
      given = env["TURBO_REPLAY"]
      return given if given && !given.empty?

      packaged(root, platform) || on_path(search_path) || raise(Missing, missing_message(root, platform))
    end

    # exe/PLATFORM/turbo-replay of a platform gem, the first whose platform fits.
    def packaged(root, platform)
      Dir[File.join(root, "exe", "*", "turbo-replay")].sort.find do |file|
        File.executable?(file) && Gem::Platform.new(File.basename(File.dirname(file))) === platform
      end
    end

    # A turbo-replay on PATH that is the binary, not this gem's own bin/turbo-replay or a
    # RubyGems or Bundler stub of it (which would run this search again).
    def on_path(search_path)
      (search_path || "").split(File::PATH_SEPARATOR).map { File.join(_1, "turbo-replay") }
                         .find { File.file?(_1) && File.executable?(_1) && !gem_stub?(_1) }
    end

    def gem_stub?(file)
      head = File.binread(file, 1024).to_s
      head.start_with?("#!") && head.match?(/turbo_replay|Gem\.activate_bin_path|bundler/)
    end

    def missing_message(root, platform)
      carried = Dir[File.join(root, "exe", "*", "turbo-replay")].map { File.basename(File.dirname(_1)) }.sort
      what = if carried.empty?
               "this turbo_replay gem carries no turbo-replay binary (the platform gem, turbo_replay-VERSION-x86_64-linux.gem, does)"
             else
               "this turbo_replay gem carries turbo-replay for #{carried.join(', ')}, not for #{platform}"
             end
      "no turbo-replay to run: #{what}, TURBO_REPLAY is not set and none is on PATH; " \
        "set TURBO_REPLAY to a turbo-replay binary (script/package builds one where Swift is) or put one on PATH"
    end

    # Runs `--version`: a binary that cannot start (a missing libjson-c, another architecture)
    # is said now, in one line, rather than as every test's failure. Returns the version line.
    def probe!(path)
      out, status = Open3.capture2e(path, "--version")
      return out.lines.first.to_s.strip if status.success?

      first = out.lines.map(&:strip).reject(&:empty?).first || "exit #{status.exitstatus}"
      hint = first.include?("libjson-c") ? " (it needs json-c's library: apt-get install libjson-c5)" : ""
      raise Missing, "#{path} does not run: #{first}#{hint}"
    rescue Errno::ENOENT, Errno::EACCES, Errno::ENOEXEC => e
      raise Missing, "#{path} cannot be run: #{e.message.sub(/ - .*\z/, '')}"
    end
  end
end
