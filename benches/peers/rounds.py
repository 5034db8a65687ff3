"""Shared by the peer scripts' reports: figures over interleaved rounds."""


def median(xs):
    """The median of the numbers in xs, None ignored; None when there are none."""
    xs = sorted(x for x in xs if x is not None)
    if not xs:
        return None
    mid = len(xs) // 2
    return xs[mid] if len(xs) % 2 else (xs[mid - 1] + xs[mid]) / 2
