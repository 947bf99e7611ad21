package online.durak.bench;

/** Walks the indices of a benchmark's positions round and round; their number must be a power of two. */
final class Cycle {
    private final int mask;
    private int next;

    Cycle(int size) {
        if (Integer.bitCount(size) != 1) {
            throw new IllegalArgumentException("not a power of two: " + size);
        }
        this.mask = size - 1;
    }

    int next() {
        int i = next;
        next = (i + 1) & mask;
        return i;
    }
}
