"""pytest configuration of the unit tests: hypothesis profiles.

`HYPOTHESIS_PROFILE=ci` (set by `.ci/run`) draws the same examples on every run, so that a
landing never depends on luck; the default profile draws new ones each run, which is how the
generated-kernel tests keep finding what no fixed case covers. A failure prints the
`@reproduce_failure` blob either way.
"""

from __future__ import annotations

import os

from hypothesis import settings

settings.register_profile("ci", derandomize=True, print_blob=True)
settings.register_profile("dev", print_blob=True)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "dev"))
