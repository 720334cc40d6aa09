#if canImport(CryptoKit)
import CryptoKit
import Foundation
#else
import CLibCrypto
#endif

/// SHA-256, as the collector names every part and file by it: CryptoKit's on Apple's platforms,
/// OpenSSL's libcrypto on Linux, never written out here. Streaming: a file is hashed part by
/// part as it is read, never held whole.
public final class SHA256 {
    #if canImport(CryptoKit)
    private var hasher = CryptoKit.SHA256()
    #else
    private let context: OpaquePointer
    #endif

    public init() {
        #if canImport(CryptoKit)
        #else
        // Allocation fails only when memory is gone; there is nothing to hash with then.
        guard let context = EVP_MD_CTX_new(), EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            fatalError("libcrypto could not start a SHA-256 digest")
        }
        self.context = context
        #endif
    }

    #if !canImport(CryptoKit)
    deinit { EVP_MD_CTX_free(context) }
    #endif

    public func update(_ bytes: some Collection<UInt8>) {
        let bytes = Array(bytes)
        #if canImport(CryptoKit)
        hasher.update(data: bytes)
        #else
        bytes.withUnsafeBytes { raw in _ = EVP_DigestUpdate(context, raw.baseAddress, raw.count) }
        #endif
    }

    /// The digest as 64 lowercase hex digits.
    public func finish() -> String {
        #if canImport(CryptoKit)
        let digest = Array(hasher.finalize())
        #else
        var digest = [UInt8](repeating: 0, count: 32)
        var length: UInt32 = 0
        EVP_DigestFinal_ex(context, &digest, &length)
        #endif
        return digest.map { byte in
            let digits = String(byte, radix: 16)
            return byte < 16 ? "0" + digits : digits
        }.joined()
    }

    /// The hex digest of `bytes`.
    public static func hex(_ bytes: some Collection<UInt8>) -> String {
        let hash = SHA256()
        hash.update(bytes)
        return hash.finish()
    }
}
