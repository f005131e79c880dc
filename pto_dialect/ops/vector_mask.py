"""(to be filled)"""

from xdsl.irdl import IRDLOperation

OPS: list[type[IRDLOperation]] = []
