# The collector alone, without Rails: `rackup -p 9292 examples/collector.ru` (with the gem
# installed; from a checkout, `rackup -I lib …`). It answers at /turbo_replay/web and
# /turbo_replay/native/…, as when mounted in a Rails app's routes. Set, in the environment:
#
#   TURBO_REPLAY_COLLECTOR_ROOT    the folder to store in (default ./collected)
#   TURBO_REPLAY_COLLECTOR_BUCKET  store in this S3 bucket instead (AWS_* settings as usual;
#                                  AWS_ENDPOINT_URL for an S3-compatible server)
#   TURBO_REPLAY_COLLECTOR_PREFIX  a prefix for its keys in the bucket
#   TURBO_REPLAY_COLLECTOR_TOKEN   the shared token every request must bring
require "turbo_replay/sink"

store =
  if (bucket = ENV["TURBO_REPLAY_COLLECTOR_BUCKET"].to_s) != ""
    client = {}
    client.merge!(endpoint: ENV["AWS_ENDPOINT_URL"], force_path_style: true) if ENV["AWS_ENDPOINT_URL"].to_s != ""
    TurboReplay::Sink::S3Store.new(bucket: bucket, prefix: ENV.fetch("TURBO_REPLAY_COLLECTOR_PREFIX", ""), client: client)
  else
    TurboReplay::Sink::FolderStore.new(ENV.fetch("TURBO_REPLAY_COLLECTOR_ROOT", "collected"))
  end

map "/turbo_replay" do
  run TurboReplay::Sink.new(store: store, token: ENV["TURBO_REPLAY_COLLECTOR_TOKEN"])
end
