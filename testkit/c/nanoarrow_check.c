// nanoarrow_check FILE: reads one Arrow IPC stream with nanoarrow's IPC reader (the C library, vendored in
// nanoarrow/, see nanoarrow/README.md), validates every batch fully and prints one JSON line the Java test
// (io.arrowfile.interop.nanoarrow) compares with Spark's own numbers:
//
//   {"fields":[{"name":"id","format":"l"},...],"batches":3,"rows":10,
//    "columns":[{"nonNull":10,"sum":45},{"nonNull":9,"bytes":27},{"nonNull":10},...]}
//
// "sum" (wrapping, as Spark's sum of a long column does not) is given for integer columns, "bytes" (the UTF-8
// length of the non-null values) for utf8 and dictionary<utf8> columns, "trues" for boolean columns: values that
// Spark computes independently of our reader. Any nanoarrow error goes to stderr, with a non-zero exit.

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "nanoarrow/nanoarrow.h"
#include "nanoarrow/nanoarrow_ipc.h"

enum Kind { KIND_OTHER, KIND_INT, KIND_BOOL, KIND_UTF8, KIND_DICT_UTF8 };

struct Column {
  enum Kind kind;
  int64_t non_null;
  // unsigned, so that a wrapping sum is defined behaviour; printed as the two's complement int64 Java has
  uint64_t sum;
  int64_t bytes;
  int64_t trues;
};

static int IsStringFormat(const char* format) {
  return strcmp(format, "u") == 0 || strcmp(format, "U") == 0 || strcmp(format, "vu") == 0;
}

static enum Kind KindOf(const struct ArrowSchema* field) {
  const char* f = field->format;
  if (field->dictionary != NULL) {
    return IsStringFormat(field->dictionary->format) ? KIND_DICT_UTF8 : KIND_OTHER;
  }
  if (strcmp(f, "l") == 0 || strcmp(f, "i") == 0 || strcmp(f, "s") == 0 || strcmp(f, "c") == 0) {
    return KIND_INT;
  }
  if (strcmp(f, "b") == 0) return KIND_BOOL;
  if (IsStringFormat(f)) return KIND_UTF8;
  return KIND_OTHER;
}

static void PrintJsonString(const char* s) {
  putchar('"');
  for (const unsigned char* p = (const unsigned char*)s; *p; p++) {
    if (*p == '"' || *p == '\\') {
      printf("\\%c", *p);
    } else if (*p < 0x20) {
      printf("\\u%04x", *p);
    } else {
      putchar(*p);
    }
  }
  putchar('"');
}

static void Accumulate(struct Column* col, const struct ArrowArrayView* view) {
  for (int64_t i = 0; i < view->length; i++) {
    if (ArrowArrayViewIsNull(view, i)) continue;
    col->non_null++;
    switch (col->kind) {
      case KIND_INT:
        col->sum += (uint64_t)ArrowArrayViewGetIntUnsafe(view, i);
        break;
      case KIND_BOOL:
        col->trues += ArrowArrayViewGetIntUnsafe(view, i) != 0;
        break;
      case KIND_UTF8:
        col->bytes += ArrowArrayViewGetStringUnsafe(view, i).size_bytes;
        break;
      case KIND_DICT_UTF8: {
        int64_t key = ArrowArrayViewGetIntUnsafe(view, i);
        col->bytes += ArrowArrayViewGetStringUnsafe(view->dictionary, key).size_bytes;
        break;
      }
      default:
        break;
    }
  }
}

static int Fail(const char* what, int code, const struct ArrowError* error) {
  fprintf(stderr, "nanoarrow_check: %s failed (%s): %s\n", what, strerror(code), error->message);
  return 1;
}

int main(int argc, char** argv) {
  if (argc != 2) {
    fprintf(stderr, "usage: %s STREAM_FILE\n", argv[0]);
    return 2;
  }
  FILE* file = fopen(argv[1], "rb");
  if (file == NULL) {
    fprintf(stderr, "nanoarrow_check: cannot open %s: %s\n", argv[1], strerror(errno));
    return 1;
  }

  struct ArrowError error;
  memset(&error, 0, sizeof(error));
  struct ArrowIpcInputStream input;
  int code = ArrowIpcInputStreamInitFile(&input, file, 1);
  if (code != NANOARROW_OK) {
    fclose(file);
    return Fail("ArrowIpcInputStreamInitFile", code, &error);
  }
  struct ArrowArrayStream stream;
  code = ArrowIpcArrayStreamReaderInit(&stream, &input, NULL);
  if (code != NANOARROW_OK) {
    input.release(&input);
    return Fail("ArrowIpcArrayStreamReaderInit", code, &error);
  }

  struct ArrowSchema schema;
  code = ArrowArrayStreamGetSchema(&stream, &schema, &error);
  if (code != NANOARROW_OK) return Fail("reading the schema", code, &error);

  struct ArrowArrayView view;
  code = ArrowArrayViewInitFromSchema(&view, &schema, &error);
  if (code != NANOARROW_OK) return Fail("ArrowArrayViewInitFromSchema", code, &error);

  int64_t n_fields = schema.n_children;
  struct Column* columns = (struct Column*)calloc((size_t)(n_fields > 0 ? n_fields : 1), sizeof(struct Column));
  if (columns == NULL) return Fail("calloc", ENOMEM, &error);
  for (int64_t c = 0; c < n_fields; c++) {
    columns[c].kind = KindOf(schema.children[c]);
  }

  int64_t batches = 0;
  int64_t rows = 0;
  for (;;) {
    struct ArrowArray batch;
    code = ArrowArrayStreamGetNext(&stream, &batch, &error);
    if (code != NANOARROW_OK) return Fail("reading a batch", code, &error);
    if (batch.release == NULL) break;
    code = ArrowArrayViewSetArray(&view, &batch, &error);
    if (code != NANOARROW_OK) return Fail("ArrowArrayViewSetArray", code, &error);
    // FULL also checks offsets, UTF-8 and dictionary keys against what the buffers hold
    code = ArrowArrayViewValidate(&view, NANOARROW_VALIDATION_LEVEL_FULL, &error);
    if (code != NANOARROW_OK) {
      fprintf(stderr, "nanoarrow_check: batch %" PRId64 " does not validate\n", batches);
      return Fail("ArrowArrayViewValidate(FULL)", code, &error);
    }
    for (int64_t c = 0; c < n_fields; c++) {
      Accumulate(&columns[c], view.children[c]);
    }
    batches++;
    rows += batch.length;
    batch.release(&batch);
  }

  printf("{\"fields\":[");
  for (int64_t c = 0; c < n_fields; c++) {
    printf(c == 0 ? "{\"name\":" : ",{\"name\":");
    PrintJsonString(schema.children[c]->name == NULL ? "" : schema.children[c]->name);
    printf(",\"format\":");
    PrintJsonString(schema.children[c]->format);
    if (schema.children[c]->dictionary != NULL) {
      printf(",\"dictionary\":");
      PrintJsonString(schema.children[c]->dictionary->format);
    }
    putchar('}');
  }
  printf("],\"batches\":%" PRId64 ",\"rows\":%" PRId64 ",\"columns\":[", batches, rows);
  for (int64_t c = 0; c < n_fields; c++) {
    printf("%s{\"nonNull\":%" PRId64, c == 0 ? "" : ",", columns[c].non_null);
    switch (columns[c].kind) {
      case KIND_INT:
        printf(",\"sum\":%" PRId64, (int64_t)columns[c].sum);
        break;
      case KIND_BOOL:
        printf(",\"trues\":%" PRId64, columns[c].trues);
        break;
      case KIND_UTF8:
      case KIND_DICT_UTF8:
        printf(",\"bytes\":%" PRId64, columns[c].bytes);
        break;
      default:
        break;
    }
    putchar('}');
  }
  printf("]}\n");

  free(columns);
  ArrowArrayViewReset(&view);
  ArrowSchemaRelease(&schema);
  ArrowArrayStreamRelease(&stream);
  return fflush(stdout) == 0 ? 0 : 1;
}
