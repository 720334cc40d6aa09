# The page's scripts. A real app would serve them through its asset pipeline or importmap;
# here they come from where the example's `run` found them, so that nothing is copied:
# Turbo and Stimulus (TURBO_JS, STIMULUS_JS), the banner's Stimulus controller (the app's
# app/javascript/controllers/offline_banner_controller.js) and, in the test environment only,
# TurboReplay's recorder.
class JavascriptsController < ApplicationController
  # Scripts served as scripts: Rails' guard against other sites embedding protected
  # JavaScript (meant for JS views) would refuse them to the page's own <script> tags.
  skip_forgery_protection

  REPO = File.expand_path("../../../..", __dir__)

  def show
    path = sources[params[:name]] or return head(:not_found)
    body = File.read(path)
    body = banner_with_debounce(body) if params[:name] == "offline_banner_controller.js"
    response.headers["Cache-Control"] = "no-store"
    render plain: body, content_type: "text/javascript"
  end

  private

  def sources
    found = {
      "turbo.js" => ENV.fetch("TURBO_JS"),
      "stimulus.js" => ENV.fetch("STIMULUS_JS"),
      "offline_banner_controller.js" => File.join(REPO, "e2e/fixtures/offline_banner_controller.js"),
    }
    found["turbo-recorder.js"] = File.join(REPO, "Recorder/turbo-recorder.js") if Rails.env.test?
    found
  end

  # BANNER_DEBOUNCE_MS changes the controller's debounce, as an edit of that file would: the
  # system test must then fail.
  def banner_with_debounce(body)
    ms = ENV["BANNER_DEBOUNCE_MS"] or return body
    body.sub("const DEBOUNCE_MS = 800\n", "const DEBOUNCE_MS = #{Integer(ms)}\n")
  end
end
