"""Personal bests and the daily history in "Meine Partien" (filled in below)."""
