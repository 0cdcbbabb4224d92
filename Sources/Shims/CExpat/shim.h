// expat, the streaming XML parser behind `tb feed`. Swift calls its API directly.
// Debian's libexpat is built with DTD support; the header shows those functions (billion-laughs limits) only
// when XML_DTD is defined.
#define XML_DTD 1
#include <expat.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

// The event tape: expat's callbacks written down as compact records instead of a call into Swift each. A call from C
// into Swift and back costs more than most of expat's callbacks do, so these callbacks only copy what they are given
// (names, text, attribute values) into one byte buffer and append a record naming ranges of it; Swift reads the
// whole tape after XML_Parse returns (see ExpatTape.swift). It knows nothing of what a document means.

enum {
    TB_EXPAT_START = 1,
    TB_EXPAT_END,
    TB_EXPAT_TEXT,
    TB_EXPAT_COMMENT,
    TB_EXPAT_INSTRUCTION,
    TB_EXPAT_NAMESPACE_START,
    TB_EXPAT_NAMESPACE_END,
    // An element nested deeper than the limit: the parse stops there.
    TB_EXPAT_TOO_DEEP,
};

// One event. `name` is the element name, the text, the comment, the instruction's target or the namespace prefix;
// `value` the instruction's data or the namespace URI. A start tag's attributes are `value_length` entries of the
// attribute list from index `value`. Offsets are into the tape's bytes. Line and column (1-based) only when the
// tape records positions.
typedef struct {
    uint32_t kind;
    uint32_t name;
    uint32_t name_length;
    uint32_t value;
    uint32_t value_length;
    uint32_t column;
    uint64_t line;
} CExpat_event;

typedef struct {
    uint32_t name;
    uint32_t name_length;
    uint32_t value;
    uint32_t value_length;
} CExpat_attribute;

typedef struct {
    XML_Parser parser;
    CExpat_event *events;
    size_t event_count, event_capacity;
    CExpat_attribute *attributes;
    size_t attribute_count, attribute_capacity;
    unsigned char *bytes;
    size_t byte_count, byte_capacity;
    // Whether each event gets its line and column (expat counts them on request: not free).
    int positions;
    // Open elements, and the most allowed (0: any); past it the parse stops, since expat keeps every open element.
    long depth, max_depth;
    int too_deep;
    // The length of each open element's name, by depth: an end tag's name is its start tag's, so it is not measured
    // again.
    uint32_t *lengths;
    size_t length_capacity;
    // Memory ran out: the parse was stopped.
    int out_of_memory;
    // Past this many bytes or events the parse is suspended (XML_StopParser, resumable) at the next tag so that Swift
    // reads the tape and empties it; past `suspend_text_bytes` in the middle of text too: an entity expanding to
    // megabytes of text does not make the tape hold them all. (Text is cut only then: expat, resumed inside an
    // entity's text, reports a later position for an error in it, such as the amplification limit.)
    size_t suspend_bytes, suspend_events, suspend_text_bytes;
} CExpat_tape;

// Grows a buffer to hold `needed` items of `size` bytes; a new one starts with room for `first`, so that a tape that
// is suspended when it holds that much never grows (and never holds twice what it needs).
static inline int CExpat_grow(void **buffer, size_t *capacity, size_t needed, size_t size, size_t first) {
    if (needed <= *capacity) return 1;
    size_t capacity_now = *capacity ? *capacity : first;
    while (capacity_now < needed) capacity_now *= 2;
    void *grown = realloc(*buffer, capacity_now * size);
    if (!grown) return 0;
    *buffer = grown;
    *capacity = capacity_now;
    return 1;
}

static inline void CExpat_stop(CExpat_tape *tape, int resumable) {
    XML_ParsingStatus status;
    XML_GetParsingStatus(tape->parser, &status);
    if (status.parsing == XML_PARSING) XML_StopParser(tape->parser, resumable ? XML_TRUE : XML_FALSE);
}

static inline void CExpat_out_of_memory(CExpat_tape *tape) {
    tape->out_of_memory = 1;
    CExpat_stop(tape, 0);
}

// Copies `length` bytes to the tape; its offset, or UINT32_MAX when memory ran out.
static inline uint32_t CExpat_copy(CExpat_tape *tape, const void *bytes, size_t length) {
    if (tape->byte_count + length > UINT32_MAX / 2
        || !CExpat_grow((void **)&tape->bytes, &tape->byte_capacity, tape->byte_count + length, 1,
            tape->suspend_bytes + 8192)) {
        CExpat_out_of_memory(tape);
        return UINT32_MAX;
    }
    uint32_t offset = (uint32_t)tape->byte_count;
    if (length) memcpy(tape->bytes + offset, bytes, length);
    tape->byte_count += length;
    return offset;
}

static inline CExpat_event *CExpat_add(CExpat_tape *tape, uint32_t kind) {
    if (tape->out_of_memory) return NULL;
    if (!CExpat_grow((void **)&tape->events, &tape->event_capacity, tape->event_count + 1, sizeof(CExpat_event),
            tape->suspend_events + 64)) {
        CExpat_out_of_memory(tape);
        return NULL;
    }
    CExpat_event *event = &tape->events[tape->event_count++];
    memset(event, 0, sizeof *event);
    event->kind = kind;
    if (tape->positions) {
        event->line = XML_GetCurrentLineNumber(tape->parser);
        event->column = (uint32_t)XML_GetCurrentColumnNumber(tape->parser) + 1;
    }
    return event;
}

// Adds a NUL-terminated string to the tape as the event's name or value.
static inline int CExpat_string(CExpat_tape *tape, const char *text, uint32_t *offset, uint32_t *length) {
    size_t count = text ? strlen(text) : 0;
    uint32_t at = CExpat_copy(tape, text, count);
    if (at == UINT32_MAX) return 0;
    *offset = at;
    *length = (uint32_t)count;
    return 1;
}

static inline void CExpat_check_size(CExpat_tape *tape) {
    if (tape->byte_count >= tape->suspend_bytes || tape->event_count >= tape->suspend_events) CExpat_stop(tape, 1);
}

static inline void CExpat_tape_start(void *data, const XML_Char *name, const XML_Char **attributes) {
    CExpat_tape *tape = data;
    tape->depth += 1;
    if (tape->too_deep || tape->out_of_memory) return;
    if (tape->max_depth > 0 && tape->depth > tape->max_depth) {
        tape->too_deep = 1;
        // Its position is always wanted: it goes into the error message.
        int positions = tape->positions;
        tape->positions = 1;
        CExpat_add(tape, TB_EXPAT_TOO_DEEP);
        tape->positions = positions;
        CExpat_stop(tape, 0);
        return;
    }
    CExpat_event *event = CExpat_add(tape, TB_EXPAT_START);
    if (!event) return;
    uint32_t offset, length;
    if (!CExpat_string(tape, name, &offset, &length)) return;
    if (!CExpat_grow((void **)&tape->lengths, &tape->length_capacity, (size_t)tape->depth, sizeof(uint32_t), 64)) {
        return CExpat_out_of_memory(tape);
    }
    tape->lengths[tape->depth - 1] = length;
    // The event is found again by index: growing the list may have moved it.
    size_t index = tape->event_count - 1;
    size_t first = tape->attribute_count;
    for (size_t at = 0; attributes && attributes[at]; at += 2) {
        CExpat_attribute attribute;
        if (!CExpat_string(tape, attributes[at], &attribute.name, &attribute.name_length)) return;
        if (!CExpat_string(tape, attributes[at + 1], &attribute.value, &attribute.value_length)) return;
        if (!CExpat_grow((void **)&tape->attributes, &tape->attribute_capacity, tape->attribute_count + 1,
                sizeof(CExpat_attribute), 256)) {
            return CExpat_out_of_memory(tape);
        }
        tape->attributes[tape->attribute_count++] = attribute;
    }
    event = &tape->events[index];
    event->name = offset;
    event->name_length = length;
    event->value = (uint32_t)first;
    event->value_length = (uint32_t)(tape->attribute_count - first);
    CExpat_check_size(tape);
}

static inline void CExpat_tape_end(void *data, const XML_Char *name) {
    CExpat_tape *tape = data;
    tape->depth -= 1;
    // The end of an empty element past the depth limit may still come after the stop.
    if (tape->too_deep || tape->out_of_memory) return;
    CExpat_event *event = CExpat_add(tape, TB_EXPAT_END);
    if (!event) return;
    size_t index = tape->event_count - 1;
    uint32_t length = (size_t)tape->depth < tape->length_capacity ? tape->lengths[tape->depth] : (uint32_t)strlen(name);
    uint32_t offset = CExpat_copy(tape, name, length);
    if (offset == UINT32_MAX) return;
    tape->events[index].name = offset;
    tape->events[index].name_length = length;
    // Where the document goes on after the end tag, in `value` (low half) and `value_length` (high half), which an
    // end tag does not use otherwise: a reader that keeps the text after the last whole element needs it.
    uint64_t end = (uint64_t)(XML_GetCurrentByteIndex(tape->parser) + XML_GetCurrentByteCount(tape->parser));
    tape->events[index].value = (uint32_t)end;
    tape->events[index].value_length = (uint32_t)(end >> 32);
    CExpat_check_size(tape);
}

// Text right after text joins it: expat cuts text at every line end and entity, and one event for the run is
// cheaper to read. The run keeps the position of its first piece.
static inline void CExpat_tape_text(void *data, const XML_Char *text, int length) {
    CExpat_tape *tape = data;
    if (length <= 0 || tape->out_of_memory) return;
    CExpat_event *last = tape->event_count ? &tape->events[tape->event_count - 1] : NULL;
    if (!last || last->kind != TB_EXPAT_TEXT || last->name + last->name_length != tape->byte_count) {
        if (!CExpat_add(tape, TB_EXPAT_TEXT)) return;
        tape->events[tape->event_count - 1].name = (uint32_t)tape->byte_count;
    }
    // Most text between tags is a line end or a little indentation, each a callback of its own: a call to memcpy
    // for those costs more than the bytes.
    if (length <= 16 && tape->byte_count + (size_t)length <= tape->byte_capacity) {
        unsigned char *to = tape->bytes + tape->byte_count;
        for (int index = 0; index < length; index++) to[index] = (unsigned char)text[index];
        tape->byte_count += (size_t)length;
    } else if (CExpat_copy(tape, text, (size_t)length) == UINT32_MAX) {
        return;
    }
    tape->events[tape->event_count - 1].name_length += (uint32_t)length;
    if (tape->byte_count >= tape->suspend_text_bytes) CExpat_stop(tape, 1);
}

// A reference to an entity no declaration defines (the document has an external DTD it might be in, so expat
// skips it instead of failing) is kept as the text it was, `&name;`. References in attribute values and parameter
// entities are skipped without a call.
static inline void CExpat_tape_skipped(void *data, const XML_Char *name, int is_parameter_entity) {
    if (is_parameter_entity || !name) return;
    CExpat_tape_text(data, "&", 1);
    CExpat_tape_text(data, name, (int)strlen(name));
    CExpat_tape_text(data, ";", 1);
}

static inline void CExpat_tape_comment(void *data, const XML_Char *text) {
    CExpat_tape *tape = data;
    if (!CExpat_add(tape, TB_EXPAT_COMMENT)) return;
    size_t index = tape->event_count - 1;
    uint32_t offset, length;
    if (!CExpat_string(tape, text, &offset, &length)) return;
    tape->events[index].name = offset;
    tape->events[index].name_length = length;
    CExpat_check_size(tape);
}

static inline void CExpat_tape_pair(CExpat_tape *tape, uint32_t kind, const XML_Char *name, const XML_Char *value) {
    if (!CExpat_add(tape, kind)) return;
    size_t index = tape->event_count - 1;
    uint32_t name_offset, name_length, value_offset = 0, value_length = 0;
    if (!CExpat_string(tape, name, &name_offset, &name_length)) return;
    if (value && !CExpat_string(tape, value, &value_offset, &value_length)) return;
    CExpat_event *event = &tape->events[index];
    event->name = name_offset;
    event->name_length = name_length;
    event->value = value_offset;
    event->value_length = value_length;
    CExpat_check_size(tape);
}

static inline void CExpat_tape_instruction(void *data, const XML_Char *target, const XML_Char *text) {
    CExpat_tape_pair(data, TB_EXPAT_INSTRUCTION, target, text ? text : "");
}

static inline void CExpat_tape_namespace_start(void *data, const XML_Char *prefix, const XML_Char *uri) {
    CExpat_tape_pair(data, TB_EXPAT_NAMESPACE_START, prefix, uri ? uri : "");
}

static inline void CExpat_tape_namespace_end(void *data, const XML_Char *prefix) {
    CExpat_tape_pair(data, TB_EXPAT_NAMESPACE_END, prefix, NULL);
}

// Makes expat write its events to `tape` (the parser's user data from now on).
static inline void CExpat_tape_install(CExpat_tape *tape, XML_Parser parser, int namespaces) {
    tape->parser = parser;
    XML_SetUserData(parser, tape);
    XML_SetElementHandler(parser, CExpat_tape_start, CExpat_tape_end);
    XML_SetCharacterDataHandler(parser, CExpat_tape_text);
    XML_SetCommentHandler(parser, CExpat_tape_comment);
    XML_SetProcessingInstructionHandler(parser, CExpat_tape_instruction);
    XML_SetSkippedEntityHandler(parser, CExpat_tape_skipped);
    if (namespaces) XML_SetNamespaceDeclHandler(parser, CExpat_tape_namespace_start, CExpat_tape_namespace_end);
}

// Forgets the events read; the buffers are kept for the next ones.
static inline void CExpat_tape_clear(CExpat_tape *tape) {
    tape->event_count = 0;
    tape->attribute_count = 0;
    tape->byte_count = 0;
}

static inline void CExpat_tape_free(CExpat_tape *tape) {
    free(tape->lengths);
    tape->lengths = NULL;
    tape->length_capacity = 0;
    free(tape->events);
    free(tape->attributes);
    free(tape->bytes);
    tape->events = NULL;
    tape->attributes = NULL;
    tape->bytes = NULL;
    tape->event_capacity = tape->attribute_capacity = tape->byte_capacity = 0;
    CExpat_tape_clear(tape);
}
