# The app's collector (TurboReplay::Sink) over tmp/turbo_replay. In the test environment it is
# wrapped so that a test can see what it answered and make the server die mid-answer:
#
# - every answer is appended to tmp/collector-answers.log: the worker's pid, the status, the
#   batch's first seq and its number of lines;
# - when tmp/collector-kill-next exists, the next batch is stored and then the Puma worker that
#   stored it is killed (SIGKILL) before it answers, as a server restarted or crashed at the
#   wrong moment: the page never hears that the lines were stored, sends them again, and Puma's
#   master starts a new worker that finds them held on disk (config/puma.rb runs one worker).
module Collector
  ROOT = File.expand_path("../tmp/turbo_replay", __dir__)
  ANSWERS = File.expand_path("../tmp/collector-answers.log", __dir__)
  KILL_NEXT = File.expand_path("../tmp/collector-kill-next", __dir__)

  def self.app
    sink = TurboReplay::Sink.new(root: ROOT)
    Rails.env.test? ? Observed.new(sink) : sink
  end

  class Observed
    def initialize(sink)
      @sink = sink
    end

    def call(env)
      body = env["rack.input"].read
      env["rack.input"].rewind
      status, headers, answer = @sink.call(env)
      query = Rack::Utils.parse_query(env["QUERY_STRING"])
      File.open(ANSWERS, "a") { _1.write("#{Process.pid} #{status} #{query["seq"]} #{body.count("\n")}\n") }
      if status.between?(200, 299) && disarm
        File.open(ANSWERS, "a") { _1.write("#{Process.pid} killed #{query["seq"]} #{body.count("\n")}\n") }
        Process.kill("KILL", Process.pid)
      end
      [status, headers, answer]
    end

    private

    def disarm
      File.unlink(KILL_NEXT)
      true
    rescue Errno::ENOENT
      false
    end
  end
end
