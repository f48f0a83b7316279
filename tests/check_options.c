/* check_options.c - the engine option table (engine/options.c) that USI, XBoard and the command
 * line read: rows in id order, found by name and USI name, values checked against the table's
 * range by engine_set_option, and a bad value leaves the engine as it was. */
#include <string.h>

#include "../engine/engine.h"
#include "../engine/options.h"
#include "testutil.h"

START_TEST(options_table_rows) {
    for (int i = 0; i < EOPT_COUNT; i++) {
        const EngineOption *o = &engine_options[i];
        ck_assert_int_eq(o->id, i);
        ck_assert_ptr_eq(engine_option_find(o->name), o);
        if (o->usi_name) ck_assert_ptr_eq(engine_option_find(o->usi_name), o);
        if (o->type != EOPT_GAME) ck_assert(o->min <= o->def && o->def <= o->max);
    }
    ck_assert_ptr_eq(engine_option_find("usi_hash"), &engine_options[EOPT_HASH]);
    ck_assert_ptr_eq(engine_option_find("USI_Variant"), &engine_options[EOPT_VARIANT]);
    ck_assert_ptr_null(engine_option_find("EnteringKingRule")); /* a rule option, not the engine's */
    ck_assert_ptr_null(engine_option_find("Hash2"));
    ck_assert_int_eq(engine_options[EOPT_HASH].def, ENGINE_HASH_DEFAULT_MB);
    ck_assert_ptr_eq(engine_option_for_xboard(EOPT_XB_MEMORY), &engine_options[EOPT_HASH]);
    ck_assert_ptr_eq(engine_option_for_xboard(EOPT_XB_CORES), &engine_options[EOPT_THREADS]);
}
END_TEST

START_TEST(options_values_checked) {
    EngineContext *e = engine_create();
    char err[256], num[32];
    for (int i = 0; i < EOPT_COUNT; i++) {
        const EngineOption *o = &engine_options[i];
        if (o->type == EOPT_SPIN) {
            if (o->id != EOPT_HASH) { /* every size in range is fine but a big one is slow to allocate */
                snprintf(num, sizeof num, "%d", o->max);
                ck_assert_msg(engine_set_option(e, o->name, num, err, sizeof err) == 0, "%s", err);
            }
            snprintf(num, sizeof num, "%d", o->min);
            ck_assert_msg(engine_set_option(e, o->name, num, err, sizeof err) == 0, "%s", err);
            snprintf(num, sizeof num, "%d", o->min - 1);
            ck_assert_int_eq(engine_set_option(e, o->name, num, err, sizeof err), -1);
            ck_assert_msg(strstr(err, o->name) && strstr(err, "must be"), "%s", err);
            snprintf(num, sizeof num, "%d", o->max + 1);
            ck_assert_int_eq(engine_set_option(e, o->name, num, err, sizeof err), -1);
            ck_assert_int_eq(engine_set_option(e, o->name, "12x", err, sizeof err), -1);
            ck_assert_int_eq(engine_set_option(e, o->name, "", err, sizeof err), -1);
        } else if (o->type == EOPT_CHECK) {
            ck_assert_int_eq(engine_set_option(e, o->name, "false", err, sizeof err), 0);
            ck_assert_int_eq(engine_set_option(e, o->name, "TRUE", err, sizeof err), 0);
            ck_assert_int_eq(engine_set_option(e, o->name, "maybe", err, sizeof err), -1);
            ck_assert_msg(strstr(err, "takes true or false"), "%s", err);
        }
    }
    ck_assert_int_eq(engine_set_option(e, "UCI_Variant", "micro", err, sizeof err), 0);
    ck_assert_str_eq(engine_variant(e)->name, "micro");
    ck_assert_int_eq(engine_set_option(e, "UCI_Variant", "chess", err, sizeof err), -1);
    ck_assert_str_eq(engine_variant(e)->name, "micro");
    /* a rule option still reaches the game's rules through the same entry point */
    ck_assert_int_eq(engine_set_option(e, "MicroDeadDrops", "false", err, sizeof err), 0);
    ck_assert_int_eq(engine_set_option(e, "NoSuchOption", "1", err, sizeof err), -1);
    engine_destroy(e);
}
END_TEST

Suite *suite_options(void) {
    Suite *s = suite_create("options");
    TCase *tc = tcase_create("options");
    tcase_add_test(tc, options_table_rows);
    tcase_add_test(tc, options_values_checked);
    suite_add_tcase(s, tc);
    return s;
}
