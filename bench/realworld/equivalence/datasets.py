#!/usr/bin/env python3
"""Synthetic data sets, in the on-disk formats the corpus programs read, for the equivalence
harness (bench/realworld/equivalence/). Pure Python (no numpy), deterministic (fixed seeds), and
learnable: every label is a function of its input plus bounded noise, so a working training loop
lowers its loss.

  datasets.py make DIR     compact data (a few MB): what prepare.sh puts under .realworld-runs/data
  datasets.py expand DIR OUT
                           the files whose size LibTorch or the program fixes (MNIST's reader
                           requires 60,000/10,000 images in the header; resnet_cifar100 reads
                           50,000 CIFAR records), made by repeating the compact blocks; run.sh
                           calls it on the machine that runs the programs, so the carried folder
                           stays small

What each program reads, and from where (paths relative to its working directory, see run.py's
PROJECTS in harness.py):
  MNIST idx (train-images-idx3-ubyte, ...)   ffnn_mnist, birnn_mnist, vae_mnist (../data/mnist/),
                                             mnist_net, dcgan_mnist (./data)
  CIFAR-100 binary (train.bin)               resnet_cifar100 (../data/cifar-100-binary)
  plain text                                 char_rnn (data/input.txt)
  CSV, 13 features + target                  tabular_regression_cpu (housing.csv)
  TREC "LABEL:fine words"                    textcnn_trec (../TREC/{train,test}.txt)
  int64 token/label tensors                  transformer_textcls (data/ag_news/*.pt): written as
                                             raw little-endian int64 here, turned into
                                             torch::save archives by datagen/agnews_pt.cpp with
                                             the LibTorch the programs link
"""
import math
import os
import random
import struct
import sys

MNIST_TRAIN_BLOCK = 2000   # repeated 30x: 60,000 (LibTorch's MNIST reader checks the count)
MNIST_TEST_BLOCK = 1000    # repeated 10x: 10,000
CIFAR_BLOCK = 2000         # repeated 25x: 50,000 (resnet_cifar100's kTrainSize)


def mnist_block(n, seed):
    """n 28x28 images of 10 classes: each class is 3 fixed strokes, drawn shifted by up to 2 pixels,
    with jittered intensity and sparse noise."""
    templates = []
    trng = random.Random(1234)
    for _ in range(10):
        templates.append([(trng.uniform(5, 22), trng.uniform(5, 22), trng.uniform(5, 22), trng.uniform(5, 22))
                          for _ in range(3)])
    rng = random.Random(seed)
    images = bytearray()
    labels = bytearray()
    for i in range(n):
        c = rng.randrange(10)
        dx, dy = rng.randint(-2, 2), rng.randint(-2, 2)
        level = rng.randint(180, 255)
        img = bytearray(784)
        for (x0, y0, x1, y1) in templates[c]:
            for t in range(17):
                x = int(round(x0 + (x1 - x0) * t / 16.0)) + dx
                y = int(round(y0 + (y1 - y0) * t / 16.0)) + dy
                for ox, oy in ((0, 0), (1, 0), (0, 1)):
                    xx, yy = x + ox, y + oy
                    if 0 <= xx < 28 and 0 <= yy < 28:
                        img[yy * 28 + xx] = level
        for _ in range(20):
            img[rng.randrange(784)] = rng.randint(0, 120)
        images += img
        labels.append(c)
    return bytes(images), bytes(labels)


def cifar_block(n, seed):
    """n CIFAR-100 records (coarse label, fine label, 3x32x32 planes): class c has a colour and a
    stripe pattern (orientation and frequency) of its own, a random phase and pixel noise."""
    rng = random.Random(seed)
    out = bytearray()
    for i in range(n):
        c = i % 100 if i < 100 else rng.randrange(100)
        colour = ((c * 37) % 200 + 30, (c * 91) % 200 + 30, (c * 53) % 200 + 30)
        kind, freq = c % 4, 1 + (c // 4) % 5
        phase = rng.uniform(0, 2 * math.pi)
        rec = bytearray([c // 5, c])
        wave = []
        for y in range(32):
            for x in range(32):
                u = (y, x, x + y, x - y)[kind]
                wave.append(math.sin(2 * math.pi * freq * u / 32.0 + phase))
        for ch in range(3):
            base = colour[ch]
            for p in range(1024):
                v = base + 45 * wave[p] * (1 if ch != 1 else -1) + rng.randint(-20, 20)
                rec.append(max(0, min(255, int(v))))
        out += rec
    return bytes(out)


WORDS = ("the a of to and in is was for on with as by at from that this it his her their one two "
         "river city king music water light paper stone garden winter market train house story "
         "small old new red quiet early long green bright heavy").split()


def text_corpus(n_chars, seed):
    """Sentences of a small grammar: a character model can learn its words and punctuation."""
    rng = random.Random(seed)
    subjects = ["the old king", "a small boy", "the river", "my sister", "the quiet city", "a red bird"]
    verbs = ["walked to", "looked at", "sang about", "dreamed of", "ran past", "built"]
    objects = ["the green garden", "a long story", "the early train", "the bright market",
               "an old house", "the winter light"]
    out = []
    size = 0
    while size < n_chars:
        s = "%s %s %s" % (rng.choice(subjects), rng.choice(verbs), rng.choice(objects))
        if rng.random() < 0.3:
            s += " and %s %s" % (rng.choice(verbs), rng.choice(objects))
        s = s[0].upper() + s[1:] + rng.choice([".", ".", ".", "!", "?"]) + ("\n" if rng.random() < 0.2 else " ")
        out.append(s)
        size += len(s)
    return "".join(out)


def housing_csv(rows, seed):
    """13 features and a target that is a smooth function of five of them plus noise."""
    rng = random.Random(seed)
    lines = [",".join(["f%d" % i for i in range(13)] + ["price"])]
    for _ in range(rows):
        f = [rng.gauss(0, 1) * (i + 1) + 3 * i for i in range(13)]
        z = [(f[i] - 3 * i) / (i + 1) for i in range(13)]
        y = 22 + 4 * z[0] - 3 * z[3] + 2 * z[5] * z[6] + 3 * math.tanh(z[9]) + rng.gauss(0, 0.5)
        lines.append(",".join("%.5f" % v for v in f + [y]))
    return "\n".join(lines) + "\n"


TREC_CLASSES = [
    ("DESC", "def", ["why does", "what is the meaning of", "how does", "describe"]),
    ("ENTY", "animal", ["what animal lives in", "which plant grows near", "what kind of food is"]),
    ("ABBR", "exp", ["what does the abbreviation", "what is the acronym for", "expand the short"]),
    ("HUM", "ind", ["who wrote", "who was the first", "which person invented", "who built"]),
    ("NUM", "count", ["how many", "how much", "what year did", "how long is"]),
    ("LOC", "city", ["where is", "which country has", "in what city is", "where was"]),
]


def trec(n, seed):
    """TREC-format lines "COARSE:fine question ?": the question words tell the class."""
    rng = random.Random(seed)
    lines = []
    for _ in range(n):
        coarse, fine, starts = TREC_CLASSES[rng.randrange(len(TREC_CLASSES))]
        words = rng.choice(starts).split() + [rng.choice(WORDS) for _ in range(rng.randint(3, 10))] + ["?"]
        lines.append("%s:%s %s" % (coarse, fine, " ".join(words)))
    return "\n".join(lines) + "\n"


def agnews(n, length, seed):
    """(n, length) int64 tokens (0 = padding at the end) and n labels in 0..3: each sequence holds
    four keyword tokens of its class among random tokens of the 32,000-word vocabulary."""
    rng = random.Random(seed)
    tokens, labels = [], []
    for _ in range(n):
        c = rng.randrange(4)
        used = rng.randint(length // 2, length)
        row = [rng.randrange(1000, 32000) for _ in range(used)]
        for _ in range(4):
            row[rng.randrange(used)] = 100 + 8 * c + rng.randrange(8)
        tokens += row + [0] * (length - used)
        labels.append(c)
    return tokens, labels


def write(path, data, mode="wb"):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, mode) as f:
        f.write(data)


def write_int64(path, shape, values):
    """ndim, the dims, then the values: little-endian int64 (datagen/agnews_pt.cpp reads it)."""
    header = struct.pack("<%dq" % (1 + len(shape)), len(shape), *shape)
    write(path, header + struct.pack("<%dq" % len(values), *values))


def make(out):
    images, labels = mnist_block(MNIST_TRAIN_BLOCK, 1)
    write(os.path.join(out, "mnist", "train.images"), images)
    write(os.path.join(out, "mnist", "train.labels"), labels)
    images, labels = mnist_block(MNIST_TEST_BLOCK, 2)
    write(os.path.join(out, "mnist", "test.images"), images)
    write(os.path.join(out, "mnist", "test.labels"), labels)
    write(os.path.join(out, "cifar100", "train.block"), cifar_block(CIFAR_BLOCK, 3))
    write(os.path.join(out, "text", "input.txt"), text_corpus(60000, 4), "w")
    write(os.path.join(out, "tabular", "housing.csv"), housing_csv(506, 5), "w")
    write(os.path.join(out, "trec", "train.txt"), trec(600, 6), "w")
    write(os.path.join(out, "trec", "test.txt"), trec(120, 7), "w")
    tokens, labels = agnews(256, 16, 8)
    write_int64(os.path.join(out, "ag_news", "train_tokens.i64"), (256, 16), tokens)
    write_int64(os.path.join(out, "ag_news", "train_labels.i64"), (256,), labels)
    tokens, labels = agnews(64, 16, 9)
    write_int64(os.path.join(out, "ag_news", "test_tokens.i64"), (64, 16), tokens)
    write_int64(os.path.join(out, "ag_news", "test_labels.i64"), (64,), labels)


def expand(src, out):
    """MNIST idx files and CIFAR's train.bin at the sizes the readers require, by repetition."""
    def idx(path, magic, count, dims, block, rows):
        header = struct.pack(">II", magic, count) + b"".join(struct.pack(">I", d) for d in dims)
        write(path, header + block * (count // rows))

    mnist = os.path.join(out, "mnist")
    for name, count, stem in (("train", 60000, "train"), ("test", 10000, "t10k")):
        images = open(os.path.join(src, "mnist", name + ".images"), "rb").read()
        labels = open(os.path.join(src, "mnist", name + ".labels"), "rb").read()
        assert count % len(labels) == 0
        idx(os.path.join(mnist, stem + "-images-idx3-ubyte"), 2051, count, (28, 28), images, len(labels))
        idx(os.path.join(mnist, stem + "-labels-idx1-ubyte"), 2049, count, (), labels, len(labels))
    block = open(os.path.join(src, "cifar100", "train.block"), "rb").read()
    write(os.path.join(out, "cifar-100-binary", "train.bin"), block * (50000 // CIFAR_BLOCK))
    for name in ("text", "tabular", "trec"):
        dst = os.path.join(out, name)
        if not os.path.lexists(dst):
            os.symlink(os.path.abspath(os.path.join(src, name)), dst)
    # data/ag_news/*.pt: written next to these by datagen (run.sh), from src/ag_news/*.i64
    os.makedirs(os.path.join(out, "ag_news"), exist_ok=True)


if __name__ == "__main__":
    if len(sys.argv) == 3 and sys.argv[1] == "make":
        make(sys.argv[2])
    elif len(sys.argv) == 4 and sys.argv[1] == "expand":
        expand(sys.argv[2], sys.argv[3])
    else:
        sys.exit(__doc__)
