module TurboReplay
  # Reads the page's recording through window.TurboRecorder, and says plainly when it cannot:
  # the page left Turbo (a non-Turbo form submitted offline, a browser error page, a full load),
  # and the recorder with its buffer went with it. Without this a test waiting for a record
  # timed out with an empty dump and nothing said why.
  module Capture
    class RecorderGone < StandardError; end

    # What the page reports: the recorder's text, or where the page is now.
    PROBE = <<~JS.freeze
      (function () {
        if (!window.TurboRecorder) return {gone: true, url: location.href, title: document.title};
        return {gone: false, text: window.TurboRecorder.text()};
      })()
    JS

    module_function

    def recording(page)
      text_or_gone(page.evaluate_script(PROBE))
    end

    # The recorder's text from the probe's answer, or RecorderGone naming where the page went.
    def text_or_gone(state)
      return state["text"] unless state["gone"]

      raise RecorderGone, gone_message(state["url"].to_s, state["title"].to_s)
    end

    def gone_message(url, title)
      what = if url.start_with?("chrome-error:") || url == "about:blank" || title.empty? && url.start_with?("data:")
               "the browser's error page (the load failed: the network is cut)"
             else
               "a page without the recorder (a full load outside Turbo, or a layout that does not render it)"
             end
      "the page navigated away and the recorder is gone: now at #{url} (#{title.inspect}), #{what}. " \
        "A full load outside Turbo (a form with data-turbo=\"false\", a link Turbo does not handle, " \
        "a reload) drops the page's recording with the page."
    end

    def write(page, path)
      keep(recording(page), path)
    end

    # Writes `text` to `path` whole: to a temporary beside it, then renamed over it, so two
    # processes keeping the same capture never leave half of each.
    def keep(text, path)
      temporary = "#{path}.tmp-#{Process.pid}-#{rand(1 << 32).to_s(36)}"
      File.write(temporary, text)
      File.rename(temporary, path)
      path
    ensure
      File.unlink(temporary) if temporary && File.exist?(temporary)
    end

    # Sleeps until the page's clock (the recording's t) reads ms: acting at fixed page times
    # keeps two captures of the same test close together.
    def wait_until_page_ms(page, ms)
      remaining = ms - page.evaluate_script("performance.now()")
      sleep(remaining / 1000.0) if remaining.positive?
    end

    # Clicks `selector` when the page's clock reads ms, from inside the page: a WebDriver
    # click lands 100-300 ms after it is asked for, and that jitter became the drift between
    # two captures of the same test.
    def click_at_page_ms(page, selector, ms)
      page.execute_script(<<~JS, selector, ms)
        const [selector, ms] = arguments
        setTimeout(() => document.querySelector(selector).click(), Math.max(0, ms - performance.now()))
      JS
    end

    # Waits until the recording has a record of `type`; raises RecorderGone at once when the
    # page left, and says which records there were when the time is up.
    def wait_for_record(page, type, timeout: 10)
      deadline = Process.clock_gettime(Process::CLOCK_MONOTONIC) + timeout
      loop do
        text = recording(page)
        return text if text.include?(%("type":"#{type}"))
        if Process.clock_gettime(Process::CLOCK_MONOTONIC) > deadline
          raise "no #{type} record in the recording after #{timeout} s; it has: #{types(text).join(', ')}"
        end

        sleep 0.05
      end
    end

    def types(text)
      text.scan(/"type":"([^"]+)"/).flatten
    end
  end
end
