require "minitest/autorun"
require "tmpdir"
require "turbo_replay/binary"

# Which turbo-replay runs: TURBO_REPLAY, else the platform gem's own, else PATH; none is one
# line saying what to do; one that cannot start says why.
class BinaryTest < Minitest::Test
  Binary = TurboReplay::Binary
  LINUX = Gem::Platform.new("x86_64-linux")

  def executable(path, body = "#!/bin/sh\necho 'turbo-replay 0.7.0'\n")
    FileUtils.mkdir_p(File.dirname(path))
    File.write(path, body)
    File.chmod(0o755, path)
    path
  end

  def test_turbo_replay_wins_then_the_gems_own_then_path
    Dir.mktmpdir do |dir|
      packaged = executable("#{dir}/gem/exe/x86_64-linux/turbo-replay")
      on_path = executable("#{dir}/path/turbo-replay")
      env = { "TURBO_REPLAY" => "/opt/mine/turbo-replay", "PATH" => "#{dir}/path" }
      assert_equal "/opt/mine/turbo-replay", Binary.path!(env: env, root: "#{dir}/gem", platform: LINUX)
      assert_equal packaged, Binary.path!(env: env.merge("TURBO_REPLAY" => ""), root: "#{dir}/gem", platform: LINUX)
      assert_equal on_path, Binary.path!(env: { "PATH" => "#{dir}/path" }, root: "#{dir}/none", platform: LINUX)
    end
  end

  def test_a_binary_for_another_platform_is_not_run_and_the_message_says_which_there_are
    Dir.mktmpdir do |dir|
      executable("#{dir}/gem/exe/x86_64-linux/turbo-replay")
      mac = Gem::Platform.new("arm64-darwin")
      error = assert_raises(Binary::Missing) { Binary.path!(env: { "PATH" => "" }, root: "#{dir}/gem", platform: mac) }
      assert_equal "no turbo-replay to run: this turbo_replay gem carries turbo-replay for x86_64-linux, not for arm64-darwin, " \
                   "TURBO_REPLAY is not set and none is on PATH; set TURBO_REPLAY to a turbo-replay binary (script/package builds " \
                   "one where Swift is) or put one on PATH", error.message
      error = assert_raises(Binary::Missing) { Binary.path!(env: { "PATH" => "" }, root: "#{dir}/source-gem", platform: LINUX) }
      assert_includes error.message, "this turbo_replay gem carries no turbo-replay binary (the platform gem, turbo_replay-VERSION-x86_64-linux.gem, does)"
    end
  end

  def test_the_gems_own_stubs_on_path_are_not_the_binary
    Dir.mktmpdir do |dir|
      executable("#{dir}/stubs/turbo-replay", "#!/usr/bin/env ruby\nload Gem.activate_bin_path('turbo_replay', 'turbo-replay')\n")
      real = executable("#{dir}/real/turbo-replay", "\x7FELF…")
      assert_equal real, Binary.path!(env: { "PATH" => "#{dir}/stubs:#{dir}/real" }, root: "#{dir}/none", platform: LINUX)
    end
  end

  def test_probe_gives_the_version_or_says_why_it_does_not_run
    Dir.mktmpdir do |dir|
      assert_equal "turbo-replay 0.7.0", Binary.probe!(executable("#{dir}/ok"))
      broken = executable("#{dir}/broken", "#!/bin/sh\necho 'error while loading shared libraries: libjson-c.so.5: cannot open shared object file' >&2\nexit 127\n")
      error = assert_raises(Binary::Missing) { Binary.probe!(broken) }
      assert_equal "#{broken} does not run: error while loading shared libraries: libjson-c.so.5: cannot open shared object " \
                   "file (it needs json-c's library: apt-get install libjson-c5)", error.message
      error = assert_raises(Binary::Missing) { Binary.probe!("#{dir}/absent") }
      assert_equal "#{dir}/absent cannot be run: No such file or directory", error.message
    end
  end
end
