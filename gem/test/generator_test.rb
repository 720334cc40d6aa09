require "minitest/autorun"
require "stringio"
require "tmpdir"
require "rails"
require "sprockets/railtie"
require "rails/generators"
require "rails/generators/test_case"
require "generators/turbo_replay/install/install_generator"

# A Rails application for the generator to run in (its config decides Sprockets).
class GeneratorTestApp < Rails::Application
  config.eager_load = false
  config.logger = Logger.new(nil)
end

# rails g turbo_replay:install on the skeletons of a Rails 6.1 app (Sprockets) and of an
# importmap app: what it adds, that a second run changes nothing and says so, and that a file
# the team changed is kept unless asked (a terminal) or forced. `rails new` + the generator +
# the generated test under the runner is gem/test/rails-app.
class GeneratorTest < Rails::Generators::TestCase
  tests TurboReplay::Generators::InstallGenerator
  destination File.join(Dir.tmpdir, "turbo-replay-generator-test")
  setup :prepare_destination

  LAYOUT = <<~ERB.freeze
    <!DOCTYPE html>
    <html>
      <head>
        <title>App</title>
        <%= stylesheet_link_tag 'application', media: 'all' %>
      </head>
      <body><%= yield %></body>
    </html>
  ERB
  STOCK_CASE = <<~RUBY.freeze
    require "test_helper"

    class ApplicationSystemTestCase < ActionDispatch::SystemTestCase
      driven_by :selenium, using: :chrome, screen_size: [1400, 1400]
    end
  RUBY

  def write(path, text)
    file = File.join(destination_root, path)
    FileUtils.mkdir_p(File.dirname(file))
    File.write(file, text)
  end

  def rails61_app
    write("app/views/layouts/application.html.erb", LAYOUT)
    write("config/initializers/assets.rb", "Rails.application.config.assets.version = '1.0'\n")
    write("test/application_system_test_case.rb", STOCK_CASE)
  end

  def snapshot = Dir.glob("**/*", File::FNM_DOTMATCH, base: destination_root).sort
                    .select { File.file?(File.join(destination_root, _1)) }.to_h { [_1, File.read(File.join(destination_root, _1))] }

  def generate(*args)
    original = $stdin
    $stdin = StringIO.new # not a terminal, as in CI: no one to ask
    run_generator(args)
  ensure
    $stdin = original
  end

  def test_a_rails_61_app_gets_the_recorder_the_helper_the_sample_and_its_recordings
    rails61_app
    output = generate
    assert_file "vendor/assets/javascripts/turbo-recorder.js", File.read(TurboReplay::Recorder.source)
    assert_file "config/initializers/assets.rb", /precompile \+= %w\[turbo-recorder.js\]/
    assert_file "app/views/layouts/application.html.erb",
                /<head>\n    <%= javascript_include_tag "turbo-recorder" if Rails.env.test\? %>\n    <title>/
    assert_file "test/turbo_replay_helper.rb", /Capybara.run_server = false\nCapybara.app_host = TurboReplay.app_host!/
    assert_file "test/application_system_test_case.rb",
                /require "test_helper"\nrequire "turbo_replay_helper"\n/,
                /driven_by .*\n.*\n.*\n  include TurboReplay::SystemTest\nend\n\z/
    assert_file "test/system/offline_banner_test.rb", /assert_banner_timeline page, GOLDEN/
    assert_file "test/recordings/offline_banner.expected.jsonl", /"cause":"offline"/
    assert_file "test/recordings/offline_banner.config.json", /"toleranceMs": 600/
    assert_file "test/recordings/.gitignore", "# Each run of the system tests captures its recordings afresh (NAME.jsonl): keep only the\n" \
                                              "# goldens, their configs and known differences.\n*.jsonl\n!*.expected.jsonl\n"
    assert_match(/run the system tests under the real cut: bundle exec turbo-replay-system-test -- bin\/rails test:system/, output)
  end

  def test_run_twice_it_changes_nothing_and_says_so
    rails61_app
    generate
    before = snapshot
    output = generate
    assert_equal before, snapshot
    assert_equal 10, output.scan(/^\s+identical\s/).size, output
    refute_match(/\b(create|insert|append|force|conflict)\b/, output)
  end

  def test_a_changed_file_is_kept_and_said_unless_forced
    rails61_app
    generate
    write("test/system/offline_banner_test.rb", "# ours\n")
    write("test/turbo_replay_helper.rb", "# ours too\n")
    output = generate
    assert_file "test/system/offline_banner_test.rb", "# ours\n"
    assert_file "test/turbo_replay_helper.rb", "# ours too\n"
    assert_match(/kept 2 files you changed \(not a terminal, so not asked\): test\/turbo_replay_helper.rb, test\/system\/offline_banner_test.rb/, output)
    generate("--force")
    assert_file "test/system/offline_banner_test.rb", /class OfflineBannerTest/
  end

  def test_an_importmap_app_pins_the_recorder_imports_it_first_and_enables_it_only_in_tests
    write("app/views/layouts/application.html.erb", LAYOUT)
    write("config/importmap.rb", %(pin "application"\n))
    write("app/javascript/application.js", %(import "@hotwired/turbo-rails"\n))
    generate
    assert_file "vendor/javascript/turbo-recorder.js"
    assert_no_file "vendor/assets/javascripts/turbo-recorder.js"
    assert_file "config/importmap.rb", %(pin "application"\npin "turbo-recorder"\n)
    assert_file "app/javascript/application.js", /\Aimport "turbo-recorder" .*\nimport "@hotwired\/turbo-rails"\n\z/
    assert_file "app/views/layouts/application.html.erb", /<meta name="turbo-recorder-enabled" content="<%= Rails.env.test\? %>">/
    assert_file "test/application_system_test_case.rb", /include TurboReplay::SystemTest/ # made whole: there was none
  end

  def test_without_a_layout_it_says_what_to_add_by_hand_and_does_the_rest
    write("test/application_system_test_case.rb", STOCK_CASE)
    output = generate
    assert_match(%r{missing  app/views/layouts/application.html.erb: not there; add by hand: <%= javascript_include_tag "turbo-recorder"}, output)
    assert_file "test/system/offline_banner_test.rb"
  end
end
