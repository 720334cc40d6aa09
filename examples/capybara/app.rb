# The app under test: what a Rails app's layout and two controllers would serve, as a
# plain Rack app so that the example needs nothing beyond Debian's packages. A page with
# the app's own banner (its railsfast--offline-banner Stimulus controller and pill), Turbo,
# the recorder, a form and a lazy frame.
require "rack"

class ExampleApp
  # banner_js: the app's Stimulus controller (app/javascript/controllers/ in a Rails app);
  # debounce_ms changes its debounce, as an edit of that file would.
  def initialize(turbo_js:, recorder_js:, stimulus_js:, banner_js:, debounce_ms: nil)
    @turbo = File.read(turbo_js)
    @recorder = File.read(recorder_js)
    @stimulus = File.read(stimulus_js)
    @banner = File.read(banner_js)
    @banner = @banner.sub("const DEBOUNCE_MS = 800\n", "const DEBOUNCE_MS = #{Integer(debounce_ms)}\n") if debounce_ms
  end

  def call(env)
    request = Rack::Request.new(env)
    case [request.request_method, request.path]
    in ["GET", "/"] then html(page)
    in ["GET", "/frame"] then html(%(<turbo-frame id="comments"><p id="comments-loaded">2 comments</p></turbo-frame>))
    in ["POST", "/messages"] then [303, { "location" => "/", "content-length" => "0" }, []]
    in ["GET", "/turbo.js"] then script(@turbo)
    in ["GET", "/turbo-recorder.js"] then script(@recorder)
    in ["GET", "/stimulus.js"] then script(@stimulus)
    in ["GET", "/controller.js"] then script(@banner)
    else [404, { "content-type" => "text/plain" }, ["not found\n"]]
    end
  end

  private

  def html(body)
    [200, { "content-type" => "text/html; charset=utf-8", "cache-control" => "no-store" }, [body]]
  end

  def script(body)
    [200, { "content-type" => "text/javascript; charset=utf-8", "cache-control" => "no-store" }, [body]]
  end

  # The recorder goes before Turbo, as in a layout's <head>, so that it sees Turbo's first events.
  def page
    <<~HTML
      <!doctype html>
      <html><head><meta charset="utf-8"><title>Messages</title>
      <script src="/turbo-recorder.js"></script>
      <script src="/turbo.js"></script>
      <script type="module">
        import { Application } from "/stimulus.js"
        import OfflineBanner from "/controller.js"
        Application.start().register("railsfast--offline-banner", OfflineBanner)
      </script>
      <style>.pill[hidden] { display: none; } .pill--in { animation: slide 180ms ease-out; }
        @keyframes slide { from { transform: translateY(-150%); } }</style>
      </head><body>
      <div id="banner" class="pill" data-controller="railsfast--offline-banner" hidden><span data-railsfast--offline-banner-target="label"></span></div>
      <h1>Messages</h1>
      <form id="composer" action="/messages" method="post">
        <textarea name="body" id="body"></textarea><button id="send">Send</button>
      </form>
      <turbo-frame id="comments" src="/frame" loading="lazy"><p>Loading comments…</p></turbo-frame>
      </body></html>
    HTML
  end
end
