require "open3"

module TurboReplay
  # Which real cut this process can make, and why not when it cannot.
  #
  # * As root with CAP_SYS_ADMIN and CAP_NET_ADMIN: named network namespaces (`ip netns`).
  # * Without them: a user namespace (`unshare --user --map-root-user --net --mount`), in which
  #   the process is root over namespaces of its own, where the kernel allows unprivileged user
  #   namespaces. The probe makes what the runner will make (a tmpfs for /run/netns, a veth
  #   pair), so a kernel that allows the namespace but not a veth in it is found here too.
  module Privilege
    CAP_NET_ADMIN = 12
    CAP_SYS_ADMIN = 21
    USERNS = %w[unshare --user --map-root-user --net --mount].freeze
    PROBE = "mount -t tmpfs turbo-replay /run && ip link add trp-probe0 type veth peer name trp-probe1".freeze

    module_function

    # The effective capabilities of this process, as a bit set.
    def capabilities(status = File.read("/proc/self/status"))
      status[/^CapEff:\s*(\h+)/, 1].to_s.to_i(16)
    end

    # Why named namespaces cannot be made as this process, or nil when they can.
    def root_reason(euid: Process.euid, caps: capabilities)
      return "not root (uid #{euid})" unless euid.zero?

      missing = { "CAP_SYS_ADMIN" => CAP_SYS_ADMIN, "CAP_NET_ADMIN" => CAP_NET_ADMIN }.reject { |_, bit| caps[bit] == 1 }.keys
      missing.empty? ? nil : "root without #{missing.join(' and ')}"
    end

    # Why a user namespace with a veth pair cannot be made, or nil when it can.
    def userns_reason(run: ->(*command) { Open3.capture2e(*command) })
      out, status = run.call(*USERNS, "sh", "-c", PROBE)
      return nil if status.success?

      first = out.lines.map(&:strip).reject(&:empty?).first || "exit #{status.exitstatus}"
      "#{USERNS.join(' ')}: #{first}"
    rescue Errno::ENOENT
      "no unshare command (util-linux)"
    end

    # The one line the runner stops with when neither works.
    def unavailable_message(root_reason, userns_reason)
      "cannot cut the network here. Tried: network namespaces as root (#{root_reason}) and a user namespace " \
        "(#{userns_reason}). Missing: root with CAP_SYS_ADMIN and CAP_NET_ADMIN, or unprivileged user namespaces. " \
        "To get it: run as root (GitHub Actions: sudo; Docker: docker run --privileged, or --cap-add SYS_ADMIN " \
        "--cap-add NET_ADMIN with --security-opt seccomp=unconfined --security-opt apparmor=unconfined), or allow user " \
        "namespaces (sysctl kernel.unprivileged_userns_clone=1, user.max_user_namespaces above 0; Ubuntu 24.04: " \
        "sysctl kernel.apparmor_restrict_unprivileged_userns=0). --cut emulated runs with DevTools emulation instead, " \
        "which is not a real cut."
    end
  end
end
