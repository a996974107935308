/* hkmj.env._cells: the observation planes' cell writer and the action mask in C.
 *
 * Built only in the compiled wheel (setup.py, HKMJ_MYPYC=1); hkmj/env/planes.py and core.py
 * fall back to their Python code, which this file mirrors step for step, when it is absent.
 * It writes the float32 cells straight into the planes' buffer (the buffer protocol: no numpy
 * headers) and keeps the previous view as native ints, so that a catch-up costs a few reads of
 * the engine's lists and tuples and one store per changed cell. The layout below is checked
 * against hkmj/env/planes.py at import (LAYOUT) and by tests/env/test_planes.py.
 *
 * Cells.write(me, prevailing, dealer, conc, drawn, offered, melds, ponds, bonus, phase, turn,
 *             to_act, live, dead, counts, scores, dead_hands)   -- PlaneWriter._write's arguments
 * Cells.reset()                                      -- PlaneWriter.reset
 * mask(indices, size) -> bytearray                   -- core.mask_bytes
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <string.h>

#define W 34 /* columns: tile kinds (HK-1) */
#define HAND 0
#define DRAWN 4
#define OFFERED 5
#define MELDS 6
#define DISCARDS 22
#define MAX_DISCARDS 32
#define BONUS 150
#define SEAT_WIND 154
#define PREVAILING 155
#define DEALER 156
#define PHASE 157
#define SCALARS 158
#define DEAD_HANDS 159 /* a seat's dead hand (MCR-5.4), one column per relative seat */
#define N_ROWS 160
#define HONOUR 27
#define N_CELLS (N_ROWS * W)
#define BLOCK 4 /* a kind has four copies (HK-1): rows of a thermometer block */

typedef struct {
    PyObject_HEAD
    Py_buffer buf;
    int has_buf;
    float *f;
    long seat, prevailing;
    long conc[W];
    long drawn, offered;
    PyObject *melds[4]; /* each seat's last meld tuple (identity tested, as in Python) */
    long meld_counts[4][W];
    PyObject *ponds[4];
    PyObject *bonus[4];
    long phase, turn_cell;
    int to_act;
    long live, dead;
    long counts[4];
    PyObject *scores;
    int dead_hands[4];
} Cells;

static PyObject *str_tile, *str_kind, *empty_tuple;
static PyObject *small[BLOCK + 1]; /* the int objects 0..4: a kind's possible counts */

static int put(Cells *c, long i, float v) {
    if (i < 0 || i >= N_CELLS) {
        PyErr_Format(PyExc_IndexError, "planes cell %ld out of range 0-%d (a tile or seat outside the layout)", i, N_CELLS - 1);
        return -1;
    }
    c->f[i] = v;
    return 0;
}

static int as_long(PyObject *o, long *out) {
    long v = PyLong_AsLong(o);
    if (v == -1 && PyErr_Occurred()) return -1;
    *out = v;
    return 0;
}

/* item i of a list or tuple (borrowed); the caller checked the type */
#define ITEM(o, i) (PyList_Check(o) ? PyList_GET_ITEM(o, i) : PyTuple_GET_ITEM(o, i))

static int check_seq(PyObject *o, const char *what) {
    if (!PyList_Check(o) && !PyTuple_Check(o)) {
        PyErr_Format(PyExc_TypeError, "%s: expected a list or tuple, got %.100s", what, Py_TYPE(o)->tp_name);
        return -1;
    }
    return 0;
}

static void clear_state(Cells *c) {
    memset(c->f, 0, sizeof(float) * N_CELLS);
    c->seat = -1;
    c->prevailing = -1;
    memset(c->conc, 0, sizeof c->conc);
    c->drawn = -1;
    c->offered = -1;
    for (int s = 0; s < 4; s++) {
        Py_INCREF(empty_tuple);
        Py_XSETREF(c->melds[s], empty_tuple);
        Py_INCREF(empty_tuple);
        Py_XSETREF(c->ponds[s], empty_tuple);
        Py_INCREF(empty_tuple);
        Py_XSETREF(c->bonus[s], empty_tuple);
        c->counts[s] = 0;
    }
    memset(c->meld_counts, 0, sizeof c->meld_counts);
    c->phase = -1;
    c->turn_cell = -1;
    c->to_act = 0;
    c->live = -1;
    c->dead = -1;
    Py_INCREF(empty_tuple);
    Py_XSETREF(c->scores, empty_tuple);
    memset(c->dead_hands, 0, sizeof c->dead_hands);
}

/* a kind's count in a thermometer block went from old to new: the rows between them flip */
static int flip(Cells *c, long cell, long old, long new_) {
    if (old < 0 || old > BLOCK || new_ < 0 || new_ > BLOCK) {
        PyErr_Format(PyExc_ValueError, "a tile count of %ld: expected 0-4 copies of a kind (HK-1)", old < 0 || old > BLOCK ? old : new_);
        return -1;
    }
    if (new_ > old) {
        for (long r = old; r < new_; r++)
            if (put(c, cell + r * W, 1.0f) < 0) return -1;
    } else {
        for (long r = new_; r < old; r++)
            if (put(c, cell + r * W, 0.0f) < 0) return -1;
    }
    return 0;
}

/* add sign times a meld's tiles to counts by kind (HK-4.8) */
static int count_meld(long *counts, PyObject *meld, long sign) {
    PyObject *t_obj = PyObject_GetAttr(meld, str_tile);
    if (t_obj == NULL) return -1;
    long t;
    int bad = as_long(t_obj, &t);
    Py_DECREF(t_obj);
    if (bad < 0) return -1;
    PyObject *kind = PyObject_GetAttr(meld, str_kind);
    if (kind == NULL) return -1;
    if (!PyUnicode_Check(kind)) {
        Py_DECREF(kind);
        PyErr_SetString(PyExc_TypeError, "a meld's kind: expected a string");
        return -1;
    }
    int chow = PyUnicode_CompareWithASCIIString(kind, "chow") == 0;
    int pung = PyUnicode_CompareWithASCIIString(kind, "pung") == 0;
    Py_DECREF(kind);
    if (t < 0 || t + (chow ? 2 : 0) >= W) {
        PyErr_Format(PyExc_ValueError, "a meld of tile %ld: expected a tile kind 0-%d", t, W - 1);
        return -1;
    }
    if (chow) {
        for (long u = t; u < t + 3; u++) counts[u] += sign;
    } else {
        counts[t] += sign * (pung ? 3 : 4);
    }
    return 0;
}

static int melds_changed(Cells *c, long row, PyObject *melds, PyObject *old, long *counts) {
    long fresh[W];
    memcpy(fresh, counts, sizeof fresh);
    Py_ssize_t n_new = PyTuple_GET_SIZE(melds), n_old = PyTuple_GET_SIZE(old);
    Py_ssize_t n = n_new > n_old ? n_new : n_old;
    for (Py_ssize_t i = 0; i < n; i++) {
        PyObject *m = i < n_new ? PyTuple_GET_ITEM(melds, i) : NULL;
        PyObject *o = i < n_old ? PyTuple_GET_ITEM(old, i) : NULL;
        if (m != o) {
            if (o != NULL && count_meld(fresh, o, -1) < 0) return -1;
            if (m != NULL && count_meld(fresh, m, 1) < 0) return -1;
        }
    }
    long cell = row * W;
    for (long t = 0; t < W; t++) {
        if (fresh[t] != counts[t]) {
            if (flip(c, cell + t, counts[t], fresh[t]) < 0) return -1;
            counts[t] = fresh[t];
        }
    }
    return 0;
}

static int rewrite_pond(Cells *c, long row, PyObject *pond) {
    memset(c->f + row * W, 0, sizeof(float) * MAX_DISCARDS * W);
    Py_ssize_t n = PyTuple_GET_SIZE(pond);
    for (Py_ssize_t i = 0; i < n; i++) {
        long t;
        if (as_long(PyTuple_GET_ITEM(pond, i), &t) < 0) return -1;
        long r = i < MAX_DISCARDS - 1 ? (long)i : MAX_DISCARDS - 1;
        if (put(c, (row + r) * W + t, 1.0f) < 0) return -1;
    }
    return 0;
}

static int pond_changed(Cells *c, long row, PyObject *pond, PyObject *old) {
    Py_ssize_t n = PyTuple_GET_SIZE(pond), k = PyTuple_GET_SIZE(old);
    if (n > MAX_DISCARDS || k > MAX_DISCARDS) return rewrite_pond(c, row, pond);
    /* a pond grows at its end, and only its latest tile can be claimed (HK-4) */
    if (k) {
        long last_old, last_new = 0;
        if (as_long(PyTuple_GET_ITEM(old, k - 1), &last_old) < 0) return -1;
        if (n >= k && as_long(PyTuple_GET_ITEM(pond, k - 1), &last_new) < 0) return -1;
        if (n < k || last_new != last_old) {
            k -= 1;
            if (put(c, (row + k) * W + last_old, 0.0f) < 0) return -1;
        }
    }
    for (Py_ssize_t i = k; i < n; i++) {
        long t;
        if (as_long(PyTuple_GET_ITEM(pond, i), &t) < 0) return -1;
        if (put(c, (row + i) * W + t, 1.0f) < 0) return -1;
    }
    return 0;
}

static int bonus_changed(Cells *c, long cell, PyObject *tiles, PyObject *old) {
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(old); i++) {
        long t;
        if (as_long(PyTuple_GET_ITEM(old, i), &t) < 0 || put(c, cell + t, 0.0f) < 0) return -1;
    }
    for (Py_ssize_t i = 0; i < PyTuple_GET_SIZE(tiles); i++) {
        long t;
        if (as_long(PyTuple_GET_ITEM(tiles, i), &t) < 0 || put(c, cell + t, 1.0f) < 0) return -1;
    }
    return 0;
}

/* a writer with no buffer (never initialised, or cleared by the garbage collector) writes nothing */
static int has_cells(Cells *c) {
    if (!c->has_buf) {
        PyErr_SetString(PyExc_ValueError, "Cells: no buffer to write (call Cells(flat) with a writable float32 buffer)");
        return -1;
    }
    return 0;
}

static PyObject *Cells_reset(Cells *c, PyObject *Py_UNUSED(ignored)) {
    if (has_cells(c) < 0) return NULL;
    clear_state(c);
    Py_RETURN_NONE;
}

static int check_tuples(PyObject *seq, const char *what) {
    if (check_seq(seq, what) < 0) return -1;
    if (Py_SIZE(seq) != 4) {
        PyErr_Format(PyExc_ValueError, "%s: expected one entry per seat (4), got %zd", what, Py_SIZE(seq));
        return -1;
    }
    for (Py_ssize_t s = 0; s < 4; s++) {
        if (!PyTuple_Check(ITEM(seq, s))) {
            PyErr_Format(PyExc_TypeError, "%s of seat %zd: expected a tuple", what, s);
            return -1;
        }
    }
    return 0;
}

/* PlaneWriter._write: rewrite the cells whose part of the view changed, in the same order */
static PyObject *Cells_write(Cells *c, PyObject *const *args, Py_ssize_t nargs) {
    if (has_cells(c) < 0) return NULL;
    if (nargs != 17) {
        PyErr_Format(PyExc_TypeError, "Cells.write: expected 17 arguments, got %zd", nargs);
        return NULL;
    }
    long me, prevailing, dealer, drawn, offered, phase, turn, live, dead;
    if (as_long(args[0], &me) < 0 || as_long(args[1], &prevailing) < 0 || as_long(args[2], &dealer) < 0 ||
        as_long(args[4], &drawn) < 0 || as_long(args[5], &offered) < 0 || as_long(args[9], &phase) < 0 ||
        as_long(args[10], &turn) < 0 || as_long(args[12], &live) < 0 || as_long(args[13], &dead) < 0)
        return NULL;
    PyObject *conc = args[3], *melds = args[6], *ponds = args[7], *bonus = args[8], *counts = args[14], *scores = args[15],
             *dead_hands = args[16];
    int to_act = PyObject_IsTrue(args[11]);
    if (to_act < 0) return NULL;
    if (me < 0 || me > 3) {
        PyErr_Format(PyExc_ValueError, "seat %ld: expected 0-3", me);
        return NULL;
    }
    if (drawn < -1 || drawn >= W || offered < -1 || offered >= W) {
        PyErr_Format(PyExc_ValueError, "drawn %ld, offered %ld: expected a tile kind 0-%d or -1 (none)", drawn, offered, W - 1);
        return NULL;
    }
    if (check_seq(conc, "concealed counts") < 0 || check_tuples(melds, "melds") < 0 || check_tuples(ponds, "discards") < 0 ||
        check_tuples(bonus, "bonus tiles") < 0 || check_seq(counts, "concealed counts by seat") < 0 || check_seq(scores, "scores") < 0)
        return NULL;
    if (Py_SIZE(conc) != W || Py_SIZE(counts) != 4 || (Py_SIZE(scores) != 4 && Py_SIZE(scores) != 0)) {
        PyErr_SetString(PyExc_ValueError, "a view's counts: expected 34 kinds, 4 seats and 4 or no scores");
        return NULL;
    }
    if (me != c->seat || prevailing != c->prevailing) {
        clear_state(c);
        c->seat = me;
        c->prevailing = prevailing;
        if (put(c, SEAT_WIND * W + HONOUR + me, 1.0f) < 0 || put(c, PREVAILING * W + HONOUR + prevailing, 1.0f) < 0 ||
            put(c, DEALER * W + ((dealer - me) & 3), 1.0f) < 0)
            return NULL;
    }
    /* own hand: every kind whose count changed (HK-3, HK-4); a count the same small int object
       as the one kept (CPython caches 0..256, so the engine's counts always are) is unchanged */
    PyObject **items = PySequence_Fast_ITEMS(conc);
    for (long t = 0; t < W; t++) {
        PyObject *item = items[t];
        long n = c->conc[t];
        if (n >= 0 && n <= BLOCK && item == small[n]) continue;
        if (as_long(item, &n) < 0) return NULL;
        if (n != c->conc[t]) {
            if (flip(c, HAND * W + t, c->conc[t], n) < 0) return NULL;
            c->conc[t] = n;
        }
    }
    if (drawn != c->drawn) {
        if (c->drawn >= 0 && put(c, DRAWN * W + c->drawn, 0.0f) < 0) return NULL;
        if (drawn >= 0 && put(c, DRAWN * W + drawn, 1.0f) < 0) return NULL;
        c->drawn = drawn;
    }
    if (offered != c->offered) {
        if (c->offered >= 0 && put(c, OFFERED * W + c->offered, 0.0f) < 0) return NULL;
        if (offered >= 0 && put(c, OFFERED * W + offered, 1.0f) < 0) return NULL;
        c->offered = offered;
    }
    for (long s = 0; s < 4; s++) {
        long rel = (s - me) & 3; /* 0 itself, 1 right, 2 opposite, 3 left */
        PyObject *ms = ITEM(melds, s);
        if (ms != c->melds[s]) {
            if (melds_changed(c, MELDS + BLOCK * rel, ms, c->melds[s], c->meld_counts[s]) < 0) return NULL;
            Py_INCREF(ms);
            Py_SETREF(c->melds[s], ms);
        }
        PyObject *pond = ITEM(ponds, s);
        if (pond != c->ponds[s]) {
            if (pond_changed(c, DISCARDS + MAX_DISCARDS * rel, pond, c->ponds[s]) < 0) return NULL;
            Py_INCREF(pond);
            Py_SETREF(c->ponds[s], pond);
        }
        PyObject *tiles = ITEM(bonus, s);
        if (tiles != c->bonus[s]) {
            if (bonus_changed(c, (BONUS + rel) * W - W, tiles, c->bonus[s]) < 0) return NULL;
            Py_INCREF(tiles);
            Py_SETREF(c->bonus[s], tiles);
        }
    }
    if (phase != c->phase) {
        if (c->phase >= 0 && put(c, PHASE * W + c->phase, 0.0f) < 0) return NULL;
        if (put(c, PHASE * W + phase, 1.0f) < 0) return NULL;
        c->phase = phase;
    }
    long cell = 4 + ((turn - me) & 3);
    if (cell != c->turn_cell) {
        if (c->turn_cell >= 0) c->f[PHASE * W + c->turn_cell] = 0.0f;
        c->f[PHASE * W + cell] = 1.0f;
        c->turn_cell = cell;
    }
    if (to_act != c->to_act) {
        c->f[PHASE * W + 8] = to_act ? 1.0f : 0.0f;
        c->to_act = to_act;
    }
    if (live != c->live) {
        c->live = live;
        c->f[SCALARS * W] = (float)((double)live / 130.0);
    }
    if (dead != c->dead) {
        c->dead = dead;
        c->f[SCALARS * W + 1] = (float)((double)dead / 16.0);
    }
    for (long s = 0; s < 4; s++) {
        long n;
        if (as_long(ITEM(counts, s), &n) < 0) return NULL;
        if (n != c->counts[s]) {
            c->counts[s] = n;
            c->f[SCALARS * W + 2 + ((s - me) & 3)] = (float)((double)n / 14.0);
        }
    }
    if (scores != c->scores) {
        int ne = PyObject_RichCompareBool(scores, c->scores, Py_NE);
        if (ne < 0) return NULL;
        if (ne) {
            if (Py_SIZE(scores) != 4) {
                PyErr_SetString(PyExc_ValueError, "scores: expected one per seat (4)");
                return NULL;
            }
            for (long r = 0; r < 4; r++) {
                double v = PyLong_AsDouble(ITEM(scores, (me + r) & 3));
                if (v == -1.0 && PyErr_Occurred()) return NULL;
                v = v / 1000.0;
                if (v > 1.0) v = 1.0; /* max(-1.0, min(1.0, v)) */
                if (v < -1.0) v = -1.0;
                c->f[SCALARS * W + 6 + r] = (float)v;
            }
        }
        Py_INCREF(scores);
        Py_SETREF(c->scores, scores);
    }
    /* dead hands (MCR-5.4): the engine's list changes in place, so each seat is read */
    if (check_seq(dead_hands, "dead hands") < 0) return NULL;
    if (Py_SIZE(dead_hands) != 4) {
        PyErr_Format(PyExc_ValueError, "dead hands: expected one per seat (4), got %zd", Py_SIZE(dead_hands));
        return NULL;
    }
    for (long s = 0; s < 4; s++) {
        int d = PyObject_IsTrue(ITEM(dead_hands, s));
        if (d < 0) return NULL;
        if (d != c->dead_hands[s]) {
            c->dead_hands[s] = d;
            c->f[DEAD_HANDS * W + ((s - me) & 3)] = d ? 1.0f : 0.0f;
        }
    }
    Py_RETURN_NONE;
}

static int Cells_init(Cells *c, PyObject *args, PyObject *kwds) {
    PyObject *flat;
    static char *kwlist[] = {"flat", NULL};
    if (!PyArg_ParseTupleAndKeywords(args, kwds, "O:Cells", kwlist, &flat)) return -1;
    if (c->has_buf) {
        PyBuffer_Release(&c->buf);
        c->has_buf = 0;
    }
    if (PyObject_GetBuffer(flat, &c->buf, PyBUF_WRITABLE | PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) return -1;
    c->has_buf = 1;
    const char *fmt = c->buf.format ? c->buf.format : "B";
    if (c->buf.itemsize != sizeof(float) || strcmp(fmt, "f") != 0 || c->buf.len != (Py_ssize_t)(sizeof(float) * N_CELLS)) {
        PyErr_Format(PyExc_ValueError, "Cells: expected a writable float32 buffer of %d cells, got format %s, %zd bytes", N_CELLS, fmt, c->buf.len);
        PyBuffer_Release(&c->buf);
        c->has_buf = 0;
        return -1;
    }
    c->f = (float *)c->buf.buf;
    clear_state(c);
    return 0;
}

static PyObject *Cells_new(PyTypeObject *type, PyObject *Py_UNUSED(args), PyObject *Py_UNUSED(kwds)) {
    Cells *c = (Cells *)type->tp_alloc(type, 0);
    return (PyObject *)c; /* tp_alloc zeroes the struct: no buffer, NULL references */
}

/* drop the buffer and every reference: the garbage collector breaks a cycle through a writer here,
   releasing the export before it clears the exporter (a memoryview cleared with exports left
   drops its buffer under the writer and raises BufferError inside the collector) */
static int Cells_clear(Cells *c) {
    if (c->has_buf) {
        c->has_buf = 0;
        c->f = NULL;
        PyBuffer_Release(&c->buf);
    }
    for (int s = 0; s < 4; s++) {
        Py_CLEAR(c->melds[s]);
        Py_CLEAR(c->ponds[s]);
        Py_CLEAR(c->bonus[s]);
    }
    Py_CLEAR(c->scores);
    return 0;
}

static void Cells_dealloc(Cells *c) {
    PyObject_GC_UnTrack(c);
    Cells_clear(c);
    Py_TYPE(c)->tp_free((PyObject *)c);
}

static int Cells_traverse(Cells *c, visitproc visit, void *arg) {
    for (int s = 0; s < 4; s++) {
        Py_VISIT(c->melds[s]);
        Py_VISIT(c->ponds[s]);
        Py_VISIT(c->bonus[s]);
    }
    Py_VISIT(c->scores);
    if (c->has_buf) Py_VISIT(c->buf.obj);
    return 0;
}

static PyMethodDef Cells_methods[] = {
    {"write", (PyCFunction)(void (*)(void))Cells_write, METH_FASTCALL, "PlaneWriter._write in C: rewrite the cells whose part of a view changed."},
    {"reset", (PyCFunction)Cells_reset, METH_NOARGS, "Clear every cell and forget the previous view."},
    {NULL, NULL, 0, NULL},
};

static PyTypeObject CellsType = {
    PyVarObject_HEAD_INIT(NULL, 0)
    .tp_name = "hkmj.env._cells.Cells",
    .tp_doc = "One seat's planes written in place (a writable float32 buffer of N_CELLS cells).",
    .tp_basicsize = sizeof(Cells),
    .tp_flags = Py_TPFLAGS_DEFAULT | Py_TPFLAGS_HAVE_GC,
    .tp_new = Cells_new,
    .tp_init = (initproc)Cells_init,
    .tp_dealloc = (destructor)Cells_dealloc,
    .tp_traverse = (traverseproc)Cells_traverse,
    .tp_clear = (inquiry)Cells_clear,
    .tp_methods = Cells_methods,
};

/* core.mask_bytes: a new bytearray of size zeros with 1 at each index */
static PyObject *mask(PyObject *Py_UNUSED(module), PyObject *const *args, Py_ssize_t nargs) {
    if (nargs != 2) {
        PyErr_SetString(PyExc_TypeError, "mask(indices, size): expected 2 arguments");
        return NULL;
    }
    PyObject *indices = args[0];
    if (check_seq(indices, "mask indices") < 0) return NULL;
    Py_ssize_t size = PyLong_AsSsize_t(args[1]);
    if (size == -1 && PyErr_Occurred()) return NULL;
    if (size < 0) {
        PyErr_SetString(PyExc_ValueError, "mask size: expected 0 or more");
        return NULL;
    }
    PyObject *out = PyByteArray_FromStringAndSize(NULL, size);
    if (out == NULL) return NULL;
    char *b = PyByteArray_AS_STRING(out);
    memset(b, 0, (size_t)size);
    Py_ssize_t n = Py_SIZE(indices);
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_ssize_t k = PyLong_AsSsize_t(ITEM(indices, i));
        if (k == -1 && PyErr_Occurred()) goto fail;
        if (k < 0 || k >= size) {
            PyErr_Format(PyExc_IndexError, "action index %zd out of range 0-%zd", k, size - 1);
            goto fail;
        }
        b[k] = 1;
    }
    return out;
fail:
    Py_DECREF(out);
    return NULL;
}

static PyMethodDef module_methods[] = {
    {"mask", (PyCFunction)(void (*)(void))mask, METH_FASTCALL, "mask(indices, size): a new bytearray with 1 at each index."},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module_def = {
    PyModuleDef_HEAD_INIT, "hkmj.env._cells", "The observation planes' cell writer and the action mask in C.", -1, module_methods,
    NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit__cells(void) {
    if (PyType_Ready(&CellsType) < 0) return NULL;
    str_tile = PyUnicode_InternFromString("tile");
    str_kind = PyUnicode_InternFromString("kind");
    empty_tuple = PyTuple_New(0);
    if (str_tile == NULL || str_kind == NULL || empty_tuple == NULL) return NULL;
    for (long i = 0; i <= BLOCK; i++)
        if ((small[i] = PyLong_FromLong(i)) == NULL) return NULL;
    PyObject *m = PyModule_Create(&module_def);
    if (m == NULL) return NULL;
    Py_INCREF(&CellsType);
    if (PyModule_AddObject(m, "Cells", (PyObject *)&CellsType) < 0) {
        Py_DECREF(&CellsType);
        Py_DECREF(m);
        return NULL;
    }
    PyObject *layout = Py_BuildValue("(iiiiiiiiiiiiiiii)", W, HAND, DRAWN, OFFERED, MELDS, DISCARDS, MAX_DISCARDS, BONUS, SEAT_WIND,
                                     PREVAILING, DEALER, PHASE, SCALARS, DEAD_HANDS, N_ROWS, HONOUR);
    if (layout == NULL || PyModule_AddObject(m, "LAYOUT", layout) < 0) {
        Py_XDECREF(layout);
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
