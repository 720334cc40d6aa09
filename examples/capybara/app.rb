# The app under test: what a Rails app's layout and two controllers would serve, as a
# plain Rack app so that the example needs nothing beyond Debian's packages. A page with
# the banner's controller element, Turbo, the recorder, a form and a lazy frame.
require "rack"

class ExampleApp
  def initialize(turbo_js:, recorder_js:)
    @turbo = File.read(turbo_js)
    @recorder = File.read(recorder_js)
  end

  def call(env)
    request = Rack::Request.new(env)
    case [request.request_method, request.path]
    in ["GET", "/"] then html(page)
    in ["GET", "/frame"] then html(%(<turbo-frame id="comments"><p id="comments-loaded">2 comments</p></turbo-frame>))
    in ["POST", "/messages"] then [303, { "location" => "/", "content-length" => "0" }, []]
    in ["GET", "/turbo.js"] then script(@turbo)
    in ["GET", "/turbo-recorder.js"] then script(@recorder)
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
      </head><body>
      <div id="banner" data-controller="railsfast--offline-banner"></div>
      <h1>Messages</h1>
      <form id="composer" action="/messages" method="post">
        <textarea name="body" id="body"></textarea><button id="send">Send</button>
      </form>
      <turbo-frame id="comments" src="/frame" loading="lazy"><p>Loading comments…</p></turbo-frame>
      </body></html>
    HTML
  end
end
