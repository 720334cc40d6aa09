require "minitest/autorun"
require "turbo_replay/lane"
require "turbo_replay/network_cut"

# Names and addresses come from the run (the runner's pid) and the lane (0 for the runner's,
# worker + 1 for a parallel worker's): two runs never share a name, two lanes never an address.
class LaneTest < Minitest::Test
  Lane = TurboReplay::Lane

  def test_names_and_addresses_of_a_lane
    lane = Lane.new(run: 12_345, number: 2)
    assert_equal %w[trp-12345-s trp-12345-b2 trb2 trs2], [lane.server_ns, lane.browser_ns, lane.veth_browser, lane.veth_server]
    assert_equal %w[10.248.57.9 10.248.57.10], [lane.server_addr, lane.browser_addr]
  end

  def test_every_lane_of_a_run_has_its_own_slash_30_and_names
    lanes = (0...Lane::MAX_LANES).map { Lane.new(run: 4242, number: _1) }
    addresses = lanes.flat_map { [_1.server_addr, _1.browser_addr] }
    assert_equal addresses.uniq, addresses
    assert(addresses.all? { _1.split(".").map(&:to_i).all? { |octet| (0..255).cover?(octet) } })
    assert_equal lanes.size, lanes.map(&:browser_ns).uniq.size
    assert_equal ["10.216.146.1", "10.216.146.254"], [lanes.first.server_addr, lanes.last.browser_addr]
  end

  def test_two_runs_never_share_a_namespace
    assert_empty [Lane.new(run: 7, number: 0).browser_ns, Lane.server_ns(7)] & [Lane.new(run: 77, number: 0).browser_ns, Lane.server_ns(77)]
  end

  def test_out_of_range_is_refused
    assert_raises(ArgumentError) { Lane.new(run: 1, number: 64) }
    assert_raises(ArgumentError) { Lane.new(run: 0, number: 0) }
  end

  def test_a_lane_round_trips_through_the_environment
    lane = Lane.new(run: 99, number: 3)
    assert_equal lane, Lane.from_env(lane.to_env)
    assert_nil Lane.from_env({})
  end

  def test_runs_are_told_apart_and_only_dead_ones_are_stale
    names = %w[trp-12-s trp-12-b0 trp-12-b1 trp-99-s turbo-e2e-5-b trp-x-s]
    assert_equal({ 12 => %w[trp-12-s trp-12-b0 trp-12-b1], 99 => %w[trp-99-s] }, Lane.runs_in(names))
    assert_equal({ 99 => %w[trp-99-s] }, TurboReplay::NetworkCut.stale_runs(names, alive: ->(pid) { pid == 12 }))
    assert_equal %w[trp-12-s trp-12-b0 trp-12-b1], Lane.namespaces_of(12, names + %w[trp-123-s])
  end
end
