module TurboReplay
  # One browser's own link to the app's server: a network namespace for the browser, joined to
  # the run's server namespace by a veth pair with a /30 of its own. Lane 0 is the runner's (the
  # test process, and a serial run's browser); a parallel test worker N gets lane N + 1, so that
  # taking one worker's link down never cuts another's browser.
  #
  # Everything is derived from the run (the runner's pid) and the lane number, so two runs on one
  # host never share a name:
  #
  #   namespaces   trp-RUN-s (the server's), trp-RUN-bLANE (each browser's)
  #   veth pair    trbLANE in the browser's namespace, trsLANE in the server's
  #   addresses    10.(200 + RUN / 256 % 50).(RUN % 256).(4·LANE + 1) the server's end,
  #                … .(4·LANE + 2) the browser's end: a /30 per lane, 64 lanes per run
  #
  # The addresses exist only inside the run's namespaces, so two runs whose /24 happened to be
  # the same would still not meet; deriving it from the pid keeps `ip` output telling them apart.
  Lane = Struct.new(:run, :number, keyword_init: true) do
    self::PREFIX = "trp-".freeze
    self::MAX_LANES = 64

    def self.server_ns(run) = "#{self::PREFIX}#{run}-s"

    # The namespaces of run `run` in `names` (what `ip netns list` printed).
    def self.namespaces_of(run, names) = names.select { _1.start_with?("#{self::PREFIX}#{run}-") }

    # `{run => [names]}` for every run's namespaces in `names`.
    def self.runs_in(names)
      names.filter_map { |name| [Regexp.last_match(1).to_i, name] if name =~ /\A#{self::PREFIX}(\d+)-(s|b\d+)\z/o }
           .group_by(&:first).transform_values { |pairs| pairs.map(&:last) }
    end

    def initialize(run:, number:)
      raise ArgumentError, "a lane number is 0 to #{self.class::MAX_LANES - 1} (got #{number})" unless (0...self.class::MAX_LANES).cover?(number)
      raise ArgumentError, "a run is a pid, 1 or more (got #{run})" unless run.is_a?(Integer) && run.positive?

      super
    end

    def server_ns = self.class.server_ns(run)
    def browser_ns = "#{self.class::PREFIX}#{run}-b#{number}"
    def veth_browser = "trb#{number}"
    def veth_server = "trs#{number}"
    def server_addr = "#{subnet}.#{4 * number + 1}"
    def browser_addr = "#{subnet}.#{4 * number + 2}"

    def subnet = "10.#{200 + run / 256 % 50}.#{run % 256}"

    # What a test process needs to find its lane: the runner puts it in the environment.
    def to_env
      { "TURBO_REPLAY_RUN" => run.to_s, "TURBO_REPLAY_LANE" => number.to_s }
    end

    def self.from_env(env = ENV)
      run = env["TURBO_REPLAY_RUN"] or return nil
      new(run: Integer(run), number: Integer(env.fetch("TURBO_REPLAY_LANE", "0")))
    end
  end
end
