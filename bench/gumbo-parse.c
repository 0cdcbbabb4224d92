/* bench/html.sh's floor of gumbo, the HTML5 parser tb html used before its own: parses FILE with gumbo and
   nothing else (max_errors 0, as tb sets it), then prints how many nodes the document's root has. */
#include <gumbo.h>
#include <stdio.h>
#include <stdlib.h>

int main(int argc, char **argv) {
    if (argc != 2) return 64;
    FILE *file = fopen(argv[1], "rb");
    if (!file) return 66;
    fseek(file, 0, SEEK_END);
    long size = ftell(file);
    fseek(file, 0, SEEK_SET);
    char *text = malloc(size + 1);
    if (!text || fread(text, 1, size, file) != (size_t)size) return 74;
    GumboOptions options = kGumboDefaultOptions;
    options.max_errors = 0;
    GumboOutput *output = gumbo_parse_with_options(&options, text, size);
    printf("%u children of the document\n", output->document->v.document.children.length);
    return 0;
}
