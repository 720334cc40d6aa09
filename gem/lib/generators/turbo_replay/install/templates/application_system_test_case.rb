require "test_helper"
require "turbo_replay_helper"

class ApplicationSystemTestCase < ActionDispatch::SystemTestCase
  # turbo_replay: headless Chromium (it replaces a driven_by above), a fresh tab per test, the
  # network restored after each, a lane of its own per parallel worker, assert_banner_timeline.
  include TurboReplay::SystemTest
end
