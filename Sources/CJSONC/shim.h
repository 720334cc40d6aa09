// json-c installs its headers under <json-c/…>; pkg-config adds -I/usr/include/json-c,
// so the plain name works on Debian (apt: libjson-c-dev) and Homebrew (brew: json-c) alike.
#include <json.h>
#include <locale.h>
#ifdef __APPLE__
#include <xlocale.h>  // newlocale and uselocale live here on Darwin
#endif

// The C locale object, for the thread that parses: json-c switches to "C" around every parse
// (duplocale, newlocale, freelocale), and from this object glibc makes that switch without
// copying or taking its process-wide locale lock. (LC_ALL_MASK is a macro Swift cannot import.)
static inline locale_t turbo_replay_c_locale(void) {
    return newlocale(LC_ALL_MASK, "C", (locale_t)0);
}

#include <stddef.h>
#if defined(__SSE2__)
#include <emmintrin.h>
#endif

// What a line holds that the reader must look at closer, found in one pass: bit 0, a byte that
// is not ASCII (then its UTF-8 is checked); bit 1, a NUL byte; bit 2, a backslash (which may
// start an escaped NUL). Most lines have none. On x86-64 sixteen bytes go in a vector compare,
// and the last, partial block is read as the line's last sixteen bytes (overlapping), so no
// byte-at-a-time tail is left; elsewhere it goes a byte at a time.
enum { TURBO_REPLAY_NOT_ASCII = 1, TURBO_REPLAY_NUL = 2, TURBO_REPLAY_BACKSLASH = 4 };

static inline unsigned turbo_replay_line_bytes(const unsigned char *bytes, size_t count) {
#if defined(__SSE2__)
    if (count >= 16) {
        const __m128i zero = _mm_setzero_si128(), backslash = _mm_set1_epi8('\\');
        __m128i high = zero, nul = zero, escape = zero;
        size_t offset = 0;
        for (;;) {
            __m128i block = _mm_loadu_si128((const __m128i *)(bytes + offset));
            high = _mm_or_si128(high, block);
            nul = _mm_or_si128(nul, _mm_cmpeq_epi8(block, zero));
            escape = _mm_or_si128(escape, _mm_cmpeq_epi8(block, backslash));
            if (offset + 16 == count) break;
            offset = offset + 32 <= count ? offset + 16 : count - 16;
        }
        return (_mm_movemask_epi8(high) ? TURBO_REPLAY_NOT_ASCII : 0) | (_mm_movemask_epi8(nul) ? TURBO_REPLAY_NUL : 0)
            | (_mm_movemask_epi8(escape) ? TURBO_REPLAY_BACKSLASH : 0);
    }
#endif
    unsigned flags = 0;
    for (size_t offset = 0; offset < count; offset++) {
        unsigned char byte = bytes[offset];
        flags |= (byte >= 0x80 ? TURBO_REPLAY_NOT_ASCII : 0) | (byte == 0 ? TURBO_REPLAY_NUL : 0)
            | (byte == '\\' ? TURBO_REPLAY_BACKSLASH : 0);
    }
    return flags;
}
