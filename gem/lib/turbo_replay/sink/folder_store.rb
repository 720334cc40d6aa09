require "fileutils"
require "securerandom"
require_relative "store"

module TurboReplay
  class Sink
    # The collector's objects as files under a folder, each written whole and at once: the
    # bytes go to a temporary file made with O_EXCL in the object's own folder (its name
    # starts with a dot; readers skip those), are flushed to the disk (fsync), and the file is
    # then linked to its final name. link(2), unlike rename(2), fails when the name exists, so
    # a racing writer in another process cannot replace an object; the temporary name is
    # removed whatever happens, and the folder is fsynced so the new name survives a crash.
    # A full disk, a missing permission or any other failure is a StoreError; the object is
    # then not there at all.
    class FolderStore < Store
      attr_reader :root

      def initialize(root)
        super()
        @root = File.expand_path(root.to_s)
      end

      def read(key)
        File.binread(path(key))
      rescue Errno::ENOENT
        nil
      rescue SystemCallError, IOError => e
        raise StoreError, "cannot read #{key}: #{e.message}"
      end

      def sizes(prefix)
        folder = path(prefix)
        Dir.children(folder).reject { _1.start_with?(".") }.sort.to_h do |name|
          ["#{prefix}#{name}", File.size(File.join(folder, name))]
        end
      rescue Errno::ENOENT
        {}
      rescue SystemCallError, IOError => e
        raise StoreError, "cannot list #{prefix}: #{e.message}"
      end

      def create(key, bytes)
        final = path(key)
        folder = File.dirname(final)
        FileUtils.mkdir_p(folder, mode: 0o700)
        temporary = File.join(folder, ".#{File.basename(final)}.#{SecureRandom.hex(8)}.tmp")
        begin
          File.open(temporary, File::WRONLY | File::CREAT | File::EXCL | File::BINARY, 0o600) do |file|
            file.write(bytes)
            file.flush
            file.fsync
          end
          begin
            File.link(temporary, final)
          rescue Errno::EEXIST
            return false
          end
        ensure
          begin
            File.unlink(temporary)
          rescue Errno::ENOENT
            nil # never made: O_EXCL or the open itself failed
          end
        end
        sync_folder(folder)
        true
      rescue SystemCallError, IOError => e
        raise StoreError, "cannot write #{key}: #{e.message}"
      end

      private

      def path(key)
        File.join(@root, key)
      end

      def sync_folder(folder)
        File.open(folder, File::RDONLY) { _1.fsync }
      rescue Errno::EINVAL, Errno::EISDIR
        nil # a file system that cannot fsync a folder
      end
    end
  end
end
