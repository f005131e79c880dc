"""The synchronisation checker (`pto-check`, docs/checking.md): the checked runs (`check`),
where two runs part (`diff`: after which pass, under which target) and its command line
(`command`). Above the Python API (`interpreters.api`)."""
