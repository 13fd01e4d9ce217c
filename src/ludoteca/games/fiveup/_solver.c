/* Exact Five-Up search: alpha-beta over the rest of a hand whose stock is closed.
 *
 * The rules' tables come from ludoteca.games.fiveup.tables, handed over once by
 * init(); this file only searches, exactly as solver.py's pure-Python search
 * does (the tests hold the two, a plain minimax and the engine to the same
 * values).
 *
 * A position: the hands, the layout as what matters for play and scoring
 * (plain[v]: open ends of non-doubles showing v; room[v]: places left on the
 * double v-v, free sides plus 2 tips while a side is free, then its free tips),
 * the seat to move, the passes in a row, and each side's distance to the
 * target. Its value is the objective for the root side (the points margin of
 * the rest of the hand, plus or minus the value of a win when a side reaches the
 * target): the root side's seats maximise it, the others minimise it.
 *
 * Techniques: fail-soft alpha-beta; a transposition table of two-entry buckets
 * (one kept by depth, one always replaced) with bounds and the best move. A
 * value depends on the distances to the target only if a score on the paths
 * searched came that close, so each search also returns the largest gain of
 * each side on its paths (its reach): an entry whose reach stays below the
 * distances holds for any larger ones and is keyed without them, the others
 * with them. Moves are ordered by the table's move, then the points scored
 * now, going out, and the heaviest tile.
 */
#include "../../_cpython.h"
#include <stdlib.h>
#include <string.h>

#define NT 28
#define INF (1 << 30)
#define PLAIN 0
#define SPINNER 1
#define OPENING 2
#define MAXM 128

static uint32_t NUM[7];  /* tiles showing a number */
static int OUTER[NT][7]; /* the number a tile shows outward when joined on v (-1: cannot) */
static int PIPS[NT];
static int DBL[NT];
static int HIGH[NT], LOW[NT];
static int DOUBLE_OF[7]; /* the index of the double v-v */
static int ready;

/* the context of the search under way */
static int players, nsides, root, exact;
static int side_of[4];
static int weight[3];
static int win; /* the value of reaching the target */
static uint32_t sid;
static uint32_t next_sid = 1;
static unsigned long long n_nodes;
static unsigned long long node_limit; /* 0: none */
static int aborted;

/* the position, changed and restored move by move */
static uint32_t hands[4];
static int plain[7], room[7];
static int ends;
static uint64_t lay; /* plain[v] at bit 3v, room[v] at bit 21 + 3v */

typedef struct {
    uint64_t k0, k1, k2, k3;
    int32_t lo, hi;
    int16_t reach[3];
    int8_t best;
    uint8_t depth;
    uint32_t sid;
} Entry;

#define TT_BITS 18
#define TT_BUCKETS (1u << TT_BITS)
static Entry *tt;

typedef struct {
    int key;
    int8_t t, v, kind, o;
    int e;
} Move;

static int hand_pips(uint32_t h) {
    int p = 0;
    while (h) {
        p += PIPS[__builtin_ctz(h)];
        h &= h - 1;
    }
    return p;
}

static int bonus_points(int pips) { return (pips + 2) / 5; }

static uint64_t mix(uint64_t a, uint64_t b, uint64_t c, uint64_t d) {
    uint64_t x = a * 0x9E3779B97F4A7C15ULL;
    x ^= b + 0xBF58476D1CE4E5B9ULL + (x << 6) + (x >> 2);
    x ^= c + 0x94D049BB133111EBULL + (x << 6) + (x >> 2);
    x ^= d + 0x2545F4914F6CDD1DULL + (x << 6) + (x >> 2);
    x ^= x >> 31;
    x *= 0xD6E8FEB86659FD93ULL;
    x ^= x >> 32;
    return x;
}

static Entry *probe(uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3) {
    Entry *b = &tt[(mix(k0, k1, k2, k3) & (TT_BUCKETS - 1)) * 2];
    for (int i = 0; i < 2; i++) {
        Entry *e = &b[i];
        if (e->sid == sid && e->k0 == k0 && e->k1 == k1 && e->k2 == k2 && e->k3 == k3) return e;
    }
    return NULL;
}

static void store(uint64_t k0, uint64_t k1, uint64_t k2, uint64_t k3, int lo, int hi, int best,
                  const int *reach, int depth) {
    Entry *b = &tt[(mix(k0, k1, k2, k3) & (TT_BUCKETS - 1)) * 2];
    Entry *e = NULL;
    for (int i = 0; i < 2; i++) {
        if (b[i].sid == sid && b[i].k0 == k0 && b[i].k1 == k1 && b[i].k2 == k2 && b[i].k3 == k3) {
            e = &b[i];
            break;
        }
    }
    if (e == NULL) {
        if (b[0].sid != sid || depth >= b[0].depth) {
            b[1] = b[0];
            e = &b[0];
        } else {
            e = &b[1];
        }
    }
    e->k0 = k0;
    e->k1 = k1;
    e->k2 = k2;
    e->k3 = k3;
    e->lo = lo;
    e->hi = hi;
    for (int s = 0; s < 3; s++) e->reach[s] = (int16_t)(reach[s] > 30000 ? 30000 : reach[s]);
    e->best = (int8_t)best;
    e->depth = (uint8_t)depth;
    e->sid = sid;
}

/* side scores points: the value for the root side; *scored, *over and d[] updated */
static int score(int side, int points, int *d, int *scored, int *over) {
    *scored = 0;
    *over = 0;
    if (exact && points > d[side]) return 0;
    *scored = points;
    if (points >= d[side]) {
        *over = 1;
        return (side == root ? win : -win) + weight[side] * points;
    }
    d[side] -= points;
    return weight[side] * points;
}

static int order_key(int e, uint32_t hand, int t) {
    int g = (e && e % 5 == 0) ? e / 5 : 0;
    return g * 64 + (hand == (1u << t) ? 32 : 0) + PIPS[t];
}

static void add_move(Move *m, int t, int v, int kind, int o, int e, uint32_t hand) {
    m->t = (int8_t)t;
    m->v = (int8_t)v;
    m->kind = (int8_t)kind;
    m->o = (int8_t)o;
    m->e = e;
    m->key = order_key(e, hand, t);
}

static int gen_moves(int turn, Move *m) {
    uint32_t hand = hands[turn];
    int n = 0;
    if (!lay) {
        for (uint32_t h = hand; h; h &= h - 1) {
            int t = __builtin_ctz(h);
            add_move(&m[n++], t, -1, OPENING, -1, PIPS[t], hand);
        }
    } else {
        for (int v = 0; v < 7; v++) {
            uint32_t tiles = hand & NUM[v];
            if (!tiles || !(plain[v] || room[v])) continue;
            for (; tiles; tiles &= tiles - 1) {
                int t = __builtin_ctz(tiles);
                int o = OUTER[t][v];
                if (plain[v]) add_move(&m[n++], t, v, PLAIN, o, o == v ? ends + v : ends + o - v, hand);
                if (room[v])
                    add_move(&m[n++], t, v, SPINNER, o, ends + o - (room[v] == 3 ? 2 * v : 0), hand);
            }
        }
    }
    /* insertion sort: key descending, then tile, then kind ascending (solver.py's order) */
    for (int i = 1; i < n; i++) {
        Move x = m[i];
        int j = i - 1;
        while (j >= 0 && (m[j].key < x.key || (m[j].key == x.key &&
                                                (m[j].t > x.t || (m[j].t == x.t && m[j].kind > x.kind))))) {
            m[j + 1] = m[j];
            j--;
        }
        m[j + 1] = x;
    }
    return n;
}

static int node(int turn, int passes, const int *dist, int alpha, int beta, int *reach);

static int blocked(const int *dist, int *reach) {
    int per[3] = {0, 0, 0};
    for (int s = 0; s < players; s++) per[side_of[s]] += hand_pips(hands[s]);
    int low = per[0], side = 0, count = 1, total = per[0];
    for (int s = 1; s < nsides; s++) {
        total += per[s];
        if (per[s] < low) {
            low = per[s];
            side = s;
            count = 1;
        } else if (per[s] == low) {
            count++;
        }
    }
    reach[0] = reach[1] = reach[2] = 0;
    if (count != 1) return 0;
    int points = bonus_points(total - low);
    if (!points) return 0;
    reach[side] = points;
    int d[3] = {dist[0], dist[1], dist[2]};
    int scored, over;
    return score(side, points, d, &scored, &over);
}

/* play m, value the rest of the hand (this play's scores included), undo */
static int child(int turn, int side, int nxt, const Move *m, const int *dist, int alpha, int beta,
                 int *reach) {
    int t = m->t, v = m->v, o = m->o;
    uint32_t bit = 1u << t;
    uint64_t saved_lay = lay;
    int saved_ends = ends, saved_plain = v >= 0 ? plain[v] : 0, saved_room = v >= 0 ? room[v] : 0;
    hands[turn] ^= bit;
    if (m->kind == OPENING) {
        if (DBL[t]) {
            room[HIGH[t]] = 4;
            lay |= 4ULL << (21 + 3 * HIGH[t]);
        } else {
            plain[HIGH[t]]++;
            plain[LOW[t]]++;
            lay += (1ULL << (3 * HIGH[t])) + (1ULL << (3 * LOW[t]));
        }
    } else {
        if (m->kind == PLAIN) {
            plain[v]--;
            lay -= 1ULL << (3 * v);
        } else {
            room[v]--;
            lay -= 1ULL << (21 + 3 * v);
        }
        if (DBL[t]) {
            room[v] = 3;
            lay += 3ULL << (21 + 3 * v);
        } else {
            plain[o]++;
            lay += 1ULL << (3 * o);
        }
    }
    ends = m->e;
    int d[3] = {dist[0], dist[1], dist[2]};
    int value = 0, scored = 0, touch = 0, over = 0;
    if (ends && ends % 5 == 0) {
        touch = ends / 5;
        value = score(side, touch, d, &scored, &over);
    }
    if (!over && !hands[turn]) {
        int opp = 0;
        for (int s = 0; s < players; s++)
            if (side_of[s] != side) opp += hand_pips(hands[s]);
        int bonus = bonus_points(opp);
        if (bonus) {
            if (scored + bonus > touch) touch = scored + bonus;
            int sc, ov;
            value += score(side, bonus, d, &sc, &ov);
        }
        over = 1;
    }
    if (over) {
        reach[0] = reach[1] = reach[2] = 0;
        reach[side] = touch;
    } else {
        int cr[3];
        value += node(nxt, 0, d, alpha - value, beta - value, cr);
        reach[0] = cr[0];
        reach[1] = cr[1];
        reach[2] = cr[2];
        reach[side] = cr[side] + scored > touch ? cr[side] + scored : touch;
    }
    hands[turn] ^= bit;
    lay = saved_lay;
    ends = saved_ends;
    if (m->kind == OPENING) {
        room[HIGH[t]] = 0;
        plain[HIGH[t]] = 0;
        plain[LOW[t]] = 0;
    } else {
        plain[v] = saved_plain;
        room[v] = saved_room;
        if (!DBL[t]) plain[o]--;
    }
    return value;
}

static int below(const int16_t *reach, const int *dist) {
    for (int s = 0; s < nsides; s++)
        if (reach[s] >= dist[s]) return 0;
    return 1;
}

static int node(int turn, int passes, const int *dist, int alpha, int beta, int *reach) {
    n_nodes++;
    if (node_limit && n_nodes > node_limit) aborted = 1;
    if (aborted) {
        reach[0] = reach[1] = reach[2] = 0;
        return 0;
    }
    uint64_t k0 = hands[0] | (uint64_t)hands[1] << 28;
    uint64_t k1 = hands[2] | (uint64_t)hands[3] << 28;
    uint64_t k2 = lay | (uint64_t)turn << 42 | (uint64_t)passes << 45;
    uint64_t kd = (uint64_t)dist[0] | (uint64_t)dist[1] << 16 | (uint64_t)dist[2] << 32 | 1ULL << 63;
    Entry *e = probe(k0, k1, k2, 0);
    int fixed = 0;
    if (e && !below(e->reach, dist)) {
        e = probe(k0, k1, k2, kd);
        fixed = 1;
    }
    int lo = -INF, hi = INF, first = -1, have = 0;
    int ereach[3] = {0, 0, 0};
    if (e) {
        have = 1;
        lo = e->lo;
        hi = e->hi;
        first = e->best;
        for (int s = 0; s < 3; s++) ereach[s] = e->reach[s];
        if (lo >= beta || hi <= alpha) {
            for (int s = 0; s < 3; s++) reach[s] = ereach[s];
            return lo >= beta ? lo : hi;
        }
        if (lo > alpha) alpha = lo;
        if (hi < beta) beta = hi;
    }
    int a0 = alpha, b0 = beta;
    int side = side_of[turn];
    int maxing = side == root;
    int nxt = turn + 1 < players ? turn + 1 : 0;
    Move moves[MAXM];
    int n = gen_moves(turn, moves);
    int best = maxing ? -INF : INF, best_index = 0;
    int r[3] = {0, 0, 0};
    reach[0] = reach[1] = reach[2] = 0;
    if (n == 0) {
        if (passes + 1 == players)
            best = blocked(dist, reach);
        else
            best = node(nxt, passes + 1, dist, alpha, beta, reach);
    } else {
        for (int k = 0; k < n; k++) {
            int i = k;
            if (first > 0 && first < n) {
                if (k == 0)
                    i = first;
                else if (k <= first)
                    i = k - 1;
            }
            int value = child(turn, side, nxt, &moves[i], dist, alpha, beta, r);
            if (aborted) return 0;
            for (int s = 0; s < 3; s++)
                if (r[s] > reach[s]) reach[s] = r[s];
            if (maxing) {
                if (value > best) {
                    best = value;
                    best_index = i;
                    if (best > alpha) alpha = best;
                }
            } else if (value < best) {
                best = value;
                best_index = i;
                if (best < beta) beta = best;
            }
            if (alpha >= beta) break;
        }
    }
    if (aborted) return 0;
    int nlo = lo, nhi = hi;
    if (best <= a0)
        nhi = best < hi ? best : hi;
    else if (best >= b0)
        nlo = best > lo ? best : lo;
    else
        nlo = nhi = best;
    int depth = 0;
    for (int s = 0; s < players; s++) depth += __builtin_popcount(hands[s]);
    int fits = 1;
    for (int s = 0; s < nsides; s++)
        if (reach[s] >= dist[s]) fits = 0;
    if (fits) {
        int merged[3] = {reach[0], reach[1], reach[2]};
        if (have && !fixed)
            for (int s = 0; s < 3; s++)
                if (ereach[s] > merged[s]) merged[s] = ereach[s];
        store(k0, k1, k2, 0, nlo, nhi, best_index, merged, depth);
    } else {
        store(k0, k1, k2, kd, nlo, nhi, best_index, reach, depth);
    }
    return best;
}

/* ------------------------------------------------------------------ Python */

static PyObject *bad(const char *what) {
    PyErr_SetString(PyExc_ValueError, what);
    return NULL;
}

/* init(number_mask[7], outer[28][7], pips[28], is_double[28]): every table is read
 * and checked first, and only then replaces the tables in use */
static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *num, *outer, *pips, *dbl;
    if (!PyArg_ParseTuple(args, "OOOO", &num, &outer, &pips, &dbl)) return NULL;
    uint32_t num_[7];
    int outer_[NT][7], pips_[NT], dbl_[NT], high_[NT], low_[NT];
    long x;
    if (lt_sized(num, 7, "number masks") < 0) return NULL;
    for (int v = 0; v < 7; v++) {
        if (lt_item_in(num, v, 0, (1L << NT) - 1, "a number mask", &x) < 0) return NULL;
        num_[v] = (uint32_t)x;
    }
    if (lt_sized(outer, NT, "outer numbers") < 0 || lt_sized(pips, NT, "pips") < 0 ||
        lt_sized(dbl, NT, "doubles") < 0)
        return NULL;
    for (int t = 0; t < NT; t++) {
        PyObject *row = PySequence_GetItem(outer, t);
        if (row == NULL) return NULL;
        if (lt_sized(row, 7, "a tile's outer numbers") < 0) {
            Py_DECREF(row);
            return NULL;
        }
        high_[t] = low_[t] = -1;
        for (int v = 0; v < 7; v++) {
            if (lt_item_in(row, v, -1, 6, "an outer number", &x) < 0) {
                Py_DECREF(row);
                return NULL;
            }
            outer_[t][v] = (int)x;
            if (x >= 0) {
                if (low_[t] < 0) low_[t] = v;
                high_[t] = v;
            }
        }
        Py_DECREF(row);
        if (low_[t] < 0) return bad("a tile shows no number");
        if (lt_item_in(pips, t, 0, 12, "pips", &x) < 0) return NULL;
        pips_[t] = (int)x;
        if (lt_item_in(dbl, t, 0, 1, "a double flag", &x) < 0) return NULL;
        dbl_[t] = (int)x;
    }
    if (tt == NULL) {
        tt = (Entry *)calloc(2 * (size_t)TT_BUCKETS, sizeof(Entry));
        if (tt == NULL) return PyErr_NoMemory();
    }
    memcpy(NUM, num_, sizeof NUM);
    memcpy(OUTER, outer_, sizeof OUTER);
    memcpy(PIPS, pips_, sizeof PIPS);
    memcpy(DBL, dbl_, sizeof DBL);
    memcpy(HIGH, high_, sizeof HIGH);
    memcpy(LOW, low_, sizeof LOW);
    for (int t = 0; t < NT; t++)
        if (DBL[t]) DOUBLE_OF[HIGH[t]] = t;
    ready = 1;
    Py_RETURN_NONE;
}

static PyObject *py_new_id(PyObject *self, PyObject *noargs) {
    if (next_sid == 0) { /* wrapped: forget every entry */
        memset(tt, 0, 2 * (size_t)TT_BUCKETS * sizeof(Entry));
        next_sid = 1;
    }
    return PyLong_FromUnsignedLong(next_sid++);
}

static PyObject *py_search(PyObject *self, PyObject *args) {
    unsigned long long id, h[4], packed;
    long long limit;
    int np, rs, ex, wv, turn, passes, d0, d1, d2, alpha, beta;
    if (!PyArg_ParseTuple(args, "KiiiiKKKKKiiiiiiiL", &id, &np, &rs, &ex, &wv, &h[0], &h[1],
                          &h[2], &h[3], &packed, &turn, &passes, &d0, &d1, &d2, &alpha, &beta,
                          &limit))
        return NULL;
    if (!ready) {
        PyErr_SetString(PyExc_RuntimeError, "init() first");
        return NULL;
    }
    if (id < 1 || id >= next_sid) return bad("not a search id given by new_id()");
    if (wv < 0 || wv > 1000000) return bad("the value of a win is 0 to 1000000");
    if (np < 2 || np > 4 || turn < 0 || turn >= np || passes < 0 || passes >= np)
        return bad("2 to 4 players, a seat to move, fewer passes than players");
    uint64_t seen = 0;
    for (int s = 0; s < 4; s++) {
        if (h[s] >> NT) return bad("a hand is a mask of the 28 tiles (below 2**28)");
        if (s >= np && h[s]) return bad("a hand was given for a seat the game does not have");
        if (seen & h[s]) return bad("two hands hold the same tile");
        seen |= h[s];
    }
    if (packed >> 42) return bad("the layout is 14 fields of 3 bits (below 2**42)");
    for (int v = 0; v < 7; v++) {
        int pl = (int)((packed >> (3 * v)) & 7), rm = (int)((packed >> (21 + 3 * v)) & 7);
        if (pl > 6) return bad("at most 6 ends of non-doubles show a number");
        if (rm > 4) return bad("a double has at most 4 places (2 sides, 2 tips)");
        if (rm && (seen >> DOUBLE_OF[v] & 1)) return bad("a double on the table is in a hand too");
    }
    if (alpha >= beta) return bad("the window is empty (alpha must be below beta)");
    if (limit < 0) return bad("the node limit is 0 (none) or more");
    int sides = np == 4 ? 2 : np;
    if (rs < 0 || rs >= sides) return bad("the root side is not a side");
    int dist[3] = {d0, d1, d2};
    for (int s = 0; s < 3; s++) {
        if (s < sides && (dist[s] < 1 || dist[s] > 30000))
            return bad("distances to the target are 1 to 30000");
        if (s >= sides) dist[s] = 30000;
    }
    players = np;
    nsides = sides;
    root = rs;
    exact = ex ? 1 : 0;
    win = wv;
    sid = (uint32_t)id;
    for (int s = 0; s < 4; s++) side_of[s] = np == 4 ? s % 2 : s;
    for (int s = 0; s < 3; s++) weight[s] = s == rs ? nsides - 1 : -1;
    for (int s = 0; s < 4; s++) hands[s] = (uint32_t)h[s];
    lay = packed & ((1ULL << 42) - 1);
    ends = 0;
    for (int v = 0; v < 7; v++) {
        plain[v] = (int)((lay >> (3 * v)) & 7);
        room[v] = (int)((lay >> (21 + 3 * v)) & 7);
        ends += plain[v] * v + (room[v] > 2 ? 2 * v : 0);
    }
    int reach[3];
    aborted = 0;
    node_limit = limit ? n_nodes + (unsigned long long)limit : 0;
    int v = node(turn, passes, dist, alpha, beta, reach);
    node_limit = 0;
    if (aborted) {
        aborted = 0;
        Py_RETURN_NONE;
    }
    return PyLong_FromLong(v);
}

static PyObject *py_nodes(PyObject *self, PyObject *noargs) {
    return PyLong_FromUnsignedLongLong(n_nodes);
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "Load the rule tables."},
    {"new_id", py_new_id, METH_NOARGS, "A fresh search id (its table entries are its own)."},
    {"search", py_search, METH_VARARGS, "Fail-soft alpha-beta value of a position for the root side (None past the node limit)."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes searched since the module was loaded."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver", "Exact Five-Up search (see solver.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__solver(void) { return PyModule_Create(&module); }
