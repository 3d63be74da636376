"""The ``tapdesk`` command line: a client of the engine with text or JSON output."""
