# What Rails' ApplicationSystemTestCase sets up (driven_by :selenium, using:
# :headless_chrome), spelled out for Capybara and Minitest alone, with Debian's Chromium.
require "minitest/autorun"
require "capybara/minitest"
require "selenium-webdriver"
require_relative "../app"
require_relative "support/turbo_recording"

ROOT = File.expand_path("../../..", __dir__)

Capybara.register_driver :headless_chromium do |app|
  options = Selenium::WebDriver::Chrome::Options.new
  options.binary = ENV.fetch("CHROMIUM", "/usr/bin/chromium")
  %w[--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu --window-size=1024,768
     --no-first-run --disable-background-networking].each { |arg| options.add_argument(arg) }
  service = Selenium::WebDriver::Service.chrome(path: ENV.fetch("CHROMEDRIVER", "/usr/bin/chromedriver"))
  Capybara::Selenium::Driver.new(app, browser: :chrome, options: options, service: service)
end

Capybara.server = :webrick
Capybara.server_host = "127.0.0.1"
Capybara.default_driver = :headless_chromium
Capybara.app = ExampleApp.new(turbo_js: ENV.fetch("TURBO_JS"),
                              recorder_js: File.join(ROOT, "Recorder/turbo-recorder.js"),
                              stimulus_js: ENV.fetch("STIMULUS_JS"),
                              banner_js: File.join(ROOT, "e2e/fixtures/offline_banner_controller.js"),
                              debounce_ms: ENV["BANNER_DEBOUNCE_MS"])

class ApplicationSystemTestCase < Minitest::Test
  include Capybara::DSL
  include Capybara::Minitest::Assertions
  include TurboRecording

  def teardown
    Capybara.reset_sessions!
    Capybara.use_default_driver
  end
end
