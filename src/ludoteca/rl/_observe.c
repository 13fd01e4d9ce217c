/* The observation dictionary of the learning environments in one call.
 *
 * An Observer holds a game's public vector writer (game.fast.tensor_writer: a
 * function write(game, seat, out)), numpy.empty and the two dtypes. Called
 * with (game, seat, legal) it makes the float32 vector with numpy.empty, has
 * the writer fill it through the Game API, makes the int8 action mask (1 at
 * each action of legal; legal None: all 0) and returns
 * {"observation": vector, "action_mask": mask}: what LudotecaEnv.observe
 * returns, without its Python-level steps. It reads nothing of the game itself.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

static PyObject *s_observation, *s_action_mask;

typedef struct {
    PyObject_HEAD
    PyObject *write, *empty, *f32, *i8, *vector_length, *mask_length;
    Py_ssize_t num_actions;
} Observer;

static void observer_dealloc(Observer *self) {
    Py_XDECREF(self->write);
    Py_XDECREF(self->empty);
    Py_XDECREF(self->f32);
    Py_XDECREF(self->i8);
    Py_XDECREF(self->vector_length);
    Py_XDECREF(self->mask_length);
    Py_TYPE(self)->tp_free((PyObject *)self);
}

static int observer_init(Observer *self, PyObject *args, PyObject *kwds) {
    PyObject *write, *empty, *f32, *i8;
    Py_ssize_t size, num_actions;
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "Observer takes no keyword arguments");
        return -1;
    }
    if (!PyArg_ParseTuple(args, "OnnOOO", &write, &size, &num_actions, &empty, &f32, &i8))
        return -1;
    if (size <= 0 || num_actions <= 0) {
        PyErr_SetString(PyExc_ValueError, "the sizes must be positive");
        return -1;
    }
    PyObject *vector_length = PyLong_FromSsize_t(size);
    PyObject *mask_length = PyLong_FromSsize_t(num_actions);
    if (!vector_length || !mask_length) {
        Py_XDECREF(vector_length);
        Py_XDECREF(mask_length);
        return -1;
    }
    Py_XSETREF(self->vector_length, vector_length);
    Py_XSETREF(self->mask_length, mask_length);
    Py_INCREF(write);
    Py_XSETREF(self->write, write);
    Py_INCREF(empty);
    Py_XSETREF(self->empty, empty);
    Py_INCREF(f32);
    Py_XSETREF(self->f32, f32);
    Py_INCREF(i8);
    Py_XSETREF(self->i8, i8);
    self->num_actions = num_actions;
    return 0;
}

static PyObject *observer_call(Observer *self, PyObject *args, PyObject *kwds) {
    PyObject *game, *seat, *legal;
    if (kwds && PyDict_GET_SIZE(kwds)) {
        PyErr_SetString(PyExc_TypeError, "an Observer takes no keyword arguments");
        return NULL;
    }
    if (!PyArg_UnpackTuple(args, "Observer", 3, 3, &game, &seat, &legal)) return NULL;
    if (!self->write) {
        PyErr_SetString(PyExc_RuntimeError, "the Observer was not initialised");
        return NULL;
    }
    PyObject *call_args[3] = {self->vector_length, self->f32, NULL};
    PyObject *vector = PyObject_Vectorcall(self->empty, call_args, 2, NULL);
    if (!vector) return NULL;
    call_args[0] = game;
    call_args[1] = seat;
    call_args[2] = vector;
    PyObject *r = PyObject_Vectorcall(self->write, call_args, 3, NULL);
    if (!r) {
        Py_DECREF(vector);
        return NULL;
    }
    Py_DECREF(r);
    call_args[0] = self->mask_length;
    call_args[1] = self->i8;
    PyObject *mask = PyObject_Vectorcall(self->empty, call_args, 2, NULL);
    if (!mask) {
        Py_DECREF(vector);
        return NULL;
    }
    Py_buffer view;
    if (PyObject_GetBuffer(mask, &view, PyBUF_WRITABLE | PyBUF_C_CONTIGUOUS) < 0) goto fail;
    if (view.len != self->num_actions) {
        PyBuffer_Release(&view);
        PyErr_SetString(PyExc_ValueError, "numpy.empty made a mask of another size");
        goto fail;
    }
    char *m = (char *)view.buf;
    memset(m, 0, (size_t)view.len);
    if (legal != Py_None) {
        PyObject *seq = PySequence_Fast(legal, "legal must be a sequence of actions");
        if (!seq) {
            PyBuffer_Release(&view);
            goto fail;
        }
        Py_ssize_t n = PySequence_Fast_GET_SIZE(seq);
        for (Py_ssize_t i = 0; i < n; i++) {
            long a = PyLong_AsLong(PySequence_Fast_GET_ITEM(seq, i));
            if (a == -1 && PyErr_Occurred()) {
                Py_DECREF(seq);
                PyBuffer_Release(&view);
                goto fail;
            }
            if (a < 0 || a >= view.len) {
                Py_DECREF(seq);
                PyBuffer_Release(&view);
                PyErr_Format(PyExc_ValueError,
                             "action %ld is outside a mask of %zd actions (0 to %zd)", a,
                             view.len, view.len - 1);
                goto fail;
            }
            m[a] = 1;
        }
        Py_DECREF(seq);
    }
    PyBuffer_Release(&view);
    PyObject *out = _PyDict_NewPresized(2);
    if (!out || PyDict_SetItem(out, s_observation, vector) < 0 ||
        PyDict_SetItem(out, s_action_mask, mask) < 0) {
        Py_XDECREF(out);
        out = NULL;
    }
    Py_DECREF(vector);
    Py_DECREF(mask);
    return out;
fail:
    Py_DECREF(vector);
    Py_DECREF(mask);
    return NULL;
}

static PyTypeObject ObserverType = {
    PyVarObject_HEAD_INIT(NULL, 0).tp_name = "ludoteca.rl._observe.Observer",
    .tp_basicsize = sizeof(Observer),
    .tp_flags = Py_TPFLAGS_DEFAULT,
    .tp_doc = "Observer(write, size, num_actions, empty, float32, int8)\n--\n\n"
              "observer(game, seat, legal): {'observation': the vector write(game, seat, out)\n"
              "fills, 'action_mask': 1 at each action of legal (None: none)}.",
    .tp_new = PyType_GenericNew,
    .tp_init = (initproc)observer_init,
    .tp_dealloc = (destructor)observer_dealloc,
    .tp_call = (ternaryfunc)observer_call,
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "_observe",
    "The observation dictionary of the learning environments in one call (see aec.py).", -1,
    NULL,
};

PyMODINIT_FUNC PyInit__observe(void) {
    if (!(s_observation = PyUnicode_InternFromString("observation"))) return NULL;
    if (!(s_action_mask = PyUnicode_InternFromString("action_mask"))) return NULL;
    if (PyType_Ready(&ObserverType) < 0) return NULL;
    PyObject *m = PyModule_Create(&module);
    if (!m) return NULL;
    Py_INCREF(&ObserverType);
    if (PyModule_AddObject(m, "Observer", (PyObject *)&ObserverType) < 0) {
        Py_DECREF(&ObserverType);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
