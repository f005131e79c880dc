"""How xDSL's interpreter runs the project's functions: registration keyed by op class and
family (`impls`) and the leaner block loop (`interpreter`). Imports xDSL and `pto_dialect`
only: it knows no op's meaning.
"""
