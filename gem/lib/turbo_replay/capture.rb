module TurboReplay
  # Reads the page's recording through window.TurboRecorder, and says plainly when it cannot:
  # the page left Turbo (a non-Turbo form submitted offline, a browser error page, a full load),
  # and the recorder with its buffer went with it.
  module Capture
    class RecorderGone < StandardError; end

    module_function

    def recording(page)
      state = page.evaluate_script(<<~JS)
        (function () {
          if (!window.TurboRecorder) return {gone: true, url: location.href, title: document.title};
          return {gone: false, text: window.TurboRecorder.text()};
        })()
      JS
      if state["gone"]
        raise RecorderGone,
              "the page navigated away and the recorder is gone: now at #{state['url']} (#{state['title'].inspect}). " \
              "A full load outside Turbo (a form with data-turbo=false, a browser error page) drops the page's recording."
      end
      state["text"]
    end

    def write(page, path)
      File.write(path, recording(page))
      path
    end
  end
end
