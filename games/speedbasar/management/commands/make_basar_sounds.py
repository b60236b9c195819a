"""Generate Speedbasar's "Basar-Geräusche" (games/speedbasar/static/sounds/basar-*.wav) without any audio tools.

Run ``python manage.py make_basar_sounds``; the output is deterministic
(fixed seeds), so the committed files are exactly what this script writes. Each sound is a short
8-bit mono WAV of a few KB:

* ``basar-glut.wav`` – a quiet crackle of embers (the Glut is near: 5 cards or fewer left);
* ``basar-reveal.wav`` – a soft card flip for the reveal after a doubt.
"""

from __future__ import annotations

import math
import random
import wave
from pathlib import Path

from django.core.management.base import BaseCommand

RATE = 11025
OUT = Path(__file__).resolve().parents[2] / "static" / "sounds"  # the game's own static files


def write(name: str, samples: list[float]) -> Path:
    """Write ``samples`` (floats in [-1, 1]) as 8-bit unsigned mono PCM."""
    path = OUT / name
    frames = bytes(max(0, min(255, round(128 + 127 * s))) for s in samples)
    with wave.open(str(path), "wb") as w:
        w.setnchannels(1)
        w.setsampwidth(1)
        w.setframerate(RATE)
        w.writeframes(frames)
    return path


def crackle(seconds: float = 0.7, volume: float = 0.35) -> list[float]:
    """Embers: sparse clicks of random size, each a short decaying noise burst, over a faint hiss."""
    rng = random.Random(5)
    n = int(RATE * seconds)
    out = [rng.uniform(-1, 1) * 0.02 for _ in range(n)]
    t = 0
    while t < n:
        t += rng.randint(RATE // 60, RATE // 9)
        size = rng.uniform(0.3, 1.0)
        length = rng.randint(20, 90)
        for k in range(length):
            if t + k < n:
                out[t + k] += rng.uniform(-1, 1) * size * math.exp(-k / (length / 4))
    fade = int(RATE * 0.08)
    for k in range(fade):  # no click at the start or the end
        out[k] *= k / fade
        out[n - 1 - k] *= k / fade
    return [volume * max(-1.0, min(1.0, s)) for s in out]


def flip(seconds: float = 0.22, volume: float = 0.5) -> list[float]:
    """A card turned over: a swish of filtered noise, then a low soft tap."""
    rng = random.Random(7)
    n = int(RATE * seconds)
    out = []
    low = 0.0
    for i in range(n):
        x = i / n
        low += 0.25 * (rng.uniform(-1, 1) - low)  # low-passed noise
        swish = low * math.sin(math.pi * min(1.0, x / 0.7)) * 0.8 if x < 0.7 else 0.0
        tap = 0.0
        if x >= 0.6:
            k = (x - 0.6) * seconds
            tap = math.sin(2 * math.pi * 180 * k) * math.exp(-k * 40)
        out.append(volume * max(-1.0, min(1.0, swish + tap)))
    return out


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for path in (write("basar-glut.wav", crackle()), write("basar-reveal.wav", flip())):
        print(f"{path.relative_to(OUT.parent.parent)}: {path.stat().st_size} bytes")


class Command(BaseCommand):
    help = (
        "Write Speedbasar's sounds (games/speedbasar/static/sounds/basar-*.wav), deterministically."
    )

    def handle(self, *args: object, **options: object) -> None:
        main()


if __name__ == "__main__":
    main()
