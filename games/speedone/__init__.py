"""speedone: the whole game in one package (see games/catalog.py)."""
