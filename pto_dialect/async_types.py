"""Handles of asynchronous transfers: `!pto.async_session`, `!pto.async_event`."""

from __future__ import annotations

from xdsl.ir import ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition


@irdl_attr_definition
class AsyncSessionType(ParametrizedAttribute, TypeAttribute):
    """`!pto.async_session`: the DMA session of `comm.tput_async` / `tget_async`."""

    name = "pto.async_session"


@irdl_attr_definition
class AsyncEventType(ParametrizedAttribute, TypeAttribute):
    """`!pto.async_event`: an asynchronous transfer a session waits for or tests."""

    name = "pto.async_event"


TYPES = [AsyncSessionType, AsyncEventType]
