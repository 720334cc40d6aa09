require_relative "collector"

Rails.application.routes.draw do
  # The collector: the page's recorder POSTs its batches to /turbo_replay/web (the layout's
  # turbo-recorder-sink), stored under tmp/turbo_replay.
  mount Collector.app => "/turbo_replay"
  root "messages#index"
  # What the runner polls until the server answers (as Rails 7.1's /up does).
  get "/up", to: proc { [200, { "Content-Type" => "text/plain" }, ["ok\n"]] }
  post "/messages", to: "messages#create"
  get "/comments", to: "messages#comments"
  # The banner controller imports Stimulus from "/stimulus.js", as an importmap pin would name it.
  get "/stimulus.js", to: "javascripts#show", defaults: { name: "stimulus.js" }, format: false
  get "/js/:name", to: "javascripts#show", constraints: { name: /[a-z_-]+\.js/ }, format: false
end
