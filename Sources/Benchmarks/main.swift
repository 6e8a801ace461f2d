// Placeholder: the benchmark executable (issue 7) lands here.
print("stackcheck-bench: not implemented yet")
