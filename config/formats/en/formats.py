"""English formats (issue 46): Django's ``en`` is American (12/07/2026, „December 7, 2026“); the
site writes English the British way, day before month, 24-hour clock. Decimal point, thousands
comma. Found through ``settings.FORMAT_MODULE_PATH``."""

DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y H:i"
YEAR_MONTH_FORMAT = "F Y"
MONTH_DAY_FORMAT = "j F"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
FIRST_DAY_OF_WEEK = 1
DECIMAL_SEPARATOR = "."
THOUSAND_SEPARATOR = ","
NUMBER_GROUPING = 3
