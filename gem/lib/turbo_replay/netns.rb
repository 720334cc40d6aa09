require "fiddle"

module TurboReplay
  # Moves the calling thread into a named network namespace (/run/netns/NAME), as
  # `ip netns exec` would move a new process. setns(2) moves only the calling thread, and a
  # process or thread it starts afterwards inherits its namespace: a test worker calls it from
  # its main thread before the browser starts, so chromedriver and Chromium live there and
  # Selenium reaches chromedriver on that namespace's own loopback.
  module Netns
    CLONE_NEWNET = 0x40000000

    class Error < StandardError; end

    module_function

    def enter!(name)
      File.open(File.join("/run/netns", name)) do |file|
        next if setns.call(file.fileno, CLONE_NEWNET).zero?

        raise Error, "setns into network namespace #{name} failed: #{SystemCallError.new(Fiddle.last_error).message}"
      end
    end

    def setns
      @setns ||= Fiddle::Function.new(Fiddle.dlopen(nil)["setns"], [Fiddle::TYPE_INT, Fiddle::TYPE_INT], Fiddle::TYPE_INT)
    end
  end
end
