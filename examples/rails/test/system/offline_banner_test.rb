require "application_system_test_case"

# A form submitted with the network really cut (the browser's end of the veth pair down):
# the banner shows the offline pill after its debounce, then the submit-failed message and
# its toast, then back online and hidden. The page's own banner (the recording's `seen`
# records) must agree, and the timeline must match the golden within the tolerance.
class OfflineBannerTest < ApplicationSystemTestCase
  GOLDEN = File.expand_path("../recordings/offline-form-submit", __dir__)
  DEAD_UPSTREAM = File.expand_path("../recordings/dead-upstream-submit", __dir__)
  # How far a re-capture's times may sit from the golden's. Measured under the real cut over
  # ten captures (docs/rails.md): the click and `online` land within 10 ms of their page time,
  # but the `offline` record lands 15 to 545 ms after the page time the cut was made at, and
  # the pill's time follows it. The page's own banner is held far tighter than this, through `seen`.
  TOLERANCE_MS = Integer(ENV.fetch("TURBO_REPLAY_TOLERANCE_MS", "600"))

  test "an offline form submit keeps the text and says so" do
    cut = TurboReplay::NetworkCut
    visit "/"
    assert_selector "#comments-loaded", text: "2 comments" # the lazy frame loaded, online
    fill_in "body", with: "On my way"

    # At fixed page times (the recording's clock), so that two captures land close together.
    TurboReplay::Capture.wait_until_page_ms(page, 1000)
    cut.offline!
    TurboReplay::Capture.wait_for_record(page, "offline")
    TurboReplay::Capture.click_at_page_ms(page, "#send", 3000) # past the banner's debounce, even a 1500 ms one
    TurboReplay::Capture.wait_for_record(page, "turbo:submit-end")
    assert_field "body", with: "On my way" # the text is still there
    TurboReplay::Capture.wait_until_page_ms(page, 3700)
    cut.online!
    TurboReplay::Capture.wait_for_record(page, "online")
    TurboReplay::Capture.wait_until_page_ms(page, 6100) # past the back-online flash

    assert_banner_timeline(page, GOLDEN, tolerance_ms: TOLERANCE_MS)
  end

  # Each test starts in a fresh tab: its recording has one `meta` and begins at its own visit,
  # whatever test ran before it in the same browser (a reused tab carried the last test's
  # recording on through sessionStorage).
  test "each test records afresh" do
    visit "/"
    TurboReplay::Capture.wait_for_record(page, "connect")
    records = TurboReplay::Capture.recording(page).lines.map { JSON.parse(_1) }
    assert_equal 1, records.count { _1["type"] == "meta" }, records.first(3).inspect
    assert_equal ["connect"], records.select { _1["type"] == "connect" }.map { _1["type"] }, "one page, one connect"
    assert_operator records.find { _1["type"] == "connect" }["t"], :<, 5000, "the clock starts at this test's visit"
  end

  # The server unreachable while the link stays up (an unreachable route in the browser's
  # namespace): navigator.onLine stays true, no `offline` fires, and the submit fails at once.
  # The pill comes from Turbo's failed fetch, not from the network events.
  test "a submit to a dead upstream says it could not send" do
    cut = TurboReplay::NetworkCut
    visit "/"
    assert_selector "#comments-loaded", text: "2 comments"
    fill_in "body", with: "On my way"

    TurboReplay::Capture.wait_until_page_ms(page, 1000)
    cut.dead_upstream!
    TurboReplay::Capture.click_at_page_ms(page, "#send", 1500)
    TurboReplay::Capture.wait_for_record(page, "turbo:submit-end")
    assert_field "body", with: "On my way"
    assert page.evaluate_script("navigator.onLine"), "the link is up: the browser believes it is online"
    TurboReplay::Capture.wait_until_page_ms(page, 2000)
    cut.restore!

    assert_banner_timeline(page, DEAD_UPSTREAM, tolerance_ms: TOLERANCE_MS)
  end
end
