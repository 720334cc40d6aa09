require "test_helper"
require "action_dispatch/system_test_case"
$LOAD_PATH.unshift(File.expand_path("../../../gem/lib", __dir__)) # the gem, from this repository
require "turbo_replay/system_test"

# The three Rails specifics of a real cut. gem/bin/turbo-replay-system-test runs this process
# in the browser's network namespace and the app's server (`rails server -e test`, so that
# the layout renders the recorder) in the server's, and says where: TURBO_REPLAY_APP_HOST.
# ActionDispatch::SystemTestCase would start its own Puma here, in the browser's namespace,
# where the cut would not separate it from the browser: so no server here, and Capybara
# pointed at the other one. The two processes share no state: a test cannot create a record
# here and expect the server to see it.
Capybara.run_server = false
Capybara.app_host = TurboReplay.app_host!

# Headless Chromium, a fresh tab (and so a fresh recording) per test, the network restored
# after each, a lane of its own per parallel worker, and assert_banner_timeline.
class ApplicationSystemTestCase < ActionDispatch::SystemTestCase
  include TurboReplay::SystemTest
end
