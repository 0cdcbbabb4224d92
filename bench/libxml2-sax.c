/* bench/html.sh's floor of libxml2's streaming HTML parser, the one --parser libxml2 --stream uses: parses FILE in
   pieces of 128 KB (as tb reads files) through htmlParseChunk with SAX handlers that do nothing but count the start
   tags and the characters, so that libxml2 builds no tree, then prints the counts. */
#include <libxml/HTMLparser.h>
#include <stdio.h>
#include <string.h>

static unsigned long elements, characters;

static void start(void *context, const xmlChar *name, const xmlChar **attributes) {
    (void)context; (void)name; (void)attributes;
    elements++;
}

static void text(void *context, const xmlChar *bytes, int count) {
    (void)context; (void)bytes;
    characters += (unsigned long)count;
}

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    FILE *file = fopen(argv[1], "rb");
    if (!file) return 66;
    htmlSAXHandler handler;
    memset(&handler, 0, sizeof handler);
    handler.startElement = start;
    handler.characters = text;
    htmlParserCtxtPtr parser = htmlCreatePushParserCtxt(&handler, NULL, NULL, 0, NULL, XML_CHAR_ENCODING_UTF8);
    if (!parser) return 70;
    htmlCtxtUseOptions(parser, HTML_PARSE_NOERROR | HTML_PARSE_NOWARNING | HTML_PARSE_NONET | HTML_PARSE_COMPACT);
    static char piece[1 << 17];
    size_t count;
    while ((count = fread(piece, 1, sizeof piece, file)) > 0) htmlParseChunk(parser, piece, (int)count, 0);
    htmlParseChunk(parser, piece, 0, 1);
    htmlFreeParserCtxt(parser);
    printf("%lu start tags, %lu bytes of text\n", elements, characters);
    return 0;
}
