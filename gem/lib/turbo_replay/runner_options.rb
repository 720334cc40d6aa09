# The options of bin/turbo-replay-system-test: its own come before `--` (or before the first
# word that is not an option), and everything after is the test command, untouched. A
# `--port` in the test command is the command's: the runner never looks past `--`.
module TurboReplay
  module RunnerOptions
    USAGE = "usage: turbo-replay-system-test [--port N] [--cut auto|root|userns|emulated] -- COMMAND..."
    CUTS = %w[auto root userns emulated].freeze

    # A usage error: the runner says it and exits 64.
    class UsageError < StandardError; end

    Parsed = Struct.new(:port, :cut, :command, :help, keyword_init: true)

    # The runner's options and the test command from `argv` (not changed).
    def self.parse(argv)
      args = argv.dup
      port = "3000"
      cut = "auto"
      until args.empty?
        word = args.first
        if word == "--"
          args.shift
          break
        end
        break unless word.start_with?("-")
        args.shift
        case word
        when "-h", "--help" then return Parsed.new(port: port, cut: cut, command: [], help: true)
        when "--port" then port = port_value(args.shift)
        when /\A--port=(.*)\z/m then port = port_value(Regexp.last_match(1))
        when "--cut" then cut = cut_value(args.shift)
        when /\A--cut=(.*)\z/m then cut = cut_value(Regexp.last_match(1))
        else raise UsageError, "unknown option #{word}; see --help"
        end
      end
      raise UsageError, USAGE if args.empty?
      Parsed.new(port: port, cut: cut, command: args, help: false)
    end

    def self.cut_value(value)
      raise UsageError, "--cut needs a value; see --help" if value.nil?
      raise UsageError, "--cut takes #{CUTS.join(', ')} (got '#{value}')" unless CUTS.include?(value)

      value
    end

    def self.port_value(value)
      raise UsageError, "--port needs a value; see --help" if value.nil?
      unless value.match?(/\A[0-9]{1,5}\z/) && (1..65_535).cover?(value.to_i)
        raise UsageError, "--port takes a TCP port, 1 to 65535 (got '#{value}')"
      end
      value.to_i.to_s
    end
  end
end
