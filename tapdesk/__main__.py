"""``python -m tapdesk``: same as the ``tapdesk`` command."""

import sys

from tapdesk.cli.main import main

sys.exit(main())
