"""The screens' name for ``engine.table_config`` (the same module): what a table is made of."""

import sys

from engine import table_config

sys.modules[__name__] = table_config
