require "minitest/autorun"
require "tmpdir"
require "turbo_replay/browser"

# Chromium and chromedriver as CHROMIUM and CHROMEDRIVER say, else on PATH; a fresh tab per test.
class BrowserTest < Minitest::Test
  Browser = TurboReplay::Browser

  def test_found_from_the_environment_then_path_else_one_line
    Dir.mktmpdir do |dir|
      File.write("#{dir}/chromium-browser", "")
      File.chmod(0o755, "#{dir}/chromium-browser")
      assert_equal "/x/chrome", Browser.chromium!("CHROMIUM" => "/x/chrome", "PATH" => dir)
      assert_equal "#{dir}/chromium-browser", Browser.chromium!("PATH" => dir)
      error = assert_raises(Browser::Missing) { Browser.chromedriver!("PATH" => dir) }
      assert_equal "no chromedriver on PATH (nor CHROMEDRIVER): install it (Debian and Ubuntu: apt-get install chromium-driver) " \
                   "or set CHROMEDRIVER", error.message
    end
  end

  # A stand-in for Selenium's driver: tabs by handle, the current one, and what was closed.
  class FakeBrowser
    attr_reader :handles, :current, :closed

    def initialize(handles) = (@handles, @current, @closed = handles.dup, handles.first, [])
    def window_handles = @handles.dup
    def window_handle = @current
    def switch_to = self
    def window(handle) = @current = handle

    def new_window(kind)
      raise ArgumentError, kind.inspect unless kind == :tab

      @current = "fresh-#{@handles.size}"
      @handles << @current
    end

    def close
      @closed << @current
      @handles.delete(@current)
    end
  end

  def test_a_fresh_tab_replaces_every_old_one_and_is_current
    browser = FakeBrowser.new(%w[a b])
    Browser.fresh_tab(browser)
    assert_equal [%w[fresh-2], "fresh-2", %w[a b]], [browser.handles, browser.current, browser.closed]
  end
end
