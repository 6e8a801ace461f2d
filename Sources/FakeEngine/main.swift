// Placeholder: the fake engines for the protocol's fault table (issue 6) land here.
print("{\"error\":{\"message\":\"not implemented yet\"}}")
