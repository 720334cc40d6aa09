require_relative "../application_system_test_case"

# A form submitted with the network cut: the banner must show the offline pill, then the
# submit-failed message and its toast, then back online and hidden, as docs/banner.md says.
class OfflineBannerTest < ApplicationSystemTestCase
  RECORDINGS = File.expand_path("../recordings", __dir__)

  def test_offline_form_submit
    visit "/"
    assert_selector "#comments-loaded", text: "2 comments"   # the lazy frame loaded, online
    fill_in "body", with: "On my way"

    # At fixed page times (the recording's clock), so that two captures land close together.
    wait_until_page_ms 1000
    go_offline
    wait_for_record "offline"
    wait_until_page_ms 2500                                  # past the banner's 800 ms debounce
    click_on "Send"
    wait_for_record "turbo:submit-end"
    assert_field "body", with: "On my way"                   # the text is still there
    wait_until_page_ms 3200
    go_online
    wait_for_record "online"

    recording = save_turbo_recording(File.join(RECORDINGS, "offline-form-submit.jsonl"))
    assert_turbo_golden recording
  end
end
