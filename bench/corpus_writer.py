"""What the corpus generators share: a pool of lines written again and again in shuffled order up to a size (fast to
write, varied enough to search)."""


def write_shuffled(output, pool, megabytes, rng):
    """Writes exactly MEGABYTES million bytes of POOL's lines to OUTPUT, shuffling POOL with RNG before each pass."""
    target = megabytes * 1_000_000
    written = 0
    with open(output, "wb") as out:
        while written < target:
            rng.shuffle(pool)
            data = "".join(pool).encode()[: target - written]
            out.write(data)
            written += len(data)
