"""A seeded mutation fuzzer of the project (docs/testing.md).

`corpus` gathers the seeds, `mutate` changes them, `stages` runs one mutant through parse,
verify, every pass, the pipeline and the interpreter and classifies what happens, and
`campaign` runs many in worker processes with a deadline each.
"""
