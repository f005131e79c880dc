"""Running a launch's cores: one core's function with its limits and errors (`blocks`), and
the blocks of a launch in processes of their own (`jobs`); `interpreters.execute` puts them
together."""
