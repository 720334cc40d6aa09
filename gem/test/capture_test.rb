require "minitest/autorun"
require "turbo_replay"

# The capture's answers from a page, with a stand-in page: what the probe returns decides.
class CaptureTest < Minitest::Test
  FakePage = Struct.new(:answers) do
    def evaluate_script(_script) = answers.shift
  end

  def test_a_page_with_the_recorder_gives_its_text
    page = FakePage.new([{ "gone" => false, "text" => %({"type":"meta"}\n) }])
    assert_equal %({"type":"meta"}\n), TurboReplay::Capture.recording(page)
  end

  def test_a_full_load_outside_turbo_says_the_page_navigated_away_and_where
    page = FakePage.new([{ "gone" => true, "url" => "http://10.213.78.1:3000/messages", "title" => "Sent" }])
    error = assert_raises(TurboReplay::Capture::RecorderGone) { TurboReplay::Capture.recording(page) }
    assert_includes error.message, "the page navigated away and the recorder is gone"
    assert_includes error.message, "now at http://10.213.78.1:3000/messages (\"Sent\")"
    assert_includes error.message, "a full load outside Turbo"
  end

  def test_the_browsers_error_page_is_named_as_such
    page = FakePage.new([{ "gone" => true, "url" => "chrome-error://chromewebdata/", "title" => "10.213.78.1" }])
    error = assert_raises(TurboReplay::Capture::RecorderGone) { TurboReplay::Capture.recording(page) }
    assert_includes error.message, "the browser's error page"
  end

  def test_waiting_for_a_record_stops_at_once_when_the_page_left
    page = FakePage.new([{ "gone" => false, "text" => "" }, { "gone" => true, "url" => "http://x/", "title" => "" }])
    assert_raises(TurboReplay::Capture::RecorderGone) { TurboReplay::Capture.wait_for_record(page, "online", timeout: 5) }
  end

  def test_waiting_for_a_record_that_never_comes_names_the_records_there_are
    text = %({"t":1,"type":"connect"}\n{"t":2,"type":"offline"}\n)
    page = FakePage.new(Array.new(100) { { "gone" => false, "text" => text } })
    error = assert_raises(RuntimeError) { TurboReplay::Capture.wait_for_record(page, "online", timeout: 0) }
    assert_equal "no online record in the recording after 0 s; it has: connect, offline", error.message
  end

  def test_waiting_for_a_record_returns_the_text_once_it_is_there
    text = %({"t":2,"type":"offline"}\n)
    page = FakePage.new([{ "gone" => false, "text" => "" }, { "gone" => false, "text" => text }])
    assert_equal text, TurboReplay::Capture.wait_for_record(page, "offline", timeout: 5)
  end
end
