// Prints every symbol reference and definition that the compiler's index store records for source files below a
// folder, one per line: USR, file, line, column, roles (hex), name (tab-separated). Scripts/check-availability.sh builds and runs it; the
// index store is what `swift build` writes for each source file it compiles (.build/<triple>/debug/index/store).
//
//   index-references STORE-PATH SOURCE-ROOT
#include <indexstore/indexstore.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

typedef struct {
    indexstore_t store;
    const char *root;
    size_t root_length;
    char main_file[4096];
} walk_context;

static void print_ref(indexstore_string_ref_t ref) { fwrite(ref.data, 1, ref.length, stdout); }

/// Says on standard error that `what` named `name` could not be read, and frees `error`.
static void report(const char *what, const char *name, indexstore_error_t error) {
    fprintf(stderr, "cannot read %s %s: %s\n", what, name, indexstore_error_get_description(error));
    indexstore_error_dispose(error);
}

static bool print_occurrence(void *context, indexstore_occurrence_t occurrence) {
    const char *file = context;
    indexstore_symbol_role_t roles = indexstore_occurrence_get_roles(occurrence);
    if (!(roles & (INDEXSTORE_SYMBOL_ROLE_REFERENCE | INDEXSTORE_SYMBOL_ROLE_DEFINITION))) return true;
    indexstore_symbol_t symbol = indexstore_occurrence_get_symbol(occurrence);
    unsigned line = 0, column = 0;
    indexstore_occurrence_get_line_col(occurrence, &line, &column);
    print_ref(indexstore_symbol_get_usr(symbol));
    printf("\t%s\t%u\t%u\t%llx\t", file, line, column, (unsigned long long)roles);
    print_ref(indexstore_symbol_get_name(symbol));
    putchar('\n');
    return true;
}

static bool read_dependency(void *raw, indexstore_unit_dependency_t dependency) {
    walk_context *context = raw;
    if (indexstore_unit_dependency_get_kind(dependency) != INDEXSTORE_UNIT_DEPENDENCY_RECORD) return true;
    indexstore_string_ref_t path = indexstore_unit_dependency_get_filepath(dependency);
    if (path.length < context->root_length || strncmp(path.data, context->root, context->root_length) != 0) return true;
    indexstore_string_ref_t name = indexstore_unit_dependency_get_name(dependency);
    char record[1024], file[4096];
    snprintf(record, sizeof record, "%.*s", (int)name.length, name.data);
    snprintf(file, sizeof file, "%.*s", (int)path.length, path.data);
    indexstore_error_t error = NULL;
    indexstore_record_reader_t reader = indexstore_record_reader_create(context->store, record, &error);
    if (!reader) {
        report("record", record, error);
        return true;
    }
    indexstore_record_reader_occurrences_apply_f(reader, file, print_occurrence);
    indexstore_record_reader_dispose(reader);
    return true;
}

static bool read_unit(void *raw, indexstore_string_ref_t unit_name) {
    walk_context *context = raw;
    char name[1024];
    snprintf(name, sizeof name, "%.*s", (int)unit_name.length, unit_name.data);
    indexstore_error_t error = NULL;
    indexstore_unit_reader_t reader = indexstore_unit_reader_create(context->store, name, &error);
    if (!reader) {
        report("unit", name, error);
        return true;
    }
    if (!indexstore_unit_reader_is_system_unit(reader)) {
        indexstore_unit_reader_dependencies_apply_f(reader, context, read_dependency);
    }
    indexstore_unit_reader_dispose(reader);
    return true;
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr, "usage: %s STORE-PATH SOURCE-ROOT\n", argv[0]);
        return 2;
    }
    indexstore_error_t error = NULL;
    indexstore_t store = indexstore_store_create(argv[1], &error);
    if (!store) {
        fprintf(stderr, "cannot open index store %s: %s\n", argv[1], indexstore_error_get_description(error));
        return 1;
    }
    walk_context context = {.store = store, .root = argv[2], .root_length = strlen(argv[2])};
    indexstore_store_units_apply_f(store, 0, &context, read_unit);
    indexstore_store_dispose(store);
    return 0;
}
