"""The desktop application (PySide6 + pyqtgraph). Nothing outside this package imports Qt."""
