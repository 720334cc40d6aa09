class MessagesController < ApplicationController
  def index; end

  def comments
    render html: %(<turbo-frame id="comments"><p id="comments-loaded">2 comments</p></turbo-frame>).html_safe
  end

  def create
    redirect_to root_path, status: :see_other
  end
end
