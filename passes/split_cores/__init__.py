"""`pto-split-cube-vector`: a mixed Level-1 function becomes a cube kernel and a vector kernel."""
