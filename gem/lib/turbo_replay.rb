# The turbo_replay gem: the real cut, the recording, and the golden check for Rails system tests.
require "turbo_replay/network_cut"
require "turbo_replay/capture"
require "turbo_replay/assertions"
