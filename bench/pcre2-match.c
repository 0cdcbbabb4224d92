/* bench/regex.sh's floor: PCRE2 alone, as tb regex drives it — the pattern compiled with tb's options (UTF-8 with
   Unicode properties, invalid UTF-8 never matching, ^ and $ at every line: PCRE2_UTF | PCRE2_UCP |
   PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE; (?i) and such come inside the pattern) and JIT-compiled, then
   pcre2_jit_match in a loop over the whole FILE, mapped in memory, from each match's end (after an empty match, from
   the same place with PCRE2_NOTEMPTY_ATSTART, as tb does) — then prints the lines in which a match starts and the
   matches ("LINES MATCHES", tb regex -c's lines and matches). What tb regex adds on top of this is its own: reading in
   pieces of bounded memory (and partial matching at their ends), gzip, directories, threads, records. No -F, -w, -x,
   --lines, -v, no JIT stack or match limits (the JIT's defaults): what the benchmark's patterns do not need. */
#define PCRE2_CODE_UNIT_WIDTH 8
#include <fcntl.h>
#include <pcre2.h>
#include <stdio.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: pcre2-match PATTERN FILE\n");
        return 64;
    }
    int descriptor = open(argv[2], O_RDONLY);
    struct stat status;
    if (descriptor < 0 || fstat(descriptor, &status) != 0) return 66;
    size_t length = (size_t)status.st_size;
    /* An empty file cannot be mapped; PCRE2 still wants a valid pointer. */
    const unsigned char *subject = (const unsigned char *)"";
    if (length > 0) {
        void *mapped = mmap(NULL, length, PROT_READ, MAP_PRIVATE | MAP_POPULATE, descriptor, 0);
        if (mapped == MAP_FAILED) return 74;
        madvise(mapped, length, MADV_SEQUENTIAL);
        subject = mapped;
    }

    int error;
    PCRE2_SIZE errorOffset;
    pcre2_code *code = pcre2_compile((PCRE2_SPTR)argv[1], PCRE2_ZERO_TERMINATED,
                                     PCRE2_UTF | PCRE2_UCP | PCRE2_MATCH_INVALID_UTF | PCRE2_MULTILINE, &error,
                                     &errorOffset, NULL);
    if (!code) {
        PCRE2_UCHAR message[256];
        pcre2_get_error_message(error, message, sizeof message);
        fprintf(stderr, "pcre2-match: %s at offset %zu of the pattern\n", (char *)message, (size_t)errorOffset);
        return 65;
    }
    if (pcre2_jit_compile(code, PCRE2_JIT_COMPLETE) != 0) {
        fprintf(stderr, "pcre2-match: the JIT cannot compile the pattern\n");
        return 70;
    }
    pcre2_match_data *data = pcre2_match_data_create_from_pattern(code, NULL);
    if (!data) return 70;
    PCRE2_SIZE *ovector = pcre2_get_ovector_pointer(data);

    unsigned long lines = 0, matches = 0;
    /* Where the line of the last counted match start ends (after its \n): a match starting there or later starts in a
       new line. */
    size_t lineEnd = 0;
    size_t offset = 0;
    uint32_t options = 0;
    for (;;) {
        int result = pcre2_jit_match(code, subject, length, offset, options, data, NULL);
        if (result == PCRE2_ERROR_NOMATCH) break;
        if (result < 0) {
            PCRE2_UCHAR message[256];
            pcre2_get_error_message(result, message, sizeof message);
            fprintf(stderr, "pcre2-match: %s at offset %zu\n", (char *)message, offset);
            return 70;
        }
        size_t start = ovector[0], end = ovector[1];
        /* No line follows the last \n: an empty match there is none, as in tb, grep and rg. */
        if (start == end && start == length && (length == 0 || subject[length - 1] == '\n')) break;
        matches++;
        if (start >= lineEnd) {
            lines++;
            const unsigned char *newline = memchr(subject + start, '\n', length - start);
            lineEnd = newline ? (size_t)(newline - subject) + 1 : length + 1;
        }
        if (start == end && end == length) break;
        offset = end;
        options = start == end ? PCRE2_NOTEMPTY_ATSTART : 0;
    }
    printf("%lu %lu\n", lines, matches);
    pcre2_match_data_free(data);
    pcre2_code_free(code);
    return 0;
}
