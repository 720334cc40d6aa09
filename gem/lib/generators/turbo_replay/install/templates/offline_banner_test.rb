require "application_system_test_case"

# Written by `rails g turbo_replay:install`: the offline banner under the real network cut.
# PAGE is a page of yours that renders the banner (data-controller="railsfast--offline-banner").
#
# The browser's link goes down at 1000 ms of the page's clock and comes back at 3000 ms; the
# recording is then checked twice by turbo-replay: its timeline against
# test/recordings/offline_banner.expected.jsonl (written from the contract: the pill 800 ms
# after `offline`, the green flash at `online`, hidden 2000 ms later), and what the page's own
# banner showed against the replay of the same recording. test/recordings/offline_banner.config.json
# holds the banner's settings the replay uses (its debounce, flash and copy: set yours there)
# and how far a re-capture's times may sit from the golden's (toleranceMs: the `offline` event
# itself comes 15 to 545 ms after the link goes down).
class OfflineBannerTest < ApplicationSystemTestCase
  PAGE = "/".freeze
  GOLDEN = File.expand_path("../recordings/offline_banner", __dir__)

  test "the banner shows the pill while the network is gone, then flashes back online" do
    visit PAGE
    TurboReplay::Capture.wait_for_record(page, "connect")

    # At fixed times of the page's clock (the recording's), so two captures land close together.
    TurboReplay::Capture.wait_until_page_ms(page, 1000)
    TurboReplay::NetworkCut.offline!
    TurboReplay::Capture.wait_for_record(page, "offline")
    TurboReplay::Capture.wait_until_page_ms(page, 3000)
    TurboReplay::NetworkCut.online!
    TurboReplay::Capture.wait_for_record(page, "online")
    TurboReplay::Capture.wait_until_page_ms(page, 5300) # past the 2000 ms flash

    assert_banner_timeline page, GOLDEN
  end
end
