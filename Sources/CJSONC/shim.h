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
