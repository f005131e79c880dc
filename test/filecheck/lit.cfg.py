"""lit configuration: FileCheck tests of the dialect, passes and runner."""

import os

import lit.formats

config.name = "pto-xdsl"  # noqa: F821
config.test_format = lit.formats.ShTest()  # noqa: F821
config.suffixes = [".mlir"]  # noqa: F821
config.test_source_root = os.path.dirname(__file__)  # noqa: F821
config.excludes = ["Inputs", "lit.cfg.py"]  # noqa: F821
config.environment["PATH"] = os.environ["PATH"]  # noqa: F821

here = os.path.dirname(__file__)
# custom form -> generic form -> custom form must equal custom -> custom; prints the custom
# form (or the generic one), all in one process
config.substitutions.append(  # noqa: F821
    ("%roundtrip", f"python3 {os.path.join(here, 'roundtrip.py')}")
)
config.substitutions.append(  # noqa: F821
    ("%examples", os.path.join(here, "..", "..", "examples"))
)
config.substitutions.append(  # noqa: F821
    ("%print-npy", f"python3 {os.path.join(here, 'run', 'Inputs', 'print_npy.py')}")
)
