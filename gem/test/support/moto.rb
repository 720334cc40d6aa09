require "socket"
require "tempfile"
require "timeout"

# moto's S3 server on a free loopback port, as scale/spark/run starts it, with fake credentials.
# Its Python is MOTO_PYTHON, else gem/test/.venv's (gem/test/run makes it with pinned moto).
class Moto
  PYTHON = ENV.fetch("MOTO_PYTHON", File.expand_path("../.venv/bin/python", __dir__))
  PROXY = File.expand_path("../../../scale/spark/store_proxy.py", __dir__)

  attr_reader :url, :pid

  def self.python!
    return PYTHON if system(PYTHON, "-c", "import moto.server", out: File::NULL, err: File::NULL)

    raise "moto is not installed for #{PYTHON}: gem/test/run makes gem/test/.venv with it (or set MOTO_PYTHON)"
  end

  def self.free_port
    server = TCPServer.new("127.0.0.1", 0)
    server.addr[1]
  ensure
    server&.close
  end

  def initialize
    port = Moto.free_port
    @url = "http://127.0.0.1:#{port}"
    @log = Tempfile.new("moto")
    @pid = spawn(Moto.python!, "-m", "moto.server", "-H", "127.0.0.1", "-p", port.to_s, out: @log.path, err: @log.path)
    wait_until_up(port)
  end

  # A proxy in front of this moto (scale/spark/store_proxy.py) that fails every Kth request.
  def flaky_proxy(every)
    log = Tempfile.new("proxy")
    reader, writer = IO.pipe
    pid = spawn(Moto.python!, PROXY, "--upstream", @url, "--log", log.path, "--flaky", every.to_s, out: writer)
    writer.close
    port = Timeout.timeout(10) { reader.gets.to_i }
    [pid, "http://127.0.0.1:#{port}"]
  end

  def stop
    Process.kill("TERM", @pid)
    Process.wait(@pid)
  rescue Errno::ESRCH, Errno::ECHILD
    nil
  end

  def client_options(endpoint = @url)
    { endpoint: endpoint, region: "us-east-1", force_path_style: true,
      credentials: Aws::Credentials.new("testing", "testing") }
  end

  private

  def wait_until_up(port)
    Timeout.timeout(30) do
      loop do
        TCPSocket.new("127.0.0.1", port).close
        return
      rescue Errno::ECONNREFUSED
        raise "moto stopped: #{File.read(@log.path)}" if Process.wait(@pid, Process::WNOHANG)

        sleep 0.1
      end
    end
  end
end
