"""Usage: roundtrip.py FILE [--print-op-generic] [--generic-to OUT]

Parses FILE as `xdsl-opt` does, prints it in custom form, reparses the generic form of it
and the custom form, and checks that all three custom prints agree; then prints the custom
form (the generic form with `--print-op-generic`) for FileCheck, and with `--generic-to OUT`
also writes the generic form to OUT (for a second FileCheck, without a second process).
One process does what took four `xdsl-opt` runs.
"""

from __future__ import annotations

import sys
from io import StringIO

from xdsl.dialects.builtin import ModuleOp
from xdsl.xdsl_opt_main import xDSLOptMain


def main(argv: list[str]) -> int:
    generic_to = None
    if "--generic-to" in argv:
        at = argv.index("--generic-to")
        generic_to = argv[at + 1]
        argv = argv[:at] + argv[at + 2 :]
    opt = xDSLOptMain(args=argv)
    generic_wanted = bool(opt.args.print_op_generic)

    def text(module: ModuleOp, generic: bool) -> str:
        opt.args.print_op_generic = generic
        return opt.output_resulting_program(module)

    def reparse(source: str) -> ModuleOp:
        module = opt.parse_chunk(StringIO(source), "mlir")
        assert module is not None
        return module

    chunks, extension = opt.prepare_input()
    outputs: list[str] = []
    generics: list[str] = []
    for chunk, offset in chunks:
        module = opt.parse_chunk(chunk, extension, offset)
        assert module is not None
        custom = text(module, False)
        generic = text(module, True)
        for what, again in (
            ("custom -> generic -> custom", text(reparse(generic), False)),
            ("custom -> custom", text(reparse(custom), False)),
        ):
            if again != custom:
                print(f"round-trip mismatch: {what} differs", file=sys.stderr)
                print(again, file=sys.stderr)
                return 1
        outputs.append(generic if generic_wanted else custom)
        generics.append(generic)
    sys.stdout.write("// -----\n".join(outputs))
    if generic_to is not None:
        with open(generic_to, "w") as out:
            out.write("// -----\n".join(generics))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
