/* The json-c floor: what any reader built on json-c must pay per line, and nothing more.
 * Reads FILE with getline, parses each line with one reused strict tokener
 * (json_tokener_parse_ex), reads "type", frees the object. Prints how many lines had a
 * string "type" so the work cannot be optimised away.
 *
 *   cc -O2 -o floor bench/floor.c $(pkg-config --cflags --libs json-c)
 *   ./floor FILE               the floor as first defined
 *   ./floor --c-locale FILE    the same with the thread on the C locale object, as
 *                              turbo-replay's reader runs: json-c switches the locale around
 *                              every parse, and from that object glibc does it without a copy
 *                              or its process-wide lock (about a sixth of the floor's work)
 *   ./floor --c-locale --no-utf8-check FILE
 *                              for reference: json-c's parse alone, without its UTF-8 check
 *                              (a sixth of a parse), which turbo-replay's reader replaces with
 *                              its own, stricter one; the floor above still pays it
 */
#define _GNU_SOURCE
#include <locale.h>
#include <json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

int main(int argc, char **argv) {
    int c_locale = argc >= 3 && strcmp(argv[1], "--c-locale") == 0;
    int no_utf8_check = c_locale && argc == 4 && strcmp(argv[2], "--no-utf8-check") == 0;
    if (argc != 2 + c_locale + no_utf8_check) {
        fprintf(stderr, "usage: floor [--c-locale [--no-utf8-check]] FILE\n");
        return 64;
    }
    const char *path = argv[argc - 1];
    if (c_locale) uselocale(newlocale(LC_ALL_MASK, "C", (locale_t)0));
    FILE *file = fopen(path, "rb");
    if (!file) {
        perror(path);
        return 66;
    }
    struct json_tokener *tokener = json_tokener_new_ex(32);
    json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | (no_utf8_check ? 0 : JSON_TOKENER_VALIDATE_UTF8));
    char *line = NULL;
    size_t capacity = 0;
    ssize_t length;
    long typed = 0;
    while ((length = getline(&line, &capacity, file)) != -1) {
        json_tokener_reset(tokener);
        struct json_object *object = json_tokener_parse_ex(tokener, line, (int)length);
        if (!object) continue;
        struct json_object *type;
        if (json_object_object_get_ex(object, "type", &type) && json_object_get_type(type) == json_type_string)
            typed += json_object_get_string(type)[0] != 0;
        json_object_put(object);
    }
    free(line);
    json_tokener_free(tokener);
    fclose(file);
    printf("%ld\n", typed);
    return 0;
}
