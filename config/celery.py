"""The Celery app: bot turns, move timers, the timer sweep and daily seeds."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("speedgames")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
