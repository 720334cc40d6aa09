require_relative "store"

module TurboReplay
  class Sink
    # The collector's objects in an S3 bucket (under an optional prefix), through the AWS SDK
    # for Ruby (Debian: ruby-aws-sdk-s3). Each object is one PUT, which S3 stores whole or not
    # at all, sent with `If-None-Match: *` so that S3 refuses (412) to replace an object another
    # process wrote first. Every call is bounded: a connection in `open_timeout` seconds, an
    # answer in `read_timeout`, `retries` retries; past them, or on any error S3 answers, the
    # request is a StoreError (503).
    class S3Store < Store
      DEFAULT_CLIENT = { http_open_timeout: 2, http_read_timeout: 5, http_idle_timeout: 5, retry_limit: 1 }.freeze

      attr_reader :bucket, :prefix

      # client: an Aws::S3::Client, or the options to make one (endpoint:, region:,
      # credentials, force_path_style: …), merged over DEFAULT_CLIENT's timeouts.
      def initialize(bucket:, prefix: "", client: {})
        super()
        require "aws-sdk-s3"
        @bucket = bucket
        @prefix = prefix.empty? || prefix.end_with?("/") ? prefix : "#{prefix}/"
        @client = client.is_a?(Hash) ? Aws::S3::Client.new(**DEFAULT_CLIENT.merge(client)) : client
      end

      def read(key)
        guarded(key) { @client.get_object(bucket: @bucket, key: @prefix + key).body.read.force_encoding(Encoding::BINARY) }
      rescue Aws::S3::Errors::NoSuchKey
        nil
      end

      def sizes(prefix)
        guarded(prefix) do
          out = {}
          @client.list_objects_v2(bucket: @bucket, prefix: @prefix + prefix).each do |page|
            page.contents.each { out[_1.key.delete_prefix(@prefix)] = _1.size }
          end
          out.sort.to_h
        end
      end

      def create(key, bytes)
        request = @client.build_request(:put_object, bucket: @bucket, key: @prefix + key, body: bytes)
        request.handle(step: :build, priority: 0) do |context|
          context.http_request.headers["If-None-Match"] = "*"
          @handler.call(context)
        end
        guarded(key) { request.send_request }
        true
      rescue Aws::S3::Errors::PreconditionFailed, Aws::S3::Errors::ConditionalRequestConflict
        false
      end

      private

      def guarded(key)
        yield
      rescue Aws::S3::Errors::NoSuchKey, Aws::S3::Errors::PreconditionFailed, Aws::S3::Errors::ConditionalRequestConflict
        raise
      rescue StandardError => e # S3's errors, the network's, a timeout, missing credentials
        raise StoreError, "S3 s3://#{@bucket}/#{@prefix}#{key}: #{e.class.name.split("::").last}: #{e.message}"
      end
    end
  end
end
