module TurboReplay
  class Sink
    # One mutex per session (or native log) in use, made when a request for it comes and
    # dropped when the last one ends: requests for one session are taken one at a time (so a
    # batch and its repeat never both write), requests for different sessions never wait for
    # each other, and nothing else of the app waits for any of them. The map itself is guarded
    # by a mutex held only to find or drop an entry, never during storage.
    class SessionLocks
      def initialize
        @guard = Mutex.new
        @locks = {}
      end

      def synchronize(name)
        entry = @guard.synchronize do
          slot = (@locks[name] ||= [Mutex.new, 0])
          slot[1] += 1
          slot
        end
        entry[0].synchronize { yield }
      ensure
        if entry
          @guard.synchronize do
            entry[1] -= 1
            @locks.delete(name) if entry[1].zero?
          end
        end
      end

      def size
        @guard.synchronize { @locks.size }
      end
    end
  end
end
