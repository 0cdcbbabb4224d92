/* bench/feed.sh's floor: expat alone, as tb feed drives it — namespaces on, FILE read in pieces of 128 KB through
   zlib (gzread reads gzip and plain files alike, as tb inflates gzip on the fly), with handlers that do nothing but
   count the start tags and the characters — then prints the counts. What tb feed adds on top of this is its own. */
#include <expat.h>
#include <stdio.h>
#include <zlib.h>

static unsigned long elements, characters;

static void XMLCALL start(void *data, const XML_Char *name, const XML_Char **attributes) {
    (void)data; (void)name; (void)attributes;
    elements++;
}

static void XMLCALL end(void *data, const XML_Char *name) {
    (void)data; (void)name;
}

static void XMLCALL text(void *data, const XML_Char *bytes, int count) {
    (void)data; (void)bytes;
    characters += (unsigned long)count;
}

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    gzFile file = gzopen(argv[1], "rb");
    if (!file) return 66;
    gzbuffer(file, 128 * 1024);
    XML_Parser parser = XML_ParserCreateNS(NULL, ' ');
    if (!parser) return 70;
    XML_SetElementHandler(parser, start, end);
    XML_SetCharacterDataHandler(parser, text);
    static char buffer[128 * 1024];
    for (;;) {
        int count = gzread(file, buffer, sizeof buffer);
        if (count < 0) return 74;
        if (XML_Parse(parser, buffer, count, count == 0) == XML_STATUS_ERROR) {
            fprintf(stderr, "expat-parse: %s at line %lu\n", XML_ErrorString(XML_GetErrorCode(parser)),
                    XML_GetCurrentLineNumber(parser));
            return 65;
        }
        if (count == 0) break;
    }
    printf("%lu elements, %lu characters\n", elements, characters);
    XML_ParserFree(parser);
    gzclose(file);
    return 0;
}
