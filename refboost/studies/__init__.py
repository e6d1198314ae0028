"""Studies: the papers' experiments as declared grids run on Dask, with stores and provenance."""
