require "minitest/autorun"
require "turbo_replay/privilege"

# Which cut this process can make: root's named namespaces need CAP_SYS_ADMIN and
# CAP_NET_ADMIN; the user namespace is probed by making what the runner makes.
class PrivilegeTest < Minitest::Test
  Privilege = TurboReplay::Privilege
  ALL = (1 << 41) - 1
  Status = Struct.new(:ok) do
    def success? = ok
    def exitstatus = ok ? 0 : 1
  end

  def test_capabilities_are_read_from_proc_status
    assert_equal 0x1fffeffffff, Privilege.capabilities("Name:\truby\nCapEff:\t000001fffeffffff\n")
  end

  def test_root_needs_both_capabilities
    assert_nil Privilege.root_reason(euid: 0, caps: ALL)
    assert_equal "not root (uid 1000)", Privilege.root_reason(euid: 1000, caps: ALL)
    assert_equal "root without CAP_SYS_ADMIN", Privilege.root_reason(euid: 0, caps: ALL & ~(1 << 21))
    assert_equal "root without CAP_SYS_ADMIN and CAP_NET_ADMIN", Privilege.root_reason(euid: 0, caps: ALL & ~(1 << 21) & ~(1 << 12))
  end

  def test_the_user_namespace_probe_makes_a_tmpfs_and_a_veth_and_says_why_it_failed
    asked = nil
    ok = Privilege.userns_reason(run: ->(*command) { asked = command; ["", Status.new(true)] })
    assert_nil ok
    assert_equal %w[unshare --user --map-root-user --net --mount sh -c], asked.first(7)
    assert_includes asked.last, "mount -t tmpfs"
    assert_includes asked.last, "type veth"
    reason = Privilege.userns_reason(run: ->(*) { ["\nunshare: unshare failed: Operation not permitted\n", Status.new(false)] })
    assert_equal "unshare --user --map-root-user --net --mount: unshare: unshare failed: Operation not permitted", reason
    assert_equal "no unshare command (util-linux)", Privilege.userns_reason(run: ->(*) { raise Errno::ENOENT })
  end

  def test_the_message_is_one_line_with_what_was_tried_what_is_missing_and_how_to_get_it
    message = Privilege.unavailable_message("not root (uid 1000)", "unshare …: Operation not permitted")
    refute_includes message, "\n"
    ["Tried: network namespaces as root (not root (uid 1000)) and a user namespace (unshare …: Operation not permitted)",
     "Missing: root with CAP_SYS_ADMIN and CAP_NET_ADMIN, or unprivileged user namespaces",
     "GitHub Actions: sudo", "docker run --privileged", "--cap-add NET_ADMIN", "kernel.unprivileged_userns_clone=1",
     "kernel.apparmor_restrict_unprivileged_userns=0", "--cut emulated"].each { assert_includes message, _1 }
  end
end
