/* The observation and information state encoders of the games, written in C
 * (the compiled twins of ludoteca/games/<game>/tensor.py, behind the Game API's
 * observation_tensor and information_state_tensor).
 *
 * Each encoder reads the fields of a game object that the seat's view shows
 * (the same fields the pure-Python readers of ludoteca/games/<game>/tensor.py read) and
 * writes the whole float32 vector into a buffer of the right size: the
 * observation or the information state, with exactly the layout and the values
 * of the Python encoders (the tests compare both over many random games).
 * Layouts (offsets, sizes) and rule tables come from the Python modules when an
 * encoder is built, so this file holds no second copy of them.
 *
 * Every index written is checked against the vector's size, and every value
 * read from the game against its range: a game in an unexpected shape raises
 * an exception, never writes out of bounds.
 */
#include "../_cpython.h"
#include <string.h>

/* ------------------------------------------------------------------ names */

static PyObject *s_phase, *s_turn, *s_dealer, *s_scores, *s_hands, *s_bids, *s_bidder,
    *s_declarer, *s_contract, *s_points, *s_tricks, *s_trick, *s_plays, *s_winner, *s_sets,
    *s_hand_leader, *s_trump, *s_trump_tile, *s_closed_by, *s_drawn, *s_dealt,
    *s_tricks_won, *s_shown, *s_following_compulsory, *s_stock_count, *s_known_held, *s_up_showing, *s_lead_tile, *s_lead_show, *s_hand_start,
    *s_history, *s_stock, *s_stock_pos, *s_reserve, *s_passes, *s_ends, *s_leader, *s_tbn,
    *s_cols, *s_horiz, *s_order, *s_rolls, *s_ranking, *s_round, *s_round_winner,
    *s_rounds_won, *s_last_round;

static int intern_names(void) {
#define NAME(var, text)                                  \
    if (!(var = PyUnicode_InternFromString(text))) return -1;
    NAME(s_phase, "phase") NAME(s_turn, "turn") NAME(s_dealer, "dealer")
    NAME(s_scores, "scores") NAME(s_hands, "hands") NAME(s_bids, "bids")
    NAME(s_bidder, "bidder") NAME(s_declarer, "declarer") NAME(s_contract, "contract")
    NAME(s_points, "points") NAME(s_tricks, "tricks") NAME(s_trick, "trick")
    NAME(s_plays, "plays") NAME(s_winner, "winner") NAME(s_sets, "sets")
    NAME(s_hand_leader, "hand_leader") NAME(s_trump, "trump") NAME(s_trump_tile, "trump_tile")
    NAME(s_closed_by, "closed_by") NAME(s_drawn, "drawn")
    NAME(s_dealt, "dealt") NAME(s_tricks_won, "tricks_won") NAME(s_shown, "shown")
    NAME(s_following_compulsory, "following_compulsory") NAME(s_stock_count, "stock_count")
    NAME(s_known_held, "known_held")
    NAME(s_up_showing, "up_showing") NAME(s_lead_tile, "lead_tile") NAME(s_lead_show, "lead_show")
    NAME(s_hand_start, "hand_start") NAME(s_history, "_history") NAME(s_stock, "stock")
    NAME(s_stock_pos, "stock_pos") NAME(s_reserve, "reserve") NAME(s_passes, "passes")
    NAME(s_ends, "ends") NAME(s_leader, "leader") NAME(s_tbn, "tbn") NAME(s_cols, "cols")
    NAME(s_horiz, "horiz") NAME(s_order, "order") NAME(s_rolls, "rolls")
    NAME(s_ranking, "ranking") NAME(s_round, "round") NAME(s_round_winner, "round_winner")
    NAME(s_rounds_won, "rounds_won") NAME(s_last_round, "last_round")
#undef NAME
    return 0;
}

/* ---------------------------------------------------------------- reading */

#define TILE_MASK_LIMIT (1L << 28)

static int as_long(PyObject *x, long *out) {
    long v = PyLong_AsLong(x);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* An int attribute of the game. */
static int get_long(PyObject *game, PyObject *name, long *out) {
    PyObject *x = PyObject_GetAttr(game, name);
    if (!x) return -1;
    int r = as_long(x, out);
    Py_DECREF(x);
    return r;
}

/* A list or tuple attribute of the game, as a new reference (PySequence_Fast). */
static PyObject *get_seq(PyObject *game, PyObject *name) {
    PyObject *x = PyObject_GetAttr(game, name);
    if (!x) return NULL;
    PyObject *seq = PySequence_Fast(x, "the game holds a sequence here");
    Py_DECREF(x);
    return seq;
}

/* Item i of a PySequence_Fast sequence as a long, with its index checked. */
static int seq_long(PyObject *seq, Py_ssize_t i, long *out) {
    if (i < 0 || i >= PySequence_Fast_GET_SIZE(seq)) {
        PyErr_SetString(PyExc_IndexError, "the game holds a shorter sequence than expected");
        return -1;
    }
    return as_long(PySequence_Fast_GET_ITEM(seq, i), out);
}

/* The first two items of a tuple or list (a play, a bid, a roll). */
static int pair_of(PyObject *x, long *a, long *b) {
    if (PyTuple_Check(x) && PyTuple_GET_SIZE(x) >= 2) {
        if (as_long(PyTuple_GET_ITEM(x, 0), a) < 0) return -1;
        return as_long(PyTuple_GET_ITEM(x, 1), b);
    }
    if (PyList_Check(x) && PyList_GET_SIZE(x) >= 2) {
        if (as_long(PyList_GET_ITEM(x, 0), a) < 0) return -1;
        return as_long(PyList_GET_ITEM(x, 1), b);
    }
    PyErr_SetString(PyExc_TypeError, "a pair (seat, value) was expected");
    return -1;
}

static int bad_value(const char *what) {
    PyErr_Format(PyExc_ValueError, "unexpected value in the game: %s", what);
    return -1;
}

static int check_tile(long t) { return (t < 0 || t >= 28) ? bad_value("tile") : 0; }
static int check_mask(long m) { return (m < 0 || m >= TILE_MASK_LIMIT) ? bad_value("tile mask") : 0; }

/* ---------------------------------------------------------------- writing */

typedef struct {
    float *v;
    Py_ssize_t n;
} Vec;

static int out_of_range(void) {
    PyErr_SetString(PyExc_IndexError, "an entry outside the vector (layout mismatch)");
    return -1;
}

static inline int put(Vec *o, Py_ssize_t i, float x) {
    if (i < 0 || i >= o->n) return out_of_range();
    o->v[i] = x;
    return 0;
}

static inline int one(Vec *o, Py_ssize_t i) { return put(o, i, 1.0f); }

/* A tile mask as 28 entries from k on, 1 where the tile is in the mask. */
static int put_mask(Vec *o, Py_ssize_t k, long mask) {
    if (check_mask(mask) < 0) return -1;
    if (k < 0 || k + 28 > o->n) return out_of_range();
    uint32_t m = (uint32_t)mask;
    while (m) {
        o->v[k + __builtin_ctz(m)] = 1.0f;
        m &= m - 1;
    }
    return 0;
}

/* k/n as the Python encoders store it: the double quotient rounded to float32. */
static inline float frac(long k, long n) { return (float)((double)k / (double)n); }

/* Checks that "k" lies in 0..n, the range of a fraction table of the Python
 * encoders (their table look-up fails outside it). */
static int fraction(Vec *o, Py_ssize_t i, long k, long n) {
    if (k < 0 || k > n) return bad_value("count outside its scale");
    return put(o, i, frac(k, n));
}

/* The writable float32 buffer "out" of exactly "size" entries, zeroed. */
static int open_vec(PyObject *out, Py_ssize_t size, Py_buffer *view, Vec *o) {
    if (PyObject_GetBuffer(out, view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) return -1;
    if (view->len != size * (Py_ssize_t)sizeof(float)) {
        PyBuffer_Release(view);
        PyErr_Format(PyExc_ValueError, "the vector must hold %zd float32 entries", size);
        return -1;
    }
    o->v = (float *)view->buf;
    o->n = size;
    memset(o->v, 0, (size_t)view->len);
    return 0;
}

/* ================================================================ encoders */

/* What every encoder holds first: how to write its vectors. */
typedef int (*write_fn)(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);

typedef struct {
    PyObject_HEAD
    write_fn write;
    long seats;
    Py_ssize_t sizes[2]; /* observation, information state */
    PyObject *held;      /* a Python callable the writer uses, or NULL */
} Encoder;

static int t42_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);
static int bingo_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);
static int fiveup_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);
static int cavaleiro_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);

static void encoder_dealloc(Encoder *self) {
    Py_CLEAR(self->held);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int seat_arg(Encoder *self, PyObject *arg, long *seat) {
    if (as_long(arg, seat) < 0) return -1;
    if (*seat < 0 || *seat >= self->seats) {
        PyErr_SetString(PyExc_ValueError, "no such seat");
        return -1;
    }
    return 0;
}

/* encoder.observation(game, seat, out=None) and encoder.info_state(game, seat, out=None):
 * write the vector into out (a new bytearray when None) and return it. */
static PyObject *encoder_write(Encoder *self, PyObject *const *args, Py_ssize_t nargs, int info) {
    long seat;
    if (nargs != 2 && nargs != 3) {
        PyErr_SetString(PyExc_TypeError, "an encoder takes (game, seat, out=None)");
        return NULL;
    }
    if (seat_arg(self, args[1], &seat) < 0) return NULL;
    PyObject *out;
    if (nargs == 2 || args[2] == Py_None) {
        out = PyByteArray_FromStringAndSize(NULL, self->sizes[info] * (Py_ssize_t)sizeof(float));
        if (!out) return NULL;
    } else {
        out = args[2];
        Py_INCREF(out);
    }
    Py_buffer view;
    Vec o;
    if (open_vec(out, self->sizes[info], &view, &o) < 0) {
        Py_DECREF(out);
        return NULL;
    }
    int r = self->write((PyObject *)self, args[0], seat, &o, info);
    PyBuffer_Release(&view);
    if (r < 0) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
}

static PyObject *encoder_observation(Encoder *self, PyObject *const *args, Py_ssize_t nargs) {
    return encoder_write(self, args, nargs, 0);
}

static PyObject *encoder_info_state(Encoder *self, PyObject *const *args, Py_ssize_t nargs) {
    return encoder_write(self, args, nargs, 1);
}

static PyMethodDef encoder_methods[] = {
    {"observation", (PyCFunction)(void (*)(void))encoder_observation, METH_FASTCALL,
     "observation(game, seat, out=None, /)\n--\n\n"
     "Write the seat's observation into out (a new bytearray when None); return it."},
    {"info_state", (PyCFunction)(void (*)(void))encoder_info_state, METH_FASTCALL,
     "info_state(game, seat, out=None, /)\n--\n\n"
     "Write the seat's information state into out (a new bytearray when None); return it."},
    {NULL, NULL, 0, NULL}};

/* ================================================================= Texas 42 */

#define T42_CONTRACTS 16
enum {
    T_PHASE, T_MINE, T_DEALER, T_SCORES, T_HAND, T_BIDS, T_BIDDER, T_DECLARER, T_CONTRACT,
    T_POINTS, T_TRICK, T_LED, T_PLAYED, T_VOIDS, T_WON, T_DEALT, T_TRICKS, T_TRICK_BLOCK,
    T_NUM_BIDS, T_OBS_SIZE, T_INFO_SIZE, T_NOFF
};

typedef struct {
    Encoder base;
    long off[T_NOFF];
    long n_contracts;
    long bid_phase, play_phase; /* the core's phases of the bidding and of the play */
    long led[T42_CONTRACTS][28];
    /* shown[c][k * 28 + t]: the tiles a seat shows it lacks by playing t to a trick of
     * contract c whose led suit is k (the core's shown_void, tabled) */
    long shown[T42_CONTRACTS][8 * 28];
    long score_cap;
} Texas42Encoder;

static int t42_init(Texas42Encoder *self, PyObject *args, PyObject *kwds) {
    PyObject *offsets, *led, *shown, *phases;
    long ph[2];
    if (!PyArg_ParseTuple(args, "OOOOl", &offsets, &led, &shown, &phases, &self->score_cap))
        return -1;
    if (lt_ints_in(phases, ph, 2, 0, 99, "phases") < 0) return -1;
    self->bid_phase = ph[0];
    self->play_phase = ph[1];
    if (lt_ints_in(offsets, self->off, T_NOFF, 0, 99999, "offsets") < 0) return -1;
    Py_ssize_t nc = PySequence_Length(led);
    if (nc < 0) return -1;
    if (nc > T42_CONTRACTS) return bad_value("too many contracts");
    self->n_contracts = nc;
    if (lt_table_in(led, &self->led[0][0], nc, 28, 28, 0, 7, "led suits") < 0) return -1;
    if (lt_table_in(shown, &self->shown[0][0], nc, 8 * 28, 8 * 28, 0, TILE_MASK_LIMIT - 1,
                    "shown voids") < 0)
        return -1;
    if (self->bid_phase < 0 || self->play_phase < self->bid_phase) return bad_value("phases");
    if (self->score_cap <= 0) return bad_value("score cap");
    self->base.write = t42_write;
    self->base.seats = 4;
    self->base.sizes[0] = self->off[T_OBS_SIZE];
    self->base.sizes[1] = self->off[T_INFO_SIZE];
    return 0;
}

/* A finished trick of the core (leader, plays, winner, points): its plays and winner. */
static PyObject *t42_plays_of(PyObject *trick_record, long *winner) {
    if (!PyTuple_Check(trick_record) || PyTuple_GET_SIZE(trick_record) < 3) {
        PyErr_SetString(PyExc_TypeError, "a trick record is a (leader, plays, winner, ...) tuple");
        return NULL;
    }
    if (as_long(PyTuple_GET_ITEM(trick_record, 2), winner) < 0) return NULL;
    return PySequence_Fast(PyTuple_GET_ITEM(trick_record, 1), "plays are a sequence");
}

/* Folds one trick's plays into the tiles played and the suits shown void, by
 * absolute seat; writes the trick into the information state's grid when
 * grid >= 0 (its first entry). */
static int t42_trick(Texas42Encoder *self, Vec *o, long seat, long c, PyObject *plays,
                     uint32_t *played, uint32_t *voids, Py_ssize_t grid) {
    Py_ssize_t np = PySequence_Fast_GET_SIZE(plays);
    if (np == 0) return 0;
    if (c < 0 || c >= self->n_contracts) return bad_value("contract");
    const long *shown = self->shown[c];
    for (Py_ssize_t i = 0; i < np; i++) {
        long s, t;
        if (pair_of(PySequence_Fast_GET_ITEM(plays, i), &s, &t) < 0) return -1;
        if (check_tile(t) < 0) return -1;
        if (s < 0 || s > 3) return bad_value("seat");
        if (i == 0) {
            shown = self->shown[c] + self->led[c][t] * 28;
            if (grid >= 0 && one(o, grid + ((s - seat) & 3)) < 0) return -1;
        }
        if (grid >= 0 && one(o, grid + 4 + ((s - seat) & 3) * 28 + t) < 0) return -1;
        played[s] |= 1u << t;
        voids[s] |= (uint32_t)shown[t];
    }
    return 0;
}

static PyObject *t42_s_core;

static int t42_write(PyObject *encoder, PyObject *game_object, long seat, Vec *out, int info) {
    Texas42Encoder *self = (Texas42Encoder *)encoder;
    Vec o = *out;
    const long *off = self->off;
    PyObject *scores = NULL, *hands = NULL, *bids = NULL, *points = NULL, *tricks = NULL,
             *trick = NULL, *plays = NULL;
    long phase, turn, dealer, bidder, declarer, contract;
    /* the fields are those of the game's core (ludoteca.games.texas42.core.State) */
    if (t42_s_core == NULL && !(t42_s_core = PyUnicode_InternFromString("core"))) return -1;
    PyObject *game = PyObject_GetAttr(game_object, t42_s_core);
    if (!game) return -1;
    if (get_long(game, s_phase, &phase) < 0 || get_long(game, s_turn, &turn) < 0 ||
        get_long(game, s_dealer, &dealer) < 0 || get_long(game, s_bidder, &bidder) < 0 ||
        get_long(game, s_declarer, &declarer) < 0 || get_long(game, s_contract, &contract) < 0)
        goto fail;
    if (!(scores = get_seq(game, s_scores)) || !(hands = get_seq(game, s_hands)) ||
        !(bids = get_seq(game, s_bids)) || !(points = get_seq(game, s_points)) ||
        !(tricks = get_seq(game, s_tricks)) || !(trick = get_seq(game, s_trick)))
        goto fail;
    long to_move = (self->bid_phase <= phase && phase <= self->play_phase) ? turn : -1;
    long team = seat & 1, x;

    /* the common part */
    if (dealer >= 0 && one(&o, off[T_DEALER] + ((dealer - seat) & 3)) < 0) goto fail;
    Py_ssize_t nb = PySequence_Fast_GET_SIZE(bids);
    for (Py_ssize_t i = 0; i < nb; i++) {
        long s, a;
        if (pair_of(PySequence_Fast_GET_ITEM(bids, i), &s, &a) < 0) goto fail;
        if (a < 0 || a >= off[T_NUM_BIDS]) {
            bad_value("bid");
            goto fail;
        }
        if (one(&o, off[T_BIDS] + ((s - seat) & 3) * off[T_NUM_BIDS] + a) < 0) goto fail;
    }
    if (bidder >= 0 && one(&o, off[T_BIDDER] + ((bidder - seat) & 3)) < 0) goto fail;
    if (declarer >= 0 && one(&o, off[T_DECLARER] + ((declarer - seat) & 3)) < 0) goto fail;
    if (contract >= 0 && one(&o, off[T_CONTRACT] + contract) < 0) goto fail;
    long hand;
    if (seq_long(hands, seat, &hand) < 0 || put_mask(&o, off[T_HAND], hand) < 0) goto fail;
    if (phase >= self->bid_phase && one(&o, off[T_PHASE] + phase - self->bid_phase) < 0)
        goto fail;
    if (to_move == seat && one(&o, off[T_MINE]) < 0) goto fail;
    Py_ssize_t nt = PySequence_Fast_GET_SIZE(trick);
    if (nt) {
        if (contract < 0 || contract >= self->n_contracts) {
            bad_value("contract");
            goto fail;
        }
        for (Py_ssize_t i = 0; i < nt; i++) {
            long s, t;
            if (pair_of(PySequence_Fast_GET_ITEM(trick, i), &s, &t) < 0 || check_tile(t) < 0)
                goto fail;
            if (one(&o, off[T_TRICK] + ((s - seat) & 3) * 28 + t) < 0) goto fail;
            if (i == 0 && one(&o, off[T_LED] + self->led[contract][t]) < 0) goto fail;
        }
    }
    long cap = self->score_cap;
    if (seq_long(scores, team, &x) < 0 || fraction(&o, off[T_SCORES], x < cap ? x : cap, cap) < 0)
        goto fail;
    if (seq_long(scores, 1 - team, &x) < 0 ||
        fraction(&o, off[T_SCORES] + 1, x < cap ? x : cap, cap) < 0)
        goto fail;
    if (seq_long(points, team, &x) < 0 || fraction(&o, off[T_POINTS], x, 42) < 0) goto fail;
    if (seq_long(points, 1 - team, &x) < 0 || fraction(&o, off[T_POINTS] + 1, x, 42) < 0)
        goto fail;

    /* the tricks */
    uint32_t played[4] = {0, 0, 0, 0}, voids[4] = {0, 0, 0, 0};
    Py_ssize_t ndone = PySequence_Fast_GET_SIZE(tricks);
    long won = 0;
    for (Py_ssize_t k = 0; k < ndone; k++) {
        if (!(plays = t42_plays_of(PySequence_Fast_GET_ITEM(tricks, k), &x))) goto fail;
        Py_ssize_t grid = info ? off[T_TRICKS] + k * off[T_TRICK_BLOCK] : -1;
        if (t42_trick(self, &o, seat, contract, plays, played, voids, grid) < 0) goto fail;
        Py_CLEAR(plays);
        if (x < 0 || x > 3) {
            bad_value("trick winner");
            goto fail;
        }
        won += ((x ^ seat) & 1) == 0;
    }
    if (nt) {
        Py_ssize_t grid = info ? off[T_TRICKS] + ndone * off[T_TRICK_BLOCK] : -1;
        if (t42_trick(self, &o, seat, contract, trick, played, voids, grid) < 0) goto fail;
    }
    if (info) {
        if (put_mask(&o, off[T_DEALT], hand | (long)played[seat]) < 0) goto fail;
    } else {
        for (long r = 0; r < 4; r++) {
            long s = (seat + r) & 3;
            if (put_mask(&o, off[T_PLAYED] + 28 * r, played[s]) < 0 ||
                put_mask(&o, off[T_VOIDS] + 28 * r, voids[s]) < 0)
                goto fail;
        }
        if (ndone && (fraction(&o, off[T_WON], won, 7) < 0 ||
                      fraction(&o, off[T_WON] + 1, (long)ndone - won, 7) < 0))
            goto fail;
    }
    Py_DECREF(scores);
    Py_DECREF(hands);
    Py_DECREF(bids);
    Py_DECREF(points);
    Py_DECREF(tricks);
    Py_DECREF(trick);
    Py_DECREF(game);
    return 0;
fail:
    Py_XDECREF(scores);
    Py_XDECREF(hands);
    Py_XDECREF(bids);
    Py_XDECREF(points);
    Py_XDECREF(tricks);
    Py_XDECREF(trick);
    Py_XDECREF(plays);
    Py_DECREF(game);
    return -1;
}


/* ==================================================================== Bingo */

enum {
    B_PHASE, B_MINE, B_SETS, B_HAND_LEADER, B_TRUMP, B_TURNED, B_UP, B_STOCK, B_CLOSED,
    B_COMPULSORY, B_HAND, B_OTHER_SIZE, B_POINTS, B_WON, B_SHOWN, B_KNOWN, B_LEADER, B_LEAD,
    B_LEAD_SHOWN, B_PLAYED, B_CAPTURED, B_DEALT, B_TRICKS, B_TRICK_BLOCK, B_OBS_SIZE,
    B_INFO_SIZE, B_NOFF
};

typedef struct {
    Encoder base;
    long off[B_NOFF];
    long lead_phase, take_phase; /* the core's phases of a trick, from the lead to the take */
} BingoEncoder;

static int bingo_init(BingoEncoder *self, PyObject *args, PyObject *kwds) {
    PyObject *offsets, *phases;
    long ph[2];
    if (!PyArg_ParseTuple(args, "OO", &offsets, &phases)) return -1;
    if (lt_ints_in(phases, ph, 2, 0, 99, "phases") < 0) return -1;
    self->lead_phase = ph[0];
    self->take_phase = ph[1];
    if (lt_ints_in(offsets, self->off, B_NOFF, 0, 99999, "offsets") < 0) return -1;
    if (self->lead_phase < 0 || self->take_phase < self->lead_phase) return bad_value("phases");
    self->base.write = bingo_write;
    self->base.seats = 2;
    self->base.sizes[0] = self->off[B_OBS_SIZE];
    self->base.sizes[1] = self->off[B_INFO_SIZE];
    return 0;
}

/* The doubles of a tile mask as seven entries from k on (d-d is tile d(d+1)/2 + d). */
static int put_doubles(Vec *o, Py_ssize_t k, long mask) {
    if (check_mask(mask) < 0) return -1;
    for (int d = 0; d < 7; d++)
        if (mask >> (d * (d + 1) / 2 + d) & 1)
            if (one(o, k + d) < 0) return -1;
    return 0;
}

/* Reads the fields of the engine's compact state (game.core, a BingoCore). */
static int bingo_write_core(PyObject *encoder, PyObject *game, long seat, Vec *out, int info);

static int bingo_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info) {
    static PyObject *s_core = NULL;
    if (s_core == NULL && !(s_core = PyUnicode_InternFromString("core"))) return -1;
    PyObject *core = PyObject_GetAttr(game, s_core);
    if (core == NULL) return -1;
    int r = bingo_write_core(encoder, core, seat, out, info);
    Py_DECREF(core);
    return r;
}

static int bingo_write_core(PyObject *encoder, PyObject *game, long seat, Vec *out, int info) {
    BingoEncoder *self = (BingoEncoder *)encoder;
    Vec o = *out;
    const long *off = self->off;
    long other = 1 - seat;
    PyObject *sets = NULL, *hands = NULL, *dealt = NULL, *points = NULL, *won = NULL,
             *shown = NULL, *tricks = NULL;
    long phase, turn, hand_leader, trump, trump_tile, up_open, closed_by,
        lead_tile, lead_show;
    if (get_long(game, s_phase, &phase) < 0 || get_long(game, s_turn, &turn) < 0 ||
        get_long(game, s_hand_leader, &hand_leader) < 0 || get_long(game, s_trump, &trump) < 0 ||
        get_long(game, s_trump_tile, &trump_tile) < 0 || get_long(game, s_up_showing, &up_open) < 0 ||
        get_long(game, s_closed_by, &closed_by) < 0 ||
        get_long(game, s_lead_tile, &lead_tile) < 0 || get_long(game, s_lead_show, &lead_show) < 0)
        return -1;
    if (!(sets = get_seq(game, s_sets)) || !(hands = get_seq(game, s_hands)) ||
        !(dealt = get_seq(game, s_dealt)) || !(points = get_seq(game, s_points)) ||
        !(won = get_seq(game, s_tricks_won)) || !(shown = get_seq(game, s_shown)) ||
        !(tricks = get_seq(game, s_tricks)))
        goto fail;
    int in_hand = self->lead_phase <= phase && phase <= self->take_phase;
    long to_move = in_hand ? turn : -1, compulsory, stock_count, known;
    if (get_long(game, s_following_compulsory, &compulsory) < 0 ||
        get_long(game, s_stock_count, &stock_count) < 0)
        goto fail;

    long x, y;

    if (phase >= self->lead_phase && one(&o, off[B_PHASE] + phase - self->lead_phase) < 0)
        goto fail;
    if (to_move == seat && one(&o, off[B_MINE]) < 0) goto fail;
    if (hand_leader >= 0 && one(&o, off[B_HAND_LEADER] + (hand_leader ^ seat)) < 0) goto fail;
    if (trump >= 0 && one(&o, off[B_TRUMP] + trump) < 0) goto fail;
    if (trump_tile >= 0 && (check_tile(trump_tile) < 0 || one(&o, off[B_TURNED] + trump_tile) < 0))
        goto fail;
    if (up_open >= 0 && (check_tile(up_open) < 0 || one(&o, off[B_UP] + up_open) < 0)) goto fail;
    if (closed_by >= 0 && one(&o, off[B_CLOSED] + (closed_by ^ seat)) < 0) goto fail;
    if (compulsory && one(&o, off[B_COMPULSORY]) < 0) goto fail;
    if (lead_tile >= 0) {
        if (check_tile(lead_tile) < 0 || one(&o, off[B_LEADER] + (to_move == seat ? 1 : 0)) < 0 ||
            one(&o, off[B_LEAD] + lead_tile) < 0)
            goto fail;
    }
    long hand, other_hand;
    if (seq_long(hands, seat, &hand) < 0 || seq_long(hands, other, &other_hand) < 0 ||
        check_mask(other_hand) < 0 || put_mask(&o, off[B_HAND], hand) < 0)
        goto fail;
    long shown_mine, shown_other;
    if (seq_long(shown, seat, &shown_mine) < 0 || seq_long(shown, other, &shown_other) < 0 ||
        put_doubles(&o, off[B_SHOWN], shown_mine) < 0 ||
        put_doubles(&o, off[B_SHOWN] + 7, shown_other) < 0)
        goto fail;
    {
        PyObject *other_seat = PyLong_FromLong(other);
        if (!other_seat) goto fail;
        PyObject *held = PyObject_CallMethodObjArgs(game, s_known_held, other_seat, NULL);
        Py_DECREF(other_seat);
        if (!held) goto fail;
        int r = as_long(held, &known);
        Py_DECREF(held);
        if (r < 0 || put_mask(&o, off[B_KNOWN], known) < 0) goto fail;
    }
    if (put_doubles(&o, off[B_LEAD_SHOWN], lead_show) < 0) goto fail;
    if (fraction(&o, off[B_OTHER_SIZE], __builtin_popcountl((unsigned long)other_hand), 7) < 0)
        goto fail;
    if (seq_long(sets, seat, &x) < 0 || seq_long(sets, other, &y) < 0 ||
        fraction(&o, off[B_SETS], x < 14 ? x : 14, 14) < 0 ||
        fraction(&o, off[B_SETS] + 1, y < 14 ? y : 14, 14) < 0)
        goto fail;
    if (fraction(&o, off[B_STOCK], stock_count, 14) < 0) goto fail;
    if (seq_long(points, seat, &x) < 0 || seq_long(points, other, &y) < 0 ||
        fraction(&o, off[B_POINTS], x < 140 ? x : 140, 140) < 0 ||
        fraction(&o, off[B_POINTS] + 1, y < 140 ? y : 140, 140) < 0)
        goto fail;
    if (seq_long(won, seat, &x) < 0 || seq_long(won, other, &y) < 0 ||
        fraction(&o, off[B_WON], x, 14) < 0 || fraction(&o, off[B_WON] + 1, y, 14) < 0)
        goto fail;

    /* the tricks: (leader, led, answer, winner, captured, shown, ...) */
    uint32_t played[2] = {0, 0}, captured[2] = {0, 0};
    Py_ssize_t nk = PySequence_Fast_GET_SIZE(tricks);
    for (Py_ssize_t k = 0; k < nk; k++) {
        PyObject *tr = PySequence_Fast_GET_ITEM(tricks, k);
        if (!PyTuple_Check(tr) || PyTuple_GET_SIZE(tr) < 6) {
            PyErr_SetString(PyExc_TypeError, "a Bingo trick record is a tuple");
            goto fail;
        }
        long leader, led, answer, winner, with;
        if (as_long(PyTuple_GET_ITEM(tr, 0), &leader) < 0 ||
            as_long(PyTuple_GET_ITEM(tr, 1), &led) < 0 ||
            as_long(PyTuple_GET_ITEM(tr, 2), &answer) < 0 ||
            as_long(PyTuple_GET_ITEM(tr, 3), &winner) < 0 ||
            as_long(PyTuple_GET_ITEM(tr, 5), &with) < 0)
            goto fail;
        if (check_tile(led) < 0 || check_tile(answer) < 0) goto fail;
        if ((leader != 0 && leader != 1) || (winner != 0 && winner != 1)) {
            bad_value("seat");
            goto fail;
        }
        if (info) {
            Py_ssize_t base = off[B_TRICKS] + k * off[B_TRICK_BLOCK];
            if (one(&o, base + (leader ^ seat)) < 0 || one(&o, base + 2 + led) < 0 ||
                one(&o, base + 30 + answer) < 0 || put_doubles(&o, base + 58, with) < 0)
                goto fail;
        } else {
            played[leader] |= 1u << led;
            played[1 - leader] |= 1u << answer;
            captured[winner] |= (1u << led) | (1u << answer);
        }
    }
    if (info) {
        long d;
        if (seq_long(dealt, seat, &d) < 0 || put_mask(&o, off[B_DEALT], d) < 0) goto fail;
    } else {
        if (put_mask(&o, off[B_PLAYED], played[seat]) < 0 ||
            put_mask(&o, off[B_PLAYED] + 28, played[other]) < 0 ||
            put_mask(&o, off[B_CAPTURED], captured[seat]) < 0 ||
            put_mask(&o, off[B_CAPTURED] + 28, captured[other]) < 0)
            goto fail;
        /* the leader of the trick on the table is the seat not to move */
        if (lead_tile >= 0 && one(&o, off[B_PLAYED] + (to_move == seat ? 28 : 0) + lead_tile) < 0)
            goto fail;
    }
    Py_DECREF(sets);
    Py_DECREF(hands);
    Py_DECREF(dealt);
    Py_DECREF(points);
    Py_DECREF(won);
    Py_DECREF(shown);
    Py_DECREF(tricks);
    return 0;
fail:
    Py_XDECREF(sets);
    Py_XDECREF(hands);
    Py_XDECREF(dealt);
    Py_XDECREF(points);
    Py_XDECREF(won);
    Py_XDECREF(shown);
    Py_XDECREF(tricks);
    return -1;
}


/* ================================================================== Five-Up */

/* The moves of a hand are followed by the tables of tensor.py's reference (what
 * each action does, how a play changes the open ends, the tiles showing some
 * numbers), and a seat's part of a deal is read by Python: this writer states no
 * rule of its own. */

#define F_MAX_SEATS 8
#define F_MAX_ACTIONS 512
enum {
    F_PHASE, F_MINE, F_SCORES, F_HAND, F_SIZES, F_LEADER, F_TABLE, F_OPEN, F_PLAYED, F_VOIDS,
    F_DEALT, F_SEQ, F_SLOT, F_OBS_SIZE, F_INFO_SIZE, F_NOFF
};

typedef struct {
    Encoder base; /* base.held: the seat's dealt tiles, dealt(deal_entry, seat) -> mask */
    long off[F_NOFF];
    long n;            /* seats */
    long n_sides;
    long target;
    long side_order[F_MAX_SEATS][F_MAX_SEATS];
    long draw_phase, play_phase; /* the core's phases: the draw for the lead, the play */
    long ends_cap;               /* the ends' count is written over this, capped */
    long n_actions;
    long a_draw, a_pass, a_open, a_on;
    long on_tile[F_MAX_ACTIONS], on_target[F_MAX_ACTIONS];
    long effect[F_MAX_ACTIONS];    /* F_LAYS, F_PASSES or F_DRAWS */
    long change[F_MAX_ACTIONS][7]; /* how a play changes the open ends of each number */
    long has_number[128];
} FiveUpEncoder;

enum { F_LAYS, F_PASSES, F_DRAWS };

static int fiveup_init(FiveUpEncoder *self, PyObject *args, PyObject *kwds) {
    PyObject *offsets, *side_order, *codes, *on_tile, *on_target, *effect, *change, *has, *dealt,
        *facts;
    long f[3];
    if (!PyArg_ParseTuple(args, "OllOOOOOOOOO", &offsets, &self->n, &self->target, &side_order,
                          &codes, &on_tile, &on_target, &effect, &change, &has, &dealt, &facts))
        return -1;
    if (!PyCallable_Check(dealt)) {
        PyErr_SetString(PyExc_TypeError, "a seat's dealt tiles come from a callable");
        return -1;
    }
    if (lt_ints_in(facts, f, 3, 0, 99999, "phases and ends cap") < 0) return -1;
    self->draw_phase = f[0];
    self->play_phase = f[1];
    self->ends_cap = f[2];
    if (self->draw_phase < 0 || self->play_phase < 0 || self->ends_cap <= 0)
        return bad_value("phases or ends cap");
    self->n_actions = PySequence_Length(on_tile);
    if (self->n_actions < 0) return -1;
    if (self->n_actions > F_MAX_ACTIONS) return bad_value("too many actions");
    if (self->n < 2 || self->n > F_MAX_SEATS) return bad_value("number of seats");
    if (self->target <= 0) return bad_value("target");
    if (lt_ints_in(offsets, self->off, F_NOFF, 0, 99999, "offsets") < 0) return -1;
    PyObject *orders = PySequence_Fast(side_order, "side orders");
    if (!orders) return -1;
    if (PySequence_Fast_GET_SIZE(orders) != self->n) {
        Py_DECREF(orders);
        return bad_value("side orders");
    }
    for (long s = 0; s < self->n; s++) {
        PyObject *row = PySequence_Fast_GET_ITEM(orders, s);
        Py_ssize_t k = PySequence_Length(row);
        if (k < 0 || k > self->n || (s > 0 && k != self->n_sides)) {
            Py_DECREF(orders);
            if (!PyErr_Occurred()) bad_value("side orders");
            return -1;
        }
        self->n_sides = k;
        if (lt_ints_in(row, self->side_order[s], k, 0, self->n - 1, "side order") < 0) {
            Py_DECREF(orders);
            return -1;
        }
    }
    Py_DECREF(orders);
    long c[4];
    if (lt_ints_in(codes, c, 4, 0, self->n_actions - 1, "action codes") < 0) return -1;
    self->a_draw = c[0];
    self->a_pass = c[1];
    self->a_open = c[2];
    self->a_on = c[3];
    if (!(self->a_draw < self->a_open && self->a_pass < self->a_open && self->a_open + 28 <= self->a_on))
        return bad_value("action codes");
    /* entries below a_on are not plays on a tile: -1 in the tables, read as 0 */
    long tmp[F_MAX_ACTIONS];
    PyObject *srcs[2] = {on_tile, on_target};
    long *dsts[2] = {self->on_tile, self->on_target};
    for (int j = 0; j < 2; j++) {
        PyObject *seq = PySequence_Fast(srcs[j], "action table");
        if (!seq) return -1;
        if (PySequence_Fast_GET_SIZE(seq) != self->n_actions) {
            Py_DECREF(seq);
            return bad_value("action table size");
        }
        for (Py_ssize_t a = 0; a < self->n_actions; a++) {
            if (as_long(PySequence_Fast_GET_ITEM(seq, a), &tmp[a]) < 0) {
                Py_DECREF(seq);
                return -1;
            }
            if (a >= self->a_on && (tmp[a] < 0 || tmp[a] >= 28)) {
                Py_DECREF(seq);
                return bad_value("action table entry");
            }
            dsts[j][a] = a >= self->a_on ? tmp[a] : 0;
        }
        Py_DECREF(seq);
    }
    if (lt_ints_in(effect, self->effect, self->n_actions, F_LAYS, F_DRAWS, "action effects") < 0 ||
        lt_table_in(change, &self->change[0][0], self->n_actions, 7, 7, -4, 4,
                    "open end changes") < 0)
        return -1;
    if (self->effect[self->a_draw] != F_DRAWS || self->effect[self->a_pass] != F_PASSES)
        return bad_value("action effects");
    if (lt_ints_in(has, self->has_number, 128, 0, TILE_MASK_LIMIT - 1, "number masks") < 0)
        return -1;
    Py_INCREF(dealt);
    Py_XSETREF(self->base.held, dealt);
    self->base.write = fiveup_write;
    self->base.seats = self->n;
    self->base.sizes[0] = self->off[F_OBS_SIZE];
    self->base.sizes[1] = self->off[F_INFO_SIZE];
    return 0;
}

/* The seat's part of a deal entry, as a mask (read by the Python callable held). */
static int fiveup_dealt(FiveUpEncoder *self, PyObject *entry, long seat, long *out) {
    PyObject *seat_obj = PyLong_FromLong(seat);
    if (!seat_obj) return -1;
    PyObject *call[2] = {entry, seat_obj};
    PyObject *mask = PyObject_Vectorcall(self->base.held, call, 2, NULL);
    Py_DECREF(seat_obj);
    if (!mask) return -1;
    int r = as_long(mask, out);
    Py_DECREF(mask);
    if (r == 0 && check_mask(*out) < 0) return -1;
    return r;
}

static int fiveup_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info) {
    FiveUpEncoder *self = (FiveUpEncoder *)encoder;
    Vec o = *out;
    const long *off = self->off;
    const long n = self->n;
    /* the rules' state (game.core) holds the game; the game, the history */
    PyObject *scores = NULL, *hands = NULL, *drawn = NULL, *tbn = NULL, *history = NULL,
             *stock = NULL, *state = PyObject_GetAttrString(game, "core");
    long phase, turn, start, stock_pos, reserve, passes, ends, leader;
    if (!state) return -1;
    if (get_long(state, s_phase, &phase) < 0 || get_long(state, s_turn, &turn) < 0 ||
        get_long(game, s_hand_start, &start) < 0 || get_long(state, s_stock_pos, &stock_pos) < 0 ||
        get_long(state, s_reserve, &reserve) < 0 || get_long(state, s_passes, &passes) < 0 ||
        get_long(state, s_ends, &ends) < 0 || get_long(state, s_leader, &leader) < 0)
        goto fail;
    if (!(scores = get_seq(state, s_scores)) || !(hands = get_seq(state, s_hands)) ||
        !(drawn = get_seq(state, s_drawn)) || !(tbn = get_seq(state, s_tbn)) ||
        !(history = get_seq(game, s_history)))
        goto fail;
    if (!(stock = PyObject_GetAttr(state, s_stock))) goto fail;
    Py_ssize_t stock_len = PyObject_Length(stock);
    if (stock_len < 0) goto fail;
    if (PySequence_Fast_GET_SIZE(hands) != n || PySequence_Fast_GET_SIZE(drawn) != n) {
        bad_value("number of seats");
        goto fail;
    }
    int in_hand = phase != self->draw_phase && start >= 0;
    long left = (long)stock_len - stock_pos;
    long x;

    /* the moves of the hand, followed as the Python encoder follows them */
    uint32_t played[F_MAX_SEATS] = {0}, voids[F_MAX_SEATS] = {0}, table = 0, dealt = 0;
    long pending[F_MAX_SEATS];
    long free_[7] = {0, 0, 0, 0, 0, 0, 0};
    for (long s = 0; s < n; s++) pending[s] = -1;
    long mover = leader > 0 ? leader : 0;
    if (mover >= n) {
        bad_value("leader");
        goto fail;
    }
    Py_ssize_t first = start + 1, last = PySequence_Fast_GET_SIZE(history);
    if (start >= 0) {
        if (start >= last) {
            bad_value("hand start");
            goto fail;
        }
        if (info) {
            if (fiveup_dealt(self, PySequence_Fast_GET_ITEM(history, start), seat, &x) < 0)
                goto fail;
            dealt = (uint32_t)x;
        }
    } else {
        first = last; /* no hand yet: no moves */
    }
    long draws = 0, passes_before = 0, rows = 0;
    for (Py_ssize_t i = first; i < last; i++) {
        long a;
        if (as_long(PySequence_Fast_GET_ITEM(history, i), &a) < 0) goto fail;
        if (a < 0 || a >= self->n_actions) {
            bad_value("action");
            goto fail;
        }
        long who = mover;
        if (pending[mover] >= 0) {
            voids[mover] = (uint32_t)self->has_number[pending[mover]];
            pending[mover] = -1;
        }
        long effect = self->effect[a];
        if (effect != F_LAYS) {
            long numbers = 0;
            for (int v = 0; v < 7; v++)
                if (free_[v] > 0) numbers |= 1L << v;
            if (effect == F_PASSES) {
                voids[who] = (uint32_t)self->has_number[numbers];
                mover = (mover + 1) % n;
                passes_before++;
            } else {
                voids[who] = 0;
                pending[who] = numbers;
                draws++;
            }
            continue;
        }
        if (a < self->a_open) {
            bad_value("action");
            goto fail;
        }
        long t = a >= self->a_on ? self->on_tile[a] : a - self->a_open;
        long target = a >= self->a_on ? self->on_target[a] : -1;
        for (int v = 0; v < 7; v++) free_[v] += self->change[a][v];
        mover = (mover + 1) % n;
        played[who] |= 1u << t;
        table |= 1u << t;
        if (info) { /* one row of the plays in order */
            if (rows >= 28) {
                bad_value("more than 28 plays");
                goto fail;
            }
            Py_ssize_t base = off[F_SEQ] + rows * off[F_SLOT];
            if (one(&o, base + t) < 0) goto fail;
            if (target >= 0 && one(&o, base + 28 + target) < 0) goto fail;
            if (one(&o, base + 56 + (who - seat + n) % n) < 0 ||
                put(&o, base + 56 + n, frac(draws < 28 ? draws : 28, 28)) < 0 ||
                put(&o, base + 57 + n, frac(passes_before < n ? passes_before : n, n)) < 0)
                goto fail;
            rows++;
        }
        draws = passes_before = 0;
    }

    /* the common part */
    if (phase >= self->play_phase && one(&o, off[F_PHASE] + phase - self->play_phase) < 0)
        goto fail;
    if (phase == self->play_phase && turn == seat && one(&o, off[F_MINE]) < 0) goto fail;
    if (leader >= 0 && one(&o, off[F_LEADER] + (leader - seat + n) % n) < 0) goto fail;
    for (long i = 0; i < self->n_sides; i++) {
        long side = self->side_order[seat][i];
        if (seq_long(scores, side, &x) < 0 ||
            fraction(&o, off[F_SCORES] + i, x < self->target ? x : self->target, self->target) < 0)
            goto fail;
    }
    long hand = 0;
    if (in_hand && seq_long(hands, seat, &hand) < 0) goto fail;
    if (put_mask(&o, off[F_HAND], hand) < 0) goto fail;
    for (long r = 0; r < n; r++) {
        long s = (seat + r) % n, h;
        if (seq_long(hands, s, &h) < 0 || check_mask(h) < 0) goto fail;
        long size = in_hand ? __builtin_popcountl((unsigned long)h) : 0;
        if (fraction(&o, off[F_SIZES] + r, size, 28) < 0) goto fail;
        if (seq_long(drawn, s, &x) < 0 || fraction(&o, off[F_SIZES] + n + r, x, 28) < 0) goto fail;
    }
    long k = off[F_SIZES] + 2 * n;
    long drawable = left - reserve > 0 ? left - reserve : 0;
    if (fraction(&o, k, in_hand ? left : 0, 28) < 0 ||
        fraction(&o, k + 1, in_hand ? drawable : 0, 28) < 0 ||
        fraction(&o, k + 2, passes < n ? passes : n, n) < 0)
        goto fail;
    long ends_total = start >= 0 ? ends : 0;
    long cap = self->ends_cap;
    if (fraction(&o, k + 3, ends_total < cap ? ends_total : cap, cap) < 0)
        goto fail;
    if (table) {
        if (put_mask(&o, off[F_TABLE], table) < 0) goto fail;
        if (start >= 0) {
            if (PySequence_Fast_GET_SIZE(tbn) != 7) {
                bad_value("open ends");
                goto fail;
            }
            for (long v = 0; v < 7; v++)
                if (seq_long(tbn, v, &x) < 0 || put_mask(&o, off[F_OPEN] + 28 * v, x) < 0)
                    goto fail;
        }
    }
    if (info) {
        if (put_mask(&o, off[F_DEALT], dealt) < 0) goto fail;
    } else {
        for (long r = 0; r < n; r++) {
            long s = (seat + r) % n;
            if (put_mask(&o, off[F_PLAYED] + 28 * r, played[s]) < 0 ||
                put_mask(&o, off[F_VOIDS] + 28 * r, voids[s]) < 0)
                goto fail;
        }
    }
    Py_DECREF(scores);
    Py_DECREF(hands);
    Py_DECREF(drawn);
    Py_DECREF(tbn);
    Py_DECREF(history);
    Py_DECREF(stock);
    Py_DECREF(state);
    return 0;
fail:
    Py_XDECREF(scores);
    Py_XDECREF(hands);
    Py_XDECREF(drawn);
    Py_XDECREF(tbn);
    Py_XDECREF(history);
    Py_XDECREF(stock);
    Py_XDECREF(state);
    return -1;
}


/* ================================================================ Cavaleiro */

#define C_MAX_ROLLS 1296
#define C_MAX_SEATS 16
#define C_MAX_COLUMNS 64

typedef struct {
    Encoder base;
    long n, columns, tallest, horizontals, total, block, o_round, obs_size, info_size;
    long remove_phase; /* the core's phase of the round winner's removal */
    long round_cap;    /* the round number is written over this, capped */
    long max_strength, n_rolls;
    long rank[C_MAX_ROLLS], strength[C_MAX_ROLLS];
} CavaleiroEncoder;

static int cavaleiro_init(CavaleiroEncoder *self, PyObject *args, PyObject *kwds) {
    PyObject *rank, *strength, *facts;
    long f[2];
    if (!PyArg_ParseTuple(args, "lllllllllOOO", &self->n, &self->columns, &self->tallest,
                          &self->horizontals, &self->total, &self->block, &self->o_round,
                          &self->obs_size, &self->info_size, &rank, &strength, &facts))
        return -1;
    if (lt_ints_in(facts, f, 2, 0, 99999, "phase and round cap") < 0) return -1;
    self->remove_phase = f[0];
    self->round_cap = f[1];
    if (self->remove_phase < 0 || self->round_cap <= 0) return bad_value("phase or round cap");
    self->n_rolls = PySequence_Length(rank);
    if (self->n_rolls < 0) return -1;
    if (self->n_rolls == 0 || self->n_rolls > C_MAX_ROLLS) return bad_value("roll ranks");
    if (self->n < 2 || self->n > C_MAX_SEATS || self->columns < 0 ||
        self->columns > C_MAX_COLUMNS || self->tallest <= 0 || self->horizontals <= 0 ||
        self->total <= 0)
        return bad_value("figure");
    if (lt_ints_in(rank, self->rank, self->n_rolls, 0, 4, "roll ranks") < 0) return -1;
    if (lt_ints_in(strength, self->strength, self->n_rolls, 0, (1L << 20) - 1,
                   "roll strengths") < 0)
        return -1;
    self->max_strength = 0;
    for (long r = 0; r < self->n_rolls; r++)
        if (self->strength[r] > self->max_strength) self->max_strength = self->strength[r];
    if (self->max_strength <= 0) return bad_value("roll strengths");
    self->base.write = cavaleiro_write;
    self->base.seats = self->n;
    self->base.sizes[0] = self->obs_size;
    self->base.sizes[1] = self->info_size;
    return 0;
}

/* A roll at entry k: its category (5 entries) then its strength. */
static int cavaleiro_roll(CavaleiroEncoder *self, Vec *o, Py_ssize_t k, long roll) {
    if (roll < 0 || roll >= self->n_rolls) return bad_value("roll");
    if (one(o, k + self->rank[roll]) < 0) return -1;
    return put(o, k + 5, frac(self->strength[roll], self->max_strength));
}

static int cavaleiro_write_core(CavaleiroEncoder *self, PyObject *game, long seat, Vec *out,
                                int info);

/* The game's state is its core (ludoteca.games.cavaleiro.core.State). */
static int cavaleiro_write(PyObject *encoder, PyObject *game, long seat, Vec *out, int info) {
    PyObject *core = PyObject_GetAttrString(game, "core");
    if (!core) return -1;
    int done = cavaleiro_write_core((CavaleiroEncoder *)encoder, core, seat, out, info);
    Py_DECREF(core);
    return done;
}

/* The rolls of `seq`, pairs (seat, roll), each at `offset` of its seat's block of
   `stride` entries, the blocks counted from `seat`. */
static inline int seat_rolls(CavaleiroEncoder *self, Vec *o, PyObject *seq, long seat,
                             Py_ssize_t stride, Py_ssize_t offset) {
    const long n = self->n;
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < m; i++) {
        long s, roll;
        if (pair_of(PySequence_Fast_GET_ITEM(seq, i), &s, &roll) < 0) return -1;
        if (s < 0 || s >= n) return bad_value("seat");
        if (cavaleiro_roll(self, o, offset + ((s - seat + n) % n) * stride, roll) < 0) return -1;
    }
    return 0;
}

/* The seats of `seq` in their places (the seat in place 0 first), each a one at
   `offset + place` of its seat's block, the blocks counted from `seat`; `what` names
   the sequence in the error for a seat or place out of range. */
static inline int seat_places(Vec *o, PyObject *seq, long n, long seat, Py_ssize_t block,
                              long offset, const char *what) {
    Py_ssize_t m = PySequence_Fast_GET_SIZE(seq);
    long x;
    for (Py_ssize_t place = 0; place < m; place++) {
        if (seq_long(seq, place, &x) < 0) return -1;
        if (x < 0 || x >= n || place >= n) return bad_value(what);
        if (one(o, ((x - seat + n) % n) * block + offset + place) < 0) return -1;
    }
    return 0;
}

static int cavaleiro_write_core(CavaleiroEncoder *self, PyObject *game, long seat, Vec *out,
                                int info) {
    Vec o = *out;
    const long n = self->n, c = self->columns, block = self->block;
    PyObject *cols = NULL, *horiz = NULL, *order = NULL, *rolls = NULL, *ranking = NULL,
             *won = NULL, *last = NULL, *last_rolls = NULL;
    long phase, round_number, round_winner, x;
    if (get_long(game, s_phase, &phase) < 0 || get_long(game, s_round, &round_number) < 0 ||
        get_long(game, s_round_winner, &round_winner) < 0)
        return -1;
    if (!(cols = get_seq(game, s_cols)) || !(horiz = get_seq(game, s_horiz)) ||
        !(order = get_seq(game, s_order)) || !(rolls = get_seq(game, s_rolls)) ||
        !(ranking = get_seq(game, s_ranking)))
        goto fail;
    if (PySequence_Fast_GET_SIZE(cols) != n * c || PySequence_Fast_GET_SIZE(horiz) != n) {
        bad_value("figures");
        goto fail;
    }
    for (long s = 0; s < n; s++) {
        Py_ssize_t k = ((s - seat + n) % n) * block;
        long sum = 0, h;
        for (long j = 0; j < c; j++) {
            if (seq_long(cols, s * c + j, &x) < 0 || fraction(&o, k + j, x, self->tallest) < 0)
                goto fail;
            sum += x;
        }
        if (seq_long(horiz, s, &h) < 0 || fraction(&o, k + c, h, self->horizontals) < 0)
            goto fail;
        sum += h;
        if (sum < 0 || sum > self->total) {
            bad_value("sticks left");
            goto fail;
        }
        if (fraction(&o, k + c + 1, sum * 255 / self->total, 255) < 0) goto fail;
    }
    const long o_order = c + 2, o_roll = o_order + n, o_rank = o_roll + 6;
    if (seat_places(&o, order, n, seat, block, o_order, "order") < 0) goto fail;
    if (seat_rolls(self, &o, rolls, seat, block, o_roll) < 0) goto fail;
    if (seat_places(&o, ranking, n, seat, block, o_rank, "ranking") < 0) goto fail;
    long cap = self->round_cap, r = round_number < cap ? round_number : cap;
    if (fraction(&o, self->o_round, r, cap) < 0) goto fail;
    if (phase == self->remove_phase && round_winner == seat && one(&o, self->o_round + 1) < 0)
        goto fail;
    if (info) {
        if (!(won = get_seq(game, s_rounds_won))) goto fail;
        if (PySequence_Fast_GET_SIZE(won) != n) {
            bad_value("rounds won");
            goto fail;
        }
        const long base = self->obs_size;
        for (long s = 0; s < n; s++) {
            if (seq_long(won, s, &x) < 0 ||
                fraction(&o, base + ((s - seat + n) % n) * 7, x < 255 ? x : 255, 255) < 0)
                goto fail;
        }
        if (!(last = PyObject_GetAttr(game, s_last_round))) goto fail;
        if (last != Py_None) {
            if (!PyTuple_Check(last) || PyTuple_GET_SIZE(last) < 2) {
                PyErr_SetString(PyExc_TypeError, "the last round is a tuple");
                goto fail;
            }
            if (!(last_rolls = PySequence_Fast(PyTuple_GET_ITEM(last, 1), "rolls"))) goto fail;
            if (seat_rolls(self, &o, last_rolls, seat, 7, base + 1) < 0) goto fail;
        }
    }
    Py_DECREF(cols);
    Py_DECREF(horiz);
    Py_DECREF(order);
    Py_DECREF(rolls);
    Py_DECREF(ranking);
    Py_XDECREF(won);
    Py_XDECREF(last);
    Py_XDECREF(last_rolls);
    return 0;
fail:
    Py_XDECREF(cols);
    Py_XDECREF(horiz);
    Py_XDECREF(order);
    Py_XDECREF(rolls);
    Py_XDECREF(ranking);
    Py_XDECREF(won);
    Py_XDECREF(last);
    Py_XDECREF(last_rolls);
    return -1;
}


/* ==================================================================== types */

#define ENCODER_TYPE(var, name, ctype, prefix, doc)                           \
    static PyTypeObject var = {                                               \
        PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ludoteca.games._tensor." name, \
        .tp_basicsize = sizeof(ctype),                                        \
        .tp_dealloc = (destructor)encoder_dealloc,                            \
        .tp_flags = Py_TPFLAGS_DEFAULT,                                       \
        .tp_doc = doc,                                                        \
        .tp_new = PyType_GenericNew,                                          \
        .tp_init = (initproc)prefix##_init,                                   \
        .tp_methods = encoder_methods,                                        \
    };

ENCODER_TYPE(Texas42Type, "Texas42Encoder", Texas42Encoder, t42,
             "Texas42Encoder(offsets, led_suit, follow_mask, sevens, sevens_distance, "
             "sevens_ring, score_cap)")
ENCODER_TYPE(BingoType, "BingoEncoder", BingoEncoder, bingo, "BingoEncoder(offsets)")
ENCODER_TYPE(FiveUpType, "FiveUpEncoder", FiveUpEncoder, fiveup,
             "FiveUpEncoder(offsets, seats, target, side_order, action_codes, on_tile, "
             "on_target, effects, open_end_changes, has_number, dealt, phases)")
ENCODER_TYPE(CavaleiroType, "CavaleiroEncoder", CavaleiroEncoder, cavaleiro,
             "CavaleiroEncoder(seats, columns, tallest, horizontals, total, seat_block, "
             "o_round, observation_size, info_state_size, rank, strength)")

/* action_mask(actions, size, /): a bytearray of size bytes, 1 at each action. */
static PyObject *action_mask(PyObject *module, PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "action_mask takes (actions, size)");
        return NULL;
    }
    Py_ssize_t size = PyNumber_AsSsize_t(args[1], PyExc_OverflowError);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "the size of a mask cannot be negative");
        return NULL;
    }
    PyObject *seq = PySequence_Fast(args[0], "actions must be a sequence of action numbers");
    if (!seq) return NULL;
    PyObject *mask = PyByteArray_FromStringAndSize(NULL, size);
    if (!mask) {
        Py_DECREF(seq);
        return NULL;
    }
    char *m = PyByteArray_AS_STRING(mask);
    memset(m, 0, (size_t)size);
    Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
    for (Py_ssize_t i = 0; i < n; i++) {
        long a;
        if (as_long(PySequence_Fast_GET_ITEM(seq, i), &a) < 0) goto fail;
        if (a < 0 || a >= size) {
            PyErr_Format(PyExc_ValueError, "action %ld is outside a mask of %zd actions (0 to %zd)",
                         a, size, size - 1);
            goto fail;
        }
        m[a] = 1;
    }
    Py_DECREF(seq);
    return mask;
fail:
    Py_DECREF(seq);
    Py_DECREF(mask);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"action_mask", (PyCFunction)(void (*)(void))action_mask, METH_FASTCALL,
     "action_mask(actions, size, /)\n--\n\n"
     "A bytearray of size bytes: 1 at each action of actions, 0 elsewhere."},
    {NULL, NULL, 0, NULL}};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_tensor",
    "Observation and information state encoders of the games (see ludoteca/tensor.py).", -1,
    module_methods,
};

PyMODINIT_FUNC PyInit__tensor(void) {
    if (intern_names() < 0) return NULL;
    PyTypeObject *types[] = {&Texas42Type, &BingoType, &FiveUpType, &CavaleiroType};
    for (int i = 0; i < 4; i++)
        if (PyType_Ready(types[i]) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    const char *names[] = {"Texas42Encoder", "BingoEncoder", "FiveUpEncoder", "CavaleiroEncoder"};
    for (int i = 0; i < 4; i++) {
        Py_INCREF(types[i]);
        if (PyModule_AddObject(m, names[i], (PyObject *)types[i]) < 0) {
            Py_DECREF(types[i]);
            Py_DECREF(m);
            return NULL;
        }
    }
    return m;
}
