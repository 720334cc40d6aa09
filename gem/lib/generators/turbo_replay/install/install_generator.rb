require "rails/generators"
require "turbo_replay/recorder"

module TurboReplay
  module Generators
    # rails g turbo_replay:install — what a team would otherwise copy by hand: the recorder,
    # wired into the layout for the test environment only (Sprockets or Propshaft as a classic
    # script, or an importmap pin); the system tests' helper; a sample system test, its golden
    # and its config; and test/recordings/ with a .gitignore for the captures.
    #
    # Run twice, it changes nothing and says so. A file you changed is never overwritten
    # without asking: in a terminal Rails asks; anywhere else (CI, a script) it is kept and
    # said, unless --force.
    class InstallGenerator < Rails::Generators::Base
      source_root File.expand_path("templates", __dir__)
      desc "Sets a Rails app's system tests up to run under turbo-replay-system-test's real network cut"

      def recorder
        if importmap?
          copy_file Recorder.source, "vendor/javascript/turbo-recorder.js", **keep_changes
          add_once "config/importmap.rb", %(pin "turbo-recorder"\n), before: /\z/
          add_once "app/javascript/application.js", %(import "turbo-recorder" // first: it listens before Turbo starts\n),
                   after: /\A/
          add_once layout, %(    <meta name="turbo-recorder-enabled" content="<%= Rails.env.test? %>">\n), after: /<head>\n/
        else
          copy_file Recorder.source, "vendor/assets/javascripts/turbo-recorder.js", **keep_changes
          precompile_recorder if sprockets?
          add_once layout, %(    <%= javascript_include_tag "turbo-recorder" if Rails.env.test? %>\n), after: /<head>\n/
        end
      end

      def system_test_helper
        copy_file "turbo_replay_helper.rb", "test/turbo_replay_helper.rb", **keep_changes
        case_file = "test/application_system_test_case.rb"
        unless File.exist?(app_file(case_file))
          copy_file "application_system_test_case.rb", case_file, **keep_changes
          return
        end
        add_once case_file, %(require "turbo_replay_helper"\n), after: /require "test_helper"\n/
        add_once case_file, INCLUDE, before: /^end\s*\z/
      end

      def sample_test
        copy_file "offline_banner_test.rb", "test/system/offline_banner_test.rb", **keep_changes
        copy_file "offline_banner.expected.jsonl", "test/recordings/offline_banner.expected.jsonl", **keep_changes
        copy_file "offline_banner.config.json", "test/recordings/offline_banner.config.json", **keep_changes
        copy_file "recordings.gitignore", "test/recordings/.gitignore", **keep_changes
      end

      def next_steps
        kept = Array(@kept)
        unless kept.empty?
          say "turbo_replay: kept #{kept.size} file#{'s' if kept.size != 1} you changed (not a terminal, so not asked): " \
              "#{kept.join(', ')}; run again in a terminal to be asked, or with --force to overwrite"
        end
        say "turbo_replay: run the system tests under the real cut: bundle exec turbo-replay-system-test -- bin/rails test:system"
      end

      INCLUDE = <<-RUBY.freeze
  # turbo_replay: headless Chromium (it replaces a driven_by above), a fresh tab per test, the
  # network restored after each, a lane of its own per parallel worker, assert_banner_timeline.
  include TurboReplay::SystemTest
      RUBY

      private

      def importmap? = File.exist?(app_file("config/importmap.rb"))

      def sprockets? = defined?(Sprockets::Railtie) && Rails.application.config.assets.respond_to?(:precompile)

      # Sprockets serves only the assets it was told to: Sprockets 3 reads this list (and 4 too,
      # beside app/assets/config/manifest.js).
      def precompile_recorder
        line = "Rails.application.config.assets.precompile += %w[turbo-recorder.js] # turbo_replay's recorder, for the tests\n"
        path = "config/initializers/assets.rb"
        File.exist?(app_file(path)) ? add_once(path, line, before: /\z/) : create_file(path, line)
      end

      def layout = "app/views/layouts/application.html.erb"

      # Adds `text` to `path` once, where the anchor says: already there, it says so and changes
      # nothing; a file or an anchor that is not there is said, for a person to add it by hand.
      def add_once(path, text, **anchor)
        file = app_file(path)
        return say_status(:missing, "#{path}: not there; add by hand: #{text.strip}", :red) unless File.exist?(file)

        content = File.read(file)
        return say_status(:identical, path, :blue) if content.include?(text)

        pattern = anchor[:after] || anchor[:before]
        return say_status(:missing, "#{path}: no #{pattern.inspect} to add it at; add by hand: #{text.strip}", :red) unless content.match?(pattern)

        insert_into_file path, text, **anchor
      end

      def app_file(path) = File.join(destination_root, path)

      # Thor asks before overwriting a file that differs, and takes no answer (standard input
      # at its end, as in CI) for yes: outside a terminal, a file that differs is kept instead.
      def keep_changes
        return {} if $stdin.tty? || options[:force]

        { skip: true }
      end

      # Thor's own conflict check, noting what was kept for the summary.
      def copy_file(source, destination, *args, **config, &block)
        note_kept(destination, File.read(File.expand_path(source, self.class.source_root))) if config[:skip]
        super
      end

      def note_kept(destination, content)
        path = app_file(destination)
        (@kept ||= []) << destination if File.exist?(path) && File.binread(path) != content.b
      end
    end
  end
end
