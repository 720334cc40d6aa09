# The turbo_replay gem: the real cut, the recording, and the golden check for Rails system tests.
require "turbo_replay/version"
require "turbo_replay/binary"
require "turbo_replay/browser"
require "turbo_replay/lane"
require "turbo_replay/network_cut"
require "turbo_replay/capture"
require "turbo_replay/assertions"

module TurboReplay
  # The collector (turbo_replay/sink), loaded when a route or a config.ru first names it.
  autoload :Sink, "turbo_replay/sink"

  EX_USAGE = 64
  EX_UNAVAILABLE = 69

  module_function

  # Where the app's server answers this process's browser, as the runner set it. Outside the
  # runner, one line and exit 64: the tests would otherwise time out against a server that is
  # not there.
  def app_host!(env = ENV)
    host = env["TURBO_REPLAY_APP_HOST"]
    return host if host && !host.empty?

    stop("run the system tests under turbo-replay-system-test, which makes the cut and starts the server " \
         "(TURBO_REPLAY_APP_HOST is not set): bundle exec turbo-replay-system-test -- bin/rails test:system", EX_USAGE)
  end

  # What a test process needs before its first test: Chromium, chromedriver and a turbo-replay
  # that runs. A missing one is one line and exit 69, before any test.
  def check_test_process!(env = ENV)
    Browser.chromium!(env)
    Browser.chromedriver!(env)
    Binary.probe!(Binary.path!(env: env))
  rescue Browser::Missing, Binary::Missing => e
    stop(e.message, EX_UNAVAILABLE)
  end

  def stop(message, status)
    warn "turbo_replay: #{message}"
    exit status
  end
end
