require "test_helper"

# The app's release as the layout renders it for the recorder (docs/capturing-recordings.md,
# "The app's release and the session"), from the user agents the two Hotwire Native shells
# make: iOS puts the app's prefix after WebKit's own, Android before the WebView's.
class AppReleaseTest < ActionDispatch::IntegrationTest
  IOS = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 " \
        "MessagesApp/2.3.1 (231); Hotwire Native iOS; Turbo Native iOS; bridge-components: [form]"
  ANDROID = "MessagesApp/2.4.0; Hotwire Native Android; Turbo Native Android; bridge-components: [form]; " \
            "Mozilla/5.0 (Linux; Android 14; Pixel 7 Build/UQ1A.240105.004; wv) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Mobile Safari/537.36"
  BROWSER = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/137.0.0.0 Safari/537.36"

  def release_tags(user_agent)
    get "/", headers: { "User-Agent" => user_agent }
    assert_response :ok
    %w[version build].to_h { [_1, css_select(%(meta[name="turbo-recorder-app-#{_1}"])).first&.[]("content")] }
  end

  test "the shells' user agents give the recorder the app's release, and a browser none" do
    assert_equal({ "version" => "2.3.1", "build" => "231" }, release_tags(IOS))
    assert_equal({ "version" => "2.4.0", "build" => "" }, release_tags(ANDROID)) # no build: the recorder writes none
    assert_equal({ "version" => nil, "build" => nil }, release_tags(BROWSER))
  end
end
