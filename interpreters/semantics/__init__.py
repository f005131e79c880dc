"""Pure numpy semantics of each instruction family, parameterised by target."""
