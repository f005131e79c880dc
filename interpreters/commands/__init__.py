"""The command lines: the tools' entry points (`launch`: imports without garbage collection,
cached dataclass code) and `pto-run` (`runner`). `pto-check`'s is `checking.command`,
`pto-sweep`'s `sweep.cli`, `pto-opt`'s `passes.opt`."""
