"""Running a kernel's launch: its arguments (`args`), one core's function with its limits
and errors (`blocks`), the blocks of a launch in processes of their own (`jobs`), the
progress line of long runs (`progress`), and the whole launch put together from them
(`execute`, what `pto-run` does, as an API)."""
