/*
 * soft_margin_glpk.c -- an implementation in C of the soft-margin LP, checked by refboost-check.
 *
 * Part of refboost's conformance kit (refboost/conformance/examples/ in the source tree and in the
 * installed package). It reads one instance folder of the kit's family soft_margin_lp (U.csv and the
 * parameter nu of instance.json), solves Glocer's (2009) soft-margin LP (2.3) with GLPK,
 *
 *     min_{d, gamma} gamma  s.t.  sum_n d_n U[n, q] <= gamma (every column q),
 *                                 sum_n d_n = 1,  0 <= d_n <= 1/nu,
 *
 * and writes the optimal distribution d (N numbers, one per row of U) and the optimal weights w
 * (K numbers, one per column of U: the multipliers of the column constraints, which solve the
 * w-domain LP (2.2)) as the candidate files <instance>.distribution.csv and <instance>.weights.csv,
 * one number per line with %.17g. refboost-check then certifies the pair against the kit.
 *
 * Needs a C99 compiler and GLPK (Debian/Ubuntu: apt-get install libglpk-dev). Compile and run over
 * every soft_margin_lp instance of the kit:
 *
 *     gcc -O2 -std=c99 soft_margin_glpk.c -lglpk -o soft_margin_glpk
 *     kit=$(refboost-check --path)/soft_margin_lp
 *     mkdir -p out
 *     for name in $(ls "$kit"); do ./soft_margin_glpk "$kit/$name" out || break; done
 *     refboost-check soft-margin-lp --batch out
 *
 * Usage: soft_margin_glpk INSTANCE_DIR OUT_DIR [NU]
 *   (NU overrides the nu read from INSTANCE_DIR/instance.json.) Exit status 0 on success, 1 on an
 *   error (unreadable files, a bad nu, a solver failure), 2 on a usage error.
 *
 * GLPK's floating-point simplex (glp_simplex) finds an optimal basis; glp_exact then re-solves from
 * that basis in exact rational arithmetic, so the printed d and w are the exact basic solution
 * rounded once to double. Compiled with -DBREAK, the program moves 1e-3 of the weight onto the
 * column with the smallest edge under d -- a deliberately wrong candidate that refboost-check must
 * reject (the test tests/test_kit_c_example.py checks both builds).
 */
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <glpk.h>

static void die(const char *what, const char *detail)
{
    fprintf(stderr, "soft_margin_glpk: %s%s%s\n", what, detail ? ": " : "", detail ? detail : "");
    exit(1);
}

/* The whole file as a NUL-terminated string. */
static char *read_file(const char *path)
{
    FILE *f = fopen(path, "rb");
    if (!f) die("cannot open", path);
    size_t cap = 1 << 16, len = 0;
    char *buf = malloc(cap);
    if (!buf) die("out of memory", NULL);
    size_t got;
    while ((got = fread(buf + len, 1, cap - len - 1, f)) > 0) {
        len += got;
        if (len + 1 == cap) {
            cap *= 2;
            buf = realloc(buf, cap);
            if (!buf) die("out of memory", NULL);
        }
    }
    fclose(f);
    buf[len] = '\0';
    return buf;
}

/* U.csv: N rows of K comma-separated numbers. Returns U row-major (U[n * K + q]). */
static double *read_U(const char *path, int *N, int *K)
{
    char *text = read_file(path);
    size_t cap = 1024, count = 0;
    double *U = malloc(cap * sizeof *U);
    if (!U) die("out of memory", NULL);
    int rows = 0, cols = -1;
    char *p = text;
    while (*p) {
        char *eol = strchr(p, '\n');
        if (eol) *eol = '\0';
        int c = 0;
        char *s = p;
        while (*s && isspace((unsigned char)*s)) s++;
        if (*s) {
            for (;;) {
                char *end;
                errno = 0;
                double v = strtod(s, &end);
                if (end == s || errno == ERANGE) die("U.csv holds a value that is not a number", path);
                if (count == cap) {
                    cap *= 2;
                    U = realloc(U, cap * sizeof *U);
                    if (!U) die("out of memory", NULL);
                }
                U[count++] = v;
                c++;
                s = end;
                while (*s == ' ' || *s == '\t' || *s == '\r') s++;
                if (*s == ',') { s++; continue; }
                if (*s == '\0') break;
                die("U.csv: expected a comma or the end of the line", path);
            }
            if (cols < 0) cols = c;
            else if (c != cols) die("U.csv: rows of different lengths", path);
            rows++;
        }
        if (!eol) break;
        p = eol + 1;
    }
    free(text);
    if (rows == 0 || cols <= 0) die("U.csv holds no numbers", path);
    *N = rows;
    *K = cols;
    return U;
}

/* The number after "nu": inside "params" of instance.json (the kit writes plain JSON numbers). */
static double read_nu(const char *path)
{
    char *text = read_file(path);
    char *p = strstr(text, "\"params\"");
    if (p) p = strstr(p, "\"nu\"");
    if (!p) die("no \"nu\" in the \"params\" of", path);
    p += 4;
    while (isspace((unsigned char)*p)) p++;
    if (*p != ':') die("malformed \"nu\" in", path);
    p++;
    char *end;
    double nu = strtod(p, &end);
    if (end == p) die("\"nu\" is not a number in", path);
    free(text);
    return nu;
}

static void write_vector(const char *dir, const char *name, const char *suffix, const double *x, int n)
{
    size_t len = strlen(dir) + strlen(name) + strlen(suffix) + 2;
    char *path = malloc(len);
    if (!path) die("out of memory", NULL);
    snprintf(path, len, "%s/%s%s", dir, name, suffix);
    FILE *f = fopen(path, "w");
    if (!f) die("cannot write", path);
    for (int i = 0; i < n; i++) fprintf(f, "%.17g\n", x[i]);
    if (fclose(f) != 0) die("cannot write", path);
    free(path);
}

int main(int argc, char **argv)
{
    if (argc < 3 || argc > 4) {
        fprintf(stderr, "usage: %s INSTANCE_DIR OUT_DIR [NU]\n", argv[0]);
        return 2;
    }
    /* the instance's name: the last component of INSTANCE_DIR (trailing slashes dropped) */
    size_t dlen = strlen(argv[1]);
    char *dir = malloc(dlen + 1);
    if (!dir) die("out of memory", NULL);
    memcpy(dir, argv[1], dlen + 1);
    while (dlen > 1 && dir[dlen - 1] == '/') dir[--dlen] = '\0';
    const char *name = strrchr(dir, '/') ? strrchr(dir, '/') + 1 : dir;

    size_t plen = dlen + 32;
    char *path = malloc(plen);
    if (!path) die("out of memory", NULL);
    int N, K;
    snprintf(path, plen, "%s/U.csv", dir);
    double *U = read_U(path, &N, &K);
    double nu;
    if (argc == 4) {
        char *end;
        nu = strtod(argv[3], &end);
        if (end == argv[3] || *end) {
            fprintf(stderr, "soft_margin_glpk: NU must be a number in [1, N], got %s\n", argv[3]);
            return 2;
        }
    } else {
        snprintf(path, plen, "%s/instance.json", dir);
        nu = read_nu(path);
    }
    if (!(nu >= 1.0 && nu <= (double)N)) {
        fprintf(stderr, "soft_margin_glpk: nu must be in [1, N] = [1, %d], got %.17g\n", N, nu);
        return 1;
    }

    /* LP (2.3): columns d_1..d_N, gamma; rows: one per column q of U, then sum d = 1. */
    glp_term_out(GLP_OFF);
    glp_prob *lp = glp_create_prob();
    glp_set_obj_dir(lp, GLP_MIN);
    glp_add_cols(lp, N + 1);
    for (int n = 1; n <= N; n++) glp_set_col_bnds(lp, n, GLP_DB, 0.0, 1.0 / nu);
    glp_set_col_bnds(lp, N + 1, GLP_FR, 0.0, 0.0);
    glp_set_obj_coef(lp, N + 1, 1.0);
    glp_add_rows(lp, K + 1);
    for (int q = 1; q <= K; q++) glp_set_row_bnds(lp, q, GLP_UP, 0.0, 0.0);
    glp_set_row_bnds(lp, K + 1, GLP_FX, 1.0, 1.0);

    size_t cap = (size_t)N * K + K + N + 1;
    int *ia = malloc(cap * sizeof *ia), *ja = malloc(cap * sizeof *ja);
    double *ar = malloc(cap * sizeof *ar);
    if (!ia || !ja || !ar) die("out of memory", NULL);
    int nz = 0;
    for (int q = 0; q < K; q++) {
        for (int n = 0; n < N; n++) {
            double u = U[(size_t)n * K + q];
            if (u != 0.0) { nz++; ia[nz] = q + 1; ja[nz] = n + 1; ar[nz] = u; }
        }
        nz++; ia[nz] = q + 1; ja[nz] = N + 1; ar[nz] = -1.0;
    }
    for (int n = 0; n < N; n++) { nz++; ia[nz] = K + 1; ja[nz] = n + 1; ar[nz] = 1.0; }
    glp_load_matrix(lp, nz, ia, ja, ar);

    glp_smcp parm;
    glp_init_smcp(&parm);
    parm.msg_lev = GLP_MSG_ERR;
    int rc = glp_simplex(lp, &parm);
    if (rc != 0) die("glp_simplex failed", name);
    rc = glp_exact(lp, &parm);
    if (rc != 0 || glp_get_status(lp) != GLP_OPT) die("glp_exact did not reach an optimal basis", name);

    double *d = malloc(N * sizeof *d), *w = malloc(K * sizeof *w);
    if (!d || !w) die("out of memory", NULL);
    for (int n = 0; n < N; n++) d[n] = glp_get_col_prim(lp, n + 1);
    /* w_q: the multiplier of column q's constraint (GLPK's row dual of a <= row of a minimisation is <= 0) */
    for (int q = 0; q < K; q++) {
        double v = -glp_get_row_dual(lp, q + 1);
        w[q] = v > 0.0 ? v : 0.0;
    }
#ifdef BREAK
    {   /* deliberately wrong: 1e-3 of the weight onto the column with the smallest edge sum_n d_n U[n, q] */
        int worst = 0;
        double low = INFINITY;
        for (int q = 0; q < K; q++) {
            double e = 0.0;
            for (int n = 0; n < N; n++) e += d[n] * U[(size_t)n * K + q];
            if (e < low) { low = e; worst = q; }
        }
        for (int q = 0; q < K; q++) w[q] *= 1.0 - 1e-3;
        w[worst] += 1e-3;
    }
#endif
    write_vector(argv[2], name, ".distribution.csv", d, N);
    write_vector(argv[2], name, ".weights.csv", w, K);

    glp_delete_prob(lp);
    free(d); free(w); free(ia); free(ja); free(ar); free(U); free(path); free(dir);
    return 0;
}
