require_relative "boot"
require "rails"
require "action_controller/railtie"
require "action_view/railtie"
$LOAD_PATH.unshift(File.expand_path("../../../gem/lib", __dir__)) # the gem, from this repository
require "turbo_replay/sink"

module MessagesApp
  # The smallest Rails app with the offline banner: one page (the banner's Stimulus controller,
  # Turbo, a form, a lazy frame) and, in the test environment only, TurboReplay's recorder.
  class Application < Rails::Application
    config.load_defaults 6.1
    config.eager_load = false
    config.logger = Logger.new($stdout) if ENV["RAILS_LOG_TO_STDOUT"]
  end
end
