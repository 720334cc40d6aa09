require "test_helper"
require "action_dispatch/system_test_case"
require "selenium-webdriver"
$LOAD_PATH.unshift(File.expand_path("../../../gem/lib", __dir__)) # the gem, from this repository
require "turbo_replay"

# The three Rails specifics of a real cut. gem/bin/turbo-replay-system-test runs this process
# in the browser's network namespace and the app's server (`rails server -e test`, so that
# the layout renders the recorder) in the server's, and says where: TURBO_REPLAY_APP_HOST.
# ActionDispatch::SystemTestCase would start its own Puma here, in the browser's namespace,
# where the cut would not separate it from the browser: so no server here, and Capybara
# pointed at the other one. The two processes share no state: a test cannot create a record
# here and expect the server to see it.
Capybara.run_server = false
Capybara.app_host = ENV.fetch("TURBO_REPLAY_APP_HOST") do
  abort "run under gem/bin/turbo-replay-system-test (examples/rails/run does): it makes the cut and the server"
end
Selenium::WebDriver::Chrome::Service.driver_path = -> { ENV.fetch("CHROMEDRIVER", "/usr/bin/chromedriver") }

class ApplicationSystemTestCase < ActionDispatch::SystemTestCase
  include TurboReplay::Assertions

  driven_by :selenium, using: :headless_chrome, screen_size: [1024, 768] do |options|
    options.binary = ENV.fetch("CHROMIUM", "/usr/bin/chromium")
    %w[--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu --no-first-run
       --disable-background-networking].each { |arg| options.add_argument(arg) }
  end

  # A test that failed while cut must not leave the next one cut (the browser is reused).
  def before_teardown
    TurboReplay::NetworkCut.restore!
    super
  end
end
