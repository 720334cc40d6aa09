// OpenSSL's libcrypto (apt: libssl-dev), for SHA-256 where CryptoKit is not: Linux.
#include <openssl/evp.h>
