"""The refboost conformance kit: certified instances for every problem :mod:`refboost.certify` covers."""
