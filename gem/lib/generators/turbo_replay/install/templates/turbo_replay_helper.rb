# Written by `rails g turbo_replay:install`; yours to change.
#
# The system tests run under turbo-replay-system-test (bundle exec turbo-replay-system-test --
# bin/rails test:system). It starts the app's server with `-e test` in a network namespace of
# its own and these tests in another, joined by a link it can cut, and says where the server
# answers: TURBO_REPLAY_APP_HOST. So Capybara starts no server here (one here would sit on the
# browser's side of the cut) and points at that one. The tests and the server are two processes:
# a record a test creates here is not seen by the server; prepare data through the server (its
# seeds, a request) or a database both open.
require "turbo_replay/system_test"

Capybara.run_server = false
Capybara.app_host = TurboReplay.app_host!
