require "capybara"
require "selenium-webdriver"
require "turbo_replay"

module TurboReplay
  # Include it in ApplicationSystemTestCase (rails g turbo_replay:install does):
  #
  # * checks, before the first test, what the tests need (one line and exit 69 when something
  #   is missing);
  # * drives headless Chromium (CHROMIUM, CHROMEDRIVER, else PATH);
  # * gives each parallel test worker (Rails' `parallelize`) a lane of its own: its own
  #   namespace, veth pair and addresses, so one worker's cut never cuts another's browser;
  # * starts every test in a fresh tab, so a recording never carries over from the test before;
  # * restores the network after every test, so a test that failed while cut leaves the next
  #   one online;
  # * and gives the tests assert_banner_timeline.
  #
  # Capybara.run_server = false and Capybara.app_host = TurboReplay.app_host! are the app's own
  # settings, in test/turbo_replay_helper.rb: the server runs in its own namespace, started by
  # the runner.
  module SystemTest
    SCREEN = [1024, 768].freeze

    def self.included(base)
      prepare!
      base.driven_by :selenium, using: :headless_chrome, screen_size: SCREEN do |options|
        Browser.configure(options)
      end
      base.parallelize_setup { |worker| SystemTest.join_worker(worker) } if base.respond_to?(:parallelize_setup)
      base.include Assertions
    end

    # Before the first test: what the tests need, and chromedriver where Selenium looks.
    def self.prepare!
      TurboReplay.check_test_process!
      chromedriver = Browser.chromedriver!
      # A callable, as Rails 6.1's system tests call it (Selenium takes either).
      Selenium::WebDriver::Chrome::Service.driver_path = -> { chromedriver }
    end

    # In a worker just forked by Rails' parallelization: its own lane, and Capybara pointed at
    # the server's end of it.
    def self.join_worker(worker)
      lane = NetworkCut.join_worker!(worker) or return
      Capybara.app_host = NetworkCut.app_host
      warn "turbo_replay: worker #{worker} cuts its own link: #{lane.browser_ns}, #{lane.browser_addr} to #{lane.server_addr}"
    end

    def before_setup
      super
      Browser.fresh_tab(page.driver.browser) if page.driver.respond_to?(:browser)
    end

    def before_teardown
      NetworkCut.restore!
      super
    end
  end
end
