# No Bundler: the app runs on Debian's system gems (ruby-rails, puma, ruby-capybara,
# ruby-selenium-webdriver), which is what `rails new --skip-bundle` leaves a CI image with.
