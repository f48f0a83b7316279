/* check_piecenames.c - the record and diagram names of every piece (PieceDef kif/csa/glyph). */
#include <string.h>

#include "testutil.h"

/* Every piece of every game has a KIF name and a glyph; KIF names are unique within a game
 * (the record readers map a name back to one type); a game has CSA codes for all or none. */
START_TEST(test_names_complete) {
    for (const Variant *const *v = variant_list(); *v; v++) {
        int with_csa = 0;
        for (int i = 0; i < (*v)->piece_count; i++) {
            const PieceDef *p = &(*v)->pieces[i];
            ck_assert_msg(p->kif && *p->kif, "%s %s: no kif name", (*v)->name, p->symbol);
            ck_assert_msg(p->glyph && *p->glyph, "%s %s: no glyph", (*v)->name, p->symbol);
            with_csa += p->csa != NULL;
            if (p->csa) ck_assert_uint_eq(strlen(p->csa), 2);
            for (int j = 0; j < i; j++)
                ck_assert_msg(strcmp(p->kif, (*v)->pieces[j].kif) != 0, "%s: kif name %s twice", (*v)->name, p->kif);
        }
        ck_assert_msg(with_csa == 0 || with_csa == (*v)->piece_count, "%s: partial CSA codes", (*v)->name);
    }
}
END_TEST

START_TEST(test_shogi_names) {
    const Variant *v = variant_find("shogi");
    ck_assert_str_eq(v->pieces[variant_type_of(v, "+R") - 1].kif, "龍");
    ck_assert_str_eq(v->pieces[variant_type_of(v, "+S") - 1].csa, "NG");
    ck_assert_str_eq(v->pieces[variant_type_of(v, "+L") - 1].glyph, "杏");
    ck_assert_ptr_null(variant_find("chu")->pieces[0].csa);
}
END_TEST

Suite *suite_piecenames(void) {
    Suite *s = suite_create("piecenames");
    TCase *tc = tcase_create("names");
    tcase_add_test(tc, test_names_complete);
    tcase_add_test(tc, test_shogi_names);
    suite_add_tcase(s, tc);
    return s;
}
