from config import (
    db_fixes,  # noqa: F401 - psycopg's compiled timestamp loader: see the module
    redis_fixes,  # noqa: F401 - before any Redis connection: see the module
)
from config.celery import app as celery_app

__all__ = ["celery_app"]
