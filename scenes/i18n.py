"""The screens' name for the translation lookup: ``scenes.i18n`` is the module ``texts`` itself.

The lookup is pure Python and lives low (texts/) so the network core and the command line can
use it; this alias keeps ``from scenes.i18n import tr`` (and patching ``scenes.i18n.x``) working.
"""

import sys

import texts

sys.modules[__name__] = texts
