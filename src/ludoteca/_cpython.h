/* The CPython helpers Ludoteca's C extensions share: whole numbers in a range,
 * sequences of a given size and tables of numbers, read from Python objects.
 *
 * Each helper returns 0 (or a size) on success and -1 with an exception set: a
 * TypeError for what is not a whole number at all, a ValueError naming `what`
 * and what is allowed for anything else (a number out of range, a sequence of
 * the wrong size, something that is no sequence). `out` is written only on
 * success; `dst` may be written in part before a refusal (read into scratch
 * space, and use it once all is read). */
#ifndef LUDOTECA_CPYTHON_H
#define LUDOTECA_CPYTHON_H

#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>

/* x as a long in lo..hi. */
static inline int lt_long_in(PyObject *x, long lo, long hi, const char *what, long *out) {
    if (!PyLong_Check(x)) {
        PyErr_Format(PyExc_TypeError, "%s must be a whole number, not %.100s", what,
                     Py_TYPE(x)->tp_name);
        return -1;
    }
    int overflow = 0;
    long v = PyLong_AsLongAndOverflow(x, &overflow);
    if (v == -1 && PyErr_Occurred()) return -1;
    if (overflow || v < lo || v > hi) {
        PyErr_Format(PyExc_ValueError, "%s must be from %ld to %ld, not %R", what, lo, hi, x);
        return -1;
    }
    *out = v;
    return 0;
}

/* Item i of a sequence as a long in lo..hi. */
static inline int lt_item_in(PyObject *seq, Py_ssize_t i, long lo, long hi, const char *what,
                             long *out) {
    PyObject *item = PySequence_GetItem(seq, i);
    if (item == NULL) return -1;
    int r = lt_long_in(item, lo, hi, what, out);
    Py_DECREF(item);
    return r;
}

/* The size of a sequence, which must be n (any size when n < 0). */
static inline Py_ssize_t lt_sized(PyObject *seq, Py_ssize_t n, const char *what) {
    if (!PySequence_Check(seq) || PyUnicode_Check(seq) || PyBytes_Check(seq)) {
        PyErr_Format(PyExc_ValueError, "%s must be a sequence, not %.100s", what,
                     Py_TYPE(seq)->tp_name);
        return -1;
    }
    Py_ssize_t size = PySequence_Size(seq);
    if (size < 0) return -1;
    if (n >= 0 && size != n) {
        PyErr_Format(PyExc_ValueError, "%s must hold %zd items, not %zd", what, n, size);
        return -1;
    }
    return size;
}

/* Exactly n whole numbers in lo..hi, read into dst[0..n-1]. */
static inline int lt_ints_in(PyObject *src, long *dst, Py_ssize_t n, long lo, long hi,
                             const char *what) {
    if (lt_sized(src, n, what) < 0) return -1;
    for (Py_ssize_t i = 0; i < n; i++)
        if (lt_item_in(src, i, lo, hi, what, &dst[i]) < 0) return -1;
    return 0;
}

/* A table of rows x cols whole numbers in lo..hi, row r read into dst[r * stride ...]. */
static inline int lt_table_in(PyObject *src, long *dst, Py_ssize_t rows, Py_ssize_t cols,
                              Py_ssize_t stride, long lo, long hi, const char *what) {
    if (lt_sized(src, rows, what) < 0) return -1;
    for (Py_ssize_t r = 0; r < rows; r++) {
        PyObject *row = PySequence_GetItem(src, r);
        if (row == NULL) return -1;
        int bad = lt_ints_in(row, dst + r * stride, cols, lo, hi, what);
        Py_DECREF(row);
        if (bad < 0) return -1;
    }
    return 0;
}

/* The bits set in x (no popcnt instruction assumed). */
static inline int lt_popcount32(uint32_t x) {
    x = x - ((x >> 1) & 0x55555555u);
    x = (x & 0x33333333u) + ((x >> 2) & 0x33333333u);
    return (int)((((x + (x >> 4)) & 0x0F0F0F0Fu) * 0x01010101u) >> 24);
}

#endif
