/* Exact Texas 42 search: alpha-beta over the tricks of a hand, with every hand known.
 *
 * The rules come from ludoteca.games.texas42.tables, handed over once by init();
 * this file only searches. The value of a position is what the *scoring seats*
 * take from the tricks still to play: in points mode, 1 per trick plus the
 * count of its tiles; in tricks mode, 1 per trick. Seats in the *maximising*
 * mask maximise it and the others minimise it.
 *
 * Techniques: fail-soft alpha-beta driven by null-window searches from
 * solver.py; a transposition table at trick boundaries (keyed on the four hands
 * and the leader, storing bounds and the best lead); move ordering (the table's
 * lead, then leads no opponent can beat, then for followers the tile that
 * settles the trick for its side, cheapest first); equivalent tiles (trumps
 * with no other seat's trump between them and equal count) searched once;
 * bounds from the points still out and from the points each side is sure to
 * take (tiles the leader can cash, top trumps), from three tricks left; the last
 * two tricks searched plainly (no ordering, no bounds: each seat holds two tiles
 * at most), the last trick evaluated directly.
 */
#include "../../_cpython.h"
#include <stdlib.h>
#include <string.h>

#define NTILES 28
#define NSUITS 8
#define MAXC 16

/* ------------------------------------------------------------------ tables */

static int n_contracts;
static int sevens_contract = -1;
static uint8_t T_led[MAXC][NTILES];
static uint32_t T_follow[MAXC][NSUITS];
static uint8_t T_str[MAXC][NSUITS][NTILES];
static uint8_t T_count[NTILES];
static uint32_t T_ring[NSUITS];
static int n_rings;
/* Tiles whose strength is the same whatever the suit led and above every
 * other tile's (trumps), listed strongest first: adjacent ones with equal
 * count are interchangeable. */
static uint32_t T_fixed[MAXC];
static uint8_t T_fixed_order[MAXC][NTILES];
static int T_fixed_len[MAXC];
/* T_beats[c][t]: the tiles that beat t when t is led; T_above[c][led][s]: the
 * tiles stronger than s when led is the suit led. */
static uint32_t T_beats[MAXC][NTILES];
#define MAXSTR 128
static uint32_t T_above[MAXC][NSUITS][MAXSTR];
static int tables_ready;

static int lowest(uint32_t x) { return __builtin_ctz(x); }

static void derive_fixed(int c) {
    uint32_t fixed = 0;
    for (int t = 0; t < NTILES; t++) {
        int v = T_str[c][0][t];
        int same = v > 0;
        for (int s = 1; s < NSUITS && same; s++) same = T_str[c][s][t] == v;
        if (same) fixed |= 1u << t;
    }
    /* every fixed tile must beat every other tile in every suit, the fixed
     * strengths must be distinct, and the fixed tiles must be followed (led)
     * alike: otherwise no equivalence is used in this contract */
    int ok = fixed != 0 && c != sevens_contract;
    int min_fixed = 1000;
    for (int t = 0; t < NTILES; t++)
        if (fixed >> t & 1 && T_str[c][0][t] < min_fixed) min_fixed = T_str[c][0][t];
    for (int s = 0; s < NSUITS && ok; s++) {
        uint32_t f = T_follow[c][s] & fixed;
        if (f != 0 && f != fixed) ok = 0;
        for (int t = 0; t < NTILES && ok; t++)
            if (!(fixed >> t & 1) && T_str[c][s][t] >= min_fixed) ok = 0;
    }
    int led = -1;
    for (int t = 0; t < NTILES && ok; t++) {
        if (!(fixed >> t & 1)) continue;
        if (led < 0) led = T_led[c][t];
        else if (T_led[c][t] != led) ok = 0;
        for (int u = 0; u < t && ok; u++)
            if (fixed >> u & 1 && T_str[c][0][u] == T_str[c][0][t]) ok = 0;
    }
    if (!ok) fixed = 0;
    T_fixed[c] = fixed;
    int n = 0;
    for (int v = 255; v > 0; v--)
        for (int t = 0; t < NTILES; t++)
            if (fixed >> t & 1 && T_str[c][0][t] == v) T_fixed_order[c][n++] = (uint8_t)t;
    T_fixed_len[c] = n;
}

/* ------------------------------------------------------- transposition table */

typedef struct {
    uint32_t h[4];
    uint32_t cfg; /* configuration and leader; 0 = empty slot */
    int8_t lo, hi;
    uint8_t best; /* best lead + 1, 0 = none */
    uint8_t depth;
    uint32_t pad[2]; /* two entries fill a 64-byte cache line */
} Entry;

#define TT_BITS 16
#define TT_SIZE (1u << TT_BITS)
static Entry *tt; /* TT_SIZE buckets of 2 entries: [depth-preferred, always-replace] */
static PyThread_type_lock table_lock; /* one search at a time uses tt */

static uint32_t mix(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) {
    uint64_t x = (uint64_t)a * 0x9E3779B97F4A7C15ull;
    x ^= (uint64_t)b * 0xC2B2AE3D27D4EB4Full + (x >> 29);
    x ^= (uint64_t)c * 0x165667B19E3779F9ull + (x >> 31);
    x ^= (uint64_t)d * 0xD6E8FEB86659FD93ull + (x >> 27);
    x ^= (uint64_t)e * 0x9E3779B97F4A7C15ull;
    x ^= x >> 33;
    x *= 0xFF51AFD7ED558CCDull;
    x ^= x >> 33;
    return (uint32_t)x;
}

/* init(led_suit, follow_mask, strength, count, sevens_ring, sevens_contract): the
 * tables are read and checked in full first; the module's tables change only when
 * all of them are good. */
static PyObject *py_init(PyObject *self, PyObject *args) {
    PyObject *led, *follow, *str, *count, *ring;
    int sevens;
    if (!PyArg_ParseTuple(args, "OOOOOi", &led, &follow, &str, &count, &ring, &sevens)) return NULL;
    static long n_led[MAXC][NTILES], n_follow[MAXC][NSUITS], n_str[MAXC][NSUITS][NTILES];
    static long n_count[NTILES], n_ring[NSUITS];
    const long all = (1L << NTILES) - 1;
    Py_ssize_t nc = lt_sized(led, -1, "led suits");
    if (nc < 0) return NULL;
    if (nc < 1 || nc > MAXC) {
        PyErr_Format(PyExc_ValueError, "from 1 to %d contracts, not %zd", MAXC, nc);
        return NULL;
    }
    if (sevens < -1 || sevens >= nc) {
        PyErr_SetString(PyExc_ValueError, "the sevens contract must be -1 or a contract");
        return NULL;
    }
    if (lt_table_in(led, &n_led[0][0], nc, NTILES, NTILES, 0, NSUITS - 1, "led suits") < 0 ||
        lt_table_in(follow, &n_follow[0][0], nc, NSUITS, NSUITS, 0, all, "follow masks") < 0 ||
        lt_sized(str, nc, "strengths") < 0)
        return NULL;
    for (Py_ssize_t c = 0; c < nc; c++) {
        PyObject *row = PySequence_GetItem(str, c);
        if (row == NULL) return NULL;
        int bad = lt_table_in(row, &n_str[c][0][0], NSUITS, NTILES, NTILES, 0, MAXSTR - 1,
                              "strengths");
        Py_DECREF(row);
        if (bad < 0) return NULL;
    }
    if (lt_ints_in(count, n_count, NTILES, 0, 100, "counts") < 0) return NULL;
    long total = 0;
    for (int t = 0; t < NTILES; t++) total += n_count[t];
    if (total + 7 > 127) { /* hand values are kept in int8 bounds */
        PyErr_SetString(PyExc_ValueError, "the counts must add up to at most 120");
        return NULL;
    }
    Py_ssize_t nr = lt_sized(ring, -1, "sevens rings");
    if (nr < 0) return NULL;
    if (nr > NSUITS) {
        PyErr_Format(PyExc_ValueError, "the sevens rings must be at most %d masks", NSUITS);
        return NULL;
    }
    if (lt_ints_in(ring, n_ring, nr, 0, all, "sevens rings") < 0) return NULL;
    /* everything read and checked: the tables change, one search at a time */
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(table_lock, WAIT_LOCK);
    Py_END_ALLOW_THREADS
    for (int c = 0; c < nc; c++)
        for (int t = 0; t < NTILES; t++) T_led[c][t] = (uint8_t)n_led[c][t];
    for (int c = 0; c < nc; c++)
        for (int u = 0; u < NSUITS; u++) {
            T_follow[c][u] = (uint32_t)n_follow[c][u];
            for (int t = 0; t < NTILES; t++) T_str[c][u][t] = (uint8_t)n_str[c][u][t];
        }
    for (int t = 0; t < NTILES; t++) T_count[t] = (uint8_t)n_count[t];
    memset(T_ring, 0, sizeof T_ring);
    for (Py_ssize_t r = 0; r < nr; r++) T_ring[r] = (uint32_t)n_ring[r];
    n_rings = (int)nr;
    n_contracts = (int)nc;
    sevens_contract = sevens;
    for (int c = 0; c < n_contracts; c++) {
        derive_fixed(c);
        for (int l = 0; l < NSUITS; l++)
            for (int w = 0; w < MAXSTR; w++) {
                uint32_t m = 0;
                for (int u = 0; u < NTILES; u++)
                    if (T_str[c][l][u] > w) m |= 1u << u;
                T_above[c][l][w] = m;
            }
        for (int t = 0; t < NTILES; t++) {
            int l = T_led[c][t];
            T_beats[c][t] = T_above[c][l][T_str[c][l][t]];
        }
    }
    if (tt != NULL) memset(tt, 0, (size_t)TT_SIZE * 2 * sizeof(Entry)); /* old values */
    tables_ready = 1;
    PyThread_release_lock(table_lock);
    Py_RETURN_NONE;
}

/* ----------------------------------------------------------------- search */

typedef struct {
    uint32_t hands[4];
    int contract;
    int sevens;
    int size; /* plays per trick: 4, or 3 when a seat sits out */
    int next[4];
    int mode; /* 0: points (1 a trick + count), 1: tricks */
    int scorer; /* mask of the seats whose tricks score */
    int maxer;  /* mask of the seats that maximise */
    uint32_t cfg;
    int tricks_left; /* including the trick in progress */
    int rem_count;   /* count of the tiles still in the playing hands */
    uint32_t active; /* tiles of the playing seats */
    int sure_bounds; /* points mode with the maximisers scoring: quick_bounds() applies */
    long long nodes;
} Ctx;

static int gain_of(const Ctx *c, int winner, int trick_pts) {
    if (!(c->scorer >> winner & 1)) return 0;
    return c->mode ? 1 : 1 + trick_pts;
}

static uint32_t legal_moves(const Ctx *c, int seat, int pos, int led) {
    uint32_t hand = c->hands[seat];
    if (c->sevens) {
        for (int r = 0; r < n_rings; r++)
            if (hand & T_ring[r]) return hand & T_ring[r];
        return hand;
    }
    if (pos == 0) return hand;
    uint32_t f = hand & T_follow[c->contract][led];
    return f ? f : hand;
}

/* Keep one tile of each run of interchangeable fixed-strength tiles in moves. */
static uint32_t drop_equivalent(const Ctx *c, int seat, uint32_t moves, int pos, int best_str) {
    uint32_t fixed = T_fixed[c->contract];
    uint32_t mine_fixed = moves & fixed;
    if ((mine_fixed & (mine_fixed - 1)) == 0) return moves; /* fewer than two */
    uint32_t mine = c->hands[seat];
    uint32_t others = c->active & ~mine;
    const uint8_t *order = T_fixed_order[c->contract];
    int n = T_fixed_len[c->contract];
    /* Between two tiles of other seats, my tiles with the same count (and, in
     * the trick in progress, the same verdict against the best tile so far)
     * are interchangeable: one trick takes one of them, and everything else
     * sees them alike. Keep the first of each kind. */
    int kinds[8], n_kinds = 0;
    for (int i = 0; i < n; i++) {
        int t = order[i];
        uint32_t bit = 1u << t;
        if (others & bit) {
            n_kinds = 0;
        } else if (moves & bit) {
            int beats = pos == 0 || T_str[c->contract][0][t] > best_str;
            int kind = (c->mode ? 0 : T_count[t]) * 2 + beats;
            int k = 0;
            while (k < n_kinds && kinds[k] != kind) k++;
            if (k < n_kinds) moves &= ~bit;
            else if (n_kinds < 8) kinds[n_kinds++] = kind;
        }
    }
    return moves;
}

/* The last trick: every playing seat has one tile. */
static int last_trick(const Ctx *c, int leader) {
    int seat = leader;
    int t = lowest(c->hands[seat]);
    int led = T_led[c->contract][t];
    const uint8_t *str = T_str[c->contract][led];
    int best = str[t], best_seat = seat, pts = T_count[t];
    for (int k = 1; k < c->size; k++) {
        seat = c->next[seat];
        t = lowest(c->hands[seat]);
        pts += T_count[t];
        if (str[t] > best) {
            best = str[t];
            best_seat = seat;
        }
    }
    return gain_of(c, best_seat, pts);
}

/* Points each side is sure to take from the tricks to play (points mode, at
 * the start of a trick): the leader cashes every tile nobody else can beat,
 * one trick each, keeping the lead; and a seat's fixed-strength tiles (trumps)
 * above every fixed tile of the other side win whatever trick they fall in,
 * one trick each. The two may overlap, so a side takes the larger. */
static void quick_bounds(const Ctx *c, int leader, int *lo_max, int *lo_min) {
    int sure[2] = {0, 0};
    uint32_t others = c->active & ~c->hands[leader];
    int cash = 0;
    for (uint32_t m = c->hands[leader]; m; m &= m - 1) {
        int t = lowest(m);
        if (!(T_beats[c->contract][t] & others)) cash += 1 + T_count[t];
    }
    int leader_side = c->maxer >> leader & 1;
    sure[leader_side] = cash;
    const uint8_t *order = T_fixed_order[c->contract];
    int n = T_fixed_len[c->contract];
    int side = -1, per_seat[4] = {0, 0, 0, 0};
    for (int i = 0; i < n; i++) {
        int t = order[i];
        if (!(c->active >> t & 1)) continue;
        int owner = 0;
        while (!(c->hands[owner] >> t & 1)) owner++;
        int owner_side = c->maxer >> owner & 1;
        if (side < 0) side = owner_side;
        else if (owner_side != side) break;
        per_seat[owner] += 1 + T_count[t];
    }
    if (side >= 0)
        for (int s = 0; s < 4; s++)
            if ((c->maxer >> s & 1) == side && per_seat[s] > sure[side]) sure[side] = per_seat[s];
    /* side 1 (maximisers) score; in points mode they are the scoring side */
    *lo_max = sure[1];
    *lo_min = sure[0];
}

/* Whether a seat of the other side (or, with partner set, of the same side)
 * can beat strength s in the suit led. */
static int others_beat(const Ctx *c, int seat, int led, int s, int partner) {
    const int side = c->maxer >> seat & 1;
    const uint32_t above = T_above[c->contract][led][s];
    for (int o = c->next[seat]; o != seat; o = c->next[o]) {
        if (((c->maxer >> o & 1) == side) != partner) continue;
        uint32_t hand = c->hands[o];
        uint32_t f = hand & T_follow[c->contract][led];
        if ((f ? f : hand) & above) return 1;
    }
    return 0;
}

/* Whether a seat still to play in this trick, on the other side from win_seat,
 * can beat strength s. */
static int later_beats(const Ctx *c, int seat, int pos, int led, int win_seat, int s) {
    const int side = c->maxer >> win_seat & 1;
    const uint32_t above = T_above[c->contract][led][s];
    int o = seat;
    for (int p = pos + 1; p < c->size; p++) {
        o = c->next[o];
        if ((c->maxer >> o & 1) == side) continue;
        uint32_t hand = c->hands[o];
        uint32_t f = hand & T_follow[c->contract][led];
        if ((f ? f : hand) & above) return 1;
    }
    return 0;
}

static int lead_score(const Ctx *c, int seat, int t) {
    int led = T_led[c->contract][t];
    int s = T_str[c->contract][led][t];
    /* a tile no opponent can beat first: side suits before trumps, then count
     * first, then the lower tile; then a tile the partner can beat, higher
     * tiles and more count first; then the rest, higher tiles and less count
     * first */
    if (!others_beat(c, seat, led, s, 0))
        return 4000 + T_count[t] * 8 - s - (T_fixed[c->contract] >> t & 1 ? 400 : 0);
    if (others_beat(c, seat, led, s, 1)) return 1500 + s + T_count[t] * 8;
    return 1000 + s - T_count[t] * 8;
}

static int search(Ctx *c, int seat, int pos, int led, int best_str, int best_seat, int trick_pts,
                  int alpha, int beta);

/* The last two tricks from their first lead, searched plainly: each seat holds two
 * tiles at most, so ordering the moves costs more than it saves. */
static int endgame2(Ctx *c, int seat, int pos, int led, int best_str, int best_seat, int trick_pts,
                    int alpha, int beta) {
    c->nodes++;
    const int contract = c->contract;
    const int is_max = c->maxer >> seat & 1;
    const int last = pos == c->size - 1;
    int best = is_max ? -1 : 1 << 20;
    for (uint32_t m = legal_moves(c, seat, pos, led); m; m &= m - 1) {
        const int t = lowest(m);
        const int l = pos == 0 ? T_led[contract][t] : led;
        const int s = T_str[contract][l][t];
        const int wins = pos == 0 || s > best_str;
        const int nseat = wins ? seat : best_seat;
        const int tp = trick_pts + T_count[t];
        c->hands[seat] &= ~(1u << t);
        const int v = last ? gain_of(c, nseat, tp) + last_trick(c, nseat)
                           : endgame2(c, c->next[seat], pos + 1, l, wins ? s : best_str, nseat,
                                      tp, alpha, beta);
        c->hands[seat] |= 1u << t;
        if (is_max ? v > best : v < best) best = v;
        if (is_max && v > alpha) alpha = v;
        if (!is_max && v < beta) beta = v;
        if (alpha >= beta) break;
    }
    return best;
}

/* The moves of a position (see search()), ordered and searched: the best value, and
 * the move that gave it in *best_move. */
static int search_moves(Ctx *c, int seat, int pos, int led, int best_str, int best_seat,
                        int trick_pts, int alpha, int beta, int tt_move, int *best_move_out) {
    const int contract = c->contract;
    uint32_t moves = legal_moves(c, seat, pos, led);
    if (!c->sevens) moves = drop_equivalent(c, seat, moves, pos, best_str);

    /* order the moves */
    int list[8], score[8], n = 0;
    const int is_max = c->maxer >> seat & 1;
    const int last = pos == c->size - 1;
    for (uint32_t m = moves; m; m &= m - 1) {
        int t = lowest(m);
        int sc;
        if (t == tt_move) {
            sc = 1 << 20;
        } else if (pos == 0) {
            sc = lead_score(c, seat, t);
        } else {
            int s = T_str[contract][led][t];
            int cnt = c->mode ? 0 : T_count[t];
            /* who wins the trick if this tile is played, and whether a seat still
             * to play could change that */
            int wins = s > best_str;
            int win_seat = wins ? seat : best_seat;
            int win_str = wins ? s : best_str;
            int good = (c->scorer >> win_seat & 1) == is_max;
            int settled = last || !later_beats(c, seat, pos, led, win_seat, win_str);
            /* count on a trick won for the mover's side, or on one a later
             * partner may still take; none on one lost or at risk */
            if (settled) sc = good ? 3000 + cnt * 8 - s : 1000 - cnt * 8 - s;
            else sc = good ? 2500 - cnt * 8 - s : 2000 + cnt * 8 - s;
        }
        int i = n++;
        while (i > 0 && score[i - 1] < sc) {
            score[i] = score[i - 1];
            list[i] = list[i - 1];
            i--;
        }
        score[i] = sc;
        list[i] = t;
    }

    int best = is_max ? -1 : 1 << 20;
    int best_move = n > 0 ? list[0] : -1;
    int a = alpha, b = beta;
    const int nxt = c->next[seat];
    for (int i = 0; i < n; i++) {
        int t = list[i];
        uint32_t bit = 1u << t;
        int l = pos == 0 ? T_led[contract][t] : led;
        int s = T_str[contract][l][t];
        int nbs = best_str, nseat = best_seat;
        if (pos == 0 || s > best_str) {
            nbs = s;
            nseat = seat;
        }
        int tp = trick_pts + T_count[t];
        c->hands[seat] &= ~bit;
        c->active &= ~bit;
        c->rem_count -= T_count[t];
        int v;
        if (last) {
            int g = gain_of(c, nseat, tp);
            c->tricks_left--;
            /* the last trick is scored here, not searched */
            v = g + (c->tricks_left == 1 ? last_trick(c, nseat)
                                         : search(c, nseat, 0, 0, 0, 0, 0, a - g, b - g));
            c->tricks_left++;
        } else {
            v = search(c, nxt, pos + 1, l, nbs, nseat, tp, a, b);
        }
        c->hands[seat] |= bit;
        c->active |= bit;
        c->rem_count += T_count[t];
        if (is_max) {
            if (v > best) {
                best = v;
                best_move = t;
                if (v > a) a = v;
            }
        } else if (v < best) {
            best = v;
            best_move = t;
            if (v < b) b = v;
        }
        if (a >= b) {
            break;
        }
    }

    *best_move_out = best_move;
    return best;
}

static int search(Ctx *c, int seat, int pos, int led, int best_str, int best_seat, int trick_pts,
                  int alpha, int beta) {
    c->nodes++;
    if (c->tricks_left == 0) return 0;
    int maxv = c->mode ? c->tricks_left : c->tricks_left + c->rem_count + trick_pts;
    if (maxv <= alpha) return maxv;
    if (beta <= 0) return 0;
    Entry *slot = NULL;
    int tt_move = -1;
    uint32_t key_cfg = 0;
    if (pos == 0 && c->tricks_left == 1) return last_trick(c, seat);
    if (pos == 0 && c->sure_bounds && c->tricks_left > 2) {
        /* sure points: see quick_bounds() */
        int lo_max, lo_min;
        quick_bounds(c, seat, &lo_max, &lo_min);
        if (lo_max >= beta) return lo_max;
        if (maxv - lo_min <= alpha) return maxv - lo_min;
        if (lo_max > alpha) alpha = lo_max;
        if (maxv - lo_min < beta) beta = maxv - lo_min;
    }
    if (pos == 0 && c->tricks_left >= 2) {
        key_cfg = c->cfg | (uint32_t)seat << 1;
        uint32_t hsh = mix(c->hands[0], c->hands[1], c->hands[2], c->hands[3], key_cfg);
        slot = &tt[(size_t)(hsh & (TT_SIZE - 1)) * 2];
        for (int k = 0; k < 2; k++) {
            Entry *e = &slot[k];
            if (e->cfg == key_cfg && e->h[0] == c->hands[0] && e->h[1] == c->hands[1] &&
                e->h[2] == c->hands[2] && e->h[3] == c->hands[3]) {
                if (e->lo >= beta) return e->lo;
                if (e->hi <= alpha) return e->hi;
                if (e->lo == e->hi) return e->lo;
                if (e->lo > alpha) alpha = e->lo;
                if (e->hi < beta) beta = e->hi;
                tt_move = (int)e->best - 1;
                break;
            }
        }
    }
    int best, best_move = -1;
    if (pos == 0 && c->tricks_left == 2) best = endgame2(c, seat, 0, 0, 0, 0, 0, alpha, beta);
    else best = search_moves(c, seat, pos, led, best_str, best_seat, trick_pts, alpha, beta, tt_move,
                             &best_move);
    if (slot != NULL) {
        int depth = c->tricks_left;
        Entry *e = NULL;
        for (int k = 0; k < 2; k++)
            if (slot[k].cfg == key_cfg && slot[k].h[0] == c->hands[0] &&
                slot[k].h[1] == c->hands[1] && slot[k].h[2] == c->hands[2] &&
                slot[k].h[3] == c->hands[3]) {
                e = &slot[k];
                break;
            }
        if (e == NULL) {
            e = slot[0].cfg == 0 || depth >= slot[0].depth ? &slot[0] : &slot[1];
            if (e == &slot[0] && slot[0].cfg != 0) slot[1] = slot[0];
            e->cfg = key_cfg;
            memcpy(e->h, c->hands, sizeof e->h);
            e->lo = 0;
            e->hi = 127;
            e->depth = (uint8_t)depth;
        }
        /* best is exact inside (alpha, beta), a bound outside */
        if (best > alpha && best < beta) {
            e->lo = e->hi = (int8_t)best;
        } else if (best <= alpha) {
            if (best < e->hi) e->hi = (int8_t)best;
        } else if (best > e->lo) {
            e->lo = (int8_t)best;
        }
        if (e->lo > e->hi) e->lo = e->hi; /* cannot happen with a sound search */
        e->best = (uint8_t)(best_move + 1);
    }
    return best;
}

/* The hands must be disjoint tiles, and every playing seat must hold one tile
 * per trick left, less one if it has played to the trick on the table; the led
 * suit, best strength, best seat (one that played) and the points on the table
 * must be in range (no points before the lead). */
static int check_position(const Ctx *c, int sitting_out, int seat, int pos, const long *v) {
    uint32_t seen = 0;
    int bad = c->tricks_left < 0 || c->tricks_left > 7 || v[11] < 0 || v[11] >= NSUITS ||
              v[13] < 0 || v[13] > 3 || v[12] < 0 || v[12] >= MAXSTR ||
              (pos > 0 && c->tricks_left == 0) || v[15] < 0 || v[15] > 120 ||
              (pos == 0 && v[15] != 0);
    for (int s = 0; s < 4 && !bad; s++) {
        if (v[s] < 0 || v[s] >= (1L << NTILES) || (c->hands[s] & seen)) bad = 1;
        seen |= c->hands[s];
    }
    /* seats that already played to this trick: the pos seats before the mover */
    uint32_t played = 0;
    int o = seat;
    for (int p = 0; p < pos && !bad; p++) {
        int prev = (o + 3) % 4;
        if (prev == sitting_out) prev = (prev + 3) % 4;
        played |= 1u << prev;
        o = prev;
    }
    for (int s = 0; s < 4 && !bad; s++) {
        if (s == sitting_out) continue;
        int want = c->tricks_left - (int)(played >> s & 1);
        if (lt_popcount32(c->hands[s]) != want) bad = 1;
    }
    if (pos > 0 && !(played >> v[13] & 1)) bad = 1; /* the best so far played to the trick */
    if (bad) {
        PyErr_SetString(PyExc_ValueError,
                        "not a position: the hands must be disjoint and hold one tile a trick, "
                        "the trick's figures in range");
        return -1;
    }
    return 0;
}

/* search(hands, contract, sitting_out, mode, scorer, maxer, seat, pos, led, best_str,
 *        best_seat, trick_pts, tricks_left, alpha, beta) -> value */
static long long total_nodes;

static PyObject *py_search(PyObject *self, PyObject *const *args, Py_ssize_t nargs) {
    if (!tables_ready) {
        PyErr_SetString(PyExc_RuntimeError, "init() must be called first");
        return NULL;
    }
    if (nargs != 18) {
        PyErr_SetString(PyExc_TypeError, "search() takes 18 integer arguments");
        return NULL;
    }
    long v[18];
    for (Py_ssize_t i = 0; i < nargs; i++) {
        v[i] = PyLong_AsLong(args[i]);
        if (v[i] == -1 && PyErr_Occurred()) return NULL;
    }
    if (tt == NULL) {
        size_t bytes = (size_t)TT_SIZE * 2 * sizeof(Entry);
        tt = aligned_alloc(64, bytes);
        if (tt == NULL) return PyErr_NoMemory();
        memset(tt, 0, bytes);
    }
    Ctx ctx;
    Ctx *c = &ctx;
    for (int i = 0; i < 4; i++) c->hands[i] = (uint32_t)v[i];
    int contract = (int)v[4], sitting_out = (int)v[5];
    if (contract < 0 || contract >= n_contracts || sitting_out < -1 || sitting_out > 3) {
        PyErr_SetString(PyExc_ValueError, "bad contract or sitting-out seat");
        return NULL;
    }
    if (v[6] != 0 && v[6] != 1) {
        PyErr_SetString(PyExc_ValueError, "mode must be 0 (points) or 1 (tricks)");
        return NULL;
    }
    if (v[7] < 0 || v[7] > 15 || v[8] < 0 || v[8] > 15) {
        PyErr_SetString(PyExc_ValueError, "the scoring and maximising seats are masks of 4 bits");
        return NULL;
    }
    if (v[16] >= v[17]) {
        PyErr_SetString(PyExc_ValueError, "alpha must be below beta");
        return NULL;
    }
    /* hand values lie in 0..127: wider windows mean the same, and stay ints */
    for (int i = 16; i < 18; i++) v[i] = v[i] < -1000 ? -1000 : v[i] > 1000 ? 1000 : v[i];
    c->contract = contract;
    c->sevens = contract == sevens_contract;
    c->mode = (int)v[6];
    c->scorer = (int)v[7];
    c->maxer = (int)v[8];
    int seat = (int)v[9], pos = (int)v[10];
    c->size = sitting_out >= 0 ? 3 : 4;
    if (seat < 0 || seat > 3 || seat == sitting_out || pos < 0 || pos >= c->size) {
        PyErr_SetString(PyExc_ValueError, "bad seat to move or trick position");
        return NULL;
    }
    for (int s = 0; s < 4; s++) {
        int n = (s + 1) % 4;
        if (n == sitting_out) n = (n + 1) % 4;
        c->next[s] = n;
    }
    c->tricks_left = (int)v[14];
    if (check_position(c, sitting_out, seat, pos, v) < 0) return NULL;
    c->active = 0;
    c->rem_count = 0;
    for (int s = 0; s < 4; s++)
        if (s != sitting_out) c->active |= c->hands[s];
    for (uint32_t m = c->active; m; m &= m - 1) c->rem_count += T_count[lowest(m)];
    c->cfg = 1u | (uint32_t)contract << 3 | (uint32_t)c->mode << 7 | (uint32_t)c->scorer << 8 |
             (uint32_t)c->maxer << 12 | (uint32_t)(sitting_out + 1) << 16;
    c->sure_bounds = c->mode == 0 && c->scorer == c->maxer;
    c->nodes = 0;
    int r;
    /* other Python threads run during the search; searches take turns on the table */
    Py_BEGIN_ALLOW_THREADS
    PyThread_acquire_lock(table_lock, WAIT_LOCK);
    r = search(c, seat, pos, (int)v[11], (int)v[12], (int)v[13], (int)v[15], (int)v[16],
               (int)v[17]);
    total_nodes += c->nodes;
    PyThread_release_lock(table_lock);
    Py_END_ALLOW_THREADS
    return PyLong_FromLong(r);
}

static PyObject *py_nodes(PyObject *self, PyObject *unused) {
    return PyLong_FromLongLong(total_nodes);
}

static PyObject *py_clear(PyObject *self, PyObject *unused) {
    if (tt != NULL) {
        Py_BEGIN_ALLOW_THREADS
        PyThread_acquire_lock(table_lock, WAIT_LOCK);
        memset(tt, 0, (size_t)TT_SIZE * 2 * sizeof(Entry));
        PyThread_release_lock(table_lock);
        Py_END_ALLOW_THREADS
    }
    Py_RETURN_NONE;
}

static PyMethodDef methods[] = {
    {"init", py_init, METH_VARARGS, "Load the rules tables (from texas42.tables)."},
    {"search", (PyCFunction)(void (*)(void))py_search, METH_FASTCALL,
     "Fail-soft alpha-beta value of a position within (alpha, beta)."},
    {"nodes", py_nodes, METH_NOARGS, "Nodes searched since the module was loaded."},
    {"clear", py_clear, METH_NOARGS, "Empty the transposition table."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_solver", "Exact Texas 42 search (see solver.py).", -1, methods,
};

PyMODINIT_FUNC PyInit__solver(void) {
    if (table_lock == NULL) {
        table_lock = PyThread_allocate_lock();
        if (table_lock == NULL) return PyErr_NoMemory();
    }
    return PyModule_Create(&module);
}
