"""The site's calendar: leaderboard months and daily challenges follow Berlin days."""

from zoneinfo import ZoneInfo

BERLIN = ZoneInfo("Europe/Berlin")
