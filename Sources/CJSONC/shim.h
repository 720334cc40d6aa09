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

// How many bytes from the start of `bytes` are ASCII, counted in whole blocks of sixteen, each
// judged by one vector compare: the reader's UTF-8 check runs over every byte of every line
// and skips these first. (Swift's generic SIMD compares lane by lane here; elsewhere than
// x86-64 this says 0 and the check goes eight bytes a step.)
static inline size_t turbo_replay_ascii_blocks(const unsigned char *bytes, size_t count) {
    size_t offset = 0;
#if defined(__SSE2__)
    while (offset + 16 <= count && _mm_movemask_epi8(_mm_loadu_si128((const __m128i *)(bytes + offset))) == 0) offset += 16;
#endif
    return offset;
}
