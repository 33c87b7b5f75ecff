"""Hypothesis profiles: a quick default for every run, a fuller one on demand; and English sentences.

Run the fuller profile with ``HYPOTHESIS_PROFILE=full python -m pytest``. The tests read the library's
sentences in English whatever the machine's locale (the tests of other languages ask for theirs).
"""

import os

from hypothesis import HealthCheck, settings

settings.register_profile(
    "default",
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.register_profile(
    "full",
    max_examples=1000,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
)
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
os.environ["CONCOMBRE_LANG"] = "en"
