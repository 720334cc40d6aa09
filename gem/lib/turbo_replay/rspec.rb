require "turbo_replay/system_test"

# RSpec system specs (rspec-rails), under turbo-replay-system-test: require it from
# spec/rails_helper.rb (or a file under spec/support) after rspec/rails. It does for
# `type: :system` what TurboReplay::SystemTest does for Minitest: checks what the specs need
# before the first one, drives headless Chromium, gives each example a fresh tab (and so a fresh
# recording), restores the network after each, and gives them `match_banner_timeline`.
# Capybara.run_server = false and Capybara.app_host = TurboReplay.app_host! stay the app's own
# settings, as in test/turbo_replay_helper.rb.
TurboReplay::SystemTest.prepare!

RSpec.configure do |config|
  config.include TurboReplay::Matchers, type: :system

  config.before(:each, type: :system) do
    driven_by :selenium, using: :headless_chrome, screen_size: TurboReplay::SystemTest::SCREEN do |options|
      TurboReplay::Browser.configure(options)
    end
    TurboReplay::Browser.fresh_tab(page.driver.browser)
  end

  config.after(:each, type: :system) { TurboReplay::NetworkCut.restore! }
end
