// json-c installs its headers under <json-c/…>; pkg-config adds -I/usr/include/json-c,
// so the plain name works on Debian (apt: libjson-c-dev) and Homebrew (brew: json-c) alike.
#include <json.h>
