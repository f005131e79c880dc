"""How xDSL's interpreter runs the project's functions: registration keyed by op class and
family (`impls`), the leaner block loop (`interpreter`), the run-time error every layer
raises (`errors`) and op locations for messages (`source`). Imports xDSL and `pto_dialect`
only: it knows no op's meaning.
"""
