module TurboReplay
  # The browser the system tests drive: headless Chromium and its chromedriver, found as
  # CHROMIUM and CHROMEDRIVER say, else on PATH; and a fresh tab for every test.
  module Browser
    CHROMIUM_NAMES = %w[chromium chromium-browser google-chrome-stable google-chrome].freeze
    # Headless, and runnable as root in a container or a user namespace (no sandbox of its
    # own: the namespaces are the test's), with nothing of its own on the network.
    ARGUMENTS = %w[--headless=new --no-sandbox --disable-dev-shm-usage --disable-gpu --no-first-run
                   --disable-background-networking].freeze

    class Missing < StandardError; end

    module_function

    def chromium!(env = ENV)
      given = env["CHROMIUM"].to_s
      return given unless given.empty?

      find(CHROMIUM_NAMES, env) || raise(Missing, missing("Chromium", "CHROMIUM", "chromium"))
    end

    def chromedriver!(env = ENV)
      given = env["CHROMEDRIVER"].to_s
      return given unless given.empty?

      find(%w[chromedriver], env) || raise(Missing, missing("chromedriver", "CHROMEDRIVER", "chromium-driver"))
    end

    def find(names, env)
      dirs = env.fetch("PATH", "").split(File::PATH_SEPARATOR)
      names.each do |name|
        dirs.each do |dir|
          path = File.join(dir, name)
          return path if File.file?(path) && File.executable?(path)
        end
      end
      nil
    end

    def missing(what, variable, package)
      "no #{what} on PATH (nor #{variable}): install it (Debian and Ubuntu: apt-get install #{package}) or set #{variable}"
    end

    # Capybara's Selenium options for `driven_by :selenium, using: :headless_chrome`.
    def configure(options, env = ENV)
      options.binary = chromium!(env)
      ARGUMENTS.each { |argument| options.add_argument(argument) }
    end

    # A new tab, and every other closed: sessionStorage belongs to a tab, and the recorder keeps
    # its recording there across a page's loads, so a reused tab carried one test's recording
    # into the next (Capybara clears sessionStorage before it leaves the page, and the leaving
    # page's recorder saves itself back). A new tab starts a new recording.
    def fresh_tab(browser)
      old = browser.window_handles
      browser.switch_to.new_window(:tab)
      fresh = browser.window_handle
      (old - [fresh]).each do |handle|
        browser.switch_to.window(handle)
        browser.close
      end
      browser.switch_to.window(fresh)
    end
  end
end
