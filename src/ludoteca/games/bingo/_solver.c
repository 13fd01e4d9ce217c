/* Exact Bingo search: alpha-beta over the tricks left once following is compulsory.
 *
 * The rules come from ludoteca.games.bingo.tables, handed over once by init();
 * this file only searches, exactly as solver.py's pure-Python search does (the
 * tests hold the two and a plain minimax to the same values).
 *
 * A position: both hands, the seat to move, the tile led (or none) with the
 * doubles shown with it, both players' points, who has taken a trick, the
 * doubles each has shown, who captured the trump double with the bingo. The
 * hand ends when the winner of a trick reaches 70, or when the tiles run out.
 * Its value for seat 0 is utility[winner][sets][capture + 1], times 1024 plus
 * the final point difference when the tie-break is on (the failed close's
 * extra points included); negamax gives each leader its own side.
 *
 * Techniques: fail-soft alpha-beta; a transposition table at trick boundaries
 * (the full position as key, bounds and the best lead as data; kept between
 * searches while the context — trump, closer, utility, tie-break — is the
 * same); move ordering: the table's lead, then leads the follower cannot beat
 * (the most valuable first), then the cheapest; answers that win the trick,
 * cheapest first, then the cheapest losing ones.
 *
 * Both entry points check everything they are given before reading or writing
 * anything (tile masks within the 28 tiles, shown tiles doubles, hands of at most
 * seven tiles and of sizes that fit a lead or an answer, every index and table
 * size): bad input raises ValueError and changes nothing.
 */
#include "../../_cpython.h"
#include <stdlib.h>
#include <string.h>

#define NT 28
#define NCFG 14
#define TARGET 70
#define INF (1 << 30)
#define A_SHOW 28

static int S[NCFG][NT];       /* strength */
static int V[NCFG][NT];       /* capture value */
static uint32_t F[NCFG][NT][3]; /* follow rule masks: higher end, lower end, trump */
static uint32_t ABOVE[NCFG][NT]; /* tiles stronger than a tile */
static int TD[NCFG];          /* trump double */
static int SHOWP[8];
static int DBL[7];
static uint32_t DOUBLES;
static int ready;

/* context */
static int c_cfg = -1, c_closed = -2, c_points = -1;
static int U[2][4][3];
static uint32_t gen = 1;
static unsigned long long n_nodes;

typedef struct {
    uint64_t k1, k2;
    int32_t lo, hi;
    int32_t move;
} Entry;

#define TT_BITS 16
#define TT_SIZE (1u << TT_BITS)
static Entry *tt;


static int show_gain(int led, uint32_t shown) {
    int n = lt_popcount32(shown);
    int g = SHOWP[n];
    if (n && (led == 0 || (shown & 1u))) g += 10;
    return g;
}

static uint32_t pack_doubles(uint32_t m) {
    uint32_t out = 0;
    for (int d = 0; d < 7; d++)
        if (m >> DBL[d] & 1u) out |= 1u << d;
    return out;
}

static int end_value(int winner, int p0, int p1, int won, int cap) {
    int loser = 1 - winner;
    int lp = winner == 0 ? p1 : p0;
    int k = !(won >> loser & 1) ? 3 : (lp < 30 ? 2 : 1);
    int u = U[winner][k][cap + 1];
    if (!c_points) return u;
    if (c_closed == loser) {
        int pen = lp < TARGET - 7 ? TARGET - lp : 7;
        if (winner == 0) p0 += pen;
        else p1 += pen;
    }
    return u + p0 - p1;
}

static int lead(uint32_t h0, uint32_t h1, int turn, int p0, int p1, int won, uint32_t s0,
                uint32_t s1, int cap, int alpha, int beta);

/* The tiles of `hand` that may answer `led` when following is compulsory: those
   of the first follow rule that any tile of the hand meets, else any tile. */
static inline uint32_t answers(uint32_t hand, int led) {
    const uint32_t *f = F[c_cfg][led];
    uint32_t legal = hand & f[0];
    if (!legal) legal = hand & f[1];
    if (!legal) legal = hand & f[2];
    return legal ? legal : hand;
}

/* Put `value` with ordering key `key` into the first `n` entries of `keys` and
   `values`, kept in ascending order of key (after the entries of equal key). */
static inline void insert_by_key(int *keys, int *values, int n, int key, int value) {
    int i = n;
    while (i > 0 && keys[i - 1] > key) {
        keys[i] = keys[i - 1];
        values[i] = values[i - 1];
        i--;
    }
    keys[i] = key;
    values[i] = value;
}

/* Value for the leader once `led` is on the table: the follower's best answer. */
static int answer(uint32_t h0, uint32_t h1, int leader, int led, uint32_t show, int p0, int p1,
                  int won, uint32_t s0, uint32_t s1, int cap, int alpha, int beta) {
    const int *str = S[c_cfg];
    const int *val = V[c_cfg];
    int follower = 1 - leader;
    uint32_t hand = follower ? h1 : h0;
    uint32_t legal = answers(hand, led);
    int ls = str[led];
    int td = TD[c_cfg];
    int tiles[NT], keys[NT], n = 0;
    for (uint32_t m = legal; m; m &= m - 1) {
        int t = __builtin_ctz(m);
        int key = str[t] > ls ? str[t] : 1000 + val[t] * 256 + str[t];
        insert_by_key(keys, tiles, n++, key, t);
    }
    int worst = INF;
    for (int i = 0; i < n; i++) {
        int t = tiles[i];
        int winner = str[t] > ls ? follower : leader;
        int gain = val[led] + val[t];
        if (show && winner == leader) gain += show_gain(led, show);
        uint32_t n0 = h0, n1 = h1;
        if (follower) n1 ^= 1u << t;
        else n0 ^= 1u << t;
        int q0 = p0, q1 = p1;
        if (winner == 0) q0 += gain;
        else q1 += gain;
        int ncap = cap;
        if (td != 0 && ((led == 0 && t == td) || (t == 0 && led == td))) ncap = winner;
        int nwon = won | (1 << winner);
        int b = beta < worst ? beta : worst;
        int v;
        if ((winner == 0 ? q0 : q1) >= TARGET) {
            v = end_value(winner, q0, q1, nwon, ncap);
            if (leader == 1) v = -v;
        } else if (!n0 && !n1) {
            int w;
            if (c_closed >= 0) w = 1 - c_closed;
            else if (q0 != q1) w = q0 > q1 ? 0 : 1;
            else w = winner;
            v = end_value(w, q0, q1, nwon, ncap);
            if (leader == 1) v = -v;
        } else if (winner == leader) {
            v = lead(n0, n1, winner, q0, q1, nwon, s0, s1, ncap, alpha, b);
        } else {
            v = -lead(n0, n1, winner, q0, q1, nwon, s0, s1, ncap, -b, -alpha);
        }
        if (v < worst) {
            worst = v;
            if (worst <= alpha) break;
        }
    }
    return worst;
}

/* Value for the leader `turn` of the position at a lead. */
static int lead(uint32_t h0, uint32_t h1, int turn, int p0, int p1, int won, uint32_t s0,
                uint32_t s1, int cap, int alpha, int beta) {
    n_nodes++;
    s0 &= h0;
    s1 &= h1;
    uint64_t k1 = (uint64_t)h0 | (uint64_t)h1 << 28 | (uint64_t)turn << 56 |
                  (uint64_t)won << 57 | (uint64_t)(cap + 1) << 59;
    uint64_t k2 = (uint64_t)p0 | (uint64_t)p1 << 8 | (uint64_t)pack_doubles(s0) << 16 |
                  (uint64_t)pack_doubles(s1) << 23 | (uint64_t)gen << 30;
    uint64_t hsh = (k1 * 0x9E3779B97F4A7C15ull) ^ (k2 * 0xC2B2AE3D27D4EB4Full);
    Entry *e = &tt[(hsh >> 20) & (TT_SIZE - 1)];
    int first = -1, lo = -INF, hi = INF;
    if (e->k1 == k1 && e->k2 == k2) {
        lo = e->lo;
        hi = e->hi;
        first = e->move;
        if (lo >= beta) return lo;
        if (hi <= alpha) return hi;
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    int alpha0 = alpha;
    uint32_t hand = turn ? h1 : h0;
    uint32_t opp = turn ? h0 : h1;
    uint32_t shown = turn ? s1 : s0;
    const int *str = S[c_cfg];
    const int *val = V[c_cfg];
    /* moves with ordering keys (lower first) */
    int moves[16], keys[16], n = 0;
    uint32_t doubles = hand & DOUBLES;
    uint32_t fresh = doubles & ~shown;
    for (uint32_t m = hand; m; m &= m - 1) {
        int t = __builtin_ctz(m);
        uint32_t legal = answers(opp, t);
        int sure = !(legal & ABOVE[c_cfg][t]);
        int key = sure ? 100 - val[t] : 1000 + val[t] * 256 + str[t];
        int variants = 1;
        int acts[2];
        acts[0] = t;
        if ((doubles >> t & 1u) && (fresh & ~(1u << t))) {
            int d;
            for (d = 0; d < 7; d++)
                if (DBL[d] == t) break;
            acts[0] = A_SHOW + d;
            acts[1] = t;
            variants = 2;
        }
        for (int v = 0; v < variants; v++) {
            int a = acts[v];
            int k = a == first ? -1 : key * 2 + v;
            insert_by_key(keys, moves, n++, k, a);
        }
    }
    int best = -INF, best_move = -1;
    for (int i = 0; i < n; i++) {
        int a = moves[i];
        int t;
        uint32_t show = 0;
        if (a >= A_SHOW) {
            t = DBL[a - A_SHOW];
            show = (hand ^ (1u << t)) & DOUBLES & ~shown;
        } else {
            t = a;
        }
        int lo_w = alpha > best ? alpha : best;
        int v;
        if (turn == 0)
            v = answer(h0 ^ (1u << t), h1, 0, t, show, p0, p1, won, s0 | show, s1, cap, lo_w, beta);
        else
            v = answer(h0, h1 ^ (1u << t), 1, t, show, p0, p1, won, s0, s1 | show, cap, lo_w, beta);
        if (v > best) {
            best = v;
            best_move = a;
            if (best >= beta) break;
        }
    }
    (void)val;
    (void)str;
    if (!(e->k1 == k1 && e->k2 == k2)) {
        lo = -INF;
        hi = INF;
    }
    if (best <= alpha0) hi = best;
    else if (best >= beta) lo = best;
    else lo = hi = best;
    e->k1 = k1;
    e->k2 = k2;
    e->lo = lo;
    e->hi = hi;
    e->move = best_move;
    return best;
}

/* ------------------------------------------------------------------ Python */

/* Every entry point checks what it is given before anything is read or written:
 * a value out of range, a mask with bits outside its set or a table of the wrong
 * size raises ValueError (a non-integer, TypeError), and nothing is changed. */

#define ALL_TILES ((1L << NT) - 1)

/* init(strength, value, follow_steps, trump_double, show_points, double_of) */
static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *str, *val, *follow, *td, *showp, *dbl;
    if (!PyArg_ParseTuple(args, "OOOOOO", &str, &val, &follow, &td, &showp, &dbl)) return NULL;
    /* everything is read and checked into locals first: a bad table changes nothing */
    static long s_buf[NCFG * NT], v_buf[NCFG * NT], f_buf[NCFG * NT * 3];
    long td_buf[NCFG], sp_buf[7], dbl_buf[7];
    if (lt_table_in(str, s_buf, NCFG, NT, NT, 0, 1000, "strength") < 0) return NULL;
    if (lt_table_in(val, v_buf, NCFG, NT, NT, 0, 1000, "value") < 0) return NULL;
    if (lt_sized(follow, NCFG, "follow_steps") < 0) return NULL;
    for (int c = 0; c < NCFG; c++) {
        PyObject *row = PySequence_GetItem(follow, c);
        if (row == NULL) return NULL;
        int bad =
            lt_table_in(row, f_buf + c * NT * 3, NT, 3, 3, 0, ALL_TILES, "a follow_steps mask");
        Py_DECREF(row);
        if (bad < 0) return NULL;
    }
    if (lt_sized(td, NCFG, "trump_double") < 0) return NULL;
    for (int c = 0; c < NCFG; c++)
        if (lt_item_in(td, c, 0, NT - 1, "a trump double", &td_buf[c]) < 0) return NULL;
    if (lt_sized(showp, 7, "show_points") < 0) return NULL;
    for (int n = 0; n < 7; n++)
        if (lt_item_in(showp, n, 0, 1000, "show points", &sp_buf[n]) < 0) return NULL;
    if (lt_sized(dbl, 7, "double_of") < 0) return NULL;
    uint32_t doubles = 0;
    for (int d = 0; d < 7; d++) {
        if (lt_item_in(dbl, d, 0, NT - 1, "a double's tile", &dbl_buf[d]) < 0) return NULL;
        doubles |= 1u << dbl_buf[d];
    }
    if (lt_popcount32(doubles) != 7) {
        PyErr_SetString(PyExc_ValueError, "double_of must name seven different tiles");
        return NULL;
    }
    if (tt == NULL) {
        tt = (Entry *)calloc(TT_SIZE, sizeof(Entry));
        if (tt == NULL) return PyErr_NoMemory();
    }
    for (int c = 0; c < NCFG; c++) {
        for (int t = 0; t < NT; t++) {
            S[c][t] = (int)s_buf[c * NT + t];
            V[c][t] = (int)v_buf[c * NT + t];
            for (int k = 0; k < 3; k++) F[c][t][k] = (uint32_t)f_buf[(c * NT + t) * 3 + k];
        }
        TD[c] = (int)td_buf[c];
    }
    for (int n = 0; n < 7; n++) SHOWP[n] = (int)sp_buf[n];
    SHOWP[7] = SHOWP[6];
    for (int d = 0; d < 7; d++) DBL[d] = (int)dbl_buf[d];
    DOUBLES = doubles;
    for (int c = 0; c < NCFG; c++)
        for (int t = 0; t < NT; t++) {
            uint32_t above = 0;
            for (int u = 0; u < NT; u++)
                if (S[c][u] > S[c][t]) above |= 1u << u;
            ABOVE[c][t] = above;
        }
    /* the tables may have changed: nothing kept from a search before is valid */
    memset(tt, 0, TT_SIZE * sizeof(Entry));
    c_cfg = -1;
    ready = 1;
    Py_RETURN_NONE;
}

/* search(h0, h1, cfg, closed_by, points, utility(24), turn, led, show, p0, p1, won, s0, s1,
 *        capture, alpha, beta) -> value for seat 0 */
static PyObject *py_search(PyObject *self, PyObject *args) {
    PyObject *o[17];
    if (!PyArg_ParseTuple(args, "OOOOOOOOOOOOOOOOO", &o[0], &o[1], &o[2], &o[3], &o[4], &o[5],
                          &o[6], &o[7], &o[8], &o[9], &o[10], &o[11], &o[12], &o[13], &o[14],
                          &o[15], &o[16]))
        return NULL;
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "init() was not called");
        return NULL;
    }
    long h0, h1, cfg, closed, points, turn, led, show, p0, p1, won, s0, s1, cap, alpha, beta;
    if (lt_long_in(o[0], 0, ALL_TILES, "hand 0 (a tile mask)", &h0) < 0 ||
        lt_long_in(o[1], 0, ALL_TILES, "hand 1 (a tile mask)", &h1) < 0 ||
        lt_long_in(o[2], 0, NCFG - 1, "the configuration", &cfg) < 0 ||
        lt_long_in(o[3], -1, 1, "closed_by", &closed) < 0 ||
        lt_long_in(o[4], 0, 1, "the points flag", &points) < 0 ||
        lt_long_in(o[6], 0, 1, "the seat to move", &turn) < 0 ||
        lt_long_in(o[7], -1, NT - 1, "the tile led", &led) < 0 ||
        lt_long_in(o[8], 0, ALL_TILES, "the shown doubles (a tile mask)", &show) < 0 ||
        lt_long_in(o[9], 0, TARGET - 1, "points 0", &p0) < 0 ||
        lt_long_in(o[10], 0, TARGET - 1, "points 1", &p1) < 0 ||
        lt_long_in(o[11], 0, 3, "the tricks taken (bits by seat)", &won) < 0 ||
        lt_long_in(o[12], 0, ALL_TILES, "seat 0's shown doubles (a tile mask)", &s0) < 0 ||
        lt_long_in(o[13], 0, ALL_TILES, "seat 1's shown doubles (a tile mask)", &s1) < 0 ||
        lt_long_in(o[14], -1, 1, "capture", &cap) < 0 ||
        lt_long_in(o[15], -(INF - 1), INF - 1, "alpha", &alpha) < 0 ||
        lt_long_in(o[16], -(INF - 1), INF - 1, "beta", &beta) < 0)
        return NULL;
    uint32_t m0 = (uint32_t)h0, m1 = (uint32_t)h1;
    int n0 = lt_popcount32(m0), n1 = lt_popcount32(m1);
    const char *bad = NULL;
    if (m0 & m1)
        bad = "the two hands share a tile";
    else if (n0 > 7 || n1 > 7)
        bad = "a hand holds at most seven tiles";
    else if (((uint32_t)show | (uint32_t)s0 | (uint32_t)s1) & ~DOUBLES)
        bad = "shown tiles are doubles";
    else if (led < 0 && show)
        bad = "doubles are shown with a tile led";
    else if (led >= 0 && ((m0 | m1) >> led & 1))
        bad = "the tile led is still in a hand";
    else if (led < 0 && (n0 != n1 || (turn ? n1 : n0) == 0))
        bad = "at a lead both hands hold the same number of tiles, at least one";
    else if (led >= 0 && (turn ? n1 != n0 + 1 : n0 != n1 + 1))
        bad = "at an answer the player to move holds one tile more than the leader";
    if (bad != NULL) {
        PyErr_Format(PyExc_ValueError, "not a position the search can take: %s", bad);
        return NULL;
    }
    if (lt_sized(o[5], 24, "the utility") < 0) return NULL;
    int nu[2][4][3];
    for (int i = 0; i < 24; i++) {
        long x;
        if (lt_item_in(o[5], i, -(1L << 24), 1L << 24, "a utility value", &x) < 0) return NULL;
        nu[i / 12][(i / 3) % 4][i % 3] = (int)x;
    }
    if (cfg != c_cfg || closed != c_closed || points != c_points || memcmp(nu, U, sizeof U) != 0) {
        memcpy(U, nu, sizeof U);
        c_cfg = (int)cfg;
        c_closed = (int)closed;
        c_points = points ? 1 : 0;
        gen = (gen + 1) & 0x3FFFFFFFu;
        if (gen == 0) {
            memset(tt, 0, TT_SIZE * sizeof(Entry));
            gen = 1;
        }
    }
    int v;
    uint32_t sh = (uint32_t)show, z0 = (uint32_t)s0, z1 = (uint32_t)s1;
    int a = (int)alpha, b = (int)beta, w = (int)won, c = (int)cap, q0 = (int)p0, q1 = (int)p1;
    if (led < 0) {
        if (turn == 0)
            v = lead(m0, m1, 0, q0, q1, w, z0, z1, c, a, b);
        else
            v = -lead(m0, m1, 1, q0, q1, w, z0, z1, c, -b, -a);
    } else {
        if (turn == 1)
            v = answer(m0, m1, 0, (int)led, sh, q0, q1, w, z0, z1, c, a, b);
        else
            v = -answer(m0, m1, 1, (int)led, sh, q0, q1, w, z0, z1, c, -b, -a);
    }
    return PyLong_FromLong(v);
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) {
    return PyLong_FromUnsignedLongLong(n_nodes);
}

static PyObject *py_clear(PyObject *self, PyObject *noargs) {
    if (tt != NULL) memset(tt, 0, TT_SIZE * sizeof(Entry));
    c_cfg = -1;
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "Load the rule tables."},
    {"search", py_search, METH_VARARGS, "Fail-soft alpha-beta value of a position, for seat 0."},
    {"nodes", py_nodes, METH_NOARGS, "Lead nodes searched since the module was loaded."},
    {"clear", py_clear, METH_NOARGS, "Empty the transposition table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver", "Exact Bingo search (see solver.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__solver(void) { return PyModule_Create(&module); }
