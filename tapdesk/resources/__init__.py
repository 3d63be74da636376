"""Files TapDesk ships inside the package: the real example data sets and their provenance."""
